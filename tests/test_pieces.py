"""Long work in pieces on every core (`ledger.pieces`): its workers are forked from the command, where the platform
can fork, whatever Python's default way of starting a process is (forkserver from Python 3.14 on Linux)."""

from __future__ import annotations

import multiprocessing
import sys

import pytest

import bragref.ledger.pieces as pieces


def state_seen(job: int) -> tuple[int, str | None, bool]:
    """What a worker finds: the job, a value the parent set after its imports, whether it has the parent's modules."""
    return job, getattr(pieces, "_set_in_the_parent", None), "bragref.cli.reports" in sys.modules


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or sys.platform == "darwin",
                    reason="no safe fork on this platform")
def test_workers_are_forked_whatever_pythons_default_start_method(monkeypatch):
    """Where Python's default way to start a process is not fork (forkserver, as Python 3.14 makes it on Linux), a
    worker would import bragref anew for every command, and, the fork server's child, take the command for gone and
    end itself (`die_with`): the workers are forked from the command explicitly, so each begins with what the command
    has already imported and set."""
    import bragref.cli.reports  # noqa: F401 - a module the parent has, which a worker started afresh would not

    monkeypatch.setattr(multiprocessing.context._default_context, "_actual_context",
                        multiprocessing.get_context("forkserver"))
    assert multiprocessing.get_start_method() == "forkserver"
    monkeypatch.setattr(pieces, "_set_in_the_parent", "yes", raising=False)
    monkeypatch.setattr(pieces.os, "cpu_count", lambda: 2)
    assert list(pieces.in_order(state_seen, range(4))) == [(job, "yes", True) for job in range(4)]
    assert pieces.starts().get_start_method() == "fork"


def test_where_no_fork_is_safe_the_workers_start_pythons_default_way(monkeypatch):
    """macOS has fork, but its system libraries are not safe in a forked child (Python's default there is spawn):
    there, and where there is no fork, the workers start as Python starts a process."""
    monkeypatch.setattr(pieces.sys, "platform", "darwin")
    assert pieces.starts() is multiprocessing.get_context()
