"""Long work over the ledger file on every core: in pieces, each in a process of its own that reads the file on its
own connection, the results given back in the pieces' order (`audit`, a long session's `history`)."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator


def cores() -> int:
    return os.cpu_count() or 1


def in_order(work: Callable, jobs: Iterable, ahead: int | None = None) -> Iterator:
    """`work(job)` for each job (both picklable: `work` a module's function), in the jobs' order, in as many
    processes as there are cores. With `ahead`, at most that many pieces a process are done or under way and not
    yet taken, so that large results a slow reader has not taken (a pager scrolled slowly) do not pile up; a reader
    that stops early leaves the pieces not begun undone. Without it every piece is handed out at once: for small
    results, and pieces so uneven that one may take as long as many others."""
    from concurrent.futures import ProcessPoolExecutor  # here: importing it costs every report more than it runs

    workers = cores()
    pool = ProcessPoolExecutor(workers)
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
