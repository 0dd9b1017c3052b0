"""Svara (R16) through the command line: scores and special hands with and without jokers, dark and light play and
when dark play ends, the bet limits, when an open is allowed, all passing to one, the shows, the svara and its
deal with boiling in (`half` and `share`), an award of two names making a svara; refusals cite R16 and write
nothing. Every net asserted."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragref.engine.errors import Refused
from bragref.formats import bhh
from bragref.games import from_preset
from bragref.games.svara.points import BEST, PACK, SvaraRanking, jokers_of, made
from bragref.ledger import exchange
from bragref.ledger.audit import audit
from bragref.ledger.simulate import chooser
from bragref.ledger.store import Ledger
from tests.test_show import nets

FOUR = '--players "Andy,Bill,Chris,Dan" --game svara'  # Andy deals: Bill, Chris, Dan, Andy

# R16.2's distribution of the 7,140 hands, as the rulebook states it (default jokers A♦ and 6♣)
SCORES = {36: 10, 33: 10, 32.5: 140, 32: 24, 31: 72, 30: 66, 29: 74, 28: 83, 27: 83, 26: 53, 25: 36, 24: 24, 23: 15,
          22: 236, 21: 787, 20: 748, 19: 520, 18: 496, 17: 556, 16: 406, 15: 178, 14: 76, 13: 76, 11: 544, 10: 1632,
          9: 123, 8: 57, 7: 15}


@pytest.fixture
def four(bragref):
    def start(*options: str):
        bragref(f"session new s {FOUR} {' '.join(options)}")
        bragref("deal")
        return bragref
    return start


def test_the_28_scores_of_r16_2_by_brute_force():
    counted = Counter(made(three, jokers_of("Ad,6c"))[0] / 2 for three in combinations(PACK, 3))
    assert counted == SCORES and sum(counted.values()) == 7140
    plain = Counter(made(three, jokers_of("none"))[0] for three in combinations(PACK, 3))
    assert max(plain) == 72 and plain[72] == 4 and 65 not in {made((a, b, c), frozenset())[0]  # no jokers: only
                                                             for a, b, c in combinations(PACK, 3) if a >> 2 != b >> 2}


@pytest.mark.parametrize("cards, jokers, score, name", [
    ("6c 6h 6s", "Ad,6c", 36, "36, three sixes, the best hand"),
    ("Ad 6h 6s", "Ad,6c", 36, "36, three sixes, the best hand"),  # a joker stands for the missing six
    ("As Ac Ah", "Ad,6c", 33, "33, three aces"),
    ("Ad 6c 8s", "Ad,6c", 32.5, "32.5, three eights"),  # two jokers and any card: three of its rank
    ("Kh Ks 6c", "Ad,6c", 32.5, "32.5, three kings"),
    ("Ah Kh 6c", "Ad,6c", 32, "32 in hearts (1 joker)"),  # a joker joins any suit, at 11
    ("As Ac 7d", "Ad,6c", 22, "22, two aces"),
    ("Ah 6c 7d", "Ad,6c", 22, "22 in hearts (1 joker)"),  # as one of two aces, the joker makes 22 too
    ("Ah Kh 9h", "Ad,6c", 30, "30 in hearts"),
    ("10s 9d 7c", "Ad,6c", 10, "10 in spades"),  # never less than its best card
    ("Ad 6c 8s", "none", 11, "11 in diamonds"),
    ("Qh 7h 8d", "Qh", 19, "19 in diamonds (1 joker)"),  # the joker joins the better suit
])
def test_rank_names_a_hand_by_its_score_r16_2(bragref, cards, jokers, score, name):
    ranked = bragref.json(f"rank {cards} --game svara --jokers {jokers}")
    assert (ranked["class"], ranked["points"], ranked["name"]) == (str(score), score, name)
    assert ranked["of"] == (28 if jokers == "Ad,6c" else ranked["of"])
    if score == 36:
        assert ranked["place"] == 1



@pytest.mark.parametrize("jokers", ["Ad,6c", "none", "6c,6d,6h", "Ad,Kd,Qd"])
def test_three_sixes_are_the_best_score_whatever_the_jokers_r16_2(jokers):
    """A shown hand is called the best without counting every three of the pack: three sixes, which no three cards
    outscore and every pack deals, a joker standing for a six it is not."""
    assert SvaraRanking(jokers).scores[0] == BEST  # every three counted, best score first


def test_compare_and_odds_by_score_r16_2(bragref):
    rows = bragref.json('compare "Ah Kh 9h" "As Ks 9s" "Ad 6c 8s" --game svara')
    assert [(r["place"], r["points"]) for r in rows] == [(2, 30), (2, 30), (1, 32.5)]  # equal scores, equal hands
    assert "Best: Ad 6c 8s." in bragref('compare "Ah Kh 9h" "Ad 6c 8s" --game svara').stdout
    odds = bragref.json("odds --game svara")
    assert [(r["class"], r["points"], r["count"]) for r in odds][:3] == [("36", 36, 10), ("33", 33, 10),
                                                                          ("32.5", 32.5, 140)]
    assert {r["points"]: r["count"] for r in odds} == SCORES
    assert "7,140 hands" in bragref("odds --game svara").stdout
    assert bragref.json("rank As Ks Qs --game svara")["of"] == 28
    assert "not in svara's pack" in bragref("rank 5h 6h 7h --game svara", code=2).stderr  # below six (R16.1)
    assert "not cards of svara's pack" not in bragref("rank 6h 7h 8h --game svara --jokers 2c", code=2).stderr


def test_a_hand_bet_opened_and_shown_r16_3_to_r16_5(four):
    bragref = four()
    status = bragref.json("status")
    assert (status["pot"], status["to_act"], status["dark"], status["svara"]) == (4, "Bill", True, None)
    assert status["legal"]["blind_bet"] == {"min": 1, "max": None} and status["legal"]["see"] is None
    bragref("bet bill 1 --blind")  # dark: worth 2 light (R16.3)
    assert bragref.json("status")["stake"] == 2
    bragref("pass chris")  # a pass does not end dark play ...
    status = bragref.json("status")
    assert status["dark"] is True and status["legal"]["blind_bet"] == {"min": 1, "max": None}
    bragref("bet dan 1 --blind")
    bragref("look andy")  # ... a look does: everyone still in is light (R16.3)
    status = bragref.json("status")
    assert status["dark"] is False and [p["state"] for p in status["players"]] == ["open", "folded", "open", "open"]
    assert status["legal"]["blind_bet"] is None and status["legal"]["look"] is False
    bragref("bet andy 3")  # a raise (R16.4)
    assert bragref.json("status")["legal"]["see"] == {"cost": 3}  # everyone has had a turn: Bill may open
    out = bragref("open bill").stdout
    assert "Showdown: Bill, Dan, Andy to show" in out
    assert bragref.json("status")["phase"] == "showdown"
    bragref("show bill Ah Kh 9h")
    bragref("show dan Ad 6c 8s")
    over = bragref("show andy As Ac 7d").stdout
    assert "Dan wins with 32.5, three eights" in over
    assert nets(bragref) == {"Andy": -4, "Bill": -5, "Chris": -1, "Dan": 10}
    assert [p["points"] for p in bragref.json("status")["players"]] == [30, None, 32.5, 22]


def test_dark_play_ends_with_a_light_bet_or_once_everyone_has_had_a_turn_r16_3(four, bragref):
    bragref = four()
    bragref("bet bill 2")  # light at the first turn: nobody bets dark after it
    assert bragref.json("status")["dark"] is False
    assert "dark play is over" in bragref.refused("bet chris 1 --blind", "R16.3")
    bragref(f"session new again {FOUR}")
    bragref("deal")
    bragref.lines("""
        bet bill 1 --blind
        bet chris 1 --blind
        bet dan 1 --blind
        bet andy 1 --blind
    """)
    status = bragref.json("status")  # everyone has had a turn: dark play is over, all light
    assert status["dark"] is False and {p["state"] for p in status["players"]} == {"open"}
    assert "dark play is over" in bragref.refused("bet bill 1 --blind", "R16.3")
    bragref.refused("bet bill 1", "R16.4")  # at least the stake, 2
    bragref("bet bill 2")
    assert [p["paid"] for p in bragref.json("status")["players"]] == [4, 2, 2, 2]


def test_dark_play_off_and_the_bet_limits_r16_3_r16_4(bragref):
    bragref(f"session new s {FOUR} --no-blind --ante 2 --max-bet 6")
    bragref("deal")
    legal = bragref.json("status")["legal"]
    assert legal["blind_bet"] is None and legal["bet"] == {"min": 2, "max": 6}
    assert "dark play is off" in bragref.refused("bet bill 1 --blind", "R16.3")
    assert "at least 2" in bragref.refused("bet bill 1", "R16.4")  # the first bet: min-bet, the ante (R16.4)
    assert "at most 6" in bragref.refused("bet bill 7", "R16.4")
    bragref("bet bill 5")
    assert "at least 5" in bragref.refused("bet chris 4", "R16.4")  # support: the stake again
    bragref("bet chris 6")
    bragref(f"session new dark {FOUR} --max-bet 6 --min-bet 3")
    bragref("deal")
    assert bragref.json("status")["legal"]["blind_bet"] == {"min": 2, "max": 3}  # half of 3 rounded up; 6 light
    assert "at most 3" in bragref.refused("bet bill 4 --blind", "R16.4")


def test_an_open_comes_once_everyone_has_had_a_turn_r16_5(four):
    bragref = four()
    bragref("bet bill 2")
    assert "Dan, Andy have not" in bragref.refused("open chris", "R16.5")
    bragref.refused("see chris", "R16.5")  # see is the same verb
    bragref.lines("""
        bet chris 2
        pass dan
        fold andy
    """)
    assert bragref.json("status")["legal"]["open"] == {"cost": 2}
    bragref("see bill")  # opens, paying the stake
    bragref.refused("bet chris 2", "R16.5")
    assert "nothing to show" not in bragref("status").stdout
    bragref("concede bill")  # all but one conceded: Chris takes it unshown
    assert nets(bragref) == {"Andy": -1, "Bill": -5, "Chris": 7, "Dan": -1}
    assert bragref.json("history 1")[-1]["detail"] == "the shows after an open (R16.5); conceded"


def test_all_passing_to_one_and_round_to_the_dealer_r16_6(four, bragref):
    bragref = four()
    bragref("bet bill 1 --blind")
    bragref("pass chris")
    bragref("pass dan")
    out = bragref("pass andy").stdout
    assert "Bill 5 — everyone else passed (R16.6)" in out  # dark, unshown
    assert nets(bragref) == {"Andy": -1, "Bill": 3, "Chris": -1, "Dan": -1}
    bragref("deal")  # Bill deals: Chris, Dan, Andy, Bill
    bragref.lines("""
        pass chris
        pass dan
        pass andy
    """)
    assert nets(bragref) == {"Andy": -2, "Bill": 6, "Chris": -2, "Dan": -2}  # the dealer takes the antes
    assert "all but Bill have passed" in bragref("replay 2").stdout


def test_all_passing_before_anyone_put_money_in_is_nobodys_win_r16_6(four):
    """No ante and everyone passing: the pot is empty, and is nobody's win, not "Chris 0"."""
    bragref = four("--ante 0")
    bragref("pass bill")
    bragref("pass chris")
    out = bragref("pass dan").stdout
    assert "Hand 1 over: everyone passed before anyone put money in: the pot is empty, nobody's win (R16.6)." in out
    assert " 0 —" not in out and nets(bragref) == {"Andy": 0, "Bill": 0, "Chris": 0, "Dan": 0}
    assert "nobody's win (R16.6)" in bragref("history 1").stdout


