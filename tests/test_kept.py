"""What bragref keeps beside a ledger so the next command need not work it out again (issue 19): each session's
current hand as last replayed (a replay point). It is never the truth: a point whose ledger has moved on, one that
is not the hand its row's digest records (edited), or a file that cannot be read, is worked around. That a point is
exactly a full replay, for every game, is checked in `test_conformance`."""

from pathlib import Path

import pytest

from bragref.engine.rules import Rules
from bragref.games.verbs import Bet
from bragref.ledger import points
from bragref.ledger.store import Ledger
from conftest import SAMPLES, rewritten


def test_a_replay_point_makes_nothing_but_bragref_values():
    assert points.unplain(points.plain(Rules(game="teen-patti"))) == Rules(game="teen-patti")
    for forged in ({"d": "os:system", "v": []}, {"d": "builtins:dict", "v": []}, {"d": "bragref.ledger.store:Ledger",
                   "v": []}, {"d": "bragref.engine.state:Player", "v": ["A"]}, {"x": 1}, [1, 2], 1.5):
        with pytest.raises(ValueError):
            points.unplain(forged)


def test_a_replay_point_that_cannot_be_read_is_replayed_around(tmp_path):
    path = tmp_path / "ledger.db"
    ledger = Ledger(path)
    session = ledger.create_session("s", Rules(), ["A", "B", "C"])
    ledger.deal(None)
    for _ in range(4):
        current = ledger.act(None, lambda hand: Bet(hand.acting.name, 1))[1]
    kept = Path(f"{path}{points.SUFFIX}")
    for damaged in (b"{", b'{"1": {"key": 3}}', b"[" * 100_000 + b"]" * 100_000, b'{"1": "\xff"}',
                    kept.read_bytes().replace(b'"open"', b'"folded"').replace(b"0.", b"9.")):
        kept.write_bytes(damaged)
        assert Ledger(path).current(session).hand == current.hand
    kept.unlink()
    assert Ledger(path).current(session).hand == current.hand


def test_a_replay_point_edited_by_hand_is_ignored_and_audit_says_so(bragref):
    """Settled is final (CLI.md "Promises about history"): a replay point whose hand was edited (a player's paid,
    the pot) is not the hand its row's digest records, so it is never used: the hand is replayed from its rows, the
    settlement posts what the rows say, and `audit` names the edited point. 0.12 trusted it and wrote the edited
    money into the append-only ledger."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 2")
    bragref("bet chris 2")
    kept = Path(f"{bragref.db}{points.SUFFIX}")
    edited = kept.read_text().replace('["Bill","open",3,1,null]', '["Bill","open",30,1,null]')
    assert edited != kept.read_text()
    kept.write_text(edited)
    assert [p["paid"] for p in bragref.json("status")["players"]] == [3, 3, 1]
    assert bragref("audit", code=4).output.count("edited outside bragref") == 1
    bragref("fold andy")
    bragref("fold bill")
    assert {r["player"]: r["net"] for r in bragref.json("balances")} == {"Andy": -1, "Bill": -3, "Chris": 4}
    bragref("audit")


def test_no_sum_is_kept_beside_the_ledger(bragref):
    """Balances, settle-up and table money are summed from the rows every time: no file beside the ledger holds a
    figure that an edit could change (0.12 kept `-totals.json` and `-table.json`, and trusted them)."""
    bragref(f"run -q {SAMPLES / 'running-short.brag'}")
    bragref("balances")
    bragref("settle")
    beside = sorted(path.name for path in bragref.db.parent.iterdir() if path.name.startswith(bragref.db.name))
    assert [name for name in beside if not name.endswith(("-wal", "-shm", points.SUFFIX))] == ["ledger.db"]


def test_a_killed_command_leaves_no_spare_point_behind(bragref):
    """A point is written to a spare file and renamed over the last: a command killed between the two left the spare
    (123 of them after 1,048 kills); the next write removes those of processes that are gone."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    gone = Path(f"{bragref.db}{points.SUFFIX}.{2**22 + 12345}")  # above Linux's highest process id
    gone.write_text("{}")
    bragref("bet bill 2")
    assert not gone.exists() and Path(f"{bragref.db}{points.SUFFIX}").exists()


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


def test_a_forged_point_whose_digest_was_chained_into_its_row_is_told_as_used(bragref):
    """Issue 59: a forged point whose digest was written into its action row's `state`, and the chain rebuilt after
    it, was used by the next command while `audit` called it "not used". Audit says of such a point that the next
    command would start from it."""
    import json
    import sqlite3

    for line in ('session new s --players "Andy,Bill,Chris"', "deal", "bet bill 2", "bet chris 2"):
        bragref(line)
    kept = Path(f"{bragref.db}{points.SUFFIX}")
    entries = json.loads(kept.read_text())
    (entry,) = entries.values()
    kept_as = json.dumps(entry["data"], separators=(",", ":"))
    forged = json.loads(kept_as.replace('["Bill","open",3,1,null]', '["Bill","open",30,1,null]'))
    assert forged != entry["data"]
    with rewritten(bragref.db) as conn:
        conn.execute("UPDATE actions SET state = ? WHERE id = (SELECT MAX(id) FROM actions)", (points.digest(forged),))
    with sqlite3.connect(bragref.db) as conn:
        seq, previous = conn.execute("SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1").fetchone()
    hand_id = entry["key"].split(" ")[1]
    entry.update(data=forged, key=f"{entry['key'].split(' ')[0]} {hand_id} {seq} {previous}")
    kept.write_text(json.dumps(entries))
    out = bragref("audit", code=4).stdout
    assert "for hand 1 of session s is not the hand its rows make: edited outside bragref (the next command would " \
           "start from it: its action row's digest was edited to match)" in out
