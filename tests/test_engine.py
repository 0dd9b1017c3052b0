"""The engine without the ledger: state plus action gives state, or a refusal naming the rule."""

import random

import pytest

from bragref.games.brag.actions import Cover, Look, See, Showdown
from bragref.games.verbs import Award, Bet, Concede, Fold
from bragref.engine.errors import BadInput, Refused
from bragref.games.play import apply, deal, legal, replay
from bragref.games.randomplay import random_action
from bragref.engine.money import format_money, parse_amount
from bragref.engine.rules import Rules
from bragref.games import GAMES, find_game, from_preset, parse_option
from bragref.engine.state import split

SEATS = ["Andy", "Bill", "Chris", "Dan", "Eddie"]


def hand(**rules):
    return deal(Rules(**rules), SEATS, "Eddie")


def test_deal_posts_antes_and_andy_acts_first():
    h = hand(ante=2)
    assert h.pot == 10 and h.stake == 0 and h.acting.name == "Andy"
    assert [p.paid for p in h.players] == [2] * 5
    assert h.players[-1].name == "Eddie"  # the dealer acts last (R2.4)


def test_blind_minimum_rounds_up_and_sets_double_stake():
    h = apply(hand(), Bet("Andy", 5))
    assert legal(h).range("bet", blind=True).min == 3  # R4.1: half of 5, rounded up
    h = apply(h, Bet("Bill", 3, blind=True))
    assert h.stake == 6  # R3.3: a blind 3 counts as 6


@pytest.mark.parametrize("see_cost, seer_blind, cost", [("double", False, 8), ("double", True, 4), ("equal", False, 4), ("equal", True, 2)])
def test_see_costs(see_cost, seer_blind, cost):
    h = deal(Rules(see_cost=see_cost), ["Andy", "Bill"], "Bill")
    h = apply(h, Bet("Andy", 2, blind=True) if seer_blind else Bet("Andy", 4))
    h = apply(h, Bet("Bill", 4))
    assert legal(h).cost("see") == cost
    after = apply(h, See("Andy"))
    assert after.pot == h.pot + cost and after.contenders == ("Bill", "Andy")


def test_blind_seer_pays_double_the_blind_stake_on_an_odd_stake():
    h = deal(Rules(), ["Andy", "Bill"], "Bill")
    h = replay(h, [Bet("Andy", 1, True), Bet("Bill", 5)])
    assert legal(h).cost("see") == 6  # 2 × ceil(5 / 2) (R5.3)


def test_everyone_folds_to_open_player_who_takes_the_pot():
    h = replay(hand(), [Bet("Andy", 2), Fold("Bill"), Fold("Chris"), Fold("Dan"), Fold("Eddie")])
    assert h.phase == "over" and h.result.how == "folds" and h.result.winnings == (("Andy", 7),)


def test_an_unlooked_last_player_counts_as_open():
    h = replay(hand(), [Fold("Andy"), Fold("Bill"), Fold("Chris"), Fold("Dan")])
    assert h.result.winnings == (("Eddie", 5),)  # R6.1


def test_blind_last_player_carries_the_pot_and_retains():
    h = replay(hand(), [Bet("Andy", 1, True), Fold("Bill"), Fold("Chris"), Fold("Dan"), Fold("Eddie")])
    assert h.result.how == "carried" and h.result.carried == 6 and h.result.retained_by == "Andy"
    nxt = deal(Rules(), SEATS, "Andy", carried_in=6, retained_by="Andy")
    andy = nxt.player("Andy")
    assert nxt.pot == 11 and andy.hands == 2 and andy.status == "blind"  # R6.2, R6.3


def test_retained_hands_look_keep_or_fold():
    start = deal(Rules(), SEATS, "Eddie", carried_in=6, retained_by="Andy")
    kept = apply(start, Look("Andy", "new", True))
    assert kept.player("Andy").status == "open" and kept.player("Andy").hands == 1
    folded = apply(start, Look("Andy", "old", False))
    assert folded.player("Andy").status == "blind" and folded.player("Andy").hands == 1
    assert apply(folded, Look("Andy")).player("Andy").status == "open"  # may look at the other now
    again = replay(start, [Bet("Andy", 1, True), Fold("Bill"), Fold("Chris"), Fold("Dan"), Fold("Eddie")])
    assert again.result.how == "carried" and again.result.carried == 12  # R6.3: keeps one, sight unseen


