"""The one reader every page shares: it notices that the ledger changed, whoever wrote it, by SQLite's
`PRAGMA data_version` (which moves when another connection commits), and only then makes the table's object, once,
for every page that listens (`join`). Nothing here writes: the ledger is opened read-only."""

from __future__ import annotations

import asyncio

import msgspec

from bragref.api import open_ledger
from bragref.engine.errors import BadInput
from bragref.engine.state import Hand
from bragref.games import game_of, play


class Watcher:
    """The ledger at `path` (its current session, or `session`), looked at every `every` seconds."""

    def __init__(self, path: str, session: str | None = None, every: float = 0.2):
        self.path, self.session, self.every = path, session, every
        self.book = None  # opened by the first look, in the thread that serves (SQLite's connections stay in one)
        self.pages: set[asyncio.Queue] = set()
        self.version: int | None = None
        self.now = b""  # the table's object, as JSON: what a page is sent

    def look(self) -> bool:
        """Whether the ledger changed since the last look; if so, the table's object is made again."""
        if self.book is None:
            self.book = open_ledger(self.path, self.session, read_only=True)
        version = self.book.ledger.conn.execute("PRAGMA data_version").fetchone()[0]
        if version == self.version:
            return False
        self.version = version
        self.now = msgspec.json.encode(self.table())
        return True

    def table(self) -> dict:
        """`status --json`'s object with the night's `balances` (CLI.md), and beside them what the page shows in the
        table's own words: the current hand's actions (`history N --json`), its line (`said`), and how money is
        written (the session's unit and currency, R1.1a)."""
        book = self.book
        try:
            with book.reading():  # one state of the ledger, however many reads
                session, current = book.current_session(), book.current()
                data = book.status()
                data["balances"] = book.balances()
                data["actions"] = list(book.history(current.number)) if current else []
                data["said"] = said(current.hand) if current else f"No hand dealt yet in {session.name}."
                game = game_of(current.hand.rules) if current else None
                data["money"] = {"unit": session.rules.unit, "currency": session.rules.currency,
                                 "keys": list(game.money_keys) if game else [],
                                 "table_keys": list(game.table_money_keys) if game else []}
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

    def tell(self) -> None:
        for page in self.pages:
            if page.full():
                page.get_nowait()  # an older object it has not read yet: the newest replaces it
            page.put_nowait(self.now)

    async def follow(self) -> None:
        """Look, and tell every page of a change, until stopped."""
        while True:
            await asyncio.sleep(self.every)
            if self.look():
                self.tell()


def said(hand: Hand) -> str:
    """The table's line, in the session's money and the game's words: how the hand ended (as `replay` ends it), or
    what the last action decided, what the game says of the hand now, and whose turn it is and what they may do (or
    who shows)."""
    game = game_of(hand.rules)
    if hand.phase == "over":
        return game.ended(hand)
    now = play.legal(hand)
    who = f"{now.player} to act" if now.player else f"{' and '.join(now.names('show'))} to show"
    news = game.news(hand)
    return f"{news + ' ' if news else ''}{game.now_words(hand)}{who}: {', '.join(play.legal_phrases(now, hand.rules))}."

