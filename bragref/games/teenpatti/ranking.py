"""Teen Patti's order of hands (R13.6) and its variants (R13.7), as a `BragRanking` with its own natural order.

The classes are brag's under other names, and in the same order: trail, pure sequence, sequence, colour, pair,
high card. What differs is within them: A-A-A is the best trail; A-K-Q the best sequence, with A-2-3 second
(house rule `a23`: `second`, `high` or `low`); and the variants, which are wild cards (`ak47`; `joker`, the cards
of the turned-up card's rank) or the whole order reversed (`muflis`).
"""

from __future__ import annotations

from functools import lru_cache

from bragref.engine.cards import RANKS, card_text, rank_of
from bragref.engine.errors import BadInput
from bragref.engine.ranking import BIT, PLURALS, BragRanking, natural_order

CLASSES = ("high card", "pair", "colour", "sequence", "pure sequence", "trail")  # weakest first, as brag's
BEST_FIRST = tuple(reversed(CLASSES))
AK47 = frozenset(rank * 4 + suit for rank in (12, 11, 2, 5) for suit in range(4))  # every A, K, 4 and 7
_A23_PLACE = {"second": 23, "high": 25, "low": 1}  # a sequence's value is twice its top rank: 4-3-2 is 4, A-K-Q 24

class TeenPattiRanking(BragRanking):
    """R13.6 under `a23`, and R13.7's `variant`; with `joker`, `turned` is the card turned up after the deal."""

    classes = CLASSES

    def __init__(self, a23: str = "second", variant: str = "classic", turned: int | None = None):
        if variant == "joker" and turned is None:
            raise BadInput("the joker variant's wild cards are the turned-up card's rank: name it (--joker CARD, "
                           "R13.7)")
        self.threes_high, self.a23, self.variant, self.cards, self.jokers = False, a23, variant, 3, 0
        self.turned = turned if variant == "joker" else None
        if variant == "ak47":
            self.wild = AK47
        elif variant == "joker":
            self.wild = joker_wild(turned)
        else:
            self.wild = frozenset()
        self.wild_spec = ",".join(card_text(c) for c in sorted(self.wild)) or "none"

    def _build(self) -> None:
        super()._build(reverse=self.variant == "muflis")
        if self.turned is not None:  # the turned-up card is in nobody's hand
            self._table = {mask: key for mask, key in self._table.items() if not mask & BIT[self.turned]}

    def natural_order(self, a: int, b: int, c: int) -> tuple:
        order = natural_order(a, b, c, False, True)
        if order[0] in (3, 4):  # a sequence: A-K-Q first, then A-2-3 where `a23` puts it
            order = (order[0], _A23_PLACE[self.a23] if order[1] == 13 else 2 * order[1])
        return order

    def judge(self, cards, discards=()):
        if self.turned is not None and self.turned in (*cards, *discards):
            raise BadInput(f"{card_text(self.turned)} is the card turned up, in nobody's hand (R13.7)")
        return super().judge(cards, discards)

    def _words(self, order: tuple) -> str:
        """``trail of aces`` · ``pure sequence, A-K-Q`` · ``sequence, A-2-3`` · ``pair of nines, odd card K``."""
        kind = CLASSES[order[0]]
        if kind == "trail":
            return f"trail of {PLURALS[order[1]]}"
        if kind in ("sequence", "pure sequence"):
            top = order[1] // 2
            run = "A-2-3" if order[1] in (1, 23, 25) else "-".join(RANKS[r] for r in (top, top - 1, top - 2))
            return f"{kind}, {run}"
        if kind == "pair":
            return f"pair of {PLURALS[order[1]]}, odd card {RANKS[order[2]]}"
        return f"{kind}, {'-'.join(RANKS[r] for r in order[1:])}"

    def class_counts(self) -> list[tuple[str, int]]:
        """Exact counts of every class over every three cards the pack can deal (with `joker`, the 51 left): brag's
        count (`brag_class_counts`), as the classes hold the same hands, and muflis turns only the order around."""
        from bragref.engine.odds import brag_class_counts

        out = frozenset() if self.turned is None else frozenset({self.turned})
        counts = brag_class_counts(self.wild, 0, 3, out=out)
        return [(name, counts[CLASSES.index(name)]) for name in BEST_FIRST]


@lru_cache(maxsize=64)
def teen_patti_ranking(a23: str, variant: str, turned: int | None) -> TeenPattiRanking:
    """The ranking for one rule set and turned-up card, built once."""
    return TeenPattiRanking(a23, variant, turned)


def counts_over_turns() -> list[tuple[str, int]]:
    """The joker variant's counts before the card is turned: over every card that may be turned up, then every
    three of the 51 left. A card's suit changes nothing but which card is out, so each rank is counted once, four
    times over; and where A-2-3 stands (`a23`) orders sequences, not which class a hand is in, so the ranks read
    from the king down make the same sequences as from the two up (A-2-3 … Q-K-A): a rank and its mirror (2 and K,
    3 and Q, … 7 and 8) are counted once, twice over, the ace alone. The classes are brag's, so brag's counting
    serves (`brag_class_counts`, every hand counted exactly, none listed)."""
    from bragref.engine.odds import brag_class_counts

    totals = [0] * len(CLASSES)
    for rank, mirrored in ((12, 1), *((rank, 2) for rank in range(6))):  # 2 … 7, each for itself and K … 8
        turned = rank * 4
        for cls, count in enumerate(brag_class_counts(joker_wild(turned), 0, 3, out=frozenset({turned}))):
            totals[cls] += 4 * mirrored * count
    return [(name, totals[CLASSES.index(name)]) for name in BEST_FIRST]


def joker_wild(turned: int) -> frozenset[int]:
    """The joker variant's wild cards: the other three of the turned-up card's rank (R13.7)."""
    return frozenset(rank_of(turned) * 4 + suit for suit in range(4)) - {turned}
