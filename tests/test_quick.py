"""The quick path (`cli.quick`, issue 45): a hand's action typed the plain way is recorded without loading click,
and whatever it takes gives exactly what the command line gives: the same output, exit code and rows."""

import json
import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bragref.cli import cli, default_db, paint
from conftest import Bragref, run

PLAYERS = ["andy", "Bill", "chris", "dan", "zed", "a", ""]
AMOUNTS = ["1", "2", "3", "5", "0", "-1", "1.5", "x"]
FLAGS = ["--blind", "--help", "-h", "--hand", "old", "--keep", "--", "--blind=1"]
VERBS = ["bet", "bet", "bet", "bet", "fold", "concede", "see", "look", "cover", "show", "award", "pass", "deal", "deal",
         "undo"]
PREFIXES = [[], [], ["--session", "s"], ["--session=s"], ["--session", "other"], ["--session"], ["--version"]]

TO_ACT = "TO_ACT"  # the player whose turn it is, found when the command is typed
command = st.tuples(st.sampled_from(PREFIXES), st.sampled_from(VERBS),
                    st.one_of(st.tuples(st.just(TO_ACT), st.sampled_from(AMOUNTS[:4])),  # mostly what may be done
                              st.tuples(st.just(TO_ACT)),
                              st.lists(st.sampled_from([TO_ACT, *PLAYERS, *AMOUNTS, *FLAGS]), max_size=4)))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(commands=st.lists(command, min_size=5, max_size=30), blind=st.booleans())
def test_what_the_quick_path_takes_it_does_as_the_command_line_does(tmp_path_factory, commands, blind):
    """Random words typed at twin ledgers, one through the command line alone, the other as `bragref` runs them
    (the quick path first): each command's output, exit code and every row of the ledger the same, on a clock that
    stands still (so that the digests told at a hand's end are the same too)."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr("bragref.ledger.store.now", lambda: "2026-11-25T10:00:00.000000+00:00")
        patched.setattr("bragref.ledger.seats.minted", lambda: "7" * 32)  # twins: one night's identity each, alike
        patched.delenv("BRAGREF_DB", raising=False)
        patched.delenv("BRAGREF_SESSION", raising=False)
        typed_at_twins(tmp_path_factory.mktemp("quick"), commands, blind)


def test_a_hand_played_the_plain_way_goes_the_quick_path_and_says_what_the_command_line_says(tmp_path, monkeypatch):
    """Bets open and blind, with the session named or not, folds to the end of the hand (its digest told): every
    one taken by the quick path, each the command line's words, exit code and rows."""
    monkeypatch.setattr("bragref.ledger.store.now", lambda: "2026-11-25T10:00:00.000000+00:00")
    monkeypatch.setattr("bragref.ledger.seats.minted", lambda: "7" * 32)  # twins: their nights' identities alike
    plain_way = [([], "bet", (TO_ACT, "2")), (["--session", "s"], "bet", (TO_ACT, "1", "--blind")),
                 (["--session=s"], "bet", ("--blind", TO_ACT, "2")), ([], "fold", (TO_ACT,)),
                 ([], "bet", (TO_ACT, "5")), ([], "fold", (TO_ACT,)), ([], "fold", (TO_ACT,))]
    assert typed_at_twins(tmp_path, plain_way, True) == len(plain_way)


def typed_at_twins(folder, commands, blind: bool) -> int:
    """Type `commands` at twin ledgers in `folder`, asserting each gives the same; how many the quick path took."""
    runner = CliRunner()
    twins = [Bragref(folder / "click.db"), Bragref(folder / "quick.db")]
    for twin in twins:
        twin(f'session new s --players "Andy,Bill,Chris,Dan" --ante 1{"" if blind else " --no-blind"}')
        twin("deal")
    quick = 0
    for prefix, verb, typed in commands:
        acting = twins[0].json("status").get("to_act") or "andy"
        words = [acting if word == TO_ACT else word for word in typed]
        results = [invoke(["--db", str(twin.db), *prefix, verb, *words]) for twin, invoke in
                   zip(twins, (lambda words: runner.invoke(cli, words), lambda words: run(runner, words)), strict=True)]
        said = [(result.exit_code, result.stdout.replace(str(twin.db), "DB"), result.stderr.replace(str(twin.db), "DB"))
                for result, twin in zip(results, twins, strict=True)]
        assert said[0] == said[1], (prefix, verb, words)
        assert twins[0].dump() == twins[1].dump(), (prefix, verb, words)
        quick += type(results[1]).__name__ == "Quick"
    return quick


def test_a_bet_loads_no_click_and_one_the_rules_refuse_is_judged_once(tmp_path):
    """A bet recorded never loads click (a third of the command's time); a refused one is judged once (issue 56: the
    engine asked once, not again by the command line) and told as the command line tells it, nothing recorded."""
    bragref = Bragref(tmp_path / "ledger.db")
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")
    loaded = ("import atexit, sys; from bragref.ledger.store import Ledger; asked = []; judge = Ledger._act; "
              "Ledger._act = lambda *a, **k: asked.append(1) or judge(*a, **k); "
              "atexit.register(lambda: print('click' in sys.modules, len(asked), file=sys.stderr)); "
              "sys.argv = ['bragref', *sys.argv[1:]]; from bragref.__main__ import main; main()")
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("BRAGREF_DB", None)
    bet = subprocess.run([sys.executable, "-c", loaded, "--db", str(tmp_path / "ledger.db"), "bet", "bill", "2"],
                         capture_output=True, text=True, env=env)
    assert bet.returncode == 0 and bet.stdout.startswith("Pot 4, stake 2. Andy to act") and bet.stderr == "False 1\n"
    before = bragref.dump()
    refused = subprocess.run([sys.executable, "-c", loaded, "--db", str(tmp_path / "ledger.db"), "bet", "bill", "2"],
                             capture_output=True, text=True, env=env)
    assert refused.returncode == 3 and "(R2.5)" in refused.stderr and refused.stderr.endswith(" 1\n"), refused.stderr
    assert bragref.dump() == before
    told = bragref("bet bill 2", code=3)
    assert refused.stderr.removesuffix("True 1\n") == told.stderr


