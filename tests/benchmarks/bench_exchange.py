"""Benchmarks for hand histories (issue 6).

Run: python tests/benchmarks/bench_exchange.py [--hands 5000]

Simulates a session (four players, loans allowed), then times as new processes, the way a
user runs them: `bragref history` of the whole session, `bragref export` as bhh and as JSON,
and `bragref import` of the bhh file into a fresh ledger (every line judged by the engine
again). Prints the figures, the most memory any of those processes took so far (history,
then export, are streamed hand by hand: issue 19's target is 64 MiB), and checks the round
trip gives the same bytes.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import tempfile
import time
from pathlib import Path

from bench_audit import bragref_command, build


def timed(db: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([*bragref_command(), "--db", str(db), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
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
    seconds = timed(folder / "source.db", "--session", "bench", "history")
    print(f"history:     {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s, peak {peak_mib():.0f} MiB")
    seconds = timed(folder / "source.db", "export", "-o", str(history))
    lines = history.read_text(encoding="utf-8").count("\n")
    print(f"export bhh:  {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s, {history.stat().st_size / 1e6:.1f} MB, "
          f"{lines:,} lines, peak so far {peak_mib():.0f} MiB")
    seconds = timed(folder / "source.db", "export", "--format", "json", "-o", str(folder / "history.json"))
    print(f"export json: {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s")
    seconds = timed(folder / "target.db", "import", str(history), "--use")
    print(f"import bhh:  {seconds:6.2f} s, {args.hands / seconds:,.0f} hands/s")
    timed(folder / "target.db", "export", "-o", str(again))
    print("round trip:", "same bytes" if again.read_bytes() == history.read_bytes() else "DIFFERENT")


if __name__ == "__main__":
    main()
