"""Svara's scores (R16.2): a hand is worth the points of its best suit, two aces or three of a kind, the jokers
joining any suit; the higher score wins and equal scores are equal hands. Kept in half-points (three of a kind
other than aces or sixes is 32.5, 65 half-points), so that every score is an integer key.

The ranking here has the methods brag's has (`engine.ranking.BragRanking`) that the table and the card commands
ask of a game's order: `judge`, `describe`, `place`, `class_counts`. Built on first use, per set of jokers."""

from __future__ import annotations

from collections import Counter
from functools import cached_property, lru_cache
from itertools import combinations

from bragref.engine.cards import card_said, card_text, parse_cards, rank_of, shown_twice, suit_of, twice_in
from bragref.engine.errors import BadInput
from bragref.engine.ranking import PLURALS, Judged, display_order

LOWEST = 4  # the six's rank: the pack is 6 to A (R16.1)
PACK = tuple(range(LOWEST * 4, 52))  # 36 cards
ACE, SIX = 12, 4
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")  # in the card notation's order (R8.9)
KINDS = {ACE: 66, SIX: 72}  # three aces, three sixes, in half-points; any other three of a kind is 65
BEST = KINDS[SIX]  # three sixes: no three cards score more (a suit's best is 33, with jokers), and every pack deals
# them, a joker standing for a six it is not (R16.2)


def value(card: int) -> int:
    """A card's points: A 11; K, Q, J, 10 count 10; 9 to 6 their pips (R16.2)."""
    rank = rank_of(card)
    return 11 if rank == ACE else 10 if rank >= 8 else rank + 2


def jokers_of(text: str) -> frozenset[int]:
    """House rule `jokers` (R16.2): cards of the 36-card pack joined by commas (`Ad,6c`), or `none`."""
    if text.strip().lower() == "none":
        return frozenset()
    cards = parse_cards([text])
    for card in cards:
        if rank_of(card) < LOWEST:
            raise BadInput(f"jokers are cards of svara's pack, 6 to A, not {card_text(card)} (R16.1, R16.2)")
    if not cards:
        raise BadInput("jokers is a list of cards such as Ad,6c, or none (R16.2)")
    return frozenset(cards)


def made(cards: tuple[int, ...], jokers: frozenset[int]) -> tuple[int, str]:
    """What three cards score, in half-points, and how they make it (R16.2): the best of a suit with every joker
    added, two aces (a joker may be one), and three of a kind (a joker standing for a missing card of it; A♦ an ace
    wherever it stands for no other card)."""
    wild = [c for c in cards if c in jokers]
    plain = [c for c in cards if c not in jokers]
    best, how = 0, ""
    for suit in sorted({suit_of(c) for c in plain}) or [None]:
        total = sum(value(c) for c in plain if suit_of(c) == suit) + 11 * len(wild)
        if 2 * total > best:
            best, how = 2 * total, "jokers" if suit is None else f"in {SUIT_NAMES[suit]}"
    if sum(rank_of(c) == ACE for c in cards) + sum(rank_of(c) != ACE for c in wild) >= 2 and best < 44:
        best, how = 44, "two aces"
    for anchor in cards:
        rank = rank_of(anchor)
        if all(other is anchor or other in jokers or rank_of(other) == rank for other in cards):
            points = KINDS.get(rank, 65)
            if points > best:
                best, how = points, f"three {PLURALS[rank]}"
    return best, how


def points_text(half: int) -> str:
    """A score as the table says it and JSON's class names it: `32.5`, `21`."""
    return str(half // 2) + (".5" if half % 2 else "")


def points_number(half: int) -> int | float:
    """A score as JSON carries it: `32.5`, `21`."""
    return half / 2 if half % 2 else half // 2


class SvaraRanking:
    """R16.2 under one set of jokers: a hand's key is its score in half-points."""

    jokers = 0  # no jokers beyond the 52 cards: svara's jokers are cards of the pack

    def __init__(self, jokers: str = "Ad,6c"):
        self.spec = jokers
        self.wild = jokers_of(jokers)

    @cached_property
    def counts(self) -> Counter:
        """How many of the 7,140 hands make each score (R16.2)."""
        return Counter(made(three, self.wild)[0] for three in combinations(PACK, 3))

    @cached_property
    def scores(self) -> list[int]:
        """Every score three cards can make, best first."""
        return sorted(self.counts, reverse=True)

    @property
    def distinct(self) -> int:
        return len(self.scores)

    def judge(self, cards: tuple[int, ...], discards: tuple[int, ...] = ()) -> Judged:
        """A shown hand: three cards of the 36-card pack (R16.1), no discards."""
        if discards or len(cards) != 3:
            raise BadInput(f"a svara hand is three cards, not {len(cards) + len(discards)} (R16.1)")
        for card in cards:
            if card >= 52 or rank_of(card) < LOWEST:
                raise BadInput(f"{card_said(card)} is not in svara's pack of 36 cards, 6 to A (R16.1)")
        if len(set(cards)) < 3:  # a card twice is no hand a pack deals (R8.9)
            raise shown_twice(twice_in(cards))
        half, _ = made(cards, self.wild)
        kept = display_order(cards)
        return Judged(half, half, points_text(half), kept, ())

    def place(self, key3: int) -> int:
        """1 for the best score there is, counting each score once."""
        return self.scores.index(key3) + 1

    def wild_in(self, judged: Judged) -> int:
        return sum(card in self.wild for card in judged.kept)

    def describe(self, judged: Judged) -> str:
        """``36, three sixes, the best hand`` · ``22, two aces`` · ``21 in hearts (1 joker)``."""
        _, how = made(judged.kept, self.wild)
        joined = " " if how.startswith("in ") else ", "
        words = f"{points_text(judged.key)}{joined}{how}"
        wild = self.wild_in(judged)
        if wild and how.startswith("in "):
            words += f" ({wild} joker{'s' if wild > 1 else ''})"
        return words + (", the best hand" if judged.key3 == BEST else "")  # without counting every three

    def suit_key(self, judged: Judged) -> tuple[int, ...]:
        """No suit breaks a tie in svara: equal scores are equal hands (R16.2)."""
        return ()

    def class_counts(self) -> list[tuple[str, int]]:
        """Every score and how many hands make it, best first (R16.2)."""
        return [(points_text(score), self.counts[score]) for score in self.scores]


@lru_cache(maxsize=8)
def svara_ranking(jokers: str) -> SvaraRanking:
    """Svara's order under house rule `jokers`, built once per value."""
    return SvaraRanking(jokers)