def _svara(bragref, *options: str) -> None:
    """Hand 1 ends in a svara between Bill and Dan on 30 once Andy shows less: a pot of 14 (Bill put in 5, each
    other 3)."""
    bragref(f"session new s {FOUR} {' '.join(options)}")
    bragref.lines("""
        deal
        bet bill 2
        bet chris 2
        bet dan 2
        bet andy 2
        open bill
        show bill Ah Kh 9h
        concede chris
        show dan As Ks 9s
    """)


def test_equal_top_scores_make_a_svara_and_its_deal_r16_7(bragref):
    _svara(bragref)
    out = bragref("show andy 7c 8c 9c").stdout
    assert "a svara: Bill and Dan tied on 30 points" in out and "boil in for 7" in out
    status = bragref.json("status")
    assert (status["phase"], status["carried"]) == ("over", 14)
    assert status["svara"] == {"players": ["Bill", "Dan"], "buy_in": 7, "boiled": []}
    assert nets(bragref) == {"Andy": -3, "Bill": -5, "Chris": -3, "Dan": -3}  # the 12 is nobody's yet
    assert "svara pot" in bragref("balances").stdout.lower()
    assert "not a svara deal" not in bragref.refused("rules set game brag", "R9.3")  # the svara deal comes first
    bragref.refused("deal --boil Bill", "R16.7")  # a tied player is in free
    assert "named once" in bragref.refused("deal --boil chris,Chris", "", code=2)
    assert "no player 'Zed'" in bragref.refused("deal --boil Zed", "", code=2)
    out = bragref("deal --boil chris").stdout  # Bill deals; Chris boils in for half the pot (R16.7)
    assert "No ante, with 14 carried forward" in out and "Dan and Bill dealt in free; Chris boiled in for 7" in out
    status = bragref.json("status")
    assert (status["pot"], status["to_act"]) == (21, "Chris")
    assert [(p["name"], p["state"]) for p in status["players"]] == [
        ("Chris", "unlooked"), ("Dan", "unlooked"), ("Bill", "unlooked"), ("Andy", "sitting-out")]
    assert status["svara"] == {"players": ["Bill", "Dan"], "buy_in": 7, "boiled": ["Chris"]}
    bragref.refused("bet andy 2", "R16.7")  # not dealt in
    bragref.lines("""
        bet chris 2
        pass dan
        pass bill
    """)
    assert nets(bragref) == {"Andy": -3, "Bill": -5, "Chris": 11, "Dan": -3}
    bragref("rules set game brag")  # the svara's pot is won: the game may change
    assert sum(nets(bragref).values()) == 0


