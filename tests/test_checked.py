"""Checked code (docs/design.md): the type checker and the linter pass on the source as it is, each configured in
pyproject.toml, as `.ci/run` runs them before the suite; here too, so that a developer running the tests sees a
finding fail. Both come with the test extras; where one is not installed its test skips, saying so."""

import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT


def checked(tool: str, *args: str) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing():
    """`ruff check .`: the rules chosen in pyproject.toml, none broken (under a second)."""
    done = checked("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_nothing():
    """`mypy`: the engine and the game protocol, and what they import of bragref, strictly typed; the ledger at mypy's
    default strictness (ten seconds without its cache)."""
    done = checked("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
