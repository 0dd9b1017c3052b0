"""Running short: covering the pot and chains of covered pots (R7.2–R7.4), table stakes (R1.3), through the CLI.

Four players, ante 1, Dan deals: Andy acts first, then Bill, Chris, Dan (R2.4).
Every scenario asserts every player's net after settlement.
"""

import re

import pytest

from tests.test_show import nets

FOUR = '--players "Andy,Bill,Chris,Dan"'


@pytest.fixture
def four(bragref):
    def start(*options: str):
        bragref(f"session new s {FOUR} {' '.join(options)}")
        bragref("deal --dealer dan")
        return bragref
    return start


@pytest.fixture
def covered_then_seen(four):
    """Bill covers with 3 while three others bet on; Chris folds and Dan sees Andy.

    Covered pot: antes 4 + Andy 4 + Bill 3 = 11. The last pot: 4 + 4 + 4 + the see 8 = 20.
    Paid: Andy 9, Bill 4, Chris 5, Dan 13.
    """
    bragref = four()
    bragref.lines("""
        bet andy 4
        cover bill 3
        bet chris 4
        bet dan 4
        bet andy 4
        fold chris
        see dan
        show andy 2c 5d 9h
        show dan Kh Kd 4c
    """)
    return bragref


def test_after_a_cover_three_bet_on_into_a_new_pot_r7_2(four):
    bragref = four()
    bragref("bet andy 4")
    bragref("cover bill 3")
    status = bragref.json("status")
    assert status["pots"] == [{"amount": 11, "covered_by": "Bill", "contenders": ["Andy", "Bill", "Chris", "Dan"]}]
    assert (status["pot"], status["live_pot"], status["to_act"], status["stake"]) == (11, 0, "Chris", 4)
    assert {p["name"]: p["state"] for p in status["players"]}["Bill"] == "covered"
    bragref.refused("see chris", "R5.1")  # three still betting: no see yet
    assert "Bill has covered" in bragref.refused("bet bill 4", "R2.4")  # a covered player bets no more


def test_no_cover_when_the_minimum_is_one_unit_r7_2(four):
    assert "nothing less to cover with" in four().refused("cover andy 1", "R7.2")


@pytest.mark.parametrize("bill, covered_pot_to, expected", [
    ("3h 3d 3s", "Bill", {"Andy": -9, "Bill": 7, "Chris": -5, "Dan": 7}),  # the coverer's hand is better
    ("7c 4h 2d", "Dan", {"Andy": -9, "Bill": -4, "Chris": -5, "Dan": 18}),  # worse
    ("Ks Kc 4d", "Dan", {"Andy": -9, "Bill": -4, "Chris": -5, "Dan": 18}),  # equal: the coverer loses ties (R7.3)
])
def test_covered_pot_goes_to_the_better_of_coverer_and_see_winner_r7_3(covered_then_seen, bill, covered_pot_to, expected):
    bragref = covered_then_seen
    status = bragref.json("status")
    assert status["phase"] == "showdown" and status["legal"]["show"] == ["Bill"]
    out = bragref(f"show bill {bill}").stdout
    assert f"the pot covered by Bill (11) to {covered_pot_to}" in out
    assert nets(bragref) == expected
    won = [(e["player"], e["amount"], e["into"]) for e in bragref.json("history 1") if e["action"] == "won"]
    assert won == [("Dan", 20, 2), (covered_pot_to, 11, 1)]


def test_history_says_which_pot_each_payment_went_into(covered_then_seen):
    covered_then_seen("concede bill")
    assert "Bill conceded without showing (R7.3)." in covered_then_seen("replay 1").stdout  # his covered pot
    rows = [(e["player"], e["action"], e["into"]) for e in covered_then_seen.json("history 1")
            if e["action"] in ("bet", "cover", "see")]
    assert rows == [("Andy", "bet", 1), ("Bill", "cover", 1), ("Chris", "bet", 2), ("Dan", "bet", 2),
                    ("Andy", "bet", 2), ("Dan", "see", 2)]
    assert nets(covered_then_seen) == {"Andy": -9, "Bill": -4, "Chris": -5, "Dan": 18}


