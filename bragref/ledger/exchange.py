"""A session's facts as a bhh document, and a document recorded again through the rules.

Export walks the session's rows in the order they were written (the hash chain's order)
and writes each as a line; import records each line through the same ledger calls the
commands use, in one write, so the engine judges every action again and a history that
breaks a rule is refused whole, naming the line (a long file's hands are judged in the
processes that read them ahead, `foresee`, and written as judged there where the ledger
deals the same hand: `Ledger.played`). Times travel as `_`-fields, so
export → import → export gives the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext, suppress
from functools import lru_cache, partial
from itertools import groupby
from typing import NamedTuple

import bragref.structs as structs

from bragref.engine.cards import MAX_JOKERS, parse_cards
from bragref.engine.errors import BadInput, Refused, did_you_mean
from bragref.engine.rules import Rules
from bragref.engine.state import Hand
from bragref.formats import bhh
from bragref.formats.bhh import TABLE, quoted, who
from bragref.engine.names import key as name_key, same
from bragref.games import game_of, game_verbs, play, verb_of
from bragref.games.verbs import Reader, Verb
from bragref.ledger.chain import LOG_TABLES, Copy, Forecast
from bragref.ledger.chain import head as chain_head
from bragref.ledger.db import connect_like
from bragref.ledger.pieces import alive, cores, in_order
from bragref.ledger.replay import Step, Unreplayable, dealt
from bragref.ledger.seats import Session
from bragref.ledger.store import ENTERED, Ledger, deal_columns, entered_text, put_in

# ---- export ---------------------------------------------------------------------------


class _Segment(structs.Struct):
    """A hand from its deal to the next: its lines, and its replay (`replay.replayed`) by row."""

    row: sqlite3.Row  # its deal's (`Ledger.facts`)
    players: list[str]
    steps: dict[int, Step]  # action row id -> its step
    final: Hand  # the hand as its last row leaves it
    lines: list[tuple[str, str, bool, str | None]] = structs.field(default_factory=list)  # (line, time, is a hand
    # action, where it was entered)
    numbers: dict[int, int] = structs.field(default_factory=dict)  # action row id -> its line's number in `actions`, from 1

    @classmethod
    def of(cls, ledger: Ledger, row) -> _Segment:
        steps = list(ledger.steps(row))
        final = steps[-1].after if steps else dealt(row)
        return cls(row, structs.decode(row["seats"]), {s.row["id"]: s for s in steps if not s.loan}, final)

    @property
    def start(self) -> Hand:
        return dealt(self.row)


def export(ledger: Ledger, session: Session) -> dict:
    """The session as a bhh document (man 5 bragref-bhh), whole."""
    head, hands = export_stream(ledger, session)
    return {**head, "hands": list(hands)}


def export_stream(ledger: Ledger, session: Session) -> tuple[dict, Iterator[dict]]:
    """The session as a bhh document read as it is written out: its head (everything but the hands, whose list is
    left empty), and its hands one at a time, each made as the one before is done with."""
    facts = ledger.facts(session)
    _, created = next(facts)
    rules = Rules.from_json(created["rules"])
    seats: list[str] = []
    following = next(facts, None)
    while (following is not None and following[0] == "session_events" and following[1]["event"] == "seat"
           and following[1]["seq"] == created["seq"] + len(seats) + 1
           and following[1]["at"] == created["created_at"]):  # a join before the first deal came at a time of its own
        # (chained straight after the seats in a session imported without --use, whose `use` is left out)
        seats.append(following[1]["player"])
        following = next(facts, None)
    head = {"bhh": bhh.FORMAT, "variant": bhh.variant(rules), "session": created["name"], "players": seats,
            **({"session_id": session.identity} if session.identity else {}),
            "before": [], "_created_at": created["created_at"], "_before_at": [], "rules": bhh.rules_table(rules),
            "hands": []}
    handles = handles_of(ledger, session)
    if handles:
        head = {**{k: v for k, v in head.items() if k != "hands"}, "_handles": handles, "hands": []}
    told = _Told(ledger, rules)
    while following is not None and following[0] != "hands":
        table, row = following
        head["before"].append(told.line(table, row))
        head["_before_at"].append(row["at"])
        following = next(facts, None)
    return head, told.hands(following, facts)


def handles_of(ledger: Ledger, session: Session) -> list[str]:
    """How the night's players are paid, for a history to carry (`_handles`, man 5 bragref-bhh): each one's newest
    pay-to row, `AT HANDLE PLAYER` (`-` where it took the handle away), in the order they were recorded; none where
    no player of the night has one."""
    from bragref.engine.names import key

    players = {key(name) for (name,) in ledger.conn.execute(
        "SELECT player FROM session_events WHERE session_id = ? AND event = 'seat' UNION SELECT detail FROM"
        " session_events WHERE session_id = ? AND event = 'rename'", (session.id, session.id)) if isinstance(name, str)}
    newest: dict[str, tuple] = {}
    for row_id, at, player, handle in ledger.conn.execute("SELECT id, at, player, handle FROM handles ORDER BY id"):
        if isinstance(player, str) and key(player) in players:
            newest[key(player)] = (row_id, f"{at} {handle if handle is not None else '-'} {player}")
    return [line for _, line in sorted(newest.values())]


def handles_in(document: dict) -> list[tuple]:
    """A history's `_handles` (`handles_of`), as rows `Money.handles_entered` takes: what does not read is left out."""
    rows = []
    for line in document.get("_handles") or ():
        parts = line.split(" ", 2) if isinstance(line, str) else ()
        if len(parts) == 3:
            at, handle, player = parts
            rows.append((at, player, None if handle == "-" else handle))
    return rows


class _Told:
    """Each row of a session as a line, the rules in force followed as they change."""

    def __init__(self, ledger: Ledger, rules: Rules):
        self.ledger, self.rules = ledger, rules
        self.segment: _Segment | None = None  # the hand being told, from its deal on (None before the first)

    def hands(self, first, facts) -> Iterator[dict]:
        if first is None:
            return
        self.segment = _Segment.of(self.ledger, first[1])
        for table, row in facts:
            if table == "hands":
                yield _hand(self.segment)
                self.segment = _Segment.of(self.ledger, row)
                continue
            acting = table == "actions"
            self.segment.lines.append((self.line(table, row), row["at"], acting, entered_text(row["entered"]) if acting else None))
        yield _hand(self.segment)

    def line(self, table: str, row) -> str:
        segment = self.segment
        players = segment.players if segment else []
        if table == "session_events":
            text, self.rules = _event_line(row, players, self.rules)
            return text
        if table == "actions":
            assert segment is not None, "an action is told after its hand's deal"
            return _action_line(segment, row)
        if table == "loans":
            return _loan_line(row, players)
        amount = -row["amount"] if row["kind"] == "cash-out" else row["amount"]
        return f"{who(row['player'], players)} {row['kind']} {amount}"


