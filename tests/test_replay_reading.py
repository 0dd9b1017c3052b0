"""How the replay reads a session's rows (`replay.hand_groups`, `replay.read_action`): each row a dict of every column
by name, whatever the columns are called; each action's words read once, and a row that cannot be read refused every
time it is replayed, in the words it always was (`Unreplayable`)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import SAMPLES

from bragref.cli import cli
from bragref.games import from_preset
from bragref.ledger import replay
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger


@pytest.fixture
def simulated():
    ledger = Ledger(":memory:")
    session = simulate(ledger, "s", from_preset("pagat"), ["Ann", "Bob", "Cy", "Di"], 30, 5)
    yield ledger, session
    ledger.close()


@pytest.mark.parametrize("names", [
    ("id", "hand_id", "verb"),
    ("a'b", 'c"d', "}{", "x: 1, 'y'", "__import__('os').getcwd()", "lambda", "_0", "\n", "ünï côdé", " "),
    ("same", "same"),
    (),
])
def test_a_rows_dict_is_its_columns_by_name_whatever_they_are_called(names):
    values = tuple(range(len(names)))
    assert replay.row_maker(names)(*values) == dict(zip(names, values, strict=True))


def test_a_span_of_hands_gives_each_hands_rows_whole_in_the_order_written(simulated):
    ledger, session = simulated
    for table in ("actions", "purses", "postings"):
        grouped = replay.hand_groups(ledger.conn, table, session.id, 3, 17)
        wanted: dict[int, list[dict]] = {}
        for row in ledger.conn.execute(f"SELECT t.* FROM {table} t JOIN hands h ON h.id = t.hand_id"
                                       " WHERE h.session_id = ? AND h.number BETWEEN 3 AND 17 ORDER BY t.id",
                                       (session.id,)):
            wanted.setdefault(row["hand_id"], []).append(dict(zip(row.keys(), tuple(row), strict=True)))
        assert grouped == wanted and list(grouped) == sorted(wanted)
        assert table == "purses" or len(grouped) == 15


def test_each_actions_words_are_read_once(simulated):
    ledger, session = simulated
    replay._READ.cache_clear()
    rows = [r for rows in replay.hand_groups(ledger.conn, "actions", session.id, 1, 30).values() for r in rows]
    first = [replay.read_action("brag", r["verb"], r["player"], r["args"]) for r in rows]
    again = [replay.read_action("brag", r["verb"], r["player"], r["args"]) for r in rows]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert len(replay._READ["brag"]) == len({(r["verb"], r["player"], r["args"]) for r in rows}) < len(rows)


def test_past_what_is_kept_the_words_are_read_again_alike(simulated, monkeypatch):
    ledger, session = simulated
    replay._READ.cache_clear()
    monkeypatch.setattr(replay, "READ_KEPT", 5)
    rows = [r for rows in replay.hand_groups(ledger.conn, "actions", session.id, 1, 30).values() for r in rows]
    read = [replay.read_action("brag", r["verb"], r["player"], r["args"]) for r in rows]
    assert len(replay._READ["brag"]) <= 5
    monkeypatch.undo()
    replay._READ.cache_clear()
    assert read == [replay.read_action("brag", r["verb"], r["player"], r["args"]) for r in rows]


def test_a_row_that_cannot_be_read_is_refused_every_time_and_never_kept(simulated):
    ledger, session = simulated
    replay._READ.cache_clear()
    row = ledger.conn.execute("SELECT * FROM hands WHERE session_id = ? AND number = 2", (session.id,)).fetchone()
    actions = replay.hand_groups(ledger.conn, "actions", session.id, 2, 2)[row["id"]]
    good = [step.after for step in replay.replayed(row, actions, [])]
    bad = [*actions[:1], {**actions[1], "args": '{"amount": 2'}, *actions[2:]]
    for _ in range(2):  # the second time as the first: nothing of the bad row was kept
        with pytest.raises(replay.Unreplayable) as refused:
            list(replay.replayed(row, bad, []))
        assert str(refused.value).startswith("hand 2 cannot be replayed: its action 2 cannot be read (")
    assert (actions[1]["verb"], actions[1]["player"], '{"amount": 2') not in replay._READ["brag"]
    assert [step.after for step in replay.replayed(row, actions, [])] == good


def test_a_deal_that_cannot_be_made_again_is_refused_in_its_words(simulated):
    ledger, session = simulated
    row = ledger.conn.execute("SELECT * FROM hands WHERE session_id = ? AND number = 2", (session.id,)).fetchone()
    broken = {**dict(zip(row.keys(), tuple(row), strict=True)), "seats": "[not json"}
    with pytest.raises(replay.Unreplayable) as refused:
        list(replay.replayed(broken, [], []))
    assert str(refused.value).startswith("hand 2 cannot be replayed: cannot be dealt again from its record (")


@pytest.mark.parametrize("evening", ["friday-night", "running-short"])  # an undo; a loan onto the table mid-hand
def test_a_sessions_replays_give_every_column_of_every_row_by_name(evening, tmp_path):
    """`Ledger.replays` gives each hand's row, and each step's row (an action's, a void's, a loan's onto the table),
    as dicts: every column of its table by name, as the ledger holds it."""
    db = tmp_path / "ledger.db"
    assert CliRunner().invoke(cli, ["--db", str(db), "run", str(SAMPLES / f"{evening}.brag")]).exit_code == 0
    ledger = Ledger(str(db))
    session = ledger.session(None)
    conn = ledger.conn

    def held(table: str, row_id: int) -> dict:
        row = conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone()
        return dict(zip(row.keys(), tuple(row), strict=True))

    told = [(row, list(steps)) for row, steps in ledger.replays(session)]
    steps = [step for _, hand_steps in told for step in hand_steps]
    assert len(told) > 3 and any(step.loan if evening == "running-short" else not step.live for step in steps)
    for row, hand_steps in told:
        assert row == held("hands", row["id"])
        assert all(step.row == held("purses" if step.loan else "actions", step.row["id"]) for step in hand_steps)
    ledger.close()
