"""A game added from outside bragref is a package and nothing else (issue 40): `tests/plugin_game`, a distribution
of its own declaring the game `stick-brag` (Three Card Brag with a move of its own, `stick`) as an entry point of
`bragref.games`, is installed beside bragref and passes bragref's whole conformance suite, and is played through
the command line, with no file of bragref's edited for it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import installed_bragref

from bragref.engine.errors import BadInput
from bragref.games import Registry



@pytest.fixture(scope="module")
def installed(plugin_installed) -> dict:
    return plugin_installed


def passed(result: subprocess.CompletedProcess) -> int:
    """How many checks pytest's last line says passed."""
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    return int(result.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])


@pytest.mark.slow
def test_an_installed_game_passes_the_shipped_conformance_suite(installed, tmp_path):
    """`python -m bragref.testing GAME`, as its author runs it outside any bragref checkout (issue 56): every check,
    the game's own moves tried at their extremes with the hand in view, `flash` with a card of the pack unseen;
    pytest's own options after the game (`-x`, issue 66.3), or after `--`."""
    result = subprocess.run([sys.executable, "-m", "bragref.testing", "stick brag", "-x"], capture_output=True,
                            text=True, env=installed, cwd=tmp_path)  # by an alias, as wherever a game is named
    assert passed(result) >= 10  # every check of the suite, run over the installed game
    one = subprocess.run([sys.executable, "-m", "bragref.testing", "stick-brag", "--", "-x", "-k", "declares"],
                         capture_output=True, text=True, env=installed, cwd=tmp_path)
    assert passed(one) == 1
    assert subprocess.run([sys.executable, "-m", "bragref.testing", "no-such-game"], capture_output=True,
                          env=installed, cwd=tmp_path).returncode == 2


