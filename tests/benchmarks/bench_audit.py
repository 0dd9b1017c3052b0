"""Benchmarks for trust (issue 5).

Run: python tests/benchmarks/bench_audit.py [--hands 100000] [--db PATH]

Builds (or reuses, with --db) a ledger of simulated hands through `bragref.ledger.simulate`
(four players, loans allowed), then times as new processes, the way a user runs them:
`bragref audit --all` (target: at least 150,000 actions a second, issue 19), `bragref balances`
and `bragref settle` (target: at most twice their cost on an empty ledger), summed from the rows
as every run of them is (no sum is kept beside the ledger since 0.13.0). Prints each figure
beside its target and a floor measured in the same run: for the audit, a process that reads
every action and chained row and hashes each (the least an audit of the chain does); for the
reports, the same report on a ledger of one empty session, the two run in turn (`--runs` pairs, medians).
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

from bragref.engine.rules import Rules
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger


def bragref_command() -> list[str]:
    script = Path(sys.executable).parent / "bragref"
    return [str(script)] if script.exists() else [sys.executable, "-P", "-m", "bragref"]


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
for table in ("actions", "chain"):
    for row in conn.execute(f"SELECT * FROM {table}"):
        hashlib.sha256(repr(tuple(row)).encode()).hexdigest()
"""


def floor_seconds(db: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", FLOOR, str(db)], check=True)
    return time.perf_counter() - start


def timed(db: Path, *args: str) -> tuple[float, int]:
    start = time.perf_counter()
    result = subprocess.run([*bragref_command(), "--db", str(db), *args], capture_output=True, text=True)
    return time.perf_counter() - start, result.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--db", type=Path, help="Reuse (or build once into) this ledger file.")
    parser.add_argument("--runs", type=int, default=9, help="Pairs of report runs, the ledger's and the empty one's.")
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp()) / "bench.db"
    if not db.exists():
        seconds = build(db, args.hands)
        print(f"built {args.hands:,} simulated hands in {seconds:.0f} s")
    with sqlite3.connect(db) as conn:
        actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        rows = conn.execute("SELECT COUNT(*) FROM chain").fetchone()[0]
    print(f"ledger: {actions:,} actions, {rows:,} rows in the chain, {db.stat().st_size / 1e6:.0f} MB")
    seconds, code = timed(db, "audit", "--all")
    floor = floor_seconds(db)
    print(f"audit --all:  {seconds:6.2f} s, exit {code}, {actions / seconds:,.0f} actions/s (target >= 150,000/s; "
          f"floor, reading and hashing every row: {floor:.2f} s, {actions / floor:,.0f} actions/s)")
    empty = db.with_name("empty.db")
    empty.unlink(missing_ok=True)
    subprocess.run([*bragref_command(), "--db", str(empty), "session", "new", "bench", "--players", "Andy,Bill"],
                   check=True, capture_output=True)
    for report in ("balances", "settle"):
        pairs = [(timed(db, report), timed(empty, report)[0]) for _ in range(args.runs)]
        seconds = statistics.median(full for (full, _), _ in pairs)
        bare = statistics.median(bare for _, bare in pairs)
        code = max(code for (_, code), _ in pairs)
        print(f"{report + ':':9} {seconds:6.2f} s, exit {code} ({seconds / bare:.2f}x the same report on an empty "
              f"ledger, {bare:.2f} s; medians of {args.runs} pairs; target <= 2x)")


if __name__ == "__main__":
    main()
