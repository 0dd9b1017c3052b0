"""Stick brag: Three Card Brag with two moves of its own, in a distribution of its own: `stick`, and `flash PLAYER
CARD`, once a deal, a card of one's own turned face up (kept in a `Hand` of its own), and a house rule of its own in
money that may be 0 (`stick-from`).

It is bragref's test of "a new game is a new package and nothing else" (issues 40, 56): installed beside bragref, it
is found by the entry point `bragref.games`, and the command line, the table, the referee's page, the ledger, hand
histories, `status --json`, random play and the conformance suite (`python -m bragref.testing stick-brag`) all take
its moves from its declarations here.
"""

from bragref.engine.errors import Refused
from bragref.engine.state import Hand, Offer
from bragref.games import verbs
from bragref.games.base import Option
from bragref.games.brag import Brag
from bragref.structs import replace

STICK_FROM = Option("stick_from", "money", "Sticking is allowed once the stake is at least this", "R100", own=True,
                    zero=True)


class StickHand(Hand, frozen=True):
    """A hand of stick brag: a hand of brag, and the cards flashed in it, each with who flashed it."""

    flashed: tuple[tuple[str, int], ...] = ()


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


class Flash(verbs.Verb, frozen=True):
    """At one's turn, once a deal, turn one of one's cards face up; the turn stays one's own."""

    player: str
    card: tuple[int, ...]
    verb = "flash"
    params = (verbs.Param("card", "cards", "The card turned face up", held=True, one=True),)
    summary = "A player turns one of their cards face up, once a deal."
    help = "PLAYER turns CARD face up at their turn, once a deal, and still acts (R100); it is seen (R8.9)."
    examples = ("bill 7h",)

    def told(self, before, after, called):
        from bragref.engine.cards import hand_text

        return f"{called(self.player)} flashed {hand_text(self.card)}."


class StickBrag(Brag):
    """Three Card Brag (R3–R9) where a player who may fold may stick instead."""

    name = "stick-brag"
    aliases = ("stick brag",)
    title = "Stick brag"
    rule = "R100"
    protocol = (1, 0)  # the game protocol it is written for (bragref.games.PROTOCOL)
    actions = (*Brag.actions, Stick, Flash)
    options = (*Brag.options, STICK_FROM)  # a house rule of its own: no field of bragref's `Rules` for it
    presets = {"stick": {}}

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        hand = super().deal(rules, seats, dealer, carried_in, retained_by, purses, dealt)
        return StickHand(**{field: getattr(hand, field) for field in hand.__struct_fields__})

    def legal(self, hand):
        now = super().legal(hand)
        if now.player is not None and hand.phase == "betting" and not self.flashed(hand, now.player):
            now = replace(now, offers=(Offer("flash"), *now.offers))
        if not (now.may("fold") and self.may_stick(hand)):
            return now
        *others, fold = now.offers  # brag offers the fold last: stick is said before it
        return replace(now, offers=(*others, Offer("stick"), fold))

    def apply(self, hand, action):
        if isinstance(action, Flash):
            acting = hand.acting.name if hand.acting is not None and hand.phase == "betting" else None
            if action.player != acting:
                raise Refused(f"{action.player} may flash only at their turn, in the betting", "R2.5")
            if self.flashed(hand, action.player):
                raise Refused(f"{action.player} has flashed a card already this deal: once a deal", "R100")
            if len(action.card) != 1:
                raise Refused("a flash turns one card face up", "R100")
            return replace(hand, flashed=(*hand.flashed, (action.player, action.card[0])))
        if isinstance(action, Stick):
            if not self.may_stick(hand):
                least = hand.rules.money(hand.rules.value("stick_from"))
                raise Refused(f"sticking starts once the stake is {least} (house rule stick-from)", "R100")
            return super().apply(hand, verbs.Fold(action.player))
        return super().apply(hand, action)

    def cards_seen(self, hand, player=None):  # a card flashed is seen: nobody else names it (R8.9)
        flashed = {card: f"flashed by {name}" for name, card in hand.flashed if name != player}
        return {**flashed, **super().cards_seen(hand, player)}

    def cards_known(self, hand, player):  # and it is its player's: their show names it (R8.10)
        return tuple(card for name, card in hand.flashed if name == player)

    @staticmethod
    def flashed(hand, player: str) -> bool:
        return any(name == player for name, _ in hand.flashed)

    @staticmethod
    def may_stick(hand) -> bool:
        least = hand.rules.value("stick_from")
        return least is None or hand.stake >= least