def test_faceup_variant():
    start = deal(Rules(retained_blind="faceup"), SEATS, "Eddie", carried_in=6, retained_by="Andy")
    assert start.faceup and start.player("Andy").hands == 1
    folded = replay(start, [Fold("Andy"), Fold("Bill"), Fold("Chris"), Fold("Dan")])
    # Andy folded himself: Eddie, who never bet blind, takes it all (R6.1)
    assert folded.result.winnings == (("Eddie", 11),)
    everyone = replay(start, [Bet("Andy", 1, True), Fold("Bill"), Fold("Chris"), Fold("Dan"), Fold("Eddie")])
    assert everyone.result.how == "faceup"
    assert everyone.result.winnings == (("Andy", 6),) and everyone.result.carried == 6  # R6.4: the antes; the carry stays
    live = replay(start, [Bet("Andy", 1, True), Bet("Bill", 2)])
    assert not live.faceup  # someone stayed in: the face-up hand is dead


def test_agreed_showdown_splits_with_odd_unit_first_in_turn_order():
    h = replay(hand(), [Bet("Andy", 1), Bet("Bill", 1), Bet("Chris", 1), Fold("Dan"), Fold("Eddie"), Showdown()])
    assert h.phase == "showdown" and h.contenders == ("Andy", "Bill", "Chris")
    done = apply(h, Award(("Chris", "Bill")))
    assert done.result.winnings == (("Bill", 4), ("Chris", 4))
    h2 = apply(h, Concede("Andy"))
    assert apply(h2, Concede("Bill")).result.winnings == (("Chris", 8),)


def test_split_gives_odd_units_in_turn_order():
    assert split(11, ("Chris", "Andy", "Bill"), ("Andy", "Bill", "Chris")) == (("Andy", 4), ("Bill", 4), ("Chris", 3))


def test_seer_may_concede_and_seen_player_wins():
    h = deal(Rules(), ["Andy", "Bill"], "Bill")
    h = replay(h, [Bet("Andy", 2), Bet("Bill", 2), See("Andy"), Concede("Andy")])
    assert h.result.winnings == (("Bill", 10),) and h.result.how == "see"


def test_refusal_carries_rule_and_legal_moves():
    h = apply(hand(), Bet("Andy", 4))
    with pytest.raises(Refused) as caught:
        apply(h, Bet("Bill", 3))
    assert caught.value.rule == "R4.1"
    assert caught.value.legal.player == "Bill" and caught.value.legal.range("bet").min == 4


def test_pot_limit_caps_the_money_in_one_bet():
    h = hand(pot_limit=True)
    assert legal(h).range("bet").max == 5  # five antes (seed: "five times the ante")
    h = apply(h, Bet("Andy", 5))
    assert legal(h).range("bet").max == 10


def test_pot_limit_with_no_money_leaves_no_bet():
    h = hand(ante=0, pot_limit=True)
    assert legal(h).range("bet") is None
    with pytest.raises(Refused, match=r"R4\.4"):
        apply(h, Bet("Andy", 1))


def test_raise_limit_applies_after_the_first_bet():
    h = hand(raise_limit=2, max_bet=10)
    assert legal(h).range("bet").max == 10 and legal(h).range("bet").max_rule == "R4.2"
    h = apply(h, Bet("Andy", 8))
    assert (legal(h).range("bet").min, legal(h).range("bet").max, legal(h).range("bet", blind=True).max) == (8, 10, 5)


def test_money_is_integer_units():
    assert parse_amount("1.50", "0.01") == 150
    assert parse_amount("£2", "0.01") == 200
    with pytest.raises(BadInput, match=r"R1\.1"):
        parse_amount("1.505", "0.01")
    assert format_money(150, "0.01", "£") == "£1.50"
    assert format_money(-7, "1") == "-7"


