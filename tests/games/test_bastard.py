"""Bastard Brag for money (R14.1–R14.3, R14.5) through the command line: the centre hand, exchange turns, two
rounds or rounds until a knock, then Brag's betting with blind play off. Every net asserted.

Andy deals, so Bill exchanges first, then Chris, then Andy (R14.2); the ante is 1 each.
"""

import pytest

from tests.test_show import nets

THREE = '--players "Andy,Bill,Chris" --game bastard'


@pytest.fixture
def bastard(bragref):
    def start(*options: str, deal: str = "deal"):
        bragref(f"session new b {THREE} {' '.join(options)}")
        bragref(deal)
        return bragref
    return start


def two_rounds(bragref, second=("pass bill", "exchange chris 1", "pass andy")):
    bragref("exchange bill 1")
    bragref("exchange chris 3")
    bragref("exchange andy 1")
    for line in second:
        bragref(line)


def test_the_money_game_two_rounds_then_brag_betting_and_a_see_r14_3(bastard):
    bragref = bastard()
    status = bragref.json("status")
    assert (status["game"], status["round"], status["to_act"], status["pot"]) == ("bastard", 1, "Bill", 3)
    assert status["legal"]["exchange"] and not status["legal"]["pass"] and not status["legal"]["knock"]
    two_rounds(bragref)
    status = bragref.json("status")
    assert status["round"] is None and status["to_act"] == "Bill" and status["legal"]["blind_bet"] is None
    bragref("bet bill 2")
    bragref("bet chris 3")
    bragref("fold andy")
    out = bragref("see bill").stdout  # two left: Bill sees Chris for twice the stake (R5.3)
    assert "Bill saw Chris" in out
    bragref("show chris Kh Kd 4c")
    bragref("show bill Ah As 2d")
    assert nets(bragref) == {"Andy": -1, "Bill": 5, "Chris": -4}  # the pot 14: Bill put in 1 + 2 + 6
    story = bragref("replay 1").stdout
    assert "Chris exchanged the whole hand with the centre (R14.2)" in story
    assert "The exchanges are over: the betting begins, Bill first, blind play off (R14.3)" in story


def test_no_pass_in_the_first_round_no_blind_bet_no_knock_no_fold_r14_2_r14_3_r3_2(bastard):
    bragref = bastard()
    assert "passing comes in the second" in bragref.refused("pass bill", "R14.3")
    assert "nobody knocks" in bragref.refused("knock bill", "R14.3")
    assert "the exchanges come first" in bragref.refused("fold bill", "R14.2")
    bragref.refused("exchange chris 1", "R2.5")  # in turn only
    assert bragref("exchange bill 2", code=2).exit_code == 2  # one card or three
    two_rounds(bragref)
    bragref.refused("bet bill 1 --blind", "R3.2")
    bragref.refused("exchange bill 1", "R14.2")  # the exchanges are over
    bragref("bet bill 1")
    bragref("fold chris")
    bragref("fold andy")
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}


def test_money_with_knocking_r14_5_r14_4(bastard):
    bragref = bastard("--exchanges knock")
    assert "allowed from round 2" in bragref.refused("knock bill", "R14.4")
    two_rounds(bragref, second=())
    assert "until someone knocks" in bragref.refused("pass bill", "R14.4")
    bragref("exchange bill 1")
    bragref("knock chris")  # round 2: Andy, then Bill, each one more turn
    assert bragref.json("status")["knocked_by"] == "Chris"
    assert "exchanges once more" in bragref.refused("pass andy", "R14.4")
    bragref.refused("knock andy", "R14.4")
    bragref("exchange andy 3")
    out = bragref("exchange bill 1").stdout  # the turn comes back to Chris: the betting, from the dealer's left
    assert "Bill to act: bet 1 or more" in out
    bragref("bet bill 1")
    bragref("bet chris 1")
    bragref("bet andy 1")
    bragref("fold bill")
    bragref("see chris")
    bragref("show andy Qh Qd 3c")
    bragref("concede chris")
    assert nets(bragref) == {"Andy": 6, "Bill": -2, "Chris": -4}  # the pot 8: Chris saw for 2 and conceded


def test_after_knock_optional_lets_the_others_pass_r14_4(bastard):
    bragref = bastard("--exchanges knock --knock-from 1 --after-knock optional")
    bragref("knock bill")
    bragref("pass chris")
    bragref("exchange andy 1")
    assert bragref.json("status")["round"] is None  # the exchanges are over


def test_the_centre_face_up_r14_1_r14_2(bastard, tmp_path):
    bragref = bastard("--centre-up 2", deal='deal --up "7h 9c"')
    assert bragref.json("status")["centre_up"] == ["7h", "9c"]
    assert "face up, not 1" in bragref("exchange bill 1 --up 7h", code=2).stderr
    bragref('exchange bill 1 --up "Kd 9c"')
    assert bragref.json("status")["centre_up"] == ["Kd", "9c"]
    bragref("exchange chris 3")
    bragref("exchange andy 1")
    bragref("exchange bill 3")
    bragref("pass chris")
    bragref("pass andy")
    bragref("bet bill 1")
    bragref("fold chris")
    bragref("fold andy")
    bragref(f"export -o {tmp_path / 'b.bhh'}")
    text = (tmp_path / "b.bhh").read_text()
    assert "up = '7h 9c'" in text and "'p2 exchange 1 up Kd 9c'" in text and "centre-up = 2" in text
    bragref(f"import {tmp_path / 'b.bhh'} --as again")
    bragref("audit --all")


def test_three_to_ten_players_r14_1(bragref):
    bragref('session new b --players "Andy,Bill" --game bastard')
    bragref.refused("deal", "R14.1")


def test_bastard_at_the_table(bastard):
    bragref = bastard()
    out = bragref.table("x 1", "x 3", "x 1 up 4d", "p", "x 1", "p", "b 2", "f", "f", "q").output
    assert "Bill (open) — exchange 1|3 > " in out and "exchange 1|3 · pass" in out
    assert "refused" not in out and "error" not in out
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}
