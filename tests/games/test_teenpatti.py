"""Teen Patti (R13) through the command line: the boot and the chaal's bounds in seen terms, the show and its ties,
the side show, the last player in, the pot cap, the house rules, the ranking and its variants. Every net asserted.

Andy deals in every hand here, so Bill acts first, then Chris, then Andy (R2.4); the boot is 1, so the pot opens at
3 (with three players) and the stake at 2, twice the boot (R13.2).
"""

import json
import re
from collections import Counter
from itertools import combinations

import pytest

from bragref.engine.cards import parse_card
from conftest import rewritten
from tests.test_show import nets

THREE = '--players "Andy,Bill,Chris" --game teen-patti'
TWO = '--players "Andy,Bill" --game teen-patti'


@pytest.fixture
def teen(bragref):
    def start(*options: str, players: str = THREE):
        bragref(f"session new t {players} {' '.join(options)}")
        bragref("deal")
        return bragref
    return start


def test_first_chaals_blind_and_seen_and_a_chaal_over_double_refused_r13_1_r13_2(teen):
    bragref = teen()
    status = bragref.json("status")
    assert (status["game"], status["pot"], status["stake"], status["to_act"]) == ("teen-patti", 3, 2, "Bill")
    assert status["legal"]["bet"] == {"min": 2, "max": 4} and status["legal"]["blind_bet"] == {"min": 1, "max": 2}
    assert "at most 4 here, not 5: a chaal at most doubles the stake" in bragref.refused("chaal bill 5", "R13.2")
    bragref.refused("chaal bill 1", "R13.2")  # seen: at least the stake
    bragref.refused("chaal bill 3 --blind", "R13.2")  # blind: at most the stake
    bragref("chaal bill 2 --blind")  # worth 4 seen: the stake is 4
    assert bragref.json("status")["legal"]["blind_bet"] == {"min": 2, "max": 4}
    bragref("chaal chris 3 --blind")  # the stake is 6
    bragref.refused("chaal andy 13", "R13.2")
    bragref("chaal andy 6")
    bragref.refused("chaal bill 1 --blind", "R13.2")  # blind: at least half the stake, 3
    bragref("pack bill")
    out = bragref("pack chris").stdout
    assert "Hand 1 over: Andy 14 — everyone else packed (R13.5)" in out
    assert nets(bragref) == {"Andy": 7, "Bill": -3, "Chris": -4}
    story = bragref("replay 1").stdout
    assert "Bill chaalled 2 blind, worth 4 seen, raising the stake from 2 to 4 (R13.2)" in story
    assert "Bill packed." in story


def test_the_prompt_and_refusals_speak_teen_patti(teen):
    bragref = teen()
    bragref("chaal bill 2")
    bragref("chaal chris 1 --blind")
    out = bragref("status").stdout
    assert "Bill      seen" in out and "Chris     blind" in out and bragref.json("status")["players"][0]["state"] == "open"
    assert "Andy to act: chaal 2–4, chaal blind 1–2, look, pack." in out
    assert "Andy may: chaal 2–4, chaal blind 1–2, look, pack" in bragref.refused("chaal andy 9", "R13.2")
    bragref.refused("cover andy 1", "R13", code=3)  # no covers in Teen Patti


def test_the_table_hears_teen_patti_words_for_the_boot_a_pack_and_a_look_r13(bragref):
    """The boot, not the ante; a player who has packed, not folded; a look makes a player seen, not open (R13)."""
    said = bragref(f"session new t {THREE} --ante 2").stdout
    assert said.endswith("Boot 2.\n")
    assert bragref("deal").stdout.startswith("Hand 1: Andy deals. Boot 2 each.")
    bragref("look bill")
    bragref("chaal bill 4")
    bragref("pack chris")
    assert "Chris has packed and takes no further part in this hand (R2.4)" in bragref.refused("chaal chris 4", "R2.4")
    assert "Bill looked at their cards, and plays seen from now (R13.1)." in bragref("replay 1").stdout
    bragref("pack andy")
    bragref("rules set ante 0")
    assert bragref("deal").stdout.startswith("Hand 2: Bill deals. No boot.")


