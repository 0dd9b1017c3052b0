"""Play read from the chain (issue 77, docs/season.md: `bragref stats`): per player what they did with the hands they
were dealt, the hand types shown against their odds, and per dealer the hand types shown in their deals against a fair
deal's, with the chance of at least that many, flagged below 1 in 100 as chance, not proof."""

import csv
import io
from fractions import Fraction
from math import comb

import pytest

from bragref.engine.chance import at_least, one_in
from conftest import Bragref

PRIALS, HANDS = 52, comb(52, 3)  # 3-card brag: 52 prials among 22,100 hands (R8)

EVENING = """
    session new n1 --players "Ann,Bill,Cat"
    deal                      # hand 1, Ann deals; antes 1 each, pot 3
    look bill
    bet bill 2
    bet cat 1 --blind
    fold ann                  # Ann folds having put in only her ante: folded early
    bet bill 4
    see cat                   # Cat (blind) asks for the show, paying 4
    show bill Ah Kd 2c
    show cat 3h 3d 3s         # Cat's prial wins the pot of 14 at the see (R5.4)
    deal                      # hand 2, Bill deals
    fold cat
    fold ann                  # Bill wins the antes, 3
"""


def test_a_hand_computed_evening(bragref):
    """Worked out by hand. Ann: 2 hands, folded early in both, -1 -1 = -2. Bill: looked in hand 1, paid 1+2+4 = 7
    and lost; won hand 2's pot of 3 having paid 1: -7 +2 = -5. Cat: bet blind, saw, won 14 at the see having paid
    1+1+4 = 6 (+8), folded early in hand 2 (-1): +7. Shown: Bill's high card, Cat's prial, both in Ann's deal."""
    bragref.lines(EVENING)
    found = bragref.json("stats")
    rows = {row["player"]: row for row in found["players"]}
    plain = {name: {k: v for k, v in row.items() if k != "shown"} for name, row in rows.items()}
    assert plain == {
        "Ann": {"player": "Ann", "game": "brag", "money": "1", "hands": 2, "looked": 0, "blind": 0,
                "folded_early": 2, "sees": 0, "showdowns_won": 0, "won_hands": 0, "net": -2},
        "Bill": {"player": "Bill", "game": "brag", "money": "1", "hands": 2, "looked": 1, "blind": 0,
                 "folded_early": 0, "sees": 0, "showdowns_won": 0, "won_hands": 1, "net": -5},
        "Cat": {"player": "Cat", "game": "brag", "money": "1", "hands": 2, "looked": 0, "blind": 1,
                "folded_early": 1, "sees": 1, "showdowns_won": 1, "won_hands": 1, "net": 7}}
    assert rows["Cat"]["shown"] == [{"class": "prial", "shown": 1, "share": 1.0,
                                     "odds": round(PRIALS / HANDS, 6)}]
    assert rows["Bill"]["shown"][0]["class"] == "high card"
    assert rows["Ann"]["shown"] == []
    chance = 1 - (1 - PRIALS / HANDS) ** 3  # at least one prial in the 3 hands Ann dealt
    assert found["dealers"] == [
        {"dealer": "Ann", "game": "brag", "hands": 1, "dealt": 3, "shown": 2, "tested": True, "types": [
            {"class": "prial", "shown": 1, "expected": round(3 * PRIALS / HANDS, 4), "chance": pytest.approx(chance),
             "one_in": "1 in 140", "flagged": True}]},
        {"dealer": "Bill", "game": "brag", "hands": 1, "dealt": 3, "shown": 0, "tested": True, "types": []}]
    assert "Only hands shown" in found["shown_only"] and "chance, not proof" in found["chance_not_proof"]
    told = bragref("stats").stdout
    assert "Only hands shown at a see or a showdown count" in told
    assert "prial: 1 shown, 0.0071 expected, 1 in 140  <- below 1 in 100" in told
    assert "Bill dealt 1 hand of brag (3 dealt in, 0 shown): no hand type shown more often than a fair deal makes." \
        in told
    assert "It is chance, not proof" in told
    assert list(csv.DictReader(io.StringIO(bragref("stats cat --csv").stdout))) == [
        {"player": "Cat", "game": "brag", "money": "1", "hands": "2", "looked": "0", "blind": "1",
         "folded_early": "1", "sees": "1", "showdowns_won": "1", "won_hands": "1", "net": "7"}]
    one = bragref.json("stats bi")  # a unique prefix: Bill alone, as player and as dealer
    assert [r["player"] for r in one["players"]] == ["Bill"] and [d["dealer"] for d in one["dealers"]] == ["Bill"]
    bragref.refused("stats zed", "'zed'", code=2)
    assert bragref.json("stats --from 2099-01-01") == {**found, "players": [], "dealers": []}


