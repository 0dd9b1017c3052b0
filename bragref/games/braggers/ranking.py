"""Braggers' order of hands (R12): prial > pair > high card, the braggers wild with naturals; the class is
Brag's (`engine.ranking.BragRanking`) with its own table, built once per rule set."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from math import comb, prod

from bragref.engine.cards import NATURALS, RANKS, is_joker, rank_of, wild_cards
from bragref.engine.ranking import BIT, PLURALS, BragRanking

BRAGGERS_CLASSES = ("high card", "pair", "prial")  # R12.1: three classes only, weakest first
JOKER_OWN = -1  # a joker's own rank: none, so whatever it stands for it is used as another rank (R8.7)


class BraggersRanking(BragRanking):
    """R12: prial > pair > high card, no runs or flushes; wild cards (the braggers A♦ J♣ 9♦ by default) stand for
    any rank, and one standing for its own rank is natural (R12.2). Among hands of one class and ranks, fewer wild
    cards win (R8.7); under `natural_pair` `beats` a natural pair beats a pair of its rank made with a wild card,
    whatever the odd cards. Suits never matter: there are no flushes."""

    classes = BRAGGERS_CLASSES

    def __init__(self, threes_high: bool = False, a23: str = "high", wild: str = "braggers", cards: int = 3,
                 natural_pair: str = "beats"):
        self.threes_high, self.a23, self.wild_spec, self.cards = threes_high, a23, wild, cards
        self.natural_pair = natural_pair
        self.wild, self.jokers = wild_cards(wild)
        self._held: dict[tuple, tuple[tuple, int]] = {}  # the natural ranks and wild cards three hold -> `_best`

    def _build(self) -> None:
        """Suits never matter: a card is its kind (`_kind`), and each way of holding three kinds is judged once. A
        kind's code is a power of 4, so three cards' codes add up to one number for each way, which the table of
        every three is first made of (a quarter of the time of judging each three's kinds in turn)."""
        self.pack = NATURALS + self.jokers
        kinds = [self._kind(card) for card in range(self.pack)]
        digit = {kind: 4**i for i, kind in enumerate(sorted(set(kinds)))}
        code = [digit[kind] for kind in kinds]
        held = {BIT[a] | BIT[b] | BIT[c]: code[a] + code[b] + code[c] for a, b, c in combinations(range(self.pack), 3)}
        dealt = set(held.values())
        best = {}
        for three in combinations_with_replacement(sorted(digit), 3):
            way = digit[three[0]] + digit[three[1]] + digit[three[2]]
            if way in dealt:  # a way the pack deals: not three of a kind it holds one or two of
                best[way] = self._best_held(three)
        self.orders = sorted({order for order, _ in best.values()})
        base = {order: i for i, order in enumerate(self.orders)}
        key = {way: base[order] * 4 + 3 - wild_used for way, (order, wild_used) in best.items()}
        self._table = {mask: key[way] for mask, way in held.items()}
        distinct = sorted(set(self._table.values()), reverse=True)
        self._place = {key: i for i, key in enumerate(distinct, 1)}
        self.distinct = len(distinct)

    def _kind(self, card: int) -> tuple[bool, int]:
        """What of a card matters here (R12.1, R12.2): whether it is wild, and its rank (a joker's own, none)."""
        if card in self.wild:
            return True, JOKER_OWN if is_joker(card) else rank_of(card)
        return False, rank_of(card)

    def _best_held(self, kinds: tuple[tuple[bool, int], ...]) -> tuple[tuple, int]:
        """`_best` of three cards' kinds (`_kind`), judged once for each way of holding them."""
        held = (tuple(sorted(rank for wild, rank in kinds if not wild)),
                tuple(sorted(rank for wild, rank in kinds if wild)))
        found = self._held.get(held)
        if found is None:
            found = self._held[held] = self._best(*held)
        return found

    def _best(self, plain: tuple[int, ...], wild: tuple[int, ...]) -> tuple[tuple, int]:
        """The best (order, wild cards used as another rank) three cards can make (R12.1, R12.2): the ranks of the
        natural ones, and of the wild ones their own (`JOKER_OWN` for a joker, which has none).

        A wild card is tried as each rank that could make the best hand, not all thirteen: the ranks held naturally
        (a pair or prial with them), the ace (the highest card, or a prial of wild cards) and, with `threes_high`,
        the three. Any other rank makes a lower hand than one of these: a prial of it loses to aces, a pair of it is
        two wild cards that make a prial with the third card, an odd card of it loses to an ace. Where a wild card
        is tried as its own rank it counts as natural (R12.2)."""
        ranks_worth_trying = sorted({*plain, 12} | ({1} if self.threes_high else set()))
        naturals = [(rank, False) for rank in plain]
        options = []
        for ranks in product(ranks_worth_trying, repeat=len(wild)):
            used = [(rank, rank != own) for rank, own in zip(ranks, wild, strict=False)]
            order = self._order(naturals + used)
            options.append((order, -sum(flag for _, flag in used)))
        order, minus_used = max(options)
        return order, -minus_used

    def _order(self, held: list[tuple[int, bool]]) -> tuple:
        """(class, what breaks ties) for three (rank, stands in for another rank) cards."""
        ranks = sorted((rank for rank, _ in held), reverse=True)
        r1, r2, r3 = ranks
        if r1 == r3:
            return (2, 13 if self.threes_high and r1 == 1 else r1)
        if r1 == r2 or r2 == r3:
            pair, odd = r2, (r3 if r1 == r2 else r1)
            if self.natural_pair == "beats":
                natural = not any(flag for rank, flag in held if rank == pair)
                return (1, pair, int(natural), odd)
            return (1, pair, odd)
        return (0, r1, r2, r3)

    def _words(self, order: tuple) -> str:
        """``prial of aces`` · ``pair of kings (natural), odd card 9`` · ``high card, A-J-7``."""
        kind = BRAGGERS_CLASSES[order[0]]
        if kind == "prial":
            words = f"prial of {PLURALS[1 if order[1] == 13 else order[1]]}"
        elif kind == "pair":
            natural = " (natural)" if self.natural_pair == "beats" and order[2] else ""
            words = f"pair of {PLURALS[order[1]]}{natural}, odd card {RANKS[order[-1]]}"
        else:
            words = f"{kind}, {'-'.join(RANKS[r] for r in order[1:])}"
        return words

    def class_counts(self) -> list[tuple[str, int]]:
        """Exact counts of every class over all three-card hands of the pack: every way of holding three kinds of
        card (`_kind`) judged once and counted as often as the pack deals it, no table built."""
        kinds = Counter(self._kind(card) for card in range(NATURALS + self.jokers))
        counts = dict.fromkeys(BRAGGERS_CLASSES, 0)
        for three in combinations_with_replacement(sorted(kinds), 3):
            dealt = prod(comb(kinds[kind], times) for kind, times in Counter(three).items())
            counts[BRAGGERS_CLASSES[self._best_held(three)[0][0]]] += dealt
        return [(name, counts[name]) for name in reversed(BRAGGERS_CLASSES)]



@lru_cache(maxsize=16)
def braggers_ranking(threes_high: bool, a23: str, wild: str, cards: int, natural_pair: str) -> BraggersRanking:
    """Braggers' order under these house rules, built once per rule set."""
    return BraggersRanking(threes_high, a23, wild, cards, natural_pair)
