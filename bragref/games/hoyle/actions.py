"""The verbs of Hoyle's classical brag (R11.2, R11.3) beyond those every game has: call, raise, stand."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.games.verbs import Param, Verb


class Call(Verb, frozen=True):
    """Bring one's total up to the highest total (R11.2); `all_in`, when given, is all a player short of the call
    has, and puts them all in (R11.6)."""

    player: str
    all_in: int | None = None
    verb = "call"
    pick_weight = 0.5
    answers = {"c": {}, "ca": {}}
    params = (Param("all_in", "money", "All the player has, short of the call (R11.6).", keywords=("all-in", "allin"),
                    option="--all-in", required=False, zero_at_table_stakes=True),)
    summary = "Call: bring one's total up to the highest (hoyle)."
    help = ("PLAYER brings their total up to the highest total (R11.2); a player short of that puts in all they have "
            "(--all-in AMOUNT: at table stakes 0, where a raise used it all) and is all in: the money is then split "
            "into side pots (R11.6).")
    examples = ("bill", "chris --all-in 3")
    unoffered = {"call": None, "all_in": None}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        if offer.range is not None:  # short of the call: all in (R11.6)
            return f"{say(cls.verb)} all in with {offer.range.said(rules.money)}"
        return f"{say(cls.verb)} for {rules.money(offer.cost)}"

    @classmethod
    def offered_json(cls, offer):
        if offer.range is not None:
            return {"all_in": offer.range.json()}
        return {"call": {"cost": offer.cost}}

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        return cls(player) if offer.range is None else cls(player, rng.randint(offer.range.min, offer.range.max))

    @classmethod
    def fill(cls, hand, now, values):
        """At the table, a call from a player short of it whose table money is known is their all-in (R11.6,
        R1.3): `c` answers the prompt's 'call all in with 3'."""
        short = now.range("call")
        if "all_in" not in values and now.cost("call") is None and short and short.min == short.max:
            values["all_in"] = short.min
        return values

    def written(self, before, after, who):
        """`call 4`, what the call cost, or `call 3 all-in` (R11.2, R11.6)."""
        return [str(after.pot - before.pot)] + (["all-in"] if self.all_in is not None else [])

    @classmethod
    def from_history(cls, subject, words, read, hand, apply):
        if not words or len(words) > 2 or words[1:] not in ([], ["all-in"]):
            raise BadInput(f"a call's line says what it cost, and all-in if it was: call AMOUNT [all-in], not {words!r}")
        amount = read.money(words[0], cls.params[0])
        if len(words) == 2:
            return cls(subject, amount)
        call = cls(subject)
        cost = apply(hand, call).pot - hand.pot
        if cost != amount:
            raise Refused(f"the history says the call cost {amount}, but the rules make it {cost}", "R11.2")
        return call

    def told(self, before, after, called):
        who, money = called(self.player), before.rules.money
        if self.all_in is not None:
            return f"{who} was short of the call and went all in with {money(self.all_in)} (R11.6)."
        cost = f" for {money(after.pot - before.pot)}" if after is not None else ""
        return f"{who} called{cost}, up to the highest total of {money(before.stake)} (R11.2)."


class Raise(Verb, frozen=True):
    """Call, then add `amount` above it (R11.2)."""

    player: str
    amount: int
    verb = "raise"
    pick_weight = 0.2
    answers = {"r": {}}
    params = (Param("amount", "money", "What the raise adds above the call"),)
    summary = "Raise: call, then add AMOUNT above it (hoyle)."
    help = ("PLAYER calls, then adds AMOUNT above the call: at least min-raise, at most raise-limit, no total past "
            "max-stake (R11.2). PLAYER is then the last raiser, who stands or raises when the turn comes back (R11.3).")
    examples = ("andy 2",)
    unoffered = {"raise": None}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"{say(cls.verb)} by {offer.range.said(rules.money)}"

    def told(self, before, after, called):
        total = f": the highest total is now {before.rules.money(after.stake)}" if after is not None else ""
        return f"{called(self.player)} called and raised by {before.rules.money(self.amount)}{total} (R11.2)."


class Stand(Verb, frozen=True):
    """The last raiser (the dealer if nobody raised) ends the betting when every total is equal (R11.3)."""

    player: str
    verb = "stand"
    pick_weight = 0.5
    summary = "The last raiser ends the betting (hoyle)."
    help = ("PLAYER, the last raiser (the dealer if nobody raised), ends the betting once every player still betting "
            "has the same total: every player still in shows (R11.3).")
    examples = ("andy",)
    unoffered = {"stand": False}

    def told(self, before, after, called):
        if after is None:
            return f"{called(self.player)} stood."
        return f"{called(self.player)} stood: the betting is over, and every player still in shows (R11.3)."
