"""The ledger: sessions, seats, hands and actions, recorded append-only.

Every write is one IMMEDIATE transaction that reads the state, asks the engine,
and records the fact only if the engine accepts it: a refused action writes
nothing. No row is ever updated or deleted; `undo` records a void (R9.1), and
a voided settlement is reversed by postings of the opposite sign.

`Ledger` is made of its concerns: recording facts and the hands (here), sessions
and seats (`seats.Seating`), money between people and on the table
(`money.Money`); every reader replays a hand one way (`replay.replayed`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime

import bragref.structs as structs

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import UnknownName, resolve
from bragref.engine.rules import Rules
from bragref.engine.seating import next_dealer, require_between_hands
from bragref.engine.state import Hand
from bragref.games import game_of, play
from bragref.games.verbs import Verb, checked
from bragref.ledger import chain
from bragref.ledger.db import as_it_is, connect, transaction
from bragref.ledger.money import Money, Payment
from bragref.ledger.replay import (MISDEALT, Current, Step, action_of, dealt, dict_rows, hand_groups,
                                   live_actions, postings, replayed)
from bragref.ledger.seats import Seating, Session

QUEUED = ("actions", "postings")  # what `Ledger.queued` holds back: an action's rows
REPLAY_CHUNK = 50  # hands read at once when a whole session is replayed (`Ledger.replays`): few enough that their
# rows, made as dicts, are more often still in the processor's cache when each hand is replayed and told (500: 17%
# more misses of its last-level cache, simulated over 2,000 hands' history)
Params = Sequence[object] | Mapping[str, object]  # a query's parameters: by position, or by name (`:s`)
MAX_REASON = 500  # an undo's reason: a note, shown escaped wherever it is printed
# where an action (or a void) was entered (docs/reference.md, Where an action was entered), kept on its row
# (`actions.entered`, schema 13)
ENTERED = {
    "command": "a one-shot command (the quick path, `run FILE` and `simulate` too), or Python's `Book`",
    "table": "`bragref table`",
    "referee": "the referee's page (`serve --referee`)",
    "seat": "a player's phone, asked there and recorded by the referee",
    "seat-self": "a player's phone, recorded at once under `serve --referee --seats record`",
    "app": "the referee in the phone (`bragref app build`): the referee's page with bragref running in the browser",
    "import": "an import of a history that does not say where it was entered",
}
ENTERED_ROWS = ("sessions", "session_events", "hands", "actions", "loans", "purses", "payments")  # the rows that keep
# it (`entered`, schema 13 for actions, 14 for the rest): all but the postings, which an action's row makes


def entered_text(value) -> str | None:
    """Where a row says it was entered, as the reports give it: its text, whatever it holds (a value outside
    `ENTERED`, or stored as something else than text, is `audit`'s finding, never a report's failure)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


REVERSES = {  # what puts right something recorded by mistake once it is final (R9.1): a fact recorded the other way
    "a loan": "its repayment (`repay BORROWER LENDER AMOUNT`)",  # onto the table too
    "a repayment": "a loan back (`lend LENDER BORROWER AMOUNT`)",
    "a buy-in": "a cash-out of it (`cash-out PLAYER AMOUNT`)",
    "a top-up": "a cash-out of it (`cash-out PLAYER AMOUNT`)",
    "a cash-out": "a buy-in of it (`buy-in PLAYER AMOUNT`)",
    "a change of rules": "the rule set back (`rules set OPTION VALUE`)",
    "a player joining": "their leaving (`player leave NAME`)",
    "a player leaving": "their joining again (`player join NAME`)",
    "a new name": "the name changed back (`player rename NEW OLD`)",
}


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def deal_columns(rules: Rules, seats: list[str], dealer: str, carried: int, retained_by: str | None,
                 purses: dict[str, int] | None, record: dict) -> dict:
    """What a deal's row records of the hand dealt, as `replay.dealt` deals it again: the seats, rules, table money
    and what the game's deal records (`Game.dealt_record`) as JSON text (spaced, ASCII: the text every ledger's deals
    have held)."""
    import json  # read by `structs.decode`

    return {"dealer": dealer, "seats": json.dumps(seats), "rules": rules.to_json(), "carried_in": carried,
            "retained_by": retained_by,
            "purses": None if purses is None else json.dumps({name: purses[name] for name in seats}),
            "dealt": json.dumps(record, ensure_ascii=False) if record else None}


