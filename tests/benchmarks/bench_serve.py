"""Benchmark for `bragref serve` (issues 44, 55, 68). Run: python tests/benchmarks/bench_serve.py [--pages 30]
[--idle 100] [--seats 8]

Prints, beside each target and a floor measured in the same run:
- how long after a recorded action (a `bragref bet` in a process of its own, timed from when it is started: the
  bet's own run counted, as the page may hear of it before the process has ended) the last of `--pages` open pages
  has its Server-Sent Event, against the 1 s target; the floor is the same figure for one page alone;
- a tap on the referee's page (`POST /r/TOKEN/act`, timed from when it is sent) to recorded and shown on the last
  of `--pages` open pages, the median of 7, against the 0.3 s target; the floor is the same for one page alone;
- the server's memory (RSS) and CPU while `--idle` pages stay open and nothing happens, for 10 s; the floor is the
  same server with no page open;
- with `--seats` seat pages and a TV open (`serve --referee --seats`), a player's request (`POST /s/SEAT/ask`, timed
  from when it is sent) to shown on the referee's page, the median of 7, against the 0.3 s target; the floor is the
  same with no seat page or TV open; and the server's memory and CPU while those seat pages stay open and idle,
  against 2 MiB and 1% of a core above the same server with none open.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx


def bragref(db: Path, *words: str) -> None:
    subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), *words], check=True, capture_output=True)


def start(db: Path, *more: str) -> tuple[subprocess.Popen, str]:
    server = subprocess.Popen([sys.executable, "-m", "bragref", "--db", str(db), "serve", "--port", "0",
                               "--referee", *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    server.stdout.readline()  # the players' page; the referee's, next, names the port the system gave it
    server.referee = server.stdout.readline().split("records: ")[1].split()[0]
    url = server.referee.split("/r/")[0] + "/"
    for _ in range(100):
        try:
            httpx.get(url + "status.json", timeout=0.5)
            return server, url
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(server.stderr.read())


def listen(url: str, heard: list, opened: threading.Barrier, changes: int) -> None:
    """One page: its first event (the table as it was), then the time of each change it hears."""
    with httpx.stream("GET", url + "events", timeout=30) as events:
        seen = 0
        for line in events.iter_lines():
            if line.startswith("data: "):
                if seen == 0:
                    opened.wait()
                else:
                    heard.append(time.monotonic())
                seen += 1
                if seen > changes:
                    return


def last_heard(url: str, pages: int, record) -> float:
    """Seconds from the moment `record()` gives (it records something) to the last of `pages` open pages hearing of
    it."""
    heard: list[float] = []
    opened = threading.Barrier(pages + 1)
    threads = [threading.Thread(target=listen, args=(url, heard, opened, 1), daemon=True) for _ in range(pages)]
    for thread in threads:
        thread.start()
    opened.wait()
    time.sleep(0.3)
    start = record()
    for thread in threads:
        thread.join(10)
    assert len(heard) == pages, f"{len(heard)} of {pages} pages heard"
    return max(heard) - start


def latency(db: Path, url: str, pages: int) -> float:
    """Seconds from a bet's command being started to the last of `pages` pages hearing of what it recorded."""
    def record() -> float:
        to_act = json.loads(httpx.get(url + "status.json").text)["to_act"]
        started = time.monotonic()
        bragref(db, "bet", to_act, "1")
        return started

    return last_heard(url, pages, record)


