"""The front door to play: deal a hand, ask what is legal, apply an action, each by the game the hand is played
under (R10.1). The engine below knows no game; this is where a hand's rules find theirs."""

from __future__ import annotations

from collections.abc import Iterable

from bragref.engine.errors import Refused
from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal
from bragref.games import GAMES

__all__ = ["apply", "deal", "legal", "outcome", "replay"]


def _game(rules: Rules):
    return GAMES[rules.game]


def deal(rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
         purses: dict[str, int] | None = None) -> Hand:
    return _game(rules).deal(rules, seats, dealer, carried_in, retained_by, purses)


def legal(hand: Hand) -> Legal:
    return _game(hand.rules).legal(hand)


def apply(hand: Hand, action) -> Hand:
    """The next state, or `Refused` naming the rule and carrying what is legal instead.

    Games raise plain `Refused`; the legal moves are attached here, once, for every refusal.
    """
    game = _game(hand.rules)
    try:
        return game.apply(hand, action)
    except Refused as refused:
        if refused.legal is None:
            refused.legal, refused.rules = game.legal(hand), hand.rules
        raise


def replay(hand: Hand, actions: Iterable) -> Hand:
    game = _game(hand.rules)
    for action in actions:
        hand = game.apply(hand, action)
    return hand


def outcome(hand: Hand) -> list[tuple[str | None, str, int]]:
    """Where a settled hand's money went: postings that sum to zero (R1.2)."""
    return _game(hand.rules).outcome(hand)