def _event_line(row, players: list[str], rules: Rules) -> tuple[str, Rules]:
    event = row["event"]
    if event == "seat":
        after = f" after {who(row['detail'], players)}" if row["detail"] else ""
        return f"{who(row['player'], players)} join{after}", rules
    if event == "leave":
        return f"{who(row['player'], players)} leave", rules
    if event == "rename":
        return f"{who(row['player'], players)} rename {quoted(row['detail'])}", rules
    if event == "rules":
        changed = Rules.from_json(row["detail"])
        return " ".join([TABLE, "rules", *bhh.rules_change(rules, changed)]), changed
    if event == "match":
        return f"{TABLE} match new", rules
    return f"{TABLE} close", rules


def _action_line(segment: _Segment, row) -> str:
    verb, player = row["verb"], row["player"]
    segment.numbers[row["id"]] = len(segment.lines) + 1  # every line up to a hand's last action is in `actions`
    if verb == "void":
        reason = f" {quoted(row['reason'])}" if row["reason"] is not None else ""
        if row["voids"] is None:
            return f"{TABLE} void deal{reason}"  # a misdeal (R9.1)
        if row["voids"] not in segment.numbers:  # bragref voids only an action of the same hand before it
            raise Unreplayable(f"its void (row {row['id']}) names row {row['voids']}, no action before it",
                               segment.row["number"])
        return f"{TABLE} void {segment.numbers[row['voids']]}{reason}"
    step, players = segment.steps.get(row["id"]), segment.players
    if step is None:  # an action the hand's replay never reached: its rows were changed
        raise Unreplayable(f"its action row {row['id']} is not among the rows its replay read", segment.row["number"])
    action = step.action
    assert isinstance(action, Verb), "a hand action's step (the segment's steps are neither a void's nor a loan's)"
    subject = TABLE if action.subject == "table" else who(player, players)
    return " ".join([subject, verb, *action.written(step.before, step.after, lambda name: who(name, players))])


def _loan_line(row, players: list[str]) -> str:
    if row["kind"] == "repay":
        return f"{who(row['borrower'], players)} repay {who(row['lender'], players)} {row['amount']}"
    bystander = " bystander" if row["bystander"] else ""
    return f"{who(row['lender'], players)} lend {who(row['borrower'], players)} {row['amount']}{bystander}"


def _hand(segment: _Segment) -> dict:
    row, start, players = segment.row, segment.start, segment.players
    last = max((i for i, (_, _, is_action, _) in enumerate(segment.lines) if is_action), default=-1)
    hand = {"number": row["number"], "dealer": row["dealer"], "players": players, "antes": antes(start, players)}
    if start.carried_in:
        hand["carried"] = start.carried_in
    if start.retained_by:
        hand["retained_by"] = start.retained_by
    money = table_money(start, players)
    if money is not None:
        hand["table_money"] = money
    hand.update(game_of(start.rules).dealt_record(start))  # the card turned up (R13.7)
    hand["actions"] = [text for text, *_ in segment.lines[:last + 1]]
    if segment.final.phase == "over":
        hand["result"] = result_lines(segment.final, players)
    hand["after"] = [text for text, *_ in segment.lines[last + 1:]]
    hand["_dealt_at"] = row["dealt_at"]
    hand["_at"] = [at for _, at, _, _ in segment.lines[:last + 1]]
    entered = [where or "" for *_, where in segment.lines[:last + 1]]
    if any(entered):  # a hand of rows written before they kept it is written as it was
        hand["_entered"] = entered
    hand["_after_at"] = [at for _, at, _, _ in segment.lines[last + 1:]]
    return hand


def antes(start: Hand, players: list[str]) -> list[int]:
    """What each player, in seat order, put in at the deal (R2.3)."""
    paid = {p.name: p.paid for p in start.players}
    return [paid.get(name, 0) for name in players]


def table_money(start: Hand, players: list[str]) -> list[int] | None:
    """Each player's table money as the hand was dealt, in seat order (R1.3); None when they pay from the pocket."""
    if start.players[0].purse is None:
        return None
    money = {p.name: p.purse + p.paid for p in start.players if p.purse is not None}  # every one's: table stakes
    return [money.get(name, 0) for name in players]


def result_lines(hand: Hand, players: list[str]) -> list[str]:
    """Where a settled hand's money went, a line per winner per pot, numbered as `history` numbers pots (R7.3)."""
    result = hand.result
    assert result is not None, "asked of a settled hand alone"
    coverers = [c.covered_by for c in hand.covered]
    lines = []
    for pot in result.pots:
        number = len(coverers) + 1 if pot.covered_by is None else coverers.index(pot.covered_by) + 1
        how = pot.how + (f" {pot.decided_by}" if pot.decided_by else "")
        lines += [f"{who(name, players)} win {amount} pot {number} {how}" for name, amount in pot.winnings]
    if result.carried:
        lines.append(f"{TABLE} carry {result.carried}")
    return lines


# ---- import ---------------------------------------------------------------------------


@contextmanager
def _stamped(ledger: Ledger, at: str | None):
    """Rows written inside are stamped with the history's time, when it gives one."""
    if at is None:
        yield
        return
    clock = ledger.now
    ledger.now = lambda: at
    try:
        yield
    finally:
        ledger.now = clock


class Located(Exception):
    """Where in the history a line failed: `hand` (None before the first) and the line's text."""

    def __init__(self, error: BadInput | Refused, hand: int | None, text: str):
        super().__init__(str(error))
        self.error, self.hand, self.text = error, hand, text


