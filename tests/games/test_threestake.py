"""Three-stake brag (R15) through the command line: the card, the brag and the thirty-one on one deal, each decided
and paid; checks round to the dealer, folding the brag while playing on for the other two pots, all-in side pots of
the brag, ties eldest and split, aces 11 or 1-or-11, the draw limit, a thirty-one carried and the game change it
holds up; refusals cite R15 and write nothing. Every net asserted."""

from collections import Counter
from itertools import combinations

import pytest

from bragref.games.threestake.thirtyone import points
from tests.test_show import nets

THREE = '--players "Andy,Bill,Chris" --game three-stake'  # Andy deals: Bill, Chris, Andy


@pytest.fixture
def three(bragref):
    def start(up: str, *options: str):
        bragref(f"session new t {THREE} {' '.join(options)}")
        bragref(f'deal --up "{up}"')
        return bragref
    return start


def test_each_pot_is_decided_and_paid_r15_2_to_r15_5(three):
    bragref = three("Kh 2c Ad")
    status = bragref.json("status")
    assert (status["stage"], status["pot"], status["to_act"]) == ("brag", 9, "Bill")
    assert status["three_pots"][0] == {"pot": "card", "amount": 3, "winners": ["Andy"], "carried": False}  # A♦
    assert [p["up"] for p in status["players"]] == ["Kh", "2c", "Ad"] and status["legal"]["call"] == {"cost": 0}
    bragref.lines("""
        call bill
        call chris
        raise andy 2
        call bill
        fold chris
        stand andy
    """)
    status = bragref.json("status")
    assert status["stage"] == "thirty-one" and status["to_act"] == "Bill" and status["totals"] == {
        "Bill": 2, "Chris": 0, "Andy": 2}
    assert status["legal"]["show"] == ["Bill"] and status["legal"]["draw"] is False
    bragref("show bill Kh 3d 4h")  # 17
    assert bragref.json("status")["legal"]["draw"] is True
    bragref("draw bill 10s")  # 27
    bragref("draw bill 9s")  # 36: bust, the turn passes (R15.4)
    bill = bragref.json("status")["players"][0]
    assert (bill["points"], bill["bust"]) == (36, True)
    bragref("show chris 2c Ac Kc")  # folded in the brag, still in the thirty-one: 23
    bragref("stick chris")
    bragref("show andy Ad Kd 9h")  # 30
    over = bragref("stick andy").stdout
    assert "the brag (pot 2), 7, to Andy (high card, A-K-9: R15.5)" in over and "(30: R15.5)" in over
    assert nets(bragref) == {"Andy": 8, "Bill": -5, "Chris": -3}
    pots = bragref.json("status")["three_pots"]
    assert [(p["pot"], p["amount"], p["winners"]) for p in pots] == [("card", 3, ["Andy"]), ("brag", 7, ["Andy"]),
                                                                       ("thirty-one", 3, ["Andy"])]


def test_checks_go_round_to_the_dealer_who_stands_raises_or_folds_r15_3(three):
    bragref = three("Kh 2c Ad")
    bragref("call bill")
    bragref("call chris")
    legal = bragref.json("status")["legal"]
    assert legal["stand"] is True and legal["call"] is None and legal["raise"] == {"min": 1, "max": None}
    assert "Andy is the last raiser with the totals equal: stand, raise or fold" in bragref.refused("call andy",
                                                                                                    "R15.3")
    bragref("raise andy 1")  # the dealer raises: round again to the dealer
    bragref("raise bill 1")
    bragref("call chris")
    bragref("call andy")
    bragref.refused("stand chris", "R15.3")  # only the last raiser, Bill, stands
    assert bragref.json("status")["to_act"] == "Bill"
    bragref("stand bill")
    assert bragref.json("status")["stage"] == "thirty-one"


def test_a_fold_gives_up_the_brag_only_r15_3(three):
    bragref = three("2c Ad 5h")
    bragref("call bill")
    bragref("fold chris")
    bragref("stand andy")
    bragref("show bill 2c 5d 6d")  # 13
    bragref("stick bill")
    bragref("show chris Ad Kc Qc")  # 31 exactly: the turn is over at once (R15.4)
    assert bragref.json("status")["to_act"] == "Andy"
    bragref("show andy 5h 9s 8s")  # 22; its high card beats Bill's for the brag
    bragref("stick andy")
    assert nets(bragref) == {"Bill": -3, "Chris": 3, "Andy": 0}  # Chris: the card and the thirty-one