def test_a_voided_action_and_a_misdeal_are_not_counted(bragref):
    bragref.lines("""
        session new n1 --players "Ann,Bill"
        deal
        undo                  # a misdeal: the hand never happened (R9.1)
        deal
        look bill
        undo                  # the look, taken back
        fold bill
    """)
    rows = {row["player"]: row for row in bragref.json("stats")["players"]}
    assert (rows["Bill"]["hands"], rows["Bill"]["looked"], rows["Bill"]["folded_early"]) == (1, 0, 1)


def test_a_game_whose_cards_change_after_the_deal_is_not_tested(bragref):
    """Bastard Brag's exchanges with the centre (R14.2): a hand shown is not a hand dealt, so no dealer is judged."""
    bragref("simulate --hands 30 --game bastard --seed 5")
    dealers = bragref.json("stats")["dealers"]
    assert dealers and all(not d["tested"] and d["types"] == [] for d in dealers)
    assert "not tested" in bragref("stats").stdout


def rigged(tmp_path) -> Bragref:
    """A history of 20 hands of Ann and Dan, each dealing in turn: in Dan's ten deals Dan holds a prial every time; in
    Ann's, two plain high cards, Ann's the better. Each hand: a bet, a see, two shows."""
    table = Bragref(tmp_path / "table.db")
    table('session new rigged --players "Ann,Dan"')
    for hand in range(20):
        table("deal")
        if hand % 2:  # Dan deals: Ann acts first, Dan sees her
            table("bet ann 1")
            table("see dan")
            table("show ann 4c 5d 9h")
            table("show dan Kh Kd Ks")
        else:  # Ann deals: Dan acts first, Ann sees him
            table("bet dan 1")
            table("see ann")
            table("show dan 3c 8d Jh")
            table("show ann 2c 7d Qh")
    table(f"export -o {tmp_path / 'rigged.bhh'}")
    club = Bragref(tmp_path / "club.db")
    club(f"import {tmp_path / 'rigged.bhh'}")
    return club


def test_a_dealer_who_deals_many_prials_is_flagged_in_a_ledger_built_by_import(bragref, tmp_path):
    club = rigged(tmp_path)
    dealers = {row["dealer"]: row for row in club.json("stats")["dealers"]}
    assert (dealers["Dan"]["hands"], dealers["Dan"]["dealt"], dealers["Dan"]["shown"]) == (10, 20, 20)
    prials = next(t for t in dealers["Dan"]["types"] if t["class"] == "prial")
    exact = at_least(10, 20, PRIALS, HANDS)  # at least 10 prials in 20 hands dealt
    by_hand = sum(Fraction(comb(20, i)) * Fraction(PRIALS, HANDS) ** i * Fraction(HANDS - PRIALS, HANDS) ** (20 - i)
                  for i in range(10, 21))
    assert float(exact) == pytest.approx(float(by_hand), rel=1e-12)
    assert prials == {"class": "prial", "shown": 10, "expected": round(20 * PRIALS / HANDS, 4),
                      "chance": pytest.approx(float(by_hand), rel=1e-12), "one_in": "1 in more than a trillion",
                      "flagged": True}
    assert dealers["Ann"]["types"] == []  # high cards only: nothing to flag
    told = club("stats").stdout
    assert "Dan dealt 10 hands of brag (20 dealt in, 20 shown):" in told
    assert "prial: 10 shown, 0.047 expected, 1 in more than a trillion  <- below 1 in 100" in told
    assert "chance, not proof" in told
    dan = {row["player"]: row for row in club.json("stats dan")["players"]}["Dan"]
    assert dan["showdowns_won"] == 10 and dan["shown"][0] == {"class": "prial", "shown": 10, "share": 0.5,
                                                              "odds": round(PRIALS / HANDS, 6)}


