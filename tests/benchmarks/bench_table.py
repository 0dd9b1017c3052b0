"""Benchmark for `bragref table` (issue 7). Run: python tests/benchmarks/bench_table.py [--actions 1000]

Prints the median time of one recorded action inside `table`: the answer applied
and made durable in the ledger, then the next prompt rendered (what the referee
waits for), beside its target (5 ms) and the floor measured in the same run (one
durable SQLite insert, in-process). No process start-up is paid: the table is one
long-running process.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bragref.cli import App
from bragref.cli.table import Table
from bragref.engine.rules import Rules


def median_action_ms(actions: int, per_hand: int) -> tuple[float, float]:
    """Hands of `per_hand` open bets among four players, then folds; every answer timed."""
    with tempfile.TemporaryDirectory() as folder:
        app = App(str(Path(folder) / "ledger.db"), None)
        app.ledger(create=True).create_session("bench", Rules(), ["Andy", "Bill", "Chris", "Dan"])
        table = Table(app, "bench")
        times = []
        while len(times) < actions:
            for answer in ["d", *["b 1"] * per_hand, "f", "f", "f"]:
                start = time.perf_counter()
                table.answer(answer)
                table.render()
                times.append(time.perf_counter() - start)
        app.close()
    return statistics.median(times) * 1000, max(times) * 1000


def floor_ms(inserts: int = 200) -> float:
    """The median time of one durable insert (WAL, synchronous FULL), in-process."""
    with tempfile.TemporaryDirectory() as folder:
        conn = sqlite3.connect(str(Path(folder) / "floor.db"), isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("CREATE TABLE t (x)")
        times = []
        for i in range(inserts):
            start = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (?)", (i,))
            conn.execute("COMMIT")
            times.append(time.perf_counter() - start)
        conn.close()
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--per-hand", type=int, default=30, help="bets in each hand before the folds")
    args = parser.parse_args()
    median, worst = median_action_ms(args.actions, args.per_hand)
    floor = floor_ms()
    print(f"floor (one durable insert, in-process): median {floor:.2f} ms")
    print(f"one recorded action inside table (answer, durable write, next prompt): median {median:.2f} ms "
          f"({median / floor:.1f}x the floor; target <= 5 ms), worst {worst:.1f} ms; {args.actions} answers, hands of "
          f"{args.per_hand} bets")


if __name__ == "__main__":
    main()