BET_BUDGET = 44  # bragref's modules a bet loads (0.19.0: 36; 43 with `Book` in its seven modules, issue 66; 44 with
# `structs`, msgspec's names or the pure path's, issue 75, whose own module `pure` is not counted): a new one on the hot
# path is a choice made here, in sight


def test_a_bet_keeps_to_its_import_budget(tmp_path):
    """The hot path's import-time budget, in modules, not milliseconds (issue 56, instead of imports placed by hand
    inside functions): a bet loads its hand's game and no other, no card tables (betting ranks nothing), neither
    click, sqlite-utils nor tabulate, and at most `BET_BUDGET` of bragref's modules; a game's action type looked up by
    name (`from bragref import told` asks the package first) loads no game."""
    from bragref.games import GAMES

    bragref = Bragref(tmp_path / "ledger.db")
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")
    loaded = ("import atexit, json, sys; atexit.register(lambda: print(json.dumps(sorted(sys.modules)), "
              "file=sys.stderr)); sys.argv = ['bragref', *sys.argv[1:]]; from bragref.__main__ import main; main()")
    env = {**os.environ, "NO_COLOR": "1"}
    bet = subprocess.run([sys.executable, "-c", loaded, "--db", str(tmp_path / "ledger.db"), "bet", "bill", "2"],
                         capture_output=True, text=True, env=env)
    assert bet.returncode == 0, bet.stderr
    modules = set(json.loads(bet.stderr))
    games = {GAMES.declared[name].partition(":")[0] for name in GAMES.declared}
    assert games & modules == {"bragref.games.brag"}
    assert not modules & {"click", "sqlite_utils", "tabulate", "bragref.engine.cards", "bragref.engine.ranking"}
    ours = {module for module in modules if module.startswith("bragref")} - {"bragref.pure"}
    assert len(ours) <= BET_BUDGET, sorted(ours)


@pytest.mark.parametrize("interrupted, told", [
    ("bragref.api.Book.act", (130, "", "\ninterrupted: nothing was recorded\n")),
    ("bragref.cli.lines.situation", (0, "", "\ninterrupted: what was recorded is kept\n"))])
def test_an_interrupted_bet_is_told_as_the_command_line_tells_it(tmp_path, monkeypatch, interrupted, told):
    """Ctrl-C while a bet is recorded (nothing written: exit 130, as `table` exits, issue 59) or told (written: exit
    0, the bet kept), the same by either path."""
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    runner, said = CliRunner(), []
    for path in ("click", "quick"):
        twin = Bragref(tmp_path / f"{path}.db")
        twin('session new s --players "Andy,Bill"')
        twin("deal")
        with monkeypatch.context() as patched:
            patched.setattr(interrupted, interrupt)
            words = ["--db", str(twin.db), "bet", "bill", "2"]
            result = runner.invoke(cli, words) if path == "click" else run(runner, words)
        said.append((result.exit_code, result.stdout, result.stderr, len(twin.dump()["actions"])))
    assert said[0] == said[1] and said[0][:3] == told


def test_a_busy_ledger_is_told_once_as_the_command_line_tells_it(tmp_path, monkeypatch):
    """A ledger another terminal holds past the timeout: the quick path says so itself, as the command line does
    (exit 5, nothing written), and does not leave the command line to wait for it a second time."""
    import sqlite3

    from bragref.ledger import db as ledger_db

    monkeypatch.setattr(ledger_db, "BUSY_TIMEOUT_S", 0.2)
    runner, said = CliRunner(), []
    for path in ("click", "quick"):
        twin = Bragref(tmp_path / f"{path}.db")
        twin('session new s --players "Andy,Bill"')
        twin("deal")
        holder = sqlite3.connect(twin.db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another terminal holds the write lock
        words = ["--db", str(twin.db), "bet", "bill", "2"]
        with monkeypatch.context() as patched:
            if path == "quick":  # the command line is not asked again
                patched.setattr("bragref.cli.group.BragGroup.main", lambda *args, **kwargs: pytest.fail("asked"))
            result = runner.invoke(cli, words) if path == "click" else run(runner, words)
        holder.execute("ROLLBACK")
        holder.close()
        said.append((result.exit_code, result.stdout, result.stderr.replace(str(twin.db), "DB")))
        assert len(twin.dump()["actions"]) == 0
    assert said[0] == said[1] and said[0][0] == 5 and "busy" in said[0][2]


@pytest.mark.parametrize("xdg", [None, "/tmp/elsewhere"])
def test_the_default_ledger_is_where_click_puts_the_app_folder(monkeypatch, xdg):
    """The quick path finds the ledger where none is named without click: in the folder `click.get_app_dir` gives."""
    if xdg is None:
        monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert default_db() == os.path.join(click.get_app_dir("bragref"), "ledger.db")


@pytest.mark.parametrize("style", [{}, {"bold": True}, {"fg": "red"}, {"fg": "red", "bold": True}, {"fg": "green"}])
def test_colour_is_painted_as_click_styles_it(monkeypatch, style):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert paint("Andy", **style) == click.style("Andy", **style)
