"""Loans (R7.5) under the short-money house rule (R7.1): recorded, owed, repaid, and folded into settling up."""

import pytest

from bragref.engine.errors import Refused
from bragref.engine.loans import check_lend, outstanding, positions
from bragref.engine.rules import Rules

SHORT = "the short player covers"  # what the game says a short player does instead (`Game.short`)


def nets(bragref) -> dict:
    return {r["player"]: r["net"] for r in bragref.json("balances")}


@pytest.fixture
def borrowing(bragref):
    bragref('session new s --players "Andy,Bill,Chris" --short-money borrow')
    return bragref


def test_outstanding_and_positions_sum_to_zero():
    owed = outstanding([("lend", "A", "B", 5), ("lend", "May", "B", 10), ("repay", "A", "B", 2), ("lend", "B", "A", 1),
                        ("repay", "May", "B", 10)])
    assert owed == {("A", "B"): 3, ("B", "A"): 1}
    assert positions(owed) == {"A": 2, "B": -2}


def test_loans_are_recorded_under_every_short_money_setting_but_not_onto_a_cover_table_mid_hand():
    for setting in ("cover", "borrow", "both"):
        check_lend(Rules(short_money=setting), "A", "B", False, SHORT)  # R7.1: never forbidden as such
        check_lend(Rules(short_money=setting), "A", "B", True, SHORT)  # from the pocket, mid-hand too
    with pytest.raises(Refused, match=r"short-money cover does not allow .*: lend between hands, or the short player") \
            as refused:
        check_lend(Rules(stakes="table"), "A", "B", True, SHORT)
    assert refused.value.rule == "R7.5"
    check_lend(Rules(stakes="table", short_money="both"), "A", "B", True, SHORT)
    check_lend(Rules(stakes="table"), "A", "B", False, SHORT)


def test_default_cover_records_a_loan(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    assert "Andy lends Bill 5" in bragref("lend andy bill 5").stdout
    assert "lends Bill 5" in bragref("lend 'Aunt May' bill 5 --bystander").stdout
    assert {r["player"]: r["loans"] for r in bragref.json("balances")} == {"Andy": 5, "Bill": -10, "Chris": 0,
                                                                           "Aunt May": 5}


@pytest.mark.parametrize("setting", ["borrow", "both"])
def test_borrow_and_both_allow_loans(bragref, setting):
    bragref(f'session new s --players "Andy,Bill" --short-money {setting}')
    assert "Andy lends Bill 5" in bragref("lend andy bill 5").stdout


def test_loan_between_players_then_settle_and_repay(borrowing):
    bragref = borrowing
    bragref("lend andy bill 5")
    bragref("deal")  # Andy deals: Bill, Chris, Andy
    bragref.lines("""
        bet bill 4
        fold chris
        fold andy
    """)
    assert nets(bragref) == {"Andy": -1 + 5, "Bill": 2 - 5, "Chris": -1}
    assert bragref.json("balances")[1] == {"player": "Bill", "paid": 5, "won": 7, "result": 2, "loans": -5,
                                                 "net": -3}
    assert bragref.json("settle") == [{"from": "Bill", "to": "Andy", "amount": 3},
                                      {"from": "Chris", "to": "Andy", "amount": 1}]
    bragref("repay bill andy 5")
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}


def test_loan_from_a_bystander_is_a_payee_in_settle(borrowing):
    bragref = borrowing
    bragref("lend 'Aunt May' chris 10 --bystander")
    balances = bragref.json("balances")
    assert balances[-1] == {"player": "Aunt May", "paid": 0, "won": 0, "result": 0, "loans": 10,
                            "net": 10}
    assert bragref.json("settle") == [{"from": "Chris", "to": "Aunt May", "amount": 10}]
    assert "loans" in bragref("balances").stdout
    bragref("repay chris aunt 4")
    assert bragref.json("settle") == [{"from": "Chris", "to": "Aunt May", "amount": 6}]


def test_loans_at_any_moment_even_mid_hand(borrowing):
    bragref = borrowing
    bragref("deal")
    bragref("bet bill 2")
    bragref("lend andy chris 3")  # not a turn: Chris is still to act
    assert bragref.json("status")["to_act"] == "Chris"


@pytest.mark.parametrize("line, rule, code", [
    ("lend andy andy 5", "R7.5", 3),
    ("lend andy bill 0", "", 2),
    ("lend andy bill 1.5", "whole number of units", 2),
    ("lend andy zed 5", "no player 'zed'", 2),
    ("lend bill 'Aunt May' 5 --bystander", "no player 'Aunt May'", 2),
    ("lend andy bill 5 --bystander", "at the table", 2),
    ("repay bill andy 1", "R7.5", 3),
])
def test_refused_loans_write_nothing(borrowing, line, rule, code):
    borrowing.refused(line, rule, code=code)


def test_cannot_repay_more_than_is_owed(borrowing):
    bragref = borrowing
    bragref("lend andy bill 5")
    assert "Bill owes Andy 5, so cannot repay 6" in bragref.refused("repay bill andy 6", "R7.5")
    assert "Bill owes Chris 0" in bragref.refused("repay bill chris 1", "R7.5")


def test_a_loan_comes_from_the_lenders_pocket_not_their_table_money_r7_5(bragref):
    """Issue 58 (R7.5, clarified): a seated lender's table money is unchanged by a loan; the borrower's rises. A
    repayment is paid from pocket to pocket: nobody's table money moves."""
    for line in ("session new l --players Ann,Bob --stakes table --short-money both", "buy-in ann 10", "buy-in bob 10",
                 "lend ann bob 5"):
        bragref(line)
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {"Ann": 10, "Bob": 15}
    bragref("repay bob ann 5")
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {"Ann": 10, "Bob": 15}


def test_a_loan_of_an_earlier_night_is_settled_up_with_paid_not_repaid_r7_5(bragref):
    """A repayment is of the session's own loans; one of last week's was refused as "Bill owes Andy 0", which reads
    as if nothing were owed. The refusal says what is owed from other sessions and how it is settled; `paid` settles
    it, and the table names its own answers in the same message."""
    bragref('session new n1 --players "Andy,Bill"')
    bragref("lend andy bill 5")
    bragref("session close")
    bragref('session new n2 --players "Andy,Bill"')
    said = bragref.refused("repay bill andy 5", "R7.5")
    assert "Bill owes Andy 0 in this session, so cannot repay 5 here; the 5 owed from other sessions is settled up " \
           "with `bragref paid` (`bragref settle --all` says who pays whom)" in said
    at_table = " ".join(bragref.table("repay bill andy 5").stderr.split())
    assert "settled up with `paid` (`settle --all` says who pays whom) (R7.5)" in at_table
    bragref("lend andy bill 2")
    bragref.refused("repay bill andy 3", "R7.5")  # 2 of this session's, and the 5 still elsewhere
    bragref("repay bill andy 2")
    bragref.refused("repay andy bill 1", "Andy owes Bill 0, so cannot repay 1")  # nothing owed anywhere: as before
    assert bragref.json("settle --all") == [{"from": "Bill", "to": "Andy", "amount": 5, "money": "1"}]
    bragref("paid bill andy 5")
    assert bragref.json("settle --all") == []
