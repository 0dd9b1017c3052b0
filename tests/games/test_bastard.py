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
    assert "Pot 3. Exchange round 1 of 2 (R14.2). Bill to act: exchange 1|3." in bragref("status").stdout  # no stake
    two_rounds(bragref)
    assert "Pot 3, stake 0. Bill to act: bet 1 or more" in bragref("status").stdout  # the betting's (R14.3)
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
    assert "Pot 3. Exchange round 2 (R14.2). Bill to act" in bragref("status").stdout  # no end but a knock
    bragref("exchange bill 1")
    bragref("knock chris")  # round 2: Andy, then Bill, each one more turn
    assert bragref.json("status")["knocked_by"] == "Chris"
    assert "The last turns after Chris's knock (R14.4). Andy to act" in bragref("status").stdout
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
    assert "Exchange round 1 of 2; face up in the centre: Kd 9c (R14.2). Chris to act" in bragref("status").stdout
    bragref("exchange chris 3")
    notes = [e["detail"] for e in bragref.json("history")[1:]]
    assert notes == ["one card; face up in the centre now: Kd 9c", "the whole hand"]  # history's note, in words
    bragref("exchange andy 1")
    bragref("exchange bill 3")
    bragref("pass chris")
    bragref("pass andy")
    bragref("bet bill 1")
    bragref("fold chris")
    bragref("fold andy")
    text = bragref.round_trip(tmp_path / "b.bhh")
    assert "up = '7h 9c'" in text and "'p2 exchange 1 up Kd 9c'" in text and "centre-up = 2" in text


def test_a_card_face_up_in_the_centre_is_in_nobodys_hand_r14_1(bastard):
    """Whoever shows it at the end typed a card wrong: refused as bad input where the cards are typed, nothing
    written (a hand recorded before the check still replays as it was)."""
    bragref = bastard(deal='deal --up "7h"')
    for line in ("exchange bill 1", "exchange chris 1", "exchange andy 1 --up 9c", "pass bill", "pass chris",
                 "pass andy", "bet bill 1", "fold chris", "see andy"):
        bragref(line)
    before = bragref.dump()
    said = bragref("show bill 9c 9d 2s", code=2).stderr
    assert said == "error: 9c is face up in the centre (R14.1, R14.2): a pack holds one of each card\n"
    assert bragref.dump() == before
    bragref("show bill Kh 9d 2s")
    assert "Bill has already shown" in bragref.refused("show bill 9d 3c 3h", "R5.4")  # the rule first, then the card
    assert "9d has been seen already in this deal (shown by Bill)" in bragref("show andy 9d 3c 3h", code=2).stderr


def test_a_card_taken_from_the_centre_in_an_exchange_not_recorded_may_be_shown_r14_2(bastard):
    """An exchange given without the centre's face-up cards may have taken one (R14.2): Andy takes the Kd Chris
    left face up and shows it. Until the referee gives the centre again it is not known, so nothing is checked
    against it."""
    bragref = bastard(deal='deal --up "7h"')
    bragref("exchange bill 1")
    bragref("exchange chris 3 --up Kd")
    assert bragref.json("status")["centre_up"] == ["Kd"]
    bragref("exchange andy 1")
    assert bragref.json("status")["centre_up"] == []
    for line in ("pass bill", "pass chris", "pass andy", "bet bill 1", "fold chris", "see andy", "show bill 2c 3d 5h",
                 "show andy Kd Kh Ks"):
        bragref(line)
    assert bragref.json("status")["phase"] == "over"


def test_three_to_ten_players_r14_1(bragref):
    bragref('session new b --players "Andy,Bill" --game bastard')
    bragref.refused("deal", "R14.1")


def test_bastard_at_the_table(bastard):
    bragref = bastard()
    out = bragref.table("x 1", "x 3", "x 1 up 4d", "p", "x 1", "p", "b 2", "f", "f", "q").output
    assert "Bill (open) — exchange 1|3 > " in out and "exchange 1|3 · pass" in out
    assert "refused" not in out and "error" not in out
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}


# ---- for lives: a match across hands (R14.4) --------------------------------------------------------------------

def exchange_round(bragref, *names, knock: str | None = None):
    for name in names:
        bragref(f"knock {name}" if name == knock else f"exchange {name} 1")


