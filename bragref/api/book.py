"""`Book`: a ledger and its current session, spoken to in the command line's verbs, made of its parts, each a
module of its own that a reader can hold: `sessions` (sessions and seats), `play` (the hands and their moves),
`money` (table money, loans, settle-ups, the reports of money), `reports` (histories, replays, the night, the
audit), `exchange` (hand histories out and in) and `season` (the nights between two dates). What they share is here:
the ledger, opened when first needed, the session spoken of, where actions are entered, what was last recorded, and
the ledger read or written in one state."""

from __future__ import annotations

from bragref.api.exchange import Exchange
from bragref.api.money import Money
from bragref.api.play import Play
from bragref.api.reports import Reports
from bragref.api.season import Season
from bragref.api.sessions import Sessions
from bragref.engine.errors import BadInput


class Book(Sessions, Play, Money, Reports, Exchange, Season):
    """A ledger and its current session, spoken to in the command line's verbs: the command line is a shell over
    these calls. Each recording verb is one durable write, refused (`Refused`, `BadInput`) with nothing written,
    exactly as the command would be; what it recorded, as the ledger gives it back, is then `last` (as sqlite-utils
    keeps `last_rowid` after an insert): what the command line prints from, each verb saying what it holds."""

    def __init__(self, ledger, session: str | None = None):
        """`ledger`: a `ledger.store.Ledger`, or what opens one when first needed (the command line's, so that a
        command refused before it reads or writes makes no ledger)."""
        self._ledger = ledger
        self.session = session
        self.last = None
        self._entered = "command"
        if not callable(ledger):
            ledger.entered = self._entered

    @property
    def ledger(self):
        if callable(self._ledger):
            self._ledger = self._ledger()
            self._ledger.entered = self._entered
        return self._ledger

    @property
    def entered(self) -> str:
        """Where the actions this book records are entered (`ledger.store.ENTERED`), kept on each action's row and
        each void's and chained with it, so that `audit` holds it (`history --json`'s `entered`): `"command"`, the
        default, for the one-shot commands and for Python; `bragref table` sets `"table"`, the referee's page
        `"referee"`, and what a player's phone asks `"seat"` (recorded by the referee) or `"seat-self"` (recorded at
        once, `--seats record`); any other word is `BadInput`. An import keeps what its history says of each action
        instead."""
        return self._entered

    @entered.setter
    def entered(self, where: str) -> None:
        from bragref.ledger.store import ENTERED

        if where not in ENTERED:
            raise BadInput(f"an action is entered from one of {', '.join(ENTERED)}, not {where!r}")
        self._entered = where
        if not callable(self._ledger):
            self._ledger.entered = where

    def close(self) -> None:
        """Close the ledger's file."""
        if not callable(self._ledger):
            self._ledger.close()

    @property
    def wrote(self) -> bool:
        """Whether a write to the ledger has been committed through this book."""
        return not callable(self._ledger) and self._ledger.wrote

    def _recorded(self, record):
        self.last = record
        return record

    def current_session(self):
        """The session itself (`ledger.seats.Session`): its name, seats, rules for the next hand, whether closed."""
        return self.ledger.session(self.session)

    def reading(self):
        """A context in which every read sees one state of the ledger, even while another terminal writes."""
        return self.ledger.reading()

    def trying(self):
        """A context in which every recording verb is judged as it would be (refused, stale or accepted, `last` set),
        and then nothing is recorded."""
        return self.ledger.trying()

    def pin(self, digest: str | None = None) -> None:
        """From now on a recording verb is refused as stale (`ledger.store.Stale`, nothing written) once another
        terminal has recorded anything since this call (or since the ledger's `digest` was the one given): `table`'s
        answer is for the table as its prompt showed it, the referee's page's for the table as the page showed it."""
        self.ledger.expect = digest or self.ledger.digest()

    def digest(self) -> str:
        """The ledger's digest now (`1234-3f9ab2c1d4e5f607`), as `status` prints it: keep it outside the ledger, and
        `audit(digest=…)` shows later whether anything recorded up to it has changed."""
        return self.ledger.digest()

    def scope(self, all_sessions: bool = False, money: str | None = None) -> list:
        """The sessions a report covers: the current one, or (`all_sessions`) every one, or every one kept in `money`
        (`"money"`: one unit written in it, `£0.01`); `BadInput` when there is none."""
        sessions = self.ledger.all_sessions() if all_sessions else [self.current_session()]
        if not sessions:
            raise BadInput("no session yet: start one with `bragref session new NAME --players A,B,C`")
        if money is not None:
            from bragref.ledger.money import by_money

            return by_money(sessions)[money]
        return sessions