def test_rules_are_data():
    assert from_preset("bastard").blind is False
    r = parse_option(Rules(unit="0.01"), "ante", "0.10")
    assert r.ante == 10 and Rules.from_json(r.to_json()) == r
    with pytest.raises(BadInput):
        parse_option(Rules(), "unit", "0.01")
    with pytest.raises(BadInput):
        Rules(max_bet=1, min_bet=2)


def test_a_games_own_rules_live_with_the_game_and_at_their_default_are_not_kept():
    """Teen Patti's variant is its own rule (`Rules.own`), checked by its declaration; set to its default it is the
    rules unset (two rule sets that play alike are equal)."""
    muflis = from_preset("teen-patti", game="teen-patti", variant="muflis", chaal_limit=8)
    assert muflis.own == (("chaal_limit", 8), ("variant", "muflis")) and muflis.value("variant") == "muflis"
    classic = from_preset("teen-patti", game="teen-patti", variant="classic")
    assert classic == from_preset("teen-patti", game="teen-patti") and classic.own == ()
    assert parse_option(muflis, "variant", "classic").own == (("chaal_limit", 8),)
    with pytest.raises(BadInput, match=r"variant is one of classic, muflis, ak47, joker, not 'blue' \(R13.7\)"):
        from_preset("teen-patti", game="teen-patti", variant="blue")
    with pytest.raises(BadInput, match=r"lives is a whole number from 1 to 100, not '0' \(R14.4\)"):
        from_preset("lives", game="bastard", lives=0)
    with pytest.raises(BadInput, match=r"below the first stake, twice the boot \(R13.2\)"):
        from_preset("teen-patti", game="teen-patti", ante=3, chaal_limit=4)  # the rules together: the game's check


def test_rules_a_row_held_before_the_games_kept_their_own_read_as_their_own():
    """Until 0.14 a row's rules held every game's rules as fields: each is read as its game's own where it is not
    at the default every row then held, so an old row's rules equal the same rules made now."""
    import json

    before = {"game": "teen-patti", "preset": "teen-patti", "ante": 1, "min_bet": None, "max_bet": None,
              "raise_limit": None, "max_stake": None, "min_raise": None, "ties": "split", "natural_pair": "beats",
              "until": None, "variant": "muflis", "chaal_limit": None, "blind_rounds": 2, "pot_cap": None,
              "show_tie": "asker-loses", "scoring": "money", "lives": 3, "entry": 0, "exchanges": "two",
              "centre_up": 1, "knock_from": 2, "after_knock": "exchange", "pot_limit": False, "blind": True,
              "see_cost": "double", "retained_blind": "keep", "short_money": "cover", "stakes": "pocket",
              "cards": 3, "wild": "none", "threes_high": True, "a23": "second", "unit": "1", "currency": ""}
    read = Rules.from_json(json.dumps(before))
    assert read == from_preset("teen-patti", game="teen-patti", variant="muflis", blind_rounds=2)
    assert Rules.from_json(json.dumps({**before, "game": "brag", "preset": "pagat", "a23": "high",
                                       "variant": "classic", "blind_rounds": None})) == Rules()


def test_dealer_passes_left_honouring_joins_and_leaves():
    from bragref.engine.seating import next_dealer

    assert next_dealer([], None, ["A", "B"]) == "A"
    assert next_dealer(["A", "B", "C"], "C", ["A", "B", "C"]) == "A"
    assert next_dealer(["A", "B", "C"], "A", ["A", "F", "B", "C"]) == "F"  # F joined on A's left
    assert next_dealer(["A", "B", "C"], "B", ["A", "C"]) == "C"  # the dealer left: C sat on B's left


