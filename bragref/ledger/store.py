"""The ledger: sessions, seats, hands and actions, recorded append-only.

Every write is one IMMEDIATE transaction that reads the state, asks the engine,
and records the fact only if the engine accepts it: a refused action writes
nothing. No row is ever updated or deleted; `undo` records a void (R9.1), and
a voided settlement is reversed by postings of the opposite sign.
"""

from __future__ import annotations

import heapq
import sqlite3
from contextlib import contextmanager, suppress
from datetime import datetime, timezone
from functools import lru_cache
from itertools import repeat
from typing import Callable, Iterator, NamedTuple

import msgspec

from bragref.engine import loans
from bragref.engine.errors import BadInput, Refused
from bragref.engine.money import check_units
from bragref.engine.names import UnknownName, check_name, key, known_as, resolve, same
from bragref.engine.rules import Rules
from bragref.engine.seating import check_seats, next_dealer, require_between_hands
from bragref.engine.settle import settle as fewest_payments
from bragref.engine.state import Hand
from bragref.games import game_of, play, verb_in
from bragref.games.verbs import Credit, Verb
from bragref.ledger import chain
from bragref.ledger.db import LedgerUnavailable, connect, connect_read_only, transaction
from bragref.ledger.legacy import legacy_action
from bragref.ledger.points import Points, digest, plain

CARRY = None  # the account of a carried pot in postings (player NULL)
CARRIED_POT = "carried pot"  # the carried pot as a payee when settling up (R6.2)
# a hand whose deal was voided (R9.1): a void that names no action
MISDEALT = "EXISTS (SELECT 1 FROM actions m WHERE m.hand_id = h.id AND m.verb = 'void' AND m.voids IS NULL)"
REPLAY_CHUNK = 500  # hands read at once when a whole session is replayed (`Ledger.replays`)
MAX_REASON = 500  # an undo's reason: a note, shown escaped wherever it is printed


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class Session(msgspec.Struct, frozen=True):
    id: int
    name: str
    rules: Rules  # in force for the next hand dealt
    seats: list[str]  # seated now, in clockwise order
    closed: bool = False  # `session close`: nothing more is recorded in it (R9.1)
    renamed: dict[str, str] = msgspec.field(default_factory=dict)  # every former name → the name now (`player rename`)

    def now_called(self, name: str | None) -> str | None:
        """A player's name now, from any name they had in this session (R2.6)."""
        return self.renamed.get(name, name)


def renamed_to(renamed: dict[str, str], old: str, new: str) -> dict[str, str]:
    """Every former name → the name now (`Session.renamed`), once `old` is called `new` (`player rename`, R2.6)."""
    return {**{former: new if now == old else now for former, now in renamed.items()}, old: new}


class Voided(msgspec.Struct, frozen=True):
    """What an undo voided (R9.1): an action of hand `number`, or, with `action` None, its deal (a misdeal)."""

    number: int
    row_id: int  # the voided action's row; for a misdeal, the void's own row
    action: Verb | None
    dealer: str | None = None  # a misdeal's dealer, who deals again


class Step(NamedTuple):
    """One thing recorded in a hand, in the order it happened, with the hand as it stood before and after it.

    `seq` numbers the hand's action rows from 1 (None for a loan onto the table, R7.5); `live` is False for a void
    and an action voided later (`voided_by` is then its void); `voids` is the `seq` a void names (None for a
    misdeal's, R9.1). `action` is what the row records (a loan's credit; None for a void). `before` and `after`
    are the hand just before and after the row was written: an action voided later as it stood when it was made,
    a void taking its action back.
    """

    row: sqlite3.Row
    action: Verb | Credit | None
    seq: int | None
    live: bool
    voided_by: sqlite3.Row | None
    voids: int | None
    before: Hand
    after: Hand

    @property
    def loan(self) -> bool:
        return self.seq is None

    @property
    def misdeal(self) -> bool:
        """The void of the deal itself: the hand never happened (R9.1)."""
        return self.action is None and self.voids is None and not self.loan


class Current(msgspec.Struct, frozen=True):
    """The session's latest hand: its row, its last live action's row id (None before any: what an undo voids),
    and its replay."""

    number: int
    row: sqlite3.Row
    last: int | None
    hand: Hand


class Stale(Exception):
    """A write meant for the ledger as it stood when it was last read, which another terminal has changed since."""


