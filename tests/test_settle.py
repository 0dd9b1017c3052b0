"""Settling up with the fewest payments: exact, checked against an independent brute force."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bragref.engine.settle import settle


def applied(nets, payments):
    nets = dict(nets)
    for debtor, creditor, amount in payments:
        assert amount > 0
        nets[debtor] += amount
        nets[creditor] -= amount
    return nets


def brute_force_minimum(values):
    """Fewest transfers by exhaustive search (the classic debt-settling DFS), independent of the subset DP."""
    debts = [v for v in values if v]

    def search(start, debts):
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = None
        tried = set()
        for j in range(start + 1, len(debts)):
            if debts[j] * debts[start] < 0 and debts[j] not in tried:
                tried.add(debts[j])
                debts[j] += debts[start]
                count = 1 + search(start + 1, debts)
                debts[j] -= debts[start]
                best = count if best is None else min(best, count)
                if debts[j] + debts[start] == 0:
                    break
        return best

    return search(0, debts)


def test_the_example_takes_four_payments_where_greedy_takes_six():
    nets = {"A": -7, "E": -6, "F": -5, "G": -3, "B": 6, "C": 8, "D": 7}
    payments = settle(nets)
    assert len(payments) == 4
    assert all(v == 0 for v in applied(nets, payments).values())


def test_all_square_needs_no_payment():
    assert settle({"A": 0, "B": 0}) == []


nets_strategy = st.lists(st.integers(-30, 30), min_size=1, max_size=11).map(lambda xs: xs + [-sum(xs)])


@settings(max_examples=150, deadline=None)
@given(nets_strategy)
def test_fewest_payments_up_to_twelve_players(values):
    nets = {f"P{i}": v for i, v in enumerate(values)}
    payments = settle(nets)
    assert all(v == 0 for v in applied(nets, payments).values())
    assert len(payments) == brute_force_minimum(values)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(-1000, 1000).filter(bool), min_size=19, max_size=30).map(lambda xs: xs + [-sum(xs)]))
def test_heuristic_above_the_exact_limit_still_settles(values):
    nets = {f"P{i}": v for i, v in enumerate(values)}
    payments = settle(nets)
    assert all(v == 0 for v in applied(nets, payments).values())
    assert len(payments) <= sum(1 for v in values if v) - 1  # never worse than one group