def import_document(ledger: Ledger, document: dict, name: str | None = None, on_hand=lambda: None,
                    use: bool = True) -> Session:
    """Record a bhh document as a new session, every line judged by the rules again; all of it or nothing. The new
    session is made the current one unless not `use`."""
    rules = bhh.rules_from_table(document["rules"])
    if document["variant"] != bhh.variant(rules):
        said = f"the rules deal {rules.cards} cards" if "cards" in bhh.written(rules) else f"the game is {rules.game}"
        raise BadInput(f"the variant is {document['variant']!r} but {said} ({bhh.variant(rules)!r})")
    where, ledger.entered = ledger.entered, "import"  # what the history does not say was entered: its import
    try:
        return _imported(ledger, document, rules, name, on_hand, use)
    finally:
        ledger.entered = where


def _imported(ledger: Ledger, document: dict, rules: Rules, name: str | None, on_hand, use: bool) -> Session:
    with ledger.write():
        with _stamped(ledger, document.get("_created_at")):
            session = ledger.create_session(name or document["session"], rules, document["players"], use,
                                            identity=document.get("session_id"))
        name = session.name
        _lines(ledger, name, None, [], document.get("before", []), document.get("_before_at"), None)
        for hand, foreseen in _hands(document["hands"], rules):
            _import_hand(ledger, name, hand, foreseen)
            on_hand()
    return ledger.session(name)


READ_AHEAD_FROM = 4 * bhh.Hands.BATCH  # hands: a file this long is read in other processes as it is judged


def _hands(hands, rules: Rules) -> Iterator[tuple[dict, Foreseen | None]]:
    """A document's hands in order, each with its play as foreseen (`foresee`) where that was done in another
    process: a long file's hands are read, checked and foreseen in other processes while this one judges the hands
    before (`Hands.read_ahead`), two batches a process at most waiting, so that memory stays flat."""
    if isinstance(hands, bhh.Hands) and len(hands) >= READ_AHEAD_FROM and cores() > 1:
        return hands.read_ahead(lambda work, jobs: in_order(work, jobs, ahead=2), partial(foresee, rules))
    return ((hand, None) for hand in hands)


class Foreseen(NamedTuple):
    """A hand's play judged from the deal its history declares (`foresee`): the deal's row as the ledger would
    record it (`store.deal_columns`), each action with what it put in, and the hand after the last."""

    deal: dict
    played: list[tuple[Verb, int]]
    final: Hand


def foresee(rules: Rules, hand: dict) -> Foreseen | None:
    """A hand of a history judged in the process that read it, from the deal it declares under the
    history's first rules: what the import records of its actions where the deal the ledger records is that one (the
    rules are pure, so the same deal and lines give the same actions and hands). None where a line is not a game's
    action (a void or a loan: those are judged with the ledger), or where anything is refused or cannot be read: the
    import judges that hand itself, and says why."""
    try:
        game = game_of(rules)
        players, dealer = hand["players"], hand["dealer"]
        money = hand.get("table_money")
        purses = None if money is None else dict(zip(players, money, strict=False))
        declared = {key: hand[key] for key in (*(param.name for param in game.deal_params), *bhh.dealt_fields())
                    if key in hand}
        carried, retained_by = hand.get("carried", 0), hand.get("retained_by")
        first = play.deal(rules, players, dealer, carried, retained_by, purses, declared or None)
        deal = deal_columns(rules, players, first.dealer, carried, retained_by, purses, game.dealt_record(first))
        now = dealt(deal)  # as the ledger deals it again from its row
        played = []
        for text in hand["actions"]:
            line = _line(text, tuple(players))
            if line.verb not in game_verbs() or now.phase == "over":
                return None
            action = _action(now, line)
            after = play.apply(now, action)
            played.append((action, put_in(now, after)))
            now = after
        return Foreseen(deal, played, now)
    except Exception:  # noqa: BLE001 - judged again with the ledger, which says what is wrong
        return None


def _played(ledger: Ledger, name: str, hand: dict, foreseen: Foreseen, entered: list[str] | None) -> bool:
    """Record a hand's actions as `foresee` judged them, where the hand just dealt is the one it judged them from
    (`Ledger.played`), each entered where `entered` says (`_entered`); whether they were."""
    times = hand.get("_at")
    if not _one_each(times, hand["actions"]):
        return False
    clock, where = ledger.now, ledger.entered
    try:
        with ledger.played(name, foreseen.deal, foreseen.final) as record:
            if record is None:
                return False
            for index, (action, paid) in enumerate(foreseen.played):
                if times:
                    ledger.now = _clock(times[index])
                ledger.entered = entered[index] if entered else "import"
                record(action, paid)
    finally:
        ledger.now, ledger.entered = clock, where
    return True


def _clock(at: str) -> Callable[[], str]:
    """A clock that says `at`: each imported row stamped with the time its history gives it (`_at`), as `_stamped`
    stamps a run of them."""
    return lambda: at


SCRATCH = "bragref-import-"  # an import's scratch folder in the temporary folder: this, its process's id, a dash


def sweep_scratch() -> None:
    """Remove the scratch folders of imports whose process is gone (killed before it could remove its own)."""
    import shutil

    folder = tempfile.gettempdir()
    with suppress(OSError):
        for name in os.listdir(folder):
            pid = name[len(SCRATCH):].partition("-")[0] if name.startswith(SCRATCH) else ""
            if pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid)):
                shutil.rmtree(os.path.join(folder, name), ignore_errors=True)


def import_judged(ledger: Ledger, document: dict, name: str | None = None, use: bool = False,
                  on_hand=lambda: None) -> Session:
    """Record a bhh document as a new session: judged whole in a ledger of its own, a scratch file in the system's
    temporary folder (so that a long history's rows are not all held in memory), so a refused history never takes
    the write lock, then copied into `ledger` in one short write (`transplant`).

    The new session becomes the current one only with `use` (docs/reference.md, Reports: `import --use`). A history
    of a night the ledger holds already (`known`) is not recorded again: where the ledger's copy is a beginning of it,
    the rest is recorded in that night (`Extended` is raised, saying what); where it is all there, `AlreadyImported`;
    where the two differ, `Diverged`, nothing recorded.
    """
    found = known(ledger, document)
    if found is not None:
        there, start = found
        if start is None:
            ledger.handles_entered(handles_in(document))  # how its players are paid, where newer than here
            raise AlreadyImported(there.name)
        grown = extend(ledger, there, document, start)
        ledger.handles_entered(handles_in(document))
        raise grown
    wanted = name or document["session"]
    if isinstance(wanted, str) and any(same(wanted, taken) for taken in ledger.session_names()):
        if name is not None:
            raise BadInput(f"there is already a session called {wanted}: import it --as another name")
        name = free_name(ledger, wanted)  # another table's night of the same name: a club's ledger keeps both
    sweep_scratch()
    with tempfile.TemporaryDirectory(prefix=f"{SCRATCH}{os.getpid()}-") as folder:
        path = os.path.join(folder, "judged.db")
        judge = Ledger(":memory:", connect_like(ledger.conn, path))
        judge.identifying = False  # the history's identity, or none where it carries none (known by its content)
        with ledger.reading():
            last = {table: ledger.conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0]
                    for table in LOG_TABLES}
            judge.forecast = Forecast(ledger.conn, chain_head(ledger.conn), last)  # where the copy will go
        try:
            judged = import_document(judge, document, name, on_hand, use)
            identified = bool(document.get("session_id"))
            hands = judge.conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
            already = (holding(ledger, export(judge, judged), identified) if alike(ledger, hands, identified)
                       else None)  # exported (every hand replayed again, and held whole) only where a session could
            # hold the same
            if already is not None:
                ledger.handles_entered(handles_in(document))
                raise AlreadyImported(already)
            made = transplant(judge, ledger, judged.name, path)
            ledger.handles_entered(handles_in(document))
            return made
        finally:
            judge.close()


