"""Benchmarks for the spine (issue 2). Run: python tests/benchmarks/bench_spine.py [--hands 100000]

Prints: (a) the median wall time of one `bragref bet` end to end, as a new process,
on a fresh ledger and on one holding many settled hands, beside the floor measured in
the same run (Python starting and one durable SQLite insert) and the target, and beside
a process that only imports the modules a bet imports (what is left is the bet's own work);
(b) the engine replaying actions in-process; (c) settle-up at 15 and 18 players.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bragref.games.play import deal, replay
from bragref.games.randomplay import random_action
from bragref.engine.rules import Rules
from bragref.engine.settle import settle
from bragref.engine.state import Hand
from bragref.ledger.store import Ledger

SEATS = ["Andy", "Bill", "Chris", "Dan"]


def bragref_command() -> list[str]:
    script = Path(sys.executable).parent / "bragref"
    return [str(script)] if script.exists() else [sys.executable, "-m", "bragref"]


def median_bet_ms(db: Path, runs: int) -> float:
    """Times `bragref bet` alternately by two players in an open-ended hand."""
    cmd = bragref_command() + ["--db", str(db), "--session", "bench"]
    subprocess.run(cmd + ["deal"], check=True, capture_output=True)  # the deal passes left (R2.2)
    status = json.loads(subprocess.run(cmd + ["status", "--json"], check=True, capture_output=True).stdout)
    first = SEATS.index(status["to_act"])
    times = []
    for i in range(runs):
        player = SEATS[(first + i) % 2]
        start = time.perf_counter()
        subprocess.run(cmd + ["bet", player, "1"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


FLOOR = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA synchronous = FULL")
conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
conn.execute("INSERT INTO t VALUES (1)")
"""


def floor_ms(work: Path, runs: int) -> float:
    """The least any command that records a fact can cost: Python starting, and one durable SQLite insert."""
    db = work / "floor.db"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", FLOOR, str(db)], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


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


def beside_imports(db: Path, work: Path, runs: int) -> tuple[float, float, float]:
    """`bragref bet` and a process that imports every module a bet imports and does nothing else, run in turn:
    their medians (ms) and the median of each pair's ratio."""
    options = ["--db", str(db), "--session", "bench"]
    cmd = bragref_command() + options
    to_act = json.loads(subprocess.run(cmd + ["status", "--json"], check=True, capture_output=True).stdout)["to_act"]
    names = work / "modules.txt"
    subprocess.run([sys.executable, "-c", RECORD_MODULES, str(names), *options, "bet", to_act, "1"], check=True,
                   capture_output=True)
    to_act = json.loads(subprocess.run(cmd + ["status", "--json"], check=True, capture_output=True).stdout)["to_act"]
    first = SEATS.index(to_act)
    bets, imports = [], []
    for i in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd + ["bet", SEATS[(first + i) % 2], "1"], check=True, capture_output=True)
        bets.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", IMPORT_ONLY, str(names)], check=True, capture_output=True)
        imports.append(time.perf_counter() - start)
    ratio = statistics.median(b / i for b, i in zip(bets, imports))
    return statistics.median(bets) * 1000, statistics.median(imports) * 1000, ratio


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
    work = Path(tempfile.mkdtemp(prefix="bragref-bench-"))
    try:
        fresh, big = work / "fresh.db", work / "big.db"
        floor = floor_ms(work, args.runs)
        print(f"floor (python + one durable insert): median {floor:6.1f} ms")
        build_ledger(fresh, 0)
        bet = median_bet_ms(fresh, args.runs)
        print(f"bet, fresh ledger:              median {bet:6.1f} ms = {bet / floor:.1f}× the floor (target ≤ 3×)")
        bet, imports, ratio = beside_imports(fresh, work, args.runs)
        print(f"  in turn with a process importing what a bet imports and doing nothing: bet {bet:.1f} ms, imports "
              f"{imports:.1f} ms = {imports / floor:.1f}× the floor; the bet is {ratio:.2f}× its imports")
        began = time.perf_counter()
        build_ledger(big, args.hands)
        built = time.perf_counter() - began
        print(f"  (built {args.hands:,} settled hands in {built:.0f} s, {big.stat().st_size / 1e6:.0f} MB)")
        bet = median_bet_ms(big, args.runs)
        print(f"bet, {args.hands:,}-hand ledger:  median {bet:6.1f} ms = {bet / floor:.1f}× the floor (target ≤ 3×, flat)")
        total, rate = replay_rate(20_000)
        print(f"engine replay:                  {rate:,.0f} actions/s ({total:,} actions; target ≥ 100,000)")
        for players in (15, 18):
            print(f"settle, {players} players (exact):   {settle_ms(players):6.1f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
