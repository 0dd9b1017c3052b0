"""A game without betting, written from docs/adding-a-game.md and the game protocol alone: Seven-card brag (R101,
Parlett's: seven cards, two hands and an odd card, a scoop or a carried pot), `tests/seven_game`, on the protocol's
neutral base (`PlainGame`). Installed beside bragref it passes the shipped conformance suite and plays through the
command line; its hand history says its own variant and only the rules it declares, and imports again to the same
bytes."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import installed_bragref

from bragref.engine.rules import Rules
from bragref.formats import bhh
from bragref.games import GAMES, from_preset
from bragref.games.protocol import Game, PlainGame

SEVEN = Path(__file__).parent / "seven_game"
GUIDE = Path(__file__).resolve().parent.parent / "docs" / "adding-a-game.md"


@pytest.fixture
def seven(monkeypatch):
    """Seven-card brag registered in this process, as an entry point would declare it."""
    monkeypatch.syspath_prepend(str(SEVEN))
    monkeypatch.setitem(GAMES.declared, "seven-card-brag", "bragref_seven:SevenCardBrag")
    monkeypatch.setattr(GAMES, "ordered", [*GAMES.ordered, "seven-card-brag"])
    yield GAMES["seven-card-brag"]
    GAMES.loaded.pop("seven-card-brag", None)


def test_a_game_without_betting_subclasses_the_neutral_base_not_brag(seven):
    from bragref.games.brag import Brag

    assert isinstance(seven, PlainGame) and not isinstance(seven, Brag)
    assert [kind.verb for kind in seven.actions] == ["lay"]


def test_its_hand_history_writes_its_own_variant_and_only_the_rules_it_declares(seven):
    rules = from_preset("parlett", game="seven-card-brag")
    assert bhh.variant(rules) == "Seven-card brag"
    assert list(bhh.rules_table(rules)) == ["game", "preset", "ante", "short-money", "stakes", "threes-high", "a23",
                                            "unit", "currency"]  # no `blind`, `cards`, `see-cost`: not its rules
    assert bhh.rules_from_table(bhh.rules_table(rules)) == rules  # read back, the same rules


def test_a_rule_it_does_not_declare_is_written_where_it_is_not_at_its_default(seven):
    """Nothing a session played under is lost: a rule of the family's the game does not declare, kept from another
    game (R9.3), is written all the same."""
    rules = from_preset("parlett", game="seven-card-brag").with_values(cards=4)
    assert bhh.rules_table(rules)["cards"] == 4
    assert bhh.rules_from_table(bhh.rules_table(rules)) == rules


def test_bragrefs_own_games_write_every_rule_of_the_family_as_before(own_games):
    """The family's default: every rule, so every history written before reads and is written as it was."""
    assert Game.written_rules(GAMES["brag"]) == tuple(bhh.RULE_FIELDS)
    for name in GAMES:
        rules = from_preset(next(iter(GAMES[name].presets)), game=name)
        assert set(bhh.RULE_FIELDS) - {"currency"} <= {key.replace("-", "_") for key in bhh.rules_table(rules)} | {
            field for field in bhh.RULE_FIELDS if getattr(rules, field) is None}
        assert bhh.variant(rules) == {3: "three-card brag", 4: "four-card brag", 5: "five-card brag"}[rules.cards]
    assert bhh.variant(Rules(cards=4)) == "four-card brag"


def test_the_worked_example_in_the_guide_is_the_tested_game():
    """Every piece of Python in the guide's worked example (section 9) is the package's own text, so that the game
    tested here is the one the guide writes."""
    guide = GUIDE.read_text(encoding="utf-8")
    example = guide[guide.index("## 9. A game without betting"):]
    example = example[:example.index("\n## ", 5)] if "\n## " in example[5:] else example
    source = (SEVEN / "bragref_seven" / "__init__.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", example, re.DOTALL)
    assert len(blocks) >= 4
    for block in blocks:
        for part in block.split("\n    ...\n"):
            assert part.strip() in source, part[:200]