# ---- one night wherever it goes: a session known by its identity ---------------------------------------------------


class Extended(Exception):
    """A night the ledger held a beginning of, extended by the rest of a history
    (docs/reference.md, Beyond one machine): its name here, the hands recorded in it (a hand already begun counts
    where it was dealt here), whether it is closed now, and whether it was given the history's identity (a copy an
    older bragref made)."""

    def __init__(self, session: Session, hands: int, closed: bool, identified: bool = False):
        grown = f"{hands} more hand{'s' * (hands != 1)}" if hands else ""
        super().__init__(f"{session.name}: " + ", and ".join(part for part in (grown, "its close" * closed) if part)
                         if grown or closed else f"{session.name}: more of its last hand")
        self.session, self.hands, self.closed, self.identified = session, hands, closed, identified


class Diverged(Exception):
    """A history of a night the ledger holds (the same identity) whose hands differ from the ledger's copy: the old
    copy of a replaced laptop, or a replica it overwrote. Nothing of it is recorded; `audit` exits 4 likewise."""

    def __init__(self, name: str, where: str, here: str, there: str):
        super().__init__(f"its copy of session {name} differs from the one here from {where} on (here: digest {here};"
                         f" the source's: {there}): nothing of it was recorded. If the source is a table's replaced"
                         f" machine or a replica it overwrote, pull the table's right copy (docs/club.md)")
        self.name, self.where, self.here, self.there = name, where, here, there


class Reidentified(Diverged):
    """A history of a night the ledger holds under another identity: the same session, created at the same moment to
    the microsecond (the time every row is stamped with, carried by every export), whose identity differs from the
    ledger's copy's, its hands a beginning of the copy's, the copy's and more, the same, or differing from a hand on
    (`where`). A night's identity is minted once and never changes (`audit` finds a second one), so one of the two
    copies' identity row was rewritten, its chain made again: nothing of it is recorded, and it is said as `Diverged`
    is (exit 4), with both identities and both digests."""

    def __init__(self, name: str, how: str, here: str, there: str, ours: str, theirs: str):
        Exception.__init__(self, (
            f"its session {name} is the night {name} here under another identity (here: {ours[:8]}…; the source's:"
            f" {theirs[:8]}…): created at the same moment, {how}. A night's identity never changes, so one of the two"
            f" copies was rewritten: nothing of it was recorded (here: digest {here}; the source's: {there}). Check"
            f" the source's digest against the table's photographed one with `audit --digest` (docs/club.md)"))
        self.name, self.where, self.here, self.there = name, how, here, there


def items(document) -> Iterator[tuple[int | None, object]]:
    """What a history holds, in order, as (the hand it belongs to, None before the first; the item): its players and
    rules, each line before the first hand, then each hand's deal (everything it declares but its lines and result)
    and each of its lines (its actions, then what came after them). A copy of a night taken while it was played is a
    beginning of the night's items, whatever its times and name."""
    yield None, ("players", document["players"], document["rules"])
    for line in document.get("before", []):
        yield None, line
    for hand in document["hands"]:
        number = hand.get("number")
        yield number, {key: value for key, value in hand.items() if not key.startswith("_") and key not in
                       ("actions", "after", "result")}
        for line in (*hand["actions"], *hand.get("after", [])):
            yield number, line


def known(ledger: Ledger, document: dict) -> tuple[Session, int | None] | None:
    """The session of `ledger` that is the night `document` tells, by its identity (`session_id`), with how much of
    the history it holds: None where it holds all of it (or more: the history is a beginning of it), else the number
    of the history's items (`items`) it holds, where those are a beginning of the history. `Diverged` where they are
    not. Where no session has the history's identity, a session of the same name without one (an older bragref's copy
    of the night) whose items are a beginning of the history's is that night. None where the history has no identity,
    or the ledger no such night: it is known by its content (`holding`)."""
    identity = document.get("session_id")
    if not identity:
        return None
    with ledger.reading():
        row = ledger.conn.execute("SELECT s.name FROM session_events e JOIN sessions s ON s.id = e.session_id"
                                  " WHERE e.event = 'identity' AND e.detail = ? ORDER BY e.id LIMIT 1",
                                  (identity,)).fetchone()
        if row is None:
            found = _older_copy(ledger, document)
            if found is None:
                _reidentified(ledger, document, identity)
            return found
        session = ledger.session(row[0])
        if session.identity != identity:  # a second identity event of another session's: not this night's
            return None
        mine = export(ledger, session)
        held, theirs, where = _compared(mine, document)
        if held is None:
            theirs = document.get(SOURCE_DIGEST)
            raise Diverged(session.name, where, digest_of(ledger, session),
                           theirs if isinstance(theirs, str) else _content_digest(document))
        return session, (None if theirs is None else held)


REFERENCES_AND_IDS = frozenset({"id", "seq", "name", "session_id", "hand_id", "action_id", "after_action", "state",
                                "entered"})
# what `held_as_rows` leaves out of a row: ids, references, the session's name, an action's `state` (the digest of
# the hand after it, which a command records and an import does not: the same hand either way) and where a row was
# entered (a deal typed at the table is `import` in the club: a history does not carry where its deals were typed)


