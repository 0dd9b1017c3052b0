"""Benchmarks for hand histories (issues 6, 19 and 45).

Run: python tests/benchmarks/bench_exchange.py [--hands 10000] [--runs 3]

Simulates a session (four players, loans allowed), then times as new processes, the way a user runs them, each in
turn with a floor measured in the same run (issue 45), wall time and CPU seconds (workers' included) of both:
`bragref history` of the whole session beside a process that reads each action and prints a line for it (target:
CPU at most 2x the floor's); `bragref import` of the session's bhh export into a fresh ledger (every line judged by
the engine again) beside one that parses the same file with `tomllib` and inserts as many rows as the import
writes in one durable transaction (target: wall at most 4x). Prints each command's peak memory (history and export
are streamed hand by hand, the import reads a batch of hands at a time from the file: target 64 MiB, flat in the
file's size), `export` as bhh and JSON, and checks the round trip gives the same bytes; then the import of 20,000
actions in 40 long hands beside the same in 2,000 short ones (target: at most 1.5x).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

from bench_audit import bragref_command, build
from measure import in_turn, installed, measured, said

from bragref.engine.rules import Rules
from bragref.games.verbs import Bet, Fold
from bragref.ledger.store import Ledger

READ = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
for row in conn.execute("SELECT * FROM actions a JOIN hands h ON h.id = a.hand_id ORDER BY a.id"):
    print(" ".join(map(str, tuple(row))))
"""
WRITE = """
import sqlite3, sys, tomllib
from pathlib import Path
with open(sys.argv[2], "rb") as file:
    tomllib.load(file)
Path(sys.argv[1]).unlink(missing_ok=True)
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("PRAGMA synchronous = FULL")
conn.execute("CREATE TABLE t (a, b, c, d, e)")
conn.execute("BEGIN IMMEDIATE")
conn.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?)", ((i, "bet", "Andy", 2, "{}") for i in range(int(sys.argv[3]))))
conn.execute("COMMIT")
"""


def shaped(db: Path, hands: int, bets: int) -> None:
    """A session of `hands` hands among four players, each `bets` open bets of 1 and then three folds."""
    ledger = Ledger(str(db))
    ledger.conn.execute("PRAGMA synchronous = OFF")  # building the fixture only
    ledger.create_session("bench", Rules(blind=False), ["Andy", "Bill", "Chris", "Dan"])
    with ledger.write():
        for _ in range(hands):
            ledger.deal(None)
            for verb in ["bet"] * bets + ["fold"] * 3:
                ledger.act(None, lambda hand: Bet(hand.acting.name, 1) if verb == "bet" else Fold(hand.acting.name))
    ledger.close()


def rows_of(db: Path) -> int:
    """Every row an import writes: the log's and the chain's."""
    with sqlite3.connect(db) as conn:
        tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                  if name not in ("_sqlite_migrations",)]
        return sum(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="Pairs of runs, each command's and its floor's.")
    args = parser.parse_args()
    print(installed())
    folder = Path(tempfile.mkdtemp())
    source, history, again = folder / "source.db", folder / "history.bhh", folder / "again.bhh"
    build(source, args.hands)
    bragref = [*bragref_command(), "--db"]
    pairs = in_turn(lambda: [*bragref, str(source), "--session", "bench", "history"],
                    lambda: [sys.executable, "-c", READ, str(source)], args.runs)
    print(said(f"history, {args.hands:,} hands", pairs, "cpu", 2.0))
    for form, path in (("bhh", history), ("json", folder / "history.json")):
        run = measured([*bragref, str(source), "export", "--format", form, "-o", str(path)])
        print(f"export {form}: wall {run.wall:.2f} s, CPU {run.cpu:.2f} s, {path.stat().st_size / 1e6:.1f} MB, "
              f"peak {run.peak:.0f} MiB (target <= 64)")
    target = folder / "target.db"

    def imported() -> list[str]:
        for made in folder.glob("target.db*"):
            made.unlink()
        return [*bragref, str(target), "import", str(history), "--use"]

    measured(imported())
    rows = rows_of(target)
    pairs = in_turn(imported, lambda: [sys.executable, "-c", WRITE, str(folder / "floor.db"), str(history),
                                       str(rows)], args.runs)
    print(said(f"import, {args.hands:,} hands ({rows:,} rows)", pairs, "wall", 4.0))
    measured([*bragref, str(target), "export", "-o", str(again)])
    print("round trip:", "same bytes" if again.read_bytes() == history.read_bytes() else "DIFFERENT")
    files = {}
    for name, hands, bets in (("long", 40, 497), ("short", 2000, 7)):  # 20,000 actions each
        shaped(folder / f"{name}.db", hands, bets)
        files[name] = folder / f"{name}.bhh"
        measured([*bragref, str(folder / f"{name}.db"), "export", "-o", str(files[name])])

    def importing(name: str):
        def command() -> list[str]:
            for made in folder.glob("shape.db*"):
                made.unlink()
            return [*bragref, str(folder / "shape.db"), "import", str(files[name])]
        return command

    pairs = in_turn(importing("long"), importing("short"), args.runs)
    print(said("import of 20,000 actions in 40 hands", pairs, "wall", 1.5, "the same in 2,000 hands"))


if __name__ == "__main__":
    main()