@pytest.mark.parametrize("bill, andy, net_andy", [
    ("Kh Kd 4c", "Ah Ad 2c", 3),  # the asker's better hand wins
    ("Ah Ad 2c", "Kh Kd 4c", -2),  # the asked player's better hand wins
    ("Kh Kd 4c", "Ks Kc 4d", -2),  # equal hands: the asker loses (show_tie asker-loses)
])
def test_a_show_with_two_left_r13_3(teen, bill, andy, net_andy):
    bragref = teen(players=TWO)  # Andy deals: Bill first; the pot 2, the stake 2
    bragref("chaal bill 2")
    assert bragref.json("status")["legal"]["see"] == {"cost": 1}  # Andy, unlooked, asks in blind terms
    out = bragref("show-for andy").stdout
    assert "Andy asked for a show with Bill: Bill shows first (`show Bill CARDS`) (R13.3)" in out
    bragref.refused(f"show andy {andy}", "R13.3")  # the asked player shows first
    bragref(f"show bill {bill}")
    bragref(f"show andy {andy}")
    assert nets(bragref) == {"Andy": net_andy, "Bill": -net_andy}


@pytest.mark.parametrize("variant, bill, shuffle", [
    ("classic", "Ah Ad Ac", True),  # a trail is three of a rank: Teen Patti's prial (R13.6)
    ("muflis", "5h 3d 2c", False),  # the best hand in muflis, but not three of a rank (R13.7)
    ("classic", "Ah Kh Qh", False),
])
def test_a_hand_won_with_a_trail_is_shuffled_after_r9_2(teen, variant, bill, shuffle):
    """R9.2 holds for every game (R10.1): the pack is shuffled after a hand won with three of a rank."""
    bragref = teen(f"--variant {variant}", players=TWO)
    bragref("chaal bill 2")
    bragref("show-for andy")
    bragref(f"show bill {bill}")
    out = bragref("show andy 9c 7d 4h").stdout
    assert ("Won with a trail: shuffle before the next deal (R9.2)." in out) == shuffle
    assert bragref.json("status")["shuffle"] == shuffle
    assert ("won with a trail" in bragref("replay 1").stdout) == shuffle
    assert ("Shuffle the pack: hand 1 was won with a trail (R9.2)" in bragref("deal").stdout) == shuffle


def test_a_tied_show_splits_under_show_tie_split_r13_3_r6_5(teen):
    bragref = teen("--show-tie split", players=TWO)
    bragref("chaal bill 2")
    bragref("look andy")
    bragref("see andy")  # seen: the stake, 2; the pot 6
    assert "equal hands split the pot (R13.3)" in bragref("show bill Kh Kd 4c").stdout
    out = bragref("show andy Ks Kc 4d").stdout
    assert "equal hands (pair of kings, odd card 4) split the pot (R13.3)" in out
    assert nets(bragref) == {"Andy": 0, "Bill": 0}  # each paid 3 into the pot of 6 and takes 3 back


def test_a_seen_player_may_not_ask_a_blind_one_for_a_show_r13_3(teen):
    bragref = teen(players=TWO)
    bragref("chaal bill 1 --blind")
    bragref("look andy")
    assert bragref.json("status")["legal"]["see"] is None
    assert "a seen player may not ask a blind one for a show" in bragref.refused("see andy", "R13.3")
    bragref("chaal andy 2")
    bragref("see bill")  # blind may ask seen, in blind terms: half the stake of 2
    bragref("show andy Qh Qd 2c")
    bragref("show bill Ah 5d 9c")
    assert nets(bragref) == {"Andy": 3, "Bill": -3}  # the pot 6: Bill paid the boot, 1 blind and 1 for the show


def sideshow_to_answer(bragref):
    """Bill and Chris chaal seen; Andy looks, chaals 2 and asks Chris, the previous player still in. The pot 9."""
    bragref("chaal bill 2")
    bragref("chaal chris 2")
    bragref("look andy")  # seen: a side show is asked by a seen player (R13.4, R3.1)
    assert bragref.json("status")["legal"]["sideshow"] == {"min": 2, "max": 4, "with": "Chris"}
    bragref("sideshow andy 2")
    status = bragref.json("status")
    assert status["to_act"] == "Chris" and status["sideshow"] == {"asker": "Andy", "asked": "Chris",
                                                                  "accepted": False, "packed": None}
    assert status["legal"]["accept"] and status["legal"]["refuse"]