def tap(referee: str, url: str, pages: int, taps: int = 7) -> float:
    """The median, over `taps` taps (a bet, then its undo), of seconds from a tap's POST being sent to the last of
    `pages` pages hearing of what it recorded."""
    def record(words: str) -> float:
        table = httpx.get(url + "status.json").json()
        sent = time.monotonic()
        answer = httpx.post(referee + "act", json={"words": words.format(table["to_act"]), "head": table["digest"]})
        assert answer.status_code == 200, answer.text
        return sent

    times = sorted(last_heard(url, pages, lambda: record("bet {} 1" if number % 2 == 0 else "undo"))
                   for number in range(taps))
    return times[len(times) // 2]


def asked(referee: str, seat: str, others: list[str], asks: int = 7) -> float:
    """The median, over `asks` requests (each refused after), of seconds from a seat's request being sent to the
    referee's page hearing of it, with a page open at each of `others` (seats, a TV) meanwhile."""
    times = []
    client = httpx.Client(timeout=None)
    open_pages = [client.stream("GET", url + "events") for url in others]
    for page in open_pages:
        page.__enter__()
    try:
        for _ in range(asks):
            shown: list[float] = []
            ready = threading.Event()

            def watch() -> None:
                with httpx.stream("GET", referee + "events", timeout=30) as events:
                    for line in events.iter_lines():
                        if line.startswith("data: "):
                            if json.loads(line[6:]).get("requests"):
                                shown.append(time.monotonic())
                                return
                            ready.set()

            watching = threading.Thread(target=watch, daemon=True)
            watching.start()
            ready.wait(10)
            time.sleep(0.2)
            head = httpx.get(seat + "status.json").json()["digest"]
            sent = time.monotonic()
            answer = httpx.post(seat + "ask", json={"words": "fold p0", "head": head})
            assert answer.status_code == 202, answer.text
            watching.join(10)
            times.append(shown[0] - sent)
            httpx.post(referee + "answer", json={"id": answer.json()["id"], "answer": "refuse"})
    finally:
        for page in open_pages:
            page.__exit__(None, None, None)
        client.close()
    return sorted(times)[len(times) // 2]


def idle(pid: int, url: str | list[str], pages: int, seconds: float = 10.0) -> tuple[float, float]:
    """The server's RSS in MiB and CPU in % of one core while `pages` pages stay open and nothing happens (at `url`,
    or each at one of a list of them)."""
    streams = []
    client = httpx.Client(timeout=None)
    for number in range(pages):
        stream = client.stream("GET", (url[number % len(url)] if isinstance(url, list) else url) + "events")
        streams.append((stream, stream.__enter__()))
    time.sleep(1)
    before, started = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    used = (cpu_seconds(pid) - before) / (time.monotonic() - started)
    rss = rss_mib(pid)
    for stream, _ in streams:
        stream.__exit__(None, None, None)
    client.close()
    return rss, 100 * used


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--idle", type=int, default=100)
    parser.add_argument("--seats", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "ledger.db"
        bragref(db, "session", "new", "bench", "--players", "Andy,Bill,Chris,Dan")
        bragref(db, "deal")
        server, url = start(db)
        try:
            one = latency(db, url, 1)
            many = latency(db, url, args.pages)
            tap_one = tap(server.referee, url, 1)
            tap_many = tap(server.referee, url, args.pages)
            quiet_rss, quiet_cpu = idle(server.pid, url, 0, 5.0)
            busy_rss, busy_cpu = idle(server.pid, url, args.idle)
        finally:
            server.terminate()
            server.wait(10)
        names = [f"P{number}" for number in range(args.seats)]
        bragref(db, "session", "new", "seats", "--players", ",".join(["Andy", *names]))
        bragref(db, "deal")
        server, url = start(db, "--seats")
        try:
            paths = httpx.get(server.referee + "status.json").json()["seats"]
            root = url.rstrip("/")
            seats = [root + paths[name] for name in names]
            ask_alone = asked(server.referee, seats[0], [])  # P0, the first to act
            ask_many = asked(server.referee, seats[0], [*seats, url])
            seats_quiet_rss, seats_quiet_cpu = idle(server.pid, url, 0, 5.0)
            seats_rss, seats_cpu = idle(server.pid, seats, args.seats)
        finally:
            server.terminate()
            server.wait(10)
    print(f"update to the last of {args.pages} pages: {many * 1000:.0f} ms (target 1000 ms; one page alone: "
          f"{one * 1000:.0f} ms)")
    print(f"a tap to recorded and shown on the last of {args.pages} pages: {tap_many * 1000:.0f} ms at the median "
          f"(target 300 ms; one page alone: {tap_one * 1000:.0f} ms)")
    print(f"{args.idle} idle pages: {busy_rss:.1f} MiB, {busy_cpu:.1f}% of a core (no page open: {quiet_rss:.1f} MiB, "
          f"{quiet_cpu:.1f}%)")
    print(f"a seat's request shown on the referee's page with {args.seats} seat pages and a TV open: "
          f"{ask_many * 1000:.0f} ms at the median (target 300 ms; none open: {ask_alone * 1000:.0f} ms)")
    print(f"{args.seats} idle seat pages: {seats_rss:.1f} MiB, {seats_cpu:.1f}% of a core (target: 2 MiB and 1% above "
          f"none open: {seats_quiet_rss:.1f} MiB, {seats_quiet_cpu:.1f}%)")


if __name__ == "__main__":
    main()
