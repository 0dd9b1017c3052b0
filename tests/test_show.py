"""Cards at the table: `show` at sees and showdowns, the referee deciding from them (R5.4, R6.5, R8, R9.2),
and `rank`, `compare`, `odds` through the command line."""

import os
import subprocess
import sys

import pytest


def nets(bragref) -> dict:
    return {r["player"]: r["net"] for r in bragref.json("balances")}


@pytest.fixture
def seen(bragref):
    """Andy deals; Bill bets 2, Chris folds, Andy looks and sees Bill for 4 (R5.3). Pot 9: Andy paid 5, Bill 3,
    Chris 1. (Unlooked, Andy would see as blind, for 2: R3.1.)"""
    def start(*options: str):
        bragref(f'session new s --players "Andy,Bill,Chris" {" ".join(options)}')
        bragref("deal")
        bragref.lines("""
            bet bill 2
            fold chris
            look andy
            see andy
        """)
        return bragref
    return start


def test_seer_with_the_better_hand_wins_r5_4(seen):
    bragref = seen()
    bragref("show bill Kh Kd 4c")
    out = bragref("show andy 3h 3d 3s").stdout
    assert "Andy 9" in out and "prial of threes" in out
    assert nets(bragref) == {"Andy": 4, "Bill": -3, "Chris": -1}


def test_seer_with_the_worse_hand_loses(seen):
    bragref = seen()
    bragref("show bill 3h 3d 3s")
    bragref("show andy Kh Kd 4c")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}


def test_equal_hands_lose_for_the_seer_r5_4(seen):
    bragref = seen()
    bragref("show bill 7s 7h Qc")
    bragref("show andy 7c 7d Qd")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}


def test_seer_concedes_without_showing(seen):
    bragref = seen()
    bragref("show bill 7s 7h Qc")
    bragref("concede andy")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}
    assert [s["player"] for s in bragref.json("status")["shown"]] == ["Bill"]


def test_the_seen_player_shows_first_r5_4(seen):
    bragref = seen()
    assert "Bill was seen and shows first" in bragref.refused("show andy 3h 3d 3s", "R5.4")
    assert bragref.json("status")["legal"]["show"] == ["Bill"]
    bragref("show bill 2c 5d 9h")
    assert "already shown" in bragref.refused("show bill 3h 3d 3s", "R5.4")
    assert bragref.json("status")["legal"]["show"] == ["Andy"]


def test_no_show_without_a_see_or_showdown(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref.refused("show bill 3h 3d 3s", "R5.4")
    bragref("bet bill 2")
    bragref("fold chris")
    bragref("see andy")
    bragref.refused("show chris 3h 3d 3s", "R5.4")


@pytest.mark.parametrize("line, says", [
    ("show bill 1h 3d 3s", "'1h'"),
    ("show bill 3x 3d 3s", "'x' is not a suit"),
    ("show bill 3h 3h 3s", "3h is shown twice"),
    ("show bill 3h 3d", "three cards, not 2"),
    ("show bill 3h 3d 3s 4s", "three cards, not 4"),
    ("show bill X1 3d 3s", "no jokers"),
    ("show bill 3h 3d 3s --discard 4c", "no discards"),
    ("show bill 3h 3d 3s nope", "'nope'"),
])
def test_bad_cards_are_bad_input_and_write_nothing(seen, line, says):
    bragref = seen()
    assert says in bragref.refused(line, "", code=2)


def test_a_card_already_shown_in_this_deal_is_bad_input(seen):
    bragref = seen()
    bragref("show bill 3h 3d 3s")
    assert "3h has been seen already in this deal" in bragref.refused("show andy 3h Kd Ks", "R8.9", code=2)


def test_four_card_tie_decided_by_the_discards_r8_6(seen):
    bragref = seen("--cards 4")
    bragref("show bill Kh Qh Jh --discard 9c")
    out = bragref("show andy Ks Qs Js 10c").stdout  # all four cards: the referee keeps the best three
    assert "discards 10c" in out
    assert nets(bragref) == {"Andy": 4, "Bill": -3, "Chris": -1}
    story = bragref("replay 1").stdout  # the discards decided it: the story says each (R8.6)
    assert "Bill showed Kh Qh Jh, discarding 9c: running flush" in story
    assert "Andy showed Ks Qs Js, discarding 10c: running flush" in story


def test_four_card_hands_equal_to_the_discards_lose_for_the_seer(seen):
    bragref = seen("--cards 4")
    bragref("show bill Kh Qh Jh 9c")
    bragref("show andy Ks Qs Js --discard 9d")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}


def test_agreed_showdown_split_with_the_odd_unit_first_in_turn_r6_5(bragref):
    bragref('session new s --players "Andy,Bill,Chris,Dan"')
    bragref("deal")  # Andy deals: Bill, Chris, Dan, Andy; pot 4 of antes
    bragref.lines("""
        bet bill 1
        bet chris 1
        bet dan 1
        showdown
        show andy Qs 10s 5s
        show bill 9h 9d 3c
        show dan 2c 6h 9c
    """)
    assert bragref.json("status")["phase"] == "showdown"
    out = bragref("show chris Qd 10d 5d").stdout  # equals Andy's flush: the pot of 7 is split
    assert "Chris 4 and Andy 3" in out
    assert nets(bragref) == {"Andy": 2, "Bill": -2, "Chris": 2, "Dan": -2}


