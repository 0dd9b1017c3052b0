"""The clarified rulings (R1.1, R1.1a, R2.2, R2.6, R3.1, R6.4, R7.1, R7.2, R7.5, R9.1) through the CLI: every
amount in the session's money, every refusal citing its rule and writing nothing, every net asserted."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragref.engine.money import MAX_UNITS, format_money, parse_amount
from tests.test_show import nets

PENCE = '--players "Andy,Bill,Chris" --unit 0.01 --currency £ --ante 0.10 --min-bet 0.50'


@pytest.fixture
def pence(bragref):
    bragref(f"session new p {PENCE}")
    bragref("deal")  # Andy deals: Bill, Chris, Andy
    return bragref


# ---- R1.1a: every amount printed is in the session's money -------------------------------------------------


def test_a_refusal_and_its_may_line_speak_the_session_money_r1_1a(pence):
    message = pence.refused("bet bill 0.10", "R4.2")
    assert "at least £0.50 here, not £0.10" in message
    assert "Bill may: bet £0.50 or more, bet blind £0.25 or more" in message
    assert not re.search(r"(?<![.\d])50\b", message)


def test_following_the_refusal_records_what_it_said(pence):
    pence.refused("bet bill 0.10", "R4.2")
    pence("bet bill £0.50")  # typed as printed: the money round-trips (R1.1a)
    assert pence.json("status")["stake"] == 50
    assert pence("undo").stdout.startswith("Voided: Bill bet £0.50 open.")


def test_an_odd_unit_prints_amounts_as_typed(bragref):
    bragref('session new fives --players "Andy,Bill" --unit 5 --ante 5 --min-bet 10')
    bragref("deal")
    message = bragref.refused("bet bill 5", "R4.2")
    assert "at least 10 here, not 5" in message
    bragref.refused("bet bill 7", "R1.1", code=2)  # not a whole number of units of 5


def test_a_unit_of_ten_pence_prints_pounds_and_pence_r1_1a(bragref):
    """A unit of 0.10 is ten pence: amounts print as the table writes them, £1.30, not £1.3; a unit written 0.1
    prints with its one place."""
    bragref('session new tens --players "Andy,Bill" --unit 0.10 --currency £ --ante 0.20')
    dealt = bragref("deal").stdout
    assert dealt.startswith("Hand 1: Andy deals. Antes £0.20 each.")
    assert "Pot £0.40, stake £0.00. Bill to act: bet £0.20 or more" in dealt
    assert "£0.15 is not a whole number of units of £0.10: amounts here are multiples of £0.10 (R1.1)" in \
        bragref.refused("bet bill 0.15", "R1.1", code=2)  # in the session's money, as every amount said (R1.1a)
    assert "£0.15 is not a whole number" in bragref.refused("bet bill £0.15", "R1.1", code=2)
    assert "Pot £0.90, stake £1.00." in bragref("bet bill 0.5 --blind").stdout  # a blind 50p counts double (R3.3)
    bragref("fold andy")
    assert bragref("balances").stdout.splitlines()[2].split() == ["Andy", "£0.20", "£0.00", "-£0.20"]
    bragref('session new tenths --players "Andy,Bill" --unit 0.1 --ante 0.2')
    assert bragref("deal").stdout.startswith("Hand 1: Andy deals. Antes 0.2 each.")


def test_table_prompts_speak_the_session_money(pence):
    out = pence.table("b 0.10", "b 0.50", "q").output
    assert "at least £0.50 here, not £0.10" in out
    assert "bet £0.50 or more" in out


# ---- R1.1: what an amount may be -------------------------------------------------------------------------------

BAD_AMOUNTS = ["99999999999999999999", "1e400", "9223372036854775808", "1_0", "１２", "١٢", "-2", "+2", "2.", ".5",
               "0x10", "inf", "NaN", "1,000", "2 2", "", "1000000000001"]


@pytest.mark.parametrize("amount", BAD_AMOUNTS)
def test_an_amount_that_is_not_ascii_digits_or_too_large_is_bad_input_r1_1(bragref, amount):
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")
    message = bragref.refused(f"bet bill -- '{amount}'", "R1.1", code=2)
    assert "like 2 or 1.50" in message or "may exceed" in message


def test_the_largest_amount_is_accepted_and_the_hand_still_ends(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 1000000000000 --blind")  # stake 2×10^12: no open bet can be made, and a see would cost more
    status = bragref.json("status")
    assert status["legal"]["bet"] is None and status["legal"]["blind_bet"] == {"min": MAX_UNITS, "max": None}
    bragref("fold chris")
    bragref.refused("see andy", "R1.1")
    bragref("fold andy")
    assert nets(bragref) == {"Andy": -1, "Bill": -1 - MAX_UNITS, "Chris": -1}  # Bill is blind: carried (R6.2)
    bragref("balances")
    bragref("settle")


@pytest.mark.parametrize("unit", ["1e999999", "0", "0.00001", "1001", "-1", "1_0", "٣"])
def test_a_unit_outside_r1_1_is_refused(bragref, unit):
    result = bragref(f"session new s --players Andy,Bill --unit '{unit}'", code=2)
    assert "R1.1" in result.stderr and len(result.stderr) < 300


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(units=st.integers(min_value=1, max_value=MAX_UNITS),
       unit=st.sampled_from(["1", "5", "0.01", "0.05", "0.0001", "1000", "2.5"]),
       currency=st.sampled_from(["", "£", "EUR", "kr"]))
def test_every_printed_amount_reads_back_as_the_same_units(units, unit, currency):
    printed = format_money(units, unit, currency)
    assert parse_amount(printed, unit, currency=currency) == units


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(amount=st.one_of(st.integers(min_value=-10**30, max_value=10**30).map(str),
                        st.decimals(allow_nan=True, allow_infinity=True).map(str),
                        st.text(max_size=12)),
       unit=st.sampled_from(["1", "0.01", "5"]))
def test_random_amounts_never_exit_1(tmp_path_factory, amount, unit):
    from tests.conftest import Bragref

    bragref = Bragref(tmp_path_factory.mktemp("amounts") / "ledger.db")
    bragref(f"session new s --players Andy,Bill --unit {unit}")
    bragref("deal")
    for line in (["bet", "bill", amount], ["lend", "andy", "bill", amount], ["rules", "set", "ante", amount]):
        result = bragref.runner.invoke(__import__("bragref.cli").cli.cli, ["--db", str(bragref.db), *line])
        assert result.exit_code in (0, 2, 3), (line, result.output)
        assert "Traceback" not in result.output


# ---- R2.2 the dealer; R9.1 a misdeal --------------------------------------------------------------------------


def play_out(bragref):
    bragref("bet bill 2")
    bragref("fold chris")
    bragref("fold andy")


def test_the_deal_passes_left_and_naming_another_dealer_is_refused_r2_2(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal --dealer andy")  # the first dealer is chosen (R2.2)
    play_out(bragref)
    assert "Bill, who is on Andy's left" in bragref.refused("deal --dealer chris", "R2.2")
    assert "Hand 2: Bill deals" in bragref("deal --dealer bill").stdout  # naming the right one is no offence


def test_undo_right_after_a_deal_is_a_misdeal_r9_1(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 2 --blind")
    bragref("fold chris")
    bragref("fold andy")  # Bill is blind: the pot of 5 is carried and Bill retains the hand (R6.2)
    bragref("deal")  # hand 2, Bill deals: antes 3 more, carried 5
    assert bragref.json("status")["pot"] == 8
    out = bragref("undo --reason 'a card was turned over'").stdout
    assert "misdeal (R9.1)" in out and "Bill deals again" in out
    assert nets(bragref) == {"Andy": -1, "Bill": -3, "Chris": -1}  # the antes of hand 2 went back
    bragref.refused("deal --dealer chris", "R9.1")
    out = bragref("deal").stdout
    assert "Hand 3: Bill deals" in out and "5 carried forward" in out and "Bill holds the retained hand" in out
    status = bragref.json("status")
    assert status["pot"] == 8 and status["carried"] == 5
    assert bragref.json("history 2")[-1]["detail"] == "voids the deal (a misdeal)"
    assert bragref.json("history 2")[-1]["reason"] == "a card was turned over"
    told = bragref("history 2").stdout  # the reason where a dispute is read, as `replay` tells it
    assert "voids the deal (a misdeal): a card was turned over" in told, told
    bragref("audit")


def test_an_undo_says_what_it_voided_as_the_replay_tells_it_r9_1(bragref):
    """In the past tense, without what the voided action would have led to."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("look bill")
    assert bragref("undo").stdout.startswith("Voided: Bill looked at their cards.\n")
    bragref("bet bill 2")
    bragref("fold chris")
    bragref("see andy")
    bragref("show bill 7c 8d 9h")
    said = [bragref("undo").stdout.splitlines()[0] for _ in range(4)]
    assert said == ["Voided: Bill showed 7c 8d 9h.", "Voided: Andy saw Bill.", "Voided: Chris folded.",
                    "Voided: Bill bet 2 open."]
    story = bragref("replay 1").stdout
    assert "Bill looked at their cards. (Voided below.)" in story and "Chris folded. (Voided below.)" in story