def state_of(hand: Hand) -> str:
    """The SHA-256 of the hand as JSON, which an action row records of the hand after it (`actions.state`, schema 10,
    chained with the row): what the engine made of the action, by the bragref that recorded it (a later one may shape
    its hands otherwise). Nothing reads a hand from it; it marks the rows a bragref since 0.13 wrote (`audit`)."""
    return chain.sha256(structs.encode(hand)).hexdigest()


def put_in(before: Hand, after: Hand) -> int:
    """What an action put into the pot: what it took from the players (an action's `amount`)."""
    return sum(p.paid for p in after.players) - sum(p.paid for p in before.players)


class Voided(structs.Struct, frozen=True):
    """What an undo voided (R9.1): an action of hand `number`, or, with `action` None, its deal (a misdeal)."""

    number: int
    row_id: int  # the voided action's row; for a misdeal, the void's own row
    action: Verb | None
    dealer: str | None = None  # a misdeal's dealer, who deals again
    payment: Payment | None = None  # a settle-up voided instead, the ledger's last event (`number` 0, `action` None)


class Stale(Exception):
    """A write meant for the ledger as it stood when it was last read, which another terminal has changed since."""


class Tried(Exception):
    """The end of a write only tried (`Ledger.trying`): judged as it would be, then rolled back."""