def test_the_share_buy_in_a_svara_of_a_svara_and_an_award_of_two_r16_7(bragref):
    _svara(bragref, "--svara-buyin share --ante 2")  # pot 4 × 2 + 4 × 2 + the open's 2 = 18; a share 9
    bragref("concede andy")
    assert bragref.json("status")["svara"]["buy_in"] == 9
    bragref("deal --boil Andy,Chris")
    assert bragref.json("status")["pot"] == 36
    bragref.lines("""
        bet chris 2
        bet dan 2
        bet andy 2
        bet bill 2
        open chris
    """)
    bragref("award chris andy")  # two names: a svara between them (R16.5, R16.7)
    status = bragref.json("status")
    assert (status["carried"], status["svara"]["players"], status["svara"]["buy_in"]) == (46, ["Chris", "Andy"], 23)
    bragref("deal")  # nobody boils in: the two tied play for it alone
    assert [p["state"] for p in bragref.json("status")["players"]] == ["unlooked", "unlooked", "sitting-out",
                                                                        "sitting-out"]
    bragref("pass dan", code=3)
    bragref("pass andy")
    assert nets(bragref) == {"Andy": -15, "Bill": -8, "Chris": 29, "Dan": -6}
    assert "awarded a svara by the table" in bragref("replay 2").stdout