def held_as_rows(ledger: Ledger, source: Ledger, session: Session) -> str | None:
    """The name of the session of `ledger` with `session`'s identity, where it holds every row `session` holds in
    `source` (a table's ledger), each as recorded there but for its ids, and in the same order (or those and more:
    the source is behind): a pull's quick answer for a night it holds already, read from the rows without replaying
    a hand. None where it does not say so (no such night, or rows that differ in any way: `known` judges those
    from the two histories, which is slower and exact)."""
    if not session.identity:
        return None
    with ledger.reading():
        row = ledger.conn.execute("SELECT s.name FROM session_events e JOIN sessions s ON s.id = e.session_id"
                                  " WHERE e.event = 'identity' AND e.detail = ? ORDER BY e.id LIMIT 1",
                                  (session.identity,)).fetchone()
        if row is None:
            return None
        here = ledger.session(row[0])
        if here.identity != session.identity:
            return None
        ours = ledger.facts(here)
        with source.reading():
            for table, fact in source.facts(session):
                mine = next(ours, None)
                if mine is None or _row_item(table, fact) != _row_item(*mine):
                    return None
    return here.name


def _row_item(table: str, fact) -> tuple:
    """A row of a session as `held_as_rows` compares it: its table and its values but for ids and references (a
    void says whether it voids, not which row)."""
    return table, tuple((key, fact[key] if key != "voids" else fact[key] is not None) for key in fact.keys()
                        if key not in REFERENCES_AND_IDS)


def _older_copy(ledger: Ledger, document: dict) -> tuple[Session, int] | None:
    """A session without an identity, named as the history's night (or `NAME-2`…, as a pull names a second night of
    the name), whose items are a beginning of the history's: an older bragref's copy of the night, taken while it was
    played, before the table's bragref gave the night its identity."""
    wanted = name_key(document["session"])
    for name in ledger.session_names():
        if not (name_key(name) == wanted or name_key(name).rpartition("-")[0] == wanted):
            continue
        session = ledger.session(name)
        if session.identity is not None or session.closed:
            continue
        held, theirs, _ = _compared(export(ledger, session), document)
        if held is not None and theirs is not None:
            return session, held
    return None


def _reidentified(ledger: Ledger, document: dict, identity: str) -> None:
    """`Reidentified` where a session of `ledger` with another identity was created at the very moment the history's
    night was (`_created_at`, to the microsecond, as every row is stamped and every export carries it): the same
    night, whatever its hands (two nights are never begun at one microsecond; a history without that time, or one
    whose times were rewritten with its identity, is not found so: docs/club.md). A session begun at that moment
    with other players or rules is another night (begun alike only where times were written by hand)."""
    created = document.get("_created_at")
    if not isinstance(created, str):
        return
    for (name,) in ledger.conn.execute("SELECT name FROM sessions WHERE created_at = ? ORDER BY id", (created,)):
        session = ledger.session(name)
        if session.identity is None or session.identity == identity:
            continue
        mine = export(ledger, session)
        held, more, where = _compared(mine, document)
        if held is None and where == BEFORE_THE_FIRST_HAND:  # its players or rules as it began are not these:
            continue  # another night begun at the same moment (two tables' histories whose times were written
            # by hand alike)
        how = (f"its hands differing from this one's from {where} on" if held is None else
               "its hands this one's and more" if more is not None else
               "with the same hands" if held == sum(1 for _ in items(mine)) else "its hands a beginning of this one's")
        theirs = document.get(SOURCE_DIGEST)
        raise Reidentified(session.name, how, digest_of(ledger, session),
                           theirs if isinstance(theirs, str) else _content_digest(document), session.identity,
                           identity)


BEFORE_THE_FIRST_HAND = "before the first hand"  # where `_compared` finds two copies differ in what begins a night


def _compared(mine: dict, theirs: dict) -> tuple[int | None, int | None, str]:
    """How the items of a copy `mine` stand to a history's: (how many of them are the history's first ones, None
    where one differs; None where the history holds no item past them, else how many it holds past them; where they
    first differ, `hand N` or `before the first hand`)."""
    ours, others = items(mine), items(theirs)
    held = 0
    for (_, item), (number, other) in zip(ours, others, strict=False):
        if item != other:
            return None, None, BEFORE_THE_FIRST_HAND if number is None else f"hand {number}"
        held += 1
    left_mine = next(ours, None)
    if left_mine is not None:  # the history is a beginning of the copy here
        return held, None, ""
    more = sum(1 for _ in others)
    return held, (more or None), ""


def digest_of(ledger: Ledger, session: Session) -> str:
    """The ledger's digest at the last row recorded in `session` (what `audit --digest` checks)."""
    from bragref.ledger.chain import digest_of as as_digest

    seq = ledger.conn.execute(
        "SELECT MAX(c.seq) FROM chain c WHERE (c.tbl = 'sessions' AND c.row_id = :s)"
        " OR (c.tbl = 'session_events' AND c.row_id IN (SELECT id FROM session_events WHERE session_id = :s))"
        " OR (c.tbl = 'hands' AND c.row_id IN (SELECT id FROM hands WHERE session_id = :s))"
        " OR (c.tbl = 'actions' AND c.row_id IN (SELECT a.id FROM actions a JOIN hands h ON h.id = a.hand_id"
        "  WHERE h.session_id = :s))"
        " OR (c.tbl IN ('postings', 'loans', 'purses') AND c.row_id IN (SELECT id FROM postings WHERE session_id = :s"
        "  UNION SELECT id FROM loans WHERE session_id = :s UNION SELECT id FROM purses WHERE session_id = :s))",
        {"s": session.id}).fetchone()[0]
    found = ledger.conn.execute("SELECT seq, hash FROM chain WHERE seq = ?", (seq,)).fetchone()
    return as_digest(tuple(found)) if found else "none"


SOURCE_DIGEST = "_source_digest"  # where a pull from a ledger puts the source's digest at the night's last row


def _content_digest(document: dict) -> str:
    """What a history holds (its `items`), whatever its times and name, as long as a digest: a history file has no
    chain to name a link of."""
    hashed = hashlib.sha256()
    for _, item in items(document):
        hashed.update(structs.encode(item))
    return f"content {hashed.hexdigest()[:16]}"