def test_an_undone_svara_look_or_open_says_nothing_of_what_it_would_have_led_to_r9_1_r16_3(bragref):
    """A look voided leaves dark play as it was (R16.3): the undo says the look, not that dark play is over; an open
    voided, not that everyone shows (R16.5)."""
    bragref('session new s --players "Ann,Bob,Cat" --game svara')
    bragref("deal")
    who = bragref.json("status")["to_act"]
    bragref(f"look {who}")
    assert bragref("undo").stdout.splitlines()[0] == f"Voided: {who} looked."
    assert "dark" in bragref("status").stdout  # dark play is open again (R16.3)


def test_a_misdeal_undone_says_what_goes_back_as_it_was_put_in_r9_1_r16_7(bragref):
    """A deal voided gives back what was put in at it: the antes where there were antes; a Svara deal's boil-in where
    the deal took no ante (R16.7): never antes there were none of. The referee's confirmation says the same."""
    from bragref.api import open_ledger
    from bragref.told import forms

    bragref('session new s --players "Ann,Bob,Cat" --game svara --ante 0')
    bragref("deal")
    assert bragref("undo").stdout.splitlines()[0].startswith("Voided: the deal of hand 1, a misdeal (R9.1): what "
                                                             "was put in at it goes back")
    bragref('session new b --players "Ann,Bob,Cat" --ante 1')
    bragref("deal")
    book = open_ledger(str(bragref.db))
    session, current = book.current_session(), book.current()
    confirm = next(f["confirm"] for f in forms(session, current.hand, None, 1) if f["verb"] == "undo")
    assert "the antes (3) go back" in confirm, confirm
    book.close()
    assert "(R9.1): what was put in at it goes back" in bragref("undo").stdout


