"""Cards and their ranking (R8): notation, every class count, the seed's orderings, each house rule."""

from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise

import pytest

from bragref.engine.cards import (
    NATURALS,
    card_text,
    parse_card,
    parse_cards,
    parse_wild,
    wild_cards,
)
from bragref.engine.errors import BadInput
from bragref.engine.ranking import BIT, BragRanking, _of_every_three
from bragref.games.teenpatti.ranking import TeenPattiRanking
from bragref.games.threecardpoker.ranking import PokerRanking


def judge(ranking: BragRanking, text: str):
    return ranking.judge(parse_cards([text], ranking.jokers))


def keys_in_order(ranking: BragRanking, *hands: str) -> list[int]:
    return [judge(ranking, h).key for h in hands]


@pytest.mark.parametrize(
    "text, card",
    [("3h", "3h"), ("10s", "10s"), ("Td", "10d"), ("td", "10d"), ("A♦", "Ad"), ("a♦", "Ad"), ("kS", "Ks"), ("Q♣", "Qc"),
     ("J♥", "Jh"), ("2♠", "2s")],
)
def test_card_notation_r8_9(text, card):
    assert card_text(parse_card(text)) == card


@pytest.mark.parametrize("text, says", [("1h", "'1h'"), ("3x", "'x' is not a suit"), ("11s", "'11s'"), ("h3", "'h3'"),
                                        ("X1", "no jokers"), ("", "is not a card")])
def test_bad_cards_name_the_card(text, says):
    with pytest.raises(BadInput, match=says):
        parse_card(text)


def test_jokers_only_as_many_as_the_pack_holds():
    assert card_text(parse_card("x2", jokers=2)) == "X2"
    with pytest.raises(BadInput, match="2 jokers"):
        parse_card("X3", jokers=2)


def test_a_card_twice_is_bad_input():
    with pytest.raises(BadInput, match="Kh is shown twice"):
        parse_cards(["Kh Kd", "kh"])
    with pytest.raises(BadInput, match="4c is shown twice"):
        parse_cards(["4c"], taken={parse_card("4c")})


def test_wild_rule_written_one_way():
    assert parse_wild("Deuces") == "deuces"
    assert parse_wild("jokers:2") == "jokers:2"
    assert parse_wild("kd, 2H") == "2h,Kd"
    assert wild_cards("one-eyed-jacks")[0] == {parse_card("Jh"), parse_card("Js")}
    assert wild_cards("braggers")[0] == {parse_card("Ad"), parse_card("Jc"), parse_card("9d")}
    assert wild_cards("jokers:2") == ({NATURALS, NATURALS + 1}, 2)
    for bad in ("fives", "jokers:0", "jokers:9", "jokers", "Ah,Zz"):
        with pytest.raises(BadInput):
            parse_wild(bad)


def test_class_counts_over_all_22100_hands_r8_5():
    ranking = BragRanking()
    classes = Counter(ranking.class_of(ranking.key3(*cards)) for cards in combinations(range(52), 3))
    assert classes == {"prial": 52, "running flush": 48, "run": 720, "flush": 1096, "pair": 3744, "high card": 16440}
    threes = [c for c in combinations(range(52), 3) if ranking.place(ranking.key3(*c)) == 1]
    assert len(threes) == 4 and all(card_text(c).startswith("3") for hand in threes for c in hand)


def test_741_distinct_hands_with_the_default_rules():
    ranking = BragRanking()
    assert ranking.distinct == 741
    assert ranking.place(judge(ranking, "3h 3d 3s").key3) == 1
    assert ranking.place(judge(ranking, "5c 3d 2s").key3) == 741


def orders_three_by_three(ranking) -> tuple[list, dict[int, int]]:
    """A ranking's natural order asked of each of the 22,100 threes: (the orders, worst first where `reverse` is not
    asked for; each three's place among them by its mask): what `_build` made before it asked once a kind."""
    orders = {BIT[a] | BIT[b] | BIT[c]: ranking.natural_order(a, b, c) for a, b, c in combinations(range(NATURALS), 3)}
    distinct = sorted(set(orders.values()), reverse=getattr(ranking, "variant", None) == "muflis")
    base = {order: i for i, order in enumerate(distinct)}
    return distinct, {mask: base[order] for mask, order in orders.items()}


