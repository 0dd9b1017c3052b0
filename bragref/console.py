"""The `bragref` console script's entry point: the first of bragref it runs, so the first thing it does is take
Ctrl-C. A Ctrl-C pressed from here until the command's own reader of it is ready (`__main__.main`: while bragref's
modules load, while click reads the command line) is held, then told as any other: "interrupted: nothing was
recorded", exit 130, never a traceback. A process started with Ctrl-C ignored (a background job) keeps it ignored."""

import _signal

pressed: list[int] = []
ignored = _signal.getsignal(_signal.SIGINT) is _signal.SIG_IGN
if not ignored:
    _signal.signal(_signal.SIGINT, lambda signum, frame: pressed.append(signum))


def main() -> None:
    """Run the command (`__main__.main`), a Ctrl-C held until then told as it tells one."""
    from bragref.__main__ import main as command

    command(held=None if ignored else pressed)