def test_a_thirty_one_won_on_a_tie_says_it_was_a_tie_the_eldest_took_r15_6(bragref):
    """Bob, Cat and Ann end the thirty-one on 22 each: the eldest, Bob, takes pot 3 (`ties` eldest, R15.6), and the
    hand's end says it was a tie, not only Bob's 22 (R15.5)."""
    bragref('session new t --players "Ann,Bob,Cat" --game three-stake')
    bragref.lines("""
        deal --up 2s,3h,4d
        call bob
        call cat
        stand ann
        show bob 2s Ks Qs
        stick bob
        show cat 3h Kh 9h
        stick cat
        show ann 4d Kd 8d
    """)
    over = bragref("stick ann").stdout
    assert "the thirty-one (pot 3), 3, to Bob (22, equal with Cat and Ann: the eldest takes it, R15.6)" in over, over


def test_history_and_replay_tell_a_misdeal_as_a_hand_that_never_happened_r9_1(bragref):
    """A misdealt hand is not a hand waiting for its first bet: history and replay end it with the misdeal."""
    bragref('session new s --players "Andy,Bill,Chris" --game hoyle')
    bragref("deal")
    bragref("bet andy 5")
    bragref("undo")
    bragref("undo --reason 'misdealt'")
    told = bragref("history 1").stdout.rstrip().splitlines()
    assert told[-1] == "Hand 1 was a misdeal (R9.1): it never happened; the same dealer deals again."
    assert "to act" not in bragref("history").stdout
    story = bragref("replay 1").stdout.rstrip().splitlines()
    assert story[-1].startswith("3. The deal was voided as a misdeal: 'misdealt' (R9.1)")
    assert "not over" not in "".join(story)


