"""Braggers (R12, seeds 002 and 000): the nineteenth-century book game. Three classes only, the braggers A♦ J♣ 9♦
wild with naturals, ties to the eldest; its betting is Hoyle's (R11)."""

from __future__ import annotations

from bragref.engine.rules import NATURAL_PAIR
from bragref.games.base import Option
from bragref.games.hoyle import Hoyle
from bragref.games.hoyle.options import HOYLE_OPTIONS

BRAGGERS_OPTIONS = (
    Option("wild", "wild", "The wild cards: braggers (A♦ J♣ 9♦), or another set such as 'Jc'", "R12.2", ranks=True),
    Option("natural_pair", "choice", "A natural pair beats a pair of its rank made with a bragger, or they are equal",
           "R12.2", NATURAL_PAIR, ranks=True),
    Option("threes_high", "bool", "3-3-3 is the best prial", "R12.1", ranks=True),
)


class Braggers(Hoyle):
    """>>> from bragref.games import find_game
    >>> find_game("braggers").ranking
    'braggers'
    """

    name = "braggers"
    aliases = ("brag with braggers",)
    title = "Braggers"
    rule = "R12"
    ranking = "braggers"
    options = (*HOYLE_OPTIONS, *BRAGGERS_OPTIONS)
    end_rules = {**Hoyle.end_rules, "cards": "R12"}
    presets = {"braggers": {"ante": 0, "ties": "eldest", "wild": "braggers", "threes_high": False}}  # R12.1–R12.3

    def ranking_for(self, rules, turned=None):
        from bragref.games.braggers.ranking import braggers_ranking  # only commands that rank cards load it

        return braggers_ranking(rules.threes_high, rules.a23, rules.wild, rules.cards, rules.natural_pair)
