"""A stand-in for Kemps brag, an outside game ported to bragref 0.19, written as it is: it says no `protocol`, reads
`engine.state.check_turn`, `paying` and `evolve` and `engine.cards.NATURALS`, and its `Swap.card` does not say `one`,
left to the name guess 0.19 made. Three Card Brag where a player may, at their turn and once a deal, pay the ante into
the pot to discard a card face up and take the next off the pack (R102).

bragref keeps it playing: `check_turn`, `paying` and `NATURALS` are in the game protocol now; `evolve` and the
guessed `card` warn (`DeprecationWarning`), each naming what to write instead (docs/adding-a-game.md, section 8).
Nothing here is to be copied: the worked example of a game is docs/adding-a-game.md's.
"""

from typing import ClassVar

from bragref.engine.cards import NATURALS, hand_text
from bragref.engine.errors import Refused
from bragref.engine.state import Hand, Offer, check_turn, evolve, paying
from bragref.games import verbs
from bragref.games.brag import Brag


class KempsHand(Hand, frozen=True):
    """A hand of Kemps brag: the cards discarded face up by a swap, each with who swapped it."""

    swapped: tuple[tuple[str, int], ...] = ()


class Swap(verbs.Verb, frozen=True):
    """At one's turn, once a deal, pay the ante to discard a card face up for the next off the pack."""

    player: str
    card: tuple[int, ...]
    verb = "swap"
    params = (verbs.Param("card", "cards", "The card discarded face up", held=True),)  # one card, by its name (0.19)
    summary = "A player pays the ante to swap a card, once a deal."
    help = "PLAYER pays the ante into the pot at their turn to discard CARD face up for another, once a deal (R102)."
    examples = ("bill 7h",)

    def told(self, before, after, called):
        return f"{called(self.player)} paid {before.rules.money(before.rules.ante)} to swap {hand_text(self.card)}."


class KempsBrag(Brag):
    """Three Card Brag (R3–R9) with a paid swap (R102)."""

    name = "kemps-brag"
    aliases = ("kemps brag",)
    title = "Kemps brag"
    rule = "R102"
    actions = (*Brag.actions, Swap)
    presets: ClassVar[dict[str, dict[str, object]]] = {"kemps": {}}

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        hand = super().deal(rules, seats, dealer, carried_in, retained_by, purses, dealt)
        return KempsHand(**{field: getattr(hand, field) for field in hand.__struct_fields__})

    def legal(self, hand):
        now = super().legal(hand)
        if now.player is None or hand.phase != "betting" or self.swapped(hand, now.player) or not self.affords(hand):
            return now
        return evolve(now, offers=(Offer("swap", cost=hand.rules.ante), *now.offers))

    def apply(self, hand, action):
        if not isinstance(action, Swap):
            return super().apply(hand, action)
        index = check_turn(hand, action.player, "R102", "swap")
        if self.swapped(hand, action.player):
            raise Refused(f"{action.player} has swapped a card already this deal: once a deal", "R102")
        if len(action.card) != 1 or action.card[0] >= NATURALS:
            raise Refused("a swap discards one card of the 52", "R102")
        if not self.affords(hand):
            raise Refused(f"{action.player} cannot pay the ante for a swap", "R102")
        ante = hand.rules.ante
        return evolve(hand, players=paying(hand, index, ante), pot=hand.pot + ante,
                      swapped=(*hand.swapped, (action.player, action.card[0])))

    def cards_seen(self, hand, player=None):  # a card swapped is face up: nobody names it again (R8.9)
        return {**{card: f"swapped by {name}" for name, card in hand.swapped}, **super().cards_seen(hand, player)}

    @staticmethod
    def swapped(hand, player: str) -> bool:
        return any(name == player for name, _ in hand.swapped)

    @staticmethod
    def affords(hand) -> bool:
        purse = hand.acting.purse if hand.acting is not None else None
        return purse is None or purse >= hand.rules.ante