def test_a_misdeal_survives_export_and_import(bragref, tmp_path):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("undo --reason 'misdealt'")
    bragref("deal")
    play_out(bragref)
    bragref(f"export -o {tmp_path / 's.bhh'}")
    text = (tmp_path / "s.bhh").read_text()
    assert "table void deal" in text
    again = type(bragref)(tmp_path / "again.db")  # in this ledger the same hands are recognised, and refused
    again(f"import {tmp_path / 's.bhh'} --as again")
    again(f"--session again export -o {tmp_path / 'again.bhh'}")
    assert (tmp_path / "again.bhh").read_text() == text.replace("session = 's'", "session = 'again'")


# ---- R2.6 names -------------------------------------------------------------------------------------------------


def test_a_player_is_one_person_in_every_session_r2_6(bragref):
    bragref('session new one --players "A,B"')
    bragref("deal")
    bragref("bet b 2")
    bragref("fold a")
    bragref('session new two --players "a,b"')
    bragref("deal")
    bragref("bet B 2")
    bragref("fold A")
    balances = bragref.json("balances --all")
    assert [(r["player"], r["net"]) for r in balances] == [("A", -2), ("B", 2)]
    assert bragref.json("settle --all") == [{"from": "A", "to": "B", "amount": 2, "money": "1"}]


def test_names_are_nfc_normalised_r2_6(bragref):
    bragref('session new s --players "Zoe\u0301,Bill"')  # e + combining acute
    bragref("deal")
    bragref("bet bill 1")
    bragref("fold zo\u00e9")  # precomposed é
    assert nets(bragref) == {"Zo\u00e9": -1, "Bill": 1}


@pytest.mark.parametrize("name", ["\u0410ndy", "Bi\u0399l"])  # Cyrillic А, Greek Ι
def test_a_name_mixing_scripts_is_refused_r2_6(bragref, name):
    result = bragref(f'session new s --players "{name},Bill,Chris"', code=2)
    assert "R2.6" in result.stderr and "one script" in result.stderr


def test_names_in_one_script_are_welcome(bragref):
    bragref('session new s --players "Андрей,Дмитрий,山田たろう,O\'Neil-Smith 2"')


# ---- R3.1 the unlooked seer; R6.4 face-up deals -----------------------------------------------------------------


