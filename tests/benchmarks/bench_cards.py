"""Benchmarks for cards and ranking (issue 3). Run: python tests/benchmarks/bench_cards.py

Prints: (a) three-card evaluations per second in-process, and what building a
rule set's table costs once (at the first hand judged); (b) the wall time of `bragref odds` as a new
process for the slowest counts (five-card brag, with wild cards named one by one in seven ranks and
every suit, Teen Patti's joker variant before the card is turned), the first time and once counted
(the counts are cached beside the ledger), each beside the target (0.2 s) and the floor measured in
the same run (Python starting); (c) what a `bragref bet` spends on anything card-related, from
`python -X importtime` (every card module it imports and its import time).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import bragref_command, installed

from bragref.engine.ranking import BragRanking

CARD_MODULES = ("bragref.engine.cards", "bragref.engine.ranking", "bragref.engine.odds")


def evaluations_per_second(hands: int = 2_000_000) -> float:
    ranking = BragRanking()
    rng = random.Random(3)
    triples = [tuple(rng.sample(range(52), 3)) for _ in range(hands)]
    key3 = ranking.key3
    key3(0, 1, 2)  # the table is built at the first hand judged (`build_ms`)
    start = time.perf_counter()
    for a, b, c in triples:
        key3(a, b, c)
    return hands / (time.perf_counter() - start)


def build_ms(**rules) -> float:
    """A rule set's table, built when its first hand is judged."""
    start = time.perf_counter()
    BragRanking(**rules).key3(0, 1, 2)
    return (time.perf_counter() - start) * 1000


def seconds(command: list[str], runs: int = 5) -> float:
    """The median wall time of `command` as a new process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def odds_seconds(folder: Path, *options: str) -> tuple[float, float]:
    """`bragref odds OPTIONS` with no cache (a folder of its own each run), and once its counts are cached."""
    fresh = []
    for run in range(5):
        db = folder / f"fresh{run}" / "ledger.db"
        db.parent.mkdir()
        fresh.append(seconds(bragref_command() + ["--db", str(db), "odds", *options], runs=1))
    cached = seconds(bragref_command() + ["--db", str(db), "odds", *options])
    return statistics.median(fresh), cached


def card_time_in_bet() -> dict[str, int]:
    """Each card module a `bet` imports, with its import time in µs (none expected)."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "ledger.db")
        base = [sys.executable, "-P", "-X", "importtime", "-m", "bragref", "--db", db]
        for line in (["session", "new", "b", "--players", "A,B,C"], ["deal"]):
            subprocess.run(base + line, check=True, capture_output=True)
        stderr = subprocess.run(base + ["bet", "b", "2"], check=True, capture_output=True, text=True).stderr
    found = {}
    for line in stderr.splitlines():
        if "|" in line:
            _, cumulative, name = (part.strip() for part in line.split("|"))
            if name in CARD_MODULES:
                found[name] = int(cumulative)
    return found


def main() -> None:
    print(installed())
    print(f"three-card evaluations: {evaluations_per_second():,.0f} per second (in-process, table lookups)")
    print(f"table build, once per rule set: default {build_ms():.0f} ms, wild deuces {build_ms(wild='deuces'):.0f} ms, "
          f"jokers:2 {build_ms(wild='jokers:2'):.0f} ms")
    floor = seconds([sys.executable, "-c", "pass"])
    print(f"floor (Python starting): {floor:.3f} s; target for odds: <= 0.2 s")
    for options in (["--cards", "5"], ["--cards", "5", "--wild", "jokers:2"], ["--game", "teen-patti", "--variant", "joker"],
                    ["--cards", "5", "--wild", "one-eyed-jacks"], ["--cards", "5", "--wild", "Ah,Kd,7c,2s,5h,9c,Jd"],
                    ["--game", "braggers"]):
        with tempfile.TemporaryDirectory() as folder:
            fresh, cached = odds_seconds(Path(folder), *options)
        print(f"bragref odds {' '.join(options)}: first {fresh:.2f} s, counted before {cached:.2f} s "
              f"({cached / floor:.1f}x the floor; target <= 0.2 s), medians of 5, a new process each")
    found = card_time_in_bet()
    print(f"card modules imported by bragref bet: {found or 'none'} "
          f"({sum(found.values())} µs card-related)")


if __name__ == "__main__":
    main()
