"""A command's work does not grow with the ledger (issue 19: one `bet` flat from an empty ledger to 100,000 hands).

Timing a command would only say so on a quiet machine; instead SQLite counts the steps of its virtual machine
(`set_progress_handler`, called every step), which are the same on any machine. A statement that reads a table or
an index whole takes steps in proportion to its rows; one that searches an index or a range of row ids takes a
few, however long the ledger. The replay of the current hand reads that hand's rows alone, along their index, so
the engine's share grows with the hand, not the ledger, and table money is read on from the last deal's record of
it. Balances and settle-up
are summed from the rows along their indexes every time: no sum kept beside the ledger is trusted (docs/reference.md,
Promises about history), so their work grows with the session's postings, and they are timed in the benchmarks
instead."""

from pathlib import Path

import pytest

from bragref.engine.rules import Rules
from bragref.games.verbs import Bet, Fold
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger

COMMANDS = {
    "deal": lambda ledger: ledger.deal("s"),
    "bet": lambda ledger: ledger.act("s", lambda hand: Bet(hand.acting.name, 1)),
    "fold": lambda ledger: ledger.act("s", lambda hand: Fold(hand.acting.name)),
    "the fold that ends the hand (postings)": lambda ledger: ledger.act(
        "s", lambda hand: Fold(hand.acting.name)),
    "status": lambda ledger: ledger.current(ledger.session("s")),
}
AT_TABLE = {  # at table stakes (R1.3), beside the above: what each has on the table (a deal and `status` ask too),
    # read on from the last deal's record of it (`Ledger.table_money`)
    "table money": lambda ledger: ledger.table_money(ledger.session("s")),
    "a top-up": lambda ledger: ledger.purse("s", "top-up", "A", 5),
}


def sqlite_steps(folder: Path, hands: int, stakes: str) -> dict[str, int]:
    """The steps SQLite takes for each command in turn, each a ledger opened and closed as a command does, after
    `hands` simulated hands and a close that kept their totals."""
    path = folder / f"{stakes}-{hands}.db"
    ledger = Ledger(path)
    simulate(ledger, "s", Rules(stakes=stakes), ["A", "B", "C"], hands, seed=3)
    for command in ("deal", "bet", "fold", "the fold that ends the hand (postings)"):  # a last hand alike in both
        COMMANDS[command](ledger)  # ledgers: the next deal replays it from its rows, as every command does
    ledger.close()
    steps = {}
    for name, command in {**COMMANDS, **(AT_TABLE if stakes == "table" else {})}.items():
        ledger, taken = Ledger(path), []
        ledger.conn.set_progress_handler(lambda: taken.append(1), 1)  # None: go on
        command(ledger)
        ledger.close()
        steps[name] = len(taken)
    return steps


CASES = [("pocket", name) for name in COMMANDS] + [("table", name) for name in {**COMMANDS, **AT_TABLE}]


@pytest.fixture(scope="module")
def steps(tmp_path_factory) -> dict[str, tuple[dict[str, int], dict[str, int]]]:
    folder = tmp_path_factory.mktemp("flat")
    return {stakes: (sqlite_steps(folder, 10, stakes), sqlite_steps(folder, 400, stakes))
            for stakes in ("pocket", "table")}


@pytest.mark.parametrize("stakes, command", CASES)
def test_a_command_takes_as_many_sqlite_steps_after_400_hands_as_after_10(steps, stakes, command):
    short, long = steps[stakes]
    assert long[command] <= short[command] * 1.2, (short, long)


@pytest.mark.parametrize("table", ["actions", "postings", "purses"])
def test_a_span_of_hands_is_read_along_its_index_unsorted(tmp_path, table):
    """`history` and export read a session's rows a span of hands at a time (`hand_groups`): along the
    table's index of hand ids, in the order they are wanted, with no sort of every row of the span (issue 19)."""
    from bragref.ledger.replay import hand_groups

    ledger = Ledger(tmp_path / "ledger.db")
    simulate(ledger, "s", Rules(stakes="table"), ["A", "B", "C"], 30, seed=3)
    plans = []
    ledger.conn.set_trace_callback(lambda sql: plans.append(sql) if sql.startswith("SELECT") else None)
    grouped = hand_groups(ledger.conn, table, 1, 5, 25)
    ledger.conn.set_trace_callback(None)
    plan = " ".join(row[3] for row in ledger.conn.execute(f"EXPLAIN QUERY PLAN {plans[0]}"))
    assert f"INDEX {table}_hand" in plan and "TEMP B-TREE" not in plan
    rows = [row for hand_id in sorted(grouped) for row in grouped[hand_id]]
    assert [row["id"] for row in rows] == sorted(row["id"] for row in rows)
    numbers = {row[0] for row in ledger.conn.execute(f"SELECT h.number FROM {table} t JOIN hands h ON h.id = t.hand_id"
                                                     f" WHERE t.id IN ({','.join(str(r['id']) for r in rows)})")}
    assert numbers <= set(range(5, 26)) and (numbers or table == "purses")  # no loan onto the table mid-hand here
    ledger.close()