@pytest.mark.slow
def test_the_plug_in_as_written_for_0_19_passes_the_suite_unchanged(tmp_path):
    """A game written against 0.19's protocol plays on every later 1.x (issue 66.3): the test plug-in with its port
    undone (docs/adding-a-game.md, "Protocol 1.0": `one=True` on its one card, the protocol it names), installed
    beside bragref as a distribution's metadata and module, passes the shipped suite: a parameter named `card` is
    still one card, a game that names no protocol is written for 1.0."""
    source = (Path(__file__).parent / "plugin_game" / "bragref_stick" / "__init__.py").read_text(encoding="utf-8")
    port = [', one=True', '    protocol = (1, 0)  # the game protocol it is written for (bragref.games.PROTOCOL)\n']
    assert all(line in source for line in port)
    for line in port:
        source = source.replace(line, "")
    metadata = tmp_path / "bragref_stick-1.0.dist-info"
    metadata.mkdir()
    (metadata / "entry_points.txt").write_text("[bragref.games]\nstick-brag = bragref_stick:StickBrag\n")
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: bragref-stick\nVersion: 0.19\n\n")
    (tmp_path / "bragref_stick.py").write_text(source, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NO_COLOR": "1"}
    result = subprocess.run([sys.executable, "-m", "bragref.testing", "stick-brag", "-x"], capture_output=True,
                            text=True, env=env, cwd=tmp_path)
    assert passed(result) >= 10


@pytest.mark.slow
def test_an_installed_game_is_played_through_the_command_line(installed, tmp_path):
    db = str(tmp_path / "ledger.db")

    bragref = installed_bragref(db, installed)

    games = bragref("games")
    assert "stick-brag — Stick brag (R100)" in games and "stick-from" in games  # its own house rule, declared there
    bragref("session", "new", "own", "--players", "Ann,Bob,Cy", "--game", "stick-brag", "--stick-from", "2")
    assert json.loads(bragref("rules", "show", "--json"))["stick-from"] == "2"
    assert "Bob to act: flash, bet 1 or more, bet blind 1 or more, look, agree a showdown, fold." in bragref("deal")
    assert "sticking starts once the stake is 2 (house rule stick-from) (R100)" in bragref("stick", "bob", code=3)
    assert "stick, fold" in bragref("bet", "bob", "2")
    bragref("rules", "set", "stick-from", "none", code=3)  # between hands only (R9.3)
    bragref("session", "new", "st", "--players", "Ann,Bob,Cy", "--game", "stick-brag")
    assert "Bob to act: flash, bet 1 or more, bet blind 1 or more, look, agree a showdown, stick, fold." in bragref("deal")
    assert json.loads(bragref("status", "--json"))["legal"]["stick"] is True
    assert "Bob may: flash, bet 1 or more, bet blind 1 or more, look, agree a showdown, stick, fold" in bragref(
        "stick", "ann", code=3)
    bragref("stick", "bob")
    bragref("bet", "cy", "2")
    bragref("stick", "ann")
    assert "2. Cy bet 2 open" in bragref("replay", "1") and "1. Bob stuck, and is out of the hand." in bragref(
        "replay", "1")
    history = tmp_path / "st.bhh"
    bragref("export", "-o", str(history))
    assert "p2 stick" in history.read_text()
    assert "already imported as session st" in bragref("import", str(history), "--as", "again", code=3)
    own = tmp_path / "own.bhh"
    bragref("--session", "own", "export", "-o", str(own))
    assert "stick-from = 2" in own.read_text()
    other = str(tmp_path / "other.db")
    bragref("--db", other, "import", str(own), "--as", "own-again")
    again = tmp_path / "again.bhh"
    bragref("--db", other, "--session", "own-again", "export", "-o", str(again))
    assert again.read_text().replace("own-again", "own") == own.read_text()
    bragref("audit", "--all")
    bragref("session", "new", "flash", "--players", "Ann,Bob,Cy", "--game", "Stick Brag", "--stick-from", "0")
    assert "Bob to act: flash, bet 1 or more" in bragref("deal")  # a house rule of money that may be 0
    assert "Bob to act: bet 1 or more" in bragref("flash", "bob", "7h")  # a move naming a card: the turn stays
    assert "once a deal (R100)" in bragref("flash", "bob", "8h", code=3)
    assert "may flash only at their turn" in bragref("flash", "cy", "8h", code=3)  # the game's own rule first
    bragref("stick", "bob")
    assert "7h has been seen already in this deal (flashed by Bob)" in bragref("flash", "cy", "7h", code=2)  # R8.9,
    # from the hand of its own, replayed
    assert [a["detail"] for a in json.loads(bragref("history", "1", "--json"))][1] == "7h"
    bragref("audit")
    bragref("session", "new", "shown", "--players", "Ann,Bob,Cy", "--game", "Stick Brag")
    bragref("deal")
    for words in (("flash", "bob", "7h"), ("bet", "bob", "1"), ("fold", "cy"), ("see", "ann")):
        bragref(*words)
    recorded = bragref("history", "1", "--json")
    said = bragref("show", "bob", "3h", "4d", "5c", code=2)  # the card he flashed is in his hand (R8.10)
    assert "Bob's hand holds 7h (flashed by Bob), which their show does not name: a player holds one hand (R8.10)" \
        in said
    assert bragref("history", "1", "--json") == recorded  # nothing recorded
    bragref("show", "bob", "7h", "7d", "7c")  # his own flashed card, which only he may show (R8.9)
    bragref("audit")


@pytest.mark.slow
def test_what_the_core_lists_is_read_from_the_installed_games_declarations(installed, tmp_path):
    """No game named in the core (issue 56): the plug-in's action type is `bragref.Flash` as brag's is
    `bragref.Cover`, and a name bragref's games use stays theirs (three-stake's `Stick`, not the plug-in's);
    `status --json` carries the contract's keys, each move's own declaration of what it carries when not offered,
    and the plug-in's moves only in its own game's hands."""
    script = ("import bragref; print(bragref.Flash.verb, bragref.Cover.verb, bragref.Stick.__module__, "
              "'Flash' in dir(bragref))")
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=installed, cwd=tmp_path)
    assert found.stdout.split() == ["flash", "cover", "bragref.games.threestake.actions", "True"], found.stderr

    def status(game: str) -> dict:
        db = str(tmp_path / f"{game}.db")
        for args in (["session", "new", game, "--players", "Ann,Bob", "--game", game], ["deal"]):
            subprocess.run([sys.executable, "-m", "bragref", "--db", db, *args], env=installed, check=True,
                           capture_output=True)
        return json.loads(subprocess.run([sys.executable, "-m", "bragref", "--db", db, "status", "--json"],
                                         env=installed, check=True, capture_output=True, text=True).stdout)["legal"]

    helped = subprocess.run([sys.executable, "-m", "bragref", "stick", "--help"], capture_output=True, text=True,
                            env=installed).stdout  # a verb two games declare: each one's help, by its title
    assert "In Stick brag: PLAYER sticks" in helped and "In Three-stake brag: PLAYER, under 31" in helped, helped
    brag, stick = status("brag"), status("stick-brag")
    assert list(brag)[:7] == ["fold", "look", "bet", "blind_bet", "see", "cover", "cover_range"]
    assert "flash" not in brag and "stick" not in brag and stick["stick"] is True and list(stick)[:21] == list(brag)