class Ledger:
    def __init__(self, path: str, conn: sqlite3.Connection | None = None):
        """The ledger at `path`: opened (and brought up to date) here, or `conn`, a connection already open on it."""
        self.path = path
        self.conn = connect(path) if conn is None else conn
        self.now: Callable[[], str] = now  # the clock rows are stamped by; an import stamps them with the file's times
        self.wrote = False  # a write has been committed: the command has recorded something, whatever happens next
        self.expect: int | None = None  # when set, a write is refused as `Stale` unless the chain still ends here
        self._hot: dict[int, tuple[str, Current | None]] = {}  # session id -> (chain head, its current hand then)
        self._known: dict[str | None, tuple[tuple, Session]] = {}  # session asked for -> (what it was read from, it)
        self.linked = True  # each row hashed into the chain; a ledger that only judges (an import's) need not
        self.points = Points(path)  # each session's current hand as last replayed, for the next command
        self._point = None  # the last action's hand as a replay point keeps it (`_act`)
        self._head: tuple[int, str] | None = None  # the chain's last link while this ledger writes (`write`)
        self._mark: tuple | None = None  # what sessions are read from (`session`), likewise

    @classmethod
    def read_only(cls, path: str) -> Ledger:
        """The ledger opened for reading only, as it stands (no migration): for shell completion and the pieces of
        long work read in processes of their own."""
        return cls(path, connect_read_only(path))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def write(self):
        """One write, all or nothing (`ledger.db.transaction`); refused as `Stale` if the ledger moved on since
        `expect` was set from it. While it holds the write lock no other terminal writes, so the ledger reads the
        chain's last link once and then follows it as it adds links (`_head`), and likewise what sessions are read
        from (`_mark`): statements a row, not three."""
        outermost = not self.conn.in_transaction
        try:
            with transaction(self.conn):
                if outermost:
                    self._head = chain.head(self.conn)
                    if self.expect is not None and self._head[0] != self.expect:
                        raise Stale("the table has changed since this prompt was shown (another terminal recorded "
                                    "something): nothing was recorded; answer the prompt as it is now")
                yield
        except BaseException:
            self._hot.clear()  # what was kept may hold rows rolled back
            self._known.clear()
            raise
        finally:
            if outermost:
                self._head = self._mark = None
        if outermost:
            self.wrote = True

    @contextmanager
    def reading(self):
        """Reads that see one state of the ledger, even while another terminal writes."""
        if self.conn.in_transaction:
            yield
            return
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("COMMIT")

    def head(self) -> int:
        """How many facts the ledger holds: the chain's last position."""
        return self._last_link()[0]

    def _last_link(self) -> tuple[int, str]:
        return self._head or chain.head(self.conn)

    def digest(self) -> str:
        """The ledger's digest now, `seq-16hex`: a witness the table can keep (README, Trust)."""
        return chain.digest(self.conn)

    def _q(self, sql: str, params=()) -> list[sqlite3.Row]:
        return self.conn.execute(sql, params).fetchall()

    # ---- sessions and seats -------------------------------------------------

    def create_session(self, name: str, rules: Rules, players: list[str]) -> Session:
        name = check_name(name, "session name")
        players = check_seats(players)
        with self.write():
            people = self.people()
            players = [known_as(p, people) for p in players]  # as a person already known spells it (R2.6)
            if self._q("SELECT 1 FROM sessions WHERE name = ?", (name,)):
                raise BadInput(f"there is already a session called {name}")
            at = self.now()
            sid = self._insert("sessions", name=name, created_at=at, rules=rules.to_json())
            for player in players:
                self._insert("session_events", session_id=sid, at=at, event="seat", player=player)
            self._event(sid, "use")
        return self.session(name)

    def _event(self, session_id: int, event: str, player: str | None = None, detail: str | None = None) -> None:
        self._insert("session_events", session_id=session_id, at=self.now(), event=event, player=player, detail=detail)

    def _insert(self, table: str, **values) -> int:
        row_id, self._head = chain.insert(self.conn, table, values, self._head, self.linked)
        if table in ("sessions", "session_events"):
            self._mark = None
        return row_id

    @contextmanager
    def copying(self):
        """Rows copied in from another ledger (`chain.Copy`), written at the end of this ledger's write."""
        with self.write():
            copy = chain.Copy(self.conn, self._head)
            yield copy
            copy.write()
            self._head, self._mark = (copy.seq, copy.head), None

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
        rules = Rules.from_json(row["rules"])
        seats: list[str] = []
        closed = False
        renamed: dict[str, str] = {}
        for event in self._q(
            "SELECT event, player, detail FROM session_events WHERE session_id = ?"
            " AND event IN ('seat', 'leave', 'rules', 'close', 'rename') ORDER BY id",
            (row["id"],),
        ):
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
            else:
                closed = True
        return Session(row["id"], row["name"], rules, seats, closed, renamed)

    def use(self, name: str) -> Session:
        with self.write():
            session = self.session(name)
            self._event(session.id, "use")
        return session

    def sessions(self) -> list[dict]:
        rows = self._q(
            "SELECT s.id, s.name, s.created_at, (SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id) AS hands,"
            " EXISTS (SELECT 1 FROM session_events e WHERE e.session_id = s.id AND e.event = 'close') AS closed"
            " FROM sessions s ORDER BY s.id"
        )
        current = self._q("SELECT session_id FROM session_events WHERE event = 'use' ORDER BY id DESC LIMIT 1")
        current_id = current[0]["session_id"] if current else None
        return [
            {"session": r["name"], "created": r["created_at"], "hands": r["hands"], "current": r["id"] == current_id,
             "closed": bool(r["closed"])}
            for r in rows
        ]

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

    @staticmethod
    def _check_open(session: Session) -> None:
        if session.closed:
            raise Refused(f"session {session.name} is closed, so nothing more is recorded in it: "
                          f"start another with `bragref session new`", "R9.1")

    def _between_hands(self, session: Session, what: str, rule: str) -> None:
        current = self.current(session)
        require_between_hands(current and current.hand, current and current.number, what, rule)

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
            previous = self.current(session)
            play.keep_carried(previous and previous.hand, rules, "change the game once it is won", stakes_too=True)
            self._event(session.id, "rules", detail=rules.to_json())
        return self.session(session.name)

    # ---- hands --------------------------------------------------------------

    def current(self, session: Session) -> Current | None:
        """The session's latest hand that was not misdealt (R9.1), if any: replayed from the ledger, or as this
        ledger object last knew it where the chain has not moved since (nothing has been written in between)."""
        head = self._last_link()[1]
        hot = self._hot.get(session.id)
        if hot is not None and hot[0] == head:
            return hot[1]
        rows = self._q(f"SELECT * FROM hands h WHERE session_id = ? AND NOT {MISDEALT} ORDER BY number DESC LIMIT 1",
                       (session.id,))
        current = self._load(rows[0], session.id) if rows else None
        self._hot[session.id] = (head, current)
        return current

    def point_key(self, hand_id: int) -> tuple[str, str | None]:
        """What a replay point of hand `hand_id` is kept under: the chain link of the last row it is replayed from
        (its deal, an action or a loan onto the table), which names everything recorded before it too; and the
        digest of the hand after that row as the row records it (`actions.state`), which the point must match."""
        seq, link, table, row_id = self._q(
            "SELECT seq, hash, tbl, row_id FROM chain WHERE (tbl = 'hands' AND row_id = :hand)"
            " OR (tbl = 'actions' AND row_id = (SELECT MAX(id) FROM actions WHERE hand_id = :hand))"
            " OR (tbl = 'purses' AND row_id = (SELECT MAX(id) FROM purses WHERE hand_id = :hand))"
            " ORDER BY seq DESC LIMIT 1", {"hand": hand_id})[0]
        state = self._q("SELECT state FROM actions WHERE id = ?", (row_id,))[0][0] if table == "actions" else None
        return f"{hand_id} {seq} {link}", state

    def _misdeal(self, session: Session) -> sqlite3.Row | None:
        """The latest hand's row if its deal was voided (R9.1): its dealer deals again."""
        rows = self._q(f"SELECT h.*, {MISDEALT} AS misdealt FROM hands h WHERE session_id = ? ORDER BY number DESC LIMIT 1",
                       (session.id,))
        return rows[0] if rows and rows[0]["misdealt"] else None

    def hand(self, session: Session, number: int) -> Current:
        rows = self._q("SELECT * FROM hands WHERE session_id = ? AND number = ?", (session.id, number))
        if not rows:
            raise BadInput(f"session {session.name} has no hand {number}")
        return self._load(rows[0])

    def hand_numbers(self, session: Session) -> list[int]:
        return [r[0] for r in self._q("SELECT number FROM hands WHERE session_id = ? ORDER BY number", (session.id,))]

    def _load(self, row: sqlite3.Row, session_id: int | None = None) -> Current:
        """Hand `row` replayed from its rows; a session's current hand (`session_id`) from its replay point where
        the last command kept one for the hand as it stands (`points`), reading none of its actions but the last."""
        hand = None if session_id is None else self.points.get(session_id, *self.point_key(row["id"]))
        if hand is not None:
            last = self._q("SELECT id FROM actions a WHERE hand_id = :hand AND verb != 'void' AND id NOT IN (SELECT"
                           " voids FROM actions WHERE hand_id = :hand AND voids IS NOT NULL) ORDER BY id DESC LIMIT 1",
                           {"hand": row["id"]})
            return Current(row["number"], row, last[0][0] if last else None, hand)
        rows = self.all_actions(row["id"])
        hand = dealt(row)
        for step in replayed(row, rows, self._loans(row["id"]), hand):
            hand = step.after
        live = live_actions(rows)
        return Current(row["number"], row, live[-1]["id"] if live else None, hand)

    def steps(self, row: sqlite3.Row) -> Iterator[Step]:
        """Hand `row` replayed a recorded row at a time (`replayed`): what `history`, `replay` and export tell."""
        return replayed(row, self.all_actions(row["id"]), self._loans(row["id"]))

    def replays(self, session: Session, number: int | None = None) -> Iterator[tuple[sqlite3.Row, Iterator[Step]]]:
        """Every hand of the session in order (or hand `number` alone), each with its replay (`replayed`), read a
        chunk of hands at a time: a whole session is streamed, never held, in three queries a chunk, not two a hand."""
        if number is not None and number not in range(1, self.last_number(session) + 1):
            raise BadInput(f"session {session.name} has no hand {number}")
        first, last = (number, number) if number is not None else (1, self.last_number(session))
        return self.replays_between(session, first, last)

    def replays_between(self, session: Session, first: int, last: int) -> Iterator[tuple[sqlite3.Row, Iterator[Step]]]:
        """Hands `first`..`last` of the session, as `replays` gives them."""
        for start in range(first, last + 1, REPLAY_CHUNK):
            end = min(start + REPLAY_CHUNK - 1, last)
            actions = hand_groups(self.conn, "actions", session.id, start, end)
            loans = hand_groups(self.conn, "purses", session.id, start, end)
            for row in self._q("SELECT * FROM hands WHERE session_id = ? AND number BETWEEN ? AND ? ORDER BY number",
                               (session.id, start, end)):
                yield row, replayed(row, actions.get(row["id"], []), loans.get(row["id"], []))

    def last_number(self, session: Session) -> int:
        return self._q("SELECT COALESCE(MAX(number), 0) FROM hands WHERE session_id = ?", (session.id,))[0][0]

    def _loans(self, hand_id: int) -> list[sqlite3.Row]:
        return self._q("SELECT * FROM purses WHERE hand_id = ? ORDER BY id", (hand_id,))

    def deal(self, session_name: str | None, dealer: str | None = None,
             dealt: dict[str, str] | None = None) -> tuple[Session, Current, Current | None]:
        """Deal the next hand; also returns the hand before it (whose result may call for a shuffle, R9.2). `dealt`:
        what the game's deal records beside the seats, as written (`{"joker": "7h"}`, R13.7)."""
        with self.write():
            session = self.session(session_name)
            previous = self.current(session)
            return session, self._deal(session, dealer, previous, dealt), previous

    def _deal(self, session: Session, dealer: str | None, previous: Current | None,
              given: dict[str, str] | None = None) -> Current:
        import json  # a deal's row holds the text every ledger's deals have held (spaced, ASCII); read with msgspec

        self._check_open(session)
        require_between_hands(previous and previous.hand, previous and previous.number, "a deal comes", "R6")
        misdeal = self._misdeal(session)
        called = session.now_called
        if misdeal is not None and called(misdeal["dealer"]) in session.seats:
            due = called(misdeal["dealer"])  # the same dealer deals again (R9.1)
        elif previous is None:
            due = None  # the first dealer is chosen now (R2.2)
        else:
            seats_then = [called(name) for name in msgspec.json.decode(previous.row["seats"])]
            due = next_dealer(seats_then, called(previous.row["dealer"]), session.seats)
        named = resolve(dealer, session.seats, renamed=session.renamed) if dealer is not None else None
        dealer = due or named or next_dealer([], None, session.seats)
        result = previous.hand.result if previous else None
        carried = result.carried if result else 0
        retained_by = called(result.retained_by) if result else None
        purses = self.table_money(session) if session.rules.stakes == "table" else None
        before = previous and previous.hand.rules.game  # the game changed before bragref kept the pot (0.12.6)
        play.keep_carried(previous and previous.hand, session.rules,
                          f"play {before} until it is won (`rules set game {before}`)")
        game = game_of(session.rules)
        follows = game.deal_follows(session.rules, session.seats, previous and previous.hand,
                                    lambda: self.match_called(session, previous), called,
                                    lambda: self.last_match(session))  # a match's lives
        hand = play.deal(session.rules, session.seats, dealer, carried, retained_by, purses,
                         {**(given or {}), **follows})  # refuses a bad table first
        if due is not None and named is not None and named != hand.dealer:  # the game may pass over a player out
            why = ("deals again after the misdeal" if misdeal is not None else
                   f"is on {called(previous.row['dealer'])}'s left" if hand.dealer == due else
                   "is the next on the left still in the match")
            raise Refused(f"the deal passes to {hand.dealer}, who {why}: the dealer cannot be named now (deal "
                          f"without --dealer)", "R9.1" if misdeal is not None else "R2.2")
        record = game.dealt_record(hand)
        self.deal_reminder(session)  # refuses a deal the game's housekeeping forbids (R11.7)
        number = self._q("SELECT COALESCE(MAX(number), 0) + 1 FROM hands WHERE session_id = ?", (session.id,))[0][0]
        hand_id = self._insert("hands", session_id=session.id, number=number, dealt_at=self.now(), dealer=hand.dealer,
                               seats=json.dumps(session.seats), rules=session.rules.to_json(), carried_in=carried,
                               retained_by=retained_by,
                               purses=None if purses is None else json.dumps({n: purses[n] for n in session.seats}),
                               dealt=json.dumps(record, ensure_ascii=False) if record else None)
        row = self._q("SELECT * FROM hands WHERE id = ?", (hand_id,))[0]
        current = Current(number, row, None, dealt(row))  # the hand as its row deals it, as every replay starts
        self._hot[session.id] = (self._head[1], current)
        return current

    def match_called(self, session: Session, previous: Current | None) -> bool:
        """Whether a new match was called (`match new`) since the hand before (R14.4)."""
        after = 0 if previous is None else self._q(
            "SELECT seq FROM chain WHERE tbl = 'hands' AND row_id = ?", (previous.row["id"],))[0][0]
        return bool(self._q(
            "SELECT 1 FROM session_events e JOIN chain c ON c.tbl = 'session_events' AND c.row_id = e.id"
            " WHERE e.session_id = ? AND e.event = 'match' AND c.seq > ? LIMIT 1", (session.id, after)))

    def last_match(self, session: Session) -> int:
        """The number of the session's last match for lives (R14.4), 0 before any: read from what its deals
        recorded, a misdealt one left out (R9.1)."""
        return self._q("SELECT COALESCE(MAX(CAST(json_extract(h.dealt, '$.match') AS INTEGER)), 0) FROM hands h"
                       f" WHERE session_id = ? AND h.dealt IS NOT NULL AND NOT {MISDEALT}", (session.id,))[0][0]

    def match_new(self, session_name: str | None) -> Session:
        """Call a new match between hands (R14.4): the next deal starts it, every seated player with all their
        lives, and takes each one's entry into its kitty."""
        with self.write():
            session = self.session(session_name)
            self._check_open(session)
            if not game_of(session.rules).plays_matches(session.rules):
                raise Refused(f"{session.rules.game} is played here without matches: a match is a game for lives",
                              "R14.4")
            self._between_hands(session, "a new match is called", "R14.4")
            self._event(session.id, "match")
            return session

    def deal_reminder(self, session: Session) -> str | None:
        """What the game tells the table before the next deal (R11.7), or `Refused` where no deal may come."""
        began = self._q("SELECT created_at FROM sessions WHERE id = ?", (session.id,))[0][0]

        def dealt() -> dict[str, int]:  # read over every hand, so only when a game asks (R11.7)
            counts: dict[str, int] = {}
            for dealer, count in self._q(f"SELECT dealer, COUNT(*) FROM hands h WHERE session_id = ? AND NOT "
                                         f"{MISDEALT} GROUP BY dealer", (session.id,)):
                name = session.now_called(dealer)
                counts[name] = counts.get(name, 0) + count
            return counts

        return game_of(session.rules).before_deal(session.rules, began, self.now(), dealt, session.seats)

    def _require_hand(self, session: Session) -> Current:
        current = self.current(session)
        if current is None:
            raise BadInput(f"no hand has been dealt in {session.name}: `bragref deal` first")
        return current

    def act(self, session_name: str | None, build: Callable[[Hand], Verb]) -> tuple[Session, Current, Verb]:
        """Record one action, built against the current hand (to resolve names), if the engine accepts it."""
        keep = self.points.path is not None  # the next command starts here (a ledger in memory has no next command)
        with self.write():
            session = self.session(session_name)
            current, action = self._act(session, build, keep)
        if keep and self._point is not None:
            self.points.put(session.id, self.point_key(current.row["id"])[0], self._point)
        return session, current, action

    def record_hand(self, session_name: str | None, choose: Callable[[Hand], Verb], dealer: str | None = None,
                    dealt: dict[str, str] | None = None) -> Current:
        """Deal and play a whole hand in one transaction, `choose` giving each action: for simulations and imports."""
        with self.write():
            session = self.session(session_name)
            current = self._deal(session, dealer, self.current(session), dealt)
            while current.hand.phase != "over":
                current, _ = self._act(session, choose)
            return current

    def _act(self, session: Session, build: Callable[[Hand], Verb], keep: bool = False) -> tuple[Current, Verb]:
        """Record one action; with `keep`, the row records the digest of the hand after it (`actions.state`) and
        `_point` holds the hand as a replay point would keep it (`points.plain`)."""
        current = self._require_hand(session)
        try:
            action = build(current.hand)
        except UnknownName as unknown:  # the hand knows its players by their names now; the session, the former
            self._not_dealt_in(session, current.hand, unknown.query)
            raise unknown.formerly(session.renamed) from None
        after = play.apply(current.hand, action)
        put_in = sum(p.paid for p in after.players) - sum(p.paid for p in current.hand.players)
        self._point = None
        if keep:
            with suppress(TypeError):
                self._point = plain(after)
        action_id = self._insert("actions", hand_id=current.row["id"], at=self.now(), verb=action.verb,
                                 player=None if action.subject == "table" else action.player, amount=put_in or None,
                                 args=msgspec.json.encode(action.args()).decode(),  # as few characters as JSON allows
                                 state=None if self._point is None else digest(self._point))
        if after.phase == "over":
            self._post(session.id, current.row["id"], action_id, after)
        now = Current(current.number, current.row, action_id, after)  # replayed once per action
        self._hot[session.id] = (self._head[1], now)
        return now, action

    @staticmethod
    def _not_dealt_in(session: Session, hand: Hand, query: str) -> None:
        """A seated player the hand has no cards for (out of a match for lives, R14.4) is named for an action:
        refused as out of turn, naming whose turn it is, not taken for a name that is nobody's."""
        try:
            name = resolve(query, session.seats)
        except BadInput:
            return
        if name in {p.name for p in hand.players}:
            return
        turn = f"it is {hand.acting.name}'s turn" if hand.acting else "nobody is to act"
        out = "out of the match, and dealt no cards" if hand.rules.scoring == "lives" else "not dealt into this hand"
        raise Refused(f"{name} is {out}: {turn}, and nobody acts out of turn", "R14.4" if
                      hand.rules.scoring == "lives" else "R2.5")

    def _post(self, session_id: int, hand_id: int, action_id: int, hand: Hand) -> None:
        """Write where a settled hand's money went; its postings sum to zero (R1.2)."""
        rows = postings(hand)
        if sum(amount for _, _, amount in rows) != 0:
            raise AssertionError(f"hand {hand_id} does not balance: {rows}")
        for player, kind, amount in rows:
            self._insert("postings", session_id=session_id, hand_id=hand_id, action_id=action_id, player=player,
                         kind=kind, amount=amount)

    def undo(self, session_name: str | None, reason: str | None) -> tuple[Session, Current | None, Voided]:
        """Void the last live action of the current hand (R9.1), reversing its postings if it settled the hand;
        with no live action, void the deal itself: a misdeal (R9.1)."""
        with self.write():
            session = self.session(session_name)
            current = self._require_hand(session)
            if reason is not None and len(reason) > MAX_REASON:
                raise BadInput(f"a reason is at most {MAX_REASON} characters")
            self._check_open(session)
            self._nothing_after(session, current)
            if current.last is None:
                void_id = self._insert("actions", hand_id=current.row["id"], at=self.now(), verb="void", detail="deal",
                                       reason=reason)
                return session, self.current(session), Voided(current.number, void_id, None, current.row["dealer"])
            target = self._q("SELECT * FROM actions WHERE id = ?", (current.last,))[0]
            void_id = self._insert("actions", hand_id=current.row["id"], at=self.now(), verb="void", voids=target["id"],
                                   reason=reason)
            for posting in self._q("SELECT * FROM postings WHERE action_id = ? ORDER BY id", (target["id"],)):
                self._insert("postings", session_id=posting["session_id"], hand_id=posting["hand_id"], action_id=void_id,
                             player=posting["player"], kind=posting["kind"], amount=-posting["amount"])
            voided = action_of(target, current.hand.rules)
            return session, self.current(session), Voided(current.number, target["id"], voided)

    def _nothing_after(self, session: Session, current: Current) -> None:
        """Settled is final (R9.1, CLI.md "Promises about history"): an undo voids the last thing recorded, the last
        live action of `current` (its deal where none stands), only while nothing of the session was recorded after
        it: a later deal (a misdealt one too), an event between hands, a loan, a repayment or table money moved."""
        table, row_id = ("actions", current.last) if current.last is not None else ("hands", current.row["id"])
        seq = self._q("SELECT seq FROM chain WHERE tbl = ? AND row_id = ?", (table, row_id))[0][0]
        later = self._q(
            "SELECT what FROM (SELECT c.seq, 'a deal (hand ' || t.number || ')' AS what FROM chain c"
            "  JOIN hands t ON c.tbl = 'hands' AND t.id = c.row_id WHERE c.seq > :seq AND t.session_id = :session"
            " UNION ALL SELECT c.seq, CASE t.event WHEN 'seat' THEN 'a player joining' WHEN 'leave' THEN 'a player"
            "  leaving' WHEN 'rename' THEN 'a new name' WHEN 'rules' THEN 'a change of rules' WHEN 'match' THEN"
            "  'a new match' ELSE t.event END FROM chain c JOIN session_events t ON c.tbl = 'session_events'"
            "  AND t.id = c.row_id WHERE c.seq > :seq AND t.session_id = :session AND t.event != 'use'"
            " UNION ALL SELECT c.seq, CASE t.kind WHEN 'lend' THEN 'a loan' ELSE 'a repayment' END FROM chain c"
            "  JOIN loans t ON c.tbl = 'loans' AND t.id = c.row_id WHERE c.seq > :seq AND t.session_id = :session"
            " UNION ALL SELECT c.seq, CASE t.kind WHEN 'loan' THEN 'a loan onto the table' ELSE 'a ' || t.kind END"
            "  FROM chain c JOIN purses t ON c.tbl = 'purses' AND t.id = c.row_id WHERE c.seq > :seq"
            "  AND t.session_id = :session) ORDER BY seq LIMIT 1", {"seq": seq, "session": session.id})
        if later:
            n, since = current.number, later[0][0]
            what = (f"{since} has been recorded since hand {n} was dealt, so its deal stands" if current.last is None
                    else f"hand {n} is settled and {since} has been recorded since: settled is final"
                    if current.hand.phase == "over" else f"{since} has been recorded since hand {n}'s last action, "
                                                         f"so it stands")
            raise Refused(f"nothing can be undone: {what}", "R9.1")

    # ---- loans (R7.5): at any moment, not turns --------------------------------

    def lend(self, session_name: str | None, lender: str, borrower: str, amount: str | int, bystander: bool) -> tuple[Session, str, str, int]:
        with self.write():
            session = self.session(session_name)
            borrower = resolve(borrower, session.seats, renamed=session.renamed)
            if bystander:
                lender = known_as(check_name(lender), self.people())
                if key(lender) in {key(s) for s in session.seats}:
                    raise BadInput(f"{lender} is at the table: lend without --bystander")
                self._not_a_former_name(session, lender)
            else:
                lender = resolve(lender, session.seats, renamed=session.renamed)
            units = amount_in(amount, session.rules)
            current = self.current(session)
            mid_hand = current is not None and current.hand.phase != "over"
            loans.check_lend(session.rules, lender, borrower, mid_hand, game_of(session.rules).short)
            self._check_open(session)
            self._loan(session, "lend", lender, borrower, units, bystander)
            if session.rules.stakes == "table":  # the loan goes on the borrower's table money, mid-hand too (R7.5)
                self._purse(session, current.row["id"] if mid_hand else None, "loan", borrower, units)
        return session, lender, borrower, units

    def repay(self, session_name: str | None, borrower: str, lender: str, amount: str | int) -> tuple[Session, str, str, int]:
        with self.write():
            session = self.session(session_name)
            owed = loans.outstanding(self.loan_entries([session]))
            borrower = resolve(borrower, {*session.seats, *(b for _, b in owed)}, renamed=session.renamed)
            lender = resolve(lender, {*session.seats, *(lent for lent, b in owed if b == borrower)},
                             renamed=session.renamed)
            units = amount_in(amount, session.rules)
            self._check_open(session)
            loans.check_repay(owed, borrower, lender, units, session.rules.money)
            self._loan(session, "repay", lender, borrower, units, False)
        return session, borrower, lender, units

    def _loan(self, session: Session, kind: str, lender: str, borrower: str, amount: int, bystander: bool) -> None:
        before = self._head[1]
        self._insert("loans", session_id=session.id, at=self.now(), kind=kind, lender=lender, borrower=borrower,
                     amount=amount, bystander=int(bystander))
        hot = self._hot.get(session.id)
        if hot is not None and hot[0] == before:  # a loan's row moves no hand (table money is a purse's): the hand
            self._hot[session.id] = (self._head[1], hot[1])  # current before it still is, not replayed again

    # ---- table money (R1.3): buy-ins, top-ups and cash-outs between hands -----------

    def table_money(self, session: Session) -> dict[str, int]:
        """Each player's money on the table now: what they put there, plus their results in hands at table stakes.

        Mid-hand it is the money before the hand's settlement; the hand itself knows what is left (`Player.purse`).
        Read from the rows, along the last hand dealt at table stakes: its row records each seated player's table
        money at its deal (`hands.purses`, chained, and checked by `audit`), to which come its settlement and the
        table money moved since; anyone not dealt into it (gone before it) is summed from all their rows. So a deal
        costs the same in a long session as in a short one, and no sum kept outside the rows is trusted.
        """
        money = dict.fromkeys(session.seats, 0)
        last = self._q("SELECT id, purses, (SELECT seq FROM chain WHERE tbl = 'hands' AND row_id = hands.id) FROM hands"
                       " WHERE session_id = ? AND purses IS NOT NULL ORDER BY number DESC LIMIT 1", (session.id,))
        if not last:
            sums = {player: put + moved for player, (put, moved) in self.at_table(session.id).items()}
        else:
            hand_id, purses, seq = last[0]
            sums = dict(msgspec.json.decode(purses))
            dealt_in = {session.now_called(name) for name in sums}  # by the names they have now (R2.6)
            # the rows after the deal: read on by chain position and row id, never the session's rows whole
            for player, amount in self._q(
                    "SELECT player, amount FROM postings WHERE hand_id = :hand AND player IS NOT NULL UNION ALL"
                    " SELECT player, amount FROM purses WHERE id >= (SELECT COALESCE(MIN(row_id), 1e18) FROM chain"
                    " WHERE seq > :seq AND +tbl = 'purses') AND +session_id = :session",
                    {"hand": hand_id, "seq": seq, "session": session.id}):
                if session.now_called(player) in dealt_in:
                    sums[player] = sums.get(player, 0) + amount
            others = {session.now_called(player) for (player,) in self._q(  # everyone ever seated (R2.1)
                "SELECT player FROM session_events WHERE session_id = ? AND event = 'seat'", (session.id,))} - dealt_in
            for person in others:  # gone before that hand, or come since: every row under every name they had
                names = {person, *(former for former, now in session.renamed.items() if now == person)}
                put = {name: self._q("SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM purses WHERE session_id = ? AND"
                                     " player = ?", (session.id, name))[0] for name in names}
                if not any(had for had, _ in put.values()):
                    continue  # never had table money: not named, as no row names them
                for name, (_, amount) in put.items():
                    sums[name] = amount + self._q(
                        "SELECT COALESCE(SUM(p.amount), 0) FROM postings p JOIN hands h ON h.id = p.hand_id"
                        " WHERE p.session_id = ? AND p.player = ? AND h.purses IS NOT NULL", (session.id, name))[0][0]
        for player, amount in sums.items():
            if player is not None:
                name = session.now_called(player)
                money[name] = money.get(name, 0) + amount
        return money

    def at_table(self, session_id: int) -> dict[str | None, tuple[int, int]]:
        """Per player, by the name they had (None: a carried pot): what they put on the table or took off it
        (buy-ins, top-ups, cash-outs, loans onto it, R7.5) and what hands at table stakes moved (R1.3), summed from
        the rows themselves (along each table's index of sessions and players): every figure comes from the rows,
        never from a sum kept elsewhere that could have been edited (CLI.md "Promises about history")."""
        sums: dict[str | None, list[int]] = {}
        put_in = self._q("SELECT player, SUM(amount) FROM purses WHERE session_id = ? GROUP BY player", (session_id,))
        moved = self._q("SELECT p.player, SUM(p.amount) FROM postings p JOIN hands h ON h.id = p.hand_id"
                        " WHERE p.session_id = ? AND h.purses IS NOT NULL GROUP BY p.player", (session_id,))
        for rows, figure in ((put_in, 0), (moved, 1)):
            for player, amount in rows:
                sums.setdefault(player, [0, 0])[figure] += amount
        return {player: (put, moved) for player, (put, moved) in sums.items()}

    def purse(self, session_name: str | None, kind: str, player: str, amount: str | int | None) -> tuple[Session, str, int, int]:
        """Record a buy-in, top-up or cash-out (all of it when `amount` is None); returns the table money after."""
        with self.write():
            session = self.session(session_name)
            away = [name for name, has in self.table_money(session).items() if has and name not in session.seats] \
                if kind == "cash-out" and session.rules.stakes == "table" else []  # who left with money on it (R1.3)
            name = resolve(player, [*session.seats, *away], renamed=session.renamed)
            if session.rules.stakes != "table":
                raise Refused("players pay from their pockets here (house rule stakes is pocket): there is no table "
                              "money to change; `bragref rules set stakes table` between hands to play table stakes", "R1.3")
            self._check_open(session)
            self._between_hands(session, "table money changes", "R1.3")
            has = self.table_money(session)[name]
            units = has if amount is None else amount_in(amount, session.rules)
            if kind == "cash-out" and not 0 < units <= has:
                raise Refused(f"{name} has {session.rules.money(has)} on the table, so cannot take off "
                              f"{session.rules.money(units)}", "R1.3")
            self._purse(session, None, kind, name, -units if kind == "cash-out" else units)
            return session, name, units, self.table_money(session)[name]

    def _purse(self, session: Session, hand_id: int | None, kind: str, player: str, amount: int) -> None:
        after = self._q("SELECT COALESCE(MAX(id), 0) FROM actions")[0][0]
        self._insert("purses", session_id=session.id, at=self.now(), hand_id=hand_id, kind=kind, player=player, amount=amount,
                     after_action=after)

    def loan_entries(self, sessions: list[Session]) -> list[tuple[str, str, str, int]]:
        """(kind, lender, borrower, amount): what was lent, and what repaid, between each two people, by the names
        they have now (summed in SQL: an evening's loans or a year's cost the same to read)."""
        where, ids = self._scope(sessions)
        by_id = {s.id: s for s in sessions}
        return [(kind, by_id[sid].now_called(lender), by_id[sid].now_called(borrower), amount) for sid, kind, lender,
                borrower, amount in self._q(f"SELECT session_id, kind, lender, borrower, SUM(amount) FROM loans WHERE"
                                            f" {where} GROUP BY session_id, kind, lender, borrower", ids)]

    # ---- reports ------------------------------------------------------------

    def _scope(self, sessions: list[Session]) -> tuple[str, list[int]]:
        ids = [s.id for s in sessions]
        return f"session_id IN ({', '.join('?' * len(ids))})", ids

    @staticmethod
    def one_money(sessions: list[Session]) -> None:
        """`BadInput` unless every session keeps its money in the same unit and currency: sums over sessions
        (`--all`) add their units, and 1 in a session of £0.01 is not 1 in one of £1 (R1.1)."""
        kept = {(s.rules.unit, s.rules.currency): s for s in sessions}
        if len(kept) > 1:
            each = "; ".join(f"{s.name} in units of {s.rules.money(1)}" for s in kept.values())
            raise BadInput(f"these sessions keep money in different units ({each}): adding them would add unlike "
                           f"amounts; ask for each session (--session NAME) (R1.1)")

    def balances(self, sessions: list[Session]) -> list[dict]:
        """Per player (and bystander lender): paid in, won, the night's result (won less paid, with what was carried),
        loans, net; settled hands only (a SUM, never a replay).

        `loans` is + what is owed to them, − what they owe (R7.5); `net` is the result and the loans together. The sessions keep one money
        (`one_money`).
        """
        self.one_money(sessions)
        where, ids = self._scope(sessions)
        order = [name for s in sessions for name in s.seats]
        spelling: dict[str, str] = {}  # one person, one name, however each session spelt it (R2.6)
        rows: dict[str, dict] = {}

        def row(name: str) -> dict:
            person = spelling.setdefault(key(name), name)
            return rows.setdefault(person, {"player": person, "paid": 0, "won": 0, "result": 0, "loans": 0, "net": 0})

        for name in order:
            row(name)
        for session in sessions:
            for player, paid, won, net in self._posted(session.id):
                totals = row(session.now_called(player))
                totals["paid"] += paid
                totals["won"] += won
                totals["result"] += net
                totals["net"] += net
        for name, owed in sorted(loans.positions(loans.outstanding(self.loan_entries(sessions))).items()):
            totals = row(name)
            totals["loans"] += owed
            totals["net"] += owed
        return list(rows.values())

    def _posted(self, session_id: int) -> list[tuple[str, int, int, int]]:
        """(player, paid, won, net) over a session's postings, by the names they were posted under, summed from the
        rows along the covering index of sessions and players (no sum kept beside the ledger is trusted)."""
        return self._q("SELECT player, -SUM(CASE WHEN kind = 'stake' THEN amount ELSE 0 END),"
                       " SUM(CASE WHEN kind = 'win' THEN amount ELSE 0 END), SUM(amount) FROM postings"
                       " WHERE session_id = ? AND player IS NOT NULL GROUP BY player", (session_id,))

    def carried(self, sessions: list[Session]) -> int:
        """Money in a pot carried forward and not yet won (R6.2)."""
        where, ids = self._scope(sessions)
        return self._q(f"SELECT COALESCE(SUM(amount), 0) FROM postings WHERE {where} AND player IS NULL", ids)[0][0]

    def payments(self, sessions: list[Session]) -> list[dict]:
        """Who pays whom, in the fewest payments, to clear every net (loans included). Results of hands at table
        stakes are already on the table (R1.3): only loans and hands paid from the pocket are settled. A pot still
        carried forward is a payee of its own, `CARRIED_POT`."""
        done = self.on_table(sessions)
        nets = {r["player"]: r["net"] - done.get(key(r["player"]), 0) for r in self.balances(sessions)}
        carried = self.carried(sessions) - done.get(None, 0)
        if carried:
            nets[CARRIED_POT] = carried
        return [{"from": a, "to": b, "amount": amount} for a, b, amount in fewest_payments(nets)]

    def on_table(self, sessions: list[Session]) -> dict[str | None, int]:
        """What hands at table stakes moved, per player by `names.key` (None: a carried pot): money that already
        changed hands on the table (R1.3), so settling up leaves it out."""
        moved: dict[str | None, int] = {}
        for session in sessions:
            if not self._q("SELECT 1 FROM hands WHERE session_id = ? AND purses IS NOT NULL LIMIT 1", (session.id,)):
                continue  # every hand from the pocket: nothing to leave out, and nothing to sum
            for player, (_, amount) in self.at_table(session.id).items():
                person = None if player is None else key(session.now_called(player))
                moved[person] = moved.get(person, 0) + amount
        return moved

    def night(self, sessions: list[Session]) -> dict:
        """What a summary tells: hands played (misdeals and unfinished hands left out) and the biggest pot won, as
        `{"hands": 22, "biggest": {"amount": 17, "session": "friday", "hand": 9, "winners": ["Chris"]} or None}`."""
        where, ids = self._scope(sessions)
        dealt = self._q(f"SELECT COUNT(*) FROM hands h WHERE {where} AND NOT {MISDEALT}", ids)[0][0]
        played = dealt - len(self.in_play(sessions))  # a hand may move no money (R14.4)
        rows = self._q(
            f"SELECT p.hand_id, p.session_id, h.number, SUM(p.amount) AS won FROM postings p"
            f" JOIN hands h ON h.id = p.hand_id WHERE p.{where} AND p.kind = 'win' GROUP BY p.hand_id"
            " HAVING won > 0 ORDER BY won DESC, p.hand_id LIMIT 1", ids)
        biggest = None
        if rows:
            hand_id, session_id, number, amount = rows[0]
            session = next(s for s in sessions if s.id == session_id)
            winners = [session.now_called(r[0]) for r in self._q(
                "SELECT player FROM postings WHERE hand_id = ? AND kind = 'win' GROUP BY player HAVING SUM(amount) > 0"
                " ORDER BY MIN(id)", (hand_id,))]
            biggest = {"amount": amount, "session": session.name, "hand": number, "winners": winners}
        return {"hands": played, "biggest": biggest}

    def in_play(self, sessions: list[Session]) -> list[tuple[Session, Current]]:
        """Each session's hand still being played (only a session's last hand can be): its money is in the pot, in
        nobody's balance until the hand is settled."""
        return [(s, current) for s in sessions if (current := self.current(s)) is not None
                and current.hand.phase != "over"]

    def matches_won(self, sessions: list[Session]) -> list[dict]:
        """Each match for lives won with a kitty (R14.4): `{"session", "match", "hand", "winner", "kitty"}`, from
        the postings of the hands that ended them (a settlement a void cancelled is left out)."""
        where, ids = self._scope(sessions)
        by_id = {s.id: s for s in sessions}
        return [{"session": by_id[sid].name, "match": int(match), "hand": number,
                 "winner": by_id[sid].now_called(player), "kitty": kitty}
                for sid, match, number, player, kitty in self._q(
                    f"SELECT p.session_id, json_extract(h.dealt, '$.match'), h.number, p.player, SUM(p.amount)"
                    f" FROM postings p JOIN hands h ON h.id = p.hand_id WHERE p.{where} AND p.kind = 'win'"
                    f" AND json_extract(h.dealt, '$.match') IS NOT NULL GROUP BY p.hand_id, p.player"
                    f" HAVING SUM(p.amount) > 0 ORDER BY p.hand_id", ids)]

    def all_sessions(self) -> list[Session]:
        return [self.session(name) for name in self.session_names()]

    def action_count(self, session: Session) -> int:
        """Every action row of the session's hands, voids included."""
        return self._q("SELECT COUNT(*) FROM actions a JOIN hands h ON h.id = a.hand_id WHERE h.session_id = ?",
                       (session.id,))[0][0]

    def facts(self, session: Session) -> Iterator[tuple[str, sqlite3.Row]]:
        """Everything recorded of a session, as (table, row) in the order written (the chain's), read as it is
        used: what an export holds. Left out: `use` events (which session is current is not the session's own
        story), the table-money rows of loans (the loan records them) and postings (the replay of the actions gives
        them). Read it inside `reading()` where another terminal may write meanwhile."""
        chained = "SELECT t.*, c.seq FROM {0} t JOIN chain c ON c.tbl = '{0}' AND c.row_id = t.id"
        queries = {
            "sessions": chained.format("sessions") + " WHERE t.id = ?",
            "session_events": chained.format("session_events") + " WHERE t.session_id = ? AND t.event != 'use'",
            "hands": chained.format("hands") + " WHERE t.session_id = ?",
            "actions": chained.format("actions") + " JOIN hands h ON h.id = t.hand_id WHERE h.session_id = ?",
            "loans": chained.format("loans") + " WHERE t.session_id = ?",
            "purses": chained.format("purses") + " WHERE t.session_id = ? AND t.kind != 'loan'",
        }
        def tagged(table: str, sql: str) -> Iterator[tuple[int, str, sqlite3.Row]]:
            for row in self.conn.execute(sql + " ORDER BY c.seq", (session.id,)):
                yield row["seq"], table, row

        merged = heapq.merge(*(tagged(table, sql) for table, sql in queries.items()), key=lambda item: item[0])
        return ((table, row) for _, table, row in merged)

    def all_actions(self, hand_id: int) -> list[sqlite3.Row]:
        return self._q("SELECT * FROM actions WHERE hand_id = ? ORDER BY id", (hand_id,))


