"""Hoyle's classical brag (R11) through the command line: the dealer's stake, call, raise, stand, showdown of all,
split and eldest ties, side pots for an all-in player, the most one may put in. Every net asserted."""

from contextlib import contextmanager

import pytest

from tests.test_show import nets

THREE = '--players "Andy,Bill,Chris" --game hoyle'


@pytest.fixture
def hoyle(bragref):
    def start(*options: str):
        bragref(f"session new h {THREE} {' '.join(options)}")
        bragref("deal")  # Andy deals and puts up the stake; then Bill, Chris, Andy (R11.1)
        return bragref
    return start


def test_no_ante_and_the_dealer_stakes_first_r11_1(hoyle):
    bragref = hoyle()
    status = bragref.json("status")
    assert (status["game"], status["pot"], status["to_act"]) == ("hoyle", 0, "Andy")
    assert status["legal"]["bet"] == {"min": 1, "max": None} and not status["legal"]["fold"]
    assert "\nAndy to act: bet 1 or more.\n" in bragref("status").stdout  # nothing in yet: no "Pot 0, stake 0"
    header = bragref.table("q").output.splitlines()[2]
    assert header == "Hand 1 · Andy dealt · Hoyle's classical brag"  # nor the table's pot 0 · stake 0 and paid-in column
    assert "the dealer, Andy, puts up the dealer's stake first" in bragref.refused("fold andy", "R11.1")
    bragref.refused("bet bill 2", "R2.5")
    bragref.refused("bet andy 2 --blind", "R11.2")
    bragref("bet andy 2")
    status = bragref.json("status")
    assert status["to_act"] == "Bill" and status["legal"]["call"] == {"cost": 2} and status["to_call"] == 2
    assert status["totals"] == {"Bill": 0, "Chris": 0, "Andy": 2}


def test_a_three_way_split_r11_4(hoyle):
    bragref = hoyle()
    bragref.lines("""
        bet andy 2
        call bill
        raise chris 2
        call andy
        call bill
    """)
    bragref.refused("stand bill", "R2.5")
    bragref("stand chris")
    bragref.refused("bet andy 2", "R11.4")  # betting is over: the hands are shown
    bragref("show andy Kh Kd 4c")
    bragref("show bill Ks Kc 4d")
    assert "Kd has been seen already" in bragref.refused("show chris Kd Ks 4h", "R8.9", code=2)  # shown twice
    bragref("show chris Ah Qs Js")  # a high card: the two equal pairs of kings split
    assert nets(bragref) == {"Andy": 2, "Bill": 2, "Chris": -4}
    bragref("deal")  # Bill deals
    bragref.lines("""
        bet bill 1
        call chris
        call andy
        stand bill
        show chris Kh 9d 5c
        show andy Ks 9c 5d
        show bill Kd 9h 5s
    """)
    assert nets(bragref) == {"Andy": 2, "Bill": 2, "Chris": -4}  # three equal high cards split 3 three ways


def test_ties_to_the_eldest_r11_4_r10_3(hoyle):
    bragref = hoyle("--ties eldest")
    bragref.lines("""
        bet andy 2
        call bill
        call chris
        stand andy
        show andy Kh Kd 4c
        show bill Ks Kc 4d
        show chris 2h 3d 5s
    """)
    out = bragref.json("status")
    assert nets(bragref) == {"Andy": -2, "Bill": 4, "Chris": -2}  # Bill is eldest: first from the dealer's left
    story = bragref("replay 1").stdout
    assert "the eldest, Bill, takes it (R11.4, R10.3)" in story
    assert "There was no ante (R2.3): the pot started at 0. Andy, the dealer, put up the stake first (R11.1)." in story
    assert bragref("deal").stdout.startswith("Hand 2: Bill deals. No ante.")
    assert out["phase"] == "over"