def test_showdown_conceded_down_to_shown_hands_is_decided_by_them(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref.lines("""
        bet bill 1
        showdown
        show bill 9h 9d 3c
        show chris Ah Kd 4c
    """)
    bragref("concede andy")
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}


def test_a_prial_won_see_calls_for_a_shuffle_r9_2(seen):
    bragref = seen()
    bragref("show bill Kh Kd 4c")
    bragref("show andy 3h 3d 3s")
    assert bragref.json("status")["shuffle"] is True
    assert "Shuffle the pack: hand 1 was won with a prial (R9.2)" in bragref("deal").stdout
    assert bragref.json("status")["shuffle"] is False


def test_no_shuffle_after_a_hand_not_won_with_a_prial(seen):
    bragref = seen()
    bragref("show bill Kh Kd 4c")
    bragref("show andy Ah Ad 4s")
    assert bragref.json("status")["shuffle"] is False
    assert "Shuffle" not in bragref("deal").stdout


def test_undoing_the_deciding_show_reverses_the_settlement(seen):
    bragref = seen()
    bragref("show bill Kh Kd 4c")
    bragref("show andy 3h 3d 3s")
    bragref("undo --reason 'wrong cards typed'")
    assert nets(bragref) == {"Andy": 0, "Bill": 0, "Chris": 0}
    assert bragref.json("status")["legal"]["show"] == ["Andy"]
    bragref("show andy 2h 3d 5s")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}


def test_shown_cards_are_in_the_history(seen):
    bragref = seen("--cards 4")
    bragref("show bill Kh Qh Jh --discard 9c")
    rows = bragref.json("history")
    assert rows[-1]["action"] == "show" and rows[-1]["detail"] == "Kh Qh Jh / 9c"


def test_wild_cards_from_the_session_rules(seen):
    bragref = seen("--wild deuces")
    bragref("show bill Kh Kd Kc")
    out = bragref("show andy 2h 2d 2c").stdout
    assert "prial of threes (3 wild cards)" in out
    assert nets(bragref)["Andy"] == 4


def test_rank_compare_odds_json(bragref):
    assert bragref.json("rank 3h 3d 3s") == {
        "hand": "3h 3d 3s", "class": "prial", "place": 1, "of": 741, "name": "prial of threes, the best hand",
        "wild": 0, "kept": "3s 3h 3d", "discards": ""}
    assert bragref.json("rank Ah 2d 3c")["name"] == "run, A-2-3"
    compared = bragref.json('compare "Qd 10d 3d" "Kh 9h 2h" "Qs 10s 3s"')
    assert [(c["hand"], c["class"], c["place"]) for c in compared] == [
        ("Qd 10d 3d", "flush", 2), ("Kh 9h 2h", "flush", 1), ("Qs 10s 3s", "flush", 2)]
    odds = bragref.json("odds")
    assert [o["class"] for o in odds] == ["prial", "running flush", "run", "flush", "pair", "high card"]
    assert odds[0]["count"] == 52 and odds[0]["probability"] == pytest.approx(0.00235, abs=1e-5)
    assert not bragref.db.exists()  # ranking cards makes no ledger


def test_card_commands_take_the_session_rules_and_options_on_top(bragref):
    bragref('session new s --players "Andy,Bill" --wild deuces --cards 4')
    assert bragref.json("rank 2h 2d 2c 5s")["name"] == "prial of threes (3 wild cards)"
    assert bragref.json("rank 2h 2d 2c --cards 3 --wild none")["name"] == "prial of twos"
    assert bragref.json("odds --cards 3 --wild none")[0]["count"] == 52


def test_rules_set_changes_the_ranking_between_hands(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref("rules set a23 low")
    bragref("rules set threes-high off")
    bragref("rules set wild 'jokers:2'")
    assert bragref.json("rules show")["wild"] == "jokers:2"
    ranked = bragref.json("rank X1 Ah Ad")  # aces are the best prial now; the natural one beats it
    assert (ranked["name"], ranked["place"]) == ("prial of aces (1 wild card)", 2)
    assert bragref.json("rank Ah 2d 3c")["place"] > bragref.json("rank 4h 3d 2c")["place"]
    bragref.refused("rules set cards 6", "", code=2)


@pytest.mark.parametrize("line", ["rank 3h 3d", "rank 3h 3d 3q", "compare '3h 3d 3s'", "odds --wild sevens",
                                  "rank X1 3d 3s --wild jokers:0"])
def test_card_commands_bad_input_exit_2(bragref, line):
    result = bragref(line, code=2)
    assert "Traceback" not in result.output


def test_betting_never_loads_the_card_modules():
    """A command that ranks no cards pays nothing for them, not even the import (checked in a fresh interpreter)."""
    script = (
        "import sys, tempfile, os\n"
        "from bragref.cli import cli\n"
        "db = os.path.join(tempfile.mkdtemp(), 'l.db')\n"
        "for line in ['session new s --players A,B,C', 'deal', 'bet b 2', 'fold c', 'see a']:\n"
        "    try:\n"
        "        cli.main(['--db', db, *line.split()], standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('bragref.engine.') and m.split('.')[-1] in "
        "('cards', 'ranking', 'odds')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "NO_COLOR": "1", "BRAGREF_OWN_GAMES_ONLY": "1"}).stdout  # bragref's
    # games: one installed beside may load the cards as its module loads, and `session new` loads every game
    assert out.strip().splitlines()[-1] == "[]"
