"""Bastard Brag (R14, seed 001): a centre hand the players exchange cards with, then Brag's betting for money with
blind play off (R14.3); exactly two rounds of exchanges, or rounds until someone knocks (R14.5).

The game for lives, "stop the bus" (R14.4), is not built yet."""

from __future__ import annotations

from bragref.engine.errors import Refused
from bragref.engine.rules import AFTER_KNOCK, CENTRE_UP, EXCHANGES
from bragref.games import verbs as act
from bragref.games.base import RANKING_OPTIONS, Game, Option
from bragref.games.bastard import exchange
from bragref.games.bastard.actions import Exchange, Knock, Pass
from bragref.games.brag import Brag
from bragref.games.brag.actions import Cover, See, Showdown
from bragref.games.verbs import Param

UP = Param("up", "cards", "The centre's face-up cards as dealt (bastard, R14.1)", option="--up", required=False)

BASTARD_OPTIONS = (
    Option("exchanges", "choice", "Exactly two rounds of exchanges, or rounds until someone knocks", "R14.5",
           EXCHANGES),
    Option("centre_up", "count", "The centre hand's cards dealt face up", "R14.1", CENTRE_UP),
    Option("knock_from", "number", "The first round of exchanges a knock is allowed in", "R14.4"),
    Option("after_knock", "choice", "After a knock the others must exchange, or may pass", "R14.4", AFTER_KNOCK),
    Option("min_bet", "money", "Smallest first bet [the ante]", "R4.2"),
    Option("max_bet", "money", "Largest first bet", "R4.2"),
    Option("raise_limit", "money", "Most a bet may exceed the stake by", "R4.3"),
    Option("pot_limit", "bool", "A bet may not exceed the pot", "R4.4"),
    *(o for o in RANKING_OPTIONS if o.name in ("threes_high", "a23")),
)


class Bastard(Game):
    """>>> from bragref.games import find_game
    >>> find_game("Bastard Brag").name
    'bastard'
    """

    name = "bastard"
    aliases = ("Bastard Brag", "bastard brag")
    title = "Bastard Brag"
    rule = "R14"
    ranking = "brag"
    players = exchange.PLAYERS
    options = BASTARD_OPTIONS
    actions = (Exchange, Pass, Knock, act.Bet, act.Fold, See, Cover, Showdown, act.Show, act.Concede, act.Award)
    presets = {"money": {"blind": False}}  # R14.3: Brag's betting with blind play off; a see costs double
    deal_params = (UP,)

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return exchange.deal(rules, seats, dealer, purses, _cards((dealt or {}).get("up")))

    def dealt_record(self, hand):
        from bragref.engine.cards import hand_text

        return {"up": hand_text(hand.centre)} if hand.centre else {}

    def dealt_words(self, hand):
        up = self.dealt_record(hand).get("up")
        return f"Face up in the centre: {up} (R14.1)." if up else ""

    def legal(self, hand):
        return exchange.legal(hand) if hand.exchanging else _BRAG.legal(hand)

    def apply(self, hand, action):
        if hand.exchanging:
            return exchange.apply(hand, action)
        if isinstance(action, (Exchange, Pass, Knock)):
            raise Refused("the exchanges are over: bet, see or fold", "R14.2")
        return _BRAG.apply(hand, action)

    def table_keys(self, hand):
        from bragref.engine.cards import card_text

        return {"round": hand.round if hand.exchanging else None, "centre_up": [card_text(c) for c in hand.centre],
                "knocked_by": hand.knocked_by}

    def outcome(self, hand):
        return _BRAG.outcome(hand)


def _cards(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    from bragref.engine.cards import parse_cards

    return parse_cards([text])


_BRAG = Brag()
