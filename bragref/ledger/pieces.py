"""Long work over the ledger file on every core: in pieces, each in a process of its own that reads the file on its
own connection, the results given back in the pieces' order (`audit`, a long `import`)."""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator

NO_PROCESSES = ("emscripten", "wasi")  # Pythons that start no process: a browser's (Pyodide), WebAssembly's


def cores() -> int:
    """The processes long work is shared among: one where no other can be started."""
    if sys.platform in NO_PROCESSES:
        return 1
    return os.cpu_count() or 1


def starts():
    """How a worker is started (a `multiprocessing` context): forked from the command where the platform can fork
    safely, whatever Python's default is (forkserver from Python 3.14 on Linux, under which each worker would import
    bragref anew, and be the fork server's child, not the command's: `die_with` would end it at once); Python's
    default elsewhere (spawn on Windows, and on macOS, whose system libraries are not safe in a forked child)."""
    import multiprocessing

    if sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def alive(pid: int) -> bool:
    """Whether process `pid` is running (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


ORPHAN_CHECK_S = 0.5  # how often a worker looks whether the process it works for is still there


def die_with(parent: int) -> None:
    """A worker's start: it ends itself once `parent`, the process it works for, is gone (killed mid-import, say),
    rather than live on holding the ledger's files and the caller's pipes."""
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="bragref-die-with-parent").start()


def in_order(work: Callable, jobs: Iterable, ahead: int | None = None) -> Iterator:
    """`work(job)` for each job (both picklable: `work` a module's function), in the jobs' order, in as many
    processes as there are cores. With `ahead`, at most that many pieces a process are done or under way and not
    yet taken, so that large results a slow reader has not taken (a pager scrolled slowly) do not pile up; a reader
    that stops early leaves the pieces not begun undone. Without it every piece is handed out at once: for small
    results, and pieces so uneven that one may take as long as many others."""
    from concurrent.futures import ProcessPoolExecutor  # here: importing it costs every report more than it runs

    workers = cores()
    pool = ProcessPoolExecutor(workers, mp_context=starts(), initializer=die_with, initargs=(os.getpid(),))
    waiting: deque = deque()
    try:
        for job in jobs:
            waiting.append(pool.submit(work, job))
            if ahead is not None and len(waiting) >= ahead * workers:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        pool.shutdown(cancel_futures=True)