@pytest.mark.slow
def test_with_the_game_installed_bragrefs_own_documentation_tests_still_pass(installed):
    """Installing a game once made bragref's own tests fail (issue 56: man pages out of date, commands without a page):
    the documentation's tests (its README's transcripts among them), the golden transcripts, and those that count
    bragref's own games, run with the plug-in installed."""
    counting = ["tests/test_cli.py::test_games_lists_every_game_with_its_options_and_who_keeps_each_r10_2",
                "tests/games/test_hoyle.py::test_an_option_hoyle_does_not_use_is_refused_naming_the_games_that_do",
                ("tests/games/test_threecardpoker.py::"
                "test_dealers_choice_through_all_eight_games_conserves_money_and_round_trips")]
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-m",
                             "not slow", "tests/test_docs.py", "tests/test_golden.py", *counting], capture_output=True,
                            text=True, env=installed, cwd=Path(__file__).parent.parent)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "flash" in subprocess.run([sys.executable, "-m", "bragref", "--help"], capture_output=True, text=True,
                                     env=installed).stdout  # it was installed: its command is there


def test_an_installed_game_that_does_not_load_never_stops_the_others(tmp_path):
    """A distribution declaring a game whose code is missing or broken: the game is left out of every list, the
    others play on, and asking for it by name says why (bad input, never a traceback)."""
    metadata = tmp_path / "bragref_broken-1.0.dist-info"
    metadata.mkdir()
    (metadata / "entry_points.txt").write_text("[bragref.games]\nbroken = bragref_broken_missing:Nope\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NO_COLOR": "1"}
    games = subprocess.run([sys.executable, "-m", "bragref", "games"], capture_output=True, text=True, env=env)
    assert games.returncode == 0 and "brag — Three Card Brag" in games.stdout and "broken" not in games.stdout
    registry = Registry(lambda: {"brag": "bragref.games.brag:Brag", "broken": "bragref_broken_missing:Nope"})
    assert list(registry) == ["brag"]
    with pytest.raises(BadInput, match="cannot be loaded"):
        registry["broken"]


FAULTY = '''"""Faulty brag: Three Card Brag whose own code fails once a stake is 2 or more."""

from bragref.games.brag import Brag


class Faulty(Brag):
    name = "faulty"
    aliases = ()
    title = "Faulty brag"
    rule = "R100"
    presets = {"faulty": {}}

    def legal(self, hand):
        if hand.stake >= 2:
            return {}["a stake of 2"]  # its own bug: a KeyError raised in its own code
        return super().legal(hand)

    def apply(self, hand, action):
        return super().apply(hand, action)  # its own code calling bragref's
'''


def test_a_bug_in_an_installed_games_own_code_names_its_distribution_not_bragref(tmp_path):
    """An installed game whose own code raises (issue 65): the message names its distribution and version, as its
    metadata folder does (exit 1, or 0 once the bet is recorded); an error raised in bragref's code while that
    game's hand is played stays bragref's."""
    metadata = tmp_path / "bragref_faulty-2.3.dist-info"
    metadata.mkdir()
    (metadata / "entry_points.txt").write_text("[bragref.games]\nfaulty = bragref_faulty:Faulty\n")
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: bragref-faulty\nVersion: 2.3\n\nFaulty brag.\n")
    (tmp_path / "bragref_faulty.py").write_text(FAULTY)
    db = str(tmp_path / "ledger.db")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NO_COLOR": "1"}

    def bragref(*args: str, code: int, run: list[str] | None = None) -> str:
        result = subprocess.run([*(run or [sys.executable, "-m", "bragref"]), "--db", db, *args], capture_output=True,
                                text=True, env=env)
        assert result.returncode == code and "Traceback" not in result.stderr, (args, result.stdout, result.stderr)
        return result.stderr

    bragref("session", "new", "f", "--players", "Ann,Bob,Cy", "--game", "faulty", code=0)
    bragref("deal", code=0)
    ours = [sys.executable, "-c", ("import sys\nfrom bragref.games.brag.betting import BragBetting\n"
            "from bragref.__main__ import main\ndef look(*args):\n    raise RuntimeError('a bug of bragref')\n"
            "BragBetting._look = look\nsys.argv[0] = 'bragref'\nmain()\n")]  # bragref's look failing, called by
    # bragref's betting, called by the game's own `apply`
    said = bragref("look", "bob", code=1, run=ours)
    assert "internal error (a bug in bragref " in said and "RuntimeError('a bug of bragref')" in said, said
    theirs = "(a bug in bragref-faulty 2.3, a game installed beside bragref: please report it to its makers): " \
             "KeyError('a stake of 2')"
    assert f"recorded, but then an internal error {theirs}" in bragref("bet", "bob", "2", code=0)  # the quick path
    assert f"internal error {theirs}" in bragref("status", code=1)  # the command line


