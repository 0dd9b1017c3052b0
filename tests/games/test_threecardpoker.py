"""Three Card Poker (R17) through the command line: every player against the bank. A full hand with balances, the
banker not qualifying, every line of both paytables, folds, equal hands, the bank rotating and a named banker,
table stakes' limits, refusals citing R17 and writing nothing; the ranking's counts and each paytable's house edge
by brute force; dealer's choice through all eight games. Every net asserted."""

from bisect import bisect_left, bisect_right
from itertools import combinations

import pytest

from bragref.api import open_ledger
from bragref.games import GAMES
from bragref.games.threecardpoker.ranking import poker_ranking
from bragref.told import moves
from tests.test_show import nets

FOUR = '--players "Andy,Bill,Chris,Dan" --game three-card-poker'  # Andy banks first: Bill, Chris, Dan wager


@pytest.fixture
def four(bragref):
    def start(*options: str):
        bragref(f"session new p {FOUR} {' '.join(options)}")
        bragref("deal")
        return bragref
    return start


def test_a_full_hand_settled_against_the_bank_r17_2_to_r17_7(four):
    bragref = four()
    status = bragref.json("status")
    assert (status["banker"], status["stage"], status["to_act"], status["pot"]) == ("Andy", "wagers", "Bill", 0)
    assert status["legal"]["wager"] == {"min": 1, "max": None, "ante": {"min": 1, "max": None},
                                        "pair_plus": {"min": 1, "max": None}} and status["legal"]["pass"] is True
    bragref.lines("""
        wager bill --ante 5 --pair-plus 2
        wager chris --ante 5
        pass dan
    """)
    status = bragref.json("status")
    assert (status["stage"], status["to_act"], status["pot"]) == ("decisions", "Bill", 12)
    assert status["legal"]["play"] == {"cost": 5}
    assert [(p["name"], p["state"], p["ante"], p["pair_plus"]) for p in status["players"]] == [
        ("Bill", "open", 5, 2), ("Chris", "open", 5, 0), ("Dan", "sitting-out", 0, 0), ("Andy", "open", 0, 0)]
    bragref("play bill")
    bragref("fold chris")  # the Ante is lost, unseen (R17.3)
    status = bragref.json("status")
    assert (status["phase"], status["stage"], status["legal"]["show"]) == ("showdown", "show", ["Bill", "Andy"])
    bragref("show andy Qh 6d 4c")  # Q-high: the bank qualifies (R17.6)
    assert bragref.json("status")["qualifies"] is True
    out = bragref("show bill Kh Ks 2c").stdout
    assert "Bill +12 (beats the bank: the Ante and the Play win 1 to 1; the Pair Plus pays 1 to 1)" in out
    assert "The bank, Andy, pays 7 on the deal" in out
    assert nets(bragref) == {"Andy": -7, "Bill": 12, "Chris": -5, "Dan": 0}
    balances = {r["player"]: (r["paid"], r["won"]) for r in bragref.json("balances")}
    assert balances["Andy"] == (12, 5)  # the bank's paid: the winnings it paid out; won: the wagers lost to it


def test_the_banker_not_qualifying_pays_the_ante_and_returns_the_play_r17_6(four):
    bragref = four()
    bragref.lines("""
        wager bill --ante 4
        wager chris --ante 4
        wager dan --ante 4
        play bill
        play chris
        play dan
        show andy Jh 9d 4c
    """)
    assert bragref.json("status")["qualifies"] is False
    bragref("show bill 2c 3d 5h")  # the lowest hand there is still wins its Ante: the bank does not qualify
    bragref("show chris Ac Kd Js")
    bragref("show dan 7c 7d 2h")
    assert nets(bragref) == {"Andy": -12, "Bill": 4, "Chris": 4, "Dan": 4}


def test_equal_hands_push_and_a_better_bank_takes_both_r17_6(four):
    bragref = four()
    bragref.lines("""
        wager bill --ante 3
        wager chris --ante 3
        pass dan
        play bill
        play chris
        show andy Qh 8d 4c
        show bill Qs 8c 4d
        show chris Qc 8h 3s
    """)
    assert nets(bragref) == {"Andy": 6, "Bill": 0, "Chris": -6, "Dan": 0}  # Bill equal: returned; Chris lower