def test_all_in_splits_the_brag_into_side_pots_and_a_prial_shuffles_r15_3_r9_2(three, bragref):
    bragref(f"session new t {THREE} --stakes table")
    bragref.lines("""
        buy-in bill 5
        buy-in chris 20
        buy-in andy 20
    """)
    bragref('deal --up "Kh 2c Ad"')
    bragref("call bill")
    bragref("raise chris 5")
    bragref("call andy")
    assert bragref.json("status")["legal"]["all_in"] == {"min": 2, "max": 2}  # Bill has 2 left of 5
    bragref("call bill --all-in 2")
    bragref("stand chris")
    bragref("show bill Kh Ks Kd")  # a prial, 30
    bragref("stick bill")
    bragref("show chris 2c 3c 4c")  # a running flush, 9
    bragref("draw chris 10s")
    bragref("draw chris Jh")  # 29
    bragref("stick chris")
    bragref("show andy Ad 5d 7h")  # 23
    over = bragref("stick andy").stdout
    assert "the brag (pot 2), 9, to Bill" in over and "the brag (pot 2), 6, to Chris" in over  # main and side pot
    assert nets(bragref) == {"Bill": 7, "Chris": -2, "Andy": -5}
    assert "Shuffle the pack: hand 1 was won with a prial (R9.2)" in bragref("deal --up \"4h 5h 6h\"").stdout


def test_ties_go_to_the_eldest_or_are_split_r15_6(three, bragref):
    bragref = three("Kh Kd 2c")
    assert bragref.json("status")["three_pots"][0]["winners"] == ["Bill"]  # equal kings: the eldest (default)
    bragref(f"session new s {THREE} --ties split")
    bragref('deal --up "Kh Kd 2c"')
    assert bragref.json("status")["three_pots"][0]["winners"] == ["Bill", "Chris"]
    bragref("call bill")
    bragref("call chris")
    bragref("stand andy")
    bragref("show bill Kh Ah Qh")  # 31, a flush
    bragref("show chris Kd Ad Qd")  # 31, an equal flush
    bragref("show andy 2c 3h 4s")  # 9: a run
    bragref("stick andy")
    history = bragref.json("history 1")
    won = [(e["player"], e["amount"]) for e in history if e["action"] == "won"]
    assert won == [("Bill,Chris", 3), ("Bill,Chris", 3), ("Bill,Chris", 3)]  # each pot split (R6.5)
    assert nets(bragref) == {"Bill": 3, "Chris": 0, "Andy": -3}  # each pot's odd unit to Bill, first in turn (R6.5)


def test_a_thirty_one_nobody_wins_is_carried_and_holds_up_a_change_of_game_r15_5(three, bragref):
    bragref = three("Qs Jd 5h")
    bragref("call bill")
    bragref("call chris")
    bragref("stand andy")
    bragref("show bill Qs Qh Qd")  # 30
    bragref("draw bill 2c")  # 32: bust
    bragref("concede chris")
    bragref("show andy 5h Ah Kh")  # 26
    over = bragref("draw andy Ac").stdout  # 37: bust
    assert "the thirty-one (pot 3), 3, is carried to the next deal" in over
    assert bragref.json("status")["three_pots"][2]["carried"] is True
    assert "does not take it in" in bragref.refused("rules set game brag", "R9.3")
    bragref('deal --up "9c 8d 7h"')  # Bill deals: Chris 9c, Andy 8d, Bill 7h
    assert bragref.json("status")["three_pots"][2]["amount"] == 6 and bragref.json("status")["carried"] == 3
    bragref("call chris")
    bragref("call andy")
    bragref("stand bill")
    bragref("show chris 9c 8c 10c")  # 27, a running flush
    bragref("stick chris")
    bragref("show andy 8d 2h 3h")  # 13
    bragref("stick andy")
    bragref("show bill 7h Kc 4c")  # 21
    bragref("stick bill")
    assert nets(bragref) == {"Andy": -6, "Bill": 0, "Chris": 6}  # hand 3's thirty-one, 6, to Chris's 27
    bragref("rules set game brag")  # won: the game may change


