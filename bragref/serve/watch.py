"""The one reader every page shares: it notices that the ledger changed, whoever wrote it, by SQLite's
`PRAGMA data_version` (which moves when another connection commits) and by the file itself (another file renamed
into its place, or the file cut short or gone), and only then makes the table's object, once, for every page that
listens (`join`). Nothing here writes: the ledger is read as it is (`db.as_it_is`: opened read-only, no migration,
no change of journal mode). A ledger that cannot be read is said on every page and on stderr, and looked at again
until it can be."""

from __future__ import annotations

import asyncio
import os
import sys

import msgspec

from bragref.api import open_ledger
from bragref.engine.errors import BadInput
from bragref.games import game_of
from bragref.told import forms, moves, own_phrases, own_words, situation, whose_turn


class Watcher:
    """The ledger at `path` (its current session, or `session`), looked at every `every` seconds."""

    def __init__(self, path: str, session: str | None = None, every: float = 0.2):
        self.path, self.session, self.every = path, session, every
        self.book = None  # opened by a look, in the thread that serves (SQLite's connections stay in one)
        self.file: tuple | None = None  # what the book was opened on: the file's device, inode and size then
        self.pages: set[asyncio.Queue] = set()
        self.version: int | None = None
        self.trouble: str | None = None  # why the ledger cannot be read now, while it cannot
        self.now = b""  # the table's object, as JSON: what a page is sent

    def look(self) -> bool:
        """Whether what the pages are shown changed since the last look; if so, the table's object is made again:
        the table, or why the ledger cannot be read."""
        try:
            version = self._version()
            if version == self.version and self.trouble is None:
                return False
            now = msgspec.json.encode(self.table())
        except Exception as error:  # whatever the file holds (or not), the server stays up and says why
            self._close()
            return self._cannot_read(error)
        if self.trouble is not None:
            self.complain(f"serve: the ledger {self.path} can be read again")
        self.version, self.trouble, self.now = version, None, now
        return True

    def _version(self) -> int:
        """The ledger's `data_version`, on a connection to the file now at `path`: another file renamed over it, or
        the file cut shorter than it was, is opened anew (a connection follows the file it opened, not the path),
        and so is an older bragref's ledger that changed, read through a copy brought up to date."""
        stat = os.stat(self.path)
        if stat.st_size == 0:
            raise BadInput("it is empty: not a bragref ledger")
        if self.book is None or self.file[:2] != (stat.st_dev, stat.st_ino) or stat.st_size < self.file[2]:
            self._open()
        version = self._file_version()
        if version != self.version and self.version is not None and self.book.ledger.file is not self.book.ledger.conn:
            self._open()
            version = self._file_version()
        self.file = (stat.st_dev, stat.st_ino, stat.st_size)
        return version

    def _open(self) -> None:
        self._close()
        self.book = open_ledger(self.path, self.session, read_only=True)
        self.version = None

    def _file_version(self) -> int:
        return self.book.ledger.file.execute("PRAGMA data_version").fetchone()[0]

    def _close(self) -> None:
        if self.book is not None:
            book, self.book = self.book, None
            try:
                book.close()
            except Exception:  # a connection to a file gone bad closes as it can
                pass

    @staticmethod
    def complain(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def _cannot_read(self, error: Exception) -> bool:
        reason = f"{error.__class__.__name__}: {error}" if not isinstance(error, (BadInput, OSError)) else str(error)
        if isinstance(error, FileNotFoundError):
            reason = "it is not there"
        trouble = f"The ledger cannot be read ({reason}); this page shows the table again as soon as it can."
        if trouble == self.trouble:
            return False
        self.complain(f"serve: the ledger {self.path} cannot be read ({reason}); looking again every "
                      f"{self.every:g} s")
        self.trouble, self.version = trouble, None
        self.now = msgspec.json.encode({"session": None, "said": trouble, "trouble": True, "players": [],
                                        "balances": [], "actions": []})
        return True

    def table(self) -> dict:
        """`status --json`'s object with the night's `balances` (CLI.md), and beside them what the pages show in the
        table's own words (`told`): the current hand's actions (`history N --json`), its line (`said`), how money is
        written (the session's unit and currency, R1.1a), the game's own keys in words, the night's chart, and for
        the referee's page the moves on offer and the answers between hands (`forms`)."""
        book = self.book
        try:
            with book.reading():  # one state of the ledger, however many reads
                session, current = book.current_session(), book.current()
                data = book.status()
                data["balances"] = book.balances()
                data["actions"] = list(book.history(current.number)) if current else []
                data["said"] = situation(current.number, current.hand) if current else \
                    f"No hand dealt yet in {session.name}: deal to start a hand of {game_of(session.rules).title}."
                if session.closed:
                    data["said"] = f"Session {session.name} is closed (R9.1): nothing more is recorded in it."
                data["money"] = {"unit": session.rules.unit, "currency": session.rules.currency}
                data["told"] = told(session, current, book.running(), season_of(book))
        except BadInput as error:  # no session yet: the page says so, and waits
            return {"session": None, "said": str(error), "players": [], "balances": [], "actions": []}
        return data

    def join(self) -> asyncio.Queue:
        """A page listening: it hears the table's object each time it changes (only the newest, if it falls
        behind)."""
        page: asyncio.Queue = asyncio.Queue(maxsize=1)
        self.pages.add(page)
        return page

    def leave(self, page: asyncio.Queue) -> None:
        self.pages.discard(page)

    def tell(self, now: bytes | None = None) -> None:
        """Every page hears the table's object, or `now` instead (empty: the server is stopping, and so is each
        page's stream)."""
        for page in self.pages:
            if page.full():
                page.get_nowait()  # an older object it has not read yet: the newest replaces it
            page.put_nowait(self.now if now is None else now)

    def stop(self) -> None:
        """Every page's stream ends, so that the server stops at once rather than wait for them."""
        self.tell(b"")

    async def follow(self) -> None:
        """Look, and tell every page of a change, until stopped."""
        while True:
            await asyncio.sleep(self.every)
            if self.look():
                self.tell()


def season_of(book) -> dict | None:
    """The season's chart of the nights kept in the table's money (R1.1), where there is more than one."""
    if len(book.session_names()) < 2:
        return None
    chart = book.season_chart()
    return chart if len(chart["nights"]) > 1 else None


def told(session, current, running: dict, season: dict | None) -> dict:
    """What the pages show in words (`bragref.told`) of the session's `current` hand (None before the first): whose
    turn in a few words, the game's own keys that say something, each player's own phrases, the night's running
    results and the season's; the moves on offer in the hand, and the answers the table takes between hands and at
    any time (`forms`)."""
    hand = current.hand if current else None
    playing = hand is not None and hand.phase != "over"
    return {"title": game_of(hand.rules if hand else session.rules).title,
            "turn": whose_turn(current.number, hand) if current else "Deal a hand",
            "season": season,
            "keys": [pair for pair in own_words(hand) if pair[1]] if hand else [],
            "players": {p.name: own_phrases(hand, p.name) for p in hand.players} if hand else {},
            "chart": running,
            "moves": moves(hand) if playing else [],
            "forms": [] if session.closed else forms(session, hand)}
