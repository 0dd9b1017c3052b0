"""Three Card Brag's order of hands (R8) under one set of house rules.

A hand's strength is one integer: higher is better, equal is equal. For three
cards it is a lookup in a table built once per rule set, on first use, so a
command that ranks no cards pays nothing (this module is imported only by
commands that do). A three-card key is ``base * 4 + (3 - wild cards)``: the
natural hand's place in the order, then fewer wild cards first (R8.7). In
four- and five-card brag the key goes on with the discards, highest first
(R8.6).

`RANKINGS` maps a game's `ranking` to a class, so another game's order (Teen
Patti's, say) is another class with the same methods, not a branch here; which a
hand is judged by, its game says (`bragref.games.ranking_for`).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product
from math import comb, prod

import msgspec

from bragref.engine.cards import NATURALS, RANKS, card_text, is_joker, rank_of, suit_of, wild_cards
from bragref.engine.errors import BadInput

CLASSES = ("high card", "pair", "flush", "run", "running flush", "prial")  # weakest first: a class's index is its strength
BEST_FIRST = tuple(reversed(CLASSES))
PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")
DISCARD_BASE = 14  # a discard's value is its rank + 1, a joker counting as an ace
BIT = tuple(1 << i for i in range(NATURALS + 16))


class Judged(msgspec.Struct, frozen=True):
    """A player's cards as the rules see them: the three kept, the rest discarded, and the strength."""

    key: int  # compare these: higher wins, equal ties (R5.4, R6.5, R8.6)
    key3: int  # the kept three alone
    cls: str  # the kept three's class (R8.1)
    kept: tuple[int, ...]
    discards: tuple[int, ...]
    prial: bool = False  # three of a rank, whatever its game calls it (a trail, R13.6): won with, a shuffle (R9.2)


def natural_order(a: int, b: int, c: int, threes_high: bool, a23_high: bool) -> tuple:
    """Where three natural cards stand (R8.1–R8.4): (class, then what breaks ties within it)."""
    r1, r2, r3 = sorted((a >> 2, b >> 2, c >> 2), reverse=True)
    if r1 == r3:
        return (5, 13 if threes_high and r1 == 1 else r1)  # R8.2
    if r1 == r2 or r2 == r3:
        return (1, r2, r3 if r1 == r2 else r1)  # the pair, then the odd card
    flush = (a & 3) == (b & 3) == (c & 3)
    if r1 - r3 == 2:
        sequence = r1  # 4-3-2 is 2 … A-K-Q is 12
    elif (r1, r2, r3) == (12, 1, 0):
        sequence = 13 if a23_high else 1  # R8.3: A-2-3 above A-K-Q, or below 4-3-2
    else:
        return (2 if flush else 0, r1, r2, r3)
    return (4 if flush else 3, sequence)


TABLES = frozenset({"pack", "orders", "_table", "_place", "distinct"})  # what `BragRanking._build` makes


