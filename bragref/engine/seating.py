"""The table between hands: who deals next (R2.2), and what waits for a hand to end (R2.1, R6, R9.3)."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import check_name, key
from bragref.engine.state import Hand


def check_seats(players: list[str]) -> list[str]:
    """A new session's players in seat order: at least two (R2.1), each a name fit to print (R2.6), named once."""
    if len(players) < 2:
        raise BadInput("a session needs at least two players (R2.1)")
    players = [check_name(p) for p in players]
    if len({key(p) for p in players}) != len(players):
        raise BadInput("each player is named once (R2.6)")
    return players


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
