"""Fuzz: generated command lines against a live ledger never crash, exit only with the contract's codes, and a
command that does not succeed leaves every row as it was (CLI.md)."""

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragref.cli import cli

CONTRACT_CODES = {0, 2, 3, 4, 5}
VERBS = ["deal", "bet", "fold", "look", "see", "cover", "showdown", "show", "concede", "award", "undo", "status",
         "history", "balances", "settle", "lend", "repay", "buy-in", "top-up", "cash-out", "rank", "compare", "audit",
         "where", "session", "player", "rules", "run", "table", "nonsense"]
NAMES = ["andy", "Bill", "ch", "D", "eddie", "Zed", "", "a", "Aunt May"]
AMOUNTS = ["1", "2", "4", "0", "-3", "1.5", "1e3", "99999999999999999999", "abc", "½", "0x10", ""]
CARDS = ["Kh", "3h", "3d", "3s", "10s", "Td", "A♦", "X1", "Zz", "kh", "1h", "3h3d"]
OPTIONS = ["--blind", "--json", "--csv", "--hand", "old", "--keep", "--fold", "--reason", "--bystander", "--discard",
           "--all", "--digest", "--dealer", "--after", "new", "use", "show", "close", "join", "leave", "set", "ante"]
NASTY = ["\x1b[31m", "\x00", "\x07", "\n", "'", '"', ";", "=cmd", "%s", "../", "😀", " ", "--"]

word = st.one_of(st.sampled_from(NAMES), st.sampled_from(AMOUNTS), st.sampled_from(CARDS), st.sampled_from(OPTIONS),
                 st.sampled_from(NASTY), st.text(max_size=6))
command = st.tuples(st.sampled_from(VERBS), st.lists(word, max_size=5)).map(lambda t: [t[0], *t[1]])


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    """A session mid-hand, at table stakes with loans allowed, so that every verb has something to act on."""
    path = tmp_path_factory.mktemp("fuzz") / "ledger.db"
    runner = CliRunner()
    for line in (["session", "new", "fuzz", "--players", "Andy,Bill,Chris,Dan,Eddie", "--short-money", "both",
                  "--stakes", "table"],
                 *(["buy-in", name, "50"] for name in ("andy", "bill", "chris", "dan", "eddie")),
                 ["deal", "--dealer", "eddie"], ["bet", "andy", "2"]):
        assert runner.invoke(cli, ["--db", str(path), *line]).exit_code == 0
    return path


def snapshot(path) -> dict:
    import sqlite3

    from conftest import TABLES

    with sqlite3.connect(path) as conn:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in TABLES}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=command)
def test_any_command_line_exits_by_the_contract(ledger, args):
    before = snapshot(ledger)
    result = CliRunner().invoke(cli, ["--db", str(ledger), *args], input="q\n")
    assert result.exit_code in CONTRACT_CODES, (args, result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output, (args, result.output)
    assert "\x1b" not in result.output and "\x00" not in result.output, (args, result.output)
    if result.exit_code != 0:
        assert snapshot(ledger) == before, args