def extend(ledger: Ledger, session: Session, document: dict, start: int) -> Extended:
    """Record in `session` what the history holds past its first `start` items (`items`), which the session holds
    (`known`), in one write, every line judged by the rules: the rest of the hand begun, the hands after it and the
    close, as `import_document` records them. What was recorded (`Extended`, for the caller to raise or say)."""
    identity = document["session_id"]
    identifying, ledger.identifying = ledger.identifying, False
    try:
        with ledger.write():
            given = session.identity is None
            if given:  # an older bragref's copy of the night: given the night's identity, chained
                ledger._event(session.id, "identity", detail=identity)
            name = session.name
            hands = _extended(ledger, name, document, start)
            closed = ledger.session(name).closed and not session.closed
    finally:
        ledger.identifying = identifying
    return Extended(ledger.session(name), hands, closed, given)


def _extended(ledger: Ledger, name: str, document: dict, start: int) -> int:
    """The items of `document` past the first `start` recorded in session `name` (inside the caller's write); the
    hands dealt."""
    rules = bhh.rules_from_table(document["rules"])
    before = document.get("before", [])
    times = document.get("_before_at")
    held_before = max(0, min(start - 1, len(before)))
    if held_before < len(before):
        _lines(ledger, name, None, [], before[held_before:], times[held_before:] if times else times, None)
    done = 1 + len(before)
    dealt = 0
    for hand, _ in _hands(document["hands"], rules):
        lines = [*hand["actions"], *hand.get("after", [])]
        size = 1 + len(lines)
        if done + size <= start:  # held whole
            done += size
            continue
        if done >= start:  # a hand not held at all
            _import_hand(ledger, name, hand)
            dealt += 1
            done += size
            continue
        held = start - done - 1  # its deal and this many of its lines are held
        _rest_of_hand(ledger, name, hand, held)
        done += size
    return dealt


def _import_hand(ledger: Ledger, name: str, hand: dict, foreseen: Foreseen | None = None) -> None:
    """A hand of a history recorded in session `name`: its deal, its actions (recorded as `foreseen` where another
    process read them ahead and the ledger agrees, `_played`, else each judged), its result checked, the lines after
    it."""
    try:
        with _stamped(ledger, hand.get("_dealt_at")):
            _deal(ledger, name, hand)
    except (BadInput, Refused) as error:
        raise Located(error, hand["number"], "the deal") from None
    entered = _entered(hand)
    if foreseen is None or not _played(ledger, name, hand, foreseen, entered):
        _lines(ledger, name, hand["number"], hand["players"], hand["actions"], hand.get("_at"), {}, entered)
    if "result" in hand:
        _check_result(ledger, name, hand)
    _lines(ledger, name, hand["number"], hand["players"], hand.get("after", []), hand.get("_after_at"), None)


def _rest_of_hand(ledger: Ledger, name: str, hand: dict, held: int) -> None:
    """What a hand holds past its first `held` lines (its actions, then those after them), recorded in the hand
    already dealt in session `name`: its voids name lines of the hand by number, as the rows here are numbered."""
    actions, after = hand["actions"], hand.get("after", [])
    if held < len(actions):
        numbers = _numbered(ledger, name, hand["number"])
        entered = _entered(hand)
        times = hand.get("_at")
        _lines(ledger, name, hand["number"], hand["players"], actions[held:], times[held:] if times else times,
               numbers, entered[held:] if entered else entered, start=held)
        if "result" in hand:
            _check_result(ledger, name, hand)
        held = len(actions)
    skip = held - len(actions)
    times = hand.get("_after_at")
    if skip < len(after):
        _lines(ledger, name, hand["number"], hand["players"], after[skip:], times[skip:] if times else times, None)


def _numbered(ledger: Ledger, name: str, number: int) -> dict[int, int]:
    """Each line of hand `number` of session `name` that is an action, by its number in the hand (from 1, as a
    history's voids name them) → its row: the lines are the hand's rows after its deal, in the order chained."""
    session = ledger.session(name)
    numbers: dict[int, int] = {}
    line, inside = 0, False
    for table, row in ledger.facts(session):
        if table == "hands":  # the last deal of that number: a misdeal's hand is dealt again under it
            inside = row["number"] == number
            if inside:
                numbers, line = {}, 0
            continue
        if inside:
            line += 1
            if table == "actions":
                numbers[line] = row["id"]
    return numbers


def free_name(ledger: Ledger, wanted: str) -> str:
    """`wanted` with the first number after it that no session has (`friday-2`), for a history whose name is
    taken by another."""
    taken = {name_key(name) for name in ledger.session_names()}
    return next(f"{wanted}-{n}" for n in range(2, len(taken) + 3) if name_key(f"{wanted}-{n}") not in taken)


def content(document) -> str:
    """What a history holds, whatever its format, layout, times, session name or identity: a digest of its export with the
    name and every time left out (the players, the rules, every hand's deal, actions and results)."""
    def kept(value):
        if isinstance(value, dict):
            return {k: kept(v) for k, v in value.items() if not k.startswith("_") and k not in ("session", "session_id")}
        if isinstance(value, list):
            return [kept(v) for v in value]
        return value

    return hashlib.sha256(structs.encode(kept(document))).hexdigest()


class AlreadyImported(Refused):
    """A history already recorded in the ledger, as session `name` (R9.1): a history is recorded once."""

    def __init__(self, name: str):
        super().__init__(f"already imported as session {name}: the same players, rules and hands are recorded there, "
                         f"and a history is recorded once", "R9.1")
        self.name = name


def holding(ledger: Ledger, exported: dict, identified: bool = False) -> str | None:
    """The name of a session of `ledger` holding what the session `exported` (as `export` gives it) holds, if one
    does: compared by `content`, among the sessions of as many hands (an import's question, answered by exporting
    only those); where `identified` (the history has an identity, which no session here has), only among sessions
    without one: two identities are two nights, whatever they hold."""
    names = alike(ledger, len(exported["hands"]), identified)
    if not names:
        return None
    mine = content(exported)
    return next((name for name in names if content(export(ledger, ledger.session(name))) == mine), None)


def alike(ledger: Ledger, hands: int, identified: bool = False) -> list[str]:
    """The names of the sessions of `ledger` of `hands` hands: the only ones that can hold a history of as many
    (where `identified`, only those without an identity: `holding`)."""
    return [row[0] for row in ledger.conn.execute(
        "SELECT s.name FROM sessions s WHERE (SELECT COUNT(*) FROM hands h WHERE h.session_id = s.id) = ?"
        + (" AND NOT EXISTS (SELECT 1 FROM session_events e WHERE e.session_id = s.id AND e.event = 'identity')"
           if identified else ""), (hands,))]