def test_a_pot_carried_by_another_game_keeps_three_stake_waiting_r15_5(bragref):
    bragref('session new b --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # all folded to a blind player: the pot is carried (R6.2)
    assert "three-stake brag does not take it in" in bragref.refused("rules set game three-stake", "R9.3").lower()


@pytest.mark.parametrize("aces, shown, then", [("11", 32, "Chris"), ("1-or-11", 22, "Bill")])
def test_an_ace_counts_11_or_1_or_11_r15_4(three, aces, shown, then):
    bragref = three("Ah 2c Ad", f"--ace-points {aces}")
    bragref.lines("""
        call bill
        call chris
        stand andy
    """)
    bragref("show bill Ah As Kc")
    status = bragref.json("status")
    assert status["players"][0]["points"] == shown and status["to_act"] == then  # bust at once, or draw on


def test_a_draw_limit_ends_the_turn_r15_4(three):
    bragref = three("2h 2c Ad", "--draw-limit 1")
    bragref.lines("""
        call bill
        call chris
        stand andy
        show bill 2h 3h 4h
        draw bill 5h
    """)
    assert bragref.json("status")["to_act"] == "Chris"  # one card drawn: done (R15.4)
    bragref.refused("draw bill 6h", "R15.4")


def test_refusals_cite_r15_and_write_nothing(three, bragref):
    bragref(f"session new t {THREE}")
    assert "every player's face-up card" in bragref("deal", code=2).stderr  # R15.1: the face-up cards
    assert "not 2" in bragref('deal --up "Kh 2c"', code=2).stderr
    bragref('deal --up "Kh 2c Ad"')
    assert "bet is not a move of Three-stake brag" in bragref.refused("bet bill 2", "(R15)")
    bragref.refused("call chris", "R15.3")  # out of turn
    bragref.refused("draw bill 4h", "R15.4")  # the thirty-one comes after the brag
    bragref.lines("""
        call bill
        call chris
        stand andy
    """)
    bragref.refused("raise bill 1", "R15.4")  # the brag's betting is over
    bragref.refused("award bill", "(R15)")  # the cards decide every pot
    bragref.refused("show chris 2c 3c 4c", "R15.4")  # Bill's turn
    bragref.refused("draw bill 4h", "R15.4")  # a show first
    bragref.refused("show bill 2h 3h 4h", "R15.4", code=2)  # without Bill's face-up card: bad input
    bragref.refused("show bill Kh 2c 4h", "pack holds one of each", code=2)  # Chris's face-up card
    bragref("show bill Kh 3h 4h")
    bragref.refused("draw bill Ad", "pack holds one of each", code=2)  # Andy's face-up card
    bragref.refused("draw bill 3h", "pack holds one of each", code=2)  # shown already
    bragref(f"session new short {THREE} --stakes table")
    bragref("buy-in bill 2")
    bragref("buy-in chris 9")
    bragref("buy-in andy 9")
    assert "less than three antes" in bragref.refused('deal --up "Kh 2c Ad"', "R15.7")


def test_rank_and_odds_count_the_thirty_one_r15_4(bragref):
    ranked = bragref.json("rank Ah Kd Qc --game three-stake")
    assert (ranked["class"], ranked["points"]) == ("run", 31)
    assert bragref.json("rank Ah Ad Kc --game three-stake --ace-points 1-or-11")["points"] == 22
    assert "; points 32" in bragref("rank Ah Ad Kc --game three-stake").stdout
    assert bragref.json("odds --game three-stake") == bragref.json("odds --game brag")  # the brag's hands (R8)
    every = list(combinations(range(52), 3))
    at_11 = Counter(min(points(cards), 32) for cards in every)
    # 31 exactly: an ace and two cards worth 10 (4 × C(16, 2) = 480), or two aces and a nine (C(4, 2) × 4 = 24);
    # bust before any draw: two aces and a card worth 10 (6 × 16 = 96) or three aces (4)
    assert (at_11[31], at_11[32]) == (504, 100)
    either = Counter(min(points(cards, "1-or-11"), 32) for cards in every)
    assert (either[31], either[32]) == (504, 0)  # aces falling to 1 never bust three cards
    assert (points((48, 49, 50)), points((48, 49, 50), "1-or-11")) == (33, 23)  # A-A-A: the best not over 31


def test_the_table_plays_a_hand_of_three_stake(three, bragref):
    bragref(f"session new t {THREE}")
    out = bragref.table("d up Kh 2c Ad", "c", "c", "r 2", "c", "f", "stand", "Kh 3d 4h", "dr 10s", "dr 9s",
                        "2c Ac Kc", "sk", "Ad Kd 9h", "sk", "q").output
    assert "Bill (open) — call (a check: nothing to put in) · raise by 1 or more · fold > " in out
    assert "Hand 1 over: the card (pot 1), 3, to Andy" in out
    assert nets(bragref) == {"Andy": 8, "Bill": -5, "Chris": -3}


def test_the_game_is_listed_and_its_history_round_trips(three, tmp_path):
    bragref = three("Kh 2c Ad")
    games = bragref("games").stdout
    assert "three-stake — Three-stake brag (R15)" in games and "ace-points   11" in games
    bragref.lines("""
        call bill
        call chris
        stand andy
        show bill Kh 3d 4h
        draw bill 10s
        stick bill
        concede chris
        show andy Ad Kd 9h
        stick andy
    """)
    text = bragref.round_trip(tmp_path / "t.bhh")
    assert "up = 'Kh 2c Ad'" in text and "'p2 draw 10s'" in text and "'p2 call 0'" in text
    again = tmp_path / "again.bhh"
    bragref.again(f"--session again export -o {again}")
    assert again.read_text().replace("session = 'again'", "session = 't'") == text


def test_at_most_eight_are_dealt_in_r15_1(bragref):
    bragref('session new nine --players "A1,A2,A3,A4,A5,A6,A7,A8,A9" --game three-stake')
    assert "for 2 to 8 players, not 9" in bragref.refused('deal --up "2c 3c 4c 5c 6c 7c 8c 9c 10c"', "R15.1")
    bragref("player leave A9")
    bragref('deal --up "2c 3c 4c 5c 6c 7c 8c 9c"')


def test_a_player_who_joins_after_the_deal_sits_the_hand_out_in_status(three):
    bragref = three("Kh 2c Ad")
    bragref("player join Dan", code=3)  # between hands only (R2.1) ...
    bragref.lines("""
        call bill
        call chris
        stand andy
        show bill Kh 3d 4h
        stick bill
        show chris 2c 3c 4c
        stick chris
        show andy Ad Kd 9h
        stick andy
        player join Dan
    """)
    dan = bragref.json("status")["players"][-1]
    assert (dan["name"], dan["state"], dan["up"], dan["points"]) == ("Dan", "sitting-out", None, None)


def test_everyone_in_the_brag_concedes_a_tie_and_the_most_stake_ends_the_betting_r15_3_r15_6(three):
    bragref = three("2c 3d 4h", "--max-stake 2")
    bragref("raise bill 2")  # Bill's total is at the most a total may reach ...
    bragref("call chris")
    assert bragref.json("status")["legal"]["raise"] is None  # ... and no raise can pass it
    bragref("call andy")  # every total at max-stake: the betting is over (R15.3)
    assert bragref.json("status")["stage"] == "thirty-one"
    bragref.lines("""
        concede bill
        concede chris
        concede andy
    """)
    pots = bragref.json("status")["three_pots"]
    assert pots[1]["winners"] == ["Bill"] and pots[2]["carried"] is True  # a tie for the brag: the eldest (R15.6)
    assert nets(bragref) == {"Bill": 4, "Chris": -5, "Andy": -2}  # the brag's 9 to Bill, the card's 3 to Andy


def test_the_clarified_rulings_r15_3_r15_4_r15_7(bragref):
    """Issue 58 (the rulebook clarified): a dealer who folds when checked round ends the betting (R15.3); a pot 2 won by
    folds stays won when its winner concedes the thirty-one (R15.4); only a pot 2 won at the show with a prial makes
    the next deal shuffled, not a prial shown for the thirty-one (R15.7)."""
    bragref('session new ts --players "Andy,Bill,Chris" --game three-stake')
    bragref('deal --up "2c 5d 9h"')  # Andy deals: Bill, Chris, Andy; the card (3) to Andy's 9h
    bragref.lines("call bill\ncall chris\nfold andy")  # checked round to the dealer, who folds: the betting is over
    assert bragref.json("status")["stage"] == "thirty-one"
    bragref.lines("show bill 2c 2d 2s\nstick bill\nshow chris 5d 6h 7c\nstick chris\nshow andy 9h Kd Qs\nstick andy")
    table = bragref.json("status")  # pot 2 to Bill's prial at the show; pot 3 to Andy's 29
    assert table["shuffle"] is True and nets(bragref) == {"Andy": 3 - 3 + 3, "Bill": 3 - 3, "Chris": -3}
    bragref('deal --up "3c 6d 10h"')  # Bill deals: Chris, Andy, Bill
    bragref.lines("raise chris 2\nfold andy\nfold bill")  # pot 2 (3 + 2) to Chris by folds
    bragref.lines("concede chris\nshow andy 6d 6h 6s\nstick andy\nshow bill 10h 2d 3s\nstick bill")
    table = bragref.json("status")
    assert [p["winners"] for p in table["three_pots"]] == [["Bill"], ["Chris"], ["Andy"]]
    assert table["shuffle"] is False  # Andy's prial was shown for the thirty-one only (R15.7)
    assert nets(bragref) == {"Andy": 3 - 3 + 3, "Bill": 0 - 3 + 3, "Chris": -3 - 3 - 2 + 5}