@pytest.mark.parametrize("chris, andy, packs, why", [
    ("Kh Kd 4c", "Ah Ad 2c", "Chris", "the weaker hand"),  # the asker's better hand: the asked packs
    ("Ah Ad 2c", "Kh Kd 4c", "Andy", "the weaker hand"),  # the asked player's better hand: the asker packs
    ("Kh Kd 4c", "Ks Kc 4d", "Andy", "equal hands: the asker packs"),
])
def test_a_side_show_accepted_r13_4(teen, chris, andy, packs, why):
    bragref = teen()
    sideshow_to_answer(bragref)
    bragref.refused("chaal chris 2", "R13.4")  # Chris answers first
    bragref.refused("accept bill", "R13.4")
    bragref("accept chris")
    assert bragref.json("status")["to_act"] is None
    bragref.refused("show bill 2h 3h 5c", "R13.4")  # Bill takes no part
    assert "Chris and Andy to show each other their cards" in bragref("status").stdout
    out = bragref(f"show chris {chris}").stdout
    assert "Chris has shown: Andy to show their cards to Chris (`show PLAYER CARDS`) or concede" in out
    out = bragref(f"show andy {andy}").stdout
    assert out.startswith(f"{packs} packs at the side show ({why}, R13.4). Pot 9, stake 2. Bill to act")
    status = bragref.json("status")
    assert status["sideshow"]["packed"] == packs and status["to_act"] == "Bill"  # from the asker's left
    assert {p["name"]: p["state"] for p in status["players"]}[packs] == "folded"
    stayed = "Andy" if packs == "Chris" else "Chris"
    bragref("see bill")  # two left: Bill, seen, asks for a show for the stake, 2; the pot 11
    bragref.refused(f"show {stayed} As Js Qs", "R8.10", code=2)  # the hand seen at the side show, or none (R8.10)
    bragref(f"show {stayed} {andy if stayed == 'Andy' else chris}")
    bragref("show bill 2d 3c 5s")
    expected = {"Bill": -5, "Andy": -5, "Chris": -5, stayed: 8}
    expected[packs] = -3
    assert nets(bragref) == expected
    story = bragref("replay 1").stdout
    assert f". Chris showed {chris} at the side show: {HANDS[chris]}.\n" in story  # the cards, then their class
    assert (f". Andy showed {andy} at the side show: {HANDS[andy]}; {packs} packs at the side show ({why}, "
            f"R13.4).\n") in story


HANDS = {"Kh Kd 4c": "pair of kings, odd card 4", "Ah Ad 2c": "pair of aces, odd card 2",
         "Ks Kc 4d": "pair of kings, odd card 4"}


def test_a_side_show_refused_and_one_conceded_r13_4(teen):
    bragref = teen()
    sideshow_to_answer(bragref)
    out = bragref("refuse chris").stdout
    assert "Bill to act" in out  # play goes on from the asker's left
    assert bragref.json("status")["sideshow"] is None
    bragref("chaal bill 2")
    bragref("sideshow chris 2")  # Chris asks Bill
    bragref("accept bill")
    bragref("concede chris")  # Chris gives up the side show: Chris packs
    assert bragref.json("status")["to_act"] == "Andy"
    bragref("pack andy")
    assert nets(bragref) == {"Andy": -3, "Bill": 8, "Chris": -5}  # the pot 13 to Bill


def test_a_side_show_is_asked_only_of_a_seen_player_by_a_seen_one_with_three_left_r13_4(teen):
    bragref = teen()
    bragref("chaal bill 2")
    bragref("chaal chris 1 --blind")
    assert bragref.json("status")["legal"]["sideshow"] is None
    assert "is not seen" in bragref.refused("sideshow andy 2", "R13.4")
    bragref("chaal andy 2")
    bragref("pack bill")
    bragref.refused("sideshow chris 2", "R13.4")  # two left: a show, not a side show


