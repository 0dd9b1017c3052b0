"""`odds`: exact class counts, checked against enumerations written here, independently (R8.5–R8.7)."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from bragref.engine.cards import parse_wild
from bragref.engine.ranking import BEST_FIRST, BragRanking

WILD_OPTIONS = ["none", "deuces", "black-deuces", "one-eyed-jacks", "suicide-king", "jokers:1", "jokers:2",
                "braggers", "Ah,Kd,7c"]


def plain_class(cards) -> str:
    """The class of three natural cards, from R8.1 and R8.3 alone."""
    ranks = sorted(c >> 2 for c in cards)
    one_suit = len({c & 3 for c in cards}) == 1
    if ranks[0] == ranks[2]:
        return "prial"
    if ranks in ([0, 1, 12], [ranks[0], ranks[0] + 1, ranks[0] + 2]):
        return "running flush" if one_suit else "run"
    if one_suit:
        return "flush"
    return "pair" if ranks[0] == ranks[1] or ranks[1] == ranks[2] else "high card"


def test_three_card_counts_are_r8_5():
    assert BragRanking().class_counts() == [("prial", 52), ("running flush", 48), ("run", 720), ("flush", 1096),
                                            ("pair", 3744), ("high card", 16440)]


@pytest.mark.parametrize("wild", WILD_OPTIONS)
def test_three_card_counts_match_every_hand_judged_one_by_one(wild):
    ranking = BragRanking(wild=parse_wild(wild))
    counted = Counter(ranking.class_of(ranking.key3(*c)) for c in combinations(range(ranking.pack), 3))
    assert ranking.class_counts() == [(name, counted[name]) for name in BEST_FIRST]


def test_four_card_counts_match_a_brute_force():
    classes = {c: BEST_FIRST.index(plain_class(c)) for c in combinations(range(52), 3)}
    best = Counter()
    for a, b, c, d in combinations(range(52), 4):
        best[min(classes[a, b, c], classes[a, b, d], classes[a, c, d], classes[b, c, d])] += 1
    expected = [(name, best[i]) for i, name in enumerate(BEST_FIRST)]
    assert BragRanking(cards=4).class_counts() == expected
    assert expected[0] == ("prial", 2509)


@pytest.mark.parametrize("wild", ["deuces", "one-eyed-jacks", "jokers:2"])
def test_four_card_counts_with_wild_cards_match_every_hand_judged(wild):
    ranking = BragRanking(wild=parse_wild(wild), cards=4)
    key3, class_of = ranking.key3, ranking.class_of
    counted = Counter()
    for a, b, c, d in combinations(range(ranking.pack), 4):
        counted[class_of(max(key3(a, b, c), key3(a, b, d), key3(a, c, d), key3(b, c, d)))] += 1
    assert ranking.class_counts() == [(name, counted[name]) for name in BEST_FIRST]


@pytest.mark.parametrize("cards", [3, 4, 5])
@pytest.mark.parametrize("wild", WILD_OPTIONS)
def test_every_hand_is_counted_once(cards, wild):
    ranking = BragRanking(wild=parse_wild(wild), cards=cards)
    counts = dict(ranking.class_counts())
    assert sum(counts.values()) == comb(ranking.pack, cards)
    assert all(count > 0 for count in counts.values())


SEQUENCES = [{12, 0, 1}] + [{r, r + 1, r + 2} for r in range(11)]  # A-2-3, 2-3-4 … Q-K-A (R8.3)


def natural_class(cards, need: int) -> int:
    """The best class of a set of natural cards held beside `3 - need` wild ones, from the definitions alone
    (0 high card … 5 prial, as `odds` numbers them)."""
    ranks = Counter(c >> 2 for c in cards)
    suited = [{c >> 2 for c in cards if c & 3 == suit} for suit in range(4)]
    if max(ranks.values()) >= need:
        return 5
    if any(len(held & sequence) >= need for held in suited for sequence in SEQUENCES):
        return 4
    if any(len(set(ranks) & sequence) >= need for sequence in SEQUENCES):
        return 3
    if max(map(len, suited)) >= need:
        return 2
    return 1 if max(ranks.values()) >= need - 1 else 0


# A pack cut down so that every set of five can be judged here: clubs and diamonds in the same ranks (counted once),
# hearts and spades each in others; A-2-3 and Q-K-A in it.
CUT_PACK = [c for c in range(52) if c >> 2 in ({0, 1, 2, 3, 10, 11, 12}, {0, 1, 2, 3, 10, 11, 12},
                                                {0, 1, 4, 5, 12}, {2, 3, 11})[c & 3]]


@pytest.mark.parametrize(("size", "need"), [(3, 3), (4, 3), (5, 3), (2, 2), (3, 2), (4, 2)])
def test_class_counts_match_every_set_of_a_cut_pack_judged_one_by_one(size, need):
    """Every way the count splits the work (ranks alone, then running flushes and flushes a suit at a time, two
    suits at once taken off where four cards hold two flushes of two, suits alike counted once) against every set
    judged: the full pack's five-card sets are too many to judge here."""
    from bragref.engine import odds

    available = [sum(1 << s for s in range(4) if rank * 4 + s in CUT_PACK) for rank in range(13)]
    judged = Counter(natural_class(cards, need) for cards in combinations(CUT_PACK, size))
    assert odds._natural_counts(available, size, need) == [judged[cls] for cls in range(6)]