def transplant(source: Ledger, target: Ledger, name: str, path: str) -> Session:
    """Copy session `name` from `source` (which holds it alone, in the file at `path`) into `target`, in one write:
    every row in the order the source chained it, each given the target's ids and chained there. Where the target
    ends as it did when the source began (`Ledger.forecast`), which its links foresaw, that is a copy in SQL of the
    rows and links as they stand (`chain.Copy.foreseen`); else each row is read, given its ids and linked here. The
    source's ids count from 1 and every row a reference can name is copied, in its table's order: so a row's id
    there is its id here past the target's last, and a loan's `after_action` 0 (before any action) is the target's
    last action."""
    forecast = source.forecast
    attached = not target.conn.in_transaction  # a database is attached outside any transaction
    if attached:
        target.conn.execute("ATTACH DATABASE ? AS judged", (path,))
    try:
        with target.copying() as copy:
            if name in target.session_names():
                raise BadInput(f"there is already a session called {name}: import it --as another name")
            if attached and forecast is not None and copy.follows(forecast):
                copy.foreseen("judged", forecast)
            else:
                _copied(source, copy)
    finally:
        if attached:
            target.conn.execute("DETACH DATABASE judged")
    return target.session(name)


def _copied(source: Ledger, copy: Copy) -> None:
    """Every row of `source`, in the order it chained them, queued in `copy` (and linked there) with its ids moved
    past the copy's last of each table, as a forecast from where the copy begins moves them."""
    moving = Forecast(source.conn, (copy.seq, copy.head), dict(copy.last))
    rows, columns = {}, {}
    for table in LOG_TABLES:  # read along as the chain names them: a table's rows are chained in id order
        cursor = source.conn.cursor()
        cursor.row_factory = None  # plain tuples, as they are copied
        cursor.execute(f"SELECT * FROM {table} ORDER BY id")
        columns[table] = tuple(column[0] for column in cursor.description)
        rows[table] = cursor
    links = source.conn.cursor()
    links.row_factory = None
    for table, row_id in links.execute("SELECT tbl, row_id FROM chain ORDER BY seq"):
        row = next(rows[table])
        if row[0] != row_id:
            raise AssertionError(f"{table} row {row_id} is chained out of its order")
        values = moving.moved(table, row)
        new = copy.add(table, columns[table], list(values))
        if new != values[0]:
            raise AssertionError(f"{table} row {row_id} is copied as {new}, not {values[0]}")


def _deal(ledger: Ledger, name: str, hand: dict) -> None:
    game = game_of(ledger.session(name).rules)
    given = {param.name for param in game.deal_params}
    dealt = {key: hand[key] for key in given if key in hand}
    _, current, _ = ledger.deal(name, hand["dealer"], dealt or None)
    record = game.dealt_record(current.hand)
    for key in bhh.dealt_fields():  # what the deal follows from the hands before (a match's lives, R14.4)
        if key not in given:
            _same(key, hand.get(key), record.get(key), game.rule)
    got = current.hand
    _same("players", hand["players"], structs.decode(current.row["seats"]), "R2.1")
    if current.number != hand["number"]:
        raise Refused(f"the history numbers this hand {hand['number']}, but it is hand {current.number}", "R9.1")
    _same("antes", hand["antes"], antes(got, hand["players"]), "R2.3")
    _same("carried", hand.get("carried", 0), got.carried_in, "R6.2")
    _same("retained_by", hand.get("retained_by"), got.retained_by, "R6.3")
    _same("table_money", hand.get("table_money"), table_money(got, hand["players"]), "R1.3")


def _same(what: str, claimed, got, rule: str) -> None:
    if claimed != got:
        raise Refused(f"the history says {what} {claimed!r}, but the rules give {got!r}", rule)


def _check_result(ledger: Ledger, name: str, hand: dict) -> None:
    current = ledger.current(ledger.session(name))
    assert current is not None, "the hand just recorded"
    got = result_lines(current.hand, hand["players"]) if current.hand.phase == "over" else []
    if got != hand["result"]:
        error = Refused(f"the history says the result was {hand['result']!r}, but the rules give {got!r}", "R1.2")
        raise Located(error, hand["number"], "the result")


def _lines(ledger: Ledger, name: str, number: int | None, players: list[str], lines: list, times,
           numbers: dict[int, int] | None, entered: list[str] | None = None, start: int = 0) -> None:
    """Record a list of lines; `numbers` maps a hand's action lines (from 1) to their rows, for voids, and is
    None for lists between hands, where no hand action belongs; `entered`, where each line was entered (`_entered`),
    else `import`; `start`: the lines of the hand recorded before these (a night extended: `extend`)."""
    if not _one_each(times, lines):
        raise Located(BadInput("its times (_at) do not match its lines one for one"), number, "the times")
    if numbers is None:
        lines, times = _closed_last(lines, times, players)
    read = ((index, text, _parsed(text, players)) for index, text in enumerate(lines, start + 1))
    clock, where, verbs = ledger.now, ledger.entered, game_verbs()
    try:
        for acting, run in groupby(read, key=lambda item: numbers is not None and isinstance(item[2], bhh.Line)
                                   and item[2].verb in verbs):
            with ledger.queued(name) if acting else nullcontext() as act:  # a run of a hand's actions, written
                for index, text, line in run:  # together
                    if times:
                        ledger.now = _clock(times[index - 1 - start])
                    ledger.entered = entered[index - 1 - start] if entered else "import"
                    try:
                        if acting:  # (a hand's, with `numbers`, in `queued`'s block: the key above)
                            assert numbers is not None and act is not None
                            numbers[index] = act(lambda hand, line=line: _action(hand, line))
                            continue
                        if isinstance(line, BadInput):
                            raise line
                        if numbers is None and (line.verb in verbs or line.verb == "void"):
                            raise BadInput(f"{text!r} is a hand's action: it belongs in the hand's `actions`")
                        _record(ledger, name, line, numbers)
                    except (BadInput, Refused) as error:
                        raise Located(error, number, text) from None
    finally:
        ledger.now, ledger.entered = clock, where


def _one_each(times, lines: list) -> bool:
    """Whether a history's times (`_at`), or where its lines were entered (`_entered`), where it gives them, are a
    list of one for each line."""
    return times is None or (isinstance(times, list) and len(times) == len(lines))


