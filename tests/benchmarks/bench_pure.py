"""The two paths of `bragref.structs` (issue 75): msgspec's, and the pure-Python one a browser's Python takes, each
measured here on this machine with msgspec installed (`BRAGREF_PURE=1` takes the pure path). Run:
python tests/benchmarks/bench_pure.py [--hands 200] [--runs 11]

Prints: (a) `bragref bet` end to end as a new process on each path, run in turn (a pair meets the machine at one
speed), beside the floor (Python starting and one durable SQLite insert); (b) a session of `--hands` hands of four
players replayed in-process from its rows (`Ledger.replays`, what history, export and audit read; a fresh ledger
object and the replay's caches emptied each time, as a command starts) on each path, in CPU time, beside the floor
of reading the same rows; (c) a tap as the app makes one, in-process: a move recorded by `Ledger.act` (replay,
check, insert, chain, commit) over an evening of random play, the median and p90 of CPU time on each path, and the
median wall time (the commit's fsync in it). Each figure beside its
target: the pure path within the factor named of msgspec's (the phone's own figures are the app's benchmark's).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import measure
from bench_spine import FLOOR as ONE_INSERT
from bench_spine import bets, build_ledger

from bragref.games import from_preset
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger

TARGETS = {"bet": 1.25, "replay": 2.0, "tap": 1.5}  # the pure path's time within this factor of msgspec's

INSIDE = r"""
import json, random, sqlite3, statistics, sys, time
import bragref.structs
from bragref.games import from_preset
from bragref.games.randomplay import random_dealt
from bragref.ledger import replay as replays
from bragref.ledger.simulate import between_hands, chooser
from bragref.ledger.store import Ledger

db, scratch, runs, taps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
replay, floor = [], []
for _ in range(runs):  # each time from the rows, as a command that has just started: the replay's caches emptied
    for cached in vars(replays).values():
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
    ledger = Ledger(db)
    session = ledger.session("bench")
    began = time.process_time()
    hands = [(row, list(steps)) for row, steps in ledger.replays(session)]  # every step, the hand before and after
    replay.append(time.process_time() - began)
    ledger.close()
    began = time.process_time()
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    rows = [conn.execute(f"SELECT * FROM {t}").fetchall() for t in ("hands", "actions", "loans")]
    conn.close()
    floor.append(time.process_time() - began)

book = Ledger(scratch)  # an evening of taps: every move recorded as the app records a tap
rng = random.Random(7)
played = book.create_session("taps", from_preset("pagat"), ["Ann", "Bob", "Cy", "Di"])
cpu, wall = [], []
while len(cpu) < taps:
    between_hands(book, played, rng)
    book.deal("taps", dealt=random_dealt(played.rules, rng, played.seats))
    choose = chooser(rng)
    while book.current(book.session("taps")).hand.phase != "over":
        began, began_wall = time.process_time(), time.perf_counter()
        book.act("taps", choose)
        cpu.append(time.process_time() - began)
        wall.append(time.perf_counter() - began_wall)
cpu.sort()
wall.sort()
actions = sqlite3.connect(db).execute("SELECT COUNT(*) FROM actions").fetchone()[0]
print(json.dumps({"pure": bragref.structs.PURE, "hands": len(hands), "actions": actions,
                  "replay": statistics.median(replay), "floor": statistics.median(floor),
                  "tap": statistics.median(cpu), "tap_p90": cpu[int(len(cpu) * 0.9)], "tap_wall": statistics.median(wall),
                  "taps": len(cpu)}))
"""


def on_path(pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BRAGREF_PURE"}
    return {**env, "BRAGREF_PURE": "1"} if pure else env


def inside(db: Path, work: Path, pure: bool, runs: int, taps: int) -> dict:
    scratch = work / f"taps-{pure}.db"
    for made in work.glob(f"taps-{pure}.db*"):
        made.unlink()
    done = subprocess.run([sys.executable, "-c", INSIDE, str(db), str(scratch), str(runs), str(taps)],
                          env=on_path(pure), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--taps", type=int, default=400)
    args = parser.parse_args()
    print(measure.installed())
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        fresh, long = work / "fresh.db", work / "long.db"
        build_ledger(fresh, 0)
        simulate(Ledger(str(long)), "bench", from_preset("pagat"), ["Ann", "Bob", "Cy", "Di"], args.hands, 3)

        # (a) `bet`, a process on each path in turn, and the floor
        bet = bets(fresh)
        pairs = measure.in_turn(lambda: ["env", "BRAGREF_PURE=1", *bet()], lambda: ["env", *bet()], args.runs)
        floors = [measure.measured([sys.executable, "-c", ONE_INSERT, str(work / "floor.db")])
                  for _ in range(args.runs)]
        pure_ms = statistics.median(p.wall for p, _ in pairs) * 1000
        msgspec_ms = statistics.median(m.wall for _, m in pairs) * 1000
        ratio = statistics.median(p.wall / m.wall for p, m in pairs)
        floor_ms = statistics.median(f.wall for f in floors) * 1000
        print(f"(a) bet, a new process: msgspec {msgspec_ms:.1f} ms, pure {pure_ms:.1f} ms: pure/msgspec {ratio:.2f}x "
              f"(target <= {TARGETS['bet']}x); floor {floor_ms:.1f} ms (msgspec {msgspec_ms / floor_ms:.2f}x, "
              f"pure {pure_ms / floor_ms:.2f}x)")

        # (b) and (c): in-process, each path in a process of its own
        theirs, ours = (inside(long, work, pure, args.runs, args.taps) for pure in (False, True))
        assert not theirs["pure"] and ours["pure"]
        print(f"(b) {theirs['hands']} hands ({theirs['actions']} actions) replayed from their rows, CPU: msgspec "
              f"{theirs['replay'] * 1000:.1f} ms, pure {ours['replay'] * 1000:.1f} ms: pure/msgspec "
              f"{ours['replay'] / theirs['replay']:.2f}x (target <= {TARGETS['replay']}x); floor (the rows read) "
              f"{theirs['floor'] * 1000:.1f} ms")
        print(f"(c) a tap (Ledger.act, {ours['taps']} moves), CPU: msgspec median {theirs['tap'] * 1000:.2f} ms, p90 "
              f"{theirs['tap_p90'] * 1000:.2f}; pure median {ours['tap'] * 1000:.2f} ms, p90 "
              f"{ours['tap_p90'] * 1000:.2f}: pure/msgspec {ours['tap'] / theirs['tap']:.2f}x "
              f"(target <= {TARGETS['tap']}x); wall, commit's fsync included: msgspec {theirs['tap_wall'] * 1000:.2f} "
              f"ms, pure {ours['tap_wall'] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