def test_a_tied_player_who_left_loses_their_place_r16_7(bragref):
    _svara(bragref)
    bragref("show andy 7c 8c 9c")
    bragref("player leave Dan")
    out = bragref("deal").stdout  # Bill alone: the deal itself makes the pot his, no award needed (R16.7)
    assert "Hand 2 over: Bill 14 — alone at the svara deal" in out and "(R16.7)" in out
    assert bragref.json("status")["phase"] == "over"
    assert nets(bragref) == {"Andy": -3, "Bill": 9, "Chris": -3, "Dan": -3}
    assert bragref("audit").stdout.startswith("audit: sound")
    bragref("undo")  # what the deal decided undone: the pot is still Bill's, shown or awarded
    legal = bragref.json("status")["legal"]
    assert (legal["show"], legal["concede"], legal["award"]) == (["Bill"], [], ["Bill"])
    bragref.refused("award chris", "R16.7")  # not dealt in
    bragref("award bill")
    assert nets(bragref) == {"Andy": -3, "Bill": 9, "Chris": -3, "Dan": -3}
    bragref("deal")  # the next deal is an ordinary one
    assert bragref.json("status")["svara"] is None


def test_boiling_in_only_at_a_svara_deal_and_within_the_table_money_r16_7_r16_8(bragref):
    bragref(f"session new s {FOUR}")
    assert "only a svara deal" in bragref.refused("deal --boil Bill", "R16.7")
    bragref('session new b --players "Andy,Bill"')
    assert "svara do" in bragref.refused("deal --boil Bill", "R16.7")  # a deal of brag has no svara deal
    assert "bastard, three-stake do" in bragref.refused('deal --up "Kh 2c"', "R14.1")  # nor face-up cards