def _entered(hand: dict) -> list[str] | None:
    """Where each line of a hand's `actions` was entered, as its history says (`_entered`: one for each, `ENTERED`'s
    words, "" for a line that keeps none), `import` where a line says nothing; None where the hand does not say."""
    said = hand.get("_entered")
    if said is None:
        return None
    if not _one_each(said, hand["actions"]):
        raise Located(BadInput("it is not one for each line of the hand's actions"), hand["number"], "_entered")
    wrong = next((where for where in said if where and where not in ENTERED), None)
    if wrong is not None:
        raise Located(BadInput(f"{wrong[:40]!r} is not where a line was entered ({', '.join(ENTERED)}, or \"\" "
                               f"for a line that does not say)"), hand["number"], "_entered")
    return [where or "import" for where in said]


def _parsed(text, players: list[str]) -> bhh.Line | BadInput:
    """A line read, or why it cannot be, said where it is recorded (in its place among the lines)."""
    try:
        return _line(text, tuple(players)) if isinstance(text, str) else bhh.parse(text, players)
    except BadInput as error:
        return error


@lru_cache(maxsize=4096)
def _line(text: str, players: tuple[str, ...]) -> bhh.Line:
    """A line read: a history repeats a few hundred of them among the same players (`p2 bet 2`), and a line is a
    value, so each is read once."""
    return bhh.parse(text, players)


def _closed_last(lines: list, times, players: list[str]) -> tuple[list, list | None]:
    """The lines between hands with the close last of its session's money: a history bragref 0.12 wrote may hold
    repayments and cash-outs after its close, which are recorded before it, as nothing is recorded in a closed
    session (R9.1); the same money moves, and the close cashes out whatever is still on the table."""
    def verb(text) -> str | None:
        try:
            return bhh.parse(text, players).verb
        except BadInput:
            return None  # said where the line is recorded, in its place

    close = next((index for index, text in enumerate(lines) if verb(text) == "close"), None)
    if close is None:
        return lines, times
    after = [index for index in range(close + 1, len(lines)) if verb(lines[index]) in ("repay", "cash-out")]
    if not after:
        return lines, times
    order = [*range(close), *after, close, *(i for i in range(close + 1, len(lines)) if i not in after)]
    return [lines[i] for i in order], None if times is None else [times[i] for i in order]


HOUSEKEEPING = ("void", "lend", "repay", "buy-in", "top-up", "cash-out", "join", "leave", "rename", "rules", "close",
                "match")  # a history's verbs beside the games' (`_record`)


def _record(ledger: Ledger, name: str, line: bhh.Line, numbers: dict[int, int] | None) -> None:
    """Record one line through the ledger that is not a hand's action (`Ledger.queued` records those)."""
    verb = line.verb
    if verb == "void" and line.subject == TABLE:
        misdeal = bool(line.words) and line.word(0) == "deal"
        number = None if misdeal else line.amount(0)
        _, _, voided = ledger.undo(name, bhh.text_words(line, 1))
        if misdeal and voided.action is not None:
            raise Refused("a deal is voided only when no action of it stands", "R9.1")
        assert numbers is not None, "a void is a hand's line (refused between hands: `_lines`)"
        if number is not None and numbers.get(number) != voided.row_id:  # (None: a misdeal)
            raise Refused(f"undo voids the last action standing, not line {number}", "R9.1")
    elif verb == "lend":
        ledger.lend(name, line.subject, line.name(0), line.amount(1), line.flag(2, "bystander"))
    elif verb == "repay":
        line.end(2)
        ledger.repay(name, line.subject, line.name(0), line.amount(1))
    elif verb in ("buy-in", "top-up", "cash-out"):
        line.end(1)
        ledger.purse(name, verb, line.subject, line.amount(0))
    elif verb == "join":
        after = line.name(1) if line.words and line.word(0) == "after" else None
        line.end(2 if after else 0)
        ledger.join(name, line.subject, after)
    elif verb == "leave":
        line.end(0)
        ledger.leave(name, line.subject)
    elif verb == "rename":
        ledger.rename(name, line.subject, bhh.text_words(line, 0) or "")
    elif verb == "rules" and line.subject == TABLE:
        ledger.set_rules(name, lambda rules: bhh.changed_rules(rules, list(line.words)))
    elif verb == "close" and line.subject == TABLE:
        line.end(0)
        ledger.close_session(name)
    elif verb == "match" and line.subject == TABLE and list(line.words) == ["new"]:
        ledger.match_new(name)
    else:
        raise BadInput(f"{line.text!r}: unknown verb {verb!r}{did_you_mean(verb, [*game_verbs(), *HOUSEKEEPING])}")


class _Written(Reader):
    """How a history line's words become an action's values (`games.verbs.Reader`): amounts in units, players as
    `p1`, `p2`… or quoted names, every word there as written."""

    strict = True

    def __init__(self, line: bhh.Line):
        self.line = line

    def money(self, text: str, param) -> int:
        return bhh.units(text)

    def player(self, text: str) -> str:
        return self.line.player(text)

    def cards(self, texts: list[str], taken: set[int], param) -> tuple[int, ...]:
        return parse_cards(texts, MAX_JOKERS)


def _action(hand: Hand, line: bhh.Line):
    """What a hand's line says was done, checked against the hand it is played in (what a see cost, blind or open:
    each action type reads its own words)."""
    kind = verb_of(hand.rules, line.verb)
    if (line.subject == TABLE) != (kind.subject == "table"):
        doer = "the table's (table " if kind.subject == "table" else "a player's (PLAYER "
        raise BadInput(f"{line.text!r}: a {line.verb} is {doer}{line.verb})")
    if kind.from_history.__func__ is Verb.from_history.__func__:  # type: ignore[attr-defined]  # a classmethod's
        # function, which the checker's type of a bound method leaves out: the words alone say it, whatever the hand
        return _said(kind, line)
    return kind.from_history(None if line.subject == TABLE else line.subject, list(line.words), _Written(line), hand,
                             play.apply)


@lru_cache(maxsize=4096)
def _said(kind: type[Verb], line: bhh.Line) -> Verb:
    """The action a line's words alone say: actions are values, and a history repeats a few hundred lines, so each
    is read once."""
    return kind.from_words(None if line.subject == TABLE else line.subject, list(line.words), _Written(line))