@pytest.mark.parametrize("cards, bonus, pair_plus", [
    ("Qh Kh Ah", 5, 40), ("7c 7d 7h", 4, 30), ("9c 10d Jh", 1, 6), ("2h 7h Jh", 0, 4), ("5c 5d Kh", 0, 1),
    ("2c 7d Jh", 0, None)])
def test_every_line_of_both_paytables_r17_6(four, cards, bonus, pair_plus):
    """A player who played, against a bank holding the best straight flush there is but one (the bank wins the
    Ante and the Play unless the player's is Q-K-A): the ante bonus is paid even so, the Pair Plus by the hand."""
    bragref = four()
    bragref.lines("""
        wager bill --ante 2 --pair-plus 1
        pass chris
        pass dan
        play bill
    """)
    bragref("show andy Js Qs Ks" if cards != "Qh Kh Ah" else "show andy 10s Js Qs")
    bragref(f"show bill {cards}")
    ante_and_play = 4 if cards == "Qh Kh Ah" else -4  # a straight flush above the bank's wins them
    pp = -1 if pair_plus is None else pair_plus
    assert nets(bragref)["Bill"] == ante_and_play + 2 * bonus + pp
    assert sum(nets(bragref).values()) == 0


def test_a_pair_plus_alone_needs_no_bank_hand_and_folds_lose_both_r17_3_r17_4(four):
    bragref = four()
    bragref.lines("""
        wager bill --pair-plus 3
        wager chris --ante 2 --pair-plus 2
        pass dan
        fold chris
    """)
    assert bragref.json("status")["legal"]["show"] == ["Bill"]  # nobody played: the banker does not show
    bragref("show bill 8c 8d 3h")
    assert nets(bragref) == {"Andy": 1, "Bill": 3, "Chris": -4, "Dan": 0}
    bragref("deal")  # Bill banks now: the bank passes with the deal (R17.1)
    assert bragref.json("status")["banker"] == "Bill"
    bragref.lines("""
        pass chris
        pass dan
    """)
    out = bragref("pass andy").stdout
    assert "nobody wagered, and no money moved" in out


def test_a_named_banker_banks_and_deals_every_hand_r17_1(bragref):
    bragref(f"session new p {FOUR} --banker chris")
    out = bragref("deal").stdout
    assert "Chris banks (R17.1)" in out and bragref.json("status")["to_act"] == "Dan"
    bragref.lines("""
        wager dan --ante 1
        pass andy
        pass bill
        fold dan
    """)
    assert "Chris deals every hand" in bragref.refused("deal --dealer Dan", "R17")
    bragref("deal")
    assert bragref.json("status")["dealer"] == "Chris"
    bragref.lines("""
        pass dan
        pass andy
        pass bill
        player leave Chris
    """)
    assert "is not seated" in bragref.refused("deal", "R17.1")
    assert nets(bragref) == {"Andy": 0, "Bill": 0, "Chris": 1, "Dan": -1}


def test_table_stakes_limits_r17_8(bragref):
    bragref(f"session new p {FOUR} --stakes table")
    for name, money in (("andy", 100), ("bill", 10), ("chris", 50), ("dan", 50)):
        bragref(f"buy-in {name} {money}")
    bragref("deal")
    assert "not enough to wager 11" in bragref.refused("wager bill --ante 6 --pair-plus 5", "R17.8")
    bragref("wager bill --ante 6")  # the bank could owe 42 of its 100
    assert bragref.json("status")["legal"]["wager"] == {  # 58 left: an Ante of 8 (56) or a Pair Plus of 1 (40)
        "min": 1, "max": 8, "ante": {"min": 1, "max": 8}, "pair_plus": {"min": 1, "max": 1}}
    assert "could owe 80" in bragref.refused("wager chris --pair-plus 2", "R17.8")
    bragref("wager chris --ante 8")  # 56 more: 98 of 100
    bragref("pass dan")
    assert "less than the Play of 6" in bragref.refused("play bill", "R17.8")  # 4 left on the table
    bragref("fold bill")
    bragref("play chris")
    bragref("show andy 2c 3d 5h")
    bragref("show chris 9c 9d 9h")  # 8 ante, 8 play returned (no qualifier), ante bonus 4 to 1: 32
    assert nets(bragref) == {"Andy": -34, "Bill": -6, "Chris": 40, "Dan": 0}