def test_a_pot_carried_by_another_game_keeps_svara_waiting_r16_7(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref.lines("""
        deal
        bet bill 1 --blind
        fold chris
        fold andy
    """)  # everyone folded to a blind player: the pot is carried (R6.2)
    assert "Svara does not take it in" in bragref.refused("rules set game svara", "R9.3")


def test_refusals_cite_r16_and_write_nothing(four, bragref):
    bragref = four()
    bragref.refused("bet chris 2", "R16.4")  # out of turn
    assert "not a move of Svara" in bragref.refused("call bill", "(R16)")
    bragref.refused("cover bill 1", "(R16)")
    bragref.refused("show bill Ah Kh 9h", "R16.5")  # nobody has opened
    bragref.refused("look chris", "R3.4")
    bragref("bet bill 1 --blind")
    bragref.refused("look bill", "R3.4")  # Chris's turn
    bragref.refused("look bill --hand old --keep", "R3.4")
    bragref("look chris")
    bragref.refused("look chris", "R16.3")  # looked already
    bragref.lines("""
        bet chris 2
        bet dan 2
        bet andy 2
        open bill
    """)
    bragref.refused("show andy 5h 6h 7h", "R16.1", code=2)  # below six
    bragref("show bill Ah Kh 9h")
    bragref.refused("show bill As Ks 9s", "R16.5")
    bragref.refused("show dan Ah Qs Js", "one of each", code=2)
    bragref('session new seven --players "A,B,C,D,E,F,G" --game svara')
    assert "2 to 6 players, not 7" in bragref.refused("deal", "R16.1")
    bragref("session new t --players \"Andy,Bill\" --game svara --stakes table")
    bragref("buy-in andy 3")
    bragref("buy-in bill 5")
    bragref("deal")
    assert "there are no covers in svara" in bragref.refused("bet bill 5", "R16.8")
    assert bragref.json("status")["legal"]["bet"] == {"min": 1, "max": 4}


def test_table_stakes_and_a_boil_in_above_the_table_money_r16_8(bragref):
    bragref(f"session new s {FOUR} --stakes table")
    for name in ("andy", "bill", "chris", "dan"):
        bragref(f"buy-in {name} 10")
    bragref.lines("""
        deal
        bet bill 2
        bet chris 2
        bet dan 2
        bet andy 2
        open bill
        show bill Ah Kh 9h
        show chris As Ks 9s
        show dan 7c 8c 9c
        show andy 7d 8d 9d
    """)
    assert bragref.json("status")["svara"]["buy_in"] == 7
    bragref("cash-out dan 4")
    assert "less than the buy-in of 7" in bragref.refused("deal --boil Dan,Andy", "R16.8")
    bragref("deal --boil Andy")
    andy = next(p for p in bragref.json("status")["players"] if p["name"] == "Andy")
    assert (andy["state"], andy["table_money"]) == ("unlooked", 0)  # 10 - 3 - 7


def test_the_game_is_listed_played_at_the_table_and_round_trips(bragref, tmp_path):
    games = bragref("games").stdout
    assert "svara — Svara (R16)" in games and "jokers" in games and "svara-buyin" in games
    _svara(bragref)
    bragref("show andy 7c 8c 9c")
    bragref("deal --boil Chris")
    bragref.lines("""
        bet chris 1 --blind
        pass dan
        pass bill
    """)
    text = bragref.round_trip(tmp_path / "s.bhh")
    assert "svara = 'Bill,Dan'" in text and "boil = 'Chris'" in text and "'p2 pass'" in text
    again = tmp_path / "again.bhh"
    bragref.again(f"--session again export -o {again}")
    assert again.read_text().replace("session = 'again'", "session = 's'") == text


def test_the_table_plays_a_hand_of_svara(bragref):
    bragref(f"session new s {FOUR}")
    out = bragref.table("d", "bb 1", "p", "l", "b 3", "fold", "o", "Ah Kh 9h", "As Ks 9s", "d boil Chris",
                        "p", "p", "q").output
    assert "Bill (unlooked) — bet 1 or more · bet dark 1 or more · look · pass > " in out
    assert "a svara: Bill and Dan tied on 30 points" in out
    assert "Chris boiled in for 6." in out
    assert nets(bragref) == {"Andy": -1, "Bill": 12, "Chris": -7, "Dan": -4}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), buy_in=st.sampled_from(["half", "share"]),
       stakes=st.sampled_from(["pocket", "table"]))