@pytest.fixture
def nested(four):
    """Bill covers 3 (pot 1: 11), Dan covers 2 (pot 2: Chris 4 + Dan 2 = 6), Chris sees Andy (pot 3: 4 + 8 = 12);
    Chris's run beats Andy's pair for pot 3."""
    bragref = four()
    bragref.lines("""
        bet andy 4
        cover bill 3
        bet chris 4
        cover dan 2
        bet andy 4
        see chris
    """)
    assert [(p["amount"], p["covered_by"]) for p in bragref.json("status")["pots"]] == [(11, "Bill"), (6, "Dan")]
    bragref("show andy Qh Qd 4c")
    bragref("show chris 4s 5h 6d")
    return bragref


def test_two_nested_covers_settle_newest_first(nested):
    bragref = nested
    assert bragref.json("status")["legal"]["show"] == ["Dan"]  # pot 2: Dan against Chris
    bragref("show dan 9h 9c 9s")  # a prial beats the run: Dan takes pot 2
    assert bragref.json("status")["legal"]["show"] == ["Bill"]  # pot 1: Bill against Dan, the winner of pot 2
    out = bragref("show bill Js Qs Ks").stdout  # a running flush is below a prial: Dan takes pot 1 too
    assert "the pot covered by Dan (6) to Dan" in out and "the pot covered by Bill (11) to Dan" in out
    assert nets(bragref) == {"Andy": -9, "Bill": -4, "Chris": -1, "Dan": 14}


def test_a_conceded_covered_pot_passes_its_winner_on_down_the_chain(nested):
    nested("concede dan")  # pot 2 to Chris, who now holds against Bill's cover
    nested("show bill 3h 3d 3s")
    assert nets(nested) == {"Andy": -9, "Bill": 7, "Chris": 5, "Dan": -3}


@pytest.mark.parametrize("dan, expected", [
    ("3h 3d 3s", {"Andy": -5, "Bill": -1, "Chris": -1, "Dan": 7}),
    ("Kc Ks 4d", {"Andy": 5, "Bill": -1, "Chris": -1, "Dan": -3}),  # equal to Andy's: Andy keeps it (R7.4)
])
def test_a_cover_that_leaves_one_player_ends_betting_r7_4(four, dan, expected):
    bragref = four()
    bragref.lines("""
        bet andy 4
        fold bill
        fold chris
        cover dan 2
    """)
    status = bragref.json("status")
    assert (status["phase"], status["to_act"], status["legal"]["show"]) == ("showdown", None, ["Andy"])
    bragref.refused("show dan 3h 3d 3s", "R7.3")  # Andy's hand is exposed first
    bragref.refused("bet andy 4", "R5.4")  # betting is over
    bragref("show andy Kh Kd 4c")
    bragref(f"show dan {dan}")
    assert nets(bragref) == expected
    won = [(e["amount"], e["into"]) for e in bragref.json("history 1") if e["action"] == "won"]
    assert won == [(10, 1)]  # the pot Dan covered; the one his cover left empty is won by nobody, so not told


def test_a_later_pot_won_by_folds_to_a_blind_player_is_paid_and_exposed_r7_3(four):
    """Covered pot: antes 4 + Andy 2 + Bill 3 = 9; the last pot: Chris 2 + Andy 2 = 4, won blind by folds."""
    bragref = four()
    bragref.lines("""
        bet andy 2 --blind
        cover bill 3
        bet chris 2 --blind
        fold dan
        bet andy 2 --blind
        fold chris
    """)
    status = bragref.json("status")
    assert status["phase"] == "showdown" and status["legal"]["show"] == ["Andy"]  # blind, yet exposes
    bragref("show andy 2c 5d 9h")
    out = bragref("show bill 8h 8d 4c").stdout
    assert "carried" not in out
    assert nets(bragref) == {"Andy": -1, "Bill": 5, "Chris": -3, "Dan": -1}
    assert bragref.json("status")["carried"] == 0
    assert "carried" not in bragref("deal").stdout


