"""Three Card Brag's order of hands (R8) under one set of house rules.

A hand's strength is one integer: higher is better, equal is equal. For three
cards it is a lookup in a table built once per rule set, on first use, so a
command that ranks no cards pays nothing (this module is imported only by
commands that do). A three-card key is ``base * 4 + (3 - wild cards)``: the
natural hand's place in the order, then fewer wild cards first (R8.7). In
four- and five-card brag the key goes on with the discards, highest first
(R8.6).

Another game's order (braggers', Teen Patti's) is a class with the same methods in
that game's package, not a branch here; which a hand is judged by, its game says
(`Game.ranking_for`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement
from typing import Any, Protocol

import bragref.structs as structs

from bragref.engine.cards import (NATURALS, RANKS, card_said, card_text, is_joker, rank_of, shown_twice, suit_of,
                                  twice_in, wild_cards)
from bragref.engine.errors import BadInput

CLASSES = ("high card", "pair", "flush", "run", "running flush", "prial")  # weakest first: a class's index is its strength
BEST_FIRST = tuple(reversed(CLASSES))
PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")
DISCARD_BASE = 14  # a discard's value is its rank + 1, a joker counting as an ace
BIT = tuple(1 << i for i in range(NATURALS + 16))


class Judged(structs.Struct, frozen=True, gc=False):
    """A player's cards as the rules see them: the three kept, the rest discarded, and the strength."""

    key: int  # compare these: higher wins, equal ties (R5.4, R6.5, R8.6)
    key3: int  # the kept three alone
    cls: str  # the kept three's class (R8.1)
    kept: tuple[int, ...]
    discards: tuple[int, ...]
    prial: bool = False  # three of a rank, whatever its game calls it (a trail, R13.6): won with, a shuffle (R9.2)


def natural_order(a: int, b: int, c: int, threes_high: bool, a23_high: bool) -> tuple[int, ...]:
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


class Ranking(Protocol):
    """What an order of hands answers (`Game.ranking_for`): brag's (`BragRanking`), or a game's own."""

    def judge(self, cards: tuple[int, ...], discards: tuple[int, ...] = ()) -> Judged: ...

    def place(self, key3: int) -> int: ...

    def wild_in(self, judged: Judged) -> int: ...

    def describe(self, judged: Judged) -> str: ...

    def suit_key(self, judged: Judged) -> tuple[int, ...]: ...

    def class_counts(self) -> list[tuple[str, int]]: ...


TABLES = frozenset({"pack", "orders", "_table", "_place", "distinct"})  # what `BragRanking._build` makes


