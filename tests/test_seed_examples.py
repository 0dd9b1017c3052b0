"""Seed 000's two worked betting examples, through `run` and through single commands."""

import pytest

from conftest import SAMPLES

# The pot after every bet, fold and see of the seed's tables, round by round.
OPEN_EXAMPLE_POTS = [1, 2, 3, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 23, 25, 30, 35, 40, 45, 50, 55, 60, 65, 65,
                     75, 85, 95, 105, 115, 135]
BLIND_EXAMPLE_POTS = [1, 2, 4, 5, 7, 9, 10, 12, 13, 15, 17, 18, 20, 21, 23, 25, 26, 30, 32, 32, 36, 41, 51, 51,
                      51, 56, 66, 71, 81, 91]


def betting_rows(history):
    return [e for e in history if e["action"] in ("bet", "fold", "see")]


@pytest.mark.parametrize(
    "sample, pots, see_cost, seer",
    [("pagat-open-example.brag", OPEN_EXAMPLE_POTS, 20, "Andy"), ("pagat-blind-example.brag", BLIND_EXAMPLE_POTS, 10, "Bill")],
)
def test_run_reproduces_the_seed(bragref, sample, pots, see_cost, seer):
    bragref(f"run {SAMPLES / sample}")
    rows = betting_rows(bragref.json("history 1"))
    assert [r["pot"] for r in rows] == pots
    see = rows[-1]
    assert (see["action"], see["player"]) == ("see", seer)
    assert see["pot"] - rows[-2]["pot"] == see_cost
    status = bragref.json("status")
    assert status["phase"] == "over"


def test_open_example_by_single_commands(five):
    for line in (SAMPLES / "pagat-open-example.brag").read_text().splitlines()[7:]:
        line = line.split("#")[0].strip()
        if not line:
            continue
        if line == "see Andy":
            status = five.json("status")
            assert status["legal"]["see"] == {"cost": 20}
            assert status["to_act"] == "Andy" and status["pot"] == 115
        five(line)
    assert five.json("balances") == [
        {"player": "Andy", "paid": 62, "won": 135, "result": 73, "loans": 0, "net": 73},  # 1+2+2+2+5+5+5+10+10+20
        {"player": "Bill", "paid": 5, "won": 0, "result": -5, "loans": 0, "net": -5},  # 1+2+2
        {"player": "Chris", "paid": 17, "won": 0, "result": -17, "loans": 0, "net": -17},  # 1+2+2+2+5+5
        {"player": "Dan", "paid": 0, "won": 0, "result": 0, "loans": 0, "net": 0},
        {"player": "Eddie", "paid": 51, "won": 0, "result": -51, "loans": 0, "net": -51},  # 2+2+2+5+5+5+10+10+10
    ]


def test_blind_example_chris_cannot_see_bill(five):
    lines = [line.split("#")[0].strip()
             for line in (SAMPLES / "pagat-blind-example.brag").read_text().splitlines()[6:]]
    lines = [line for line in lines if line]
    round6 = lines.index("fold Andy")
    for line in lines[: round6 + 2]:  # up to Bill's blind 5 in round 6
        five(line)
    message = five.refused("see chris", "R5.2")
    assert "you cannot see a blind man" in message
    assert "Chris may: bet 10 or more, fold" in message
    five("bet chris 10")
    five("bet bill 5 --blind")
    five.refused("see chris", "R5.2")  # round 7: still not
    five("bet chris 10")
    assert five.json("status")["legal"]["see"] == {"cost": 10}
    five("see bill")
    assert five.json("status")["pot"] == 91
