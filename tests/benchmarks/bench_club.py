"""Benchmarks for a club on more than one machine (issue 69).

Run: python tests/benchmarks/bench_club.py [--hands 10000] [--runs 21]

Needs Litestream (`pip install 'bragref[replicate]'`). Prints: (a) a `bragref bet` as a new process on a ledger that
Litestream replicates to a folder (`litestream replicate` with `bragref litestream-config`'s configuration), in turn
with a bet on a ledger alike that nothing replicates, in the same run: each one's median wall time and the median of
the pairs' ratios, and the CPU Litestream used meanwhile; (b) `litestream restore` of a ledger of `--hands` simulated
hands (four players, loans allowed), from a replica holding one snapshot of it and from one written as it was
recorded in a hundred writes, each beside copying the ledger's file (the least a restore can be), and the whole
`bragref club pull` into a new club ledger of the ledger's file and of each replica (restored, audited, every hand
judged again); (c) with `--pulls`, `bragref club pull` of a table's ledger of one night of 10, 1,000 and 10,000
hands into a new club ledger, and pulled again (known by its identity: nothing recorded, the club's ledger checked
unchanged), beside `bragref audit --all` of the table's ledger (what every pull does first: the floor); (d) with
`--check`, what the terminal's check of the replica costs a write (`write_check`); (e) with `--bet-checked`, a bet whose
write checks the replica `litestream-config --replica` named, beside `bet`'s floor (`bet_checked`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import measure
from bench_spine import bets

from bragref.engine.rules import Rules
from bragref.ledger.litestream import binary
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger

SEATS = ["Andy", "Bill", "Chris", "Dan"]


def replicating(db: Path, replica: Path | None = None) -> subprocess.Popen:
    """Litestream replicating `db` to the folder beside it (or `replica`, named with `litestream-config --replica`)
    with `litestream-config`'s configuration, once its first snapshot is in the replica."""
    config = db.with_suffix(".yml")
    named = ["--replica", str(replica)] if replica is not None else []
    config.write_text(subprocess.run(measure.bragref_command() + ["--db", str(db), "litestream-config", *named],
                                     check=True, capture_output=True, text=True).stdout)
    process = subprocess.Popen([binary(), "replicate", "-config", str(config)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    replica = replica if replica is not None else Path(f"{db}-replica")
    while not list(replica.glob("ltx/*/*.ltx")):
        time.sleep(0.02)
    return process


def stopped(process: subprocess.Popen) -> None:
    """Stopped as a service is: what it has not yet sent, sent."""
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)


def cpu_seconds(pid: int) -> float:
    """The CPU a running process has used so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def a_session(db: Path) -> None:
    """A ledger with a session `bench` of the two players `bets` has bet in turn (with four, every other bet was
    out of turn: refused, exit 3, recording nothing)."""
    subprocess.run(measure.bragref_command() + ["--db", str(db), "session", "new", "bench", "--players",
                                                ",".join(SEATS[:2]), "--no-blind"], check=True, capture_output=True)


def bet_beside_litestream(work: Path, runs: int) -> None:
    replicated, alone = work / "replicated.db", work / "alone.db"
    for db in (replicated, alone):
        a_session(db)
    litestream = replicating(replicated)
    try:
        used, began = cpu_seconds(litestream.pid), time.perf_counter()
        pairs = measure.in_turn(bets(replicated), bets(alone), runs)
        share = (cpu_seconds(litestream.pid) - used) / (time.perf_counter() - began)
    finally:
        stopped(litestream)
    ratio = statistics.median(a.wall / b.wall for a, b in pairs)
    print(f"bet, Litestream replicating the ledger: {statistics.median(a.wall for a, _ in pairs) * 1000:.1f} ms; "
          f"alone: {statistics.median(b.wall for _, b in pairs) * 1000:.1f} ms; {ratio:.2f}x (median of {runs} pairs, "
          f"in turn); Litestream meanwhile {share:.1%} of a core")


def built(db: Path, hands: int, writes: int) -> None:
    """`hands` simulated hands in `writes` sessions, each recorded in one write."""
    ledger = Ledger(str(db))
    for night in range(writes):
        simulate(ledger, f"night-{night + 1}", Rules(short_money="both"), SEATS, hands // writes, seed=night + 1)
    ledger.close()


def timed(command: list[str], runs: int, before=lambda: None) -> float:
    """The median wall time of `command`, `before()` called ahead of each run, untimed."""
    times = []
    for _ in range(runs):
        before()
        began = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def restore(work: Path, hands: int, writes: int, runs: int) -> None:
    shape = "one snapshot" if writes == 1 else f"{writes} writes as recorded"
    folder = work / f"restore-{writes}"
    folder.mkdir()
    db = folder / "table.db"
    if writes == 1:
        built(db, hands, writes)
        shutil.copyfile(db, folder / "plain.db")  # the ledger as bragref alone left it, for `club pull` of a file
        stopped(replicating(db))
    else:
        a_session(db)
        litestream = replicating(db)
        try:
            built(db, hands, writes)
        finally:
            stopped(litestream)
    out = folder / "restored.db"

    def clear() -> None:
        for path in folder.glob("restored.db*"):
            path.unlink()

    restoring = timed([binary(), "restore", "-o", str(out), "-config", str(db.with_suffix(".yml")), str(db)], runs,
                      clear)
    copying = timed(["cp", str(db), str(out)], runs, clear)
    print(f"restore of {hands:,} hands ({db.stat().st_size / 1e6:.1f} MB), a replica of {shape}: "
          f"{restoring:.2f} s; copying the file: {copying:.2f} s ({restoring / copying:.1f}x); median of {runs}")
    for source, what in [(folder / "plain.db", ("the ledger's file as bragref alone left it (audited, every hand "
                                               "judged again)")),
                         (Path(f"{db}-replica"), "that replica (restored too)")]:
        if source.exists():
            pulled(source, folder / f"club-{source.stem}.db", what)


def pulled(source: Path, club: Path, what: str) -> None:
    """`club pull` of `source` into a new club ledger, timed once."""
    began = time.perf_counter()
    code = subprocess.run(measure.bragref_command() + ["club", "pull", str(source), "--into", str(club)],
                          capture_output=True).returncode
    print(f"  club pull of {what} into a new club ledger: {time.perf_counter() - began:.1f} s, exit {code}")


def pulls(work: Path, sizes: list[int]) -> None:
    """(c): a night of each size pulled into a new club ledger, then again, beside the source's audit."""
    for hands in sizes:
        folder = work / f"pull-{hands}"
        folder.mkdir()
        table, club = folder / "table.db", folder / "club.db"
        built(table, hands, 1)
        audit = timed(measure.bragref_command() + ["--db", str(table), "audit", "--all"], 1)
        began = time.perf_counter()
        first = subprocess.run(measure.bragref_command() + ["club", "pull", str(table), "--into", str(club)],
                               capture_output=True, text=True)
        pulled_s = time.perf_counter() - began
        before = club.read_bytes()
        began = time.perf_counter()
        again = subprocess.run(measure.bragref_command() + ["club", "pull", str(table), "--into", str(club)],
                               capture_output=True, text=True)
        again_s = time.perf_counter() - began
        unchanged = club.read_bytes() == before and "already there" in again.stdout
        print(f"club pull of a night of {hands:,} hands: {pulled_s:.2f} s (exit {first.returncode}); pulled again: "
              f"{again_s:.2f} s (exit {again.returncode}, {'nothing recorded' if unchanged else 'RECORDED SOMETHING'}"
              f"); floor, the source's audit: {audit:.2f} s")


def write_check(work: Path, runs: int = 2000) -> None:
    """(d) What the terminal's check of the replica costs a write where its state is known (`cli.replica_checked`: the
    kept check read, Litestream's attachment probed, the chain looked up), in process, beside the least a write reads
    (`chain.head`, which every write reads first): each the median of `runs` calls; and the first write's check, which
    restores the replica (a folder beside the ledger: the least a restore can be)."""
    from bragref.cli import replica_checked
    from bragref.ledger import chain
    from bragref.ledger.replica import FRESH_S

    db = work / "checked.db"
    a_session(db)
    process = replicating(db)
    try:
        ledger = Ledger(str(db))
        try:
            began = time.perf_counter()
            replica_checked(ledger, str(db))  # not known: restored and compared
            first = time.perf_counter() - began

            def median(call) -> float:
                times = []
                for _ in range(runs):
                    began = time.perf_counter()
                    call()
                    times.append(time.perf_counter() - began)
                return statistics.median(times)

            known = median(lambda: replica_checked(ledger, str(db)))
            floor = median(lambda: chain.head(ledger.conn))
            none = median(lambda: replica_checked(ledger, str(work / "elsewhere.db")))
        finally:
            ledger.close()
    finally:
        stopped(process)
    print(f"a write's check of the replica where its state is known (for {FRESH_S:g} s of play): {known * 1e6:.0f} µs"
          f" a write (target: under 1 ms, beside a bet's 100 ms and more as a command); floor, the chain's head read: "
          f"{floor * 1e6:.0f} µs; with no replica beside the ledger: {none * 1e6:.1f} µs; the first write's check, "
          f"restoring the replica: {first * 1e3:.0f} ms")


def bet_checked(work: Path, runs: int) -> None:
    """(e) A `bet` as a new process on a ledger whose replica only `litestream-config --replica` named (a folder
    elsewhere, Litestream replicating to it): every write checks it, its state known after the first (one restore),
    in turn with the floor of `ratios.py`'s goal for `bet` (Python and one durable insert: wall <= 2.5x); and a bet on a
    ledger alike with no replica, in turn with the same floor."""
    from bench_spine import floor

    checked, alone = work / "checked.db", work / "alone.db"
    for db in (checked, alone):
        a_session(db)
    litestream = replicating(checked, work / "share" / "table-1")
    try:
        with_check = measure.in_turn(bets(checked), floor(work), runs)
    finally:
        stopped(litestream)
    without = measure.in_turn(bets(alone), floor(work), runs)
    print(measure.said("bet, its replica named by litestream-config and checked", with_check, "wall", 2.5))
    print(measure.said("bet, no replica", without, "wall", 2.5))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=21, help="Pairs of bets; restores of each replica.")
    parser.add_argument("--pulls", default="", help="Only (c): the nights' sizes in hands, e.g. 10,1000,10000.")
    parser.add_argument("--check", action="store_true", help="Only (d): a write's check of the replica.")
    parser.add_argument("--bet-checked", action="store_true", help="Only (e): a bet whose write checks the replica "
                                                                      "litestream-config named, beside its floor.")
    args = parser.parse_args()
    print(measure.installed())
    print(subprocess.run([binary(), "version"], check=True, capture_output=True, text=True).stdout.strip(),
          "(Litestream)")
    work = Path(tempfile.mkdtemp(prefix="bragref-bench-"))
    if args.bet_checked:
        try:
            bet_checked(work, args.runs)
        finally:
            shutil.rmtree(work)
        return
    if args.check:
        try:
            write_check(work)
        finally:
            shutil.rmtree(work)
        return
    if args.pulls:
        try:
            pulls(work, [int(size) for size in args.pulls.split(",")])
        finally:
            shutil.rmtree(work)
        return
    try:
        bet_beside_litestream(work, args.runs)
        restore(work, args.hands, 1, min(args.runs, 9))
        restore(work, args.hands, 100, min(args.runs, 9))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