def test_a_player_who_has_not_looked_asks_no_side_show_r13_4_r3_1(teen):
    """Andy has neither looked nor chaalled: blind (R3.1), so he may not ask for a side show (R13.4). Refused at the
    record, exit 3, nothing written, and not offered on the may-line or in `legal`; once he looks, it is offered."""
    bragref = teen()
    bragref("chaal bill 2")
    bragref("chaal chris 2")
    status = bragref.json("status")
    assert status["to_act"] == "Andy" and status["legal"]["sideshow"] is None
    assert "sideshow" not in bragref("status").stdout
    said = bragref.refused("sideshow andy 2", "R13.4")
    assert "Andy has not looked" in said and "only a seen player may ask for a side show" in said, said
    assert "Andy may: " in said and "sideshow" not in said.split("Andy may: ")[1]
    from bragref.serve.watch import Watcher

    def buttons() -> list[str]:  # the referee's page's moves, and a seat's, are these
        watcher = Watcher(str(bragref.db))
        watcher.look()
        return [move["words"][0] for move in watcher.table_now["told"]["moves"]]

    assert "sideshow" not in buttons()
    bragref("look andy")
    assert bragref.json("status")["legal"]["sideshow"] == {"min": 2, "max": 4, "with": "Chris"}
    assert "sideshow" in buttons()
    bragref("sideshow andy 2")
    assert bragref.json("status")["sideshow"]["asker"] == "Andy"


def test_a_side_show_an_earlier_bragref_took_from_a_player_not_looked_imports_and_audits_r13_4(teen, tmp_path):
    """Before 0.23 the chaal that asked declared an unlooked player seen, and bragref recorded the side show: such a
    history (here one exported with Andy's look taken out) is judged as it was recorded, imported and audited
    sound, as the rows an earlier bragref wrote replay as they did (docs/rulings.md). Only a new record refuses it."""
    bragref = teen()
    for line in ("chaal bill 2", "chaal chris 2", "look andy", "sideshow andy 2", "accept chris",
                 "show chris Kh Kd 4c", "show andy Ah Ad 2c", "pack bill"):
        bragref(line)
    history = json.loads(bragref("export --format json").stdout)
    hand = history["hands"][0]
    look = hand["actions"].index("p1 look")
    for key in ("actions", "_at", "_entered"):
        del hand[key][look]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(history), encoding="utf-8")
    from conftest import Bragref

    other = Bragref(tmp_path / "other.db")
    other(f"import {old} --as then --use")
    entries = other.json("history 1")
    assert [e["action"] for e in entries if e["player"] == "Andy" and e["action"] != "deal"][:2] == ["sideshow", "show"]
    other("audit")
    assert nets(other) == nets(bragref)


def test_the_last_player_in_takes_the_pot_even_blind_r13_5(teen):
    bragref = teen()
    bragref("chaal bill 1 --blind")
    bragref("pack chris")
    out = bragref("pack andy").stdout
    assert "Hand 1 over: Bill 4" in out  # no retained hand: R6.2 does not apply
    assert nets(bragref) == {"Andy": -1, "Bill": 2, "Chris": -1}
    assert bragref.json("status")["carried"] == 0


def capped(teen):
    """A pot cap of 10: Bill chaals 2, Chris 4 and Andy 4, the pot 13, past the cap: every player left shows."""
    bragref = teen("--pot-cap 10")
    bragref("chaal bill 2")
    bragref("chaal chris 4")
    out = bragref("chaal andy 4").stdout  # the chaal stands (R13.5)
    assert bragref.json("status")["phase"] == "showdown" and "Showdown" in out
    return bragref


def test_the_pot_cap_ends_the_hand_in_a_showdown_that_splits_r13_5_r6_5(teen):
    bragref = capped(teen)
    bragref("show bill Kh Kd 4c")
    bragref("show chris Ks Kc 4d")
    bragref("show andy 2h 5d 9c")
    assert nets(bragref) == {"Andy": -5, "Bill": 4, "Chris": 1}  # 13 split 7 (Bill, the elder) and 6


