"""Bastard Brag's own verbs (R14.2): exchanging with the centre hand, passing, knocking."""

from __future__ import annotations

from bragref.games.bastard.options import CENTRE_UP
from bragref.games.verbs import Param, Verb


def _then(before, after, called) -> str:
    """What an exchange turn led to, once the exchanges are over: the betting (R14.3), or for lives everyone
    showing (R14.4)."""
    if after is None or not before.exchanging or after.exchanging:
        return ""
    if after.match:
        return " The exchanges are over: everyone shows, and the worst hand loses a life (R14.4)."
    return f" The exchanges are over: the betting begins, {called(after.acting.name)} first, blind play off (R14.3)."


def _centre(up: tuple[int, ...]) -> str:
    if not up:
        return ""
    from bragref.engine.cards import hand_text

    return f"; face up in the centre now: {hand_text(up)}"


class Exchange(Verb, frozen=True):
    """Exchange one card, or the whole hand, with the centre; the centre's face-up cards after it, if the referee
    gives them (R14.2)."""

    player: str
    count: str
    up: tuple[int, ...] = ()
    verb = "exchange"
    pick_weight = 0.4
    answers = {"x": {}}
    params = (Param("count", "choice", "How many cards: 1, or 3 (the whole hand)", ("1", "3")),
              Param("up", "cards", "The centre's face-up cards after the exchange, which everyone sees",
                    keywords=("up",), option="--up", required=False))
    summary = "Exchange 1 or 3 cards with the centre (bastard)."
    help = ("PLAYER exchanges one card with the centre hand, or all three (R14.2), and may name the centre's face-up "
            "cards after it, as everyone sees them (--up CARDS).")
    examples = ("andy 1", "bill 3 --up 7h")
    unoffered = {"exchange": False}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"{cls.verb} 1 or 3" if table == "page" else f"{cls.verb} 1|3"

    @classmethod
    def offered_moves(cls, hand, player, offer):
        return [cls(player, "1"), cls(player, "3")]

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        """One card or three; now and then the centre's face-up cards with it (R14.2)."""
        from bragref.engine.cards import NATURALS

        up = tuple(rng.sample(range(NATURALS), CENTRE_UP.of(hand.rules))) if rng.random() < 0.3 else ()
        return cls(player, rng.choice(("1", "3")), up)

    def told(self, before, after, called):
        return f"{called(self.player)} exchanged {self._what()} with the centre (R14.2){_centre(self.up)}." + \
            _then(before, after, called)

    def detail(self, money=str):
        return f"{self._what()}{_centre(self.up)}"

    def _what(self) -> str:
        return "one card" if self.count == "1" else "the whole hand"


class Pass(Verb, frozen=True):
    """Keep one's cards this turn, where a pass is allowed (R14.3, R14.4)."""

    player: str
    verb = "pass"
    answers = {"p": {}}
    summary = "Pass: keep one's cards this turn (bastard)."
    help = ("PLAYER keeps their cards this turn: in the second round where there are two, or after a knock where "
            "allowed (R14.3, R14.4).")
    examples = ("chris",)
    unoffered = {"pass": False}

    def told(self, before, after, called):
        return f"{called(self.player)} passed, keeping their cards (R14.3)." + _then(before, after, called)


class Knock(Verb, frozen=True):
    """Keep one's hand for good: every other player has one more turn, then the exchanges end (R14.4)."""

    player: str
    verb = "knock"
    answers = {"k": {}}
    summary = "Knock: the last round of exchanges begins (bastard)."
    help = ("PLAYER knocks, keeping their hand: each other player has one more turn, then the exchanges end (R14.4); "
            "allowed from round knock-from where the exchanges go on until a knock (R14.5).")
    examples = ("dan",)
    unoffered = {"knock": False}

    def told(self, before, after, called):
        if after is None:
            return f"{called(self.player)} knocked."
        return f"{called(self.player)} knocked: everyone else has one more turn (R14.4)." + _then(before, after, called)
