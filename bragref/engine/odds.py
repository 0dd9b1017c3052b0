"""Exact class counts for Brag hands of 3, 4 or 5 cards, best three kept, under any wild cards.

Every hand of the pack is counted once, exactly; none is sampled. Hands are
not listed one by one (there are 2,598,960 five-card hands): they are built
rank by rank, 2 up to A, and hands that agree on everything the best class
depends on are counted together. What that is, for a hand holding `w` wild
cards and its natural cards:

- prial: a rank held ``3 - w`` times (so any hand with two wild cards);
- running flush: a suit held in ``3 - w`` ranks of one sequence (R8.3: 2-3-4 … Q-K-A, and A-2-3);
- run: ``3 - w`` ranks of one sequence held;
- flush: a suit held ``3 - w`` times;
- pair: a rank held ``2 - w`` times; else high card.

A wild card stands for any card, so which wild cards a hand holds does not
change its class, only how many: the count for ``w`` wild cards is the count
over the natural cards times the ways to pick ``w`` of the pack's wild cards.

Suits are interchangeable wherever the ranks still to come let them be: a
state and the same state with its suits relabelled (hearts for spades, say)
have the same future, so they are counted as one. With every suit of each rank
natural (no wild cards, jokers, deuces) that is any relabelling from the start,
and the five-card count takes a tenth of the time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from math import comb

from bragref.engine.cards import NATURALS

HIGH, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
NO_SUITS = (0, 0, 0, 0)


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _alike(available: list[int]) -> tuple[tuple[int, ...], ...]:
    """The suits that may trade places in the ranks whose natural suits are `available` (their masks): those
    natural in the same ones."""
    groups: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for suit in range(4):
        groups[tuple(mask >> suit & 1 for mask in available)].append(suit)
    return tuple(tuple(group) for group in groups.values())


def _relabelling(groups: tuple[tuple[int, ...], ...]):
    """A function giving one state for all the states that differ only by a relabelling of suits within `groups`
    (`_alike`): within each group the suits are put in order of what the state holds of them (count, then whether
    held in the last two ranks and the aces). Remembered."""
    if len(groups) == 4:  # no two suits alike: nothing to relabel
        return lambda *state: state
    seen: dict[tuple, tuple] = {}

    def canonical(suits: tuple[int, ...], before: int, last: int, aces: int) -> tuple:
        state = (suits, before, last, aces)
        known = seen.get(state)
        if known is None:
            held = [(0, 0, 0, 0)] * 4
            for group in groups:
                ordered = sorted((suits[s], before >> s & 1, last >> s & 1, aces >> s & 1) for s in group)
                for suit, what in zip(group, ordered):
                    held[suit] = what
            known = seen[state] = (tuple(what[0] for what in held),
                                   *(sum(what[part] << suit for suit, what in enumerate(held)) for part in (1, 2, 3)))
        return known

    return canonical


def _suits_added(need: int) -> Callable[[tuple[int, ...], int], tuple[int, ...]]:
    """A function giving the cards held of each suit (counted up to `need`, a flush) after a rank whose suits
    `held` (a mask) are taken. Remembered."""
    seen: dict[tuple, tuple[int, ...]] = {}

    def added(suits: tuple[int, ...], held: int) -> tuple[int, ...]:
        known = seen.get((suits, held))
        if known is None:
            known = seen[suits, held] = tuple(min(need, n + (held >> s & 1)) for s, n in enumerate(suits))
        return known

    return added


def _natural_counts(available: list[int], size: int, wild: int) -> list[int]:
    """Per class, how many `size`-card sets of natural cards make it with `wild` wild cards (0 or 1).

    `available[r]` is the mask of suits of rank r (2 … A) that are natural cards. Ranks are taken
    in `ranks_in_turn` order, so every sequence but the one through the ace at the far end ends at
    the rank being taken; the aces' suits are kept for that one. A state is (cards taken, suit
    counts, suits of the last two ranks, suits of the aces, best class so far), its suits relabelled
    as far as the ranks still to come allow.
    """
    need = 3 - wild
    order = ranks_in_turn(available)
    states: dict[tuple, int] = {(0, NO_SUITS, 0, 0, 0, HIGH): 1}
    relabellings: dict[tuple, Callable] = {}
    added = _suits_added(need)
    for step, rank in enumerate(order):
        groups = _alike([available[later] for later in order[step + 1:]])  # as the ranks still to come allow
        if groups not in relabellings:
            relabellings[groups] = _relabelling(groups)
        canonical = relabellings[groups]
        subsets = [(s, _popcount(s)) for s in range(16) if s & available[rank] == s]
        following: dict[tuple, int] = defaultdict(int)
        for (taken, suits, before, last, aces, best), ways in states.items():
            for held, count in subsets:
                if taken + count > size:
                    continue
                new_best = best
                if count + wild >= 3:
                    new_best = PRIAL
                elif new_best < PAIR and count + wild >= 2:
                    new_best = PAIR
                windows = [(before, last, held)] if step >= 2 else []  # A-2-3 (or A-K-Q) first, then on
                if step == len(order) - 1:
                    windows.append((last, held, aces))  # Q-K-A, or 3-2-A (R8.3)
                for a, b, c in windows:
                    if new_best < RUNNING_FLUSH and ((a & b & c) if need == 3 else ((a & b) | (a & c) | (b & c))):
                        new_best = RUNNING_FLUSH
                    elif new_best < RUN and (bool(a) + bool(b) + bool(c)) >= need:
                        new_best = RUN
                if new_best >= RUNNING_FLUSH:
                    key = (taken + count, NO_SUITS, 0, 0, 0, new_best)  # only a prial could still beat it
                else:
                    new_suits = NO_SUITS if new_best >= RUN else added(suits, held)  # a flush no longer counts
                    key = (taken + count, *canonical(new_suits, last, held, held if rank == 12 else aces), new_best)
                following[key] += ways
        states = following
    counts = [0] * 6
    for (taken, suits, *_, best), ways in states.items():
        if taken != size:
            continue
        if best < FLUSH and max(suits) >= need:
            best = FLUSH
        counts[best] += ways
    return counts


def ranks_in_turn(available: list[int]) -> list[int]:
    """The order ranks are counted in: the ace, then up from the two or down from the king, whichever leaves
    behind sooner the ranks whose suits are not all alike (a wild natural card, a card out): after them every
    suit is interchangeable, and the count shrinks (one-eyed jacks: the jacks fourth, not eleventh)."""
    up, down = [12, *range(12)], [12, *range(11, -1, -1)]

    def last_odd(order: list[int]) -> int:
        return max((step for step, rank in enumerate(order) if available[rank] not in (0, 0b1111)), default=0)

    return min(up, down, key=last_odd)


def brag_class_counts(wild: frozenset[int], jokers: int, cards: int, out: frozenset[int] = frozenset()) -> list[int]:
    """Per class (high card … prial), the number of `cards`-card hands from the pack whose best three make it;
    `out`: natural cards taken out of the pack (Teen Patti's card turned up, R13.7)."""
    available = [sum(1 << s for s in range(4) if rank * 4 + s not in wild | out) for rank in range(13)]
    naturals = sum(_popcount(mask) for mask in available)
    wild_count = len(wild)
    total = [0] * 6
    for w in range(min(cards, wild_count) + 1):
        ways = comb(wild_count, w)
        size = cards - w
        if w >= 2:
            total[PRIAL] += ways * comb(naturals, size)
            continue
        for cls, count in enumerate(_natural_counts(available, size, w)):
            total[cls] += ways * count
    assert sum(total) == comb(NATURALS + jokers - len(out), cards)
    return total
