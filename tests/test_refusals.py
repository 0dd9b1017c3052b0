"""Every rule the referee enforces, refused: exit 3, the rule cited, what is allowed, nothing written."""

import pytest

FIVE = '--players "Andy,Bill,Chris,Dan,Eddie"'
THREE = '--players "Andy,Bill,Chris"'
TWO = '--players "Andy,Bill"'

# (session options, lines played first, the refused line, the rule it breaks)
CASES = {
    "R2.5 bet out of turn": (FIVE, "", "bet bill 2", "R2.5"),
    "R2.5 fold out of turn": (FIVE, "bet andy 2", "fold dan", "R2.5"),
    "R2.4 a folded player acts": (FIVE, "fold andy; bet bill 2; bet chris 2; bet dan 2; bet eddie 2", "bet andy 2", "R2.4"),
    "R3.4 look out of turn": (FIVE, "bet andy 1 --blind", "look andy", "R3.4"),
    "R3.4 look twice": (FIVE, "look andy", "look andy", "R3.4"),
    "R3.4 blind player bets open without looking": (THREE, "bet andy 1 --blind; bet bill 2; bet chris 2", "bet andy 2", "R3.4"),
    "R3.2 blind bet when blind play is off": (f"{FIVE} --no-blind", "", "bet andy 1 --blind", "R3.2"),
    "R3.2 bastard preset has no blind play": (f"{FIVE} --preset bastard", "", "bet andy 1 --blind", "R3.2"),
    "R3.5 blind again after looking": (THREE, "look andy; bet andy 2; bet bill 2; bet chris 2", "bet andy 1 --blind", "R3.5"),
    "R4.1 open bet under the stake": (FIVE, "bet andy 2", "bet bill 1", "R4.1"),
    "R4.1 blind bet under half the stake rounded up": (FIVE, "bet andy 5", "bet bill 2 --blind", "R4.1"),
    "R4.2 first bet under min-bet": (f"{FIVE} --min-bet 2", "", "bet andy 1", "R4.2"),
    "R4.2 first bet over max-bet": (f"{FIVE} --max-bet 5", "", "bet andy 6", "R4.2"),
    "R4.2 first blind bet over half max-bet": (f"{FIVE} --max-bet 5", "", "bet andy 3 --blind", "R4.2"),
    "R4.3 raise over the limit": (f"{FIVE} --raise-limit 2", "bet andy 2", "bet bill 5", "R4.3"),
    "R4.4 bet over the pot": (f"{FIVE} --pot-limit", "", "bet andy 6", "R4.4"),
    "R5.1 see with three left": (THREE, "bet andy 2; bet bill 2; bet chris 2", "see andy", "R5.1"),
    "R5.1 see before any bet": (TWO, "", "see andy", "R5.1"),
    "R5.2 open player sees a blind man": (TWO, "bet andy 1 --blind; look bill", "see bill", "R5.2"),
    "R5.4 two winners at a see": (TWO, "bet andy 2; bet bill 2; see andy", "award andy bill", "R5.4"),
    "R5.4 bet after the see": (TWO, "bet andy 2; see bill", "bet andy 2", "R5.4"),
    "R5.4 concede with no see": (TWO, "bet andy 2", "concede andy", "R5.4"),
    "R6.5 showdown with two left": (THREE, "bet andy 2; fold bill", "showdown", "R6.5"),
    "R6 deal before the hand is over": (FIVE, "bet andy 1", "deal", "R6"),
    "R2.2 bet after the hand is over": (TWO, "fold andy", "bet bill 2", "R2.2"),
    "R2.1 join during a hand": (FIVE, "", "player join Fred", "R2.1"),
    "R2.1 leave during a hand": (FIVE, "", "player leave dan", "R2.1"),
    "R9.3 rules change during a hand": (FIVE, "", "rules set ante 2", "R9.3"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_refused(bragref, name):
    options, before, line, rule = CASES[name]
    bragref(f"session new t {options} --ante 1")
    dealer = "eddie" if "Eddie" in options else "chris" if "Chris" in options else "bill"
    bragref(f"deal --dealer {dealer}")
    for step in filter(None, (s.strip() for s in before.split(";"))):
        bragref(step)
    message = bragref.refused(line, rule)
    assert message.startswith("refused: ")
    assert len(message.strip().splitlines()) <= 2


def test_refusal_says_what_is_allowed(bragref):
    bragref(f"session new t {FIVE} --ante 1 --raise-limit 10")
    bragref("deal --dealer eddie")
    bragref("bet andy 4")
    message = bragref.refused("bet bill 3", "R4.1")
    assert message.splitlines() == [
        "refused: an open bet must be at least 4 here, not 3 (R4.1)",
        "Bill may: bet 4–14, bet blind 2–7, look, agree a showdown, fold",
    ]


def test_retained_hand_refusals(bragref):
    bragref(f"session new t {THREE} --ante 1")
    bragref("deal --dealer chris")
    bragref("bet andy 1 --blind")
    bragref("fold bill")
    bragref("fold chris")  # Andy is blind and alone: the pot is carried, he retains (R6.2)
    bragref("deal")  # Andy deals; Bill, Chris, then Andy act
    bragref("bet bill 2")
    bragref("bet chris 2")
    bragref.refused("look andy", "R6.3")
    bragref.refused("bet andy 2", "R3.4")
    bragref("look andy --hand old --fold")
    bragref.refused("look andy --hand new --keep", "R6.3")  # one hand left now: a plain look


def test_faceup_variant_refuses_blind_bets_against_the_faceup_hand(bragref):
    bragref(f"session new t {THREE} --ante 1 --retained-blind faceup")
    bragref("deal --dealer chris")
    bragref("bet andy 1 --blind")
    bragref("fold bill")
    bragref("fold chris")
    bragref("deal")
    bragref.refused("bet bill 1 --blind", "R6.4")


@pytest.mark.parametrize(
    "line, words",
    [
        ("bet zed 2", "no player 'zed'"),
        ("bet 2", "bet wants AMOUNT (bragref bet PLAYER AMOUNT [--blind])"),
        ("bet andy 1.5", "not a whole number of units"),
        ("bet andy abc", "not an amount"),
        ("bet andy 0", "more than 0"),
        ("bet andy -- -2", "more than 0"),
        ("bet andy -2", "-2 is below 0: an amount is more than 0 (R1.1)"),
        ("lend andy bill -1.50", "-1.50 is below 0"),
        ("look andy --hand new", "go together"),
        ("look andy --hand", "--hand wants HAND after it (bragref look PLAYER [--hand old|new] [--keep|--fold])"),
        ("show andy Kh Kd 4c discard", "'discard' wants CARDS after it"),
        ("award", "award wants PLAYERS"),
        ("frobnicate", "No such command"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(five, line, words):
    message = five.refused(line, words, code=2)
    assert "Traceback" not in message


def test_ambiguous_name_lists_candidates(bragref):
    bragref('session new t --players "Andy,Anne,Bill"')
    bragref("deal")
    message = bragref.refused("bet an 2", "could be Andy, Anne", code=2)
    assert "Anne" in message


def test_award_names_each_winner_once(bragref):
    bragref(f"session new t {THREE}")
    bragref("deal --dealer chris")
    for line in ("bet andy 1", "bet bill 1", "bet chris 1", "showdown"):
        bragref(line)
    bragref.refused("award andy andy", "each winner is named once", code=2)


def test_a_session_needs_two_players(bragref):
    bragref(f"session new first {TWO}")
    bragref.refused('session new t --players "Andy"', "at least two players (R2.1)", code=2)
    bragref.refused('session new t --players "Andy,ANDY"', "each player is named once (R2.6)", code=2)


def test_no_session_and_no_hand_are_bad_input(bragref):
    assert "no ledger at" in bragref("status", code=2).stderr  # and none is made (docs/reference.md)
    bragref(f"session new t {TWO}")
    assert "no hand has been dealt" in bragref.refused("bet andy 1", "deal", code=2)