def test_an_all_in_player_and_a_side_pot_won_by_another_r11_6(bragref):
    bragref(f"session new h {THREE} --stakes table")
    for name, money in (("andy", 20), ("bill", 3), ("chris", 20)):
        bragref(f"buy-in {name} {money}")
    bragref("deal")
    bragref("bet andy 2")
    bragref("call bill")  # Bill has 1 left
    bragref("raise chris 4")  # Chris's total 6
    bragref("call andy")
    assert "call all in with 1" in bragref.refused("call bill", "R11.6")
    bragref("call bill --all-in 1")  # Bill is all in with a total of 3
    bragref("stand chris")
    bragref.refused("award andy", "R11.6")  # side pots: the cards decide each
    bragref("show bill Ah Ad As")
    bragref("show andy Kh Kd 4c")
    out = bragref("show chris 7h 7d 4s").stdout
    # main pot 9 (3 from each) to Bill's prial; the side pot of 6 (3 more each from Andy and Chris) to Andy's kings
    assert nets(bragref) == {"Andy": 0, "Bill": 6, "Chris": -6}
    assert "main pot (9) to Bill" in out and "side pot 1 (6) to Andy" in out
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {"Bill": 9, "Chris": 14,
                                                                                         "Andy": 20}



def raised_with_nothing_left(bragref, options: str = "") -> None:
    """Hoyle's at table stakes: Andy stakes 2, Bill raises by 3 with all he has (total 5), Chris raises by 4 (total
    9), Andy calls: Bill, with 0 on the table, is short of the call of 4."""
    bragref(f"session new h {THREE} --stakes table {options}")
    for name, money in (("andy", 10), ("bill", 5), ("chris", 20)):
        bragref(f"buy-in {name} {money}")
    bragref("deal")
    bragref("bet andy 2")
    bragref("raise bill 3")
    bragref("raise chris 4")
    bragref("call andy")


def test_a_raiser_with_no_table_money_left_goes_all_in_with_0_when_raised_again_r11_6(bragref):
    """Bill's raise used all his table money; Chris raises again. Bill cannot call: he puts in all he has, 0, and is
    all in for the main pot, where before he could only fold and lose what he had put in (R11.6, as R7.2's cover
    with 0)."""
    raised_with_nothing_left(bragref)
    assert bragref.json("status")["legal"]["all_in"] == {"min": 0, "max": 0}
    assert "call all in with it (call --all-in 0)" in bragref.refused("call bill", "R11.6")
    bragref.refused("call bill --all-in 1", "R11.6")
    bragref("call bill --all-in 0")
    bragref("stand chris")
    bragref("show bill Ah Kh Qh")
    bragref("show chris 7h 7d 2s")
    out = bragref("show andy 2c 3d 5h").stdout
    assert "main pot (15) to Bill" in out and "side pot 1 (8) to Chris" in out  # 5 each; 4 more from Chris and Andy
    assert nets(bragref) == {"Andy": -9, "Bill": 10, "Chris": -1}


def test_at_the_table_a_call_short_of_table_money_is_the_all_in_the_prompt_offers_r11_6(bragref):
    """The prompt says 'call all in with 0'; `c` takes it: at table stakes what the player has is known (R1.3).
    At the command line the all-in stays said (`call bill` is refused, above)."""
    raised_with_nothing_left(bragref)
    assert "call all in with 0" in bragref.table("c", "q").stdout
    last = bragref.json("history 1")[-1]
    assert (last["player"], last["action"], last["amount"], last["detail"]) == ("Bill", "call", 0, "all-in")


@pytest.mark.parametrize("short_money, all_in", [("cover", True), ("borrow", False), ("both", True)])
def test_a_table_that_borrows_borrows_rather_than_going_all_in_r7_1_r11_6(bragref, short_money, all_in):
    """R11.6's all in is R7.1's cover: under `borrow` a player short of the call borrows (R7.5) or folds."""
    raised_with_nothing_left(bragref, f"--short-money {short_money}")
    assert (bragref.json("status")["legal"]["all_in"] is not None) == all_in
    said = bragref.refused("call bill", "R11.6")
    assert ("call --all-in 0" in said) == all_in and ("borrow" in said) == (short_money != "cover")
    if all_in:
        bragref("call bill --all-in 0")
        return
    assert "this table borrows rather than going all in" in bragref.refused("call bill --all-in 0", "R7.1")
    bragref("lend andy bill 4")
    bragref("call bill")
    assert bragref.json("status")["players"][0]["state"] == "open"


def test_a_loan_onto_a_covering_table_mid_hand_is_refused_naming_the_all_in_call_r7_5_r11_6(bragref):
    """Under short-money cover a loan onto the table waits for the hand's end (R7.5); what the short player does
    instead is Hoyle's all-in call (R11.6), not brag's cover, which Hoyle's brag has no verb for."""
    raised_with_nothing_left(bragref)
    said = bragref.refused("lend andy bill 4", "R7.5")
    assert "lend between hands, or the short player calls all in" in said


