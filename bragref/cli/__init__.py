"""The command line: parse, call the ledger and engine, print. Exit codes per docs/reference.md, Exit codes.

This package's own module holds what every command shares and no command-line framework: the words and colours a
command prints, the exit codes, the ledger a command opens (`App`), so that a hand's action typed the plain way is
recorded without loading click (`quick`). The command line itself, click's, is `group` (`cli`, `main`)."""

from __future__ import annotations

import contextlib
import os
import re
import sys

from bragref.engine.errors import BadInput, Refused, brief

EXIT_BAD_INPUT, EXIT_REFUSED, EXIT_AUDIT, EXIT_BUSY, EXIT_BUG = 2, 3, 4, 5, 1
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report a SIGINT


# Each command's module, imported only when that command runs: `bet` pays for no report code; here, without click, so
# that the quick path knows a command from a move. A bare name is a module of `bragref.cli`; `serve`'s lives with the
# page it serves, which records through `table`'s answers (above them). Every other command is a game's move.
COMMAND_MODULES = {
    **dict.fromkeys(["where", "session", "player", "rules"], "sessions"),
    "deal": "dealing",
    "undo": "hand",
    **dict.fromkeys(["buy-in", "top-up", "cash-out"], "stakes"),
    **dict.fromkeys(["rank", "compare", "odds"], "cards"),
    **dict.fromkeys(["status", "history", "balances", "settle"], "reports"),
    **dict.fromkeys(["export", "import"], "exchange"),
    **dict.fromkeys(["replay", "summary"], "story"),
    "games": "games",
    "match": "matches",
    "run": "run",
    "audit": "audit",
    "simulate": "simulate",
    "table": "table",
    "serve": "bragref.serve.command",
    "app": "bragref.serve.phone.command",
    **dict.fromkeys(["lend", "repay"], "loans"),
    **dict.fromkeys(["season", "paid", "pay-to", "stats", "datasette-metadata"], "season"),
    **dict.fromkeys(["litestream-config", "club"], "club"),
    "replica": "replica",
}


def read_text(path: str, limit: int | None = None, what: str = "a file here") -> str:
    """A UTF-8 text file (past a byte order mark, as Windows editors may begin it) of at most `limit` characters,
    `what` it is in the message when it is larger; or bad input saying why not."""
    def read(name: str) -> str:
        with open(name, encoding="utf-8-sig") as handle:
            return handle.read() if limit is None else handle.read(limit + 1)

    text = readable(path, read)
    if limit is not None and len(text) > limit:
        raise BadInput(f"{path!r} is larger than {what} may be ({limit // 2**20} MiB)")
    return text


def readable(path: str, read):
    """`read(path)`: what it reads of the file at `path` as UTF-8 text; or bad input saying why it cannot."""
    try:
        return read(path)
    except (OSError, ValueError) as error:  # missing, a folder, unreadable, not UTF-8, a NUL in the name
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text" \
            if isinstance(error, UnicodeDecodeError) else str(error)
        raise BadInput(f"cannot read {path!r}: {reason}") from None


def cell(text: str) -> str:
    """Text for one cell of a table or CSV: every unprintable character escaped, line breaks too, so no value can
    start a fake row or carry a terminal escape (an OSC 8 link) into a file."""
    return text if text.isprintable() else "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


COLOURS = {"red": 31, "green": 32, "yellow": 33, "blue": 34}  # the foregrounds bragref paints in
ESCAPE = "\033"


def paint(text: str, fg: str | None = None, bold: bool = False) -> str:
    """Colour for a terminal, as `click.style` writes it: what prints it drops it wherever output is not one
    (`click.echo`, `plain`), and NO_COLOR (any value) keeps it off."""
    if os.environ.get("NO_COLOR"):
        return text
    colour = f"{ESCAPE}[{COLOURS[fg]}m" if fg else ""
    return f"{colour}{f'{ESCAPE}[1m' if bold else ''}{text}{ESCAPE}[0m"


ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")  # what `click.echo` takes out of text bound for a file or a pipe


def plain(text: str, stream) -> str:
    """`text` as `click.echo` writes it to `stream`: its colour taken out unless the stream is a terminal."""
    return text if stream.isatty() else ANSI.sub("", text)


