"""The one replay of a hand every reader uses (the current hand, `history`, `replay`, export and audit): a hand's
rows, read in the order they were written, given to its game's engine one at a time (`replayed`)."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from functools import lru_cache
from itertools import repeat, starmap
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

import bragref.structs as structs

from bragref.engine.rules import Rules
from bragref.engine.state import Hand
from bragref.games import game_of, play, verb_in
from bragref.games.verbs import Credit, Verb
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.legacy import legacy_action

if TYPE_CHECKING:
    from bragref.games.protocol import Game

Row = sqlite3.Row | dict[str, Any]  # a row as read: sqlite3's, or a dict of its columns by name (`dict_rows`), each
# column's value whatever SQLite holds (as a `sqlite3.Row`'s are to the type checker)

# a hand whose deal was voided (R9.1): a void that names no action
MISDEALT = "EXISTS (SELECT 1 FROM actions m WHERE m.hand_id = h.id AND m.verb = 'void' AND m.voids IS NULL)"


class Step(NamedTuple):
    """One thing recorded in a hand, in the order it happened, with the hand as it stood before and after it.

    `seq` numbers the hand's action rows from 1 (None for a loan onto the table, R7.5); `live` is False for a void
    and an action voided later (`voided_by` is then its void); `voids` is the `seq` a void names (None for a
    misdeal's, R9.1). `action` is what the row records (a loan's credit; None for a void). `before` and `after`
    are the hand just before and after the row was written: an action voided later as it stood when it was made,
    a void taking its action back.
    """

    row: Row
    action: Verb | Credit | None
    seq: int | None
    live: bool
    voided_by: Row | None
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


class Current(structs.Struct, frozen=True):
    """The session's latest hand: its row, its last live action's row id (None before any: what an undo voids),
    and its replay."""

    number: int
    row: sqlite3.Row
    last: int | None
    hand: Hand


def dealt(row: Row) -> Hand:
    """The hand as it stood when dealt, from its row: with table stakes, each player's table money then (R1.3)."""
    return _dealt(*deal_of(row))


def deal_of(row: Row) -> tuple:
    """What a hand's row records of its deal, the values `_dealt` deals it again from: the same for every hand dealt
    alike, which the replay knows by them (`_opened`)."""
    return (row["rules"], row["seats"], row["dealer"], row["carried_in"], row["retained_by"], row["purses"],
            row["dealt"])


@lru_cache(maxsize=256)
def _dealt(rules: str, seats: str, dealer: str, carried_in: int, retained_by: str | None, purses: str | None,
           record: str | None) -> Hand:
    """A deal made from what its row records: a session deals the same few again and again (the seats, the dealer
    in turn, nothing carried), and a hand is a value, so each is made once (an audit deals every hand)."""
    decode = structs.decode
    return play.deal(rules_of(rules), decode(seats), dealer, carried_in, retained_by,
                     None if purses is None else decode(purses), None if record is None else decode(record))


@lru_cache(maxsize=64)
def rules_of(text: str) -> Rules:
    """A hand's rules from their JSON: hands share a handful of rule sets, so each is read once."""
    return Rules.from_json(text)


def hand_groups(conn: sqlite3.Connection, table: str, session_id: int, first: int, last: int) -> dict[int, list]:
    """The rows of `table` (`actions`, `purses`, `postings`) for hands `first`..`last` of a session, in one query,
    by hand id, each hand's in the order written: read along the table's index of hand ids, which holds them in
    that order, so that SQLite sorts nothing. Each row is a dict of its columns by name (a whole session's replay
    reads a dozen of each of its rows' columns by name, which a dict finds at once and `sqlite3.Row` by comparing
    the names before), each made by `row_maker` (a hundred thousand of them in a session's history): the rows are
    made and their hand ids counted without a line of Python a row, then each hand's cut out of them."""
    cursor = conn.cursor()
    cursor.row_factory = None
    cursor.execute(f"SELECT * FROM {table} WHERE hand_id IN (SELECT id FROM hands WHERE session_id = ?"
                   " AND number BETWEEN ? AND ?) ORDER BY hand_id, id", (session_id, first, last))
    rows = dict_rows(cursor)
    grouped: dict[int, list] = {}
    end = 0
    for hand_id, count in Counter(map(itemgetter("hand_id"), rows)).items():  # in the order met: by hand id
        grouped[hand_id] = rows[end:end + count]
        end += count
    return grouped


