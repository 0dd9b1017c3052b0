"""The `bragref` command, and `python -m bragref`: the command line (`bragref.cli`), started lean."""

import _signal  # `signal` without the enums its import builds of every signal (0.7 ms of every command)
import _thread
import gc
import sys
import time

TYPING_EXTENSIONS = "typing_extensions"


def main(held: list | None = None) -> None:
    """Run the command (`command`). Ctrl-C wherever no command's own handler has it (while the modules a command needs
    load, before it is read, as it ends) is told as they tell it: exit 130, "nothing was recorded", unless a ledger
    of this process has committed a write (exit 0, it is kept): never a traceback. (A Ctrl-C while Python itself
    starts, before bragref's first line, is Python's to report.) One that lands in a callback of Python's own, which
    it could only print as ignored, is pressed again as it ends (`unraisable`), or raised as the command ends where
    the press has not come yet. `held`: the Ctrl-Cs the console
    script's entry (`bragref.console`) held while this module loaded, its handler given back to Python's here."""
    sys.unraisablehook = unraisable
    try:
        if held is not None:
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
            if held:
                raise KeyboardInterrupt
        try:
            command()
        finally:
            if taken():  # not pressed again yet (the command ended before the thread ran): raised here
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        taken()
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # told once: a press still on its way is not raised in the
        # telling (`interrupt_main` does nothing where SIGINT is ignored)
        from bragref.cli import committed, interrupted

        sys.exit(interrupted(committed()))


IGNORED: list[bool] = []  # a Ctrl-C Python could only have printed as ignored, not raised yet


def taken() -> bool:
    """Whether a Ctrl-C was ignored and not raised yet, taken to be raised by the caller: one of the command's end and
    the thread pressing it again (`pressed_again`) takes it, never both (a list's `pop` is one step)."""
    try:
        return IGNORED.pop()
    except IndexError:
        return False


def unraisable(report) -> None:
    """What Python does with an exception it cannot raise (`sys.unraisablehook`: one raised in a callback of its own,
    such as the one that drops an import's lock as a command's modules load after `loaded`), but for a Ctrl-C:
    Python would print it as ignored, a traceback, and go on with the command. It is pressed again a moment later
    (`pressed_again`), once the callback has ended, to be told as any other."""
    if issubclass(report.exc_type, KeyboardInterrupt):
        IGNORED.append(True)
        _thread.start_new_thread(pressed_again, ())
    else:
        sys.__unraisablehook__(report)


def pressed_again() -> None:
    """Ctrl-C pressed again, from a thread of its own a millisecond on: pressed from the callback's hook, it would be
    raised in the hook, and ignored again."""
    time.sleep(0.001)
    if taken():  # else the command has ended and raised it (`main`)
        _thread.interrupt_main()


def command() -> None:
    """Run the command: a hand's action typed the plain way by the quick path (`cli.quick`), anything else (and
    anything it leaves) by the command line. What their modules define lives as long as the process, so the garbage
    collector is kept out of their import and then told to pass over all of it (`gc.freeze`): a short command such
    as `bet` takes about 0.85 of the time it took without. What a command makes afterwards is collected
    as usual.

    `typing_extensions` comes with `serve`'s libraries, and msgspec reads type hints with it wherever it can be
    imported: 2 ms of every command, for nothing of ours (Python's own `typing` reads them alike). So it is kept out
    (`serve` lets it back in, `serve.command.admit_typing_extensions`)."""
    sys.modules.setdefault(TYPING_EXTENSIONS, None)
    recorded = loaded("bragref.cli.quick", "recorded")
    code = recorded(sys.argv[1:])  # a hand's action typed the plain way, without loading click (`cli.quick`)
    if code is not None:
        sys.exit(code)
    loaded("bragref.cli", "main")()


def loaded(module: str, name: str):
    """`name` of `module`, its modules imported with the garbage collector kept out and then frozen; a Ctrl-C while
    they load held until they have (raised inside an import, it can land in one of importlib's own callbacks, where
    Python prints it as ignored and goes on importing), then raised as the KeyboardInterrupt it was."""
    pressed = []
    previous = _signal.signal(_signal.SIGINT, lambda signum, frame: pressed.append(signum))
    gc.disable()
    try:
        return getattr(__import__(module, fromlist=[name]), name)
    finally:
        gc.freeze()
        gc.enable()
        _signal.signal(_signal.SIGINT, previous)
        if pressed:
            raise KeyboardInterrupt


if __name__ == "__main__":
    main()