def test_a_match_for_lives_to_a_winner_r14_4(bragref, tmp_path):
    bragref(f"session new m {THREE} --scoring lives --lives 2 --entry 5")  # the lives preset: knocking, no ante
    assert bragref.json("match")["started"] is False
    out = bragref("deal").stdout  # Andy deals; the entry goes into the kitty with the match's first deal
    assert "Match 1, each paying the entry of 5 into the kitty: Andy 2, Bill 2, Chris 2 lives (R14.4)" in out
    assert "allowed from round 2" in bragref.refused("knock bill", "R14.4")
    exchange_round(bragref, "bill", "chris", "andy")
    exchange_round(bragref, "bill", "chris", "andy", knock="bill")
    assert bragref.json("status")["phase"] == "showdown"
    bragref("show bill Ah Ad Kc")
    bragref("show chris 5d 3c 2s")
    out = bragref("show andy 5c 3d 2h").stdout  # equal worst hands: Andy's 5 is a club, Chris's a diamond (R8.8)
    assert "Andy has the worst hand (high card, 5-3-2) and loses a life (R14.4)" in out
    assert nets(bragref) == {"Andy": -5, "Bill": -5, "Chris": -5}  # the kitty of 15 is carried
    assert "Match's kitty waiting to be won: 15 (R14.4)." in bragref("balances").stdout
    said = bragref.refused("rules set game teen-patti", "R9.3")  # its deal would leave the kitty in no pot
    assert "the match's kitty of 15 is carried forward (R14.4), and Teen Patti takes in no carried pot" in said
    said = bragref("settle").stdout
    assert "The carried pot is the 15 in the match's kitty (R14.4): it goes to whoever wins the match." in said
    assert "blind player" not in said + bragref("summary").stdout
    assert "(The carried pot is money in the match's kitty, R14.4: it goes to whoever wins the match.)" in \
        bragref("summary").stdout
    bragref("deal")  # Bill deals: Chris, Andy, Bill
    assert "Hand 2 is not over yet, 15 in the pot, all of it carried in: these figures count the settled hands " \
           "only." in bragref("balances").stdout  # no more money than the kitty's is in the middle
    exchange_round(bragref, "chris", "andy", "bill")
    exchange_round(bragref, "chris", "andy", "bill", knock="chris")
    bragref("show chris Kh Kd 4c")
    bragref("show andy 7h 4d 2c")
    bragref("show bill Qs Js 9s")
    status = bragref.json("status")
    assert {p["name"]: p["lives"] for p in status["players"]} == {"Chris": 2, "Andy": 0, "Bill": 2}
    out = bragref("deal").stdout  # Chris deals; Andy is out: dealt no cards
    assert "out: Andy" in out
    status = bragref.json("status")
    assert status["to_act"] == "Bill" and [p["state"] for p in status["players"]] == ["open", "open", "sitting-out"]
    for line in ("exchange andy 1", "pass andy", "knock andy", "show andy 2c 3c 4c"):  # out: refused, not unknown
        assert "Andy is out of the match, and dealt no cards: it is Bill's turn" in bragref.refused(line, "R14.4")
    exchange_round(bragref, "bill", "chris")
    exchange_round(bragref, "bill", "chris", knock="bill")
    bragref("show bill 9h 9d 3c")
    bragref("show chris 8h 8d 3s")
    out = bragref("deal").stdout  # the deal passes over Andy, who is out, to Bill
    assert "Hand 4: Bill deals" in out
    exchange_round(bragref, "chris", "bill")
    exchange_round(bragref, "chris", "bill", knock="chris")
    bragref("show chris 6h 4d 2c")
    out = bragref("show bill Ah Kd 9c").stdout
    assert "Bill is the last with lives and wins match 1 and the kitty of 15 (R14.4)" in out
    assert nets(bragref) == {"Andy": -5, "Bill": 10, "Chris": -5}
    match = bragref.json("match")
    assert (match["winner"], match["kitty"]) == ("Bill", 15)
    assert bragref("match").stdout.splitlines()[1:4] == ["player    lives    out", "--------  -------  -----",
                                                        "Andy      0        yes"]
    assert {p["name"]: (p["lives"], p["out"]) for p in match["players"]} == {
        "Andy": (0, True), "Bill": (2, False), "Chris": (0, True)}
    won = [e for e in bragref.json("history 4") if e["action"] == "won"]
    assert [(e["player"], e["amount"], e["detail"]) for e in won] == [("Bill", 15, "the last with lives (R14.4)")]
    story = bragref("replay 4").stdout
    assert "the last with lives" in story
    assert "There was no ante (R2.3), and 15 was carried in from the hand before, its match's kitty (R14.4)" in story
    assert "The exchanges are over: everyone shows, and the worst hand loses a life (R14.4).\n" in story
    assert "betting" not in story  # none for lives
    assert "Bill, Chris and Andy each put in 5: the pot started at 15." in bragref("replay 1").stdout  # the entry
    summary = bragref("summary").stdout
    assert summary.startswith("m · 4 hands played")  # hands that moved no money count too
    assert "Match 1 won by Bill in hand 4: the kitty of 15 (R14.4)." in summary
    notes = [(e["player"], e["action"]) for e in bragref.json("history") if e["action"] in ("life", "won")]
    assert notes == [("Andy", "life"), ("Andy", "life"), ("Chris", "life"), ("Chris", "life"), ("Bill", "won")]
    assert "lives" in bragref("status").stdout
    text = bragref.round_trip(tmp_path / "m.bhh")
    assert "lives = '2 2 2'" in text and "entry = '5'" in text and "lives = '0 2 1'" in text


