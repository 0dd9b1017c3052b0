"""The command line itself: click's group of every command, loading each command's module only when it runs, and turning
the engine's and ledger's errors into the contract's exit codes (docs/reference.md, Exit codes), never a traceback."""

from __future__ import annotations

import errno
import importlib
import os
import sys

import click

from bragref import __version__
from bragref.cli import (COMMAND_MODULES, EXIT_AUDIT, EXIT_BAD_INPUT, EXIT_BUG, EXIT_BUSY, EXIT_REFUSED, App, brief,
                         complete, default_db, interrupted, paint, refusal_text)
from bragref.cli.argv import NEGATIVE, below_zero as said_below_zero
from bragref.engine.errors import BadInput, Refused, did_you_mean, printable
from bragref.ledger.db import LedgerUnavailable

class BragGroup(click.Group):
    """Loads commands lazily, and turns the engine's and ledger's errors into the
    contract's exit codes, never a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from bragref.games import game_verbs, verb_aliases

        return sorted({*COMMAND_MODULES, *game_verbs(), *verb_aliases()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMAND_MODULES.get(name)
        if module is None:
            from bragref.games.verbs import FAMILY_VERBS  # a verb a game declares: its command is made from it

            kind, games = FAMILY_VERBS.get(name), None  # the family's own: no game need be loaded to make its command
            if kind is None:
                from bragref.games import GAMES, game_verbs, verb_aliases

                kind = verb_aliases().get(name) or game_verbs().get(name)
                if kind is not None and name == kind.verb:  # several games' moves by one verb (`pass`): each's help
                    games = {game.title: game.verbs[kind.verb] for game in GAMES.values()
                             if kind.verb in game.verbs and name not in game.aliases_of_verbs}
            return None if kind is None else importlib.import_module("bragref.cli.hand").verb_command(kind, name, games)
        commands = importlib.import_module(module if "." in module else f"bragref.cli.{module}").COMMANDS
        return next(c for c in commands if c.name == name)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """A mistyped command (`bragref fodl`) is told the nearest one there is (`fold`)."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            near = did_you_mean(args[0], self.list_commands(ctx)) if args else ""
            if near:
                error.message = f"no command {args[0]!r}{near}"
            from bragref.games import GAMES

            broken = GAMES.why_broken() if args else {}  # the command may be a verb of a game that does not load
            if broken:
                error.message = f"{error.message}; {'; '.join(broken.values())}"
            raise

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        """The command line read: a Ctrl-C while click reads it is told as any other (exit 130, nothing recorded, as
        `invoke` tells one), not click's "Aborted!" (exit 1), which it would be outside `invoke`."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            sys.exit(interrupted(False))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["words"] = list(args)  # as typed, for a message about one of them (`below_zero`)
        try:
            for word in args:
                not_text(word)
            return super().parse_args(ctx, args)
        except click.ClickException as usage:
            usage.message = brief(usage.message)
            raise
        except BadInput as bad:
            complain(f"{paint('error:', fg='red', bold=True)} {brief(str(bad))}")
            ctx.exit(EXIT_BAD_INPUT)

    def invoke(self, ctx: click.Context):
        try:
            result = super().invoke(ctx)
            if sys.stdout is None:  # started with standard output closed: everything printed went nowhere
                raise OSError(errno.EBADF, "standard output is closed")
            sys.stdout.flush()  # an output failure surfaces here, where it is known whether anything was recorded
            return result
        except OSError as error:  # printing failed: a closed pipe, a full disk
            ctx.exit(output_failed(isinstance(ctx.obj, App) and ctx.obj.wrote, error))
        except (Refused, BadInput, LedgerUnavailable) as error:
            ctx.exit(refused_or_bad(error))
        except click.ClickException as usage:  # click quotes what was typed: escape it like our own messages
            negative = below_zero(usage, ctx.meta["words"])
            if negative:  # an amount below 0 is a bad amount, said in one line as any other (R1.1), not usage
                complain(f"{paint('error:', fg='red', bold=True)} {brief(negative)}")
                ctx.exit(EXIT_BAD_INPUT)
            usage.message = brief(usage.message)
            raise
        except (click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:  # Ctrl-C, wherever it lands: a write under way is rolled back whole
            ctx.exit(interrupted(isinstance(ctx.obj, App) and ctx.obj.wrote))
        except Exception as bug:  # the contract's exit 1: a bug, reported in one line; 0 once a write committed
            if os.environ.get("BRAGREF_DEBUG"):
                raise
            ctx.exit(failed(isinstance(ctx.obj, App) and ctx.obj.wrote, bug))
        finally:
            if isinstance(ctx.obj, App):
                ctx.obj.close()


def refused_or_bad(error: Refused | BadInput | LedgerUnavailable) -> int:
    """Say why nothing was done, in one line (with what may be done instead, for a refusal); the exit code."""
    if isinstance(error, Refused):
        complain(refusal_text(error))
        return EXIT_REFUSED
    if type(error).__name__ == "Moved":  # the replica has moved on (`replica.Moved`), told as `serve --referee` is
        from bragref.cli.replica import moved_words

        complain(moved_words(error.health))
        return EXIT_AUDIT
    complain(f"{paint('error:', fg='red', bold=True)} {brief(str(error))}")
    return EXIT_BAD_INPUT if isinstance(error, BadInput) else EXIT_BUSY


def failed(wrote: bool, bug: Exception) -> int:
    """Say what went wrong, not a traceback: a ledger damaged outside bragref, or a bug; the exit code, 0 once a write
    committed (`wrote`)."""
    if damaged(bug):
        done = "recorded, but then the ledger could not be read" if wrote else \
            "the ledger cannot be read, and nothing was written"
        complain(f"{paint('error:', fg='red', bold=True)} {done}: it is damaged ({brief(str(bug))}); "
                 f"`bragref audit` says what it finds")
        return 0 if wrote else EXIT_BUSY
    what = "recorded, but then an internal error" if wrote else "internal error"
    theirs = whose(bug)
    whom = f"{theirs}, a game installed beside bragref: please report it to its makers" if theirs else \
        f"bragref {__version__}, please report it"
    complain(f"{what} (a bug in {whom}): {printable(repr(bug))}")
    return 0 if wrote else EXIT_BUG


def whose(bug: Exception) -> str | None:
    """The distribution of a game installed from elsewhere (`bragref-stick 1.0`) where its own code raised `bug`:
    where, of the frames it passed through, the innermost of bragref's and that game's is the game's. What either
    calls (Python's own modules, a library) raises for the code that called it. None: bragref's bug."""
    from bragref.games import others_packages

    frames, trace = [], bug.__traceback__
    while trace is not None:
        frames.append(trace.tb_frame)
        trace = trace.tb_next
    theirs = others_packages()
    for frame in reversed(frames):
        package = str(frame.f_globals.get("__name__", "")).partition(".")[0]
        if package == "bragref":
            return None
        if package in theirs:
            return theirs[package]
    return None


def complain(text: str) -> None:
    """A message on stderr; where stderr cannot be written (a full disk), the exit code alone tells."""
    try:
        click.echo(text, err=True)
    except OSError:
        pass


def not_text(word: str) -> None:
    """Bad input where a word typed is not UTF-8 text (the bytes Python kept as lone surrogates): no ledger row, and
    no message, can hold it."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        raw = word.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
        raise BadInput(f"{raw} is not UTF-8 text: bragref takes names, amounts and notes as text") from None


def damaged(error: Exception) -> bool:
    """Whether `error` is a ledger damaged outside bragref showing itself (a page SQLite cannot read, a row's JSON or
    text that does not decode): the contract's exit 5, not a bug. Only modules already loaded are asked."""
    sqlite3, structs = sys.modules.get("sqlite3"), sys.modules.get("bragref.structs")
    return ((sqlite3 is not None and isinstance(error, sqlite3.DatabaseError))
            or (structs is not None and isinstance(error, structs.DecodeError))
            or isinstance(error, UnicodeDecodeError)
            or (isinstance(error, IndexError) and str(error) == "No item with that key"))  # a column gone: sqlite3.Row


def below_zero(usage: click.ClickException, words: list[str]) -> str | None:
    """`lend andy bill -1`: click takes `-1` (of `-1.50`) for an option it does not know; it is a value below 0, and
    said so (R1.1), as a move's reading says it (`argv`). `words`: the command line as typed."""
    if not isinstance(usage, click.NoSuchOption):
        return None
    typed = next((w for w in words if NEGATIVE.fullmatch(w) and w.startswith(usage.option_name)), None)
    return typed and said_below_zero(typed)


def output_failed(wrote: bool, error: OSError) -> int:
    """After a committed write (`wrote`) the command exits 0 whatever became of its output, saying so on stderr
    (docs/reference.md, Promises about output); a read-only command whose reader has gone ends quietly, as `git log |
    head` does; else exit 5. The exit code."""
    if sys.stdout is not None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more reaches the broken output, not even Python's last flush
    broken_pipe = isinstance(error, BrokenPipeError)
    if not (broken_pipe and not wrote):
        what = "recorded, but its output could not be written" if wrote else "its output could not be written"
        try:
            click.echo(f"{paint('error:', fg='red', bold=True)} {what}: {error.strerror or error}", err=True)
        except OSError:
            pass  # stderr is gone too: the exit code says it all
    return 0 if wrote or broken_pipe else EXIT_BUSY


@click.group(cls=BragGroup, short_help="Referee and ledger for Three Card Brag and its family.",
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", type=click.Path(dir_okay=False), envvar="BRAGREF_DB",
              help="The ledger file. Default: $BRAGREF_DB, else ledger.db in the app folder.")
@click.option("--session", "session", envvar="BRAGREF_SESSION", shell_complete=complete.sessions,
              help="The session meant. Default: $BRAGREF_SESSION, else the current one.")
@click.version_option(__version__, prog_name="bragref")
@click.pass_context
def cli(ctx: click.Context, db: str | None, session: str | None) -> None:
    """A referee and hand-history ledger for Three Card Brag and its family (`bragref games`).

    Record each ante, bet, look, fold and see as it happens; bragref knows
    whose turn it is, refuses what the rules forbid (citing the rule, R…),
    settles every pot, and settles up at the end with the fewest payments.

    \b
    Example:
      bragref session new friday --players "Andy,Bill,Chris"
      bragref deal
      bragref bet andy 2
    """
    source = ctx.get_parameter_source("session")
    explicit = source is not None and source.name == "COMMANDLINE"
    ctx.obj = App(db or default_db(), session, explicit)


def main() -> None:
    cli.main(prog_name="bragref")