def test_award_settles_a_covered_pot_without_cards(covered_then_seen):
    bragref = covered_then_seen
    bragref.refused("award bill dan", "R7.3")  # the coverer wins alone or not at all
    bragref("award bill")
    assert nets(bragref) == {"Andy": -9, "Bill": 7, "Chris": -5, "Dan": 7}


def test_undoing_a_cover_unfreezes_the_pot(four):
    bragref = four()
    bragref("bet andy 4")
    bragref("cover bill 3")
    bragref("undo")
    status = bragref.json("status")
    assert (status["pots"], status["pot"], status["to_act"]) == ([], 8, "Bill")


@pytest.mark.parametrize("line, rule, says", [
    ("cover chris 3", "R2.5", "Bill's turn"),
    ("cover bill 4", "R7.2", "less than the minimum of 4"),
    ("cover bill 0", "R1.1", ""),
])
def test_refused_covers_say_why_and_write_nothing(four, line, rule, says):
    bragref = four()
    bragref("bet andy 4")
    message = bragref.refused(line, rule, code=2 if rule == "R1.1" else 3)
    assert says in message
    if rule != "R1.1":
        assert "Bill may: bet 4 or more" in message


def test_borrow_tables_refuse_a_cover_and_both_allows_it_r7_1(four, bragref):
    four("--short-money borrow")
    bragref("bet andy 4")
    message = bragref.refused("cover bill 3", "R7.1")
    assert "may borrow" in message and "fold" in message
    assert bragref.json("status")["legal"]["cover"] is False
    bragref("lend andy bill 5")  # borrow: the loan is how a short player stays in (R7.5)
    bragref("session new both --players Andy,Bill --short-money both")
    bragref("deal")  # Andy deals, Bill acts first
    bragref("bet bill 2")
    bragref("lend bill andy 5")
    bragref("cover andy 1")  # both: a cover is allowed too; it leaves Bill alone (R7.4)
    bragref("show bill Kh Kd 4c")
    bragref("show andy 3h 3d 3s")  # Andy takes the covered pot of 5, and owes Bill 5
    assert nets(bragref) == {"Andy": 3 - 5, "Bill": -3 + 5}


# ---- table stakes (R1.3) ---------------------------------------------------------------


@pytest.fixture
def table(bragref):
    bragref(f"session new t {FOUR} --stakes table --short-money both")
    for name, amount in (("andy", 20), ("bill", 5), ("chris", 20), ("dan", 20)):
        bragref(f"buy-in {name} {amount}")
    bragref("deal --dealer dan")
    return bragref


def money_on_table(bragref) -> dict:
    return {p["name"]: p["table_money"] for p in bragref.json("status")["players"]}


def test_table_money_shows_in_status_and_pays_the_ante(table):
    assert money_on_table(table) == {"Andy": 19, "Bill": 4, "Chris": 19, "Dan": 19}


def test_a_bet_above_table_money_is_refused_saying_what_they_may_do_r1_3(table):
    table("bet andy 6")
    message = table.refused("bet bill 6", "R1.3")
    assert "Bill has 4 on the table" in message
    assert "cover with 4" in message and "borrow" in message and "fold" in message
    assert table.json("status")["legal"]["cover_range"] == {"min": 4, "max": 4}
    table.refused("cover bill 3", "R7.2")  # from the table a cover is exactly what is left
    table("cover bill 4")
    assert money_on_table(table)["Bill"] == 0


def test_a_see_above_table_money_is_refused(bragref):
    bragref("session new t --players Andy,Bill --stakes table")
    bragref("buy-in andy 20")
    bragref("buy-in bill 6")
    bragref("deal")  # Bill acts first
    bragref("bet bill 2")
    bragref("bet andy 3")
    message = bragref.refused("see bill", "R1.3")  # a see costs 6; Bill has 3 left, enough to bet on
    assert "Bill has 3 on the table" in message and "Bill may bet at most 3" in message
    bragref("bet bill 3")
    bragref("bet andy 4")
    message = bragref.refused("see bill", "R1.3")  # now short of the minimum: a cover is the way to stay in
    assert "Bill has 0 on the table" in message