def test_a_hand_for_lives_without_money_is_told_without_money_r14_4(bragref):
    """Nobody bets for lives, and with no entry nothing is in the pot: no columns and no 'Pot 0' of money; with an
    entry, the pot but no stake."""
    bragref(f"session new m {THREE} --scoring lives")
    assert bragref("deal").stdout.rstrip().endswith("Bill to act: exchange 1|3.")
    exchange_round(bragref, "bill", "chris")
    assert bragref("history 1").stdout.splitlines()[1].split() == ["#", "player", "action", "note"]
    assert bragref("status").stdout.splitlines()[1].split() == ["player", "state", "lives"]
    drawn = bragref.table("q").stdout.splitlines()
    assert drawn[2:4] == ["Hand 1 · Andy dealt · Exchange round 1 (R14.2). · Bastard Brag", "  player  state"]
    assert bragref("replay 1").stdout.rstrip().endswith("The hand is not over: Andy to act.")
    bragref(f"session new money {THREE} --scoring lives --entry 2")
    bragref("deal")
    assert bragref("history 1").stdout.splitlines()[1].split() == ["#", "player", "action", "amount", "pot", "note"]


def test_match_new_between_hands_only_and_not_for_money(bragref):
    bragref(f"session new m {THREE} --scoring lives")
    bragref("deal")
    bragref.refused("match new", "R14.4")  # between hands only
    bragref(f"session new money {THREE}")
    assert "no match" in bragref.refused("match", "R14.4")
    bragref.refused("match new", "R14.4")
    assert "no ante" in bragref(f"session new bad {THREE} --scoring lives --ante 1", code=2).stderr


def test_a_new_match_called_midway_takes_the_kitty_along(bragref):
    bragref(f"session new m {THREE} --scoring lives --entry 2 --knock-from 1")
    bragref("deal")
    exchange_round(bragref, "bill", "chris", "andy", knock="bill")
    for line in ("show bill Ah Ad Kc", "show chris 9h 9d 4c", "show andy 7h 4d 2c"):
        bragref(line)
    bragref("match new")
    assert bragref.json("match")["started"] is False
    out = bragref("deal").stdout
    assert "Match 2, each paying the entry of 2" in out and "with 6 carried forward" in out
    assert bragref.json("match")["kitty"] == 12


