"""Sessions, seats and rules between hands: the part of the ledger that says who plays what (R2, R9.3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, overload

import bragref.structs as structs

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import check_name, key, known_as, resolve, same
from bragref.engine.rules import Rules
from bragref.engine.seating import check_seats, require_between_hands
from bragref.games import play
from bragref.ledger import chain

if TYPE_CHECKING:
    import sqlite3
    from contextlib import AbstractContextManager

    from bragref.ledger.replay import Current
    from bragref.ledger.store import Params

    class Query(Protocol):  # `Ledger._q`, as the mixins call it (a parameter with its default)
        def __call__(self, sql: str, params: Params = ()) -> list[sqlite3.Row]: ...

    class Insert(Protocol):  # `Ledger._insert`
        def __call__(self, table: str, **values: object) -> int: ...

    class Event(Protocol):  # `Ledger._event`
        def __call__(self, session_id: int, event: str, player: str | None = None, detail: str | None = None) -> None:
            ...

    class Named(Protocol):  # `Seating.session`
        def __call__(self, name: str | None = None) -> Session: ...

SESSIONS = ("session", "created", "hands", "current", "closed", "session_id")  # a `session list` row's keys, in order

class Session(structs.Struct, frozen=True):
    id: int
    name: str
    rules: Rules  # in force for the next hand dealt
    seats: list[str]  # seated now, in clockwise order
    closed: bool = False  # `session close`: nothing more is recorded in it (R9.1)
    renamed: dict[str, str] = structs.field(default_factory=dict)  # every former name → the name now (`player rename`)
    identity: str | None = None  # the night's own identity (`session_id`, minted at `session new`: `IDENTITY`); None in
    # a session an older bragref made that nothing has been recorded in since

    @overload
    def now_called(self, name: str) -> str: ...
    @overload
    def now_called(self, name: None) -> None: ...

    def now_called(self, name: str | None) -> str | None:
        """A player's name now, from any name they had in this session (R2.6); None for None (nobody: a row's
        player where it has none)."""
        return None if name is None else self.renamed.get(name, name)


def formerly_named(sessions, name: str) -> str | None:
    """Whom `name` means now where it is a name someone had before a rename (R2.6), in any of `sessions`: the name
    they have now; None where nobody had it (or whoever had it took it back); `BadInput` naming both where two people
    had it before renames apart."""
    from bragref.engine.names import key

    folded = key(name.strip())
    now = {key(called): called for session in sessions for former in session.renamed if key(former) == folded
           for called in (session.now_called(former),) if key(called) != folded}
    if len(now) > 1:
        raise BadInput(f"{name.strip()!r} is a name {' and '.join(sorted(now.values()))} each had before a rename "
                       f"(R2.6): name one of them")
    return next(iter(now.values()), None)


def renamed_to(renamed: dict[str, str], old: str, new: str) -> dict[str, str]:
    """Every former name → the name now (`Session.renamed`), once `old` is called `new` (`player rename`, R2.6)."""
    return {**{former: new if now == old else now for former, now in renamed.items()}, old: new}


LIFE = "event IN ('seat', 'leave', 'rules', 'close', 'rename', 'identity')"  # the events that make a session what it
# is now

IDENTITY_BYTES = 16  # a session's identity: 128 random bits (`secrets`), written as 32 hex digits
IDENTITY = re.compile(r"[0-9a-f]{32,64}")  # an identity as a history carries it (`session_id`)


def minted() -> str:
    """A new session's identity: random, so that two nights are two whatever they hold, and one night is known as
    itself wherever it is copied (docs/reference.md, Beyond one machine). `secrets` is imported here, by the one
    command that mints: it loads OpenSSL's hashes, `random` and `base64`, 5 ms of every other command."""
    import secrets

    return secrets.token_hex(IDENTITY_BYTES)


