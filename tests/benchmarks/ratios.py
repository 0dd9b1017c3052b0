"""The benchmark ratios CI keeps (issue 65): `bet`, `audit`, `history` and `import`, each run in turn with its floor
(the one its benchmark measures it beside), fail the run where the median of the pairs' CPU ratios is more than
`MARGIN` above the ratio recorded in `ratios.json`.

Run: python tests/benchmarks/ratios.py [--record]   (`.ci/run` runs it after the test suite: about 40 s)

Only ratios are compared, each measured in this run, a command and its floor in turn: a machine slower or busier
than the one that recorded them slows both alike, so the ratio holds where seconds would not. A machine of another
kind may run Python and the floors' C at other relative speeds, and so sit at ratios of its own with the code
unchanged: there, `--record` measures them (three times, each command's median kept) and rewrites `ratios.json`, to be
committed with the reason. A ratio past its limit is measured once more, with twice the pairs, before it fails: one
noisy minute of a shared machine is not a slower bragref. With `--record` nothing fails.

The ledgers are small, so that the whole check stays within CI's minute: 1,000 simulated hands (about 10,400 actions,
which one process audits), their history as a file to import, and a fresh ledger's bet. The figures of the issues'
targets, on 10,000 hands and more, are the benchmarks' (`bench_audit.py` and the others; docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
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

RECORDED = Path(__file__).with_name("ratios.json")
MARGIN = 0.15  # how far above its recorded ratio a command may go
HANDS = 1_000
PAIRS = {"bet": 11, "audit": 5, "history": 5, "import": 5}  # each command's pairs with its floor, in turn


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


def ratio(command, floor, pairs: int) -> float:
    """The median of `pairs` pairs' CPU ratios, the command and its floor run in turn (`measure.in_turn`)."""
    return statistics.median(run.cpu / low.cpu for run, low in in_turn(command, floor, pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="Measure the ratios (three times) and rewrite "
                        f"{RECORDED.name} rather than check them.")
    args = parser.parse_args()
    print(installed())
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))["ratios"]
    work = Path(tempfile.mkdtemp(prefix="bragref-ratios-"))
    failed = []
    try:
        for name, (command, floor) in commands(work).items():
            if args.record:
                now = statistics.median(ratio(command, floor, PAIRS[name]) for _ in range(3))
                print(f"{name}: CPU {now:.2f}x its floor (was {recorded[name]:.2f}x)")
                recorded[name] = round(now, 2)
                continue
            limit = recorded[name] * (1 + MARGIN)
            now = ratio(command, floor, PAIRS[name])
            again = ratio(command, floor, 2 * PAIRS[name]) if now > limit else None
            over = again is not None and again > limit
            said = f"; measured again: {again:.2f}x" if again is not None else ""
            print(f"{name}: CPU {now:.2f}x its floor{said} (recorded {recorded[name]:.2f}x, limit {limit:.2f}x)"
                  f"{': TOO SLOW' if over else ''}")
            failed += [name] if over else []
    finally:
        shutil.rmtree(work)
    if args.record:
        document = json.loads(RECORDED.read_text(encoding="utf-8"))
        document["ratios"] = recorded
        RECORDED.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"recorded in {RECORDED}")
    elif failed:
        sys.exit(f"benchmark ratios: {', '.join(failed)} more than {MARGIN:.0%} above the recorded ({RECORDED.name})")
    else:
        print(f"benchmark ratios: each within {MARGIN:.0%} of the recorded")


if __name__ == "__main__":
    main()
