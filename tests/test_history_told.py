"""A history entry tells an action by what the action says of itself (issue 78): its stated amount, its flag, its
detail in the session's money and its own note, each action told once and a kind of action's alike found once
(`history._Told`), for every action of every recorded evening and for a kind that says them in its own way."""

from pathlib import Path

import pytest
from click.testing import CliRunner

import bragref
from bragref.api import Book
from bragref.cli import cli
from bragref.games.verbs import Verb
from bragref.ledger.history import _Told
from bragref.ledger.store import Ledger
from conftest import SAMPLES

EVENINGS = sorted([*SAMPLES.glob("*.brag"), *(Path(__file__).resolve().parent / "golden" / "scripts").glob("*.brag")])


def said_of_itself(action, money) -> tuple:
    """What the action's own methods say, as the history tells it."""
    noted = None if getattr(type(action), "noted", None) is Verb.noted else action.noted
    return action.stated_amount(), action.flagged(), action.detail(money), noted


@pytest.mark.parametrize("evening", EVENINGS, ids=lambda path: path.stem)
def test_every_action_of_an_evening_is_told_as_it_says_of_itself(evening, tmp_path):
    db = tmp_path / "ledger.db"
    assert CliRunner().invoke(cli, ["--db", str(db), "run", str(evening)]).exit_code == 0
    ledger = Ledger(str(db))
    book = Book(ledger)
    actions = [(step.action, step.before.rules) for number in book.hand_numbers() for _, steps in book.replays(number)
               for step in steps if step.action is not None and step.seq is not None]
    assert actions
    for action, rules in actions:
        told = _Told(rules)
        assert told.told(action) == said_of_itself(action, rules.money)
        assert told.known[action] == said_of_itself(action, rules.money)  # and kept: the next is looked up
    ledger.close()


def test_a_kind_that_says_its_amount_and_flag_its_own_way_is_asked():
    class Halved(bragref.Bet, frozen=True):
        def stated_amount(self):
            return self.amount // 2

        def flagged(self):
            return "half"

    told = _Told(type("Rules", (), {"money": staticmethod(lambda units: f"£{units}")})())  # rules: their money
    assert told.told(Halved("Bill", 8, True))[:2] == (4, "half")
    assert told.told(bragref.Bet("Bill", 8, True))[:2] == (8, True)  # the same fields, `Verb`'s own way
