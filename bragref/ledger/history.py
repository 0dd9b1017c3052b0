"""A hand's history as records: every action, voided ones marked, with the pot and stake after each, and where
each pot went (R7.3, R9.1). What `history --json` and `--csv` print, `export --format csv` writes and `Book.history`
gives; `history`'s tables are made from them."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from bragref.engine.state import Hand
from bragref.games import game_of
from bragref.games.verbs import Verb
from bragref.ledger.replay import dealt
from bragref.ledger.store import entered_text


def hand_history(row, steps, private: bool = False) -> tuple[list[dict], Hand, bool]:
    """Every action of one hand, voided ones marked, with the pot and stake after each live one, from its row and
    its replay (`Ledger.replays`); the hand as they leave it, and whether its deal was voided (a misdeal, R9.1).
    With `private`, each entry says whether what it shows is its players' own business while the hand is in play
    (`private`: a Teen Patti side show's cards, R13.4).

    `into` numbers the pot a payment went into (1 is the first; each cover starts a new one, R7.2);
    a settled hand ends with one `won` entry per pot, saying how it was decided (R7.3). `entered`: where an action or
    a void was entered (`store.ENTERED`), None for one recorded before bragref kept it and for every other entry (the
    deal, a loan onto the table, where a pot went).
    """
    steps = iter(steps)
    first = next(steps, None)
    hand = dealt(row) if first is None else first.before  # as dealt: the replay dealt it already
    entries = [{"hand": row["number"], "seq": 0, "at": row["dealt_at"], "player": row["dealer"], "action": "deal",
                "amount": hand.pot - hand.carried_in, "blind": None, "detail": game_of(hand.rules).deal_note(hand),
                "pot": hand.pot,
                "stake": hand.stake,
                "into": 1, "voided": False, "reason": None, "entered": entered_text(row["entered"])}]
    misdealt = False
    tell, number, append = _tellings(hand.rules), row["number"], entries.append
    for step in chain([first], steps) if first is not None else ():
        r, action, seq, live, voided_by, _, before, hand = step  # (a whole session's history reads them a hundred
        # thousand times)
        entered, amount = r["entered"], r["amount"]
        if entered is not None and type(entered) is not str:
            entered = entered_text(entered)
        if seq is None:  # a loan mid-hand at table stakes: more table money for the borrower (R7.5)
            append({"hand": number, "seq": None, "at": r["at"], "player": r["player"], "action": "loan",
                    "amount": amount, "blind": None, "detail": "onto the table (R7.5)", "pot": hand.pot,
                    "stake": hand.stake, "into": None, "voided": False, "reason": None, "entered": None})
            continue
        if action is None:  # a void: of an action, or of the deal (a misdeal, R9.1)
            misdealt = misdealt or step.misdeal
            stated, flagged, detail = None, None, void_detail(step)
        else:
            stated, flagged, detail, noted = tell[action]
            if noted is not None:
                detail = noted(before, detail)  # with whom, where the verb does not say (R13.3, R13.4)
        if live:  # the pot and stake after it
            pot, stake = hand.pot, hand.stake
            into = len(before.covered) + 1 if (amount or stated) is not None else None
        else:
            pot = stake = into = None
        append({"hand": number, "seq": seq, "at": r["at"], "player": r["player"], "action": r["verb"],
                "amount": amount if stated is None else stated,  # else what it put in
                "blind": flagged, "detail": detail, "pot": pot, "stake": stake, "into": into,
                "voided": voided_by is not None,
                "reason": r["reason"] if voided_by is None else voided_by["reason"], "entered": entered})
        if private:
            entries[-1]["private"] = action is not None and action.private(before)
    if hand.result:
        entries += won_entries(row, hand)
    return entries, hand, misdealt


class _Told(dict):
    """What a history entry says of an action beyond its verb, by action: the amount it states, its flag, its detail
    (in the money of `rules`), and its own `noted` where its verb has one (None: the detail as it is). Actions are
    values, and a session repeats a few hundred of them (`store.action_of` reads each once): each is told once, of
    the last few thousand."""

    def __init__(self, rules):
        super().__init__()
        self.money = rules.money

    def __missing__(self, action) -> tuple:
        if len(self) >= TOLD_KEPT:
            self.clear()
        noted = None if getattr(type(action), "noted", None) is Verb.noted else action.noted
        told = self[action] = action.stated_amount(), action.flagged(), action.detail(self.money), noted
        return told


TOLD_KEPT = 4096


@lru_cache(maxsize=16)
def _tellings(rules) -> _Told:
    """The actions told so far in the money of `rules` (`_Told`): looked up once a hand, not once an action."""
    return _Told(rules)


def void_detail(step) -> str:
    """`voids #3`, or `voids the deal` for a misdeal (R9.1)."""
    return "voids the deal (a misdeal)" if step.misdeal else f"voids #{step.voids}"


def carried_note(game, result, rules) -> str | None:
    """The game's note on money left carried (`Game.carried_note`), given the hand's rules where its hook takes them
    (an override written to take `result` alone is called so)."""
    hook = game.carried_note
    code = getattr(getattr(hook, "__func__", None), "__code__", None)
    return hook(result, rules) if code is None or code.co_argcount > 2 else hook(result)


def won_entries(row, hand: Hand) -> list[dict]:
    """Where the money went: a pot each, numbered as `into` numbers them, or the carried pot (R6.2, R7.3), each noted
    as its game tells it (`Game.pot_note`, `carried_note`, `result_notes`: a life lost, R14.4)."""
    result, game = hand.result, game_of(hand.rules)
    coverers = [c.covered_by for c in hand.covered]
    base = {"hand": row["number"], "seq": None, "at": None, "blind": None, "pot": None, "stake": None,
            "voided": False, "reason": None}
    if result.how == "carried":
        return [{**base, "player": result.retained_by, "action": "carried", "amount": result.carried,
                 "detail": carried_note(game, result, hand.rules), "into": None, "entered": None}]
    entries = [{**base, "player": player, "action": action, "amount": None, "detail": detail, "into": None,
                "entered": None} for player, action, detail in game.result_notes(hand)]
    for pot in (pot for pot in result.pots if pot.amount):  # a pot the last cover left empty (R7.2): none won
        number = len(coverers) + 1 if pot.covered_by is None else coverers.index(pot.covered_by) + 1
        entries.append({**base, "player": ",".join(name for name, _ in pot.winnings), "action": "won",
                        "amount": pot.amount, "detail": game.pot_note(pot), "into": number, "entered": None})
    note = carried_note(game, result, hand.rules) if result.carried else None
    if note:
        entries.append({**base, "player": None, "action": "carried", "amount": result.carried, "detail": note,
                        "into": None, "entered": None})
    return entries


def named_now(session, entries: list[dict]) -> list[dict]:
    """The entries with each player by the name they have now (R2.6), as the reports show them."""
    if not session.renamed:
        return entries
    for entry in entries:
        if entry["player"]:
            entry["player"] = ",".join(session.now_called(name) for name in entry["player"].split(","))
    return entries
