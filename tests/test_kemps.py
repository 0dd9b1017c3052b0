"""A game written outside bragref for 0.19 that reads names beyond the game protocol (issue 78): `tests/kemps_game`, a
stand-in for Kemps brag, says no `protocol`, reads `engine.state.check_turn`, `paying`, `evolve` and
`engine.cards.NATURALS`, and its `Swap.card` leaves one card to the name guess. It still plays and passes the
conformance suite; `check_turn`, `paying` and `NATURALS` are the protocol's now, and `evolve` and the guess warn,
naming what to write instead (docs/adding-a-game.md, section 8)."""

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from conftest import installed_bragref

from bragref.games import Registry, declared_games
from bragref.structs import replace

KEMPS = Path(__file__).parent / "kemps_game"


def test_state_evolve_warns_naming_its_replacement_and_is_it():
    with pytest.warns(DeprecationWarning, match=r"state\.evolve is deprecated .*use bragref\.structs\.replace"):
        from bragref.engine.state import evolve
    assert evolve is replace
    with pytest.raises(ImportError):
        from bragref.engine.state import no_such_name  # noqa: F401  (any other name is no name of it)


def test_what_a_game_legitimately_reads_is_the_protocols_and_warns_of_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from bragref.engine.cards import NATURALS, card_text, hand_text
        from bragref.engine.state import check_turn, paying
    assert NATURALS == 52 and card_text(51) == "As" and hand_text((0, 51)) == "2c As"
    assert callable(check_turn) and callable(paying)


def test_a_game_leaving_one_card_to_its_name_warns_when_it_loads_naming_the_declaration(monkeypatch):
    monkeypatch.syspath_prepend(str(KEMPS))
    sys.modules.pop("bragref_kemps", None)
    registry = Registry(lambda: {"kemps-brag": "bragref_kemps:KempsBrag"})
    with pytest.warns(DeprecationWarning) as said:
        game = registry["kemps-brag"]
    messages = [str(warning.message) for warning in said]
    assert any("bragref.structs.replace" in message for message in messages)  # its `evolve`, as it imports
    guess = next(warning for warning in said if "Param('card', 'cards')" in str(warning.message))
    assert "its verb 'swap' (bragref_kemps.Swap)" in str(guess.message) and "say `one=True`" in str(guess.message)
    assert guess.filename.endswith("bragref_kemps/__init__.py")  # where the declaration is written
    assert game.verbs["swap"].params[0].single  # and it is read as 0.19 read it: one card
    sys.modules.pop("bragref_kemps", None)


def test_bragrefs_own_games_load_without_a_deprecation(monkeypatch):
    monkeypatch.setenv("BRAGREF_OWN_GAMES_ONLY", "1")
    registry = Registry(declared_games)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert len(list(registry)) == 8


@pytest.mark.slow
def test_it_passes_the_conformance_suite_unchanged_saying_what_to_change(kemps_installed, tmp_path):
    result = subprocess.run([sys.executable, "-m", "bragref.testing", "kemps-brag"], capture_output=True, text=True,
                            env=kemps_installed, cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert int(result.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1]) >= 10
    said = [line for line in result.stderr.splitlines() if "DeprecationWarning" in line]
    assert len(said) == 2, result.stderr
    assert "bragref_kemps/__init__.py:" in said[0] and "use bragref.structs.replace" in said[0]
    assert "bragref_kemps/__init__.py:" in said[1] and "say `one=True`" in said[1]


@pytest.mark.slow
def test_it_is_played_through_the_command_line(kemps_installed, tmp_path):
    db = str(tmp_path / "ledger.db")

    bragref = installed_bragref(db, kemps_installed)

    bragref("session", "new", "kemps", "--players", "Ann,Bob,Cy", "--game", "kemps-brag", "--ante", "2")
    assert "Bob to act: swap for 2, bet 2 or more" in bragref("deal")
    assert "nobody may swap out of turn (R102)" in bragref("swap", "cy", "7h", code=3)  # check_turn, its rule
    assert "Bob to act: bet 2 or more" in bragref("swap", "bob", "7h")
    assert json.loads(bragref("status", "--json"))["pot"] == 8  # paid in with `paying`
    assert "Cy to act: swap for 2" in bragref("bet", "bob", "2")
    assert "7h has been seen already in this deal (swapped by Bob)" in bragref("swap", "cy", "7h", code=2)  # R8.9
    assert "Cy to act: bet 2 or more" in bragref("swap", "cy", "8h")  # the turn stays, and the swap is gone
    assert "once a deal (R102)" in bragref("swap", "cy", "9h", code=3)
    assert "Bob paid 2 to swap 7h." in bragref("replay", "1")
    bragref("audit")