def pence_at_table_stakes(bragref):
    """Ann banks with £4.93 on the table, Cath, Dev, Eve and Fay have £5.00 each; wagers from £0.10 (issue 65)."""
    bragref('session new p --players "Ann,Cath,Dev,Eve,Fay" --game three-card-poker --banker Ann --stakes table '
            '--unit 0.01 --currency £ --min-bet 0.10')
    for name, money in (("ann", "4.93"), ("cath", "5"), ("dev", "5"), ("eve", "5"), ("fay", "5")):
        bragref(f"buy-in {name} {money}")
    bragref("deal")


def test_each_wager_is_offered_its_own_range_at_table_stakes_r17_8(bragref):
    """Issue 65: with the bank on £4.93, Cath was offered "wager £0.10–£0.12", the Pair Plus's limit (40 × £0.12)
    given to the Ante too (7 × £0.70 fits); after her £0.50 Ante, players who could still wager an Ante of
    £0.10–£0.20 were offered only `pass`. Each wager has its own range, `null` where none fits, and `wager` is offered
    while either fits."""
    pence_at_table_stakes(bragref)
    assert bragref.json("status")["legal"]["wager"] == {"min": 10, "max": 70, "ante": {"min": 10, "max": 70},
                                                        "pair_plus": {"min": 10, "max": 12}}
    assert "Cath to act: wager (Ante £0.10–£0.70, Pair Plus £0.10–£0.12), pass." in bragref("status").stdout
    bragref("wager cath --ante 0.70")  # the Ante's most: the bank could owe £4.90 of its £4.93
    bragref("undo")
    bragref("wager cath --ante 0.50")  # £3.50 of it: £1.43 left, £0.20 of an Ante (£1.40), no Pair Plus (£4.00)
    assert bragref.json("status")["legal"]["wager"] == {"min": 10, "max": 20, "ante": {"min": 10, "max": 20},
                                                        "pair_plus": None}
    said = bragref.refused("wager dev --pair-plus 0.10", "R17.8")
    assert "could owe £4.00" in said and "Dev may: wager (Ante £0.10–£0.20, no Pair Plus), pass" in said
    bragref("wager dev --ante 0.10")  # £0.73 left: an Ante of £0.10 still fits
    assert "Eve to act: wager (Ante £0.10, no Pair Plus), pass." in bragref("status").stdout
    bragref("wager eve --ante 0.10")  # £0.03 left: nothing fits
    status = bragref.json("status")
    assert (status["to_act"], status["legal"]["wager"], status["legal"]["pass"]) == ("Fay", False, True)
    bragref.lines("""
        pass fay
        play cath
        fold dev
        play eve
        show ann Qh 6d 4c
        show cath Kh Ks 2c
        show eve 2d 3h 5s
    """)  # the bank qualifies on a queen: Cath's pair wins her Ante and Play, Eve's five high loses both (R17.6)
    assert nets(bragref) == {"Ann": -100 + 10 + 20, "Cath": 100, "Dev": -10, "Eve": -20, "Fay": 0}
    assert {p["name"]: p["table_money"] for p in bragref.json("status")["players"]} == {
        "Ann": 423, "Cath": 600, "Dev": 490, "Eve": 480, "Fay": 500}


def wager_button(bragref) -> dict:
    """The referee's page's `wager` button for the player to act (`told.moves`)."""
    book = open_ledger(str(bragref.db))
    try:
        return next(move for move in moves(book.hand()) if move["words"][0] == "wager")
    finally:
        book.close()


def test_the_referees_page_bounds_each_wager_by_its_own_range_r17_8(bragref):
    """Issue 65: the page's amount field (the Ante) was bounded by the Pair Plus's range, and the Pair Plus's field by
    none; each is bounded by its own, and a wager none of which fits has no field."""
    pence_at_table_stakes(bragref)
    wager = wager_button(bragref)
    bounds = {field["name"]: (field["min"], field["max"], field["keyword"]) for field in wager["fields"]}
    assert (wager["words"], bounds) == (["wager", "Cath", "{ante}", "{pair_plus}"], {
        "ante": ("0.10", "0.70", None), "pair_plus": ("0.10", "0.12", "pair-plus")})
    bragref("wager cath --ante 0.50")
    wager = wager_button(bragref)
    bounds = {field["name"]: (field["min"], field["max"]) for field in wager["fields"]}
    assert (wager["words"], bounds) == (["wager", "Dev", "{ante}"], {"ante": ("0.10", "0.20")})


