"""What the referee's page says was recorded, as a sentence (the evening refereed by taps after issue 79): a move
with more to say than its verb is said with its verb as a sentence's (`Dan shows Ks Kh 5d`, `Bob raises £0.20`),
its cards written as the rest of the line writes them (R8.9: `Shown: Dan Ks Kh 5d` follows), a three-stake draw with the total it makes (R15.4) and the table's answers in
words (`The table agrees a showdown (R6.5)`). The terminal keeps the words typed (`page=False`)."""

import random

from bragref.engine.cards import card_text, parse_cards
from bragref.games import GAMES, from_preset
from bragref.games import play as engine
from bragref.games.brag.actions import Showdown
from bragref.games.hoyle.actions import Raise
from bragref.games.randomplay import random_action, random_dealt
from bragref.games.threestake.actions import Draw
from bragref.games.threestake.thirtyone import points_of
from bragref.games.verbs import Award, Bet, Show
from bragref.told import recorded_words, sentence

SEATS = ["Ann", "Bob", "Cat", "Dan"]


def test_a_move_with_more_to_say_is_said_with_its_verb_as_a_sentences():
    show = Show("Dan", parse_cards(["Ks", "Kh", "5d"]))
    assert sentence("Dan show Ks Kh 5d", show) == "Dan shows Ks Kh 5d"  # as the hand's end beside it writes them
    assert sentence("Bob raise £0.20", Raise("Bob", 20)) == "Bob raises £0.20"
    assert sentence("Bill bet £0.50 blind", Bet("Bill", 50, True)) == "Bill bets £0.50 blind"
    discarding = Show("Dan", parse_cards(["Ks", "Kh", "5d"]), parse_cards(["2c"]))
    assert sentence("Dan show Ks Kh 5d discard 2c", discarding) == "Dan shows Ks Kh 5d discard 2c"


def test_the_tables_answers_are_said_in_words():
    assert sentence("the table showdown", Showdown()) == "The table agrees a showdown (R6.5)"
    assert sentence("the table's award to Cat and Dan", Award(("Cat", "Dan"))) == \
        "The table awards the pot to Cat and Dan"


def test_a_move_said_in_its_own_words_keeps_them():
    """Teen Patti's `said_at` says what a show asks (R13.3): not a verb's words, so not rewritten."""
    show = Show("Dan", parse_cards(["Ks", "Kh", "5d"]))
    assert sentence("Dan asks Cat for a show", show) == "Dan asks Cat for a show"


def drawn(seed: int):
    """A three-stake hand played at random until a draw in the thirty-one (R15.4): the draw, before and after."""
    rules, rng = from_preset("three-stake", game="three-stake"), random.Random(seed)
    for deal in range(200):
        dealt = {**GAMES["three-stake"].deal_follows(rules, SEATS, None, lambda: True),
                 **random_dealt(rules, rng, SEATS)}
        hand = engine.deal(rules, SEATS, SEATS[deal % 4], dealt=dealt)
        while hand.phase != "over":
            action = random_action(hand, rng, 0.1)
            after = engine.apply(hand, action)
            if isinstance(action, Draw) and points_of(after, action.player) is not None:
                return action, hand, after
            hand = after
    raise AssertionError("no draw in 200 hands")


def test_a_three_stake_draw_on_a_page_says_the_card_and_the_new_total_r15_4():
    draw, before, after = drawn(1)
    total = points_of(after, draw.player)
    assert total is not None and total > 0
    face = card_text(draw.card[0])
    bust = ", bust" if total > 31 else ""
    assert recorded_words(draw, before, after, page=True) == \
        f"Recorded: {draw.player} draws {face}: {total} points{bust}."
    assert recorded_words(draw, before, after) == f"Recorded: {draw.player} draw {card_text(draw.card[0])}."


def test_the_terminal_keeps_the_words_typed():
    rules, rng = from_preset("pagat"), random.Random(5)
    dealt = random_dealt(rules, rng, SEATS)
    hand = engine.deal(rules, SEATS, "Ann", dealt=dealt)
    bet = Bet("Bob", 20)
    after = engine.apply(hand, bet)
    money = rules.money
    assert recorded_words(bet, hand, after) == f"Recorded: Bob bet {money(20)} ({money(20)} into the pot)."
    assert recorded_words(bet, hand, after, page=True) == f"Recorded: Bob bets {money(20)} ({money(20)} into the pot)."