class App:
    """What every command shares: where the ledger is and which session is meant; the ledger, opened when first
    asked for."""

    def __init__(self, db: str, session: str | None, explicit_session: bool = False):
        self.db, self.session, self.explicit_session = db, session, explicit_session
        self._ledger = self._book = None

    def ledger(self, create: bool = False):
        """The ledger, opened (and brought up to date) on first use; only a command that may record the ledger's
        first row (`create`: `session new`, `import`, `simulate`, `table`) makes one where there is none: any
        other is bad input, and nothing is made, no file and no folder (docs/reference.md, Promises about history)."""
        if self._ledger is None:
            from bragref.ledger.store import Ledger

            self._ledger = Ledger(self.existing() if not create else self.db, create=create)
            if self.db != ":memory:":
                self._ledger.before_write = lambda: replica_checked(self._ledger, self.db)
        return self._ledger

    def book(self, create: bool = False):
        """The ledger and the session meant, as the Python API speaks to them (`bragref.api.Book`): what every
        command calls, the command line being a shell over it (docs/reference.md, Python)."""
        if self._book is None:
            from bragref.api import Book

            self._book = Book(lambda: self.ledger(create), self.session)
        return self._book

    def existing(self) -> str:
        """The ledger's path, where a ledger is; else bad input."""
        if self.db != ":memory:" and not os.path.isfile(self.db):
            raise BadInput(f"no ledger at {self.db}: a command that records something (`bragref session new`, "
                           f"`bragref import`) makes one")
        return self.db

    @property
    def wrote(self) -> bool:
        """Whether this command has committed a write to the ledger."""
        return self._ledger is not None and self._ledger.wrote

    def close(self) -> None:
        if self._ledger is not None:
            self._ledger.close()


def replica_checked(ledger, path: str) -> None:
    """A returning laptop told before it writes (docs/club.md, Is the replica sound?): the ledger's replica checked
    where one is configured and its state is not known (`replica.before_write`: raises `Moved` where it has moved
    on); a replica that cannot be reached is a warning, and the write goes on. Nothing loaded where no replica is."""
    beside = os.path.abspath(path)  # `replica.checked_path` and `replica.default_replica`, read without loading them
    if not (os.path.exists(f"{beside}-replica-checked.json") or os.path.isdir(f"{beside}-replica")):
        return
    from bragref.ledger.replica import UNREACHABLE, before_write

    health = before_write(ledger.conn, path)
    if health is not None and health.state == UNREACHABLE:
        from bragref.told import replica_words

        with contextlib.suppress(AttributeError, OSError):
            sys.stderr.write(plain(f"{paint('warning:', fg='yellow', bold=True)} "
                                   f"{replica_words(health.replica, health.state, None, None, health.said)}",
                                   sys.stderr) + "\n")


def interrupted(wrote: bool) -> int:
    """Ctrl-C: exit 130, as shells report a SIGINT and as `table` exits (0 once a write committed: it is kept). Said
    on stderr without loading click, wherever it lands (`bragref.__main__`); where stderr cannot be written, the exit
    code alone tells."""
    try:
        sys.stderr.write("\ninterrupted: " + ("what was recorded is kept" if wrote else "nothing was recorded") + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError):  # stderr closed (None), or a full disk
        pass
    return 0 if wrote else EXIT_INTERRUPTED


def committed() -> bool:
    """Whether a ledger of this process has committed a write (`Ledger.committed`), asked only where the ledger's
    module is loaded: until it is, nothing has been written."""
    store = sys.modules.get("bragref.ledger.store")
    return bool(getattr(getattr(store, "Ledger", None), "committed", False))


def default_db() -> str:
    """The ledger where none is named: in the app folder (`click.get_app_dir`; on Linux, as it gives it, without
    loading click: `$XDG_CONFIG_HOME/bragref`, else `~/.config/bragref`)."""
    if sys.platform.startswith("linux"):
        folder = os.path.join(os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config")), "bragref")
    else:
        import click

        folder = click.get_app_dir("bragref")
    return os.path.join(folder, "ledger.db")


def refusal_text(refused: Refused) -> str:
    from bragref.told import legal_words

    lines = [f"{paint('refused:', fg='red', bold=True)} {brief(str(refused))}"]
    legal = refused.legal
    if legal is not None:
        words = legal_words(legal, refused.rules)
        if words:
            who = legal.player or "The table"
            lines.append(f"{who} may: {words}")
    return "\n".join(lines)




def __getattr__(name: str):
    """The command line itself (`cli`, `main`: `group`), loaded only when asked for."""
    if name in ("cli", "main", "BragGroup"):
        from bragref.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