def test_top_up_during_a_hand_is_refused_and_between_hands_allowed(table):
    assert "between hands" in table.refused("top-up bill 10", "R1.3")
    table.lines("""
        fold andy
        fold bill
        fold chris
    """)
    table("top-up bill 10")
    table("cash-out dan")
    assert money_on_table(table) == {"Andy": 19, "Bill": 14, "Chris": 19, "Dan": 0}
    assert nets(table) == {"Andy": -1, "Bill": -1, "Chris": -1, "Dan": 3}
    assert "Dan has 0 on the table" in table.refused("deal", "R1.3")  # Dan cannot ante: tops up or leaves
    table("player leave dan")
    table("deal")


def test_a_player_who_leaves_with_table_money_may_cash_it_out_later_r1_3(table):
    """Leaving keeps the money on the table (a player may sit out and come back to it); it is cashed out at the
    table, seated or not, and only once."""
    table.lines("""
        fold andy
        fold bill
        fold chris
    """)
    assert table("player leave dan").stdout == ("Dan leaves. Seats: Andy, Bill, Chris. Dan leaves 23 on the table "
                                                "until it is cashed out (R1.3).\n")
    assert table("cash-out dan").stdout == "Dan takes off 23: 0 on the table (R1.3).\n"
    assert "no player 'dan' here" in table("cash-out dan", code=2).stderr
    assert "no player 'dan' here" in table("top-up dan 5", code=2).stderr  # money goes on only for a seated player
    assert table("player leave chris").stdout.endswith("Chris leaves 19 on the table until it is cashed out (R1.3).\n")
    table("player join chris")
    assert money_on_table(table)["Chris"] == 19


def test_a_loan_raises_the_borrowers_table_money_mid_hand_r7_5(table):
    table("bet andy 6")
    assert table("lend chris bill 10").stdout == "Chris lends Bill 10 onto the table: owed until repaid (R7.5).\n"
    assert money_on_table(table)["Bill"] == 14
    table("bet bill 6")
    assert money_on_table(table)["Bill"] == 8


def test_closing_a_session_at_table_stakes_cashes_everyone_out_and_nothing_follows_r9_1_r1_3(table):
    """The close is the last thing recorded in the session: at table stakes it takes every player's money off the
    table first, and a cash-out after it, accepted before 0.13, is refused (docs/reference.md, Promises about history).
    """
    table.lines("""
        fold andy
        fold bill
        fold chris
    """)
    out = table.table("close", "cash-out andy", "q").output
    assert "Andy takes off 19 (R1.3)." in out and "Dan takes off 23 (R1.3)." in out
    assert "Closed — bal · settle · ? · q > " in out and "session t is closed, so nothing more is recorded" in out
    assert set(money_on_table(table).values()) == {0}
    table.refused("cash-out andy", "R9.1")
    table.refused("undo", "R9.1")
    table("audit")


def test_the_summary_says_hands_at_table_stakes_were_paid_from_the_table_r1_3(table):
    """Chris lends Bill 10 onto the table and wins the hand: the night's nets count the hand, but settling up
    pays only the loan back, so the summary says why (R1.3)."""
    table.lines("""
        lend chris bill 10
        bet andy 4
        bet bill 4
        bet chris 4
        fold dan
        fold andy
        fold bill
    """)
    out = table("summary").stdout
    assert re.search(r"Chris +\+11  owed 10\n", out) and "Settle up: Bill pays Chris 10." in out  # won 11, lent 10
    assert "Hands at table stakes were paid from the table" in out
    table('session new p --players "Andy,Bill"')  # from the pocket: nothing to explain
    assert "table stakes" not in table("summary").stdout