def as_text(value) -> str | None:
    """An identity as text whatever the row holds (a forged one may hold a number or bytes: `audit` names it), so
    that every report still reads the ledger."""
    if value is None or isinstance(value, str):
        return value
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def made(row, events) -> Session:
    """The session a `sessions` row and its life's events (`LIFE`, in order) make."""
    rules = Rules.from_json(row["rules"])
    seats: list[str] = []
    closed = False
    renamed: dict[str, str] = {}
    identity = None
    for event in events:
        if event["event"] == "seat":
            at = seats.index(event["detail"]) + 1 if event["detail"] else len(seats)
            seats.insert(at, event["player"])
        elif event["event"] == "leave":
            seats.remove(event["player"])
        elif event["event"] == "rules":
            rules = Rules.from_json(event["detail"])
        elif event["event"] == "rename":
            old, new = event["player"], event["detail"]
            seats[seats.index(old)] = new
            renamed = renamed_to(renamed, old, new)
        elif event["event"] == "identity":
            identity = identity or as_text(event["detail"])  # the first stands: a session is given one once
        else:
            closed = True
    return Session(row["id"], row["name"], rules, seats, closed, renamed, identity)


class Seating:
    """What a `Ledger` records and reads of sessions, seats and rules (a part of it: its writes go through the
    ledger's own `write`, `_insert` and `_event`)."""

    if TYPE_CHECKING:  # what it uses of the rest of the ledger: `store.Ledger`'s, and `money.Money`'s table money
        conn: sqlite3.Connection
        now: Callable[[], str]
        identifying: bool
        _head: tuple[int, str] | None
        _mark: tuple | None
        _known: dict[str | None, tuple[tuple, Session]]

        write: Callable[[], AbstractContextManager[None]]  # each the method `Ledger` gives, as the type checker
        _q: Query  # reads it here (declared, not defined: at run time the ledger's own is found)
        _insert: Insert
        _event: Event
        current: Callable[[Session], Current | None]
        table_money: Callable[[Session], dict[str, int]]
        _purse: Callable[[Session, int | None, str, str, int], None]

    # ---- sessions and seats -------------------------------------------------

    def create_session(self, name: str, rules: Rules, players: list[str], use: bool = True,
                       next_only: bool = False, identity: str | None = None) -> Session:
        """A new session, made the current one (unless not `use`: an import that was not asked to); with `next_only`,
        only where no session is open (none yet, or the current one closed: a table's next session, R9.1). Its
        identity is `identity` (an imported history's own), else a new one (`minted`; none in an import's judge,
        where a history carries none), chained straight after its seats."""
        name = check_name(name, "session name")
        players = check_seats(players)
        with self.write():
            if next_only and self.session_names() and not (current := self.session()).closed:
                raise BadInput(f"session {current.name} is still open: close it first (`bragref session close`, "
                               f"R9.1)")
            people = self.people()
            players = [known_as(p, people) for p in players]  # as a person already known spells it (R2.6)
            if self._q("SELECT 1 FROM sessions WHERE name = ?", (name,)):
                raise BadInput(f"there is already a session called {name}")
            at = self.now()
            sid = self._insert("sessions", name=name, created_at=at, rules=rules.to_json())
            for player in players:
                self._insert("session_events", session_id=sid, at=at, event="seat", player=player)
            if identity is not None or self.identifying:  # an import's judge keeps a history's own, or none
                self._insert("session_events", session_id=sid, at=at, event="identity", detail=identity or minted())
            if use:
                self._event(sid, "use")
        return self.session(name)

    def people(self) -> list[str]:
        """Everyone the ledger has a name for (R2.6): players as first seated, then lenders from outside the table."""
        seated = [r[0] for r in self._q("SELECT player FROM session_events WHERE event = 'seat' GROUP BY player"
                                        " ORDER BY MIN(id)")]
        lenders = [r[0] for r in self._q("SELECT lender FROM loans WHERE bystander = 1 GROUP BY lender ORDER BY MIN(id)")]
        return seated + [name for name in lenders if name not in seated]

    def session_names(self) -> list[str]:
        return [r["name"] for r in self._q("SELECT name FROM sessions ORDER BY id")]

    def session(self, name: str | None = None) -> Session:
        """The named session (a unique prefix is enough), else the current one: read again only where a session or
        a session's event has been recorded since this ledger object last read it (hands and actions change none)."""
        mark = self._mark or tuple(
            self._q("SELECT (SELECT MAX(id) FROM sessions), (SELECT MAX(id) FROM session_events)")[0])
        if self._head is not None:
            self._mark = mark
        known = self._known.get(name)
        if known is not None and known[0] == mark:
            return known[1]
        session = self._read_session(name)
        if session.identity is None and not session.closed and self._head is not None and self.identifying:
            # read to be written in: an open session an older bragref made is given its identity first, chained
            self._event(session.id, "identity", detail=minted())  # (docs/reference.md, Beyond one machine)
            return self.session(name)
        self._known[name] = (mark, session)
        return session

    def _read_session(self, name: str | None) -> Session:
        if name is None:
            rows = self._q(
                "SELECT s.* FROM session_events e JOIN sessions s ON s.id = e.session_id"
                " WHERE e.event = 'use' ORDER BY e.id DESC LIMIT 1"
            )
            if not rows:
                raise BadInput("no session yet: start one with `bragref session new NAME --players A,B,C`")
            row = rows[0]
        else:
            full = resolve(name, self.session_names(), "session")
            row = self._q("SELECT * FROM sessions WHERE name = ?", (full,))[0]
        return made(row, self._q(f"SELECT session_id, event, player, detail FROM session_events WHERE session_id = ?"
                                 f" AND {LIFE} ORDER BY id", (row["id"],)))

    def all_sessions(self) -> list[Session]:
        """Every session, oldest first, read in two queries however many there are (a season's reports)."""
        lives: dict[int, list] = {}
        for event in self._q(f"SELECT session_id, event, player, detail FROM session_events WHERE {LIFE} ORDER BY id"):
            lives.setdefault(event["session_id"], []).append(event)
        return [made(row, lives.get(row["id"], [])) for row in self._q("SELECT * FROM sessions ORDER BY id")]

    def use(self, name: str) -> Session:
        with self.write():
            session = self.session(name)
            self._event(session.id, "use")
        return session

    def sessions(self) -> list[dict]:
        rows = self._q(
            "SELECT s.id, s.name, s.created_at, (SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id) AS hands,"
            " EXISTS (SELECT 1 FROM session_events e WHERE e.session_id = s.id AND e.event = 'close') AS closed,"
            " (SELECT CAST(e.detail AS TEXT) FROM session_events e WHERE e.session_id = s.id AND e.event = 'identity'"
            " ORDER BY e.id LIMIT 1) AS identity FROM sessions s ORDER BY s.id"
        )
        current = self._q("SELECT session_id FROM session_events WHERE event = 'use' ORDER BY id DESC LIMIT 1")
        current_id = current[0]["session_id"] if current else None
        return [dict(zip(SESSIONS, (r["name"], r["created_at"], r["hands"], r["id"] == current_id, bool(r["closed"]),
                                    r["identity"]), strict=True)) for r in rows]

    def close_session(self, session_name: str | None) -> tuple[Session, str, dict[str, int]]:
        """Close the session between hands and return the ledger's digest, the chain head after the close (R9.1),
        and the cash-outs recorded with it: at table stakes every player's money left on the table (seated or gone)
        is taken off first, as the close is the last thing recorded in the session (R1.3)."""
        with self.write():
            session = self.session(session_name)
            if session.closed:
                raise Refused(f"session {session.name} is already closed", "R9.1")
            self._between_hands(session, "a session closes", "R9.1")
            cashed = {} if session.rules.stakes != "table" else {
                name: has for name, has in self.table_money(session).items() if has > 0}
            for name, has in cashed.items():
                self._purse(session, None, "cash-out", name, -has)
            self._event(session.id, "close")
            return session, chain.digest(self.conn), cashed

    def closing_digest(self, session: Session) -> str | None:
        """The digest `session close` gave for `session` (the chain's head right after its close, R9.1), None while
        it is open: what `audit --digest` checks later, whatever was recorded since."""
        link = self._q("SELECT c.seq, c.hash FROM chain c JOIN session_events e ON c.tbl = 'session_events' AND"
                       " c.row_id = e.id WHERE e.session_id = ? AND e.event = 'close' ORDER BY c.seq LIMIT 1",
                       (session.id,))
        return chain.digest_of((link[0][0], link[0][1])) if link else None

    @staticmethod
    def _check_open(session: Session) -> None:
        if session.closed:
            raise Refused(f"session {session.name} is closed, so nothing more is recorded in it: "
                          f"start another with `bragref session new`", "R9.1")

    def _between_hands(self, session: Session, what: str, rule: str) -> None:
        current = self.current(session)
        if current is not None:  # else no hand dealt yet: none is being played
            require_between_hands(current.hand, current.number, what, rule)

    def join(self, session_name: str | None, player: str, after: str | None = None) -> Session:
        player = check_name(player)
        with self.write():
            player = known_as(player, self.people())
            session = self.session(session_name)
            self._check_open(session)
            self._between_hands(session, "players join", "R2.1")
            if key(player) in {key(s) for s in session.seats}:
                raise BadInput(f"{player} is already seated")
            self._not_a_former_name(session, player)
            after_name = resolve(after, session.seats, renamed=session.renamed) if after else None
            self._event(session.id, "seat", player, after_name)
        return self.session(session.name)

    def leave(self, session_name: str | None, player: str) -> tuple[Session, str]:
        with self.write():
            session = self.session(session_name)
            name = resolve(player, session.seats, renamed=session.renamed)
            self._check_open(session)
            self._between_hands(session, "players leave", "R2.1")
            self._event(session.id, "leave", name)
        return self.session(session.name), name

    def rename(self, session_name: str | None, old: str, new: str) -> tuple[Session, str, str]:
        """A seated player takes a new name from now on, between hands; the ledger keeps both (R2.6, R9.1)."""
        new = check_name(new)
        with self.write():
            session = self.session(session_name)
            old = resolve(old, session.seats, renamed=session.renamed)
            self._check_open(session)
            self._between_hands(session, "players change their names", "R2.1")
            if any(same(new, seated) for seated in session.seats if seated != old):
                raise BadInput(f"{new} is already seated: two players cannot share a name (R2.6)")
            if new == old:
                raise BadInput(f"{old} is called {new} already")
            had = next((name for name in self._names_had(session) if same(new, name) and session.now_called(name) != old),
                       None)
            if had is not None:
                owner = session.now_called(had)
                whose = f"{owner}'s name" if owner == had else f"the name {owner} had"
                raise BadInput(f"{had} is {whose} in this session, and a name is one person (R2.6): {old} takes another")
            self._event(session.id, "rename", old, new)
        return self.session(session.name), old, new

    def _names_had(self, session: Session) -> set[str]:
        """Every name someone has had in the session: seated under it, taken in a rename, or lending from outside."""
        return {r[0] for r in self._q(
            "SELECT player FROM session_events WHERE session_id = ? AND event = 'seat' UNION SELECT detail FROM"
            " session_events WHERE session_id = ? AND event = 'rename' UNION SELECT lender FROM loans WHERE"
            " session_id = ?", (session.id,) * 3)}

    def _not_a_former_name(self, session: Session, name: str) -> None:
        """What was recorded under a name a player had before a rename is theirs (R2.6): nobody else takes it."""
        former = next((f for f in session.renamed if same(name, f)), None)
        if former is not None:
            now = session.renamed[former]
            raise BadInput(f"{former} is the name {now} had before a rename, and a name is one person (R2.6): "
                           f"if it is {now}, use that name; else another")

    def _money_kept(self, session: Session, rules: Rules) -> None:
        """The session's currency belongs to what was recorded under it (R9.3, R1.1a), as its unit does (fixed when
        the session is made): once a hand was dealt or money recorded, a change would relabel it (hands played in £
        reported as EUR), so it is refused."""
        if rules.currency == session.rules.currency:
            return
        recorded = self._q("SELECT 1 FROM hands WHERE session_id = :s UNION ALL SELECT 1 FROM purses WHERE"
                           " session_id = :s UNION ALL SELECT 1 FROM loans WHERE session_id = :s LIMIT 1",
                           {"s": session.id})
        if recorded:
            raise Refused(f"session {session.name}'s money is {session.rules.currency or 'in no currency'}: its hands "
                          f"and money were recorded in it, and it stays so; start a new session to play in another",
                          "R9.3")

    def set_rules(self, session_name: str | None, change: Callable[[Rules], Rules | None]) -> Session:
        """Record the session's rules as `change` makes them from the rules in force; None from it: nothing changes,
        and nothing is recorded."""
        with self.write():
            session = self.session(session_name)
            self._check_open(session)
            self._between_hands(session, "house rules change", "R9.3")
            rules = change(session.rules)
            if rules is None:
                return session
            self._money_kept(session, rules)
            previous = self.current(session)
            play.keep_carried(None if previous is None else previous.hand, rules, "change the game once it is won",
                              stakes_too=True)
            self._event(session.id, "rules", detail=rules.to_json())
        return self.session(session.name)