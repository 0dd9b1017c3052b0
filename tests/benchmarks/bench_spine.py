"""Benchmarks for the spine (issue 2). Run: python tests/benchmarks/bench_spine.py [--hands 100000]

Prints: (a) the median wall time of one `bragref bet` end to end, as a new process,
on a fresh ledger and on one holding many settled hands, each run in turn with the floor
(Python starting and one durable SQLite insert), the median of the pairs' ratios beside the
target, and in turn with a process that only imports the modules a bet imports (what is
left is the bet's own work); (b) the engine replaying actions in-process; (c) settle-up at
15 and 18 players.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import measure

from bragref.games.play import deal, replay
from bragref.games.randomplay import random_action
from bragref.engine.rules import Rules
from bragref.engine.settle import settle
from bragref.engine.state import Hand
from bragref.ledger.store import Ledger

SEATS = ["Andy", "Bill", "Chris", "Dan"]


def in_turn(a: Callable[[], list[str]], b: Callable[[], list[str]], runs: int) -> tuple[float, float, float, str]:
    """The commands `a()` and `b()` give, run in turn, `runs` pairs (`measure.in_turn`): each one's median wall (ms),
    the median of the pairs' wall ratios a/b (a pair's two runs meet the machine at the same speed, so the ratio
    holds as its speed drifts), and the two's CPU time said beside it."""
    pairs = measure.in_turn(a, b, runs)
    cpu = (f"CPU {statistics.median(x.cpu for x, _ in pairs) * 1000:.1f} ms against "
           f"{statistics.median(y.cpu for _, y in pairs) * 1000:.1f}")
    return (statistics.median(x.wall for x, _ in pairs) * 1000, statistics.median(y.wall for _, y in pairs) * 1000,
            statistics.median(x.wall / y.wall for x, y in pairs), cpu)


def bets(db: Path) -> Callable[[], list[str]]:
    """The next `bragref bet` each call, in an open-ended hand of `db`'s session (dealt now, if none is open), by
    each of its two players in turn."""
    cmd = measure.bragref_command() + ["--db", str(db), "--session", "bench"]
    status = json.loads(subprocess.run(cmd + ["status", "--json"], check=True, capture_output=True).stdout)
    if status["phase"] != "betting":
        subprocess.run(cmd + ["deal"], check=True, capture_output=True)  # the deal passes left (R2.2)
        status = json.loads(subprocess.run(cmd + ["status", "--json"], check=True, capture_output=True).stdout)
    first, made = SEATS.index(status["to_act"]), itertools.count()
    return lambda: cmd + ["bet", SEATS[(first + next(made)) % 2], "1"]


FLOOR = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA synchronous = FULL")
conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
conn.execute("INSERT INTO t VALUES (1)")
"""


def floor(work: Path) -> Callable[[], list[str]]:
    """The least any command that records a fact can cost: Python starting, and one durable SQLite insert."""
    return lambda: [sys.executable, "-c", FLOOR, str(work / "floor.db")]


RECORD_MODULES = """
import atexit, sys
path, sys.argv = sys.argv[1], ["bragref", *sys.argv[2:]]
atexit.register(lambda: open(path, "w").write(" ".join(sorted(set(sys.modules) - {"__main__"}))))
from bragref.__main__ import main
main()
"""

IMPORT_ONLY = """
import gc, importlib, sys
gc.disable()  # as the command imports (bragref.__main__)
for name in open(sys.argv[1]).read().split():
    if name not in sys.modules:
        importlib.import_module(name)
gc.freeze()
gc.enable()
"""


def imports_only(work: Path) -> Callable[[], list[str]]:
    """A process that imports every module a bet imports (recorded from a bet in a ledger of its own) and does
    nothing else. `-P`: the bragref installed, as the command imports it, not a source tree in the working folder
    (uncompiled there, it took twice as long)."""
    db, names = work / "record.db", work / "modules.txt"
    build_ledger(db, 0)
    bet = bets(db)()[len(measure.bragref_command()):]  # a bet's arguments, in a hand dealt for it
    subprocess.run([sys.executable, "-P", "-c", RECORD_MODULES, str(names), *bet], check=True, capture_output=True)
    return lambda: [sys.executable, "-P", "-c", IMPORT_ONLY, str(names)]


def build_ledger(db: Path, hands: int) -> None:
    """A session `bench` (two seats) after `hands` settled random hands, built through the ledger."""
    ledger = Ledger(db)
    ledger.conn.execute("PRAGMA synchronous = OFF")  # building the fixture only
    ledger.create_session("bench", Rules(blind=False), SEATS[:2])
    rng = random.Random(7)
    for _ in range(hands):
        ledger.record_hand(None, lambda hand: random_action(hand, rng, patience=0.4))
    ledger.close()


def replay_rate(games: int) -> tuple[int, float]:
    rng = random.Random(11)
    played: list[tuple[Hand, list]] = []
    for _ in range(games):
        start = deal(Rules(), SEATS, "Dan")
        hand, actions = start, []
        while hand.phase != "over":
            action = random_action(hand, rng, patience=0.1)
            actions.append(action)
            hand = replay(hand, [action])
        played.append((start, actions))
    total = sum(len(a) for _, a in played)
    began = time.perf_counter()
    for start, actions in played:
        replay(start, actions)
    return total, total / (time.perf_counter() - began)


def settle_ms(players: int) -> float:
    rng = random.Random(players)
    values = [rng.randint(-500, 500) or 1 for _ in range(players - 1)]
    nets = {f"P{i}": v for i, v in enumerate(values + [-sum(values)])}
    began = time.perf_counter()
    settle(nets)
    return (time.perf_counter() - began) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000, help="settled hands in the big ledger")
    parser.add_argument("--runs", type=int, default=31, help="bets timed per ledger")
    args = parser.parse_args()
    print(measure.installed())
    work = Path(tempfile.mkdtemp(prefix="bragref-bench-"))
    try:
        fresh, big = work / "fresh.db", work / "big.db"
        build_ledger(fresh, 0)
        fresh_bets = bets(fresh)
        bet, low, ratio, cpu = in_turn(fresh_bets, floor(work), args.runs)
        print(f"bet, fresh ledger, in turn with the floor (python + one durable insert): bet {bet:.1f} ms, floor "
              f"{low:.1f} ms: the bet is {ratio:.2f}x the floor (median of the pairs; target <= 2.5x, issue 45); {cpu}")
        bet_then = bet
        bet, imports, ratio, cpu = in_turn(fresh_bets, imports_only(work), args.runs)
        print(f"  in turn with a process importing what a bet imports and doing nothing: bet {bet:.1f} ms, imports "
              f"{imports:.1f} ms = {imports / low:.1f}x the floor; the bet is {ratio:.2f}x its imports; {cpu}")
        began = time.perf_counter()
        build_ledger(big, args.hands)
        built = time.perf_counter() - began
        print(f"  (built {args.hands:,} settled hands in {built:.0f} s, {big.stat().st_size / 1e6:.0f} MB)")
        bet, low, ratio, cpu = in_turn(bets(big), floor(work), args.runs)
        print(f"bet, {args.hands:,}-hand ledger, in turn with the floor: bet {bet:.1f} ms, floor {low:.1f} ms: "
              f"{ratio:.2f}x the floor (target <= 2.5x, flat: {bet / bet_then:.2f}x the bet on a fresh ledger); {cpu}")
        total, rate = replay_rate(20_000)
        print(f"engine replay:                  {rate:,.0f} actions/s ({total:,} actions; target ≥ 100,000)")
        for players in (15, 18):
            print(f"settle, {players} players (exact):   {settle_ms(players):6.1f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