def amount_in(amount: str | int, rules: Rules) -> int:
    """Units of money: as typed (`"1.50"`), or already counted in units (an int, as a hand history holds them) (R1.1)."""
    if isinstance(amount, int):
        return check_units(amount)
    return rules.amount(amount)


def dealt(row: sqlite3.Row) -> Hand:
    """The hand as it stood when dealt, from its row: with table stakes, each player's table money then (R1.3)."""
    decode = msgspec.json.decode
    purses = None if row["purses"] is None else decode(row["purses"])
    return play.deal(rules_of(row["rules"]), decode(row["seats"]), row["dealer"], row["carried_in"],
                     row["retained_by"], purses, None if row["dealt"] is None else decode(row["dealt"]))


@lru_cache(maxsize=64)
def rules_of(text: str) -> Rules:
    """A hand's rules from their JSON: hands share a handful of rule sets, so each is read once."""
    return Rules.from_json(text)


def hand_groups(conn: sqlite3.Connection, table: str, session_id: int, first: int, last: int) -> dict[int, list]:
    """The rows of `table` (`actions`, `purses`, `postings`) for hands `first`..`last` of a session, in one query,
    by hand id, each hand's in the order written: read along the table's index of hand ids, which holds them in
    that order, so that SQLite sorts nothing (issue 19)."""
    grouped: dict[int, list] = {}
    for row in conn.execute(f"SELECT * FROM {table} WHERE hand_id IN (SELECT id FROM hands WHERE session_id = ? AND"
                            " number BETWEEN ? AND ?) ORDER BY hand_id, id", (session_id, first, last)):
        grouped.setdefault(row["hand_id"], []).append(row)
    return grouped