class BragRanking:
    """R8 under the house rules `threes_high`, `a23`, `wild` and `cards`."""

    classes = CLASSES  # the class names, weakest first, as `natural_order` numbers them

    def __init__(self, threes_high: bool = True, a23: str = "high", wild: str = "none", cards: int = 3):
        self.threes_high, self.a23, self.wild_spec, self.cards = threes_high, a23, wild, cards
        self.wild, self.jokers = wild_cards(wild)

    def __getattr__(self, name: str):
        """The order's tables (`TABLES`), built the first time one is asked for: counting the classes
        (`class_counts`, a first `odds`) needs none of them, and building them was a third of its time."""
        if name not in TABLES:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self._build()
        return self.__dict__[name]

    def natural_order(self, a: int, b: int, c: int) -> tuple:
        """Where three natural cards stand: (class, then what breaks ties within it); higher is better."""
        return natural_order(a, b, c, self.threes_high, self.a23 == "high")

    def _build(self, reverse: bool = False) -> None:
        """The key of every three cards of the pack; `reverse` turns the natural order upside down (a lowball
        game's)."""
        self.pack = NATURALS + self.jokers
        orders = {}
        for a, b, c in combinations(range(NATURALS), 3):
            orders[BIT[a] | BIT[b] | BIT[c]] = self.natural_order(a, b, c)
        self.orders = sorted(set(orders.values()), reverse=reverse)
        base = {order: i for i, order in enumerate(self.orders)}
        natural = {mask: base[order] for mask, order in orders.items()}
        self._table = self._with_wild(natural) if self.wild else {m: b * 4 + 3 for m, b in natural.items()}
        distinct = sorted(set(self._table.values()), reverse=True)
        self._place = {key: i for i, key in enumerate(distinct, 1)}
        self.distinct = len(distinct)

    def _with_wild(self, natural: dict[int, int]) -> dict[int, int]:
        """Every three cards of the pack: a wild card stands for whichever card makes the best hand (R8.7)."""
        naturals = [c for c in range(NATURALS) if c not in self.wild]
        best_with_one = {}
        for a, b in combinations(naturals, 2):
            ab = BIT[a] | BIT[b]
            best_with_one[ab] = max(natural[ab | BIT[c]] for c in range(NATURALS) if c != a and c != b)
        best_with_two = {}
        for a in naturals:
            others = [c for c in range(NATURALS) if c != a]
            best_with_two[a] = max(natural[BIT[a] | BIT[c] | BIT[d]] for c, d in combinations(others, 2))
        best_with_three = len(self.orders) - 1
        table = {}
        for cards in combinations(range(self.pack), 3):
            plain = [c for c in cards if c not in self.wild]
            mask = BIT[cards[0]] | BIT[cards[1]] | BIT[cards[2]]
            if len(plain) == 3:
                table[mask] = natural[mask] * 4 + 3
            elif len(plain) == 2:
                table[mask] = best_with_one[BIT[plain[0]] | BIT[plain[1]]] * 4 + 2
            elif len(plain) == 1:
                table[mask] = best_with_two[plain[0]] * 4 + 1
            else:
                table[mask] = best_with_three * 4
        return table

    # ---- strength --------------------------------------------------------

    def key3(self, a: int, b: int, c: int) -> int:
        """The strength of three distinct cards of the pack: the hot loop of `odds` and the benchmark."""
        return self._table[BIT[a] | BIT[b] | BIT[c]]

    def judge(self, cards: tuple[int, ...], discards: tuple[int, ...] = ()) -> Judged:
        """Judge a shown hand (R8.6): the kept three plus `discards`, or all the cards dealt, the best three kept."""
        if len(cards) + len(discards) != self.cards or (discards and len(cards) != 3):
            raise BadInput(self.count_message(len(cards), len(discards)))
        for card in (*cards, *discards):
            if card >= self.pack:
                raise BadInput(f"{card_text(card)} is not in this pack: it holds {self.jokers} jokers (R8.7)")
        if discards:
            return self._judged(cards, discards)
        return max((self._judged(kept, tuple(c for c in cards if c not in kept)) for kept in combinations(cards, 3)),
                   key=lambda judged: judged.key)

    def _judged(self, kept: tuple[int, ...], discards: tuple[int, ...]) -> Judged:
        key3 = self.key3(*kept)
        values = sorted((DISCARD_BASE - 1 if is_joker(c) else rank_of(c) + 1 for c in discards), reverse=True)
        key = key3
        for value in values:
            key = key * DISCARD_BASE + value
        cls = self.class_of(key3)
        return Judged(key, key3, cls, display_order(kept), display_order(discards), cls == self.classes[-1])

    def count_message(self, kept: int, discards: int) -> str:
        if self.cards == 3:
            return f"a hand is three cards, not {kept + discards}" + (" (no discards in three-card brag)" if discards else "")
        return (f"in {self.cards}-card brag show all {self.cards} cards, or the three kept and "
                f"{self.cards - 3} --discard (R8.6); got {kept} and {discards}")

    # ---- words -----------------------------------------------------------

    def class_of(self, key3: int) -> str:
        return self.classes[self.orders[key3 >> 2][0]]

    def place(self, key3: int) -> int:
        """1 for the best hand there is, counting equal hands once."""
        return self._place[key3]

    def describe(self, judged: Judged) -> str:
        """``prial of threes, the best hand`` · ``run, A-2-3`` · ``pair of nines, odd card K (1 wild card)``."""
        words = self._words(self.orders[judged.key3 >> 2])
        wild = 3 - (judged.key3 & 3)
        if wild:
            words += f" ({wild} wild card{'s' if wild > 1 else ''})"
        if self.place(judged.key3) == 1:
            words += ", the best hand"
        return words

    def _words(self, order: tuple) -> str:
        """A natural order in words: ``prial of threes`` · ``run, A-2-3`` · ``pair of nines, odd card K``."""
        kind = CLASSES[order[0]]
        if kind == "prial":
            words = f"prial of {PLURALS[1 if order[1] == 13 else order[1]]}"
        elif kind in ("run", "running flush"):
            top = order[1]
            words = f"{kind}, {'A-2-3' if top in (1, 13) else '-'.join(RANKS[r] for r in (top, top - 1, top - 2))}"
        elif kind == "pair":
            words = f"pair of {PLURALS[order[1]]}, odd card {RANKS[order[2]]}"
        else:
            words = f"{kind}, {'-'.join(RANKS[r] for r in order[1:])}"
        return words

    def suit_key(self, judged: Judged) -> tuple[int, ...]:
        """R8.8's tiebreak where a total order is needed: the suits of the highest cards, ♠ > ♥ > ♦ > ♣."""
        return tuple(-1 if is_joker(c) else suit_of(c) for c in judged.kept)

    def class_counts(self) -> list[tuple[str, int]]:
        """Exact counts of every class over all hands of the pack, best three kept (R8.5)."""
        from bragref.engine.odds import brag_class_counts

        counts = brag_class_counts(self.wild, self.jokers, self.cards)
        return [(name, counts[CLASSES.index(name)]) for name in BEST_FIRST]


def display_order(cards) -> tuple[int, ...]:
    """Highest card first; jokers last."""
    return tuple(sorted(cards, key=lambda c: (is_joker(c), -c)))


RANKINGS = {"brag": BragRanking}


@lru_cache(maxsize=16)
def ranking_named(name: str, threes_high: bool, a23: str, wild: str, cards: int, natural_pair: str):
    """Ranking `name` (`RANKINGS`) under these house rules, built once per rule set; a game names its ranking."""
    ranking = RANKINGS[name]
    if name == "brag":
        return ranking(threes_high, a23, wild, cards)
    return ranking(threes_high, a23, wild, cards, natural_pair)



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
        self.pack = NATURALS + self.jokers
        best = {}  # suits never matter: three cards are judged once for their ranks and which are wild
        for cards3 in combinations(range(self.pack), 3):
            best[BIT[cards3[0]] | BIT[cards3[1]] | BIT[cards3[2]]] = self._best_held(tuple(map(self._kind, cards3)))
        self.orders = sorted({order for order, _ in best.values()})
        base = {order: i for i, order in enumerate(self.orders)}
        self._table = {mask: base[order] * 4 + 3 - wild_used for mask, (order, wild_used) in best.items()}
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
            used = [(rank, rank != own) for rank, own in zip(ranks, wild)]
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


RANKINGS["braggers"] = BraggersRanking
