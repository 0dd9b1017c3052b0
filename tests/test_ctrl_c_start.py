"""Ctrl-C from the console script's first line (issue 79.9): while the script imports bragref, while click reads the
command line, and at every moment after, it is told as any other Ctrl-C: "interrupted: nothing was recorded", exit
130, never a traceback, never click's "Aborted!" (exit 1). The script run is the one `pip` writes for the
`bragref` entry point (docs/reference.md, Exit codes)."""

import os
import subprocess
import sys
from importlib.metadata import entry_points

import pytest


def console_script() -> str:
    """The body of the `bragref` console script as pip writes it, for the entry point installed."""
    (entry,) = entry_points(group="console_scripts", name="bragref")
    return (f"import re\nimport sys\nfrom {entry.module} import {entry.attr}\n"
            f"sys.argv[0] = 'bragref'\nsys.exit({entry.attr}())\n")


PRESSED_IMPORTING = """import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python leaves it for a terminal's foreground job
MODULE = sys.argv.pop(1)
class Pressed:
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            sys.meta_path.remove(self)
            signal.raise_signal(signal.SIGINT)
        return None
sys.meta_path.insert(0, Pressed())
"""  # then the console script, with Ctrl-C pressed as it begins to import MODULE


@pytest.fixture
def ledger(bragref):
    bragref('session new friday --players "Andy,Bill,Chris"')
    bragref("deal")
    return bragref


@pytest.mark.parametrize("module", ["bragref.__main__", "bragref.cli.quick", "bragref.ledger.store"])
def test_ctrl_c_while_the_console_script_imports_bragref_is_told_never_a_traceback(ledger, module):
    """Pressed as the script imports bragref's modules, before bragref's `main` runs (where it was a traceback), or
    as the command's own modules load: exit 130 and the line, nothing recorded. (Before bragref's first line,
    while Python starts and finds the package, a Ctrl-C is Python's to report.)"""
    before = len(ledger.dump()["actions"])
    done = subprocess.run([sys.executable, "-c", PRESSED_IMPORTING + console_script(), module, "--db", str(ledger.db),
                           "bet", "bill", "2"], capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"},
                          timeout=60)
    assert (done.returncode, done.stderr) == (130, "\ninterrupted: nothing was recorded\n"), done.stderr
    assert len(ledger.dump()["actions"]) == before


def test_ctrl_c_while_click_reads_the_command_line_is_told_not_aborted(ledger):
    """A KeyboardInterrupt inside `BragGroup.parse_args` (outside the command's own handler) was click's "Aborted!",
    exit 1."""
    before = len(ledger.dump()["actions"])
    script = ("import sys\nfrom bragref.cli.group import BragGroup\n"
              "def parse_args(self, ctx, args):\n    raise KeyboardInterrupt\nBragGroup.parse_args = parse_args\n"
              + console_script())
    done = subprocess.run([sys.executable, "-c", script, "--db", str(ledger.db), "history"],
                          capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=60)
    assert (done.returncode, done.stderr) == (130, "\ninterrupted: nothing was recorded\n"), done.stderr
    assert len(ledger.dump()["actions"]) == before
