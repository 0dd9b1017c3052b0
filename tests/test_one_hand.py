"""A player holds one hand (R8.10, issue 79): once a player's cards are seen in a deal, every later record of their
hand names the same cards, else bad input (exit 2, naming the cards seen and where, nothing recorded), until the
rules change the hand (an exchange, R14.2; the hand kept of two, R6.3; a svara's new deal, a deal of its own, R16.7).
Held once for every game, in the replay every write, import and audit goes through (`play.check_hand`). Teen Patti's
side show is tested in tests/games/test_teenpatti.py, the referee's picker in tests/test_referee.py."""

import random

import pytest

from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules
from bragref.engine.state import hand_changed, held_by, holding
from bragref.games import GAMES, from_preset
from bragref.games import play as engine
from bragref.games.bastard.actions import Exchange
from bragref.games.brag.actions import Look
from bragref.games.randomplay import random_action, random_dealt
from bragref.games.verbs import Show
from conftest import rewritten

ISSUE_79 = ("deal", "look bob", "bet bob 2", "look cat", "bet cat 2", "look dan", "bet dan 2", "fold ann", "bet bob 2",
            "sideshow cat 2", "accept bob", "show bob Jh Jc 4s", "show cat Kd Kc 8s", "see dan")
TWO_HANDS = "Cat's hand was seen at the side show as Kd Kc 8s, not 2h 7d 9c: a player holds one hand (R8.10)"


@pytest.fixture
def evening(bragref):
    """Issue 79's Teen Patti hand, up to Cat's show after Dan's see, Cat's kings seen at the side show."""
    bragref('session new tp --players "Ann,Bob,Cat,Dan" --game teen-patti')
    for line in ISSUE_79:
        bragref(line)
    return bragref


def test_audit_reports_an_old_ledger_giving_one_player_two_hands_r8_10(evening):
    """As a bragref before R8.10 recorded issue 79's hand: Cat's show after the see names a high card 9, and Dan's
    pair of fives took the pot. The chain made again over the rows: only the replay can tell, and it does."""
    evening("show cat Kd Kc 8s")
    evening("show dan 5h 5d 2c")  # the kings win: the pot, 16, to Cat
    assert evening("audit").stdout.startswith("audit: sound")
    with rewritten(evening.db) as conn:
        conn.execute("""UPDATE actions SET args = '{"cards":"2h 7d 9c","discards":""}', state = NULL WHERE id ="""
                     " (SELECT MAX(id) FROM actions WHERE verb = 'show' AND player = 'Cat')")
        conn.execute("UPDATE postings SET player = 'Dan' WHERE kind = 'win'")  # the pot as it was paid then
    found = evening("audit", code=4).stdout
    assert "hand 1: its action" in found and "(Cat show 2h 7d 9c) is refused on replay" in found, found
    assert TWO_HANDS in found


def test_import_refuses_a_history_giving_one_player_two_hands_r8_10(evening, tmp_path):
    """A hand history whose show gives Cat a hand other than the one seen at the side show is refused whole, exit 2,
    naming the line, the hand and the cards; nothing is recorded."""
    evening("show cat Kd Kc 8s")
    evening("show dan 5h 5d 2c")
    history = tmp_path / "t.bhh"
    evening(f"export -o {history}")
    text = history.read_text()
    later = "  'p4 see 2 open',\n  'p3 show Kd Kc 8s',"
    assert later in text
    bad = tmp_path / "bad.bhh"
    bad.write_text(text.replace(later, "  'p4 see 2 open',\n  'p3 show 2h 7d 9c',")
                   .replace("'p3 win 16 pot 1 show cards'", "'p4 win 16 pot 1 show cards'"))
    from conftest import Bragref

    other = Bragref(tmp_path / "other.db")
    other("session new before --players Ann,Bob")
    rows = other.dump()
    said = other(f"import {bad}", code=2).stderr
    assert "hand 1, p3 show 2h 7d 9c: " + TWO_HANDS in said, said
    assert other.dump() == rows


def test_a_refused_second_hand_writes_nothing_and_the_same_hand_is_taken_r8_10(evening):
    status = evening.json("status")
    said = evening.refused("show cat 2h 7d 9c", "R8.10", code=2)
    assert TWO_HANDS in said
    assert evening.json("status") == status
    evening("show cat 8s Kd Kc")
    said = evening.refused("show dan Kd 5h 5d", "R8.9", code=2)  # and one card is in one hand alone (R8.9)
    assert "Kd has been seen already in this deal (shown by Cat" in said
    evening("show dan 5h 5d 2c")