def live_actions(rows: list[sqlite3.Row]) -> list[sqlite3.Row]:
    """The actions that count: neither a void nor voided (R9.1)."""
    voided = {r["voids"] for r in rows if r["verb"] == "void"}
    return [r for r in rows if r["verb"] != "void" and r["id"] not in voided]


def postings(hand: Hand) -> list[tuple[str | None, str, int]]:
    """Where a settled hand's money went: (player or CARRY, kind, amount), summing to zero (R1.2), as its game
    says (`Game.outcome`)."""
    return play.outcome(hand)


def weave(actions: list[sqlite3.Row], loans: list[sqlite3.Row], of_action: Callable, of_loan: Callable) -> list:
    """Action rows and table-money loan rows (R7.5), each converted, in the order they happened: a loan's row
    names the last action recorded before it (`after_action`), so it comes before any later one."""
    if not loans:
        return [of_action(r) for r in actions]
    keyed = [((r["id"], 0, 0), of_action(r)) for r in actions]
    keyed += [((r["after_action"], 1, r["id"]), of_loan(r)) for r in loans]
    return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]


class Unreplayable(LedgerUnavailable):
    """A recorded hand the rules cannot replay: `reason` says which row and why, in words (`audit` reports it). A
    command that needs the hand cannot go on from it (exit 5): the ledger was changed outside bragref, or a bragref
    that judged the rules otherwise recorded it."""

    def __init__(self, reason: str, number: int):
        super().__init__(reason, number)  # as it is made again in the process a long `history` reads it from
        self.reason, self.number = reason, number

    def __str__(self) -> str:
        return (f"hand {self.number} cannot be replayed: {self.reason}. The ledger holds what this bragref's rules "
                f"refuse: changed outside bragref, or recorded by one that judged otherwise (`bragref audit`)")


