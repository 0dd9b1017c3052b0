"""The thirty-one's count (R15.4): what each card counts, a hand's total, and a player's so far in a hand of
three-stake brag."""

from __future__ import annotations

from bragref.games.threestake.options import ACE_POINTS


def card_points(card: int) -> int:
    """A card's count in the thirty-one, an ace as 11: K Q J 10 count 10, the rest their pips (R15.4)."""
    rank = card >> 2
    return 11 if rank == 12 else min(rank + 2, 10)


def points(cards, aces: str = "11") -> int:
    """The thirty-one total of `cards` (R15.4): aces 11, or under `1-or-11` each ace whichever gives the best total
    not over 31."""
    count = sum(card_points(c) for c in cards)
    if aces == "1-or-11":
        for _ in range(sum(1 for c in cards if c >> 2 == 12)):
            if count <= 31:
                break
            count -= 10
    return count


def cards_of(hand, name: str) -> tuple[int, ...]:
    """The cards a player has shown and drawn, the three dealt first."""
    shown = next((s.judged.kept for s in hand.shown if s.player == name), ())
    return (*shown, *dict(hand.drawn).get(name, ()))


def points_of(hand, name: str) -> int | None:
    """A player's thirty-one total once shown (R15.4), else None."""
    if not any(s.player == name for s in hand.shown):
        return None
    return points(cards_of(hand, name), ACE_POINTS.of(hand.rules))