def dict_rows(cursor: sqlite3.Cursor) -> list[dict]:
    """The rows of a query run by `cursor` (whose `row_factory` is None), each a dict of its columns by name, each made
    by `row_maker`."""
    return list(starmap(row_maker(tuple(column[0] for column in cursor.description)), cursor))


@lru_cache(maxsize=16)
def row_maker(names: tuple[str, ...]) -> Callable[..., dict]:
    """A function of a row's values, in the order of `names`, that gives the row as a dict of them by name, as
    `dict(zip(names, values))` does, only as a dict written out (`{'id': _0, ...}`), which Python makes whole at
    once where `dict` adds the pairs one by one: a third less time a row. Each name is written as its `repr`, the
    values as positional arguments `_0`, `_1`, ..., so that no name a table could hold is read as code."""
    arguments = [f"_{index}" for index in range(len(names))]
    pairs = ", ".join(f"{name!r}: {argument}" for name, argument in zip(names, arguments, strict=True))
    return eval(f"lambda {', '.join(arguments)}: {{{pairs}}}")  # code of the names' reprs alone


def live_actions(rows: list[sqlite3.Row]) -> list[sqlite3.Row]:
    """The actions that count: neither a void nor voided (R9.1)."""
    voided = {r["voids"] for r in rows if r["verb"] == "void"}
    return [r for r in rows if r["verb"] != "void" and r["id"] not in voided]


def postings(hand: Hand) -> list[tuple[str | None, str, int]]:
    """Where a settled hand's money went: (player, or None for a carried pot; kind; amount), summing to zero (R1.2),
    as its game says (`Game.outcome`)."""
    return play.outcome(hand)


def weave(actions: Sequence[Row], loans: Sequence[Row], of_action: Callable, of_loan: Callable) -> list:
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
        super().__init__(reason, number)  # as it is made again where it is unpickled (a worker of `audit` or `import`)
        self.reason, self.number = reason, number

    def __str__(self) -> str:
        return (f"hand {self.number} cannot be replayed: {self.reason}. The ledger holds what this bragref's rules "
                f"refuse: changed outside bragref, or recorded by one that judged otherwise (`bragref audit`)")


def replayed(row: Row, actions: Sequence[Row], loans: Sequence[Row],
             start: Hand | None = None) -> Iterator[Step]:
    """Hand `row` replayed from its rows in the order they were written, each with the hand just before and just
    after it: a void takes its action back (R9.1), so an action voided later is seen as it stood when it was made;
    loans onto the table come where they happened (R7.5). The one replay every reader uses: the current hand,
    `history`, `replay`, export and audit; `start` is the hand as dealt, where the caller has it. Nothing is dealt
    or judged until the first step is asked for. A hand with neither a void nor a loan among its rows (most hands)
    is replayed by `_plain`, given to the reader itself, not through a second generator (a whole session's history
    asks for a hundred thousand steps)."""
    if not loans and "void" not in map(_VERB, actions):
        return _plain(row, actions, start)
    return _woven(row, actions, loans, start)


_VERB = itemgetter("verb")


def _begun(row: Row, start: Hand | None) -> tuple[tuple | None, Hand, Game | None]:
    """What a replay starts from: the deal its row records (`deal_of`; None where the caller gave the hand as dealt,
    `start`), the hand as dealt, and its game (None where it is not installed)."""
    try:
        deal = deal_of(row) if start is None else None  # its row's, read once: dealt from, and its openings found by
        dealt_hand: Hand = start if deal is None else _dealt(*deal)  # type: ignore[assignment]  # `start` only
        # where it is given (`deal` None): a Hand either way, which the checker does not follow from `deal` to `start`
    except Exception as error:  # noqa: BLE001 - whatever the row holds: unreplayable
        raise Unreplayable(f"cannot be dealt again from its record ({error})", row["number"]) from None
    try:
        game = game_of(dealt_hand.rules)  # dealt: installed (each action judged by it, not looked up again)
    except Exception:  # noqa: BLE001 - a `start` the caller made otherwise: looked up, and refused, by each action
        game = None
    return deal, dealt_hand, game


