"""Braggers (R12) through the command line: three classes, the braggers wild with naturals, natural pairs, ties to
the eldest, on Hoyle's betting; its odds checked against an enumeration written apart from the ranking."""

from collections import Counter
from itertools import combinations, product

import pytest

from bragref.engine.cards import NATURALS, is_joker, rank_of, wild_cards
from bragref.games.braggers.ranking import JOKER_OWN, BraggersRanking
from tests.test_show import nets


def classes_by_hand(wild: str) -> dict[str, int]:
    """Every three-card hand classified by counting alone: two wild cards or more, or one with a natural pair,
    make a prial; one wild card, or a natural pair, a pair; else high card (R12.1, R12.2)."""
    wilds = wild_cards(wild)[0]
    counts = {"prial": 0, "pair": 0, "high card": 0}
    for hand in combinations(range(NATURALS), 3):
        held = sum(card in wilds for card in hand)
        ranks = sorted(rank_of(card) for card in hand if card not in wilds)
        pairs = len(ranks) - len(set(ranks))
        if held >= 2 or (held == 1 and pairs) or (held == 0 and pairs == 2):
            counts["prial"] += 1
        elif held == 1 or pairs:
            counts["pair"] += 1
        else:
            counts["high card"] += 1
    return counts


@pytest.mark.parametrize("wild", ["braggers", "Jc", "deuces"])
def test_odds_count_every_hand_as_an_independent_enumeration_does(bragref, wild):
    counted = {r["class"]: r["count"] for r in bragref.json(f"odds --game braggers --wild {wild}")}
    assert counted == classes_by_hand(wild)
    assert list(counted) == ["prial", "pair", "high card"]


@pytest.mark.parametrize("wild, threes_high, natural_pair", [
    ("braggers", False, "beats"), ("braggers", True, "equal"), ("deuces", False, "beats"), ("deuces", True, "beats"),
    ("jokers:2", False, "beats"), ("Jc,Jd,3s", True, "beats")])
def test_wild_cards_tried_as_a_few_ranks_judge_as_every_rank_does(wild, threes_high, natural_pair):
    """The ranking tries each wild card as the ranks that could make the best hand; trying all thirteen for each
    (R12.2, R8.7) must find the same best hand, the same number of wild cards used as another rank, for every three
    cards of the pack."""
    ranking = BraggersRanking(threes_high=threes_high, wild=wild, natural_pair=natural_pair)
    held = {(tuple(sorted(rank_of(c) for c in cards if c not in ranking.wild)),
             tuple(sorted(JOKER_OWN if is_joker(c) else rank_of(c) for c in cards if c in ranking.wild)))
            for cards in combinations(range(ranking.pack), 3)}
    for plain, wild_owns in held:
        every_rank = max((ranking._order([(rank, False) for rank in plain] + [(r, r != own) for r, own in
                                                                              zip(ranks, wild_owns, strict=False)]),
                          -sum(r != own for r, own in zip(ranks, wild_owns, strict=False)))
                         for ranks in product(range(13), repeat=len(wild_owns)))
        assert ranking._best(plain, wild_owns) == (every_rank[0], -every_rank[1])


@pytest.mark.parametrize("wild, threes_high", [("braggers", False), ("jokers:2", True), ("Jc,Jd,3s", True),
                                                ("none", False)])
def test_odds_counted_by_what_hands_hold_are_the_tables_classes(wild, threes_high):
    """`odds` counts each way of holding three kinds of card once, times the ways the pack deals it, with no table
    built: the classes of every three cards in the ranking's table must come to the same counts."""
    ranking = BraggersRanking(threes_high=threes_high, wild=wild)
    counted = ranking.class_counts()
    assert "_table" not in vars(ranking)
    classes = Counter(ranking.class_of(key) for key in ranking._table.values())
    assert counted == [(name, classes[name]) for name in ("prial", "pair", "high card")]


@pytest.mark.parametrize("wild, threes_high, natural_pair", [
    ("braggers", False, "beats"), ("braggers", True, "equal"), ("jokers:2", False, "beats"), ("deuces", True, "equal")])
def test_the_table_judges_each_three_as_its_kinds_are_judged(wild, threes_high, natural_pair):
    """The table is made from each way of holding three kinds of card, judged once: every three cards of the pack
    must have the key judging its own kinds gives (`_best_held`), among the orders every three makes."""
    ranking = BraggersRanking(threes_high=threes_high, wild=wild, natural_pair=natural_pair)
    judged = {cards: ranking._best_held(tuple(map(ranking._kind, cards)))
              for cards in combinations(range(ranking.pack), 3)}
    orders = sorted({order for order, _ in judged.values()})
    assert ranking.orders == orders
    base = {order: i for i, order in enumerate(orders)}
    for cards, (order, wild_used) in judged.items():
        assert ranking.key3(*cards) == base[order] * 4 + 3 - wild_used, cards


def test_three_classes_only_and_naturals_r12_1_r12_2(bragref):
    ranked = bragref.json('compare "Ac Ah As" "Ad Ah As" "Ah As Jc" "7h 8h 9h" --game braggers')
    assert [r["place"] for r in ranked] == [1, 1, 3, 4]  # A♦ counted as an ace is natural: two equal prials
    assert ranked[3]["class"] == "high card"  # no running flush in braggers
    assert bragref.json("rank Kh Qh Jh --game braggers")["class"] == "high card"


def test_a_natural_pair_beats_a_pair_made_with_a_bragger_or_equals_it(bragref):
    beats = bragref.json('compare "Kh Kd 2c" "Ks Jc Qc" --game braggers')
    assert beats[0]["place"] < beats[1]["place"]  # the natural pair of kings, whatever the odd cards
    equal = bragref.json('compare "Kh Kd 2c" "Ks Jc Qc" --game braggers --natural-pair equal')
    assert equal[1]["place"] < equal[0]["place"]  # equal pairs: the odd card decides (Q over 2)


def test_a_braggers_hand_ties_to_the_eldest_r12_3(bragref):
    bragref('session new b --players "Andy,Bill,Chris" --game braggers')
    assert bragref.json("rules show")["ties"] == "eldest"
    bragref("deal")  # Andy deals and stakes: Bill, Chris, Andy
    bragref.lines("""
        bet andy 2
        call bill
        call chris
        stand andy
        show andy Kh Kd 4c
        show bill Ks Kc 4d
        show chris Ah Qd 5s
    """)
    assert nets(bragref) == {"Andy": -2, "Bill": 4, "Chris": -2}  # equal natural kings: Bill is eldest


def test_a_bragger_makes_the_pair_and_naturals_win_the_showdown(bragref):
    bragref('session new b --players "Andy,Bill" --game braggers')
    bragref("deal")  # Andy deals: Bill, Andy
    bragref.lines("""
        bet andy 3
        call bill
        stand andy
        show andy Ad As 4c
        show bill Ah Jc 9d
    """)
    assert [s["class"] for s in bragref.json("status")["shown"]] == ["pair", "prial"]
    assert nets(bragref) == {"Andy": -3, "Bill": 3}  # A♦ stands as itself: Andy's natural aces; J♣ 9♦ make Bill's prial


def test_unknown_games_are_refused_with_those_there_are(bragref):
    result = bragref('session new t --players "Andy,Bill" --game canasta', code=2)
    assert "braggers" in result.stderr and "hoyle" in result.stderr
