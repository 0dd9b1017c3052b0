"""The goals CI holds: `bet`, `audit --all`, `history` and `import`, each run in turn with its floor (the floors of
docs/benchmarks.md's figures, measured in the same run), fail the run where the median of the pairs' ratios is past
the goal by more than `NOISE`, or where `import` holds more than 64 MiB at its peak.

Run: python tests/benchmarks/ratios.py   (`.ci/run` runs it after the test suite: about three minutes, quiet)

| figure | measured as | goal | fails above |
| --- | --- | --- | --- |
| `bet` on a fresh ledger | wall / python + one durable insert | 2.5x | 2.75x |
| `audit --all` | CPU / read + SHA-256 every row | 2.5x | 2.75x |
| `history` of the session | CPU / read each action + print a line | 2.0x | 3.0x, until the goal is met (`NOT_YET`) |
| `import` of its history | wall / tomllib + one-transaction insert | 4.0x | 4.4x |
| `import` | peak memory (the process or any one of its workers) | 64 MiB | 64 MiB |

The limits are the goals, written here, not ratios recorded from a run: nothing re-records them, and a slower bragref
fails whatever it measured before. A goal not met yet is held, in `NOT_YET`, no worse than the bragref that missed
it measured, and its line says the goal is not met: CI stays the guard against a slower bragref meanwhile. Only ratios are compared, each a command and its floor run one after the other
(`measure.in_turn`): a machine slower or busier than another slows both alike, so the ratio holds where seconds do
not; `NOISE` is what a shared machine moves a median of pairs by (docs/benchmarks.md). A ratio past its limit is
measured once more, with twice the pairs, before it fails: one noisy minute is not a slower bragref. Each line
says the wall and the CPU ratio both, whichever the goal judges. Memory is not a ratio: the most any of the imports
held at once.

The ledger is the goals' own: 10,000 simulated hands (four players, loans allowed; about 104,000 actions), its
history the file imported. On a smaller one the commands' fixed costs (Python's start, bragref's imports, the workers'
start) weigh more than in the goals' figures, and a session held whole in memory would not show.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench_audit import FLOOR as READ_AND_HASH
from bench_audit import build
from bench_exchange import READ, WRITE, rows_of
from bench_spine import FLOOR as ONE_INSERT
from bench_spine import bets, build_ledger
from measure import bragref_command, in_turn, installed, measured

HANDS = 10_000  # the ledger's, as the goals' figures are measured
NOISE = 0.10  # how far past its goal a median of pairs may go before it fails
GOALS = {"bet": ("wall", 2.5), "audit": ("cpu", 2.5), "history": ("cpu", 2.0), "import": ("wall", 4.0)}
MEMORY_GOAL = 64  # MiB
PAIRS = {"bet": 11, "audit": 5, "history": 5, "import": 5}  # each command's pairs with its floor, in turn
NOT_YET = {"history": 3.0}  # goals not met yet (issue 78), each held no worse than this bragref measured with the
# noise margin (history: 2.34-2.77x CPU on 10,000 hands in one process, once 3.16x in a fresh clone right after its
# tests, docs/benchmarks.md; 3.3 before its reading, replay, engine, tables and sentences were cut again): the line
# says the goal is not met, and a slower bragref fails. An entry goes when its goal is met; none is ever raised.


def commands(work: Path) -> dict[str, tuple]:
    """Each command, and its floor, as functions giving the next run's command line."""
    bragref = bragref_command()
    ledger, history, fresh, target = work / "ledger.db", work / "history.bhh", work / "fresh.db", work / "target.db"
    build(ledger, HANDS)
    measured([*bragref, "--db", str(ledger), "export", "-o", str(history)])
    build_ledger(fresh, 0)
    rows = rows_of(ledger)

    def imported() -> list[str]:
        for made in work.glob("target.db*"):
            made.unlink()
        return [*bragref, "--db", str(target), "import", str(history)]

    return {
        "bet": (bets(fresh), lambda: [sys.executable, "-c", ONE_INSERT, str(work / "floor.db")]),
        "audit": (lambda: [*bragref, "--db", str(ledger), "audit", "--all"],
                  lambda: [sys.executable, "-c", READ_AND_HASH, str(ledger)]),
        "history": (lambda: [*bragref, "--db", str(ledger), "--session", "bench", "history"],
                    lambda: [sys.executable, "-c", READ, str(ledger)]),
        "import": (imported, lambda: [sys.executable, "-c", WRITE, str(work / "written.db"), str(history), str(rows)]),
    }


def ratios(command, floor, pairs: int) -> tuple[float, float, float]:
    """The medians of `pairs` pairs' wall and CPU ratios, the command and its floor run in turn, and the command's
    peak memory (MiB, the most of any run); a command that fails fails the check."""
    runs = in_turn(command, floor, pairs)
    failed = next((run.code for run, _ in runs if run.code), 0)
    if failed:
        sys.exit(f"benchmark ratios: a command measured exited {failed}: {' '.join(command())}")
    return (statistics.median(run.wall / low.wall for run, low in runs),
            statistics.median(run.cpu / low.cpu for run, low in runs), max(run.peak for run, _ in runs))


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print(installed())
    work = Path(tempfile.mkdtemp(prefix="bragref-ratios-"))
    failed, peaks = [], {}
    try:
        for name, (command, floor) in commands(work).items():
            judged, goal = GOALS[name]
            limit = NOT_YET.get(name, goal * (1 + NOISE))
            wall, cpu, peak = ratios(command, floor, PAIRS[name])
            said = f"{name}: wall {wall:.2f}x, CPU {cpu:.2f}x its floor"
            now = cpu if judged == "cpu" else wall
            if now > limit:
                wall, cpu, peak = ratios(command, floor, 2 * PAIRS[name])
                said += f"; measured again: wall {wall:.2f}x, CPU {cpu:.2f}x"
                now = cpu if judged == "cpu" else wall
            peaks[name] = peak
            over = now > limit
            unmet = f"; goal NOT MET yet, held below {limit:.2f}x" if name in NOT_YET and now > goal else ""
            print(f"{said} (goal: {judged} <= {goal}x, failing above {limit:.2f}x{unmet})"
                  f"{': TOO SLOW' if over else ''}")
            failed += [name] if over else []
        over = peaks["import"] > MEMORY_GOAL
        print(f"import: peak {peaks['import']:.0f} MiB (goal: <= {MEMORY_GOAL} MiB){': TOO MUCH' if over else ''}")
        failed += ["import's memory"] if over else []
    finally:
        shutil.rmtree(work)
    if failed:
        sys.exit(f"benchmark ratios: {', '.join(failed)} past the goal (docs/benchmarks.md)")
    print("benchmark ratios: each within its goal")


if __name__ == "__main__":
    main()
