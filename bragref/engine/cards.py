"""Cards as small integers, and their notation (R8.9).

A natural card is ``rank * 4 + suit``: ranks 0..12 are 2..A, suits 0..3 are
clubs, diamonds, hearts, spades (so a higher suit number is a higher suit in
R8.8's order). Jokers follow the 52 naturals: X1 is 52, X2 is 53, …

This module knows notation and which cards are wild (R8.7); how hands rank is
`engine.ranking`'s business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from bragref.engine.errors import BadInput

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "cdhs"
SUIT_ALIASES = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
RANK_ALIASES = {**{r.lower(): i for i, r in enumerate(RANKS)}, "t": 8}
NATURALS = 52
MAX_JOKERS = 4

_CARD = re.compile(r"^(10|[2-9tjqka])(.)$|^x(\d+)$", re.IGNORECASE)


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


_TEXTS = tuple(RANKS[card >> 2] + SUITS[card & 3] for card in range(NATURALS))  # each natural card's text, written
# once: a history writes every card shown, tens of thousands of them


def is_joker(card: int) -> bool:
    return card >= NATURALS


def card_text(card: int) -> str:
    if card >= NATURALS:  # a joker (R8.7)
        return f"X{card - NATURALS + 1}"
    return _TEXTS[card]


def hand_text(cards: Iterable[int]) -> str:
    return " ".join(map(card_text, cards))


def card_said(card: int) -> str:
    """A card number as a refusal names it: its text, or `card number -1` for a number below every card's, which
    `card_text` would read from the end of the pack."""
    return card_text(card) if card >= 0 else f"card number {card}"


def shown_twice(card: int) -> BadInput:
    """The refusal of a card named twice among cards that must each be a card of their own (R8.9): as the command
    line's reading says it (`parse_cards`), whatever gave the cards."""
    return BadInput(f"{card_said(card)} is shown twice: a pack holds one of each card (R8.9)")


def twice_in(cards: tuple[int, ...]) -> int:
    """The first card of `cards` named again among them (some card is)."""
    return next(card for i, card in enumerate(cards) if card in cards[:i])


@lru_cache(maxsize=1024)
def parse_card(text: str, jokers: int = 0) -> int:
    """One card in R8.9's notation; `jokers` is how many the pack holds. Read once a spelling: a history and a
    ledger's shows spell the same few dozen cards over and over."""
    match = _CARD.match(text.strip())
    if not match:
        raise BadInput(f"{text!r} is not a card: write rank then suit, e.g. 3h, 10s, Td, A♦ (R8.9)")
    rank, suit, joker = match.groups()
    if joker is not None:
        number = int(joker)
        if not 1 <= number <= jokers:
            held = f"{jokers} joker{'s' if jokers != 1 else ''}" if jokers else "no jokers"
            raise BadInput(f"{text!r}: the pack has {held} (house rule wild, R8.7)")
        return NATURALS + number - 1
    if suit.lower() not in SUIT_ALIASES:
        raise BadInput(f"{text!r}: {suit!r} is not a suit (s h d c, or ♠ ♥ ♦ ♣) (R8.9)")
    return RANK_ALIASES[rank.lower()] * 4 + SUIT_ALIASES[suit.lower()]


_BETWEEN_CARDS = re.compile(r"[\s,]+")  # compiled once: a long history or audit reads thousands of shows


def split_cards(texts: Iterable[str]) -> list[str]:
    """Card words from arguments that may each hold several: ``"Kh Kd" "4c"`` or ``"Kh,Kd,4c"``. Without a comma,
    the words `str.split` finds: the same whitespace (`\\s`) parts them, in a fifth of the time."""
    return [word for text in texts for word in (_BETWEEN_CARDS.split(text) if "," in text else text.split()) if word]


def parse_cards(texts: Iterable[str], jokers: int = 0, taken: set[int] | frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Several cards, none twice and none among `taken` (cards already seen in this deal)."""
    cards: list[int] = []
    for word in split_cards(texts):
        card = parse_card(word, jokers)
        if card in cards or card in taken:
            raise shown_twice(card)
        cards.append(card)
    return tuple(cards)


def _naturals(*texts: str) -> frozenset[int]:
    return frozenset(parse_card(t) for t in texts)


NAMED_WILD = {
    "none": frozenset(),
    "deuces": _naturals("2c", "2d", "2h", "2s"),
    "black-deuces": _naturals("2c", "2s"),
    "one-eyed-jacks": _naturals("Jh", "Js"),
    "suicide-king": _naturals("Kh"),
    "braggers": _naturals("Ad", "Jc", "9d"),
}
WILD_CHOICES = (*NAMED_WILD, "jokers:N", "a card list such as 'Ah,Kd'")


def parse_wild(text: str) -> str:
    """The `wild` house rule in its one written form (R8.7): a name, ``jokers:N``, or a sorted card list."""
    spec = text.strip().lower()
    if spec in NAMED_WILD:
        return spec
    if spec.startswith("jokers"):
        match = re.fullmatch(r"jokers:(\d+)", spec)
        if not match or not 1 <= int(match.group(1)) <= MAX_JOKERS:
            raise BadInput(f"wild {text!r}: write jokers:N with N from 1 to {MAX_JOKERS} (R8.7)")
        return f"jokers:{int(match.group(1))}"
    try:
        cards = parse_cards([text])
    except BadInput as bad:
        raise BadInput(f"wild must be one of: {', '.join(WILD_CHOICES)} ({bad})") from None
    if not cards:
        raise BadInput(f"wild must be one of: {', '.join(WILD_CHOICES)} (R8.7)")
    return ",".join(card_text(c) for c in sorted(cards))


def wild_cards(spec: str) -> tuple[frozenset[int], int]:
    """The wild cards of a `wild` rule written by `parse_wild`: (the wild naturals, the jokers added to the pack)."""
    if spec in NAMED_WILD:
        return NAMED_WILD[spec], 0
    if spec.startswith("jokers:"):
        jokers = int(spec.split(":")[1])
        return frozenset(range(NATURALS, NATURALS + jokers)), jokers
    return frozenset(parse_cards([spec])), 0
