"""Three Card Poker's order of hands (R17.5): straight flush, three of a kind, straight, flush, pair, high card.
Brag's hands with two classes swapped (three of a kind below a straight flush) and A-2-3 the lowest straight: so
brag's order is built with `a23` low, no best threes, and each hand's class moved to its place here."""

from __future__ import annotations

from functools import lru_cache

from bragref.engine.cards import RANKS, rank_of
from bragref.engine.ranking import PLURALS, BragRanking, natural_order

CLASSES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")  # weakest first
BRAG_TO_POKER = (0, 1, 2, 3, 5, 4)  # brag's class index (high card … running flush, prial) to its place here


class PokerRanking(BragRanking):
    """R17.5, with R17.6's qualifying top card for the banker's hand (`qualify`, a rank: Q by default)."""

    classes = CLASSES

    def __init__(self, qualify: str = "Q"):
        super().__init__(threes_high=False, a23="low")
        self.qualify = qualify

    def natural_order(self, a: int, b: int, c: int) -> tuple:
        order = natural_order(a, b, c, False, False)
        return (BRAG_TO_POKER[order[0]], *order[1:])

    def _words(self, order: tuple) -> str:
        """``straight flush, Q-K-A`` · ``three of a kind, kings`` · ``pair of nines, odd card K``."""
        kind = CLASSES[order[0]]
        if kind == "three of a kind":
            return f"three {PLURALS[order[1]]}"
        if kind in ("straight", "straight flush"):
            top = order[1]
            return f"{kind}, {'A-2-3' if top == 1 else '-'.join(RANKS[r] for r in (top - 2, top - 1, top))}"
        if kind == "pair":
            return f"pair of {PLURALS[order[1]]}, odd card {RANKS[order[2]]}"
        return f"{kind}, {'-'.join(RANKS[r] for r in order[1:])}"

    def qualifies(self, judged) -> bool:
        """Whether a banker's hand plays (R17.6): a pair or better, or a high card whose top card is `qualify` or
        higher."""
        if judged.cls != "high card":
            return True
        return max(rank_of(card) for card in judged.kept) >= RANKS.index(self.qualify)

    def class_counts(self) -> list[tuple[str, int]]:
        """Every class's count over the 22,100 hands (R17.5): brag's classes hold the same hands."""
        from bragref.engine.odds import brag_class_counts

        counts = brag_class_counts(frozenset(), 0, 3)
        here = [0] * len(CLASSES)
        for index, count in enumerate(counts):
            here[BRAG_TO_POKER[index]] += count
        return [(name, here[index]) for index, name in reversed(list(enumerate(CLASSES)))]


@lru_cache(maxsize=16)
def poker_ranking(qualify: str) -> PokerRanking:
    """Three Card Poker's order under house rule `qualify`, built once."""
    return PokerRanking(qualify)
