"""One output option set on every report (issue 6): a table by default (--fmt any tabulate format), --json, --csv;
colour only on a terminal and never under NO_COLOR; money in the session's currency in tables, units in data."""

import ast
import csv
import os
import sqlite3
import sys
import io
import json

import string
import subprocess
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from bragref.cli import cell, cli
from bragref.cli.output import NUMBER_COLUMNS, plain, table_text
from conftest import SAMPLES, Bragref

REPORTS = ["status", "history", "history 1", "balances", "balances --all", "settle", "odds", "session list",
           "session show", "rules show", "rank Ah Kh Qh", 'compare "3h 3d 3s" "Ah 2h 3h"']
STATUS_KEYS = {"session", "hand", "phase", "dealer", "to_act", "pot", "carried", "stake", "shuffle", "players", "pots",
               "legal"}
LEGAL_KEYS = {"fold", "look", "bet", "blind_bet", "see", "cover"}


@pytest.fixture(scope="module")
def friday(tmp_path_factory) -> Path:
    """Friday night's sample played and the next hand dealt, once for the module's tests."""
    made = Bragref(tmp_path_factory.mktemp("friday") / "ledger.db")
    made(f"run -q {SAMPLES / 'friday-night.brag'}")
    made("deal")
    return made.db


@pytest.fixture
def played(bragref, friday):
    """A copy of that ledger of the test's own, made by SQLite's backup (whatever its journal holds)."""
    with closing(sqlite3.connect(friday)) as source, closing(sqlite3.connect(bragref.db)) as copy:
        source.backup(copy)
    return bragref


@pytest.mark.parametrize("report", REPORTS)
def test_every_report_prints_json_csv_and_any_tabulate_format(played, report):
    assert json.loads(played(f"{report} --json").stdout) is not None
    rows = list(csv.DictReader(io.StringIO(played(f"{report} --csv").stdout)))
    assert rows and all(None not in row for row in rows)  # a header, and no row wider than it
    assert played(f"{report} --fmt github").stdout != ""
    played(f"{report} --json --csv", code=2)
    played(f"{report} --fmt nosuchformat", code=2)


def test_json_keys_are_the_contracts(played):
    status = played.json("status")
    assert set(status) >= STATUS_KEYS and set(status["legal"]) >= LEGAL_KEYS
    assert {"name", "state", "hands", "paid"} <= set(status["players"][0])
    assert set(played.json("balances")[0]) >= {"player", "paid", "won", "net"}
    assert set(played.json("settle")[0]) == {"from", "to", "amount"}
    assert played.json("rank 3h 3d 3s").items() >= {"class": "prial", "place": 1, "of": 741}.items()
    assert [(e["hand"], e["class"], e["place"]) for e in played.json('compare "3h 3d 3s" "Ah 2h 3h"')] == [
        ("3h 3d 3s", "prial", 1), ("Ah 2h 3h", "running flush", 2)]
    assert {"class", "count", "probability"} == set(played.json("odds")[0])


def test_github_tables_are_pipe_tables_and_settle_keeps_its_sentences_by_default(played):
    assert played("balances --fmt github").stdout.splitlines()[1].startswith("|--")
    assert " pays " in played("settle").stdout
    assert played("settle --fmt github").stdout.startswith("| from")


def test_money_is_in_the_sessions_currency_in_tables_and_in_units_in_data(bragref):
    bragref("session new pennies --players Ann,Bob --ante 0.05 --unit 0.01 --currency £")
    bragref.lines("""
        deal
        bet bob 0.10
        fold ann
    """)
    assert "-£0.05" in bragref("balances").stdout and "£0.20" in bragref("balances").stdout
    assert {r["player"]: r["net"] for r in bragref.json("balances")} == {"Ann": -5, "Bob": 5}
    assert [r["net"] for r in csv.DictReader(io.StringIO(bragref("balances --csv").stdout))] == ["-5", "5"]


def invoke(args, *, env=None):
    """Run bragref as a terminal would: click keeps colour only when `color` is on, as on a real terminal."""
    return CliRunner().invoke(cli, args, color=True, env=env)