def test_an_unlooked_player_sees_a_blind_man_at_the_blind_price_r3_1(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")  # Andy deals: Bill first
    bragref("bet bill 2 --blind")  # stake 4
    assert bragref.json("status")["legal"]["see"] == {"cost": 4}  # 2 × ceil(4/2) (R5.3)
    bragref("see andy")
    bragref("show bill Kh Kd 4c")
    bragref("show andy 3h 3d 3s")
    assert nets(bragref) == {"Andy": 3, "Bill": -3}


def test_an_unlooked_seer_pays_the_blind_price_against_an_open_player_r3_1(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")  # Bill, Chris, Andy
    bragref("bet bill 4")
    bragref("fold chris")
    bragref("see andy")  # unlooked: 2 × ceil(4/2) = 4, not 8
    bragref("show bill Kh Kd 4c")
    bragref("concede andy")
    assert nets(bragref) == {"Andy": -5, "Bill": 6, "Chris": -1}


def test_nobody_but_the_retained_player_bets_blind_in_a_face_up_deal_r6_4(bragref):
    bragref('session new s --players "Andy,Bill,Chris" --retained-blind faceup')
    bragref("deal")  # Bill, Chris, Andy
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # Bill retains; 3 carried
    bragref("deal")  # Bill deals: Chris, Andy, Bill; Bill's second hand face up
    bragref.refused("bet chris 1 --blind", "R6.4")
    bragref("bet chris 2")  # Chris stays in: the face-up hand is dead, Bill plays on blind
    assert "R6.4" in bragref.refused("bet andy 1 --blind", "R6.4")
    bragref("bet andy 2")
    bragref("bet bill 1 --blind")  # the retained player may
    assert nets(bragref) == {"Andy": -1, "Bill": -2, "Chris": -1}  # hand 1's stakes; its pot of 4 is carried


def test_a_retained_player_under_blind_play_turned_off_is_told_to_look_not_to_bet_blind_r3_2(bragref):
    """Blind play turned off after Bill retained his blind hand (R3.2, R9.3): he holds two unseen hands, so he looks
    before he bets; the refusal of his open bet said "bet blind (--blind), or look first"."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")  # Bill, Chris, Andy
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # Bill retains the hand (R6.2)
    bragref("rules set blind off")
    bragref("deal")  # Bill deals: Chris, Andy, Bill
    bragref("bet chris 1")
    bragref("bet andy 1")
    said = bragref.refused("bet bill 1", "R3.2")
    assert "Bill holds unseen hands and blind bets are off here: look first" in said and "--blind" not in said
    bragref("look bill --hand old --keep")
    bragref("bet bill 1")


# ---- R7.1, R7.5 loans; R7.2 all in at table stakes ---------------------------------------------------------------


def test_a_cover_table_records_loans_r7_1(bragref):
    bragref('session new s --players "Andy,Bill"')
    assert "Andy lends Bill 10" in bragref("lend andy bill 10").stdout
    assert bragref.json("settle") == [{"from": "Bill", "to": "Andy", "amount": 10}]


def test_at_table_stakes_a_loan_mid_hand_needs_borrowing_r7_5(bragref):
    bragref('session new s --players "Andy,Bill" --stakes table')
    bragref("buy-in andy 10")
    bragref("buy-in bill 10")
    bragref("lend andy bill 5")  # between hands: a top-up, always allowed
    bragref("deal")
    assert "lend between hands" in bragref.refused("lend andy bill 5", "R7.5")
    bragref("rules show")


def test_all_in_at_table_stakes_covers_with_0_r7_2(bragref):
    bragref('session new s --players "Andy,Bill,Chris" --stakes table')
    for name, amount in (("andy", 20), ("bill", 5), ("chris", 20)):
        bragref(f"buy-in {name} {amount}")
    bragref("deal")  # Bill, Chris, Andy; Bill has 4 left after the ante
    bragref("bet bill 4")  # all Bill has
    bragref("bet chris 4")
    bragref("bet andy 4")
    legal = bragref.json("status")["legal"]
    assert legal["cover"] and legal["cover_range"] == {"min": 0, "max": 0}
    bragref.refused("cover bill 1", "R7.2")
    bragref("cover bill 0")  # the pot of 15 is frozen for Bill
    bragref("bet chris 4")
    bragref("fold andy")  # Chris alone in the last pot: shows against Bill's cover (R7.3, R7.4)
    bragref("show chris 2c 5d 9h")
    bragref("show bill Kh Kd 4c")
    assert nets(bragref) == {"Andy": -5, "Bill": 10, "Chris": -5}


# ---- small ones --------------------------------------------------------------------------------------------------


def test_a_pot_of_nothing_still_names_its_winner(bragref):
    bragref('session new s --players "Andy,Bill,Chris" --ante 0 --pot-limit')
    bragref("deal")
    bragref("fold bill")
    out = bragref("fold chris").stdout
    assert "Hand 1 over: Andy 0 — everyone else folded (R6.1)" in out


def test_show_after_the_hand_is_over_says_so(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")
    bragref("fold bill")
    assert "this hand is over" in bragref.refused("show andy Kh Kd 4c", "R2.2")