def passed(result: subprocess.CompletedProcess) -> int:
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    return int(result.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])


@pytest.mark.slow
def test_it_passes_the_shipped_conformance_suite(seven_installed, tmp_path):
    result = subprocess.run([sys.executable, "-m", "bragref.testing", "seven-card-brag"], capture_output=True,
                            text=True, env=seven_installed, cwd=tmp_path)
    assert passed(result) >= 10
    assert "DeprecationWarning" not in result.stderr  # written against the protocol alone


@pytest.mark.slow
def test_it_is_played_through_the_command_line(seven_installed, tmp_path):
    db = str(tmp_path / "ledger.db")

    bragref = installed_bragref(db, seven_installed)

    games = bragref("games")
    assert "seven-card-brag — Seven-card brag (R101); verbs: lay" in games
    bragref("session", "new", "seven", "--players", "Ann,Bob,Cy", "--game", "seven card brag")
    bragref("rules", "set", "blind", "off", code=2)  # not a rule of a game without betting
    assert "Pot 3. Bob to act: lay." in bragref("deal")
    assert json.loads(bragref("status", "--json"))["legal"]["lay"] is True
    recorded = bragref("history", "1", "--json")
    for words, code, said in [
            (("lay", "cy", "8h", "8d", "8c", "--back", "2h,3d,5c"), 3,
             "it is Bob's turn, not Cy's: nobody may lay out of turn (R101.2)"),
            (("lay", "bob", "7h", "7d", "2c", "--back", "Ah,Kh,Qh"), 3, "the front is the higher hand"),
            (("lay", "bob", "7h", "7d", "--back", "Ah,Kh,Qh"), 2, "two hands of three cards"),
            (("lay", "bob", "7h", "7d", "7c", "--back", "7h,Kh,Qh"), 2, "7h")]:
        assert said in bragref(*words, code=code)
    assert bragref("history", "1", "--json") == recorded  # a refused lay writes nothing
    bragref("lay", "bob", "7h", "7d", "7c", "--back", "Ah,Kh,Qh")
    assert "laid by Bob" in bragref("lay", "cy", "7s", "8d", "8c", "--back", "Ah,3d,5c", code=2)  # seen (R8.9)
    bragref("lay", "cy", "8h", "8d", "8c", "--back", "2h,3d,5c")
    over = bragref("lay", "ann", "9h", "9d", "9c", "--back", "As,Ks,Qs")
    assert "the best back was tied: nobody won both, and the pot of 3 is carried to the next deal (R101.4)" in over
    assert "Antes 1 each, with 3 carried forward" in bragref("deal")
    for words in (("cy", "5h", "5d", "5c", "--back", "6h,6d,9s"), ("ann", "Ah", "Ad", "Ac", "--back", "6c,6s,Ts")):
        bragref("lay", *words)
    scooped = bragref("lay", "bob", "2c", "2d", "2h", "--back", "3c,3d,4h")
    assert ("Ann won front and back (Ah Ad Ac, prial of aces; 6c 6s 10s, pair of sixes, odd card 10) and scoops the "
            "pot of 6 (R101.4)") in scooped
    assert [(row["player"], row["net"]) for row in json.loads(bragref("balances", "--json"))] == \
        [("Ann", 4), ("Bob", -2), ("Cy", -2)]
    assert "Bob laid 7h 7d 7c in front and Ah Kh Qh behind." in bragref("replay", "1")
    history = tmp_path / "seven.bhh"
    bragref("export", "-o", str(history))
    text = history.read_text()
    assert "variant = 'Seven-card brag'" in text and "p2 lay 7h 7d 7c back Ah Kh Qh" in text
    assert "blind" not in text and "see-cost" not in text and "cards =" not in text
    other = str(tmp_path / "other.db")
    bragref("import", str(history), "--as", "again", where=other)
    again = tmp_path / "again.bhh"
    bragref("--session", "again", "export", "-o", str(again), where=other)
    assert again.read_text().replace("'again'", "'seven'") == text
    bragref("audit", "--all")
    bragref("audit", "--all", where=other)