def test_cover_freezes_the_pot_and_the_chain_settles_newest_first_r7_3():
    """Andy 4, Bill covers 3, Chris 4, Dan covers 2, Eddie folds, Andy 4, Chris folds: Andy takes the last pot by
    folds, then contests Dan's pot and Bill's, each won by its coverer only when strictly better (here: awarded)."""
    h = replay(hand(), [Bet("Andy", 4), Cover("Bill", 3), Bet("Chris", 4), Cover("Dan", 2), Fold("Eddie"),
                        Bet("Andy", 4), Fold("Chris")])
    assert [(c.amount, c.covered_by, c.eligible) for c in h.covered] == [
        (12, "Bill", ("Andy", "Bill", "Chris", "Dan", "Eddie")), (6, "Dan", ("Andy", "Chris", "Dan", "Eddie"))]
    assert h.live_pot == 4 and h.phase == "showdown"
    assert (h.contest.covered_by, h.contest.holders, legal(h).names("show")) == ("Dan", ("Andy",), ("Andy",))
    h = apply(h, Award(("Dan",)))  # Dan's pot to Dan: Dan now holds against Bill's cover
    assert h.contest.holders == ("Dan",) and h.contest.challenger == "Bill"
    h = apply(h, Concede("Bill"))
    assert [(p.covered_by, p.how, p.winnings) for p in h.result.pots] == [
        (None, "folds", (("Andy", 4),)), ("Dan", "cover", (("Dan", 6),)), ("Bill", "cover", (("Dan", 12),))]
    assert h.result.winnings == (("Andy", 4), ("Dan", 18)) and h.result.carried == 0


@pytest.mark.parametrize("rules, purse, cover", [
    ({}, None, (1, 3)),  # from the pocket: the player's word, anything under the minimum of 4
    ({"short_money": "borrow"}, None, None),  # R7.1: borrowers do not cover
    ({"stakes": "table"}, 3, (3, 3)),  # from the table: exactly what is left
    ({"stakes": "table"}, 9, None),  # enough for the minimum: no cover
])
def test_what_a_cover_may_put_in(rules, purse, cover):
    purses = {"Andy": 20, "Bill": (purse or 0) + 1}  # before the ante of 1; ignored from the pocket
    h = apply(deal(Rules(**rules), ["Andy", "Bill"], "Bill", purses=purses), Bet("Andy", 4))
    allowed = legal(h).range("cover")
    assert (allowed and (allowed.min, allowed.max)) == cover


@pytest.mark.parametrize("values, said", [
    ({"ante": -1}, "the ante cannot be negative (R2.3)"),
    ({"ante": 1.5}, "ante is a whole number of units, not 1.5 (R1.1)"),
    ({"min_bet": 0}, "min-bet must be at least one unit"),
    ({"max_bet": 10**14}, "max-bet may not exceed"),
    ({"see_cost": "triple"}, "see-cost must be one of"),
    ({"retained_blind": "maybe"}, "retained-blind must be one of"),
    ({"short_money": "beg"}, "short-money must be one of"),
    ({"stakes": "house"}, "stakes must be one of"),
    ({"cards": 6}, "cards must be one of"),
    ({"natural_pair": "sometimes"}, "natural-pair must be one of"),
    ({"ties": "dealer"}, "ties must be one of"),
    ({"a23": "middle"}, "a23 must be one of"),
    ({"currency": "12"}, "a currency is up to 5 printable characters"),
    ({"own": (("ante", 1),)}, "a game's own rules are (name, value) pairs"),
])
def test_rules_from_python_or_a_history_are_each_checked(values, said):
    """What the command line's choices keep out can come from Python or a hand history's rules: each value is
    checked as the rules are made, and refused as bad input saying what it may be."""
    with pytest.raises(BadInput) as bad:
        Rules(**values)
    assert said in str(bad.value)


@pytest.mark.parametrize("game", [name for name in GAMES if Award in find_game(name).actions])
def test_an_award_naming_nobody_is_bad_input_wherever_an_award_is_offered(game):
    """`Award(players=())` from Python, where the table may award the pot: bad input naming the rule, as an award
    naming somebody not in is a refusal (Hoyle's and braggers' engine divided the pot among nobody: a
    ZeroDivisionError). The first random hand of each game that reaches an award is tried."""
    rules = from_preset(next(iter(find_game(game).presets)), game=game)
    for seed in range(200):
        rng, hand = random.Random(seed), deal(rules, ["Andy", "Bill", "Chris"], "Chris")
        while hand.phase != "over" and not legal(hand).names("award"):
            hand = apply(hand, random_action(hand, rng))
        if hand.phase != "over":
            break
    assert legal(hand).names("award"), f"no random hand of {game} reached an award"
    with pytest.raises(BadInput, match=r"an award names who takes the pot.*\(R"):
        apply(hand, Award(()))
