"""Fuzz: generated command lines and hand histories against a live ledger never crash, exit only with the contract's
codes, and a command that does not succeed leaves every row as it was (docs/reference.md). Over 2,000 cases in all:
hostile amounts (R1.1), names (R2.6), reasons with control characters, and mangled import files (issue 14)."""

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragref.cli import cli
from bragref.ledger.db import connect

CONTRACT_CODES = {0, 2, 3, 4, 5}
VERBS = ["deal", "bet", "fold", "look", "see", "cover", "showdown", "show", "concede", "award", "undo", "status",
         "history", "balances", "settle", "lend", "repay", "buy-in", "top-up", "cash-out", "rank", "compare", "audit",
         "where", "session", "player", "rules", "run", "table", "nonsense"]
NAMES = ["andy", "Bill", "ch", "D", "eddie", "Zed", "", "a", "Aunt May"]
AMOUNTS = ["1", "2", "4", "0", "-3", "1.5", "1e3", "99999999999999999999", "abc", "½", "0x10", "", "1e400", "1_0", "１２",
           "١٢", "9223372036854775808", "1000000000000", "1000000000001", "£2", "NaN", "inf", "0.0001", "1" * 5000]
CARDS = ["Kh", "3h", "3d", "3s", "10s", "Td", "A♦", "X1", "Zz", "kh", "1h", "3h3d"]
OPTIONS = ["--blind", "--json", "--csv", "--hand", "old", "--keep", "--fold", "--reason", "--bystander", "--discard",
           "--all", "--digest", "--dealer", "--after", "new", "use", "show", "close", "join", "leave", "set", "ante"]
NASTY = ["\x1b[31m", "\x00", "\x07", "\n", "'", '"', ";", "=cmd", "%s", "../", "😀", " ", "--", "\x1b]8;;http://x\x07",
         "\u0410ndy", "Zoe\u0301", "\u202e", "a" * 41, "\r\n3 Fake bet 99", "\x9b31m"]

word = st.one_of(st.sampled_from(NAMES), st.sampled_from(AMOUNTS), st.sampled_from(CARDS), st.sampled_from(OPTIONS),
                 st.sampled_from(NASTY), st.text(max_size=6))
command = st.tuples(st.sampled_from(VERBS), st.lists(word, max_size=5)).map(lambda t: [t[0], *t[1]])


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    """A session mid-hand, at table stakes with loans allowed, so that every verb has something to act on."""
    return mid_hand(tmp_path_factory.mktemp("fuzz") / "ledger.db")


def mid_hand(path):
    runner = CliRunner()
    for line in (["session", "new", "fuzz", "--players", "Andy,Bill,Chris,Dan,Eddie", "--short-money", "both",
                  "--stakes", "table"],
                 *(["buy-in", name, "50"] for name in ("andy", "bill", "chris", "dan", "eddie")),
                 ["deal", "--dealer", "eddie"], ["bet", "andy", "2"]):
        assert runner.invoke(cli, ["--db", str(path), *line]).exit_code == 0
    return path


def snapshot(path) -> dict:
    """Each table's count of rows and its last row: the ledger's triggers refuse every UPDATE and DELETE
    (tests/test_trust.py holds them), so a command has written nothing exactly when no table has a row more. Reading
    every row before and after each of the 1,500 cases was a third of this file's time."""
    import sqlite3

    from conftest import TABLES

    with sqlite3.connect(path) as conn:
        return {t: (conn.execute(f"SELECT count(*) FROM {t}").fetchone(),
                    conn.execute(f"SELECT * FROM {t} ORDER BY rowid DESC LIMIT 1").fetchone()) for t in TABLES}


@pytest.mark.slow
@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
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


name = st.one_of(st.sampled_from(NAMES + NASTY), st.text(max_size=45))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(name, min_size=1, max_size=4), lender=name, reason=st.one_of(st.sampled_from(NASTY), st.text()))
def test_hostile_names_and_reasons_exit_by_the_contract(ledger, names, lender, reason):
    before = snapshot(ledger)
    for args in (["session", "new", names[0], "--players", ",".join(names)], ["player", "join", names[-1]],
                 ["lend", lender, "bill", "1", "--bystander"], ["undo", "--reason", reason]):
        result = CliRunner().invoke(cli, ["--db", str(ledger), "--session", "fuzz", *args])
        assert result.exit_code in CONTRACT_CODES, (args, result.exit_code, result.output)
        assert "Traceback" not in result.output and "internal error" not in result.output, (args, result.output)
        assert "\x1b" not in result.output and "\x00" not in result.output, (args, result.output)
        if result.exit_code != 0:
            assert snapshot(ledger) == before, args
        before = snapshot(ledger)


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> dict:
    """The history of a ledger of its own, as `ledger` began: the fuzzing of commands changes that one."""
    import json

    source = mid_hand(tmp_path_factory.mktemp("history") / "ledger.db")
    result = CliRunner().invoke(cli, ["--db", str(source), "--session", "fuzz", "export", "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    """The ledger the mangled histories are imported into: what it holds, it holds from them alone."""
    path = tmp_path_factory.mktemp("target") / "ledger.db"
    connect(str(path)).close()
    return path


json_value = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                                    st.sampled_from(AMOUNTS + NASTY)),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                        max_size=3), max_leaves=6)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(st.one_of(st.sampled_from(["hands", "rules", "players", "actions", "wild", "ante", "_at",
                                                 "_dealt_at", "number", "dealer", "antes", "bhh", "variant"]),
                               st.integers(min_value=0, max_value=3)), min_size=1, max_size=4),
       value=json_value)
@pytest.mark.slow
def test_mangled_histories_exit_by_the_contract(target, history, tmp_path_factory, path, value):
    """One field of a real history replaced by anything at all: the import exits 0, 2 or 3, never 1; or 4 where the
    history keeps the identity of a night the ledger holds and its hands now differ
    (docs/reference.md, Beyond one machine)."""
    import json

    document = json.loads(json.dumps(history))
    node = document
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    if (isinstance(node, dict) and isinstance(path[-1], str)) or (isinstance(node, list) and isinstance(path[-1], int) \
            and path[-1] < len(node)):
        node[path[-1]] = value
    file = tmp_path_factory.mktemp("mangled") / "h.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    before = snapshot(target)
    name = f"mangled-{before['sessions'][0][0]}"  # a name of its own: one taken would refuse it before its hands
    result = CliRunner().invoke(cli, ["--db", str(target), "import", str(file), "--as", name])
    assert result.exit_code in {0, 2, 3} or (result.exit_code == 4 and "differs from the one here" in result.output), \
        (path, value, result.output)
    assert "Traceback" not in result.output and "internal error" not in result.output, (path, value, result.output)
    if result.exit_code != 0:
        assert snapshot(target) == before
    else:
        assert CliRunner().invoke(cli, ["--db", str(target), "audit", "--all"]).exit_code == 0
