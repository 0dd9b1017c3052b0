"""Benchmarks for trust (issue 5).

Run: python tests/benchmarks/bench_audit.py [--hands 100000] [--db PATH]

Builds (or reuses, with --db) a ledger of simulated hands through `bragref.ledger.simulate`
(four players, loans allowed), then times as new processes, the way a user runs them, each in
turn with a floor measured in the same run: `bragref audit --all` beside a process that reads
every row of every table and SHA-256s it (issue 45: CPU at most 2.5x the floor's), printing
wall time and CPU seconds (its workers' included) of both; `bragref balances` and `bragref
settle` (target: at most twice their cost on an empty ledger), summed from the rows as every run
of them is (no sum is kept beside the ledger since 0.13.0). Medians of `--runs` pairs.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import bragref_command, in_turn, installed, said

from bragref.engine.rules import Rules
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger


def build(db: Path, hands: int) -> float:
    ledger = Ledger(str(db))
    ledger.conn.execute("PRAGMA synchronous = OFF")  # building the fixture only; bragref itself always syncs
    start = time.perf_counter()
    simulate(ledger, "bench", Rules(short_money="both"), ["Andy", "Bill", "Chris", "Dan"], hands, seed=1)
    ledger.close()
    return time.perf_counter() - start


FLOOR = """
import hashlib, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
    for row in conn.execute(f"SELECT * FROM {table}"):
        hashlib.sha256(repr(tuple(row)).encode()).hexdigest()
"""


def floor(db: Path) -> list[str]:
    """The least an audit does (issue 45): read every row of every table and SHA-256 it."""
    return [sys.executable, "-c", FLOOR, str(db)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--db", type=Path, help="Reuse (or build once into) this ledger file.")
    parser.add_argument("--runs", type=int, default=5, help="Pairs of runs: the audit's and its floor's, each "
                        "report's on the ledger and on an empty one.")
    args = parser.parse_args()
    print(installed())
    db = args.db or Path(tempfile.mkdtemp()) / "bench.db"
    if not db.exists():
        seconds = build(db, args.hands)
        print(f"built {args.hands:,} simulated hands in {seconds:.0f} s")
    with sqlite3.connect(db) as conn:
        actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        rows = conn.execute("SELECT COUNT(*) FROM chain").fetchone()[0]
    print(f"ledger: {actions:,} actions, {rows:,} rows in the chain, {db.stat().st_size / 1e6:.0f} MB")
    pairs = in_turn(lambda: [*bragref_command(), "--db", str(db), "audit", "--all"], lambda: floor(db), args.runs)
    print(said("audit --all", pairs, "cpu", 2.5))
    wall = statistics.median(run.wall for run, _ in pairs)
    print(f"  {actions / wall:,.0f} actions/s (issue 19's target, >= 150,000/s, was left blocked on this machine)")
    empty = db.with_name("empty.db")
    empty.unlink(missing_ok=True)
    subprocess.run([*bragref_command(), "--db", str(empty), "session", "new", "bench", "--players", "Andy,Bill"],
                   check=True, capture_output=True)
    for report in ("balances", "settle"):
        pairs = in_turn(lambda: [*bragref_command(), "--db", str(db), report],
                        lambda: [*bragref_command(), "--db", str(empty), report], args.runs)
        print(said(report, pairs, "wall", 2, "the same report on an empty ledger"))


if __name__ == "__main__":
    main()
