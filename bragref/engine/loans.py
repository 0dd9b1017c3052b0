"""Loans between players, or from a bystander (R7.5): money moved, not bet; owed until repaid.

A loan is a fact with a lender, a borrower and an amount; a repayment is the
same fact the other way. What is owed is their sum per pair, and each person's
position (+ owed to them, − owed by them) goes into settling up beside their
winnings, a bystander being a payee like any player.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from bragref.engine.errors import Refused
from bragref.engine.names import same
from bragref.engine.rules import BORROWING, Rules


def outstanding(entries: Iterable[tuple[str, str, str, int]]) -> dict[tuple[str, str], int]:
    """(lender, borrower) → what is still owed, from (kind, lender, borrower, amount) entries, kind lend or repay."""
    owed: dict[tuple[str, str], int] = defaultdict(int)
    for kind, lender, borrower, amount in entries:
        owed[lender, borrower] += amount if kind == "lend" else -amount
    return {pair: amount for pair, amount in owed.items() if amount}


def positions(owed: dict[tuple[str, str], int]) -> dict[str, int]:
    """Each person's net in loans: + what is owed to them, − what they owe. Sums to zero."""
    net: dict[str, int] = defaultdict(int)
    for (lender, borrower), amount in owed.items():
        net[lender] += amount
        net[borrower] -= amount
    return dict(net)


def check_lend(rules: Rules, lender: str, borrower: str, mid_hand: bool, short: str) -> None:
    """Refuse a loan the house rules or common sense forbid (R7.1, R7.5).

    Loans are recorded under every `short_money` setting (R7.1). Only a loan onto the table during a
    hand at table stakes needs `borrow` or `both`: under `cover` the short player does what the game says instead
    (`short`: covers, calls all in, or packs where the game has no covers).
    """
    if same(lender, borrower):
        raise Refused(f"{lender} cannot lend to themselves", "R7.5")
    if mid_hand and rules.stakes == "table" and rules.short_money not in BORROWING:
        raise Refused(f"at table stakes a loan during a hand goes onto the table, which house rule short-money "
                      f"{rules.short_money} does not allow (only borrow or both): lend between hands, or {short}",
                      "R7.5")


def check_repay(owed: dict[tuple[str, str], int], borrower: str, lender: str, amount: int,
                money: Callable[[int], str]) -> None:
    due = owed.get((lender, borrower), 0)
    if amount > due:
        raise Refused(f"{borrower} owes {lender} {money(due)}, so cannot repay {money(amount)}", "R7.5")