def test_a_match_after_hands_for_money_is_numbered_after_the_last_r14_4_r9_3(bragref):
    """Dealer's choice may turn a session from lives to money and back (R9.3): the match then started is numbered
    after the session's last, not from 1 again; a misdealt deal's match is no match (R9.1)."""
    bragref(f"session new m {THREE} --scoring lives --entry 2 --knock-from 1")
    bragref("deal")
    bragref("undo --reason 'a card showed'")  # the deal voided: dealt again, it starts match 1 still
    assert "Match 1, each paying the entry of 2" in bragref("deal").stdout
    exchange_round(bragref, "bill", "chris", "andy", knock="bill")
    for line in ("show bill Ah Ad Kc", "show chris 9h 9d 4c", "show andy 7h 4d 2c"):
        bragref(line)
    bragref("rules set scoring money")
    bragref("deal")  # Bill deals: Chris first
    exchange_round(bragref, "chris", "andy", "bill", knock="chris")
    for line in ("bet chris 1", "fold andy", "fold bill"):
        bragref(line)
    assert nets(bragref) == {"Andy": -2, "Bill": -2, "Chris": 4}  # the kitty of match 1 went into the pot (R6.2)
    assert "6 was carried in from the hand before, its match's kitty (R14.4)" in bragref("replay 3").stdout
    bragref("rules set scoring lives")
    assert bragref.json("match")["match"] == 2
    assert "Match 2, each paying the entry of 2" in bragref("deal").stdout
    assert bragref.json("match")["match"] == 2


def test_random_matches_end_with_one_winner_and_the_kitty_paid_r14_4(tmp_path):
    """Property: in random lives sessions every match won has exactly one winner, who takes the whole kitty, and
    money is conserved (what is not yet won is the kitty of the match going on)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from bragref.games import from_preset
    from bragref.ledger.simulate import simulate
    from bragref.ledger.store import Ledger

    @settings(max_examples=12, deadline=None)
    @given(players=st.integers(3, 6), lives=st.integers(1, 3), entry=st.integers(0, 5), seed=st.integers(0, 2**32))
    def play(players, lives, entry, seed):
        ledger = Ledger(tmp_path / f"m{seed}-{players}-{lives}-{entry}.db")
        rules = from_preset("lives", game="bastard", lives=lives, entry=entry)
        session = simulate(ledger, "s", rules, [f"P{i}" for i in range(players)], 25, seed)
        won = kitty = 0
        for _, steps in ledger.replays(session):
            hand = list(steps)[-1].after
            assert hand.lost is not None and hand.phase == "over"
            if hand.winner is not None:
                left = [name for name, count in hand.lives if count]
                assert left == [hand.winner] and hand.result.winnings == ((hand.winner, hand.pot),)
                won += 1
                kitty = 0
            else:
                kitty = hand.result.carried
        assert won >= 1
        assert ledger.carried([session]) == kitty
        assert sum(r["net"] for r in ledger.balances([session])) + kitty == 0
        ledger.close()

    play()


def test_a_match_at_the_table_r14_4(bragref):
    bragref(f"session new m {THREE} --scoring lives --knock-from 1")
    out = bragref.table("d", "x 1", "k", "x 3", "x 1", "Ah Ad Kc", "Kh Kd 4c", "2h 3d 5c", "q").output
    assert "Bill (open) — exchange 1|3 · knock > " in out and "Bill    open · lives 3" in out
    assert "Hand 1 · Andy dealt · Exchange round 1 (R14.2). · Bastard Brag\n" in out and "stake" not in out  # a match for lives has no betting (R14.4)
    assert "Bill (showdown) — show CARDS > " in out and "Andy has the worst hand" in out
    assert "refused" not in out and "error" not in out
    assert bragref.json("match")["players"][0] == {"name": "Andy", "lives": 2, "out": False}


def test_the_table_s_help_lists_the_answers_of_the_game_as_scored_r14_3_r14_4(bragref):
    """For lives there is no betting and everyone shows (R14.4): `?` lists the exchanges and the show only; for money
    Brag's betting too (R14.3)."""
    bragref(f"session new m {THREE} --scoring lives")
    lives = bragref.table("d", "?", "q").output
    assert "x|exchange" in lives and "k|knock" in lives and "  show  " in lives
    assert not any(verb in lives for verb in ("bet ", "|fold", "|cover", "|award", "|concede"))
    bragref(f"session new n {THREE}")
    money = bragref.table("?", "q").output
    assert all(verb in money for verb in ("x|exchange", "bet ", "|fold", "|cover", "|award", "|concede"))