def test_the_summary_says_where_a_pot_carried_at_table_stakes_is_r6_2(table):
    """Everyone folds to Bill, blind: the pot stays in the middle, in nobody's table money nor in settling up, so the
    summary says where it is (R6.2)."""
    table.lines("""
        bet andy 2 --blind
        fold bill
        fold chris
        fold dan
    """)
    out = table("summary").stdout
    assert "Settle up: all square." in out
    assert "(Left in the middle for whoever wins the next hand: 6, the carried pot, R6.2.)" in out


def test_the_stakes_change_once_a_pot_carried_is_won_r1_3_r6_2_r9_3(table):
    """A pot carried at table stakes is table money in nobody's stack; won in a hand from the pocket it was settled
    up as a payment from "carried pot", and a pot of pocket money won at the table as one owed to it. The stakes
    change once the pot is won."""
    table.lines("""
        bet andy 2 --blind
        fold bill
        fold chris
        fold dan
    """)  # the pot of 6 carried (R6.2)
    said = table.refused("rules set stakes pocket", "R9.3")
    assert "the carried pot of 6 is carried forward (R6.2), put in from the table money (R1.3)" in said
    assert "change the stakes once it is won" in said
    table("deal")
    table.lines("""
        bet bill 1
        fold chris
        fold dan
        fold andy
    """)  # Bill takes the pot, the carried 6 in it
    assert "stakes is now pocket" in table("rules set stakes pocket").stdout
    assert table("settle").stdout == (  # every hand was paid from the table (issue 65: it says so)
        "Nothing to pay: the hands at table stakes were settled at the table (R1.3).\n"
        "On the table, to cash out: Andy 16, Bill 13, Chris 18, Dan 18.\n")


def test_a_pot_carried_from_the_pockets_is_won_before_table_stakes_r1_3_r6_2(bragref):
    bragref(f"session new p {FOUR}")
    bragref.lines("""
        deal
        bet bill 1 --blind
        fold chris
        fold dan
        fold andy
    """)
    assert "put in from the pockets (R1.3)" in bragref.refused("rules set stakes table", "R9.3")


@pytest.mark.parametrize("line", ["buy-in andy 5", "top-up andy 5", "cash-out andy"])
def test_pocket_stakes_have_no_table_money_r1_3(bragref, line):
    bragref(f"session new p {FOUR}")
    assert "stakes is pocket" in bragref.refused(line, "R1.3")


def test_cash_out_more_than_is_on_the_table_is_refused(bragref):
    bragref(f"session new t {FOUR} --stakes table")
    bragref("buy-in andy 5")
    assert "Andy has 5 on the table" in bragref.refused("cash-out andy 6", "R1.3")
    bragref("cash-out andy 2")
    bragref("buy-in andy 1")
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]}["Andy"] == 4


def test_the_table_answers_c_to_cover(table):
    table("bet andy 6")
    out = table.table("c", "q").output
    assert re.search(r"^  Bill +covered ", out, re.MULTILINE)
    assert money_on_table(table)["Bill"] == 0


def test_a_loan_after_a_cover_replays_where_it_happened(table):
    table("bet andy 6")
    table("cover bill 4")  # all Bill had: the loan after it must not make it short of "all" on replay
    table("lend chris bill 10")
    assert money_on_table(table)["Bill"] == 10
    rows = [(e["player"], e["action"]) for e in table.json("history 1")][1:]
    assert rows == [("Andy", "bet"), ("Bill", "cover"), ("Bill", "loan")]


def test_running_short_sample_session(bragref):
    """The sample: covers, nested covers, a cover leaving one, loans; nets worked by hand in the file's comments."""
    from conftest import SAMPLES

    bragref(f"run -q {SAMPLES / 'running-short.brag'}")
    assert nets(bragref) == {"Andy": -7, "Bill": 17, "Chris": 15, "Dan": -30, "Eve": 5}
    assert money_on_table(bragref) == {"Andy": 53, "Bill": 58, "Chris": 25, "Dan": 30}
    # the hands' results are already in the table money: only what Bill still owes Eve is paid (R1.3, R7.5)
    assert bragref.json("settle") == [{"from": "Bill", "to": "Eve", "amount": 5}]