def test_a_showdown_won_with_the_best_hand_there_is_says_so_once_r13_5(teen):
    """Who won with what, then every hand shown with its cards, each described once."""
    bragref = capped(teen)
    bragref("show bill Kh Kd 4c")
    bragref("show chris As Ad Ac")
    out = bragref("show andy 2h 5d 9c").stdout
    assert "at the showdown (R13.5), Chris wins with trail of aces, the best hand. Shown: Bill Kh Kd 4c" in out
    assert out.count("trail of aces") == 2  # who won with what, and what Chris showed
    assert nets(bragref) == {"Andy": -5, "Bill": -3, "Chris": 8}


def test_chaal_limit_and_blind_rounds_r13_2(teen):
    bragref = teen("--chaal-limit 4 --blind-rounds 1")
    bragref("chaal bill 2 --blind")  # the stake 4: the limit
    legal = bragref.json("status")["legal"]
    assert legal["bet"] == {"min": 4, "max": 4} and legal["blind_bet"] == {"min": 2, "max": 2}
    assert "(the chaal limit)" in bragref.refused("chaal chris 5", "R13.2")
    bragref("chaal chris 4")
    bragref("chaal andy 4")
    assert bragref.json("status")["legal"]["blind_bet"] is None  # Bill has made his one blind chaal
    assert "Bill has made 1 blind chaal and must look" in bragref.refused("chaal bill 2 --blind", "R13.2")
    bragref("look bill")
    bragref("chaal bill 4")


def test_rules_of_teen_patti_are_its_own(bragref):
    assert "--variant is not a rule of brag" in bragref('session new b --players "A,B" --variant muflis', code=2).stderr
    assert "a23 of brag is one of high, low" in bragref('session new b --players "A,B" --a23 second', code=2).stderr
    bragref(f"session new t {THREE}")
    shown = bragref.json("rules show")
    assert (shown["a23"], shown["variant"], shown["show-tie"]) == ("second", "classic", "asker-loses")
    bragref("rules set variant muflis")
    bragref("rules set blind-rounds 3")
    assert bragref.json("rules show")["blind-rounds"] == "3"


def test_the_joker_variant_records_the_card_turned_up_r13_7(bragref, tmp_path):
    bragref(f"session new t {THREE} --variant joker")
    assert "deal --joker CARD" in bragref("deal", code=2).stderr
    out = bragref("deal --joker 7h").stdout
    assert "7h was turned up: the other cards of its rank are wild (R13.7)" in out
    bragref("chaal bill 2")
    bragref("pack chris")
    bragref("see andy")
    bragref("show bill Kh Kd 4c")
    assert "turned up, in nobody's hand" in bragref("show andy 7h 7d 2c", code=2).stderr
    out = bragref("show andy 7s 7d 2c").stdout  # two wild sevens with a two: a trail of twos (2 wild cards)
    assert "trail of twos (2 wild cards)" in out
    assert nets(bragref) == {"Andy": 4, "Bill": -3, "Chris": -1}  # Andy asked blind, for 1: the pot 6
    text = bragref.round_trip(tmp_path / "t.bhh")
    assert "joker = '7h'" in text and "variant = 'joker'" in text
    assert "deal --joker CARD" in bragref("deal", code=2).stderr  # every deal names its card
    bragref(f"session new c {THREE}")
    assert "a card is turned up only under the joker variant" in bragref("deal --joker 7h", code=2).stderr


def test_teen_patti_at_the_table_in_its_own_words(teen):
    bragref = teen()
    out = bragref.table("chaal 2", "b 2", "l", "ss 2", "?", "rf", "pack", "q").output
    assert "Bill (unlooked) — chaal 2–4" in out and "Andy (unlooked) — chaal 2–4" in out
    assert "sideshow 2–4 (asks Chris)" in out and "accept or refuse Andy's side show" in out
    assert "b|bb|blind|bet|chaal" in out and "ss|sideshow" in out  # the help names the game's words
    assert "refused" not in out and "error" not in out
    assert bragref.json("status")["to_act"] == "Chris" and nets(bragref) == {"Andy": 0, "Bill": 0, "Chris": 0}
    assert re.search(r"Bill +packed", bragref("status").stdout)  # in its own words; JSON keeps the family's
    assert {p["name"]: p["state"] for p in bragref.json("status")["players"]}["Bill"] == "folded"