def _woven(row: Row, actions: Sequence[Row], loans: Sequence[Row],
           start: Hand | None) -> Iterator[Step]:
    """`replayed` of a hand with a void or a loan onto the table among its rows."""
    _, dealt_hand, game = _begun(row, start)
    number = row["number"]
    voided = {r["voids"]: r for r in actions if r["verb"] == "void"}  # a voided action's id → its void
    seqs = {r["id"]: seq for seq, r in enumerate(actions, 1)} if voided else {}  # what a void names, by seq
    standing: list[tuple[int | None, Verb | Credit]] = []  # what stands so far, by action row (None: a loan's
    # credit), kept only where a void will replay it
    hand, seq = dealt_hand, 0
    for r, loan in weave(actions, loans, lambda r: (r, False), lambda r: (r, True)) if loans else \
            zip(actions, repeat(False)):
        if loan:
            credit = Credit(r["player"], r["amount"])
            after = play.apply(hand, credit)
            if voided:
                standing.append((None, credit))
            yield _step(Step, (r, credit, None, True, None, None, hand, after))
            hand = after
            continue
        seq += 1
        row_id = r["id"]
        if r["verb"] == "void":
            standing = [(action_id, action) for action_id, action in standing if action_id != r["voids"]]
            try:
                after = play.replay(dealt_hand, [action for _, action in standing]) if r["voids"] is not None else hand
            except Exception as error:  # noqa: BLE001 - whatever the rows hold: unreplayable
                raise Unreplayable(f"its void {seq} leaves actions the rules refuse ({error})", number) from None
            yield _step(Step, (r, None, seq, False, None, seqs.get(r["voids"]), hand, after))
        else:
            action = _read(hand, r, seq, number)
            after = _judged(hand, action, seq, number, game)
            if voided:
                standing.append((row_id, action))
            yield _step(Step, (r, action, seq, row_id not in voided, voided.get(row_id), None, hand, after))
        hand = after


def _plain(row: Row, actions: Sequence[Row], start: Hand | None) -> Iterator[Step]:
    """`replayed` of a hand with neither a void nor a loan onto the table among its rows (most hands): each action
    read, judged and standing, in one loop; where it is dealt from its row, the openings met before after the same
    deal are looked up, not judged again (`_opened`)."""
    deal, hand, game = _begun(row, start)
    number, node = row["number"], None if deal is None else _opened(deal)
    rules, judged = hand.rules, play._step  # the game's judgement (`apply` without its refusals' legal moves or its
    # last pair remembered, which a replay has no use for: it tells a refusal as the hand's being unreplayable),
    # read once a hand: no call of `apply` around each action
    known = _READ[rules.game]  # the actions read already (`read_action`), looked up here without a call
    for seq, r in enumerate(actions, 1):
        args = r["args"]
        action = None if args is None else known.get((r["verb"], r["player"], args))
        if action is None:
            try:
                action = action_of(r, rules)
            except Exception as error:  # noqa: BLE001 - whatever the row holds: unreplayable
                raise Unreplayable(f"its action {seq} cannot be read ({error})", number) from None
        if node is None:
            try:
                after = judged(game, hand, action) if game is not None else play.apply(hand, action)
            except Exception as error:  # noqa: BLE001 - a game's code, whatever it raises: unreplayable
                raise _refused(hand, action, seq, number, error) from None
        else:
            try:
                after, node = node[action]
            except KeyError:  # an opening not met before: judged, and remembered
                after = _judged(hand, action, seq, number, game)
                child: dict | None = {} if seq < OPENING else None
                node[action] = (after, child)
                _OPENINGS[0] += 1
                node = child
            except TypeError:  # an action that is no key (a plug-in's holding a list): judged, and the rest
                after, node = _judged(hand, action, seq, number, game), None
        yield _step(Step, (r, action, seq, True, None, None, hand, after))
        hand = after


_step = tuple.__new__  # a `Step` made from its values at once: `Step(...)` runs a function of Python's making first


def final(row: Row, actions: Sequence[Row], loans: Sequence[Row]) -> Hand:
    """The hand as its rows leave it: `replayed`'s last step (`audit` asks for no other). Where neither a void nor a
    loan onto the table is among them (most hands), the actions are applied straight, without a step each (issue
    45); where the rules refuse one, `replayed` finds which and says why (`Unreplayable`)."""
    hand: Hand | None  # (None below: no step replayed yet)
    if not loans and all(r["verb"] != "void" for r in actions):
        with suppress(Exception):
            hand = dealt(row)
            return replayed_from_deal(row, hand, [action_of(r, hand.rules) for r in actions])
    hand = None
    for step in replayed(row, actions, loans):
        hand = step.after
    return dealt(row) if hand is None else hand


