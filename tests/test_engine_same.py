"""What the engine skips to judge an action in fewer steps gives what judging it in full gives (issue 78): R8.9's
pack is each game's own, and brag's betting makes each move as `match` made it."""

import random

import pytest

from bragref.engine.errors import BadInput
from bragref.engine.rules import Rules
from bragref.games import GAMES, from_preset
from bragref.games import play as engine
from bragref.games.randomplay import random_dealt
from bragref.games.verbs import Show

SEATS = ["Ann", "Bob", "Cy", "Di"]


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


def seen_and_shown(rules: Rules, game=None):
    """Ann bets, Bob sees, Ann shows three threes and Bob three aces: the winner."""
    from bragref.games.brag.actions import See
    from bragref.games.verbs import Bet

    hand = engine.deal(rules, ["Ann", "Bob"], "Bob")
    for action in (Bet("Ann", 2), See("Bob"), Show("Ann", (4, 5, 6)), Show("Bob", (48, 49, 50))):
        hand = engine.apply(hand, action, game)
    return hand.result.winnings


def test_each_hands_cards_are_judged_under_its_own_rules_r8_2():
    """Brag's betting asks its game for the order of hands once a rule set: hands under two sets of rules, one after
    the other, are each judged under their own (threes the best prial, or below the aces, R8.2)."""
    high, low = Rules(threes_high=True), Rules(threes_high=False)
    for _ in range(2):
        assert seen_and_shown(high) == (("Ann", 6),)
        assert seen_and_shown(low) == (("Bob", 6),)


def test_a_game_whose_order_of_hands_is_its_hands_own_is_asked_it_at_every_show(monkeypatch):
    """A game that says its order of hands from the hand (`Game.hand_ranking` of its own) is asked at every show."""
    from bragref.games.brag import Brag
    from bragref.games.protocol import Judging

    asked = []

    def hand_ranking(self, hand):
        asked.append(hand)
        return Judging.hand_ranking(self, hand)

    monkeypatch.setattr(Brag, "hand_ranking", hand_ranking)
    rules = Rules()
    for _ in range(2):
        assert seen_and_shown(rules) == (("Ann", 6),)
    assert len(asked) == 4


OWN_GAMES = ("brag", "hoyle", "braggers", "teen-patti", "bastard", "three-stake", "svara", "three-card-poker")


def test_a_show_made_in_python_naming_a_card_twice_is_refused_as_the_command_line_refuses_it_r8_9():
    """`Show("Bob", (Qs, Qs, 5d))` made in Python and applied by the engine (not through `Deal.push` or `Book.record`,
    which check a move at their door, nor the command line, whose reading refuses it) raised a bare KeyError from
    brag's ranking. It is `BadInput`, the command line's words (R8.9, and what a pack holds), by `apply`,
    `apply_now` and `replay` alike; so is a card number below the pack's, which was read as another card or raised a
    KeyError."""
    from bragref.engine.cards import parse_card
    from bragref.games.brag.actions import See
    from bragref.games.verbs import Bet

    queen, five = parse_card("Qs"), parse_card("5d")
    hand = engine.deal(Rules(), ["Ann", "Bob"], "Bob")
    moves = (Bet("Ann", 2), See("Bob"))
    seen = engine.replay(hand, moves)
    said = "^Qs is shown twice: a pack holds one of each card \\(R8\\.9\\)$"
    for judge in (engine.apply, engine.apply_now):
        with pytest.raises(BadInput, match=said):
            judge(seen, Show("Ann", (queen, queen, five)))
        with pytest.raises(BadInput, match=r"^card number -1 is not .*\(R8\.9\)$"):
            judge(seen, Show("Ann", (-1, queen, five)))
    with pytest.raises(BadInput, match=said):
        engine.replay(hand, (*moves, Show("Ann", (queen, queen, five))))
    wild = engine.replay(engine.deal(Rules(wild="jokers:2"), ["Ann", "Bob"], "Bob"), moves)
    with pytest.raises(BadInput, match=r"^card number -16 is not"):
        engine.apply(wild, Show("Ann", (-16, queen, five)))  # not the first joker, X1, counted from the end
    with pytest.raises(BadInput, match=r"^Qs is shown twice"):
        engine.apply(engine.replay(engine.deal(Rules(cards=4), ["Ann", "Bob"], "Bob"), moves),
                     Show("Ann", (queen, five, parse_card("2c")), (queen,)))  # a discard a kept card again


@pytest.mark.parametrize("game_name", OWN_GAMES)
def test_each_games_order_of_hands_refuses_a_card_twice_and_a_card_number_below_its_pack_r8_9(game_name):
    """`rank` and `compare` from Python (`Game.ranking_for(rules).judge`): a card twice, or a card number below 0, is
    `BadInput` citing R8.9 (not a KeyError, not a hand judged), as `bragref rank Qs Qs 5d` is refused."""
    from bragref.engine.cards import parse_card

    game = GAMES[game_name]
    rules = from_preset(next(iter(game.presets)), game=game_name)
    ranking = game.ranking_for(rules)
    queen, eight = parse_card("Qs"), parse_card("8d")
    with pytest.raises(BadInput, match=r"^Qs is shown twice: a pack holds one of each card \(R8\.9\)$"):
        ranking.judge((queen, queen, eight))
    with pytest.raises(BadInput, match=r"^card number -1 is not"):
        ranking.judge((-1, queen, eight))
    assert ranking.judge((queen, parse_card("Qh"), eight)).kept  # the cards a pack holds, judged


def test_a_players_change_named_outright_is_the_change_replace_makes():
    """`with_player` and `paying` name a status and a number of hands to `replace` outright (through ** it costs
    more): every set of changes a move makes, and any other, gives the player `replace` gives, the others as they
    were; a field not a player's is refused as before."""
    from bragref.engine import state
    from bragref.structs import replace

    hand = engine.deal(Rules(stakes="table"), SEATS, "Di", purses={name: 20 for name in SEATS})
    for changes in ({}, {"status": "folded"}, {"hands": 2}, {"status": "open", "hands": 1}, {"purse": 7},
                    {"status": "covered", "hands": 1, "purse": 0}, {"name": "Eve", "status": "blind"}):
        for index in range(len(SEATS)):
            players = list(hand.players)
            players[index] = replace(players[index], **changes)
            assert state.with_player(hand, index, **changes) == tuple(players)
            if "purse" not in changes:
                player = hand.players[index]
                players[index] = replace(player, paid=player.paid + 3, purse=player.purse - 3, **changes)
                assert state.paying(hand, index, 3, **changes) == tuple(players)
    with pytest.raises(TypeError):
        state.with_player(hand, 0, status="open", colour="red")
    with pytest.raises(TypeError):
        state.paying(hand, 0, 3, status="open", paid=4)


def test_an_orders_tables_are_read_as_its_own_attributes_once_built():
    """The order's tables are built the first time one is read, then are the ranking's own attributes (no
    `__getattr__`, through which every attribute of a ranking was read more slowly); a name it has not is
    refused as any object's."""
    from bragref.engine.ranking import TABLES, BragRanking

    ranking = BragRanking()
    assert not TABLES & set(vars(ranking)) and not hasattr(BragRanking, "__getattr__")
    assert ranking.distinct > 0 and set(vars(ranking)) >= TABLES
    with pytest.raises(AttributeError, match="'BragRanking' object has no attribute 'tables'"):
        ranking.tables  # noqa: B018