def test_refusals_cite_r17_and_write_nothing(four, bragref):
    bragref = four()
    for line in ("bet bill 2", "see bill", "cover bill 1", "concede bill", "award bill"):
        assert "not a move of Three Card Poker" in bragref.refused(line, "(R17)")
    assert "never wagers" in bragref.refused("wager andy --ante 2", "R17.1")
    bragref.refused("pass andy", "R17.1")
    bragref.refused("wager chris --ante 2", "R17.2")  # Bill's turn
    assert "an Ante, a Pair Plus or both" in bragref("wager bill", code=2).stderr
    bragref(f"session new limits {FOUR} --min-bet 2 --max-bet 10")
    bragref("deal")
    assert "at least 2" in bragref.refused("wager bill --pair-plus 1", "R17.2")
    assert "at most 10 (max-bet)" in bragref.refused("wager bill --ante 11", "R17.2")
    bragref("session use p")
    bragref.refused("play bill", "R17.3")  # the wagers come first
    bragref.refused("fold bill", "R17.3")
    bragref.refused("show bill 2c 3c 4c", "R17.4")
    bragref("wager bill --ante 2")
    bragref("pass chris")
    bragref("pass dan")
    bragref.refused("wager bill --ante 2", "R17.2")  # the decisions now
    bragref("play bill")
    bragref.refused("show chris 2c 3c 4c", "R17.4")  # passed: no hand to show
    bragref("show bill 2c 3c 4c")
    bragref.refused("show andy 2c 5d 6h", "one of each", code=2)
    assert "no table ante" in bragref.refused(f"session new q {FOUR} --ante 1", "R17.1", code=2)
    assert "5 whole numbers" in bragref(f"session new q {FOUR} --pair-plus 40-30-6", code=2).stderr
    bragref('session new b --players "Andy,Bill"')
    bragref("rules set game three-card-poker")  # the table's ante is kept, and not charged (R17.1)
    assert "no table ante" in bragref.refused("rules set ante 2", "R17.1", code=2)  # nothing recorded
    bragref(f'session new crowd --players "{",".join(f"P{i}" for i in range(18))}" --game three-card-poker')
    assert "2 to 17 players" in bragref.refused("deal", "R17.1")


def test_a_change_to_three_card_poker_keeps_the_tables_ante_without_charging_it_r17_1(bragref):
    """Issue 58 (R17.1, clarified): a dealer's-choice evening lost its ante at Three Card Poker: the change was refused
    until the ante was 0, and it then stayed 0. The ante is kept, its deals take none, the next game charges it."""
    bragref('session new night --players "Andy,Bill,Chris" --ante 2')
    bragref.lines("deal\nbet bill 2\nfold chris\nfold andy")  # Bill: +4 (the antes of Andy and Chris)
    bragref("rules set game three-card-poker")
    bragref.lines("deal\nwager chris --ante 3\npass andy\nfold chris")  # Bill banks: +3
    assert bragref.json("status")["pot"] == 3
    bragref("rules set game brag")
    bragref.lines("deal\nbet andy 2\nfold bill\nfold chris")  # antes of 2 again: Andy +4
    assert nets(bragref) == {"Andy": -2 + 4, "Bill": 4 + 3 - 2, "Chris": -2 - 3 - 2}


def test_rank_and_odds_as_poker_r17_5(bragref):
    ranked = bragref.json("rank Qh 6d 4c --game three-card-poker")
    assert (ranked["class"], ranked["of"], ranked["qualifies"]) == ("high card", 741, True)
    assert bragref.json("rank Qh 6d 4c --game three-card-poker --qualify K")["qualifies"] is False
    assert bragref.json("rank Ah 2h 3h --game three-card-poker")["class"] == "straight flush"
    assert bragref.json("rank Kh Ad 2c --game three-card-poker")["class"] == "high card"  # K-A-2 is no straight
    rows = bragref.json("compare \"2c 2d 2h\" \"Qh Kh Ah\" --game three-card-poker")
    assert [r["place"] for r in rows] == [2, 1]  # a straight flush beats three of a kind
    odds = {r["class"]: r["count"] for r in bragref.json("odds --game three-card-poker")}
    assert odds == {"straight flush": 48, "three of a kind": 52, "straight": 720, "flush": 1096, "pair": 3744,
                    "high card": 16440}