@pytest.mark.parametrize("ranking", [
    BragRanking(), BragRanking(threes_high=False, a23="low"), BragRanking(wild="deuces"), BragRanking(cards=5),
    PokerRanking(), TeenPattiRanking(), TeenPattiRanking("low", "muflis"),
    TeenPattiRanking("high", "ak47"), TeenPattiRanking("second", "joker", parse_card("7h")),
], ids=lambda ranking: f"{type(ranking).__name__}-{ranking.a23}-{ranking.wild_spec}-{ranking.cards}")
def test_every_order_asked_once_a_kind_is_the_order_of_each_three(ranking):
    """`_build` asks a game's natural order once for each kind of three (ranks, one suit or not), as every order
    reads only those: the same orders and the same key for each three natural cards as asking each three. (Braggers'
    order builds its own table: `BraggersRanking._build`.)"""
    orders, natural = orders_three_by_three(ranking)
    assert ranking.orders == orders
    out = ranking.wild | ({ranking.turned} if getattr(ranking, "turned", None) is not None else set())
    for cards in combinations(range(NATURALS), 3):
        if not out & set(cards):
            assert ranking.key3(*cards) == natural[BIT[cards[0]] | BIT[cards[1]] | BIT[cards[2]]] * 4 + 3, cards


def test_every_three_is_told_what_its_kind_is_told():
    """`_of_every_three`, which makes the table of every three natural cards a pair of lower cards at a time, gives
    each three what it gives the three's kind (ranks, lowest first; one suit or not), as asking each three does:
    a made-up value for every kind, so that two kinds mixed up show."""
    kinds = {(r1, r2, r3, flush): hash((r1, r2, r3, flush)) for r1, r2, r3 in combinations_with_replacement(range(13), 3)
             for flush in ((False, True) if r1 < r2 < r3 else (False,))}
    assert _of_every_three(kinds) == {BIT[a] | BIT[b] | BIT[c]: kinds[a >> 2, b >> 2, c >> 2, (a & 3) == (b & 3) == (c & 3)]
                                      for a, b, c in combinations(range(NATURALS), 3)}


@pytest.mark.parametrize("ranking", [
    BragRanking(wild="deuces"), BragRanking(wild="jokers:2"), BragRanking(wild="one-eyed-jacks", threes_high=False,
                                                                           a23="low"),
    TeenPattiRanking("second", "joker", parse_card("7h")),
], ids=lambda ranking: f"{type(ranking).__name__}-{ranking.wild_spec}")
def test_each_wild_card_stands_for_the_card_that_makes_the_best_hand_r8_7(ranking):
    """R8.7 asked of every three of the pack directly: each wild card stands for whichever card (any but the natural
    ones held) makes the best hand, and fewer wild cards win between equal hands; the table, which works out what
    the natural cards held can make once for each kind of them, gives the same key."""
    orders, natural = orders_three_by_three(ranking)
    turned = getattr(ranking, "turned", None)
    for cards in combinations(range(ranking.pack), 3):
        if turned in cards:
            continue
        plain = [c for c in cards if c not in ranking.wild]
        wild = 3 - len(plain)
        if wild == 3:
            best = len(orders) - 1
        else:
            free = [c for c in range(NATURALS) if c not in plain]
            best = max(natural[sum(BIT[c] for c in (*plain, *stand_ins))] for stand_ins in combinations(free, wild))
        assert ranking.key3(*cards) == best * 4 + 3 - wild, cards


# Seed 000's orderings, each best first.
SEED_ORDERS = [
    ("3s 3h 3d", "Ac As Ah", "Kc Ks Kh", "4c 4s 4h", "2c 2s 2d"),  # prials
    ("3c 2c Ac", "Ad Kd Qd", "Kh Qh Jh", "4h 3h 2h"),  # running flushes
    ("4h 3h 2h", "3d 2c Ah", "Ah Kd Qd"),  # any running flush beats any run
    ("3d 2c Ah", "Ah Kd Qd", "4h 3s 2h"),  # runs
    ("3d 2c Ah", "Ac Kc Jc"),  # run beats flush, unlike poker (R8.1)
    ("Kh 9h 2h", "Qs 10s 5s", "Qd 10d 3d", "Qc 9c 8c"),  # flushes
    ("Ac Ah Ks", "9h 9d 3c", "8s 8d Kc", "8h 8c Jd", "2h 2d 3d"),  # pairs
    ("As Ks Jh", "Jh 6d 3c", "10s 9h 7d", "10c 9d 6h", "5c 3d 2s"),  # high cards
]


@pytest.mark.parametrize("hands", SEED_ORDERS, ids=lambda hands: hands[0])
def test_seed_orderings(hands):
    keys = keys_in_order(BragRanking(), *hands)
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_no_suit_order_equal_ranks_are_equal_hands_r8_4():
    ranking = BragRanking()
    assert keys_in_order(ranking, "7s 7h Qc", "7c 7d Qd")[0] == keys_in_order(ranking, "7c 7d Qd")[0]