def test_colour_on_a_terminal_and_never_under_no_color(five):
    args = ["--db", str(five.db), "see", "dan"]
    assert "\x1b[" in invoke(args, env={"NO_COLOR": ""}).stderr
    assert "\x1b[" not in invoke(args, env={"NO_COLOR": "1"}).stderr
    assert "\x1b[" not in five("see dan", code=3).stderr  # not a terminal: click drops it
    status = ["--db", str(five.db), "status"]
    assert "\x1b[1mAndy\x1b[0m to act" in invoke(status, env={"NO_COLOR": ""}).stdout
    assert "\x1b[" not in invoke(status, env={"NO_COLOR": "1"}).stdout


def test_progress_bars_only_on_a_terminal(bragref, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    result = bragref("simulate --hands 30")
    assert "Simulating" not in result.output
    bragref(f"export -o {tmp_path / 'sim.bhh'}")
    for args, label in ([f"--db {tmp_path / 'tty.db'} simulate --hands 30 --seed 1", "Simulating sim-1"],
                        [f"--db {tmp_path / 'tty.db'} import {tmp_path / 'sim.bhh'} --as again", "Importing hands"],
                        [f"--db {tmp_path / 'tty.db'} audit --all", "Auditing"]):
        child = pexpect.spawn(sys.executable, ["-m", "bragref", *args.split()], encoding="utf-8", timeout=60,
                              env={**os.environ, "NO_COLOR": "1"})
        child.expect_exact(label)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0


# ---- the ledger as other tools see it (datasette, sqlite-utils) ------------------------------------


def test_views_show_hands_actions_with_the_pot_and_balances_as_the_reports_do(played):
    from sqlite_utils import Database

    played("bet dan 2")
    played("undo --reason 'Dan said 3'")
    played("bet dan 3")
    db = Database(played.db)
    assert {"hands_played", "actions_with_pot", "balances"} <= set(db.view_names())
    mine = {(r["session"], r["player"]): (r["paid"], r["won"], r["loans"], r["net"]) for r in db["balances"].rows}
    assert mine == {("friday", r["player"]): (r["paid"], r["won"], r["loans"], r["net"]) for r in played.json("balances")}
    history = [e for e in played.json("history") if e["seq"] and e["action"] != "void"]
    rows = {(r["hand"], r["action_id"]): r for r in db["actions_with_pot"].rows}
    live = [r for r in db.query("SELECT * FROM actions_with_pot WHERE action != 'void' ORDER BY action_id")]
    assert [(r["hand"], r["action"], bool(r["voided"])) for r in live] == [
        (e["hand"], e["action"], e["voided"]) for e in history]
    assert [r["pot_after"] for r in live if not r["voided"]] == [e["pot"] for e in history if not e["voided"]]
    assert len(rows) == len(live) + sum(e["action"] == "void" for e in played.json("history"))
    hands = list(db["hands_played"].rows)
    assert len(hands) == 23 and hands[0]["winners"]


ROWS = [[], [{"a": 1}], [{"hand": 1, "who": "Zoë", "note": "x,\"y\"", "n": None},
                        {"hand": 2, "who": "Bill", "note": "", "n": 2},
                        {"n": 3, "note": "keys in another order", "hand": 3, "who": "A"}]]


@pytest.mark.parametrize("rows", ROWS)
def test_a_streamed_report_prints_what_it_would_print_at_once(rows):
    """`history` and `export` print a whole session a piece at a time (issue 19): the text must be what printing it
    whole gives, here made independently (the standard library's JSON and CSV writers), however the rows are cut
    into pieces made apart (a JSON piece's items joined, a later CSV piece without the header)."""
    from bragref.cli.output import JSON_BETWEEN, csv_chunks, json_item, json_listed

    expected_json = json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    expected_csv = io.StringIO()
    if rows:
        writer = csv.DictWriter(expected_csv, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    assert "".join(json_listed(map(json_item, iter(rows)))) == expected_json
    assert "".join(csv_chunks(iter(rows))) == expected_csv.getvalue()
    for cut in range(len(rows) + 1):
        pieces = [rows[:cut], rows[cut:]]
        assert "".join(json_listed(JSON_BETWEEN.join(map(json_item, piece)) for piece in pieces)) == expected_json
        if pieces[0] and pieces[1] and list(pieces[1][0]) != list(rows[0]):
            continue  # a later CSV piece begins with a row whose keys are in the first row's order
        written = "".join(csv_chunks(pieces[0])) + "".join(csv_chunks(pieces[1], header=not pieces[0]))
        assert written == expected_csv.getvalue()


@pytest.mark.parametrize("form", ["", "--json", "--csv", "--fmt grid"])
def test_a_long_history_told_a_piece_at_a_time_is_the_history_told_whole(bragref, monkeypatch, form):
    """A long session's `history` is told a piece of hands at a time (issue 19): the same bytes, in the same order,
    as told in one piece, with a player renamed since (R2.6), table money, covers and short pieces."""
    import bragref.cli.reports as reports

    bragref("simulate --hands 25 --seed 3 --short-money both --stakes table")
    bragref(f"player rename {bragref.json('status')['players'][0]['name']} Zoë")
    whole = bragref(f"history {form}").stdout
    monkeypatch.setattr(reports, "PIECE", 3)
    assert bragref(f"history {form}").stdout == whole and "Zoë" in whole  # nine pieces


def test_a_long_history_is_told_in_the_one_process(bragref):
    """`history` of a whole session starts no worker process (issue 78): on two cores two workers cost more CPU than
    one process for the same work. It loads nothing that starts one."""
    bragref("simulate --hands 3 --seed 3")
    loaded = ("import atexit, json, sys; atexit.register(lambda: print(json.dumps(sorted(sys.modules)), "
              "file=sys.stderr)); sys.argv = ['bragref', *sys.argv[1:]]; from bragref.__main__ import main; main()")
    run = subprocess.run([sys.executable, "-c", loaded, "--db", str(bragref.db), "history"], capture_output=True,
                         text=True)
    assert run.returncode == 0 and "Hand 3 ·" in run.stdout, run.stderr
    modules = set(json.loads(run.stderr.splitlines()[-1]))
    assert not modules & {"bragref.ledger.pieces", "multiprocessing", "concurrent.futures"}


def test_a_history_told_as_text_loads_nothing_it_does_not_use(bragref):
    """`history` as text loads neither `json` (its JSON's alone), `secrets` (what mints a session's identity: with it
    OpenSSL's hashes, `random`, `base64`) nor `heapq` (an export's merge): they were a twentieth of a one-hand
    history's CPU (issue 78). The modules are printed as `repr` here, not as JSON, so as not to load `json`."""
    bragref("simulate --hands 3 --seed 3")
    loaded = ("import atexit, sys; atexit.register(lambda: print(repr(sorted(sys.modules)), file=sys.stderr)); "
              "sys.argv = ['bragref', *sys.argv[1:]]; from bragref.__main__ import main; main()")
    for asked in (["history"], ["history", "1"], ["history", "--csv"]):
        run = subprocess.run([sys.executable, "-c", loaded, "--db", str(bragref.db), *asked], capture_output=True,
                             text=True)
        assert run.returncode == 0 and "1" in run.stdout, run.stderr
        modules = set(ast.literal_eval(run.stderr.splitlines()[-1]))
        assert "bragref.ledger.history" in modules and not modules & {"json", "secrets", "heapq", "hashlib"}, asked


TABLES = st.integers(1, 5).flatmap(lambda columns: st.tuples(
    st.lists(st.sampled_from(sorted(NUMBER_COLUMNS)) | st.text(string.ascii_letters + " #", min_size=1, max_size=10),
             min_size=columns, max_size=columns, unique=True),
    st.lists(st.lists(st.none() | st.integers(-10**6, 10**6) | st.text(alphabet=st.characters(
        codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Co", "Cn")), max_size=12).map(cell),
        min_size=columns, max_size=columns), min_size=1, max_size=6)))  # headers and rows of cells


@settings(max_examples=300, deadline=None)
@given(table=TABLES)
def test_the_default_table_is_tabulates_simple_format_to_the_byte(table):
    """Tables print in tabulate's `simple` format by default, made without loading tabulate (issue 19), numbers
    and money right-aligned."""
    headers, rows = table
    align = ["right" if header in NUMBER_COLUMNS else "left" for header in headers]
    assert table_text([dict(zip(headers, row, strict=False)) for row in rows]) == tabulate(
        rows, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)


@settings(max_examples=300, deadline=None)
@given(table=TABLES)
def test_a_table_made_from_its_rows_cells_is_tabulates_simple_format_to_the_byte(table):
    """`history`'s tables are made from each line's cells, a shape of a kind of table worked out once a width of its
    columns (`SimpleShapes`): still tabulate's `simple` format, to the byte, the second time too, and wrapped as
    `simple_table` wraps it while the table prints one (`fitting`)."""
    from bragref.cli.output import SimpleShapes, fitting, simple_table

    headers, rows = table
    align = ["right" if header in NUMBER_COLUMNS else "left" for header in headers]
    texts = [tuple(plain(v) if isinstance(v, str) else "" if v is None else str(v) for v in row) for row in rows]
    shapes = SimpleShapes(tuple(headers), tuple(align))
    made = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)
    assert shapes.text(texts) == made and shapes.text(texts) == made
    with fitting(20):
        assert shapes.text(texts) == simple_table(headers, [list(row) for row in texts], align)


def test_an_entrys_row_and_the_entry_say_the_same():
    """`history`'s tables are made from each entry's values in a row (`hand_rows`, issue 78), its JSON and CSV from
    the same as dicts: each key has the value in its place, in the order the JSON prints them."""
    from bragref.ledger.history import KEYS, WON_KEYS, entry_of, won_entry_of

    values = tuple(f"value {place}" for place in range(len(KEYS)))
    assert entry_of(values) == dict(zip(KEYS, values, strict=True)) and tuple(entry_of(values)) == KEYS
    assert won_entry_of(values) == dict(zip(KEYS, values, strict=True)) and tuple(won_entry_of(values)) == WON_KEYS


def test_cells_by_value_are_made_again_once_forgotten(monkeypatch):
    """A long report's cells are kept by the value each is made from, of the last few (`Cells`): once they are
    forgotten, each is made again, and None is still an empty cell."""
    import bragref.cli.output as output

    monkeypatch.setattr(output, "PLAIN_KEPT", 3)
    made = []
    cells = output.Cells(lambda value: made.append(value) or f" {value}\x07 ")
    assert [cells[v] for v in (1, 2, 1, 3, 4, None, 1)] == ["1\\x07", "2\\x07", "1\\x07", "3\\x07", "4\\x07", "",
                                                           "1\\x07"]
    assert made == [1, 2, 3, 4, 1] and len(cells) <= 3
    assert cells.known == dict(cells)  # what a long loop looks up, every cell known (`reports._Layout.cells`)


HISTORY_HEADER = "hand,seq,at,player,action,amount,blind,detail,pot,stake,into,voided,reason,entered"


@pytest.mark.parametrize("command, header", [
    ("history --csv", HISTORY_HEADER),
    ("export --format csv", HISTORY_HEADER),
    ("season --csv", "player,nights,hands,won_hands,net,best,worst,biggest_pot,money,sessions"),
    ("season --nights --csv", "player,session,date,paid,won,net,money"),
    ("stats --csv", "player,game,money,hands,looked,blind,folded_early,sees,showdowns_won,won_hands,net"),
    ("settle --csv", "from,to,amount"),
    ("settle --all --csv", "from,to,amount,money"),
])
def test_a_csv_without_rows_is_its_header_alone(bragref, command, header):
    """A report's CSV with no row (a session without a hand) is still its header, the documented keys in their order
    (docs/reference.md): a spreadsheet or a script reading it finds its columns whatever the rows."""
    bragref("session new empty --players Ann,Bob")
    assert bragref(command).stdout == header + "\n"


def test_the_csv_writer_given_its_columns_writes_the_header_without_a_row():
    from bragref.cli.output import csv_chunks

    assert "".join(csv_chunks([], columns=("a", "b"))) == "a,b\n"
    assert "".join(csv_chunks([], header=False, columns=("a", "b"))) == ""
    assert "".join(csv_chunks([{"a": 1, "b": 2}], columns=("a", "b"))) == "a,b\n1,2\n"
    assert "".join(csv_chunks([])) == ""  # columns known only from a row: none without one
