"""The Python API (CLI.md, Python): its documentation's examples run as tests, as the README promises."""

import doctest
import importlib

import pytest

import bragref

DOCUMENTED = ["bragref.api", "bragref.games", "bragref.games.base", "bragref.games.brag"]


@pytest.mark.parametrize("module", DOCUMENTED)
def test_the_examples_in_the_docs_run(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_the_api_loads_only_when_asked_for():
    assert "api" not in vars(bragref) or callable(bragref.deal)
    assert bragref.find_game("brag").name == "brag"
    with pytest.raises(AttributeError):
        bragref.nothing_of_the_sort  # noqa: B018


def test_a_refusal_through_the_api_names_the_rule_and_what_is_allowed():
    hand = bragref.deal("brag", ["Andy", "Bill"], ante=1)
    with pytest.raises(bragref.Refused) as refused:
        hand.push(bragref.See("Bill"))
    assert refused.value.rule == "R5.1" and refused.value.legal.player == "Bill"
    assert hand.hand.pot == 2 and not hand.moves