def test_all_in_with_0_is_for_table_money_used_up_not_from_the_pocket_r11_6(hoyle):
    bragref = hoyle()
    bragref("bet andy 2")
    bragref("raise bill 2")
    bragref("call chris")
    bragref.refused("call andy --all-in 0", "R1.1", code=2)  # from the pocket 0 is no amount
    bragref("call andy --all-in 1")
    assert bragref.json("status")["players"][2]["state"] == "covered"


def test_a_raise_nobody_could_call_goes_back_to_its_raiser_who_conceded_and_every_pot_is_told_r11_6(bragref):
    """Ed 30 and Bob 73 all in against Cy's 81 (R11.6): the main pot of 90 to Ed's pair, the side pot of 86 to Bob
    (Cy conceded it), and the 8 nobody called back to Cy. The last show once recorded the hand and then failed
    (exit 1) telling that last pot, and the replay told the main pot only."""
    said = bragref('session new h --players "Ed,Bob,Cy" --game hoyle').stdout
    assert said == "Session h is current: Ed, Bob, Cy. No ante.\n"  # Hoyle's default (R11.1), not "Ante 0"
    bragref("deal --dealer Bob")
    bragref.lines("""
        bet bob 1
        raise cy 80
        call ed --all-in 30
        call bob --all-in 72
        show ed 3s 8d 8c
        concede cy
    """)
    out = bragref("show bob Jc 9c 2s").stdout
    assert nets(bragref) == {"Ed": 60, "Bob": 13, "Cy": -73}
    told = ["main pot (90) to Ed", "side pot 1 (86) to Bob", ("side pot 2 (8) to Cy — nobody called it: it goes back "
            "to Cy (R11.6)")]
    assert all(words in out for words in told), out
    story = bragref("replay 1").stdout
    assert all(words in story for words in told), story
    won = [(e["player"], e["amount"]) for e in bragref.json("history 1") if e["action"] == "won"]
    assert won == [("Ed", 90), ("Bob", 86), ("Cy", 8)]


@pytest.mark.parametrize("ties, last_pot", [
    ("split", ("split between Cy and Di", {"Cy": -5, "Di": -5})),
    ("eldest", ("the eldest, Cy, takes it (R11.4, R10.3)", {"Cy": -4, "Di": -6})),
])
def test_a_side_pot_whose_every_player_conceded_is_a_tie_among_them_and_told_so_r11_6(bragref, ties, last_pot):
    """Ann all in for 1, Bob for 5, Cy and Di at 6: Ann's kings take the main pot of 4, Bob's queens side pot 1 of
    12, and side pot 2 of 2, Cy's and Di's alone, both conceded, is a tie between them (R11.4). Telling it once
    failed (exit 1 after the last concede was recorded) looking for cards nobody showed."""
    bragref(f'session new h --players "Ann,Bob,Cy,Di" --game hoyle --ties {ties}')
    bragref("deal --dealer Di")
    bragref.lines("""
        bet di 2
        call ann --all-in 1
        call bob
        raise cy 4
        call di
        call bob --all-in 3
        stand cy
        show ann Kh Kd 4c
        show bob Qh Qd 4s
        concede cy
    """)
    out = bragref("concede di").stdout
    words, nets_of_two = last_pot
    assert nets(bragref) == {"Ann": 3, "Bob": 7, **nets_of_two}
    assert f"side pot 2 (2) to {'Cy 1 and Di 1' if ties == 'split' else 'Cy'} — at the showdown (R11.4): everyone " \
           f"in it conceded, a tie: {words}" in out, out
    story = bragref("replay 1").stdout
    assert words in story and "10. Cy conceded without showing (R11.4)." in story  # Hoyle's showdown, not R5.4


def test_only_the_last_raiser_stands_r11_3(hoyle):
    bragref = hoyle()
    bragref("bet andy 2")
    bragref("raise bill 1")
    bragref("call chris")
    assert "only the last raiser, Bill, may stand" in bragref.refused("stand andy", "R11.3")
    bragref("call andy")
    assert bragref.json("status")["legal"]["stand"] is True
    assert "Bill has matched the highest total: nothing to call" in bragref.refused("call bill", "R11.2")


