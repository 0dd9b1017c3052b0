"""Teen Patti's own house rules (R13), declared once: the game lists them, its betting and ranking read them."""

from __future__ import annotations

from bragref.games.base import BRAG_BETTING_OPTIONS, Option

VARIANT = Option("variant", "choice", "classic; muflis (lowball: the order reversed); ak47 (A, K, 4, 7 wild); joker "
                 "(the turned-up card's rank wild: deal --joker CARD)", "R13.7", ("classic", "muflis", "ak47", "joker"),
                 own=True, fallback="classic", ranks=True)
CHAAL_LIMIT = Option("chaal_limit", "money", "The highest stake allowed", "R13.2", own=True)
BLIND_ROUNDS = Option("blind_rounds", "number", "A blind player must look after this many blind chaals", "R13.2",
                      own=True, span=(1, 1000))
POT_CAP = Option("pot_cap", "money", "A chaal taking the pot to this ends the hand: everyone left shows", "R13.5",
                 own=True)
SHOW_TIE = Option("show_tie", "choice", "Equal hands at a show: the asker loses, or the pot is split", "R13.3",
                  ("asker-loses", "split"), own=True, fallback="asker-loses")
TEEN_PATTI_OPTIONS = (
    VARIANT,
    Option("a23", "choice", "A-2-3: the second sequence (after A-K-Q), the best, or the lowest", "R13.6",
           ("second", "high", "low"), ranks=True),
    CHAAL_LIMIT, BLIND_ROUNDS, POT_CAP, SHOW_TIE,
    *(o for o in BRAG_BETTING_OPTIONS if o.name == "blind"),
)