@pytest.mark.slow
def test_five_card_counts_with_wild_cards_in_seven_ranks_match_every_hand_judged():
    """All 2,598,960 five-card hands judged by the ranking's own table, each by the best of its ten threes (R8.6),
    with wild cards in seven ranks and every suit, so that no two suits are alike anywhere (R8.7)."""
    ranking = BragRanking(wild=parse_wild("Ah,Kd,7c,2s,5h,9c,Jd"), cards=5)
    key = {three: ranking.key3(*three) for three in combinations(range(ranking.pack), 3)}
    best = Counter()
    for a, b, c, d, e in combinations(range(ranking.pack), 5):
        best[max(key[a, b, c], key[a, b, d], key[a, b, e], key[a, c, d], key[a, c, e], key[a, d, e], key[b, c, d],
                 key[b, c, e], key[b, d, e], key[c, d, e])] += 1
    counted = Counter()
    for best_key, hands in best.items():
        counted[ranking.class_of(best_key)] += hands
    assert ranking.class_counts() == [(name, counted[name]) for name in BEST_FIRST]


def test_counting_builds_no_table_and_judging_builds_it_once():
    """A first `odds` counts classes without the ranking's tables (a third of its time went on building them);
    the first hand judged builds them, and they are the same as built at once."""
    ranking = BragRanking(wild=parse_wild("deuces"), cards=5)
    ranking.class_counts()
    assert "_table" not in vars(ranking)
    assert ranking.judge(tuple(range(5))).cls == "prial" and "_table" in vars(ranking)
    built = BragRanking(wild=parse_wild("deuces"), cards=5)
    built._build()
    assert (ranking._table, ranking.orders, ranking.distinct) == (built._table, built.orders, built.distinct)


def test_five_card_prials_are_what_a_formula_gives():
    """Five cards hold a prial where three or four are of one rank: 13 ranks × (4 × C(48, 2) + 48)."""
    assert dict(BragRanking(cards=5).class_counts())["prial"] == 13 * (comb(4, 3) * comb(48, 2) + comb(4, 4) * 48)


def test_more_cards_make_better_hands_likelier():
    prials = [dict(BragRanking(cards=n).class_counts())["prial"] / comb(52, n) for n in (3, 4, 5)]
    assert prials == sorted(prials)


def test_odds_are_counted_once_per_rule_set_and_kept_beside_the_ledger(bragref):
    """The counts are cached beside the ledger (issue 19): the second `odds` reads them; a cache that cannot be read
    is counted around and written again; a rule set is a key of its own."""
    import json

    first = bragref.json("odds --cards 4")
    cache = bragref.db.parent / "odds-cache.json"
    keys = list(json.loads(cache.read_text()))
    assert len(keys) == 1 and json.loads(keys[0])[1:3] == ["brag", 4]
    assert bragref.json("odds --cards 4") == first
    cache.write_text(json.dumps({keys[0]: [["prial", 1]]}))  # what the cache holds is what odds says ...
    assert bragref.json("odds --cards 4") == [{"class": "prial", "count": 1, "probability": 1.0}]
    cache.write_text("{not json")  # ... and a broken cache is counted around, then mended
    assert bragref.json("odds --cards 4") == first
    assert list(json.loads(cache.read_text())) == keys
    bragref.json("odds --cards 4 --wild deuces")
    assert len(json.loads(cache.read_text())) == 2


def test_odds_say_what_they_counted_read_from_the_cache_or_not(bragref):
    for _ in range(2):  # counted, then read from the cache: the same words
        assert bragref("odds --cards 4 --wild jokers:2").stdout.endswith(
            f"{comb(54, 4):,} hands, every one counted: 4 cards from a pack of 54.\n")
        assert bragref("odds --game braggers").stdout.endswith(
            f"{comb(52, 3):,} hands, every one counted: 3 cards from a pack of 52.\n")