def test_three_stakes_face_up_card_is_in_the_players_show_r15_4_r8_10(bragref):
    bragref('session new t --players "Andy,Bill,Chris" --game three-stake')
    bragref('deal --up "Kh 2c Ad"')
    bragref.lines("call bill\ncall chris\nraise andy 2\ncall bill\nfold chris\nstand andy")
    said = bragref.refused("show bill Qh 3d 4h", "R8.10", code=2)
    assert "Bill's face-up card is Kh: a show is the three cards dealt, it among them; a player holds one hand" in said
    bragref("show bill Kh 3d 4h")


def test_the_rules_that_change_a_hand_free_its_next_show_r14_2_r6_3():
    """An exchange with the centre (R14.2) and the hand kept of two (R6.3) change the player's hand: what was seen of
    the one before binds their next show no more (`state.hand_changed`). No game shows a hand before these today, so
    the hand is given its seen cards by hand."""
    bastard = engine.deal(from_preset("money", game="bastard"), ["Ann", "Bob", "Cat"], "Cat")
    seen = holding(bastard, "Ann", (1, 2, 3), "face up")
    assert held_by(engine.apply(seen, Exchange("Ann", "3")), "Ann") is None
    assert held_by(engine.apply(seen, Exchange("Ann", "1")), "Ann") is None
    kept = engine.deal(Rules(), ["Ann", "Bob", "Cat"], "Cat", carried_in=3, retained_by="Ann")
    assert kept.player("Ann").hands == 2
    seen = holding(kept, "Ann", (1, 2, 3), "face up")
    assert held_by(engine.apply(seen, Look("Ann", "new", True)), "Ann") is None
    assert held_by(hand_changed(seen, "Bob"), "Ann") == held_by(seen, "Ann")  # only the player's own


def test_a_show_names_the_hand_seen_in_every_game_r8_10(own_games):
    """Every game of bragref's shows through the one check: a player's hand already seen, given by hand where the
    game has no move that shows it before the show, binds their show; its cards in another order are the same hand.
    (A game installed beside may have no show: Seven-card brag lays its hands.)"""
    rng = random.Random(79)
    for name, game in GAMES.items():
        checked = False
        for _deal in range(200):
            rules = from_preset(next(iter(game.presets)), game=game.name)
            seats = ["Ann", "Bob", "Cy", "Di"][:max(3, game.players[0])]
            dealt = {**game.deal_follows(rules, seats, None, lambda: True), **random_dealt(rules, rng, seats)}
            hand = engine.deal(rules, seats, seats[-1], dealt=dealt)
            while hand.phase != "over" and not checked:
                action = random_action(hand, rng, 0.3)
                if isinstance(action, Show) and len(action.cards) >= 3:
                    who, cards = action.player, (*action.cards, *action.discards)
                    other = holding(hand, who, tuple(reversed(cards[1:])) + (cards[0],), "earlier")
                    engine.apply(other, action)  # the same cards, in another order
                    moved = next(c for c in range(52) if c not in cards)
                    other = holding(hand, who, (moved, *cards[1:]), "earlier")
                    with pytest.raises(BadInput, match=rf"{who}'s hand was seen earlier as .*\(R8\.10\)"):
                        engine.apply(other, action)
                    checked = True
                    break
                hand = engine.apply(hand, action)
            if checked:
                break
        assert checked, name


@pytest.mark.parametrize("name", list(GAMES))
def test_random_play_never_names_two_hands_for_one_player_r8_10(name):
    """Random legal play of every game (the property tests' players) shows each player's one hand: a Teen Patti
    player seen at a side show shows the same cards at the next side show and at the show. Every show accepted is
    the hand remembered."""
    game, rng = GAMES[name], random.Random(f"one hand {name}")
    again = 0
    for deal in range(150):
        rules = from_preset(list(game.presets)[deal % len(game.presets)], game=game.name)
        seats = ["Ann", "Bob", "Cy", "Di", "Ed"][:max(4, game.players[0])]
        dealt = {**game.deal_follows(rules, seats, None, lambda: True), **random_dealt(rules, rng, seats)}
        try:
            hand = engine.deal(rules, seats, seats[deal % len(seats)], dealt=dealt)
        except Refused:
            continue
        while hand.phase != "over":
            action = random_action(hand, rng, 0.1)
            if isinstance(action, Show) and held_by(hand, action.player) is not None:
                again += 1
            hand = engine.apply(hand, action)  # never BadInput: never another hand
            for shown in hand.shown:
                held = held_by(hand, shown.player)
                assert held is not None and sorted(held.cards) == sorted((*shown.judged.kept,
                                                                          *shown.judged.discards)), (name, shown)
    if name == "teen-patti":
        assert again > 10  # side shows, then shows of the same hands: the case this guards was played