def test_max_stake_ends_the_betting_r11_2_r11_3(hoyle):
    bragref = hoyle("--max-stake 5 --min-raise 1")
    bragref("bet andy 2")
    bragref("raise bill 3")  # Bill's total 5: the most anyone may put in
    assert bragref.json("status")["legal"]["raise"] is None
    bragref.refused("raise chris 1", "R11.2")
    bragref("call chris")
    bragref("call andy")  # every player still in is at the max stake: showdown (R11.3c)
    assert bragref.json("status")["phase"] == "showdown"
    bragref("concede andy")
    assert "at the showdown (R11.4): Chris and Andy conceded without showing (R11.4)" in bragref("concede chris").stdout
    assert nets(bragref) == {"Andy": -5, "Bill": 10, "Chris": -5}


def test_all_fold_to_one_who_takes_the_pot_unshown_r11_3(hoyle):
    bragref = hoyle()
    bragref("bet andy 3")
    bragref("raise bill 2")
    bragref("fold chris")
    out = bragref("fold andy").stdout
    assert "Hand 1 over: Bill 8 — everyone else folded" in out
    assert nets(bragref) == {"Andy": -3, "Bill": 3, "Chris": 0}


def test_a_brag_answer_at_a_hoyle_table_is_refused_as_no_move_of_the_game(hoyle):
    """`sd` is an agreed showdown's answer (R6.5); Hoyle's brag has none: the table says so, and what the player may
    do, before reading the answer's words, and records nothing."""
    bragref = hoyle()
    err = bragref.table("b 2", "sd", "cover 1", "q").stderr
    assert "refused: showdown is not a move of Hoyle's classical brag: " in err and "(R11" in err
    assert "refused: cover is not a move of Hoyle's classical brag: " in err
    assert "may: call for 2, raise by 1 or more, fold" in err and "AMOUNT" not in err
    assert len(bragref.json("history")) == 2  # the deal and the bet, nothing else


def test_c_at_a_hoyle_table_is_a_call_as_at_a_brag_table_a_cover_r11_2(hoyle):
    """The prompt offers "call for 2": `c` calls, as the help says (`c|ca|call`); at a brag table, which has no
    call, `c` is a cover (R7.2). It was a cover everywhere, refused at Hoyle's table as no move of the game."""
    bragref = hoyle()
    out = bragref.table("b 2", "c", "c", "q").output
    assert "refused" not in out and "error" not in out
    assert [(e["player"], e["action"]) for e in bragref.json("history")][1:] == [
        ("Andy", "bet"), ("Bill", "call"), ("Chris", "call")]


def test_hoyle_through_the_table_and_a_hand_history(hoyle, tmp_path):
    bragref = hoyle()
    out = bragref.table("b 2", "ca", "r 1", "ca", "ca", "stand", "concede", "concede", "q").output
    assert "refused" not in out and "error" not in out
    assert nets(bragref) == {"Andy": 6, "Bill": -3, "Chris": -3}  # Bill, then Chris, conceded to Andy
    assert "Cut the pack before the deal (R11.7)" in bragref("deal").stdout
    text = bragref.round_trip(tmp_path / "h.bhh")
    assert "'p3 raise 1'" in text and "'p3 stand'" in text and "game = 'hoyle'" in text


def test_an_option_hoyle_does_not_use_is_refused_naming_the_games_that_do(bragref, own_games):
    result = bragref(f"session new h {THREE} --see-cost equal", code=2)
    assert "--see-cost is not a rule of hoyle (games that use it: brag)" in result.stderr
    bragref(f"session new h {THREE} --max-stake 10")
    assert "max-stake" in bragref("rules show").stdout


def play_a_hand(bragref):
    dealer = bragref.json("status")["dealer"]
    bragref(f"bet {dealer} 1")
    for _ in range(2):
        bragref(f"fold {bragref.json('status')['to_act']}")


