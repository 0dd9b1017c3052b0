"""Three Card Poker's house rules (R17), declared once: who banks, the two paytables, the banker's qualifying card,
and each wager's limits."""

from __future__ import annotations

from bragref.games.base import Option

QUALIFY_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # as R8.9 writes them; written
# out here so that betting loads no card module

BANKER = Option("banker", "text", "Who banks: dealer (the bank passes with the deal), or a seated player's name, who "
                "banks and deals every hand", "R17.1", own=True, fallback="dealer")
PAIR_PLUS = Option("pair_plus", "text", "Pair Plus pays, to 1: straight flush, three of a kind, straight, flush, pair",
                   "R17.6", own=True, fallback="40-30-6-4-1")
ANTE_BONUS = Option("ante_bonus", "text", "Ante bonus pays, to 1, to a player who plays: straight flush, three of a "
                    "kind, straight", "R17.6", own=True, fallback="5-4-1")
QUALIFY = Option("qualify", "choice", "The lowest top card a banker's high card qualifies with", "R17.6",
                 QUALIFY_RANKS, own=True, fallback="Q", ranks=True)
PAYTABLES = {"pair_plus": 5, "ante_bonus": 3}  # how many numbers each paytable holds
THREE_CARD_POKER_OPTIONS = (
    BANKER, PAIR_PLUS, ANTE_BONUS, QUALIFY,
    Option("min_bet", "money", "Smallest wager, Ante or Pair Plus [one unit]", "R17.2"),
    Option("max_bet", "money", "Largest wager, Ante or Pair Plus", "R17.2"),
)


def paytable(option: Option, rules) -> tuple[int, ...]:
    """A paytable's pays, highest hand first (R17.6): whole numbers joined by `-`."""
    return tuple(int(number) for number in option.of(rules).split("-"))