HANDS = list(combinations(range(52), 3))
PAID = ("straight flush", "three of a kind", "straight", "flush", "pair")


def classes():
    ranking = poker_ranking("Q")
    judged = {hand: ranking.judge(hand) for hand in HANDS}
    return ranking, judged


def test_the_class_counts_and_the_pair_plus_edges_by_brute_force_r17_5_r17_6():
    _, judged = classes()
    counts = {cls: sum(1 for j in judged.values() if j.cls == cls) for cls in (*PAID, "high card")}
    assert list(counts.values()) == [48, 52, 720, 1096, 3744, 16440] and len({j.key for j in judged.values()}) == 741

    def edge(table):  # the bank's share of each unit wagered on the Pair Plus
        returned = sum(counts[cls] * pay for cls, pay in zip(PAID, table, strict=False)) - counts["high card"]
        return -returned / len(HANDS)

    assert round(edge((40, 30, 6, 4, 1)), 5) == 0.02317  # docs/games.md: 2.32%
    assert round(edge((40, 30, 6, 3, 1)), 5) == 0.07276  # the seed's other table: 7.28%


def test_the_ante_and_play_edge_by_brute_force_r17_6():
    """Every player hand against every banker hand of the 49 cards left (407 million deals, counted by inclusion and
    exclusion over the cards the two hands share), the player playing exactly when it pays better than folding:
    the bank's share of each Ante is 3.37% with the ante bonus 5-4-1 (docs/games.md)."""
    ranking, judged = classes()
    groups: dict[tuple, tuple[list, list]] = {}
    for hand in HANDS:
        for size in range(4):
            for cards in combinations(hand, size):
                keys, unqualified = groups.setdefault(cards, ([], [0]))
                if ranking.qualifies(judged[hand]):
                    keys.append(judged[hand].key)
                else:
                    unqualified[0] += 1
    for keys, _ in groups.values():
        keys.sort()
    bonus = dict(zip(PAID, (5, 4, 1), strict=False))
    total = 0.0
    for hand in HANDS:
        key = judged[hand].key
        counted = [0, 0, 0, 0]  # the bank does not qualify; below; equal; above
        for size, sign in ((0, 1), (1, -1), (2, 1), (3, -1)):
            for cards in combinations(hand, size):
                keys, unqualified = groups[cards]
                low, high = bisect_left(keys, key), bisect_right(keys, key)
                for i, count in enumerate((unqualified[0], low, high - low, len(keys) - high)):
                    counted[i] += sign * count
        assert sum(counted) == 18424  # three of the 49 cards left
        play = (counted[0] + 2 * counted[1] - 2 * counted[3]) / 18424 + bonus.get(judged[hand].cls, 0)
        total += max(play, -1)  # folding loses the Ante
    assert round(-total / len(HANDS), 4) == 0.0337


def test_dealers_choice_through_all_eight_games_conserves_money_and_round_trips(bragref, tmp_path, own_games):
    """One evening, each hand a game of its own (R9.3): Andy, Bill and Chris deal in turn."""
    assert len(GAMES) == 8
    bragref('session new night --players "Andy,Bill,Chris"')
    for game, lines in (
        ("brag", ["deal", "bet bill 1", "fold chris", "fold andy"]),
        ("hoyle", ["deal", "bet bill 1", "fold chris", "fold andy"]),
        ("braggers", ["deal", "bet chris 1", "fold andy", "fold bill"]),
        ("teen-patti", ["deal", "bet bill 1 --blind", "fold chris", "fold andy"]),
        ("bastard", ["deal", "exchange chris 1", "exchange andy 1", "exchange bill 1", "pass chris", "pass andy",
                     "pass bill", "bet chris 1", "fold andy", "fold bill"]),
        ("three-stake", ['deal --up "2c 3c 4c"', "call andy", "raise bill 1", "call chris", "call andy",
                         "stand bill", "show andy 2c 5d 6h", "stick andy", "show bill 3c 7d 8h", "draw bill 10s",
                         "stick bill", "show chris 4c 9d 10h", "stick chris"]),
        ("svara", ["deal", "bet bill 2", "pass chris", "pass andy"]),
        ("three-card-poker", ["deal", "wager chris --ante 2", "wager andy --pair-plus 1", "play chris",
                              "show bill 2c 3d 5h", "show chris 6c 6d 9h", "show andy 10c 10d Kh"]),
    ):
        bragref(f"rules set game {game}")  # to three-card-poker too: the ante is kept, not charged (R17.1)
        bragref.lines("\n".join(lines))
        assert bragref.json("status")["game"] == game and bragref.json("status")["phase"] == "over"
    assert nets(bragref) == {"Andy": -9, "Bill": 2, "Chris": 7}
    text = bragref.round_trip(tmp_path / "night.bhh")
    again = tmp_path / "again.bhh"
    bragref.again(f"--session again export -o {again}")
    assert again.read_text().replace("session = 'again'", "session = 'night'") == text