def test_c_chaals_and_p_packs_at_a_teen_patti_table_r13(teen):
    """The prompt offers "chaal 2–4 · … · pack": `c` chaals and `p` packs, as `?` lists them."""
    bragref = teen()
    out = bragref.table("?", "c 2", "c 1 blind", "p", "q").output
    assert "c|b|bb|blind|bet|chaal" in out and "p|f|fold|pack" in out
    assert re.search(r"l\|look +PLAYER +A blind player", out)  # no retained hand's words: none in Teen Patti (R13.5)
    assert "refused" not in out and "error" not in out
    assert [(e["player"], e["action"], e["blind"]) for e in bragref.json("history")][1:] == [
        ("Bill", "bet", False), ("Chris", "bet", True), ("Andy", "fold", None)]  # JSON: the family's verbs
    told = bragref("history").stdout  # the text: the game's own words
    assert re.search(r"Bill +chaal ", told) and re.search(r"Chris +blind chaal ", told)
    assert re.search(r"Andy +pack", told)


def test_the_table_hears_who_packs_at_a_side_show_r13_4(teen):
    """The command line says who lost a side show and packs; the table said nothing, redrawing the prompt without
    the player, as if they had packed of their own accord."""
    bragref = teen()
    out = bragref.table("chaal 2", "b 2", "l", "ss 2", "acc", "show chris Kh Kd 4c", "show andy Ah Ad 2c",
                        "q").output
    assert "Chris packs at the side show (the weaker hand, R13.4).\n" in out
    assert re.search(r"Chris +packed", bragref("status").stdout)


# ---- the ranking and its variants, against an enumeration written apart from the ranking -------------------

RANKS = "23456789TJQKA"


def independent_class(cards) -> int:
    """R13.6 written out plainly: 5 trail, 4 pure sequence, 3 sequence, 2 colour, 1 pair, 0 high card."""
    ranks = sorted(card >> 2 for card in cards)
    suits = {card & 3 for card in cards}
    if ranks[0] == ranks[2]:
        return 5
    run = (ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1) or ranks == [0, 1, 12]  # A-2-3; K-A-2 is not one
    if run:
        return 4 if len(suits) == 1 else 3
    if len(suits) == 1:
        return 2
    return 1 if len(set(ranks)) == 2 else 0


def best_class(cards, wild) -> int:
    naturals = [c for c in cards if c not in wild]
    if len(naturals) <= 1:
        return 5  # two wild cards make a trail with anything
    if len(naturals) == 3:
        return independent_class(naturals)
    return max(independent_class((*naturals, c)) for c in range(52) if c not in naturals)


def enumerated(wild=frozenset(), turned=None) -> dict:
    names = ("high card", "pair", "colour", "sequence", "pure sequence", "trail")
    counts = dict.fromkeys(names, 0)
    pack = [c for c in range(52) if c != turned]
    for cards in combinations(pack, 3):
        counts[names[best_class(cards, wild)]] += 1
    return counts


@pytest.mark.parametrize("variant, extra, wild, turned", [
    ("classic", "", frozenset(), None),
    ("muflis", "", frozenset(), None),
    ("ak47", "", frozenset(r * 4 + s for r in (12, 11, 2, 5) for s in range(4)), None),
    ("joker", "--joker 7h", frozenset({parse_card("7s"), parse_card("7d"), parse_card("7c")}), parse_card("7h")),
])
def test_odds_count_every_hand_as_an_independent_enumeration_does_r13_6_r13_7(bragref, variant, extra, wild, turned):
    """`odds` counts with brag's count, and hands are judged by the ranking's table: both must class every hand as
    the enumeration written here does."""
    from bragref.games.teenpatti.ranking import TeenPattiRanking

    counted = {r["class"]: r["count"] for r in bragref.json(f"odds --game teen-patti --variant {variant} {extra}")}
    assert counted == enumerated(wild, turned)
    assert list(counted) == ["trail", "pure sequence", "sequence", "colour", "pair", "high card"]
    ranking = TeenPattiRanking("second", variant, turned)
    assert Counter(ranking.class_of(key) for key in ranking._table.values()) == counted