def replayed(row: sqlite3.Row, actions: list[sqlite3.Row], loans: list[sqlite3.Row],
             start: Hand | None = None) -> Iterator[Step]:
    """Hand `row` replayed from its rows in the order they were written, each with the hand just before and just
    after it: a void takes its action back (R9.1), so an action voided later is seen as it stood when it was made;
    loans onto the table come where they happened (R7.5). The one replay every reader uses: the current hand,
    `history`, `replay`, export and audit; `start` is the hand as dealt, where the caller has it."""
    try:
        dealt_hand = dealt(row) if start is None else start
    except Exception as error:
        raise Unreplayable(f"cannot be dealt again from its record ({error})", row["number"]) from None
    number = row["number"]
    voided = {r["voids"]: r for r in actions if r["verb"] == "void"}  # a voided action's id → its void
    seqs = {r["id"]: seq for seq, r in enumerate(actions, 1)} if voided else {}  # what a void names, by seq
    standing: list[tuple[int | None, Verb]] = []  # what stands so far, by action row (None: a loan's credit), kept
    # only where a void will replay it
    hand, seq = dealt_hand, 0
    for r, loan in weave(actions, loans, lambda r: (r, False), lambda r: (r, True)) if loans else \
            zip(actions, repeat(False)):
        if loan:
            credit = Credit(r["player"], r["amount"])
            after = play.apply(hand, credit)
            if voided:
                standing.append((None, credit))
            yield Step(r, credit, None, True, None, None, hand, after)
            hand = after
            continue
        seq += 1
        row_id = r["id"]
        if r["verb"] == "void":
            standing = [(action_id, action) for action_id, action in standing if action_id != r["voids"]]
            try:
                after = play.replay(dealt_hand, [action for _, action in standing]) if r["voids"] is not None else hand
            except Exception as error:
                raise Unreplayable(f"its void {seq} leaves actions the rules refuse ({error})", number) from None
            yield Step(r, None, seq, False, None, seqs.get(r["voids"]), hand, after)
        else:
            action, after = _applied(hand, r, seq, number)
            if voided:
                standing.append((row_id, action))
            yield Step(r, action, seq, row_id not in voided, voided.get(row_id), None, hand, after)
        hand = after


def _applied(hand: Hand, row: sqlite3.Row, seq: int, number: int) -> tuple[Verb, Hand]:
    try:
        action = action_of(row, hand.rules)
    except Exception as error:
        raise Unreplayable(f"its action {seq} cannot be read ({error})", number) from None
    try:
        return action, play.apply(hand, action)
    except Exception as error:
        raise Unreplayable(f"its action {seq} ({action.said(hand.rules.money)}) is refused on replay: {error}",
                           number) from None


def action_of(row: sqlite3.Row, rules) -> Verb:
    """The action a row records: its verb's type in the hand's game, from the arguments it declares (rows before
    schema 7: `legacy`)."""
    if row["args"] is None:
        return legacy_action(row["verb"], row["player"], row["amount"], row["blind"], row["detail"])
    return _read_action(rules.game, row["verb"], row["player"], row["args"])


@lru_cache(maxsize=4096)
def _read_action(game: str, verb: str, player: str | None, args: str) -> Verb:
    """An action read from its row's words: a session repeats a few hundred of them (the same player betting the
    same amount), and actions are values, so each is read once."""
    return verb_in(game, verb).from_args(player, msgspec.json.decode(args))