@pytest.mark.slow
def test_random_evenings_of_svaras_conserve_money_and_round_trip(tmp_path_factory, seed, players, buy_in, stakes):
    """Random legal svara, awards of two making svaras and random boiling in at each svara deal: every hand's money
    is conserved, the ledger audits clean and its export imports to the same text (R1.2, R16.7)."""
    rng = random.Random(seed)
    ledger = Ledger(str(tmp_path_factory.mktemp("svara") / "ledger.db"))
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    rules = from_preset("svara", game="svara", svara_buyin=buy_in, stakes=stakes, short_money="borrow")
    session = ledger.create_session("s", rules, names)
    if stakes == "table":
        for name in names:
            ledger.purse("s", "buy-in", name, rng.randint(5, 60))
    choose = chooser(rng)
    for _ in range(12):
        before = ledger.current(session)
        tied = getattr(before.hand, "svara", ()) if before else ()
        boil = [name for name in names if name not in tied and rng.random() < 0.4] if tied else []
        if not dealt(ledger, {"boil": ",".join(boil)} if boil else None) and not (boil and dealt(ledger, None)):
            break  # too little table money to ante (R1.3): the evening is over
        while ledger.current(session).hand.phase != "over":
            ledger.act("s", choose)
    assert sum(row["net"] for row in ledger.balances([session])) + ledger.carried([session]) == 0
    assert audit(ledger.conn, [session.id]) == []
    text = bhh.dumps(exchange.export(ledger, session))
    copy = Ledger(str(tmp_path_factory.mktemp("svara") / "copy.db"))
    exchange.import_document(copy, bhh.loads(text), "s")
    assert bhh.dumps(exchange.export(copy, copy.session("s"))) == text
    ledger.close()
    copy.close()


def dealt(ledger, given) -> bool:
    """A deal, or False where it is refused (a boil-in above the table money, R16.8; too little to ante, R1.3)."""
    try:
        ledger.deal("s", None, given)
    except Refused:
        return False
    return True


def test_a_verb_several_games_declare_helps_in_each_ones_words(bragref):
    """`pass` is Bastard Brag's, Svara's and Three Card Poker's move, each its own: the command's help gives each."""
    text = " ".join(bragref("pass --help").stdout.split())
    assert "In Bastard Brag: PLAYER keeps their cards" in text and "In Svara: PLAYER passes at their turn" in text
    assert "In Three Card Poker: PLAYER wagers nothing this deal" in text
    assert "In Svara" not in bragref("chaal --help").stdout  # a game's own name for a verb is that game's alone