def test_the_table_asks_the_joker_variant_s_deal_for_its_card_r13_7(bragref):
    """Between hands the prompt says a deal names the card turned up, as `d joker CARD` does at the table."""
    bragref(f"session new t {THREE} --variant joker")
    out = bragref.table("d joker 7h", "q").output
    assert "Between hands — d joker CARDS deal · j NAME" in out and "7h was turned up" in out
    bragref(f"session new c {THREE}")
    assert "Between hands — d deal · j NAME" in bragref.table("q").output  # classic: nothing to name


def test_odds_before_the_joker_is_turned_count_every_card_it_may_be_r13_7(bragref):
    counted = bragref.json("odds --game teen-patti --variant joker")
    by_rank = [{r["class"]: r["count"] for r in bragref.json(f"odds --game teen-patti --variant joker --joker {r}h")}
               for r in RANKS]
    assert {r["class"]: r["count"] for r in counted} == {name: 4 * sum(c[name] for c in by_rank) for name in by_rank[0]}
    assert sum(r["count"] for r in counted) == 52 * 20825


def test_the_order_of_hands_r13_6_and_muflis_reversed_r13_7(bragref):
    order = ["Ah As Ad", "2h 2s 2d", "Ah Kh Qh", "Ah 2h 3h", "Kh Qh Jh", "4h 3h 2h", "Ah Ks Qd", "Ah 2s 3d",
             "4h 3s 2d", "Ah Jh 9h", "Ah As Kd", "Ah Ks Jd", "5h 3s 2d"]
    quoted = " ".join(f'"{hand}"' for hand in order)
    places = [r["place"] for r in bragref.json(f"compare --game teen-patti {quoted}")]
    assert places == sorted(places) and len(set(places)) == len(order)
    assert bragref.json("rank --game teen-patti Kh As 2d")["class"] == "high card"  # K-A-2 is no sequence
    low = [r["place"] for r in bragref.json(f"compare --game teen-patti --variant muflis {quoted}")]
    assert low == sorted(low, reverse=True)
    high = bragref.json("compare --game teen-patti --a23 high \"Ah 2h 3h\" \"Ah Kh Qh\"")
    assert [r["place"] for r in high] == [1, 2]
    low_a23 = bragref.json("compare --game teen-patti --a23 low \"Ah 2s 3d\" \"4h 3s 2d\"")
    assert [r["place"] for r in low_a23] == [2, 1]
    ranked = bragref.json("rank --game teen-patti Ah As Ad")
    assert (ranked["class"], ranked["place"], ranked["name"]) == ("trail", 1, "trail of aces, the best hand")


def test_wild_cards_lose_to_natural_equals_r13_7_r8_7(bragref):
    hands = bragref.json('compare --game teen-patti --variant ak47 "Qh Qs Qd" "Qh Qs Ad"')
    assert [r["place"] for r in hands] == [1, 2]  # a natural trail of queens beats one made with a wild ace


def test_the_sample_evening_of_teen_patti(bragref):
    """sample_sessions/teen-patti-night.brag: a side show, a show, a blind player left alone, a split show and
    the joker variant, each hand's money as R13 gives it."""
    from conftest import SAMPLES

    out = bragref(f"run -q {SAMPLES / 'teen-patti-night.brag'}").stdout
    assert "Dev (sequence, A-K-Q) beats Bina (pair of kings, odd card 4) (R13.6)" in out
    assert nets(bragref) == {"Asha": -6, "Bina": -7, "Chetan": -4, "Dev": 17}


def test_a_loan_onto_a_covering_table_mid_hand_is_refused_saying_the_short_player_packs_r7_5_r13(bragref):
    """Teen Patti has no covers: at table stakes under short-money cover a player short of the least chaal packs,
    and a loan onto the table waits for the hand's end (R7.5)."""
    bragref('session new tp --players "Andy,Bill,Chris" --game teen-patti --stakes table')
    for name, money in (("andy", 20), ("bill", 4), ("chris", 20)):
        bragref(f"buy-in {name} {money}")
    bragref.lines("""
        deal
        look bill
        chaal bill 2
        chaal chris 4
        chaal andy 8
    """)
    status = bragref.json("status")
    assert status["to_act"] == "Bill" and [key for key, value in status["legal"].items() if value] == ["fold"]
    said = bragref.refused("lend chris bill 10", "R7.5")
    assert "lend between hands, or the short player packs: Teen Patti has no covers" in said