@pytest.mark.parametrize(("k", "n", "count", "total"), [(0, 5, 1, 3), (1, 5, 1, 3), (3, 5, 1, 3), (5, 5, 1, 3),
                                                        (4, 10, 3, 7), (9, 100, 52, 22100), (2, 10, 9, 10),
                                                        (30, 40, 1, 2), (50, 100, 52, 22100), (6, 5, 1, 3)])
def test_the_tail_is_the_exact_binomial_sum(k, n, count, total):
    p = Fraction(count, total)
    exact = sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))
    assert float(at_least(k, n, count, total)) == pytest.approx(float(exact), rel=1e-30, abs=1e-300)


def test_one_in_so_many_to_two_figures():
    assert one_in(Fraction(1, 2400)) == "1 in 2,400"
    assert one_in(Fraction(1, 2437)) == "1 in 2,400"
    assert one_in(Fraction(1, 142)) == "1 in 140"
    assert one_in(Fraction(1, 7)) == "1 in 7"
    assert one_in(Fraction(9, 10)) == "1 in 1"
    assert one_in(Fraction(1, 10 ** 13)) == "1 in more than a trillion"


def test_every_player_of_the_season_is_a_row_of_the_table_those_without_a_hand_in_the_range_at_zero_last(bragref):
    """As the season page draws them (test_season_page): over 8 November alone Cat, who played on 1 November, has no
    hand, and the table says so with a row at zero after those dealt in; over a range with no hand at all, everyone
    of the season at zero. `--json` and `--csv` keep their rows to those dealt in (their contract: a row per player
    per game, and a player with no hand has no game)."""
    from test_season_page import two_nights

    two_nights(bragref)
    told = bragref("stats --from 2026-11-08 --to 2026-11-08").stdout
    rows = [line.split() for line in told.split("\n\n")[0].splitlines()[2:]]
    assert [row[0] for row in rows] == ["Ann", "Bill", "Dan", "Cat"]
    assert rows[-1] == ["Cat", "no", "hands", "0", "0", "0", "0", "0", "0"], rows  # looked and blind left empty
    assert all(row[1] == "brag" for row in rows[:3])
    ranged = bragref.json("stats --from 2026-11-08 --to 2026-11-08")
    assert [r["player"] for r in ranged["players"]] == ["Ann", "Bill", "Dan"]
    assert [r["player"] for r in csv.DictReader(io.StringIO(bragref("stats --from 2026-11-08 --to 2026-11-08 --csv")
                                                            .stdout))] == ["Ann", "Bill", "Dan"]
    whole = bragref("stats").stdout.split("\n\n")[0]
    assert "no hands" not in whole  # everyone dealt in over the season
    empty = bragref("stats --from 2099-01-01").stdout
    assert empty.startswith("No hand in that range: every player of the season at zero.\n"), empty
    assert [line.split()[:3] for line in empty.splitlines()[3:]] == [[name, "no", "hands"] for name in
                                                                      ("Ann", "Bill", "Cat", "Dan")]
    assert bragref.json("stats --from 2099-01-01")["players"] == []
    assert [line.split()[0] for line in bragref("stats bill --from 2026-11-08").stdout.splitlines()[2:3]] == ["Bill"]
    assert "Cat" not in bragref("stats bill --from 2026-11-08").stdout.split("\n\n")[0]  # that person alone


