"""Three-stake brag's moves (R15): a check in the brag's words, and the thirty-one's draw and stick (R15.4)."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.games.hoyle.actions import Call as HoyleCall, Stand as HoyleStand
from bragref.games.verbs import Param, Verb


class Call(HoyleCall, frozen=True):
    """Hoyle's call (R15.3): until someone raises it costs nothing, a check."""

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        if offer.cost == 0:
            return "call (a check: nothing to put in)"
        return super().offered_words(offer, rules, say, table)

    @classmethod
    def from_history(cls, subject, words, read, hand, apply):
        if words != ["0"]:
            return super().from_history(subject, words, read, hand, apply)
        call = cls(subject)
        if apply(hand, call).pot != hand.pot:
            raise Refused("the history says the call cost 0, but the rules make it cost more", "R15.3")
        return call

    def told(self, before, after, called):
        if after is not None and after.pot == before.pot and self.all_in is None:
            return f"{called(self.player)} checked: nobody had raised, so a call cost nothing (R15.3)."
        return super().told(before, after, called)


class Stand(HoyleStand, frozen=True):
    """Hoyle's stand (R15.3): the brag's betting is over, and the thirty-one begins."""

    def told(self, before, after, called):
        if after is None:
            return f"{called(self.player)} stood."
        return f"{called(self.player)} stood: the brag's betting is over, and the thirty-one begins (R15.3, R15.4)."


class Draw(Verb, frozen=True):
    """In the thirty-one, a player under 31 takes a card, which the referee names (R15.4)."""

    player: str
    card: tuple[int, ...]
    verb = "draw"
    answers = {"dr": {}}
    params = (Param("card", "cards", "The card drawn, as the referee names it (R8.9).", held=True, one=True),)
    summary = "Draw a card in the thirty-one (three-stake)."
    help = ("PLAYER, under 31 at their turn in the thirty-one, draws CARD, named by the referee: exactly 31 ends their "
            "turn, past 31 they are bust (R15.4). A card seen already in the deal is bad input.")
    examples = ("bill 7h",)
    pick_weight = 0.6

    def __post_init__(self) -> None:
        """The card may be given as a person writes it, from Python (`Draw("Bill", "7h")`, `Verb.__post_init__`)."""
        super().__post_init__()
        if len(self.card) != 1:
            raise BadInput(f"a draw is one card, not {len(self.card)} (R15.4)")

    def detail(self, money=str):
        from bragref.engine.cards import hand_text

        return hand_text(self.card)

    def sentence_at(self, after) -> str | None:
        """As a page says it was recorded, with the total it makes where the hand knows it (R15.4): `draws 6♦: 27
        points`, `draws K♠: 35 points, bust`."""
        from bragref.engine.cards import hand_text
        from bragref.games.threestake.thirtyone import points_of

        total = points_of(after, self.player)
        if total is None:
            return None
        return f"draws {hand_text(self.card)}: {total} points{', bust' if total > 31 else ''}"

    def told(self, before, after, called):
        from bragref.engine.cards import hand_text

        drew = f"{called(self.player)} drew {hand_text(self.card)}"
        if after is None:
            return f"{drew}."
        from bragref.games.threestake.thirtyone import points_of

        total = points_of(after, self.player)
        return f"{drew}: {total}{' — bust' if total > 31 else ''} (R15.4)."


class Stick(Verb, frozen=True):
    """In the thirty-one, a player under 31 takes no more cards (R15.4)."""

    player: str
    verb = "stick"
    answers = {"sk": {}}
    summary = "Take no more cards in the thirty-one (three-stake)."
    help = "PLAYER, under 31 at their turn in the thirty-one, takes no more cards: their total stands (R15.4)."
    examples = ("bill",)
    pick_weight = 0.5

    def told(self, before, after, called):
        from bragref.games.threestake.thirtyone import points_of

        return f"{called(self.player)} stuck on {points_of(before, self.player)} (R15.4)."
