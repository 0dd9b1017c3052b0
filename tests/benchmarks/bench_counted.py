"""Issue 45's audit and history counted in instructions beside their floors: figures the same from run to run.

Run: python tests/benchmarks/bench_counted.py [--hands 2000] [--db PATH]   (needs valgrind)

CPU seconds on a shared machine vary by a fifth and more from one run to the next (docs/benchmarks.md), which hides
a change of a few per cent. The instructions a process executes, counted by valgrind's callgrind with Python's hash
seed fixed, are the same each run: each command's work and its floor's are counted in a process of their own (the
audit's checks and the history's pieces one after another, not on every core), imports and all, as the CPU figures
count them. They show where a change moves the work; the issue's figures stay the CPU seconds of `bench_audit.py`
and `bench_exchange.py`, which are higher, as Python's own loops run fewer instructions a cycle than the floors'
C (hashing, printing).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_audit import FLOOR, build
from bench_exchange import READ
from measure import installed

AUDIT = """
import sqlite3, sys
from bragref.ledger import audit
from bragref.ledger.db import connect_read_only
rows = connect_read_only(sys.argv[1])
rows.row_factory = sqlite3.Row
ids = [session for (session,) in rows.execute("SELECT id FROM sessions")]
for task in audit.plan(rows, ids, None):
    audit.run(rows, task)
"""
HISTORY = """
import sys
from bragref.api import open_ledger
from bragref.cli.output import Output
from bragref.cli.reports import PIECE, told
book = open_ledger(sys.argv[1], read_only=True)
session, last = book.current_session(), book.last_number()
for first in range(1, last + 1, PIECE):
    sys.stdout.write(told(session, book.replays_between(first, min(first + PIECE - 1, last)), Output(), first == 1))
"""


def counted(code: str, db: Path) -> int:
    """Instructions executed by `python -c code db`, its output thrown away."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                             code, str(db)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--db", type=Path, help="Reuse (or build once into) this ledger file.")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: it counts the instructions")
    print(installed())
    db = args.db or Path(tempfile.mkdtemp()) / "bench.db"
    if not db.exists():
        build(db, args.hands)
    with sqlite3.connect(db) as conn:
        actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    print(f"ledger: {actions:,} actions")
    for name, code, floor, target, of_floor in (("audit --all", AUDIT, FLOOR, 2.5, "every row read and SHA-256'd"),
                                                ("history", HISTORY, READ, 2.0, "a line printed for each action")):
        work, low = counted(code, db), counted(floor, db)
        print(f"{name}: {work / 1e6:,.0f} million instructions, {work / actions:,.0f} an action (the floor, {of_floor}:"
              f" {low / 1e6:,.0f} million); {work / low:.2f}x the floor (the CPU target: <= {target}x)")


if __name__ == "__main__":
    main()
