"""Benchmarks for trust (issue 5).

Run: python tests/benchmarks/bench_audit.py [--hands 100000] [--db PATH]

Builds (or reuses, with --db) a ledger of simulated hands through `bragref.ledger.simulate`
(four players, loans allowed), then times as new processes, the way a user runs them:
`bragref audit --all` (target: at least 150,000 actions a second, issue 19), `bragref balances`
and `bragref settle` (target: at most twice their cost on an empty ledger), each as a user meets it
(the writer kept the totals as it closed, so nothing is summed again) and with the totals file
taken away (every posting summed: a ledger written by a bragref before 0.10.0). Prints each figure
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


def reported(db: Path, report: str, away: Path | None) -> tuple[float, int]:
    """`report` timed on `db`, the totals file `away` (which the report writes again) taken away first."""
    if away is not None:
        away.unlink(missing_ok=True)
    return timed(db, report)


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
    totals = Path(f"{db}-totals.json")
    for report in ("balances", "settle"):
        for when in ("kept", "summed"):  # summed: with no totals kept beside the ledger, every posting
            pairs = [(reported(db, report, totals if when == "summed" else None), timed(empty, report)[0])
                     for _ in range(args.runs)]
            seconds = statistics.median(full for (full, _), _ in pairs)
            bare = statistics.median(bare for _, bare in pairs)
            code = max(code for (_, code), _ in pairs)
            print(f"{report + ', ' + when + ':':17} {seconds:6.2f} s, exit {code} ({seconds / bare:.2f}x the same "
                  f"report on an empty ledger, {bare:.2f} s; medians of {args.runs} pairs; target <= 2x)")


if __name__ == "__main__":
    main()
