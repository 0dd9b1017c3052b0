"""What the engine keeps or skips to judge an action in fewer steps gives what judging it in full gives (issue 78):
a judgement kept is the one made again, and R8.9's pack is each game's own."""

import random
from itertools import permutations

import pytest

from bragref.engine import ranking
from bragref.engine.errors import BadInput
from bragref.engine.ranking import BragRanking
from bragref.engine.rules import Rules
from bragref.games import GAMES, from_preset
from bragref.games import play as engine
from bragref.games.braggers.ranking import BraggersRanking
from bragref.games.randomplay import random_dealt
from bragref.games.teenpatti.ranking import TeenPattiRanking
from bragref.games.verbs import Show

SEATS = ["Ann", "Bob", "Cy", "Di"]


def orders() -> list[tuple[object, object, int]]:
    """Orders of hands as their games build them, each with a twin built apart (nothing judged by it yet), and how
    many cards a hand of it shows."""
    return [(BragRanking(), BragRanking(), 3),
            (BragRanking(wild="jokers:2", cards=5), BragRanking(wild="jokers:2", cards=5), 5),
            (BragRanking(wild="deuces", cards=4), BragRanking(wild="deuces", cards=4), 4),
            (TeenPattiRanking(variant="muflis"), TeenPattiRanking(variant="muflis"), 3),
            (BraggersRanking(), BraggersRanking(), 3)]


@pytest.mark.parametrize("kept", [ranking.JUDGEMENTS_KEPT, 7])
def test_a_judgement_kept_is_the_one_made_again(kept, monkeypatch):
    """The same cards in the same order judged again, by an order that keeps its judgements (and forgets them past
    `kept`), are judged as an order that has judged nothing yet judges them: in each order they are given, as which
    three of four or five are kept may depend on it (four kings: the king discarded is the last one met)."""
    monkeypatch.setattr(ranking, "JUDGEMENTS_KEPT", kept)
    rng = random.Random(78)
    for order, apart, cards in orders():
        pack = list(range(apart.pack))  # its tables built, once
        hands = [tuple(rng.sample(pack, cards)) for _ in range(60)]
        hands += list(permutations((44, 45, 46, 47)))[:8] if cards == 4 else []  # the four kings, in eight orders
        for shown in hands * 3:
            fresh = type(apart).__new__(type(apart))
            fresh.__dict__.update({k: v for k, v in apart.__dict__.items() if k != "_judgements"})
            assert order.judge(shown) == fresh.judge(shown)
            if cards > 3:
                kept3, discards = shown[:3], shown[3:]
                assert order.judge(kept3, discards) == fresh.judge(kept3, discards)
        assert len(order._judgements) <= kept


def test_cards_given_as_a_list_are_judged_and_not_kept():
    order = BragRanking()
    assert order.judge([48, 44, 40]) == order.judge((48, 44, 40))
    assert list(order._judgements) == [((48, 44, 40), ())]


def test_a_refused_judgement_is_refused_again():
    order = BragRanking()
    for _ in range(2):
        with pytest.raises(BadInput, match="a hand is three cards, not 2"):
            order.judge((48, 44))
        with pytest.raises(BadInput, match=r"X1 is not in this pack: it holds 0 jokers \(R8\.7\)"):
            order.judge((52, 44, 40))


def shown_at(game_name: str, cards: tuple[int, ...]) -> tuple:
    """The game, a hand of it as dealt, and Ann's show of `cards`."""
    game = GAMES[game_name]
    rules = from_preset(next(iter(game.presets)), game=game_name)
    dealt = {**game.deal_follows(rules, SEATS, None, lambda: True), **random_dealt(rules, random.Random(9), SEATS)}
    return game, engine.deal(rules, SEATS, "Di", dealt=dealt), Show("Ann", cards)


def test_a_card_outside_the_pack_a_game_deals_is_bad_input_r8_9():
    """R8.9 by each game's pack: brag's the 52 and the jokers its wild cards add (the default, asked once a move),
    Svara's 36 of 6 to A and three-stake's 52 (their own)."""
    game, hand, show = shown_at("brag", (52, 44, 40))
    with pytest.raises(BadInput, match=r"^X1 is not in the pack of Three Card Brag \(R8\.9\)$"):
        engine.check_cards(game, hand, show)
    game, hand, show = shown_at("brag", (44, 40, 36))
    engine.check_cards(game, hand, show)
    wild = engine.deal(Rules(wild="jokers:2"), SEATS, "Di")
    engine.check_cards(game, wild, Show("Ann", (52, 53, 40)))  # the jokers the rules add
    game, hand, show = shown_at("svara", (8, 44, 40))
    with pytest.raises(BadInput, match=r"^4c is not in the pack of Svara \(R8\.9\)$"):
        engine.check_cards(game, hand, show)
    game, hand, show = shown_at("three-stake", (52, 44, 40))
    with pytest.raises(BadInput, match=r"^X1 is not in the pack of .* \(R8\.9\)$"):
        engine.check_cards(game, hand, show)


def test_brag_betting_makes_each_move_by_its_own_method_and_a_subclass_of_a_move_too():
    """Brag's betting finds a move by its type at once; the method it calls is the betting's own at the call (a
    subclass's), and a move of a type made from one of brag's (not brag's own) is still made as that one is."""
    from bragref.games.brag.betting import BragBetting
    from bragref.games.verbs import Bet

    class Wager(Bet, frozen=True):
        pass

    made = []

    class Counting(BragBetting):
        def _bet(self, hand, bet):
            made.append(bet)
            return super()._bet(hand, bet)

    hand = engine.deal(Rules(), SEATS, "Di")
    assert Counting().apply(hand, Bet("Ann", 2)) == Counting().apply(hand, Wager("Ann", 2)) == engine.apply(
        hand, Bet("Ann", 2))
    assert [type(bet) for bet in made] == [Bet, Wager]