def test_until_deals_round_to_equal_deals_then_refuses_r11_7(bragref, tmp_path):
    """A session that began in 2020 with --until 00:00, Andy's hand played then: the time has long passed."""
    import json

    bragref(f"session new h {THREE} --until 00:00")
    bragref("deal")
    play_a_hand(bragref)
    document = json.loads(bragref("export --format json").stdout)
    document["_created_at"] = "2020-01-01T12:00:00.000000+00:00"
    document["hands"][0]["_dealt_at"] = "2020-01-01T12:01:00.000000+00:00"  # before the time set
    (tmp_path / "h.json").write_text(json.dumps(document))
    bragref = type(bragref)(tmp_path / "late.db")  # another ledger: in this one the same hands are recognised
    bragref(f"import {tmp_path / 'h.json'} --as late --use")
    out = bragref("deal").stdout
    assert "Bill deals" in out and "It is past 00:00: deal on until every player has dealt 1 hand; still to deal: " \
                                   "Chris (R11.7)" in out
    play_a_hand(bragref)
    out = bragref("deal").stdout
    assert "Chris deals" in out and "the evening's last hand" in out
    play_a_hand(bragref)
    assert "every player has dealt 1 hand:" in bragref.refused("deal", "R11.7")
    assert "until" in bragref("rules show").stdout
    bragref.refused("rules set until 25:00", "R11.7", code=2)


def test_dealers_choice_changes_the_game_between_hands_r9_3(bragref):
    bragref('session new mixed --players "Andy,Bill,Chris" --ante 2')
    bragref("deal")
    bragref.refused("rules set game hoyle", "R9.3")  # not during a hand
    bragref("fold bill")
    bragref("fold chris")
    assert "game is now hoyle" in bragref("rules set game hoyle").stdout
    assert bragref.json("rules show")["ante"] == "2"  # the table's rules stay
    bragref("deal")  # Bill deals hand 2, under Hoyle's rules
    status = bragref.json("status")
    assert (status["game"], status["to_act"], status["totals"]) == ("hoyle", "Bill", {"Chris": 2, "Andy": 2, "Bill": 2})
    bragref.refused("bet bill 1", "R11.1")  # the least dealer's stake is the ante here
    bragref("bet bill 2")
    bragref("fold chris")
    bragref("fold andy")
    bragref("rules set game brag")
    bragref("deal")
    assert bragref.json("status")["game"] == "brag"
    assert nets(bragref) == {"Andy": 4 - 2, "Bill": -2 + 4, "Chris": -2 - 2}
    bragref("audit")


