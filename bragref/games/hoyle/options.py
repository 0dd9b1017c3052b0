"""Hoyle's house rules (R11), declared once: Hoyle's game and braggers list them, the betting reads them. The least
raise, the most stake and the evening's end are Hoyle's own (`Rules.own`); the dealer's stake's limits and the
ties are the table's and the brag family's."""

from __future__ import annotations

from bragref.engine.rules import TIES
from bragref.games.base import Option

MIN_RAISE = Option("min_raise", "money", "Least a raise adds above the call [one unit]", "R11.2", own=True)
MAX_STAKE = Option("max_stake", "money", "The most one player may put in one hand", "R11.2", own=True)
UNTIL = Option("until", "time", "HH:MM, local time: after it, deal round until everyone has dealt equally, then stop",
               "R11.7", own=True)
HOYLE_OPTIONS = (
    Option("min_bet", "money", "Smallest dealer's stake [the ante, at least one unit]", "R11.1"),
    Option("max_bet", "money", "Largest dealer's stake", "R11.1"),
    MIN_RAISE,
    Option("raise_limit", "money", "Most a raise adds above the call", "R11.2"),
    MAX_STAKE,
    Option("ties", "choice", "Equal best hands split the pot, or it goes to the eldest", "R11.4", TIES),
    UNTIL,
)