def test_a_player_of_the_season_asked_for_over_a_range_without_their_hands_is_at_zero_not_refused(bragref):
    """Cat played on 1 November alone: `stats cat` over 8 November is her row at zero (the table's `no hands`, as
    `stats` lists her among everyone), not bad input; her JSON and CSV rows are those of the games she was dealt in
    over the range, none (the CSV its header alone), as for a range with no hand at all. A name nobody in the ledger has is refused as before
    (exit 2, one line, the players listed)."""
    from test_season_page import two_nights

    two_nights(bragref)
    told = bragref("stats cat --from 2026-11-08 --to 2026-11-08")
    assert told.stderr == ""
    lines = told.stdout.splitlines()
    assert lines[0] == "Cat: no hand in that range, at zero.", lines
    assert [line.split() for line in lines[3:]] == [["Cat", "no", "hands", "0", "0", "0", "0", "0", "0"]], lines
    found = bragref.json("stats ca --from 2026-11-08")
    assert found["players"] == [] and found["dealers"] == []
    assert found["shown_only"] and found["chance_not_proof"]
    assert bragref("stats cat --from 2026-11-08 --csv").stdout == \
        "player,game,money,hands,looked,blind,folded_early,sees,showdowns_won,won_hands,net\n"  # the header alone
    assert bragref.json("stats cat --from 2099-01-01")["players"] == []
    assert bragref("stats cat --from 2099-01-01").stdout.splitlines()[0] == "Cat: no hand in that range, at zero."
    assert bragref("stats cat --to 2026-11-01").stdout.split("\n\n")[0].splitlines()[2].split()[:3] == \
        ["Cat", "brag", "2"]  # dealt in over that range: her figures as before
    said = bragref.refused("stats zed --from 2026-11-08", "no player 'zed' here", code=2)
    assert said.count("\n") == 1 and "Cat" in said, said  # one line, the players listed
    bragref.refused("stats zed --from 2026-11-08 --json", "'zed'", code=2)
    bragref.refused("stats zed --from 2026-11-08 --csv", "'zed'", code=2)
    bragref.refused("stats zed", "'zed'", code=2)


def test_a_former_name_names_the_player_it_names_now_unless_it_is_someones_now(bragref):
    """Every report shows a player by the name they have now (R2.6): `stats ann` after Ann became Zoe is Zoe's report,
    as `stats zoe` is; a former name typed whole names its player before a current name it begins (`Annabel`). Once
    another person is called Ann, Ann is theirs: the current holder wins. A name nobody had is still refused."""
    bragref.lines(EVENING)
    bragref("player rename Ann Zoe")
    zoe = bragref.json("stats zoe")
    assert [row["player"] for row in zoe["players"]] == ["Zoe"] and zoe["dealers"][0]["dealer"] == "Zoe"
    assert bragref.json("stats ann") == zoe
    assert bragref.json("stats ANN") == zoe  # compared as every name is, case folded
    assert bragref("stats ann").stdout == bragref("stats zoe").stdout
    bragref('session new n2 --players "Annabel,Bill"')
    bragref.lines("""
        deal
        fold bill
    """)
    assert bragref.json("stats ann") == bragref.json("stats zoe")  # Ann typed whole: not a prefix of Annabel's
    assert [row["player"] for row in bragref.json("stats anna")["players"]] == ["Annabel"]
    bragref('session new n3 --players "Ann,Bill"')  # another person called Ann now
    bragref.lines("""
        deal
        fold bill
    """)
    assert [(row["player"], row["hands"]) for row in bragref.json("stats ann")["players"]] == [("Ann", 1)]
    assert [row["hands"] for row in bragref.json("stats zoe")["players"]] == [2]
    bragref.refused("stats zed", "no player 'zed' here", code=2)
    bragref.refused("stats an", "'an'", code=2)  # a prefix of two names now: which, as before


def test_a_former_name_of_two_people_renamed_apart_is_refused_naming_both(bragref):
    """Andy became Andrew at one table and Andreas at another: `stats andy` cannot tell which is meant and says so,
    both named (exit 2), rather than choosing."""
    bragref('session new n1 --players "Andy,Bill"')
    bragref("player rename Andy Andrew")
    bragref('session new n2 --players "Andy,Bill"')
    bragref("player rename Andy Andreas")
    said = bragref.refused("stats andy", "Andreas and Andrew each had before a rename", code=2)
    assert said.count("\n") == 1, said
    assert bragref.json("stats andrew")["players"] == []  # seated, no hand: known, not refused
