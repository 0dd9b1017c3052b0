"""What a process forked by the tests' launcher (`conftest.Served`) runs: `bragref ARGS`, as `python -m bragref ARGS`
runs it, or a program's text, as `python -c CODE ARGS` runs it. A module of its own, importing nothing more: the
forked process imports it to find what to run."""

import os
import sys


def bragref(args: list[str], environ: dict, folder: str, out, err) -> None:
    """`bragref ARGS` with the test's environment and working folder, its stdout and stderr the launcher's pipes
    (`out` and `err`, each a `multiprocessing.reduction.DupFd`)."""
    _as_started(environ, folder, out, err)
    sys.argv = ["bragref", *args]
    from bragref.__main__ import main

    main()


def python(code: str, args: list[str], environ: dict, folder: str, out, err) -> None:
    """`python -c CODE ARGS`, as `bragref` above: the test's environment, folder and pipes."""
    _as_started(environ, folder, out, err)
    sys.argv = ["-c", *args]
    exec(compile(code, "<forked>", "exec"), {"__name__": "__main__"})  # noqa: S102 - the test's own program
    sys.stdout.flush()


def _as_started(environ: dict, folder: str, out, err) -> None:
    os.environ.clear()
    os.environ.update(environ)
    os.chdir(folder)
    for fd, onto in ((out.detach(), 1), (err.detach(), 2)):
        os.dup2(fd, onto)
        os.close(fd)
