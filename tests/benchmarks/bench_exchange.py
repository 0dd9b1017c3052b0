"""Benchmarks for hand histories (issue 6).

Run: python tests/benchmarks/bench_exchange.py [--hands 5000]

Simulates a session (four players, loans allowed), then times as new processes, the way a
user runs them: `bragref history` of the whole session, `bragref export` as bhh and as JSON,
and `bragref import` of the bhh file into a fresh ledger (every line judged by the engine
again). Prints each figure beside issue 19's target and a floor measured in the same run (for
history and export, a process that reads every action row of the session and writes a line
for each; for import, one that inserts as many rows in one durable transaction), the most
memory any of those processes took so far (history, then export, are streamed hand by hand:
the target is 64 MiB), and checks the round trip gives the same bytes.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_audit import bragref_command, build


def timed(db: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([*bragref_command(), "--db", str(db), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


READ = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
with open(sys.argv[2], "w") as out:
    for row in conn.execute("SELECT * FROM actions a JOIN hands h ON h.id = a.hand_id ORDER BY a.id"):
        out.write(" ".join(map(str, tuple(row))) + "\\n")
"""
WRITE = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA synchronous = FULL")
conn.execute("CREATE TABLE t (a, b, c, d, e)")
conn.execute("BEGIN IMMEDIATE")
conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?)", ((i, "bet", "Andy", 2, "{}") for i in range(int(sys.argv[2]))))
conn.execute("COMMIT")
"""


def floor(script: str, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", script, *args], check=True)
    return time.perf_counter() - start


def peak_mib() -> float:
    """The most memory one finished child process has taken so far (Linux counts KiB)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    build(folder / "source.db", args.hands)
    history, again = folder / "history.bhh", folder / "again.bhh"
    read = floor(READ, str(folder / "source.db"), str(folder / "lines.txt"))
    print(f"floor, reading every action row and writing a line for each: {read:.2f} s, {args.hands / read:,.0f} hands/s")
    seconds = timed(folder / "source.db", "--session", "bench", "history")
    print(f"history:     {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s ({seconds / read:.0f}x the floor; target "
          f"10,000 hands/s, 100,000 in 10 s), peak {peak_mib():.0f} MiB (target <= 64)")
    seconds = timed(folder / "source.db", "export", "-o", str(history))
    lines = history.read_text(encoding="utf-8").count("\n")
    print(f"export bhh:  {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s ({seconds / read:.0f}x the floor), "
          f"{history.stat().st_size / 1e6:.1f} MB, {lines:,} lines, peak so far {peak_mib():.0f} MiB (target <= 64)")
    seconds = timed(folder / "source.db", "export", "--format", "json", "-o", str(folder / "history.json"))
    print(f"export json: {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s ({seconds / read:.0f}x the floor)")
    write = floor(WRITE, str(folder / "floor.db"), str(lines))
    seconds = timed(folder / "target.db", "import", str(history), "--use")
    print(f"import bhh:  {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s (target >= 2,000; floor, {lines:,} rows "
          f"inserted in one durable transaction: {write:.2f} s, {args.hands / write:,.0f} hands/s), peak so far "
          f"{peak_mib():.0f} MiB (target <= 64, flat in the file's size: a hand at a time)")
    timed(folder / "target.db", "export", "-o", str(again))
    print("round trip:", "same bytes" if again.read_bytes() == history.read_bytes() else "DIFFERENT")


if __name__ == "__main__":
    main()
