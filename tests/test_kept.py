"""What bragref keeps so that the next step need not work it out again: the hand a ledger object last replayed or
recorded, for the rest of that process's work (`table`, an import's judge), keyed by the chain's head. Nothing is kept
beside the ledger for the next command: a copy there could be checked only by the replay it saves (issue 59: a replay
point forged together with its row's digest was once played on), so every command replays the hand from its rows."""

import pytest

from bragref.engine.rules import Rules
from bragref.games.verbs import Bet
from bragref.ledger.store import Ledger
from conftest import SAMPLES


def test_nothing_is_kept_beside_the_ledger(bragref):
    """Balances, settle-up and table money are summed from the rows every time, and the hand in play is replayed from
    them: no file beside the ledger holds a figure or a hand that an edit could change (0.12 kept `-totals.json` and
    `-table.json`, 0.13 to 0.15 a replay point, `-replay.json`)."""
    bragref(f"run -q {SAMPLES / 'running-short.brag'}")
    bragref("deal")
    bragref("bet bill 2")
    bragref("balances")
    bragref("settle")
    beside = sorted(path.name for path in bragref.db.parent.iterdir() if path.name.startswith(bragref.db.name))
    assert [name for name in beside if not name.endswith(("-wal", "-shm"))] == ["ledger.db"]


@pytest.mark.parametrize("stakes", ["pocket", "table"])
def test_a_loan_leaves_the_hand_a_ledger_holds_as_it_was(tmp_path, stakes):
    """A loan's row moves no hand: the hand one ledger object holds (an import's judge, `table`) is still current
    after it, not replayed from its rows again; at table stakes a loan mid-hand goes onto the borrower's table money
    (R7.5) and the hand is the replay's. Each time it is the hand a full replay gives."""
    ledger = Ledger(tmp_path / "ledger.db")
    ledger.create_session("s", Rules(stakes=stakes, short_money="both"), ["A", "B", "C"])
    if stakes == "table":
        for name in "ABC":
            ledger.purse(None, "buy-in", name, 20)
    ledger.deal(None)
    ledger.act(None, lambda hand: Bet(hand.acting.name, 1))
    session = ledger.session(None)
    held = ledger.current(session)
    read: list[str] = []
    ledger.conn.set_trace_callback(lambda sql: read.append(sql) if "FROM actions" in sql else None)
    ledger.lend(None, "A", "B", 2, bystander=False)
    current = ledger.current(session)
    ledger.conn.set_trace_callback(None)
    replayed = Ledger(tmp_path / "ledger.db").hand(session, current.number)
    assert current.hand == replayed.hand and current.last == replayed.last
    if stakes == "pocket":
        assert current is held and not any(sql.lstrip().startswith("SELECT *") for sql in read)
    else:
        assert current.hand.player("B").purse == held.hand.player("B").purse + 2
