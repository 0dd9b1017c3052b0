"""Stick brag: Three Card Brag with one move of its own, `stick`, in a distribution of its own.

It is bragref's test of "a new game is a new package and nothing else" (issue 40): installed beside bragref, it is
found by the entry point `bragref.games`, and the command line, the table, the ledger, hand histories, `status
--json`, random play and the conformance suite all take its move from its declaration here.
"""

from msgspec.structs import replace

from bragref.engine.errors import Refused
from bragref.engine.state import Offer
from bragref.games import verbs
from bragref.games.base import Option
from bragref.games.brag import Brag

STICK_FROM = Option("stick_from", "money", "Sticking is allowed once the stake is at least this", "R10", own=True)


class Stick(verbs.Verb, frozen=True):
    """At one's turn, leave the hand as a fold does, saying so in one's own word."""

    player: str
    verb = "stick"
    answers = {"k": {}}
    summary = "A player sticks: out of the hand, as with a fold."
    help = "PLAYER sticks at their turn and is out of the hand, as a fold is (R2.5)."
    examples = ("bill",)

    def told(self, before, after, called):
        return f"{called(self.player)} stuck, and is out of the hand."


class StickBrag(Brag):
    """Three Card Brag (R3–R9) where a player who may fold may stick instead."""

    name = "stick-brag"
    aliases = ("stick brag",)
    title = "Stick brag"
    rule = "R10"
    actions = (*Brag.actions, Stick)
    options = (*Brag.options, STICK_FROM)  # a house rule of its own: no field of bragref's `Rules` for it
    presets = {"stick": {}}

    def legal(self, hand):
        now = super().legal(hand)
        if not (now.may("fold") and self.may_stick(hand)):
            return now
        *others, fold = now.offers  # brag offers the fold last: stick is said before it
        return replace(now, offers=(*others, Offer("stick"), fold))

    def apply(self, hand, action):
        if isinstance(action, Stick):
            if not self.may_stick(hand):
                least = hand.rules.money(hand.rules.value("stick_from"))
                raise Refused(f"sticking starts once the stake is {least} (house rule stick-from)", "R10")
            return super().apply(hand, verbs.Fold(action.player))
        return super().apply(hand, action)

    @staticmethod
    def may_stick(hand) -> bool:
        least = hand.rules.value("stick_from")
        return least is None or hand.stake >= least