class _Built:
    """One of an order's tables (`TABLES`), built with the rest the first time one is asked for: counting the
    classes (`class_counts`, a first `odds`) needs none of them, and building them was a third of its time. Built,
    each is the ranking's own attribute, read as any other is (where a class has `__getattr__`, every attribute of
    it is read through a slower path, the tables' and the methods' alike: a show reads a dozen)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, ranking: Any, owner: type | None = None) -> Any:
        if ranking is None:
            return self
        ranking._build()
        return ranking.__dict__[self.name]


def _of_every_three(of_kind: dict[tuple[int, int, int, bool], int]) -> dict[int, int]:
    """What `of_kind` says of each kind of three natural cards (their ranks, lowest first, and whether they share a
    suit), for every three of the pack's 22,100, by the three's bits (`BIT`; a card is its rank * 4 + its suit): as
    `{BIT[a] | BIT[b] | BIT[c]: of_kind[a >> 2, b >> 2, c >> 2, (a & 3) == (b & 3) == (c & 3)] for a, b, c in
    combinations(range(NATURALS), 3)}` says it, made without a line of Python a three. For each two lower cards,
    what each third card higher than both makes is listed by the third card (its rank's, or its rank's flush where
    the three share a suit), and the threes put in the table a pair at a time."""
    ranks, get = NATURALS // 4, of_kind.get
    table: dict[int, int] = {}
    for low in range(ranks):
        for middle in range(low, ranks):  # a third card's rank below `middle` is never listed: None
            kinds: list[Any] = [get((low, middle, high, False)) for high in range(ranks)]
            by_third = list(chain.from_iterable(zip(kinds, kinds, kinds, kinds, strict=True)))  # a card its rank's
            flushes = [get((low, middle, high, True)) for high in range(ranks)] if low < middle else None
            for a in range(low * 4, low * 4 + 4):
                for b in range(max(middle * 4, a + 1), middle * 4 + 4):
                    thirds = by_third
                    if flushes is not None and (a & 3) == (b & 3):  # a third of their suit makes a flush
                        thirds = by_third.copy()
                        thirds[b & 3::4] = flushes
                    table.update(zip(map((BIT[a] | BIT[b]).__or__, BIT[b + 1:NATURALS]), thirds[b + 1:], strict=True))
    return table


class BragRanking:
    """R8 under the house rules `threes_high`, `a23`, `wild` and `cards`."""

    classes = CLASSES  # the class names, weakest first, as `natural_order` numbers them

    def __init__(self, threes_high: bool = True, a23: str = "high", wild: str = "none", cards: int = 3):
        self.threes_high, self.a23, self.wild_spec, self.cards = threes_high, a23, wild, cards
        self.wild, self.jokers = wild_cards(wild)

    def natural_order(self, a: int, b: int, c: int) -> tuple[int, ...]:
        """Where three natural cards stand: (class, then what breaks ties within it); higher is better. A game's own
        order reads, as this one does, only the cards' ranks and whether they share a suit (`_build` asks once for
        each such kind of three)."""
        return natural_order(a, b, c, self.threes_high, self.a23 == "high")

    def _build(self, reverse: bool = False) -> None:
        """The key of every three cards of the pack; `reverse` turns the natural order upside down (a lowball
        game's). The order is asked for once for each kind of three natural cards (their ranks, and whether they
        share a suit: 741 kinds), not for each of the 22,100 threes: a quarter of the time, which the first
        command to judge cards pays."""
        self.pack = NATURALS + self.jokers
        kinds = {}
        for r1, r2, r3 in combinations_with_replacement(range(NATURALS // 4), 3):
            for flush in (False, True) if r1 < r2 < r3 else (False,):
                suits = (0, 0, 0) if flush else (0, 1, 2)  # three cards of the kind, distinct where ranks are equal
                kinds[r1, r2, r3, flush] = self.natural_order(r1 * 4 + suits[0], r2 * 4 + suits[1], r3 * 4 + suits[2])
        self.orders = sorted(set(kinds.values()), reverse=reverse)
        base = {order: i for i, order in enumerate(self.orders)}
        of_kind = {kind: base[order] for kind, order in kinds.items()}
        if self.wild:
            self._table = self._with_wild(_of_every_three(of_kind))
        else:  # every three natural: each its order's place * 4 + 3 (three natural cards, `wild_in`)
            self._table = _of_every_three({kind: place * 4 + 3 for kind, place in of_kind.items()})
        distinct = sorted(set(self._table.values()), reverse=True)
        self._place = {key: i for i, key in enumerate(distinct, 1)}
        self.distinct = len(distinct)

    def _with_wild(self, natural: dict[int, int]) -> dict[int, int]:
        """Every three cards of the pack: a wild card stands for whichever card makes the best hand (R8.7). What the
        natural cards held can make is worked out once for each kind of them, as the order reads only ranks and
        whether the cards share a suit (`natural_order`): two held, once for their ranks and one suit or not; one
        held, once for its rank."""
        wild = sorted(self.wild)
        plain = [c for c in range(self.pack) if c not in self.wild]
        wild_mask = sum(BIT[c] for c in wild)
        table = {mask: key * 4 + 3 for mask, key in natural.items() if not mask & wild_mask}
        best_third: dict[tuple[int, ...], int] = {}
        for a, b in combinations(plain, 2):
            ab = BIT[a] | BIT[b]
            kind = (a >> 2, b >> 2, (a & 3) == (b & 3))
            if kind not in best_third:
                best_third[kind] = max(natural[ab | BIT[c]] for c in range(NATURALS) if c != a and c != b)
            for w in wild:
                table[ab | BIT[w]] = best_third[kind] * 4 + 2
        best_two: dict[int, int] = {}
        for a in plain:
            if a >> 2 not in best_two:
                others = [c for c in range(NATURALS) if c != a]
                best_two[a >> 2] = max(natural[BIT[a] | BIT[c] | BIT[d]] for c, d in combinations(others, 2))
            for v, w in combinations(wild, 2):
                table[BIT[a] | BIT[v] | BIT[w]] = best_two[a >> 2] * 4 + 1
        for u, v, w in combinations(wild, 3):
            table[BIT[u] | BIT[v] | BIT[w]] = (len(self.orders) - 1) * 4
        return table

    # ---- strength --------------------------------------------------------

    def key3(self, a: int, b: int, c: int) -> int:
        """The strength of three distinct cards of the pack: the hot loop of `odds` and the benchmark."""
        return self._table[BIT[a] | BIT[b] | BIT[c]]

    def judge(self, cards: tuple[int, ...], discards: tuple[int, ...] = ()) -> Judged:
        """Judge a shown hand (R8.6): the kept three plus `discards`, or all the cards dealt, the best three kept."""
        if len(cards) + len(discards) != self.cards or (discards and len(cards) != 3):
            raise BadInput(self.count_message(len(cards), len(discards)))
        if max(cards) >= self.pack or min(cards) < 0 or (discards and not 0 <= min(discards) <= max(discards) < self.pack):
            card = next(card for card in (*cards, *discards) if not 0 <= card < self.pack)
            if card < 0:
                raise BadInput(f"{card_said(card)} is not a card of this pack: its cards are 0 (2c) to {self.pack - 1} "
                               f"({card_text(self.pack - 1)}) (R8.9)")
            raise BadInput(f"{card_text(card)} is not in this pack: it holds {self.jokers} jokers (R8.7)")
        if discards and len({*cards, *discards}) < len(cards) + len(discards):
            raise shown_twice(twice_in((*cards, *discards)))  # a discard a kept card again (R8.9)
        try:
            if discards or len(cards) == 3:  # the three kept are the three shown
                return self._judged(cards, discards)
            return max((self._judged(kept, tuple(c for c in cards if c not in kept)) for kept in combinations(cards, 3)),
                       key=lambda judged: judged.key)
        except KeyError:  # three cards the table has no hand of: a card twice, no hand a pack deals (R8.9)
            if len(set(cards)) == len(cards):
                raise
            raise shown_twice(twice_in(cards)) from None

    def _judged(self, kept: tuple[int, ...], discards: tuple[int, ...]) -> Judged:
        a, b, c = kept
        key = key3 = self.key3(a, b, c)  # a call through * costs more
        if discards:
            for value in sorted((DISCARD_BASE - 1 if is_joker(c) else rank_of(c) + 1 for c in discards), reverse=True):
                key = key * DISCARD_BASE + value
        cls = self.class_of(key3)
        return Judged(key, key3, cls, display_order(kept), display_order(discards) if discards else (),
                      cls == self.classes[-1])

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

    def wild_in(self, judged: Judged) -> int:
        """How many wild cards the kept three hold (R8.7): the key's last two bits count the natural cards."""
        return 3 - (judged.key3 & 3)

    def describe(self, judged: Judged) -> str:
        """``prial of threes, the best hand`` · ``run, A-2-3`` · ``pair of nines, odd card K (1 wild card)``."""
        words = self._words(self.orders[judged.key3 >> 2])
        wild = self.wild_in(judged)
        if wild:
            words += f" ({wild} wild card{'s' if wild > 1 else ''})"
        if self.place(judged.key3) == 1:
            words += ", the best hand"
        return words

    def _words(self, order: tuple[int, ...]) -> str:
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


for _name in TABLES:
    setattr(BragRanking, _name, _Built(_name))


def display_order(cards: Iterable[int]) -> tuple[int, ...]:
    """Highest card first; jokers last."""
    ordered = sorted(cards, reverse=True)  # the jokers, numbered after every natural card, first
    if not ordered or ordered[0] < NATURALS:
        return tuple(ordered)
    jokers = sum(1 for card in ordered if is_joker(card))
    return (*ordered[jokers:], *ordered[:jokers])


@lru_cache(maxsize=16)
def brag_ranking(threes_high: bool, a23: str, wild: str, cards: int) -> BragRanking:
    """Brag's order under these house rules, built once per rule set (R8): the ranking of brag, Hoyle's and
    Bastard Brag; a game with another order declares its own (`Game.ranking_for`)."""
    return BragRanking(threes_high, a23, wild, cards)
