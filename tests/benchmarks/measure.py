"""Commands measured as a user runs them, each beside its floor (issue 45): wall time, CPU seconds (the process's
own and its workers', as the system counts a finished child's) and peak memory, the command and its floor run in
turn so that a pair meets the machine at one speed, and the median of the pairs' ratios reported.

The issue's figures are of a normal install (`pip install .`), which each benchmark says it measures first
(`installed`).
"""

from __future__ import annotations

import compileall
import json
import statistics
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import bragref

RUN = """
import json, resource, subprocess, sys, time
began = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([time.perf_counter() - began, used.ru_utime + used.ru_stime, used.ru_maxrss / 1024, code]))
"""


def bragref_command() -> list[str]:
    """The command that runs bragref as a user runs it: the virtualenv's script, else the module."""
    script = Path(sys.executable).parent / "bragref"
    return [str(script)] if script.exists() else [sys.executable, "-P", "-m", "bragref"]


def installed() -> str:
    """What is measured, in a line to print first: bragref's version and how it is installed. A normal install
    (`pip install .`) holds its modules byte-compiled. An editable one (`pip install -e`) adds its finder to the start
    of every command, the floors' too (15 ms on a machine where a `bet` took 95), and where Python writes no bytecode
    (`PYTHONDONTWRITEBYTECODE`, which many containers set) would compile every module on every run (a `status` took
    twice as long): its modules are compiled here first, and its figures said to be a source tree's."""
    package = Path(bragref.__file__).parent
    if package.is_relative_to(sysconfig.get_paths()["purelib"]):
        return f"bragref {bragref.__version__}, installed normally"
    compileall.compile_dir(package, quiet=1)  # written whatever PYTHONDONTWRITEBYTECODE says
    return (f"bragref {bragref.__version__} from its source tree, byte-compiled here: an editable install adds its "
            f"finder to every command and floor; for the issue's figures, `pip install .` into a virtualenv and run "
            f"this with its Python")


class Run(NamedTuple):
    wall: float  # seconds
    cpu: float  # seconds of CPU, workers' included
    peak: float  # MiB: the most memory the command, or any one of its workers, held at once
    code: int


def measured(command: list[str]) -> Run:
    """One run of `command`, measured by a small process that starts it and reads what the system counted."""
    out = subprocess.run([sys.executable, "-c", RUN, *command], check=True, capture_output=True, text=True).stdout
    return Run(*json.loads(out))


def in_turn(command: Callable[[], list[str]], floor: Callable[[], list[str]], runs: int) -> list[tuple[Run, Run]]:
    """`runs` pairs: the command `command()` gives, then the floor's."""
    return [(measured(command()), measured(floor())) for _ in range(runs)]


def said(name: str, pairs: list[tuple[Run, Run]], judged: str, target: float | None, floor: str = "the floor") -> str:
    """A line of the figure: the command's and the floor's wall and CPU (medians), the medians of the pairs' wall
    and CPU ratios, the target beside the one `judged` (`wall` or `cpu`), and the command's peak memory."""
    def median(values) -> float:
        return statistics.median(values)

    ratio = {kind: median(getattr(run, kind) / getattr(low, kind) for run, low in pairs) for kind in ("wall", "cpu")}
    codes = sorted({run.code for run, _ in pairs})
    return (f"{name}: wall {median(r.wall for r, _ in pairs):.2f} s, CPU {median(r.cpu for r, _ in pairs):.2f} s "
            f"({floor}: wall {median(f.wall for _, f in pairs):.2f} s, CPU {median(f.cpu for _, f in pairs):.2f} s); "
            f"wall {ratio['wall']:.2f}x, CPU {ratio['cpu']:.2f}x {floor}"
            + (f" (target: {'CPU' if judged == 'cpu' else judged} <= {target}x)" if target else "")
            + f"; peak {max(r.peak for r, _ in pairs):.0f} MiB; exit {','.join(map(str, codes))}; {len(pairs)} pairs")
