"""The engine's front door: deal a hand, ask what is legal, apply an action."""

from __future__ import annotations

from collections.abc import Iterable

from bragref.engine.actions import Action
from bragref.engine.brag import BragBetting
from bragref.engine.errors import Refused
from bragref.engine.state import Hand, Legal, deal

STRUCTURES = {"brag": BragBetting()}

__all__ = ["apply", "deal", "legal", "replay"]


def legal(hand: Hand) -> Legal:
    return STRUCTURES[hand.rules.betting].legal(hand)


def apply(hand: Hand, action: Action) -> Hand:
    """The next state, or `Refused` naming the rule and carrying what is legal instead.

    Structures raise plain `Refused`; the legal moves are attached here, once, for every refusal.
    """
    try:
        return STRUCTURES[hand.rules.betting].apply(hand, action)
    except Refused as refused:
        if refused.legal is None:
            refused.legal, refused.rules = legal(hand), hand.rules
        raise


def replay(hand: Hand, actions: Iterable[Action]) -> Hand:
    structure = STRUCTURES[hand.rules.betting]
    for action in actions:
        hand = structure.apply(hand, action)
    return hand
