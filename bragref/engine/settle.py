"""Settling up with the fewest payments.

The fewest payments that clear nets n_1..n_k (all nonzero, summing to zero) is
k minus the largest number of disjoint groups that each sum to zero: a group of
g people clears in g - 1 payments and no fewer. Finding that partition is
NP-hard in general; a dynamic programme over subsets is exact and instant up to
EXACT_LIMIT people with a nonzero net. Above it we use a documented heuristic:
pair off equal and opposite nets first, then pay largest debtor to largest
creditor (at most k - 1 payments, usually close to the minimum).
"""

from __future__ import annotations

EXACT_LIMIT = 18

Payment = tuple[str, str, int]


def settle(nets: dict[str, int]) -> list[Payment]:
    """Payments (from, to, amount) that bring every net to zero."""
    if sum(nets.values()) != 0:
        raise ValueError(f"nets must sum to zero, not {sum(nets.values())} (R1.2)")
    people = sorted((name for name, net in nets.items() if net), key=lambda n: (nets[n], n))
    groups = zero_sum_groups([nets[p] for p in people]) if len(people) <= EXACT_LIMIT else [list(range(len(people)))]
    payments: list[Payment] = []
    for group in groups:
        payments += _greedy({people[i]: nets[people[i]] for i in group}, pair_first=len(people) > EXACT_LIMIT)
    return payments


def zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups covering every index (a subset DP, O(2^n · n))."""
    n = len(values)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    last = [0] * (full + 1)  # the element whose removal gave best[mask]
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        top, top_bit, bits = -1, 0, mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            if best[mask ^ bit] > top:
                top, top_bit = best[mask ^ bit], bit
        best[mask] = top + (total[mask] == 0)
        last[mask] = top_bit
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if total[mask] == 0 and current:
            groups.append(current)
            current = []
        bit = last[mask]
        current.append(bit.bit_length() - 1)
        mask ^= bit
    if current:
        groups.append(current)
    return groups


def _greedy(nets: dict[str, int], pair_first: bool) -> list[Payment]:
    nets = dict(nets)
    payments: list[Payment] = []
    if pair_first:
        by_amount: dict[int, list[str]] = {}
        for name in sorted(nets):
            if nets[name] > 0:
                by_amount.setdefault(nets[name], []).append(name)
        for name in sorted(nets):
            creditors = by_amount.get(-nets[name])
            if nets[name] < 0 and creditors:
                creditor = creditors.pop()
                payments.append((name, creditor, nets[creditor]))
                nets[name] = nets[creditor] = 0
    while any(nets.values()):
        debtor = min(nets, key=lambda n: (nets[n], n))
        creditor = max(nets, key=lambda n: (nets[n], n))
        amount = min(-nets[debtor], nets[creditor])
        payments.append((debtor, creditor, amount))
        nets[debtor] += amount
        nets[creditor] -= amount
    return payments
