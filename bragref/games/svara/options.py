"""Svara's house rules (R16), declared once: its own (the jokers, the svara's buy-in), and the table's first-bet
limits and dark play, which it words as R16 plays them."""

from __future__ import annotations

from bragref.games.base import Option

JOKERS = Option("jokers", "text", "Cards that count 11 and join any suit, joined by commas, or none", "R16.2",
                own=True, fallback="Ad,6c", ranks=True)
SVARA_BUYIN = Option("svara_buyin", "choice", "What boiling in to a svara deal costs: half the carried pot, or the "
                     "pot shared among the tied players", "R16.7", ("half", "share"), own=True, fallback="half")
SVARA_OPTIONS = (
    JOKERS, SVARA_BUYIN,
    Option("min_bet", "money", "Smallest first bet, in light terms [the ante, at least one unit]", "R16.4"),
    Option("max_bet", "money", "Largest bet, in light terms", "R16.4"),
    Option("blind", "bool", "Dark play allowed", "R16.3"),
)