def test_match_and_match_new_are_answers_at_the_table_r14_4(bragref):
    """`match new` records a new match, so the table takes it as an answer, as it takes `match` to show it."""
    bragref(f"session new m {THREE} --scoring lives --knock-from 1 --entry 2")
    out = bragref.table("match", "d", "match new", "x 1", "k", "x 3", "x 1", "Ah Ad Kc", "Kh Kd 4c", "2h 3d 5c",
                        "match new", "match extra", "q").output
    assert "Match 1, to be started by the next deal: entry 2, kitty 0 (R14.4)." in out
    assert "Hand 1: Andy deals. No ante. Shuffle the pack" in out
    assert "refused: a new match is called only between hands" in out
    assert "Match 2, to be started by the next deal: entry 2, kitty 0 (R14.4)." in out
    assert "error: match, or match new" in out
    assert bragref.json("match")["match"] == 2


def test_a_player_renamed_during_a_match_keeps_their_lives_r2_6_r14_4(bragref):
    bragref(f"session new m {THREE} --scoring lives --knock-from 1")
    bragref("deal")
    exchange_round(bragref, "bill", "chris", "andy", knock="bill")
    for line in ("show bill Ah Ad Kc", "show chris 9h 9d 4c", "show andy 7h 4d 2c"):
        bragref(line)
    bragref("player rename andy Andrew")
    bragref("deal")
    assert {p["name"]: p["lives"] for p in bragref.json("match")["players"]} == {"Andrew": 2, "Bill": 3, "Chris": 3}


def test_the_sample_match_stop_the_bus(bragref):
    """sample_sessions/stop-the-bus.brag: a seven-hand match for lives to Chris, who takes the kitty of 20."""
    from conftest import SAMPLES

    bragref(f"run -q {SAMPLES / 'stop-the-bus.brag'}")
    match = bragref.json("match")
    assert (match["winner"], match["kitty"]) == ("Chris", 20)
    assert nets(bragref) == {"Andy": -5, "Bill": -5, "Chris": 15, "Dan": -5}


def test_a_match_left_with_one_player_in_it_at_the_table_wants_a_new_one_r14_4(bragref):
    bragref('session new m --game bastard --scoring lives --lives 1 --knock-from 1 --players "Andy,Bill,Chris,Dan"')
    bragref("deal")
    exchange_round(bragref, "bill", "chris", "dan", "andy", knock="bill")
    for line in ("show bill Ah Ad Kc", "show chris 9h 9d 4c", "show dan 7h 4d 2c", "show andy Kh Qs 8d"):
        bragref(line)  # Dan is out
    bragref("player join Eve")  # who waits for the next match
    bragref("player leave chris")
    bragref("player leave bill")
    assert "1 player still in the match" in bragref.refused("deal", "R14.4")
    bragref("match new")
    assert "Match 2" in bragref("deal").stdout


def test_a_match_at_table_stakes_takes_the_entry_from_the_table_r14_4_r1_3(bragref):
    bragref(f"session new m {THREE} --scoring lives --entry 5 --stakes table")
    for name, money in (("andy", 10), ("bill", 10), ("chris", 3)):
        bragref(f"buy-in {name} {money}")
    assert "less than the match's entry of 5" in bragref.refused("deal", "R1.3")
    bragref("top-up chris 2")
    bragref("deal")
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {
        "Bill": 5, "Chris": 0, "Andy": 5}


def test_a_loan_onto_the_table_during_the_exchanges_is_taken_r7_5_r14_2(bragref):
    """A loan may come at any moment (R7.5), an exchange turn too: the borrower's table money rises and play goes
    on (it once left a hand no command could replay)."""
    bragref(f"session new b {THREE} --stakes table --short-money borrow")
    for name in ("andy", "bill", "chris"):
        bragref(f"buy-in {name} 10")
    bragref("deal")
    bragref("exchange bill 1")
    bragref("lend andy chris 4")
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {
        "Bill": 9, "Chris": 13, "Andy": 9}  # the loan is from Andy's pocket
    bragref("exchange chris 3")
    bragref("exchange andy 1")
    for line in ("pass bill", "pass chris", "pass andy", "bet bill 2", "fold chris", "fold andy"):
        bragref(line)
    assert nets(bragref) == {"Andy": -1 + 4, "Bill": 2, "Chris": -1 - 4}
    assert bragref("audit").exit_code == 0