OPENING = 4  # actions: a hand's first few are the same as many another's (who folds, who bets blind, what), and
# each such opening is judged once (`_opened`); later ones are seldom met twice in a session
OPENINGS_KEPT = 20_000  # openings remembered at most; past this they are forgotten and remembered again
_OPENINGS: dict = {0: 0}  # a deal's row's values → its openings (0: how many are remembered)


def _opened(deal: tuple) -> dict:
    """The openings met so far of hands dealt as a row records its deal (`deal_of`): each action applied to the
    dealt hand, and the hand after it with the actions met after it (`replayed`). A hand and an action are values,
    and the rules give the same two the same hand after: a session's hands open alike (10,000 simulated hands: a
    third of their first four actions' states met before), and each is judged once."""
    node = _OPENINGS.get(deal)
    if node is None:
        if _OPENINGS[0] >= OPENINGS_KEPT:
            _OPENINGS.clear()
            _OPENINGS[0] = 0
        node = _OPENINGS[deal] = {}
    return node


def replayed_from_deal(row: Row, hand: Hand, actions: list[Verb]) -> Hand:
    """`play.replay` of `actions` from `hand`, the deal `row` records (`dealt`), each opening met before looked up,
    not judged again (`_opened`): the rules' refusal, where they refuse one, is theirs (`final`, `audit`)."""
    node: dict | None  # (None: past the openings, `child`)
    node = _opened(deal_of(row))
    for index, action in enumerate(actions):
        try:
            hand, node = node[action]
        except KeyError:  # an opening not met before: judged, and remembered
            after = play.replay(hand, (action,))
            child: dict | None = {} if index + 1 < OPENING else None
            node[action] = (after, child)
            _OPENINGS[0] += 1
            hand, node = after, child
        except TypeError:  # an action that is no key (a plug-in's holding a list)
            return play.replay(hand, actions[index:])
        if node is None:
            return play.replay(hand, actions[index + 1:]) if index + 1 < len(actions) else hand
    return hand


def _read(hand: Hand, row: Row, seq: int, number: int) -> Verb:
    try:
        return action_of(row, hand.rules)
    except Exception as error:  # noqa: BLE001 - whatever the row holds: unreplayable
        raise Unreplayable(f"its action {seq} cannot be read ({error})", number) from None


def _judged(hand: Hand, action: Verb, seq: int, number: int, game=None) -> Hand:
    try:
        return play.apply(hand, action, game)
    except Exception as error:  # noqa: BLE001 - a game's code, whatever it raises: unreplayable
        raise _refused(hand, action, seq, number, error) from None


def _refused(hand: Hand, action: Verb, seq: int, number: int, error: Exception) -> Unreplayable:
    return Unreplayable(f"its action {seq} ({action.said(hand.rules.money)}) is refused on replay: {error}", number)


def action_of(row: Row, rules) -> Verb:
    """The action a row records: its verb's type in the hand's game, from the arguments it declares (rows before
    schema 7: `legacy`)."""
    args = row["args"]
    if args is None:
        return legacy_action(rules.game, row["verb"], row["player"], row["amount"], row["blind"], row["detail"])
    return read_action(rules.game, row["verb"], row["player"], args)


def read_action(game: str, verb: str, player: str | None, args: str) -> Verb:
    """An action read from its row's words: a session repeats a few hundred of them (the same player betting the
    same amount), and actions are values, so each is read once (`_READ`)."""
    known = _READ[game]
    key = (verb, player, args)
    action = known.get(key)
    if action is None:
        action = verb_in(game, verb).from_args(player, structs.decode(args))  # raises where it cannot: kept only read
        if len(known) >= READ_KEPT:
            known.clear()
        known[key] = action
    return action


class _Read(dict):
    """The actions read so far (`read_action`), by game, then by the words of their rows (verb, player, args): a
    plain dict asked straight where a whole session is replayed (`_plain`), a tenth of what a call of a function
    cached by `lru_cache` costs (its four arguments, its order of use kept). Each game's are forgotten past
    `READ_KEPT` and read again."""

    def __missing__(self, game: str) -> dict:
        known = self[game] = {}
        return known

    def cache_clear(self) -> None:
        """All forgotten, as the `lru_cache`s beside it are (a benchmark's replay from a cold start)."""
        self.clear()


READ_KEPT = 16_384  # actions of a game remembered at most (a session's shows are each met once: 10,000 simulated
# hands hold 13,753 different actions, 12,763 of them shows)
_READ = _Read()
