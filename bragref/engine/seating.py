"""The table between hands: who deals next (R2.2), and what waits for a hand to end (R2.1, R6, R9.3)."""

from __future__ import annotations

from bragref.engine.errors import Refused
from bragref.engine.state import Hand


def next_dealer(old_seats: list[str], old_dealer: str | None, seats: list[str]) -> str:
    """The first seat for the first hand; then the next seated player on the old dealer's
    left; if the dealer left, whoever sat on their left (R2.2)."""
    if old_dealer is None:
        return seats[0] if seats else ""
    if old_dealer in seats:
        return seats[(seats.index(old_dealer) + 1) % len(seats)]
    start = old_seats.index(old_dealer)
    for step in range(1, len(old_seats)):
        name = old_seats[(start + step) % len(old_seats)]
        if name in seats:
            return name
    return seats[0] if seats else ""


def require_between_hands(hand: Hand | None, number: int, what: str, rule: str) -> None:
    """Refuse `what` while hand `number` is still being played."""
    if hand is not None and hand.phase != "over":
        acting = hand.acting
        waiting = f"{acting.name} to act" if acting else "the hands to be shown"
        raise Refused(f"{what} only between hands, and hand {number} is not over ({waiting})", rule)
