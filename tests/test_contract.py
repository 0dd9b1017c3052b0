"""What a game written outside bragref relies on, held (issue 78): money carried forward is noted under the rule
the game's own `carried` names, as `settle` says it, and an override of the note written to take the result alone
is still called so."""

from bragref.engine.state import Result
from bragref.games import find_game, from_preset
from bragref.games.base import Carried
from bragref.games.brag import Brag
from bragref.ledger.history import carried_note


class Kitty(Brag):
    name = "kitty-brag"

    def carried(self, rules):
        return Carried("kitty", "left in the kitty", "R101.2", "whoever wins the next hand")


class OldNote(Brag):
    name = "old-note"

    def carried_note(self, result):  # as a game written for protocol 1.0 overrides it
        return f"kept ({result.carried})"


def test_money_carried_forward_is_noted_under_the_games_own_rule_as_settle_says_it():
    rules = from_preset("pagat")
    carried = Result(how="carried", carried=4)
    assert carried_note(Kitty(), carried, rules) == "carried forward (R101.2)"
    assert carried_note(find_game("brag"), carried, rules) == "carried forward (R6.2)"
    assert carried_note(Kitty(), Result(how="faceup", carried=4), rules) == "stays carried (R6.4)"
    assert carried_note(OldNote(), carried, rules) == "kept (4)"
    assert carried_note(find_game("three-stake"), carried, rules).endswith("(R15.5)")  # its own override