def test_a_card_exposed_at_a_side_show_is_seen_in_the_deal_r8_9(bragref):
    """Issue 58: a card exposed at a side show was accepted again in a later show, decided the pot, and `audit` exited
    0. R8.9 (clarified): any card seen in the deal is bad input (exit 2, the card named, nothing recorded); a player
    shows their own side-show cards again; a ledger holding such a show is a finding."""
    bragref('session new tp --players "Andy,Bill,Chris,Dan" --game teen-patti')
    bragref.lines("deal\nlook bill\nbet bill 2\nlook chris\nsideshow chris 2\naccept bill\nshow bill 9s 9h 2d\n"
                  "show chris Qh Qd 3c\nfold dan\nsee andy\nshow chris Qh Qd 3c")
    for cards, seen in (("9s 8h 7d", "9s has been seen already in this deal (shown by Bill at a side show)"),
                        ("Qh 8h 7d", "Qh has been seen already in this deal (shown by Chris"),
                        ("9c 9c 7d", "9c is shown twice")):
        assert seen in bragref.refused(f"show andy {cards}", "R8.9", code=2)
    bragref("show andy 9c 8h 7d")  # a sequence beats Chris's pair: the pot (1 × 4 boot + 2 + 2 + 1) to Andy
    assert nets(bragref) == {"Andy": 9 - 2, "Bill": -3, "Chris": -3, "Dan": -1}
    assert bragref("audit").stdout.startswith("audit: sound")
    with rewritten(bragref.db) as conn:  # as the bragref before the fix could have recorded it
        conn.execute("UPDATE actions SET args = replace(args, '9c', '9s'), state = NULL WHERE id ="
                     " (SELECT MAX(id) FROM actions)")
    assert "9s has been seen already in this deal" in bragref("audit", code=4).stdout


FOUR = '--players "Ann,Bob,Cat,Dan" --game teen-patti'
ISSUE_79 = ("look bob", "bet bob 2", "look cat", "bet cat 2", "look dan", "bet dan 2", "fold ann", "bet bob 2",
            "sideshow cat 2", "accept bob", "show bob Jh Jc 4s", "show cat Kd Kc 8s", "see dan")


def ledger_rows(bragref) -> int:
    return sum(len(rows) for rows in bragref.dump().values())


def test_a_hand_seen_at_a_side_show_is_the_hand_shown_after_it_r8_10(teen):
    """Issue 79's evening: Cat's pair of kings, seen at the side show, may not become a high card 9 at the show."""
    bragref = teen(players=FOUR)
    for line in ISSUE_79:
        bragref(line)
    rows = ledger_rows(bragref)
    said = bragref.refused("show cat 2h 7d 9c", "R8.10", code=2)
    assert "Cat's hand was seen at the side show as Kd Kc 8s, not 2h 7d 9c: a player holds one hand (R8.10)" in said
    assert ledger_rows(bragref) == rows
    bragref.refused("show cat Kd Kc 9s", "R8.10", code=2)  # one card of the three other: another hand still
    bragref("show cat Kc 8s Kd")  # the same three, in any order
    bragref("show dan 5h 5d 2c")
    assert nets(bragref)["Cat"] > 0 and nets(bragref)["Dan"] < 0  # the kings take the pot
    bragref("audit")


def test_a_player_in_two_side_shows_shows_one_hand_in_both_r8_10(teen):
    """Cat, seen at Cat's own side show with Dan, is asked again by Ann: the same three cards, or bad input."""
    bragref = teen(players=FOUR)
    for line in ("look bob", "bet bob 2", "look cat", "bet cat 2", "look dan", "sideshow dan 2", "accept cat",
                 "show cat Kd Kc 8s", "show dan 5h 5d 2c", "look ann", "sideshow ann 2", "accept cat"):
        bragref(line)
    said = bragref.refused("show cat Ah Ad Ac", "R8.10", code=2)
    assert "Cat's hand was seen at the side show as Kd Kc 8s" in said
    bragref("show cat Kd Kc 8s")