def test_suit_order_breaks_ties_by_the_highest_cards_r8_8():
    ranking = BragRanking()
    spade_queen, diamond_queen = judge(ranking, "Qs 7h 7c"), judge(ranking, "Qd 7s 7d")
    assert spade_queen.key == diamond_queen.key
    assert ranking.suit_key(spade_queen) > ranking.suit_key(diamond_queen)


def same_order_apart_from(default: BragRanking, switched: BragRanking, moved) -> None:
    """Every pair of hands not touched by `moved` compares the same way under both rankings."""
    masks = [c for c in combinations(range(52), 3) if not moved(default.class_of(default.key3(*c)), c)]
    by_default = sorted(masks, key=lambda c: default.key3(*c))
    pairs = [(default.key3(*c), switched.key3(*c)) for c in by_default]
    for (d1, s1), (d2, s2) in pairwise(pairs):
        assert (d1 < d2) == (s1 < s2)


def is_a23(cards) -> bool:
    return sorted(card_text(c)[:-1] for c in cards) == ["2", "3", "A"]


def test_threes_high_off_makes_aces_the_best_and_threes_a_low_prial_r8_2():
    default, off = BragRanking(), BragRanking(threes_high=False)
    assert off.distinct == 741
    assert keys_in_order(off, "Ac As Ah", "Kc Ks Kh", "4c 4s 4h", "3s 3h 3d", "2c 2s 2d") == sorted(
        keys_in_order(off, "Ac As Ah", "Kc Ks Kh", "4c 4s 4h", "3s 3h 3d", "2c 2s 2d"), reverse=True)
    assert off.place(judge(off, "Ac As Ah").key3) == 1
    same_order_apart_from(default, off, lambda cls, c: cls == "prial" and card_text(c[0]).startswith("3"))


def test_a23_low_puts_a_2_3_below_4_3_2_r8_3():
    default, low = BragRanking(), BragRanking(a23="low")
    assert low.distinct == 741
    for suited, mixed in (("3c 2c Ac", "4h 3h 2h"), ("3d 2c Ah", "4h 3s 2h")):
        assert judge(default, suited).key > judge(default, mixed).key
        assert judge(low, suited).key < judge(low, mixed).key
    assert judge(low, "3c 2c Ac").key > judge(low, "As Ks Jh").key  # still a run: above every flush and pair
    assert judge(low, "3c 2c Ac").key > judge(low, "3d 2c Ah").key  # and a running flush above any run
    same_order_apart_from(default, low, lambda cls, c: cls in ("run", "running flush") and is_a23(c))


WILD_EXAMPLES = {  # two wild cards of each option, standing for W in seed 000's examples
    "deuces": ("2s", "2d"),
    "black-deuces": ("2s", "2c"),
    "one-eyed-jacks": ("Jh", "Js"),
    "braggers": ("Ad", "9d"),
    "jokers:2": ("X1", "X2"),
    "5h,5c": ("5h", "5c"),
}


@pytest.mark.parametrize("wild", WILD_EXAMPLES)
def test_seed_wild_card_orderings_r8_7(wild):
    ranking = BragRanking(wild=parse_wild(wild))
    w1, w2 = WILD_EXAMPLES[wild]
    runs = keys_in_order(ranking, f"{w1} 8h 7h", "8c 7c 6c", f"8d {w1} 6d")
    prials = keys_in_order(ranking, f"Ks Kd {w1}", f"Kc {w1} {w2}", "Qc Qd Qh")
    for keys in (runs, prials):
        assert keys == sorted(keys, reverse=True) and len(set(keys)) == 3
    assert judge(ranking, f"{w1} 8h 7h").cls == "running flush"
    assert ranking.describe(judge(ranking, f"Kc {w1} {w2}")) == "prial of kings (2 wild cards)"


def test_one_wild_card_makes_the_best_hand_it_can():
    ranking = BragRanking(wild="suicide-king")
    plain = BragRanking()
    king = parse_card("Kh")
    for a, b in combinations([c for c in range(52) if c != king], 2):
        if (a * 7 + b) % 13:
            continue  # a fixed sample of the 1,275 pairs
        best = max(plain.key3(a, b, c) for c in range(52) if c not in (a, b))
        assert ranking.key3(a, b, king) >> 2 == best >> 2
        assert ranking.key3(a, b, king) & 3 == 2  # one wild card


def test_a_wild_card_may_stand_for_itself():
    ranking = BragRanking(wild="deuces")
    assert ranking.describe(judge(ranking, "2c 2d 2h")) == "prial of threes (3 wild cards)"