def a_pot_carried(bragref) -> None:
    """Andy deals; Bill bets blind and the others fold to him: the pot of 4 is carried, Bill retains (R6.2)."""
    bragref('session new mixed --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")


@contextmanager
def as_before_0_12_6(monkeypatch):
    """What is recorded inside is recorded as a bragref before 0.12.6 recorded it: a pot carried was not kept."""
    from bragref.games import play

    with monkeypatch.context() as earlier:
        earlier.setattr(play, "keep_carried", lambda *args, **kwargs: None)
        yield


@pytest.mark.parametrize("game", ["hoyle", "braggers", "teen-patti"])
def test_a_pot_carried_forward_is_won_before_the_game_changes_to_one_without_r6_2_r9_3(bragref, game):
    """Everyone folds to a blind player: the pot of 4 is carried to the next hand (R6.2). Hoyle's, braggers and Teen
    Patti take in no carried pot, so a change to one of them left those 4 in the middle for ever, owed to nobody;
    the change waits until a hand has won it."""
    a_pot_carried(bragref)
    said = bragref.refused(f"rules set game {game}", "R9.3")
    assert "the carried pot of 4 is carried forward (R6.2), and " in said and "takes in no carried pot" in said
    assert "change the game once it is won" in said
    assert "game is now bastard" in bragref("rules set game bastard").stdout  # its deal takes the pot in (R14.3)
    bragref("rules set game brag")
    bragref("deal")  # Bill deals and holds the retained hand beside a new one (R6.3): the pot 7
    bragref("bet chris 1")
    bragref("fold andy")
    bragref("fold bill")  # Chris takes the pot, the carried 4 in it
    assert f"game is now {game}" in bragref(f"rules set game {game}").stdout
    assert nets(bragref) == {"Andy": -2, "Bill": -3, "Chris": 5}


def test_a_ledger_whose_game_changed_with_a_pot_carried_deals_nothing_that_strands_it_r6_2_r9_3(bragref, monkeypatch):
    """In a ledger an earlier bragref wrote, the game changed to Hoyle's while a pot was carried: a deal under Hoyle's
    would leave the pot in the middle for ever, so it is refused, saying how the pot is played."""
    a_pot_carried(bragref)
    with as_before_0_12_6(monkeypatch):
        bragref("rules set game hoyle")
    assert "play brag until it is won (`rules set game brag`)" in bragref.refused("deal", "R9.3")
    bragref("rules set game brag")
    bragref("deal")
    assert bragref.json("status")["pot"] == 7  # the 4 carried in, and three antes (R6.2)


def test_the_audit_finds_a_pot_an_earlier_bragref_left_out_of_a_hand_of_another_game_r6_2(bragref, monkeypatch):
    """Where an earlier bragref dealt Hoyle's after a pot was carried, the pot went into no hand: the audit says so."""
    a_pot_carried(bragref)
    with as_before_0_12_6(monkeypatch):
        bragref("rules set game hoyle")
        bragref("deal")
    assert bragref.json("status")["pot"] == 3  # the antes alone
    out = bragref("audit", code=4).stdout
    assert "hand 2 records 4 carried in, but 4 of it is in no pot: its game, hoyle, takes no carried pot in" in out


def test_the_actions_view_counts_calls_and_raises_as_history_does(hoyle):
    from sqlite_utils import Database

    bragref = hoyle("--ante 1")
    bragref.lines("""
        bet andy 2
        call bill
        raise chris 3
        call andy
        fold bill
    """)
    history = [e["pot"] for e in bragref.json("history") if e["seq"] and not e["voided"]]
    view = [r["pot_after"] for r in Database(bragref.db).query(
        "SELECT pot_after FROM actions_with_pot WHERE action != 'void' AND NOT voided ORDER BY action_id")]
    assert view == history == [5, 7, 12, 15, 15]


def test_an_all_in_at_the_table_in_the_commands_words_or_the_tables_r11_6(bragref):
    """The table reads an answer as the verb's declaration says: `ca all-in 1`, or `call --all-in 1` as typed for
    the command; either records the same all-in (R11.6)."""
    for answer in ("ca all-in 1", "call bill --all-in 1"):
        bragref(f"session new h{len(answer)} {THREE} --stakes table")
        for name, money in (("andy", 20), ("bill", 3), ("chris", 20)):
            bragref(f"buy-in {name} {money}")
        out = bragref.table("d", "b 2", "ca", "r 4", "ca", answer, "stand", "show Ah Ad As", "show Kh Kd 4c",
                            "show 7h 7d 4s", "q").output  # Bill, Chris, Andy show in turn
        assert "main pot (9) to Bill" in out and "side pot 1 (6) to Chris" in out
        assert nets(bragref) == {"Andy": -6, "Bill": 6, "Chris": 0}


def test_the_tables_help_lists_the_games_own_answers(hoyle):
    """`?` is made from the game's declarations: Hoyle's call, raise and stand, and no see (R11.2, R11.3)."""
    out = hoyle().table("?", "q").stdout
    assert "c|ca|call       PLAYER [all-in AMOUNT]" in out and "r|raise" in out and "stand" in out
    assert "s|see" not in out


def test_an_answer_missing_what_its_verb_takes_is_told_the_verbs_words_and_writes_nothing(hoyle):
    """The declaration says what a verb takes; an answer without it is bad input naming those words (R11.2)."""
    bragref = hoyle()
    bragref("bet andy 2")
    before = bragref.dump()
    out = bragref.table("r", "ca bill all-in", "q").output
    assert "raise wants AMOUNT (raise PLAYER AMOUNT)" in out
    assert "'all-in' wants AMOUNT after it" in out
    assert bragref.dump() == before


def test_the_sample_hoyle_night(bragref):
    """sample_sessions/hoyle-night.brag: a split pot, an all in with a side pot, an all in with 0 at table stakes,
    then a hand of braggers won with a bragger standing for a king (R11, R12)."""
    from conftest import SAMPLES

    out = bragref(f"run -q {SAMPLES / 'hoyle-night.brag'}").stdout
    assert "Hand 1 over: Bill 6 and Andy 6" in out and "equal best hands (pair of kings, odd card 4) split" in out
    assert "The main pot (42) to Bill" in out and "side pot 1 (4) to Andy" in out
    assert "The main pot (30) to Chris" in out and "side pot 1 (10) to Andy" in out
    assert "Hand 4 over: Bill 3" in out and "prial of kings (1 wild card)" in out
    assert nets(bragref) == {"Andy": -16, "Bill": 17, "Chris": -1}
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {"Bill": 29, "Chris": 29,
                                                                                         "Andy": 14}
    bragref("audit")
