"""A settled hand's sentence looks its parts up (issue 78): each shown hand's words by the order of hands it was
judged by, amounts and cards by their value, the words a pot's reason begins with by its game and way, a few
thousand of each at most. What is looked up is what working it out gives: the same words for every game and order,
whatever was told before."""

import random

import pytest

from bragref.engine.cards import card_text
from bragref.engine.errors import BadInput, Refused
from bragref.engine.ranking import BragRanking, brag_ranking
from bragref.engine.rules import Rules
from bragref.games import GAMES, from_preset, parse_option, telling
from bragref.games import play as engine
from bragref.games.randomplay import random_action, random_dealt
from bragref.told import outcome, shown_words

SEATS = ["Ann", "Bob", "Cy", "Di"]


def every_rules() -> list[Rules]:
    """Each game under each of its presets, and the house rules that change an order of hands: brag's wild cards,
    four and five cards, threes below the aces and A-2-3 low (R8.2, R8.3, R8.6, R8.7), Teen Patti's variants
    (R13.7) and braggers' natural pair (R12.2)."""
    rules = [from_preset(preset, game=name) for name, game in GAMES.items() for preset in game.presets]
    brag = from_preset("pagat")
    rules += [parse_option(brag, option, value) for option, value in (
        ("wild", "deuces"), ("wild", "jokers:2"), ("cards", "4"), ("cards", "5"), ("threes-high", "off"),
        ("a23", "low"))]
    teen = from_preset("teen-patti", game="teen-patti")
    rules += [parse_option(teen, "variant", variant) for variant in ("muflis", "ak47", "joker")]
    rules.append(parse_option(from_preset("braggers", game="braggers"), "natural-pair", "equal"))
    return rules


def settled_hands(rules: Rules, rng: random.Random, deals: int) -> list:
    """`deals` hands under `rules` played at random to their end (the property tests' players)."""
    game, hands = GAMES[rules.game], []
    for deal in range(deals):
        seats = SEATS[:max(len(SEATS), game.players[0])]
        dealt = {**game.deal_follows(rules, seats, None, lambda: True), **random_dealt(rules, rng, seats)}
        try:
            hand = engine.deal(rules, seats, seats[deal % len(seats)], dealt=dealt)
        except Refused:
            continue
        while hand.phase != "over":
            hand = engine.apply(hand, random_action(hand, rng, 0.1))
        hands.append(hand)
    return hands


def forgotten() -> None:
    """Every lookup of `telling` emptied, as in a new process."""
    telling.SETTLED.clear()
    telling.DESCRIBED.clear()
    telling.CARD_TEXTS.clear()
    telling.amounts.cache_clear()
    telling.WORDS = (None, None, None)
    telling.MONEY = (None, None)


def test_a_hands_words_looked_up_are_its_orders_own_for_every_game_and_order():
    """Each hand judged, its words looked up by its order (`telling._described`: brag's orders by the hand's strength,
    others by the whole hand) are the order's own (`describe`), asked first or again, for every game's order under
    every preset and the rules that change one; hands of one strength in other cards are among them."""
    rng = random.Random(78)
    for rules in every_rules():
        game = GAMES[rules.game]
        pack = [card for card in range(60) if game.in_pack(rules, card)]
        turned = pack[-1] if rules.own and dict(rules.own).get("variant") == "joker" else None
        ranking = game.ranking_for(rules, turned)
        looked, strengths, judged_hands = telling._described(ranking), set(), []
        while len(judged_hands) < 400:
            try:
                judged_hands.append(ranking.judge(tuple(rng.sample(pack, rules.cards))))
            except BadInput:  # the card turned up (R13.7)
                continue
        for judged in judged_hands + judged_hands[::-1]:
            assert looked(judged) == ranking.describe(judged), (rules, judged)
            strengths.add(judged.key3)
        assert len(strengths) < len(judged_hands), rules  # hands of one strength, in other cards, were told


def test_an_order_that_words_more_than_a_hands_strength_is_looked_up_by_the_whole_hand():
    """An order built on brag's whose words say more than the hand's strength (its own `describe`, or its own count
    of wild cards) has each hand's words looked up by the whole hand judged: two hands of one strength in other
    suits are told apart."""
    class Suited(BragRanking):
        def describe(self, judged):
            return f"{super().describe(judged)} in {card_text(judged.kept[0])[-1]}"

    class Counted(BragRanking):
        def wild_in(self, judged):
            return judged.kept[0] & 3

    clubs, diamonds = (48, 44, 40), (49, 45, 41)  # A-K-Q, each in one suit: a running flush either way
    for ranking in (Suited(), Counted()):
        looked = telling._described(ranking)
        first, second = ranking.judge(clubs), ranking.judge(diamonds)
        assert first.key3 == second.key3
        assert looked(first) == ranking.describe(first) != ranking.describe(second) == looked(second)
    looked = telling._described(brag_ranking(True, "high", "none", 3))  # brag's own: by the strength, the same words
    assert looked(first) == looked(second) == "running flush, A-K-Q"


def test_what_is_looked_up_is_kept_a_few_thousand_at_most_and_is_what_is_worked_out():
    """A lookup keeps `KEPT` texts at most, then starts again; an amount looked up is written as `Rules.money`
    writes it, a card as `card_text` does."""
    squares = telling.Looked(lambda n: str(n * n))
    for n in range(telling.KEPT * 2 + 5):
        assert squares[n] == str(n * n)
        assert len(squares) <= telling.KEPT
    rules = Rules(unit="0.01", currency="£")
    money = telling.money_of(rules)
    assert [money(units) for units in (150, 5, 100000)] == [rules.money(units) for units in (150, 5, 100000)] == \
        ["£1.50", "£0.05", "£1000.00"]
    assert telling.money_of(Rules(unit="0.05", currency="$"))(13) == "$0.65"  # other rules: their own money
    assert [telling.CARD_TEXTS[card] for card in (0, 51, 52, 55)] == ["2c", "As", "X1", "X4"]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_games_sentences_are_the_same_whatever_was_told_before(name):
    """Every settled hand of random play of a game, under each of its presets (and each order brag's rules make,
    Teen Patti's variants), is told the same (`outcome`, `shown_words`, `replay`'s `telling.ended`) first, after
    all the others (its words looked up), and again with every lookup emptied."""
    rng = random.Random(f"told {name}")
    hands = list(enumerate([hand for rules in every_rules() if rules.game == name
                            for hand in settled_hands(rules, rng, 40)], 1))
    assert sum(bool(hand.shown) for _, hand in hands) > 10  # hands shown, their words looked up

    def told(numbered) -> list[tuple[int, str, str, str]]:
        return [(number, outcome(number, hand), shown_words(hand), telling.ended(GAMES[name], hand))
                for number, hand in numbered]

    forgotten()
    first = told(hands)
    again = sorted(told(hands[::-1]))
    forgotten()
    assert first == again == told(hands)
