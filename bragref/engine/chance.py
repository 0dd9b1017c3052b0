"""The chance of so many or more (`bragref stats`, docs/season.md): the exact binomial tail, from the standard library.

Every deal is a draw from a full pack, so how many hands of a type a dealer deals in `n` hands dealt in is binomial,
with the type's exact probability `count / total` (`engine.odds`, the game's `class_counts`). The tail is the binomial
sum itself (`math.comb`'s exact coefficient, the terms in 50-digit decimals), not an approximation: a tail of one in a
billion is as right as one in two, and no library beyond Python's own is needed. Pure: no I/O.
"""

from __future__ import annotations

from decimal import Context, Decimal
from fractions import Fraction
from math import comb

FLAG_BELOW = Fraction(1, 100)  # a dealer's hand type is flagged when its tail is below this
DIGITS = Context(prec=50)  # 50 significant digits: a tail sums at most n terms, each rounded once


def at_least(k: int, n: int, count: int, total: int) -> Fraction:
    """P(X >= k) for X ~ Binomial(n, count / total): the terms `comb(n, i) p**i (1 - p)**(n - i)` summed from
    `i = k` up where k lies above the mean (each term from the one before, until the rest cannot show in 50
    digits), else 1 less the terms below k. Exact to far more places than are shown."""
    if k <= 0:
        return Fraction(1)
    if k > n or count == 0:
        return Fraction(0)
    if count == total:
        return Fraction(1)
    c = DIGITS
    p = c.divide(Decimal(count), Decimal(total))
    q = c.divide(Decimal(total - count), Decimal(total))
    ratio = c.divide(p, q)
    if k * total > n * count:  # above the mean: the terms from k on fall away
        term = c.multiply(c.multiply(Decimal(comb(n, k)), c.power(p, k)), c.power(q, n - k))
        tail = Decimal(0)
        for i in range(k, n + 1):
            tail = c.add(tail, term)
            if term == 0 or (tail and c.divide(term, tail) < Decimal("1e-55")):
                break
            term = c.multiply(term, c.multiply(c.divide(Decimal(n - i), Decimal(i + 1)), ratio))
        return Fraction(tail)
    term = c.power(q, n)
    below = Decimal(0)
    for i in range(k):
        below = c.add(below, term)
        term = c.multiply(term, c.multiply(c.divide(Decimal(n - i), Decimal(i + 1)), ratio))
    return max(Fraction(0), 1 - Fraction(below))


def one_in(chance: Fraction) -> str:
    """`1 in 2,400`: the chance as one in so many, to two significant figures (`1 in 1` for an even chance or
    better, `1 in more than a trillion` past that)."""
    if chance <= 0:
        return "1 in more than a trillion"
    many = 1 / chance
    if many < 2:
        return "1 in 1" if many < Fraction(3, 2) else "1 in 2"
    if many > 10 ** 12:
        return "1 in more than a trillion"
    whole = round(many)
    digits = len(str(whole))
    if digits > 2:
        whole = round(whole, 2 - digits)
    return f"1 in {whole:,}"


def flagged(chance: Fraction) -> bool:
    """Below one in a hundred: worth a look, never proof (docs/season.md)."""
    return chance < FLAG_BELOW
