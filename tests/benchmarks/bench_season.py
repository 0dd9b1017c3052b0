"""Benchmarks for the season (issue 57).

Run: python tests/benchmarks/bench_season.py [--nights 200] [--hands 50] [--db PATH] [--runs 5]

Builds (or reuses, with --db) a ledger of `--nights` simulated sessions of `--hands` hands each (four players out of
six, loans allowed: 10,000 hands by default), then times as new processes, each in turn with a floor measured in the
same run: `bragref season` beside `bragref balances --all` on the same ledger (target: at most 2x), and `bragref paid`
beside a `bragref bet` on the same ledger (target: at most 1x; each followed, untimed, by the `undo` that takes it
back, so every run records the same thing on the same ledger). Medians of `--runs` pairs.

Beside `paid` it times, in the same turn, what any `paid` must do that a `bet` does not: sum, from the rows, every
session's postings per player and loans per pair (what `settle --all` shows, and so what a payment is checked
against, is made of them), on a connection of its own as a new command's is. Nearly all else a `paid` does, a `bet`
does too (Python, bragref's modules, the replay of the hand in play, since a settle-up is recorded between hands, a
durable insert, a line told); what a bet does besides (the engine's check of the move, the hand's next turn told) is
a few milliseconds. So, while what is owed is summed from the rows, a `paid` is a bet and these sums, less those.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from measure import bragref_command, in_turn, installed, measured, said

from bragref.engine.rules import Rules
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger

PEOPLE = ["Andy", "Bill", "Chris", "Dan", "Eve", "Fran"]
SUMS = ("SELECT session_id, player, SUM(amount) FROM postings GROUP BY session_id, player",
        "SELECT session_id, lender, borrower, kind, SUM(amount) FROM loans GROUP BY 1, 2, 3, 4")  # what is owed


def summed(db: Path) -> float:
    """Seconds to sum the rows that what is owed is made of (`SUMS`), on a new connection as a new command would."""
    start = time.perf_counter()
    ledger = sqlite3.connect(db)
    for query in SUMS:
        ledger.execute(query).fetchall()
    ledger.close()
    return time.perf_counter() - start


def build(db: Path, nights: int, hands: int) -> float:
    ledger = Ledger(str(db))
    ledger.conn.execute("PRAGMA synchronous = OFF")  # building the fixture only; bragref itself always syncs
    start = time.perf_counter()
    for night in range(nights):
        seats = [PEOPLE[(night + i) % len(PEOPLE)] for i in range(4)]
        simulate(ledger, f"night-{night + 1}", Rules(short_money="both"), seats, hands, seed=night)
    ledger.close()
    return time.perf_counter() - start


def bragref(db: Path, *words: str) -> str:
    return subprocess.run([*bragref_command(), "--db", str(db), *words], check=True, capture_output=True,
                          text=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=200)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--db", type=Path, help="Reuse (or build once into) this ledger file.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(installed())
    db = args.db or Path(tempfile.mkdtemp()) / "season.db"
    if not db.exists():
        seconds = build(db, args.nights, args.hands)
        print(f"built {args.nights} nights of {args.hands} hands ({args.nights * args.hands:,} hands) in "
              f"{seconds:.0f} s")
    pairs = in_turn(lambda: [*bragref_command(), "--db", str(db), "season", "--json"],
                    lambda: [*bragref_command(), "--db", str(db), "balances", "--all", "--json"], args.runs)
    print(said("season", pairs, "wall", 2, "balances --all"))
    if json.loads(bragref(db, "status", "--json"))["phase"] not in ("over", "no-hand"):  # a ledger reused mid-hand
        bragref(db, "undo")  # its deal taken back: a settle-up is recorded between hands
    owing = json.loads(bragref(db, "settle", "--all", "--json"))[0]
    pairs, sums = [], []
    for _ in range(args.runs):  # each recorded, then taken back (untimed), so that every run meets the same ledger
        paid = measured([*bragref_command(), "--db", str(db), "paid", owing["from"], owing["to"], "1"])
        bragref(db, "undo")
        sums.append(summed(db))
        bragref(db, "deal")
        to_act = json.loads(bragref(db, "status", "--json"))["to_act"]
        bet = measured([*bragref_command(), "--db", str(db), "bet", to_act, "1"])
        bragref(db, "undo")
        bragref(db, "undo")  # the deal too (a misdeal): the next paid is between hands again
        pairs.append((paid, bet))
    print(said("paid", pairs, "wall", 1, "a bet"))
    sums_wall, bet_wall = statistics.median(sums), statistics.median(bet.wall for _, bet in pairs)
    print(f"what paid must sum that a bet does not: {sums_wall * 1000:.0f} ms, "
          f"{sums_wall / bet_wall:.2f}x a bet's wall")


if __name__ == "__main__":
    main()
