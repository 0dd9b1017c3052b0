"""A hand's history as records: every action, voided ones marked, with the pot and stake after each, and where
each pot went (R7.3, R9.1). What `history --json` and `--csv` print, `export --format csv` writes and `Book.history`
gives; `history`'s tables are made from them."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING

from bragref.engine.state import Hand
from bragref.games import game_of
from bragref.games.verbs import Verb, first_param
from bragref.ledger.replay import dealt
from bragref.ledger.store import entered_text

if TYPE_CHECKING:
    from bragref.engine.rules import Rules
    from bragref.engine.state import Result


KEYS = ("hand", "seq", "at", "player", "action", "amount", "blind", "detail", "pot", "stake", "into", "voided",
        "reason", "entered")  # a history entry's, in order (`entry_of`); `hand_rows` gives their values so
WON_KEYS = ("hand", "seq", "at", "blind", "pot", "stake", "voided", "reason", "player", "action", "amount", "detail",
            "into", "entered")  # where a pot went, in the order its entry has them (`won_entry_of`)


def hand_history(row, steps, private: bool = False) -> tuple[list[dict], Hand, bool]:
    """Every action of one hand, voided ones marked, with the pot and stake after each live one, from its row and
    its replay (`Ledger.replays`); the hand as they leave it, and whether its deal was voided (a misdeal, R9.1).
    With `private`, each entry says whether what it shows is its players' own business while the hand is in play
    (`private`: a Teen Patti side show's cards, R13.4).

    `into` numbers the pot a payment went into (1 is the first; each cover starts a new one, R7.2);
    a settled hand ends with one `won` entry per pot, saying how it was decided (R7.3). `entered`: where an action or
    a void was entered (`store.ENTERED`), None for one recorded before bragref kept it and for every other entry (the
    deal, a loan onto the table, where a pot went). The entries are `hand_rows`' as dicts (`entry_of`, `won_entry_of`).
    """
    rows, played, hand, misdealt = hand_rows(row, steps, private)
    entries = list(map(entry_of, rows[:played])) if not private else [
        entry_of(values) if len(values) == len(KEYS) else {**entry_of(values[:-1]), "private": values[-1]}
        for values in rows[:played]]  # an action's and a void's row has its `private` last (not a deal's, a loan's)
    return entries + list(map(won_entry_of, rows[played:])), hand, misdealt


def entry_of(values: tuple) -> dict:
    """An entry's row (`hand_rows`) as the entry, keyed by `KEYS`."""
    hand, seq, at, player, action, amount, blind, detail, pot, stake, into, voided, reason, entered = values
    return {"hand": hand, "seq": seq, "at": at, "player": player, "action": action, "amount": amount, "blind": blind,
            "detail": detail, "pot": pot, "stake": stake, "into": into, "voided": voided, "reason": reason,
            "entered": entered}


def won_entry_of(values: tuple) -> dict:
    """The row of where a pot went (`won_rows`, in the order of `KEYS`) as its entry, keyed by `WON_KEYS`."""
    hand, seq, at, player, action, amount, blind, detail, pot, stake, into, voided, reason, entered = values
    return {"hand": hand, "seq": seq, "at": at, "blind": blind, "pot": pot, "stake": stake, "voided": voided,
            "reason": reason, "player": player, "action": action, "amount": amount, "detail": detail, "into": into,
            "entered": entered}


def hand_rows(row, steps, private: bool = False) -> tuple[list[tuple], int, Hand, bool]:
    """`hand_history`'s entries as tuples of their values in the order of `KEYS` (with `private`, an action's and a
    void's with its `private` after them), and how many come before where the pots went: what `history` makes its
    tables of (a whole session's is a hundred thousand entries), and `hand_history` its dicts."""
    steps = iter(steps)
    first = next(steps, None)
    hand = dealt(row) if first is None else first.before  # as dealt: the replay dealt it already
    number = row["number"]
    rows: list[tuple] = [(number, 0, row["dealt_at"], row["dealer"], "deal", hand.pot - hand.carried_in, None,
                          game_of(hand.rules).deal_note(hand), hand.pot, hand.stake, 1, False, None,
                          entered_text(row["entered"]))]
    misdealt = False
    tell = _tellings(hand.rules)
    known, append = tell.known, rows.append
    for step in chain([first], steps) if first is not None else ():
        r, action, seq, live, voided_by, _, before, hand = step  # (a whole session's history reads them a hundred
        # thousand times)
        entered, amount = r["entered"], r["amount"]
        if entered is not None and type(entered) is not str:
            entered = entered_text(entered)
        if seq is None:  # a loan mid-hand at table stakes: more table money for the borrower (R7.5)
            append((number, None, r["at"], r["player"], "loan", amount, None, "onto the table (R7.5)", hand.pot,
                    hand.stake, None, False, None, None))
            continue
        if action is None:  # a void: of an action, or of the deal (a misdeal, R9.1)
            misdealt = misdealt or step.misdeal
            stated, flagged, detail = None, None, void_detail(step)
        else:
            try:
                stated, flagged, detail, noted = known[action]
            except KeyError:
                stated, flagged, detail, noted = tell.told(action)
            if noted is not None:
                detail = noted(before, detail)  # with whom, where the verb does not say (R13.3, R13.4)
        if live:  # the pot and stake after it
            pot, stake = hand.pot, hand.stake
            into = len(before.covered) + 1 if (amount or stated) is not None else None
        else:
            pot = stake = into = None
        told = (number, seq, r["at"], r["player"], r["verb"], amount if stated is None else stated,  # else what it
                flagged, detail, pot, stake, into, voided_by is not None,  # put in
                r["reason"] if voided_by is None else voided_by["reason"], entered)
        append((*told, action is not None and action.private(before)) if private else told)
    played = len(rows)
    if hand.result:
        rows += won_rows(row, hand)
    return rows, played, hand, misdealt


class _Told:
    """What a history entry says of an action beyond its verb, by action: the amount it states, its flag, its detail
    (in the money of `rules`), and its own `noted` where its verb has one (None: the detail as it is). Actions are
    values, and a session repeats a few hundred of them (`store.action_of` reads each once): each is told once, of
    the last few thousand, and `known` by it (a dict of Python's own: one of a class's own is looked up through its
    class, several times slower); a show's cards are nearly every one new, told by what its kind of action says of
    every one (`_Kind`)."""

    def __init__(self, rules: Rules) -> None:
        self.money = rules.money
        self.known: dict = {}

    def told(self, action) -> tuple:
        kind = _KINDS.get(type(action))
        if kind is None:
            kind = _KINDS[type(action)] = _Kind(type(action))
        stated = action.stated_amount() if kind.stated is _OWN else None if kind.stated is None else \
            getattr(action, kind.stated)
        flagged = action.flagged() if kind.flagged is _OWN else None if kind.flagged is None else \
            getattr(action, kind.flagged)
        known = self.known
        if len(known) >= TOLD_KEPT:
            known.clear()
        told = known[action] = stated, flagged, action.detail(self.money), action.noted if kind.noted else None
        return told


class _Kind:
    """What every action of a kind says alike: the field its `stated_amount` and its `flagged` are (`Verb`'s own say
    their kind's first money and flag field, `first_param`; None where it has none; `_OWN` where the kind says it in
    a way of its own), and whether it notes more than its detail (`noted`)."""

    def __init__(self, kind: type):
        self.stated = first_param(kind, "money") if getattr(kind, "stated_amount", None) is Verb.stated_amount \
            else _OWN
        self.flagged = first_param(kind, "flag") if getattr(kind, "flagged", None) is Verb.flagged else _OWN
        self.noted = getattr(kind, "noted", None) is not Verb.noted


_OWN = "(its own)"  # a kind of action whose `stated_amount` or `flagged` is its own (`_Kind`)
_KINDS: dict[type, _Kind] = {}  # by the type of action

TOLD_KEPT = 4096


@lru_cache(maxsize=16)
def _tellings(rules) -> _Told:
    """The actions told so far in the money of `rules` (`_Told`): looked up once a hand, not once an action."""
    return _Told(rules)


def void_detail(step) -> str:
    """`voids #3`, or `voids the deal` for a misdeal (R9.1)."""
    return MISDEAL if step.misdeal else f"voids #{step.voids}"


MISDEAL = "voids the deal (a misdeal)"  # the detail of a void of the deal (R9.1)


def carried_note(game, result, rules) -> str | None:
    """The game's note on money left carried (`Game.carried_note`), given the hand's rules where its hook takes them
    (an override written to take `result` alone is called so)."""
    hook = game.carried_note
    code = getattr(getattr(hook, "__func__", None), "__code__", None)
    return hook(result, rules) if code is None or code.co_argcount > 2 else hook(result)


def won_entries(row, hand: Hand) -> list[dict]:
    """Where the money went (`won_rows`), as entries keyed by `WON_KEYS`."""
    return list(map(won_entry_of, won_rows(row, hand)))


def won_rows(row, hand: Hand) -> list[tuple]:
    """Where the money went: a pot each, numbered as `into` numbers them, or the carried pot (R6.2, R7.3), each noted
    as its game tells it (`Game.pot_note`, `carried_note`, `result_notes`: a life lost, R14.4); each as its values in
    the order of `KEYS`."""
    result: Result  # asked of a settled hand alone (`hand_rows`: where `hand.result`)
    result, game, number = hand.result, game_of(hand.rules), row["number"]  # type: ignore[assignment]  # as above
    if result.how == "carried":
        return [(number, None, None, result.retained_by, "carried", result.carried, None,
                 carried_note(game, result, hand.rules), None, None, None, False, None, None)]
    notes = game.result_notes(hand)
    rows: list[tuple] = [(number, None, None, player, action, None, None, detail, None, None, None, False, None, None)
            for player, action, detail in notes] if notes else []
    covered = hand.covered
    coverers = [c.covered_by for c in covered] if covered else []
    for pot in result.pots:
        if not pot.amount:  # a pot the last cover left empty (R7.2): none won
            continue
        into = len(coverers) + 1 if pot.covered_by is None else coverers.index(pot.covered_by) + 1
        rows.append((number, None, None, ",".join([name for name, _ in pot.winnings]), "won", pot.amount, None,
                     game.pot_note(pot), None, None, into, False, None, None))
    note = carried_note(game, result, hand.rules) if result.carried else None
    if note:
        rows.append((number, None, None, None, "carried", result.carried, None, note, None, None, None, False, None,
                     None))
    return rows


def named_now(session, entries: list[dict]) -> list[dict]:
    """The entries with each player by the name they have now (R2.6), as the reports show them."""
    if not session.renamed:
        return entries
    for entry in entries:
        if entry["player"]:
            entry["player"] = called_now(session, entry["player"])
    return entries


def rows_named_now(session, rows: list[tuple]) -> list[tuple]:
    """`named_now` of `hand_rows`' rows."""
    if not session.renamed:
        return rows
    return [(*values[:3], called_now(session, values[3]), *values[4:]) if values[3] else values for values in rows]


def called_now(session, player: str) -> str:
    """`Ann` or `Ann,Bob` (a pot split), each by the name they have now (R2.6)."""
    return ",".join(session.now_called(name) for name in player.split(","))