def test_four_card_brag_keeps_the_best_three_and_discards_break_ties_r8_6():
    ranking = BragRanking(cards=4)
    judged = judge(ranking, "2c Ah Ad As")
    assert (judged.cls, [card_text(c) for c in judged.discards]) == ("prial", ["2c"])
    assert judge(ranking, "Kh Qh Jh 9c").key > judge(ranking, "Ks Qs Js 8c").key  # same three, higher discard
    assert judge(ranking, "Kh Qh Jh 9c").key == judge(ranking, "Ks Qs Js 9d").key  # still equal: the seen player wins
    assert judge(ranking, "Kh Qh Jh 2c").key > judge(ranking, "Ks Qs 10s Ac").key  # the three first, then discards


def test_five_card_brag_compares_both_discards_highest_first():
    ranking = BragRanking(cards=5)
    assert judge(ranking, "9h 9d 9c Ks 2d").key > judge(ranking, "9s 9d 9c Qs Jd").key
    assert judge(ranking, "9h 9d 9c Ks 3d").key > judge(ranking, "9s 9d 9c Kd 2d").key


def test_kept_three_and_discards_as_given():
    ranking = BragRanking(cards=4)
    cards = parse_cards(["Kh Qh Jh"])
    given = ranking.judge(cards, parse_cards(["Ac"]))
    assert given.kept == tuple(sorted(cards, reverse=True)) and given.discards == (parse_card("Ac"),)


@pytest.mark.parametrize("cards, discards, says", [
    ("Kh Qh", "", "three cards, not 2"),
    ("Kh Qh Jh 10h", "", "three cards, not 4"),
    ("Kh Qh Jh", "2c", "no discards"),
])
def test_wrong_number_of_cards_is_bad_input(cards, discards, says):
    ranking = BragRanking()
    with pytest.raises(BadInput, match=says):
        ranking.judge(parse_cards([cards]), parse_cards([discards]))


def test_four_card_hands_need_four_cards_or_three_and_a_discard():
    ranking = BragRanking(cards=4)
    with pytest.raises(BadInput, match="4-card brag"):
        ranking.judge(parse_cards(["Kh Qh Jh"]))
    with pytest.raises(BadInput, match="4-card brag"):
        ranking.judge(parse_cards(["Kh Qh"]), parse_cards(["2c 3c"]))


@pytest.mark.parametrize("text, words", [
    ("3h 3d 3s", "prial of threes, the best hand"),
    ("Ah 2d 3c", "run, A-2-3"),
    ("Qs Jd 10h", "run, Q-J-10"),
    ("Kh 9h 2h", "flush, K-9-2"),
    ("9h 9d 3c", "pair of nines, odd card 3"),
    ("Jh 6d 3c", "high card, J-6-3"),
])
def test_hands_named_in_words(text, words):
    ranking = BragRanking()
    assert ranking.describe(judge(ranking, text)) == words


TRUMPS = '''from bragref.games import verbs
from bragref.games.brag import Brag


class Trumps(Brag):
    name = "trumps"
    title = "Trumps brag"
    rule = "R10"
    ranking = "trumps"
    presets = {"trumps": {}}
    deal_params = (verbs.Param("trump", "cards", "The card turned up: its suit is trumps (R10)", option="--trump",
                               required=False, rule="R10", ranks=True),)
'''


def test_the_ranking_commands_take_every_game_and_card_turned_up_from_the_declarations(tmp_path, monkeypatch):
    """No game named in the core (issue 66.4): `rank`, `compare` and `odds` say which order of hands each installed
    game ranks by (`Game.ranking`), and take each card a game's deal turns up that orders hands (`Param.ranks`) as
    an option, Teen Patti's `--joker` among them, said in that game's name."""
    import click

    from bragref.cli import options
    from bragref.cli.cards import rank
    from bragref.games import GAMES, Registry

    said = {param.opts[0]: param.help for param in rank.params if isinstance(param, click.Option)}
    assert all(name in said["--game"] for name in GAMES)
    assert said["--joker"].startswith("In Teen Patti, the card turned up after the deal")
    (tmp_path / "bragref_trumps.py").write_text(TRUMPS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry(lambda: {"brag": "bragref.games.brag:Brag", "hoyle": "bragref.games.hoyle:Hoyle",
                                 "teen-patti": "bragref.games.teenpatti:TeenPatti", "trumps": "bragref_trumps:Trumps"})
    monkeypatch.setattr("bragref.games.GAMES", registry)
    monkeypatch.setattr(options, "GAMES", registry)
    made = {param.opts[0]: param.help for param in options.ranking_options(lambda **given: None).__click_params__}
    assert made["--trump"] == "In Trumps brag, the card turned up: its suit is trumps (R10)."
    assert "--joker" in made
    assert "brag and hoyle by brag's order of hands; trumps and teen-patti each by its own" in made["--game"]
