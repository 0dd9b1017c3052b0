"""Bastard Brag's own house rules (R14), declared once: the game lists them, its exchanges and matches read them."""

from __future__ import annotations

from bragref.engine.money import MAX_UNITS
from bragref.games.base import BRAG_BETTING_OPTIONS, RANKING_OPTIONS, Option

SCORING = Option("scoring", "choice", "For money (betting), or for lives (a match: the worst hand loses a life)",
                 "R14.4", ("money", "lives"), own=True, fallback="money")
LIVES = Option("lives", "number", "Each player's lives at the start of a match (for lives)", "R14.4", own=True,
               fallback=3, span=(1, 100))
ENTRY = Option("entry", "money", "Each player's entry into a match's kitty, which the winner takes (for lives)",
               "R14.4", own=True, fallback=0, span=(0, MAX_UNITS), zero=True)
EXCHANGES = Option("exchanges", "choice", "Exactly two rounds of exchanges, or rounds until someone knocks", "R14.5",
                   ("two", "knock"), own=True, fallback="two")
CENTRE_UP = Option("centre_up", "count", "The centre hand's cards dealt face up", "R14.1", (1, 2, 3), own=True,
                   fallback=1)
KNOCK_FROM = Option("knock_from", "number", "The first round of exchanges a knock is allowed in", "R14.4", own=True,
                    fallback=2, span=(1, 100))
AFTER_KNOCK = Option("after_knock", "choice", "After a knock the others must exchange, or may pass", "R14.4",
                     ("exchange", "optional"), own=True, fallback="exchange")
BASTARD_OPTIONS = (
    SCORING, LIVES, ENTRY, EXCHANGES, CENTRE_UP, KNOCK_FROM, AFTER_KNOCK,
    *(o for o in BRAG_BETTING_OPTIONS if o.name in ("min_bet", "max_bet", "raise_limit", "pot_limit")),
    *(o for o in RANKING_OPTIONS if o.name in ("threes_high", "a23")),
)