def test_the_table_plays_a_hand_of_three_card_poker(bragref):
    bragref(f"session new p {FOUR}")
    out = bragref.table("d", "w 5", "w pp 2", "p", "pl", "Qh 6d 4c", "Kh Ks 2c", "8c 8d 3h", "q").output
    assert "Bill (open) — wager (Ante 1 or more, Pair Plus 1 or more) · pass > " in out and "Bill (open) — play for 5 · fold > " in out
    assert "Recorded: Chris wagers a Pair Plus of 2 (2 into the pot)." in out  # `pp`: the Pair Plus, no player named
    assert nets(bragref) == {"Andy": 8, "Bill": -10, "Chris": 2, "Dan": 0}


def test_the_wagers_are_shown_in_the_sessions_money_r1_1a(bragref):
    bragref(f"session new p {FOUR} --unit 0.01 --currency £")
    bragref("deal")
    bragref("wager bill --ante 1.50 --pair-plus 0.25")
    assert bragref.json("status")["players"][0]["ante"] == 150  # JSON: units
    row = next(line for line in bragref("status").stdout.splitlines() if line.startswith("Bill"))
    assert row.split()[2:] == ["£1.75", "£1.50", "£0.25", "£0.00"]


def test_a_summary_names_no_pot_in_a_banked_game_and_a_show_nobody_needs_is_refused_r17_4_r17_7(bragref):
    """Issue 58: `summary` said "Biggest pot: 29, won by Bill and Andy" of a deal whose wagers came to 17 and where the
    bank lost 7; a banked game has no pot to name: it says what the bank and the players won. And the banker's show
    when nobody played is a show nobody needs (R17.4)."""
    bragref('session new p --players "Andy,Bill,Chris" --game three-card-poker')
    bragref.lines("deal\nwager bill --ante 5 --pair-plus 2\nwager chris --ante 5\nplay bill\nplay chris\n"
                  "show andy 2c 3d 5h\nshow bill Kh Kd 4c\nshow chris Qs Jd 9c")  # Andy does not qualify
    assert nets(bragref) == {"Andy": -12, "Bill": 5 + 2, "Chris": 5}
    bragref.lines("deal\nwager chris --pair-plus 1\nwager andy --ante 2\nfold andy")  # Bill banks; nobody played
    bragref.refused("show bill 2c 3d 5h", "R17.4")
    bragref("show chris 4h 4d 9c")  # a pair: the Pair Plus pays 1 to 1
    out = bragref("summary").stdout
    assert "Biggest pot" not in out
    assert "2 deals against the bank: the players won 11 of the bank." in out  # -12, then +2 - 1


def test_the_top_of_a_paytable_is_its_largest_number_r17_8(bragref):
    """Issue 58 (R17.8, clarified): "top" in the bank's cover is the largest number in each paytable, wherever it
    stands in it: with --pair-plus 1-2-3-50-4 and --ante-bonus 1-9-2, an Ante of 2 and a Pair Plus of 1 could cost
    the bank (2 + 9) × 2 + 50 × 1 = 72."""
    bragref(f"session new p {FOUR} --stakes table --pair-plus 1-2-3-50-4 --ante-bonus 1-9-2")
    for name, money in (("andy", 71), ("bill", 10)):
        bragref(f"buy-in {name} {money}")
    bragref("deal")
    assert "could owe 72" in bragref.refused("wager bill --ante 2 --pair-plus 1", "R17.8")
    bragref("wager bill --ante 2")  # 22 of the bank's 71