class Ledger(Seating, Money):
    committed = False  # whether any ledger of this process has committed a write: what a Ctrl-C caught outside every
    # command's own handler is told by (`bragref.__main__`)

    def __init__(self, path: str, conn: sqlite3.Connection | None = None, create: bool = True):
        """The ledger at `path`: opened (and brought up to date) here, or `conn`, a connection already open on it;
        an empty file is made a ledger only where `create` (`db.connect`)."""
        self.path = path
        self.conn = connect(path, create=create) if conn is None else conn
        self.file = self.conn  # the file's own connection: another only where the rows are a copy (`read_only`)
        self.now: Callable[[], str] = now  # the clock rows are stamped by; an import stamps them with the file's times
        self.entered = "command"  # where the actions recorded now were entered (`ENTERED`), kept on each action's row
        # and each void's; an import sets it line by line from the history
        self.wrote = False  # a write has been committed: the command has recorded something, whatever happens next
        self.expect: str | None = None  # when set, a write is refused as `Stale` unless the chain still ends here (a
        # digest, `chain.digest`'s)
        self._hot: dict[int, tuple[str, Current | None]] = {}  # session id -> (chain head, its current hand then)
        self._known: dict[str | None, tuple[tuple, Session]] = {}  # session asked for -> (what it was read from, it)
        self.forecast: chain.Forecast | None = None  # how an import's judge links its rows: as they will be linked
        # in the ledger they are copied into
        self._head: tuple[int, str] | None = None  # the chain's last link while this ledger writes (`write`)
        self._mark: tuple | None = None  # what sessions are read from (`session`), likewise
        self._queue: chain.Copy | None = None  # actions and postings waiting to be written together (`queued`)
        self._columns: dict[str, tuple[str, ...]] = {}  # each log table's columns, as the queue reads them
        self.identifying = True  # an open session an older bragref made, with no identity, is given one when it is
        # next written in (`Seating.session`); not in an import's judge, nor in a copy being extended
        self.before_write: Callable[[], None] | None = None  # called before each write takes the lock (the terminal's
        # check of the ledger's replica, `replica.before_write`: it raises where nothing may be written)

    @classmethod
    def read_only(cls, path: str) -> Ledger:
        """The ledger opened for reading only, changing nothing (`db.as_it_is`: no migration, no change of journal
        mode; an older bragref's ledger read through a copy brought up to date): for `audit`, `serve`, shell
        completion and the pieces of long work read in processes of their own. `file` is the file's own connection."""
        rows, file = as_it_is(path)
        ledger = cls(path, rows)
        ledger.file = file
        return ledger

    def close(self) -> None:
        self.conn.close()
        self.file.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        """One write, all or nothing (`ledger.db.transaction`); refused as `Stale` if the ledger moved on since
        `expect` was set from it. While it holds the write lock no other terminal writes, so the ledger reads the
        chain's last link once and then follows it as it adds links (`_head`), and likewise what sessions are read
        from (`_mark`): statements a row, not three."""
        outermost = not self.conn.in_transaction
        if outermost and self.before_write is not None:
            self.before_write()
        try:
            with transaction(self.conn, self._committed if outermost else lambda: None):
                if outermost:
                    self._head = chain.head(self.conn)
                    if self.expect is not None and chain.digest_of(self._head) != self.expect:
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

    def _committed(self) -> None:
        self.wrote = Ledger.committed = True

    @contextmanager
    def trying(self):
        """Writes made inside are judged exactly as they would be (the rules, the ledger's own checks, `expect`),
        then rolled back: nothing is recorded (a player's request from their seat, judged when it is asked)."""
        try:
            with self.write():
                yield
                raise Tried
        except Tried:
            pass

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

    def _last_link(self) -> tuple[int, str]:
        return self._head or chain.head(self.conn)

    def digest(self) -> str:
        """The ledger's digest now, `seq-16hex`: a witness the table can keep (README, Trust)."""
        return chain.digest(self.conn)

    def _q(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        return self.conn.execute(sql, params).fetchall()

    def _event(self, session_id: int, event: str, player: str | None = None, detail: str | None = None) -> None:
        self._insert("session_events", session_id=session_id, at=self.now(), event=event, player=player, detail=detail)

    def _insert(self, table: str, **values: object) -> int:
        if table in ENTERED_ROWS and "entered" not in values:
            values["entered"] = self.entered
        if self._queue is not None:
            if table not in QUEUED:
                raise AssertionError(f"a {table} row is written while actions are queued")
            row_id = self._queue.add_named(table, values)
            self._head = (self._queue.seq, self._queue.head)
            return row_id
        assert self._head is not None, "rows are written inside `write`, which knows the chain's last link"
        row_id, self._head = chain.insert(self.conn, table, values, self._head, self.forecast)
        if table in ("sessions", "session_events"):
            self._mark = None
        return row_id

    @contextmanager
    def queued(self, session_name: str | None):
        """Actions of the session recorded one after another in one write, as `act` records them but through the
        function given here, which takes the build and gives the action's row id: their rows, and the postings of a
        hand they settle, are queued and written together as the block ends (`chain.Copy`). For an import's run of a
        hand's actions, which reads nothing back between them; nothing else is recorded inside the block."""
        with self.write():
            session = self.session(session_name)
            with self._queueing():
                yield lambda build: self._act(session, build)[0].last

    @contextmanager
    def played(self, session_name: str | None, deal: dict, final: Hand):
        """A run of actions judged elsewhere (an import's read-ahead: `exchange.foresee`) from the deal whose row's
        columns are `deal` (`deal_columns`), ending at `final`: given a function that records each action and what it
        put in, as `queued` records them, where the session's current hand is that deal with nothing recorded in it
        yet; else given None, and nothing is recorded. The rules are pure: the same deal and actions give the same
        hand after each, so the rows are those `act` would write."""
        with self.write():
            session = self.session(session_name)
            current = self._require_hand(session)
            if current.last is not None or any(current.row[column] != value for column, value in deal.items()):
                yield None
                return
            last = None

            def record(action: Verb, paid: int) -> None:
                nonlocal last
                last = self._action_row(current.row["id"], action, paid)

            with self._queueing():
                yield record
                if last is not None and final.phase == "over":
                    self._post(session.id, current.row["id"], last, final)
            assert self._head is not None  # inside the write (above)
            self._hot[session.id] = (self._head[1], Current(current.number, current.row, last, final))

    @contextmanager
    def _queueing(self):
        self._queue = chain.Copy(self.conn, self._head, self.forecast, QUEUED, self._columns)
        try:
            yield
            self._queue.write()
        finally:
            self._queue = None

    @contextmanager
    def copying(self):
        """Rows copied in from another ledger (`chain.Copy`), written at the end of this ledger's write."""
        with self.write():
            copy = chain.Copy(self.conn, self._head)
            yield copy
            copy.write()
            self._head, self._mark = (copy.seq, copy.head), None

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
        current = self._load(rows[0]) if rows else None
        self._hot[session.id] = (head, current)
        return current

    def due_dealer(self, session: Session) -> str | None:
        """Who deals the session's next hand (R2.2): the dealer of a misdeal again (R9.1), else the next on the last
        dealer's left, or the banker who deals every hand (R17.1); None where the first dealer is chosen at the
        deal."""
        fixed = game_of(session.rules).fixed_dealer(session.rules, session.seats)
        return fixed or self._due(session, self.current(session), self._misdeal(session))

    def _due(self, session: Session, previous: Current | None, misdeal: sqlite3.Row | None) -> str | None:
        called = session.now_called
        if misdeal is not None and called(misdeal["dealer"]) in session.seats:
            return called(misdeal["dealer"])  # the same dealer deals again (R9.1)
        if previous is None:
            return None  # the first dealer is chosen now (R2.2)
        seats_then = [called(name) for name in structs.decode(previous.row["seats"])]
        return next_dealer(seats_then, called(previous.row["dealer"]), session.seats)

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

    def misdealt_numbers(self, session: Session) -> list[int]:
        """The numbers of the session's hands whose deal was voided (R9.1): never played."""
        return [r[0] for r in self._q(f"SELECT number FROM hands h WHERE session_id = ? AND {MISDEALT} ORDER BY number",
                                      (session.id,))]

    def _load(self, row: sqlite3.Row) -> Current:
        """Hand `row` replayed from its rows: never from a copy kept outside them, which only a replay could
        check."""
        rows = self.all_actions(row["id"])
        hand = dealt(row)
        for step in replayed(row, rows, self._loans(row["id"]), hand):
            hand = step.after
        live = live_actions(rows)
        return Current(row["number"], row, live[-1]["id"] if live else None, hand)

    def steps(self, row: sqlite3.Row) -> Iterator[Step]:
        """Hand `row` replayed a recorded row at a time (`replayed`): what `history`, `replay` and export tell."""
        return replayed(row, self.all_actions(row["id"]), self._loans(row["id"]))

    def replays(self, session: Session, number: int | None = None) -> Iterator[tuple[dict, Iterator[Step]]]:
        """Every hand of the session in order (or hand `number` alone), each with its replay (`replayed`), read a
        chunk of hands at a time: a whole session is streamed, never held, in three queries a chunk, not two a hand.
        Each hand's row, and each action's and loan's in its steps, is a dict of its columns by name
        (`replay.dict_rows`)."""
        if number is not None and number not in range(1, self.last_number(session) + 1):
            raise BadInput(f"session {session.name} has no hand {number}")
        first, last = (number, number) if number is not None else (1, self.last_number(session))
        return self.replays_between(session, first, last)

    def replays_between(self, session: Session, first: int, last: int) -> Iterator[tuple[dict, Iterator[Step]]]:
        """Hands `first`..`last` of the session, as `replays` gives them."""
        cursor = self.conn.cursor()
        cursor.row_factory = None  # the rows made dicts (`dict_rows`): the replay and the reports read a dozen of
        # each hand's columns by name
        for start in range(first, last + 1, REPLAY_CHUNK):
            end = min(start + REPLAY_CHUNK - 1, last)
            actions = hand_groups(self.conn, "actions", session.id, start, end)
            loans = hand_groups(self.conn, "purses", session.id, start, end)
            cursor.execute("SELECT * FROM hands WHERE session_id = ? AND number BETWEEN ? AND ? ORDER BY number",
                           (session.id, start, end))
            for row in dict_rows(cursor):
                hand_id = row["id"]
                yield row, replayed(row, actions.get(hand_id, []), loans.get(hand_id, []))

    def last_number(self, session: Session) -> int:
        return self._q("SELECT COALESCE(MAX(number), 0) FROM hands WHERE session_id = ?", (session.id,))[0][0]

    def _loans(self, hand_id: int) -> list[sqlite3.Row]:
        return self._q("SELECT * FROM purses WHERE hand_id = ? ORDER BY id", (hand_id,))

    def deal(self, session_name: str | None, dealer: str | None = None, dealt: dict[str, str] | None = None,
             decided: bool = False) -> tuple[Session, Current, Current | None]:
        """Deal the next hand; also returns the hand before it (whose result may call for a shuffle, R9.2). `dealt`:
        what the game's deal records beside the seats, as written (`{"joker": "7h"}`, R13.7); with `decided`, the
        move the deal decides by itself recorded in the same write (`Game.decided_at_deal`: a svara deal left with
        one player is theirs, R16.7), where a history being imported does not say it in a line of its own."""
        with self.write():
            session = self.session(session_name)
            previous, game = self.current(session), game_of(session.rules)
            current = self._deal(session, game, dealer, previous, dealt)
            move = game.decided_at_deal(current.hand) if decided else None
            if move is not None:
                current, _ = self._act(session, move, game, stated=str(self.path) != ":memory:")
            return session, current, previous

    def _deal(self, session: Session, game, dealer: str | None, previous: Current | None,
              given: dict[str, str] | None = None) -> Current:
        """Deal the next hand of `session` by its `game` (the one its rules name)."""
        self._check_open(session)
        if previous is not None:  # else the session's first hand: none is being played
            require_between_hands(previous.hand, previous.number, "a deal comes", "R6")
        misdeal = self._misdeal(session)
        called = session.now_called
        due = self._due(session, previous, misdeal)
        named = resolve(dealer, session.seats, renamed=session.renamed) if dealer is not None else None
        fixed = game.fixed_dealer(session.rules, session.seats)  # a named banker (R17.1)
        if fixed is not None and named not in (None, fixed):
            raise Refused(f"{fixed} deals every hand here: the dealer cannot be named otherwise (deal without "
                          f"--dealer)", game.rule)
        dealer = fixed or due or named or next_dealer([], None, session.seats)
        result = previous.hand.result if previous else None
        carried = result.carried if result else 0
        retained_by = called(result.retained_by) if result else None
        purses = self.table_money(session) if session.rules.stakes == "table" else None
        before = previous and previous.hand.rules.game  # the game changed before bragref kept the pot (0.12.6)
        play.keep_carried(None if previous is None else previous.hand, session.rules,
                          f"play {before} until it is won (`rules set game {before}`)")
        play.require_dealt(session.rules, given or {})
        follows = game.deal_follows(session.rules, session.seats, previous and previous.hand,
                                    lambda: self.match_called(session, previous), called,
                                    lambda: self.last_match(session))  # a match's lives
        hand = play.deal(session.rules, session.seats, dealer, carried, retained_by, purses,
                         {**(given or {}), **follows})  # refuses a bad table first
        if due is not None and named is not None and named != hand.dealer:  # the game may pass over a player out
            if misdeal is not None:
                why = "deals again after the misdeal"
            else:
                assert previous is not None  # `due` is then the next dealer after the hand before's (above)
                why = (f"is on {called(previous.row['dealer'])}'s left" if hand.dealer == due else
                       "is the next on the left still in the match")
            raise Refused(f"the deal passes to {hand.dealer}, who {why}: the dealer cannot be named now (deal "
                          f"without naming one)", "R9.1" if misdeal is not None else "R2.2")
        record = game.dealt_record(hand)
        self.deal_reminder(session)  # refuses a deal the game's housekeeping forbids (R11.7)
        number = self._q("SELECT COALESCE(MAX(number), 0) + 1 FROM hands WHERE session_id = ?", (session.id,))[0][0]
        hand_id = self._insert("hands", session_id=session.id, number=number, dealt_at=self.now(),
                               **deal_columns(session.rules, session.seats, hand.dealer, carried, retained_by, purses,
                                              record))
        row = self._q("SELECT * FROM hands WHERE id = ?", (hand_id,))[0]
        current = Current(number, row, None, dealt(row))  # the hand as its row deals it, as every replay starts
        assert self._head is not None  # inside the caller's write
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

    def act(self, session_name: str | None, move) -> tuple[Session, Current, Verb]:
        """Record one action, `move` made in the current hand (`play.made`: an action, or words said, read by the
        hand's game), checked as a move from outside is (`verbs.checked`: its fields' types, its cards in the pack),
        if the engine accepts it."""
        with self.write():
            session = self.session(session_name)
            current, action = self._act(session, move, stated=str(self.path) != ":memory:", check=True)
        return session, current, action

    def record_hand(self, session_name: str | None, choose: Callable[[Hand], Verb], dealer: str | None = None,
                    dealt: dict[str, str] | None = None) -> Current:
        """Deal and play a whole hand in one transaction, `choose` giving each action: for simulations and imports."""
        with self.write():
            session = self.session(session_name)
            game = game_of(session.rules)
            current = self._deal(session, game, dealer, self.current(session), dealt)
            while current.hand.phase != "over":
                current, _ = self._act(session, choose, game)
            return current

    def _act(self, session: Session, move, game=None, stated: bool = False,
             check: bool = False) -> tuple[Current, Verb]:
        """Record one action, `move` made in the current hand (`play.made`) by its `game` (found here once, where the
        caller has not), and the hand after it for the rest of this process's work (`_hot`); `stated`: its row
        records the digest of that hand (`state_of`), as an action recorded on its own in a ledger file does (one
        recorded with others, a simulation's or an import's judge's, records none); `check`: the
        action checked as a move from outside is (`verbs.checked`)."""
        current = self._require_hand(session)
        game = game or game_of(current.hand.rules)
        try:
            action = play.made(current.hand, move, game)
        except UnknownName as unknown:  # the hand knows its players by their names now; the session, the former
            self._not_dealt_in(session, current.hand, unknown.query, game)
            raise unknown.formerly(session.renamed) from None
        if check:  # a move made now: judged as the rules are read now (`play.apply_now`)
            action = checked(action, current.hand.rules)
        after = (play.apply_now if check else play.apply)(current.hand, action, game)
        action_id = self._action_row(current.row["id"], action, put_in(current.hand, after),
                                     state_of(after) if stated else None)
        if after.phase == "over":
            self._post(session.id, current.row["id"], action_id, after)
        now = Current(current.number, current.row, action_id, after)  # replayed once per action
        assert self._head is not None  # inside the caller's write
        self._hot[session.id] = (self._head[1], now)
        return now, action

    def _action_row(self, hand_id: int, action: Verb, paid: int, state: str | None = None) -> int:
        """An action's row: `paid`, what it put in (`put_in`); `state`, the digest of the hand after it
        (`state_of`); where it was entered (`entered`)."""
        return self._insert("actions", hand_id=hand_id, at=self.now(), verb=action.verb,
                            player=None if action.subject == "table" else action.player,  # type: ignore[attr-defined]
                            # (a player's verb, `subject`, declares its `player` field; `Verb` declares none)
                            amount=paid or None,
                            args=structs.encode(action.args()).decode(),  # as few characters as JSON allows
                            state=state, entered=self.entered)

    @staticmethod
    def _not_dealt_in(session: Session, hand: Hand, query: str, game) -> None:
        """A seated player the hand has no cards for (out of a match for lives, R14.4) is named for an action:
        refused as out of turn, naming whose turn it is, not taken for a name that is nobody's."""
        try:
            name = resolve(query, session.seats)
        except BadInput:
            return
        if name in {p.name for p in hand.players}:
            return
        turn = f"it is {hand.acting.name}'s turn" if hand.acting else "nobody is to act"
        out, rule = game.not_dealt(hand.rules)
        raise Refused(f"{name} is {out}: {turn}, and nobody acts out of turn", rule)

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
        with no live action, void the deal itself: a misdeal (R9.1); before either, a settle-up that is the ledger's
        last event."""
        with self.write():
            if reason is not None and len(reason) > MAX_REASON:
                raise BadInput(f"a reason is at most {MAX_REASON} characters")
            session = self.session(session_name)
            paid = self.last_payment()
            if paid is not None:  # a settle-up, while it is the ledger's last event (docs/reference.md, The season)
                self._insert("payments", at=self.now(), payer=paid["payer"], payee=paid["payee"], amount=paid["amount"],
                             voids=paid["id"], reason=reason, money=paid["money"])
                payment = Payment(paid["id"], paid["payer"], paid["payee"], paid["amount"], paid["note"],
                                  self.payment_rules(paid))
                return session, self.current(session), Voided(0, paid["id"], None, payment=payment)
            current = self._require_hand(session)
            self._check_open(session)
            self._nothing_after(session, current)
            if current.last is None:
                void_id = self._insert("actions", hand_id=current.row["id"], at=self.now(), verb="void", detail="deal",
                                       reason=reason, entered=self.entered)
                return session, self.current(session), Voided(current.number, void_id, None, current.row["dealer"])
            target = self._q("SELECT * FROM actions WHERE id = ?", (current.last,))[0]
            void_id = self._insert("actions", hand_id=current.row["id"], at=self.now(), verb="void", voids=target["id"],
                                   reason=reason, entered=self.entered)
            for posting in self._q("SELECT * FROM postings WHERE action_id = ? ORDER BY id", (target["id"],)):
                self._insert("postings", session_id=posting["session_id"], hand_id=posting["hand_id"], action_id=void_id,
                             player=posting["player"], kind=posting["kind"], amount=-posting["amount"])
            voided = action_of(target, current.hand.rules)
            return session, self.current(session), Voided(current.number, target["id"], voided)

    def _nothing_after(self, session: Session, current: Current) -> None:
        """Settled is final (R9.1, docs/reference.md, Promises about history): an undo voids the last thing recorded,
        the last live action of `current` (its deal where none stands), only while nothing of the session was recorded
        after it: a later deal (a misdealt one too), an event between hands, a loan, a repayment or table money
        moved."""
        table, row_id = ("actions", current.last) if current.last is not None else ("hands", current.row["id"])
        seq = self._q("SELECT seq FROM chain WHERE tbl = ? AND row_id = ?", (table, row_id))[0][0]
        later = self._q(
            "SELECT what FROM (SELECT c.seq, 'a deal (hand ' || t.number || ')' AS what FROM chain c"
            "  JOIN hands t ON c.tbl = 'hands' AND t.id = c.row_id WHERE c.seq > :seq AND t.session_id = :session"
            " UNION ALL SELECT c.seq, CASE t.event WHEN 'seat' THEN 'a player joining' WHEN 'leave' THEN 'a player"
            "  leaving' WHEN 'rename' THEN 'a new name' WHEN 'rules' THEN 'a change of rules' WHEN 'match' THEN"
            "  'a new match' ELSE t.event END FROM chain c JOIN session_events t ON c.tbl = 'session_events'"
            "  AND t.id = c.row_id WHERE c.seq > :seq AND t.session_id = :session"
            "  AND t.event NOT IN ('use', 'identity')"
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
            reverse = next((words for kind, words in REVERSES.items() if since.startswith(kind)), None)
            raise Refused(f"nothing can be undone: {what}" + (f"; if {since} was a mistake, record {reverse}" if reverse
                                                                else ""), "R9.1")

    def action_count(self, session: Session) -> int:
        """Every action row of the session's hands, voids included."""
        return self._q("SELECT COUNT(*) FROM actions a JOIN hands h ON h.id = a.hand_id WHERE h.session_id = ?",
                       (session.id,))[0][0]

    def facts(self, session: Session) -> Iterator[tuple[str, sqlite3.Row]]:
        """Everything recorded of a session, as (table, row) in the order written (the chain's), read as it is
        used: what an export holds. Left out: `use` events (which session is current is not the session's own
        story), its `identity` (the head of its export: `Session.identity`), the table-money rows of loans (the loan records them) and postings (the replay of the actions gives
        them). Read it inside `reading()` where another terminal may write meanwhile."""
        chained = "SELECT t.*, c.seq FROM {0} t JOIN chain c ON c.tbl = '{0}' AND c.row_id = t.id"
        queries = {
            "sessions": chained.format("sessions") + " WHERE t.id = ?",
            "session_events": chained.format("session_events") + " WHERE t.session_id = ?"
                              " AND t.event NOT IN ('use', 'identity')",
            "hands": chained.format("hands") + " WHERE t.session_id = ?",
            "actions": chained.format("actions") + " JOIN hands h ON h.id = t.hand_id WHERE h.session_id = ?",
            "loans": chained.format("loans") + " WHERE t.session_id = ?",
            "purses": chained.format("purses") + " WHERE t.session_id = ? AND t.kind != 'loan'",
        }
        def tagged(table: str, sql: str) -> Iterator[tuple[int, str, sqlite3.Row]]:
            for row in self.conn.execute(sql + " ORDER BY c.seq", (session.id,)):
                yield row["seq"], table, row

        import heapq  # here: only an export and an import merge

        merged = heapq.merge(*(tagged(table, sql) for table, sql in queries.items()), key=lambda item: item[0])
        return ((table, row) for _, table, row in merged)

    def all_actions(self, hand_id: int) -> list[sqlite3.Row]:
        return self._q("SELECT * FROM actions WHERE hand_id = ? ORDER BY id", (hand_id,))