def test_an_installed_games_distribution_is_named_as_its_metadata_names_it(tmp_path, monkeypatch):
    """Whose bug it is (issue 65): the name and version in a wheel's METADATA or an egg's PKG-INFO, else those its
    metadata folder's name spells; a game declared in bragref's own package is never another's."""
    from bragref.games import others_packages

    for folder, files in {"bragref_wheel-1.2.dist-info": {"METADATA": "Name: bragref-wheel\nVersion: 1.2\n\nText\n"},
                          "bragref_egg.egg-info": {"PKG-INFO": "Metadata-Version: 1.0\nName: Bragref-Egg\nVersion: "
                                                               "0.3.dev1\n"},
                          "bragref_bare-4.0.dist-info": {},
                          "bragref_inside-1.0.dist-info": {}}.items():
        (tmp_path / folder).mkdir()
        for name, text in files.items():
            (tmp_path / folder / name).write_text(text)
        package = folder.partition("-")[0].partition(".")[0]
        target = "bragref.games.brag:Brag" if package == "bragref_inside" else f"{package}.game:Game"
        (tmp_path / folder / "entry_points.txt").write_text(f"[bragref.games]\n{package} = {target}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = others_packages()
    made = {"bragref_wheel", "bragref_egg", "bragref_bare", "bragref_inside"}  # another installed game's is not
    assert {package: named for package, named in found.items() if package in made} == {
        "bragref_wheel": "bragref-wheel 1.2", "bragref_egg": "Bragref-Egg 0.3.dev1", "bragref_bare": "bragref_bare 4.0"}
    assert "bragref" not in found


LAY = '''"""Lay brag: Three Card Brag with a move whose declaration the command line cannot take: two parameters of
several cards each, both typed as arguments (issue 78)."""

from bragref.games import verbs
from bragref.games.brag import Brag


class Lay(verbs.Verb, frozen=True):
    player: str
    cards: tuple[int, ...]
    more: tuple[int, ...] = ()
    verb = "lay"
    params = (verbs.Param("cards", "cards", "The cards laid", held=True),
              verbs.Param("more", "cards", "More cards laid", required=False, held=True))
    summary = "A player lays cards."
    help = "PLAYER lays CARDS (R100)."
    examples = ("bill 7h",)


class LayBrag(Brag):
    name = "lay-brag"
    aliases = ()
    title = "Lay brag"
    rule = "R100"
    actions = (*Brag.actions, Lay)
    presets = {"lay": {}}
'''


def test_a_verb_declaration_the_command_line_cannot_take_is_the_games_fault_named_when_it_loads(tmp_path):
    """Two parameters of several cards, both typed as arguments (no `Param.option`): once `bragref lay --help` said
    "internal error (a bug in bragref): TypeError('Cannot have two nargs < 0')". The game is refused when it loads,
    the message naming it, its distribution, the verb and the declaration at fault: where its verb is typed (bad
    input, exit 2), where the conformance suite is run over it, and beside the games listed, which play on."""
    metadata = tmp_path / "bragref_lay-1.0.dist-info"
    metadata.mkdir()
    (metadata / "entry_points.txt").write_text("[bragref.games]\nlay-brag = bragref_lay:LayBrag\n")
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: bragref-lay\nVersion: 1.0\n\n")
    (tmp_path / "bragref_lay.py").write_text(LAY)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "400"}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=env, cwd=tmp_path)

    blamed = [("the game 'lay-brag' (bragref_lay:LayBrag, of bragref-lay 1.0, installed beside bragref) cannot be "
              "loaded: its verb 'lay' (bragref_lay.Lay)"), ("'cards', 'more' are each several words typed as "
              "arguments"), 'give the others `option` (`option="--more"`)']
    helped = run("bragref", "lay", "--help")
    said = " ".join(helped.stderr.split())
    assert helped.returncode == 2 and "internal error" not in said and "Traceback" not in said, said
    assert all(words in said for words in blamed), said
    suite = run("bragref.testing", "lay-brag")
    assert suite.returncode == 2 and all(words in " ".join(suite.stderr.split()) for words in blamed), suite.stderr
    every = run("bragref.testing", "--", "-k", "loads_its")  # no game named: every one declared
    assert every.returncode == 1 and blamed[0] in " ".join(every.stdout.split()), every.stdout[-3000:]
    games = run("bragref", "games")
    assert games.returncode == 0 and "brag — Three Card Brag" in games.stdout and "lay-brag" not in games.stdout
    assert blamed[0] in " ".join(games.stderr.split()), games.stderr  # left out, and why
