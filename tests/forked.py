"""What a process forked by the tests' server launcher (`conftest.Served`) runs: `bragref ARGS`, as
`python -m bragref ARGS` runs it. A module of its own, importing nothing more: the forked process imports it to find
what to run."""

import os
import sys


def bragref(args: list[str], environ: dict, folder: str, out, err) -> None:
    """`bragref ARGS` with the test's environment and working folder, its stdout and stderr the launcher's pipes
    (`out` and `err`, each a `multiprocessing.reduction.DupFd`)."""
    os.environ.clear()
    os.environ.update(environ)
    os.chdir(folder)
    for fd, onto in ((out.detach(), 1), (err.detach(), 2)):
        os.dup2(fd, onto)
        os.close(fd)
    sys.argv = ["bragref", *args]
    from bragref.__main__ import main

    main()
