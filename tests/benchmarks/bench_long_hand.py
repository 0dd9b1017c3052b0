"""Benchmark: one action's cost against the length of its hand (issue 19). Run:
python tests/benchmarks/bench_long_hand.py [--actions 2000]

Prints, each beside its target and the floor measured in the same run (Python starting and one durable SQLite
insert): one action recorded through one ledger object (as `table`, `import` and `simulate` record) at the start of
a hand and after `--actions` actions (flat: the ledger object keeps the hand it made); and one `bragref bet`, a new
process, at both points, wall and CPU (a new process replays the hand in play from its rows: since 0.16, issue 59, no
copy of it is kept beside the ledger).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_spine import bragref_command, floor
from measure import installed, measured

from bragref.engine.rules import Rules
from bragref.games.verbs import Bet
from bragref.ledger.store import Ledger

SEATS = ["Andy", "Bill"]


def floor_ms(work: Path, runs: int) -> tuple[float, float]:
    """The medians of `runs` floors (`bench_spine.floor`: Python starting and one durable SQLite insert): wall and
    CPU, in ms."""
    command = floor(work)
    done = [measured(command()) for _ in range(runs)]
    return statistics.median(run.wall for run in done) * 1000, statistics.median(run.cpu for run in done) * 1000


def in_process_ms(ledger: Ledger, count: int) -> float:
    """The median of `count` bets recorded through `ledger`, each by the player to act."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        ledger.act(None, lambda hand: Bet(hand.acting.name, max(hand.stake, 1)))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def process_ms(db: Path, runs: int) -> tuple[float, float]:
    """The medians of `runs` `bragref bet` commands, each a new process, by the player to act: wall and CPU, in ms."""
    done = []
    for _ in range(runs):
        ledger = Ledger(db)
        player = ledger.current(ledger.session(None)).hand.acting.name
        ledger.close()
        done.append(measured(bragref_command() + ["--db", str(db), "bet", player, "1"]))
    return statistics.median(run.wall for run in done) * 1000, statistics.median(run.cpu for run in done) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    print(installed())
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        least = floor_ms(work, args.runs)
        db = work / "ledger.db"
        ledger = Ledger(db)
        ledger.create_session("bench", Rules(), SEATS)
        ledger.deal(None)
        first = in_process_ms(ledger, 100)
        ledger.close()
        first_process = process_ms(db, args.runs)
        ledger = Ledger(db)
        in_process_ms(ledger, args.actions - 100 - args.runs)
        last = in_process_ms(ledger, 100)
        ledger.close()
        last_process = process_ms(db, args.runs)
    print(f"floor (Python + one durable insert):     {least[0]:.1f} ms, CPU {least[1]:.1f} ms")
    print(f"one action in-process, actions 1-100:     {first:.2f} ms")
    print(f"one action in-process, at {args.actions}:        {last:.2f} ms "
          f"({last / first:.2f}x the first; target: flat)")
    for name, (wall, cpu) in (("a fresh hand:       ", first_process), (f"at action {args.actions}:  ", last_process)):
        print(f"one `bragref bet`, {name}    {wall:.1f} ms, CPU {cpu:.1f} ms ({wall / least[0]:.2f}x the floor; "
              f"target <= 2.5x, issue 45; each command replays the hand in play, issue 59: not flat on purpose)")

if __name__ == "__main__":
    main()
