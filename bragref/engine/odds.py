"""Exact class counts for Brag hands of 3, 4 or 5 cards, best three kept, under any wild cards.

Every hand of the pack is counted once, exactly; none is sampled, and none is listed (there are
2,598,960 five-card hands). A hand holding two wild cards is a prial whatever else it holds. Which
wild cards a hand holds does not change its class, only how many (`w`): the count for `w` is the
count over the natural cards times the ways to pick `w` of the pack's wild cards. With 0 or 1, a
class needs ``need = 3 - w`` natural cards:

- prial (P): a rank held ``need`` times;
- running flush (RF): a suit held in ``need`` ranks of one sequence (R8.3: A-2-3, 2-3-4 … Q-K-A);
- run (R): ``need`` ranks of one sequence held;
- flush (F): a suit held ``need`` times;
- pair (PA): a rank held ``need - 1`` times; else high card.

A running flush is both a run and a flush, so each class is a count of hands that the ranks alone
decide, less or plus one about suits:

- prial: P; running flush: RF and not P; run: R and not P, less the running flushes;
- flush: F, not R, not P; pair: PA, not R, not P, less the flushes among them; high card: the rest.

Each count sweeps the ranks, the ace first and then the two up to the king (so that every sequence
but Q-K-A ends at the rank being taken, and that one at the king, the ace kept), holding only what
the ranks still to come can use (`_sweep`). "Some suit" makes a flush or a running flush is counted
a suit at a time, by inclusion and exclusion: one suit, less two suits at once (five cards hold at
most one flush of three; four cards may hold two of two). How many hands a sweep finds depends on
which suits it follows only through which ranks hold them, so suits alike are counted once. Wild
cards scattered over ranks and suits add no state to any sweep: they cost only the sweeps that
suits alike would have shared.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from math import comb
from typing import Any

from bragref.engine.cards import NATURALS

HIGH, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = range(6)
_State = tuple[Any, ...]  # a sweep's state: what its count follows (flags, masks, counts), by position
ORDER = (12, *range(12))  # the ace, then 2 … K
ACE, TWO, ON, KING = range(4)  # where a rank comes in `ORDER`: all that taking it depends on
PHASES = (ACE, TWO, *(ON,) * 10, KING)


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
        for cls, count in enumerate(_natural_counts(available, size, 3 - w)):
            total[cls] += ways * count
    assert sum(total) == comb(NATURALS + jokers - len(out), cards)
    return total


def _natural_counts(available: list[int], size: int, need: int) -> list[int]:
    """Per class, how many `size`-card sets of natural cards make it when a class needs `need` of them.
    `available[r]` is the mask of suits of rank r (2 … A) that are natural cards."""
    ranks = _by_ranks(available, size, need)
    (running_flushes,) = _some_suit(available, size, need, _running_flushes, 1)
    flush_pairs, flush_highs = _some_suit(available, size, need, _flushes, 2)
    counts = [0] * 6
    counts[PRIAL] = ranks[PRIAL]
    counts[RUNNING_FLUSH] = running_flushes
    counts[RUN] = ranks[RUN] - running_flushes
    counts[FLUSH] = flush_pairs + flush_highs
    counts[PAIR] = ranks[PAIR] - flush_pairs
    counts[HIGH] = ranks[HIGH] - flush_highs
    return counts


def _sweep(available: list[int], size: int, limit: int, followed: int, start: _State,
           advance: Callable[[_State, int, int, int], _State | None]) -> dict[_State, int]:
    """How many `size`-card sets of natural cards, none holding more than `limit` of a rank, end in each state.

    Ranks are taken in `ORDER`; a rank's cards are held as the suits of `followed` (a mask) held, and how many
    cards in all. `advance(state, held, count, phase)` gives the state after a rank in `phase` (`PHASES`) holding
    `count` cards, `held` the followed suits among them; None drops the set (it is counted elsewhere). The suits
    not followed are told apart by nothing but their number, so their ways are multiplied in. A state's sets are
    kept by how many cards they hold, so that each state advances once for them all, and each advance is worked
    out once.
    """
    states: dict[_State, list[int]] = {start: [1] + [0] * size}
    moves: dict[_State, _State | None] = {}
    for rank, phase in zip(ORDER, PHASES, strict=True):
        holdings = _holdings(available[rank], followed, min(limit, size))
        following: dict[_State, list[int]] = {}
        for state, by_size in states.items():
            for held, count, held_ways in holdings:
                move = (state, held, count, phase)
                if move not in moves:
                    moves[move] = advance(state, held, count, phase)
                after = moves[move]
                if after is None:
                    continue
                into = following.setdefault(after, [0] * (size + 1))
                for taken in range(size + 1 - count):
                    into[taken + count] += by_size[taken] * held_ways
        states = following
    return {state: by_size[size] for state, by_size in states.items() if by_size[size]}


def _holdings(mask: int, followed: int, limit: int) -> list[tuple[int, int, int]]:
    """The ways to hold up to `limit` cards of a rank whose natural suits are `mask`: (the followed suits held,
    the cards held, in how many ways)."""
    mine = mask & followed
    others = _popcount(mask) - _popcount(mine)
    return [(held, _popcount(held) + more, comb(others, more))
            for held in range(16) if held & mine == held
            for more in range(others + 1) if _popcount(held) + more <= limit]


def _windows(two: int, one: int, now: int, ace: int, phase: int) -> list[tuple[int, int, int]]:
    """The sequences ending at a rank in `phase`, as what is held of each of their ranks: A-2-3 and on from the
    three, and Q-K-A at the king, its ace kept (`ORDER`)."""
    return ([(two, one, now)] if phase >= ON else []) + ([(one, now, ace)] if phase == KING else [])


def _run(two: bool, one: bool, now: bool, ace: bool, phase: int, need: int) -> bool:
    """Whether `need` ranks of a sequence ending at a rank in `phase` are held (`_windows`, of whether each is)."""
    return any(a + b + c >= need for a, b, c in _windows(two, one, now, ace, phase))


def _by_ranks(available: list[int], size: int, need: int) -> list[int]:
    """Per class, the sets whose ranks alone make it: prial, run (running flushes included), pair and high card
    (flushes included). A state: whether the last two ranks and the ace are held, and the best class so far."""

    def advance(state: _State, _held: int, count: int, phase: int) -> _State:
        two, one, ace, best = state
        if count >= need or best == PRIAL:
            return (False, False, False, PRIAL)
        now = count > 0
        ace = now if phase == ACE else ace
        if best < RUN and _run(two, one, now, ace, phase, need):
            best = RUN
        if best == RUN:
            return (False, False, False, RUN)  # only a prial could still beat it
        return (one, now, ace, PAIR if count >= need - 1 else best)

    counts = [0] * 6
    for (*_, best), ways in _sweep(available, size, size, 0, (False, False, False, HIGH), advance).items():
        counts[best] += ways
    return counts


def _running_flushes(available: list[int], size: int, need: int, suits: tuple[int, ...]) -> tuple[int]:
    """The sets without a prial holding a running flush in each of `suits`. A state: which of them the last two
    ranks and the ace hold, and which have made one."""
    every = sum(1 << s for s in suits)

    def advance(state: _State, held: int, _count: int, phase: int) -> _State:
        two, one, ace, made = state
        ace = held if phase == ACE else ace
        for a, b, c in _windows(two, one, held, ace, phase):
            made |= (a & b & c) if need == 3 else (a & b) | (a & c) | (b & c)
        rest = every & ~made
        return (one & rest, held & rest, ace & rest, made)

    ends = _sweep(available, size, need - 1, every, (0, 0, 0, 0), advance)
    return (sum(ways for (*_, made), ways in ends.items() if made == every),)


def _flushes(available: list[int], size: int, need: int, suits: tuple[int, ...]) -> tuple[int, int]:
    """The sets with neither a prial nor a run holding a flush in each of `suits`: those holding a pair, and those
    not. A state: how many of each suit are held (up to `need`), whether the last two ranks and the ace are held,
    and whether a pair is."""

    def advance(state: _State, held: int, count: int, phase: int) -> _State | None:
        flush, two, one, ace, pair = state
        now = count > 0
        ace = now if phase == ACE else ace
        if _run(two, one, now, ace, phase, need):
            return None  # counted among the runs
        flush = tuple(min(need, n + (held >> s & 1)) for n, s in zip(flush, suits, strict=True))
        return (flush, one, now, ace, pair or count >= need - 1)

    start = ((0,) * len(suits), False, False, False, False)
    ends = _sweep(available, size, need - 1, sum(1 << s for s in suits), start, advance)
    made = [(pair, ways) for (flush, *_, pair), ways in ends.items() if min(flush) == need]
    return sum(ways for pair, ways in made if pair), sum(ways for pair, ways in made if not pair)


def _some_suit(available: list[int], size: int, need: int,
               count: Callable[[list[int], int, int, tuple[int, ...]], tuple[int, ...]], width: int) -> tuple[int, ...]:
    """`count` (`_flushes`, `_running_flushes`: `width` numbers) for "in some suit": by inclusion and exclusion
    over the sets of suits that `size` cards can hold `need` each of. Suits held in the same ranks count the same:
    once."""
    total = [0] * width
    seen: dict[_State, tuple[int, ...]] = {}
    for many in range(1, size // need + 1):
        for suits in combinations(range(4), many):
            alike = tuple(sorted(tuple(mask >> s & 1 for mask in available) for s in suits))
            if alike not in seen:
                seen[alike] = count(available, size, need, suits)
            sign = 1 if many % 2 else -1
            total = [t + sign * n for t, n in zip(total, seen[alike], strict=True)]
    return tuple(total)


def _popcount(mask: int) -> int:
    return mask.bit_count()
