"""What bragref keeps beside a ledger so the next command need not work it out again (issue 19): each session's
current hand as last replayed (a replay point) and its postings summed (the totals `balances` and `settle` read).
Neither is ever the truth: a point or total whose ledger has moved on, or a file that cannot be read, is worked
around. That a point is exactly a full replay, for every game, is checked in `test_conformance`."""

import json
import random
import sqlite3
from pathlib import Path

import pytest

from bragref.engine.names import key
from bragref.engine.rules import Rules
from bragref.games.verbs import Bet
from bragref.ledger import points
from bragref.ledger.simulate import between_hands, chooser, simulate
from bragref.ledger.store import Ledger
from conftest import SAMPLES


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


def full_sums(ledger: Ledger, session) -> dict[str, int]:
    return {player: net for player, net in ledger.conn.execute(
        "SELECT player, SUM(amount) FROM postings WHERE session_id = ? AND player IS NOT NULL GROUP BY player",
        (session.id,))}


def test_balances_summed_on_from_the_last_report_are_a_full_sum(tmp_path):
    """Each report sums only the postings written since the last one kept its totals: after every further hand,
    an undo of a settling action (postings reversed) and a second session beside the first, the nets are a full
    sum's."""
    path = tmp_path / "ledger.db"
    ledger, rng = Ledger(path), random.Random(4)
    session = simulate(ledger, "s", Rules(short_money="both"), ["A", "B", "C"], 20, seed=4)
    other = simulate(ledger, "t", Rules(), ["A", "D"], 5, seed=5)
    kept = Path(f"{path}{points.TOTALS}")
    for hand in range(6):
        if hand == 3:  # the settling action voided, its postings reversed (R9.1), and the hand played out again
            current, choose = ledger.undo("s", "a wrong award")[1], chooser(rng)
            while current.hand.phase != "over":
                current = ledger.act("s", choose)[1]
        else:
            ledger.record_hand("s", chooser(rng))
        before = kept.read_text() if kept.exists() else None
        fresh = Ledger(path)
        nets = {row["player"]: row["net"] - row["loans"] for row in fresh.balances([fresh.session("s")])
                if row["player"] != "Bystander"}  # a lender from outside the table: loans only
        assert nets == full_sums(fresh, session) and kept.read_text() != before
        fresh.close()
    assert {row["player"]: row["net"] for row in ledger.balances([other])} == full_sums(ledger, other)


def full_at_table(ledger: Ledger, session) -> tuple[dict[str, int], dict[str | None, int]]:
    """Each player's table money, and what hands at table stakes moved by `names.key` (None: a carried pot; none
    that moved nothing), each one sum over every row (R1.3)."""
    money = dict.fromkeys(session.seats, 0)
    for player, amount in ledger.conn.execute(
            "SELECT player, SUM(amount) FROM (SELECT player, amount FROM purses WHERE session_id = ?"
            " UNION ALL SELECT p.player, p.amount FROM postings p JOIN hands h ON h.id = p.hand_id"
            " WHERE p.session_id = ? AND h.purses IS NOT NULL AND p.player IS NOT NULL) GROUP BY player",
            (session.id, session.id)):
        name = session.now_called(player)
        money[name] = money.get(name, 0) + amount
    moved: dict[str | None, int] = {}
    for player, amount in ledger.conn.execute(
            "SELECT p.player, SUM(p.amount) FROM postings p JOIN hands h ON h.id = p.hand_id"
            " WHERE p.session_id = ? AND h.purses IS NOT NULL GROUP BY p.player", (session.id,)):
        person = None if player is None else key(session.now_called(player))
        moved[person] = moved.get(person, 0) + amount
    return money, {person: amount for person, amount in moved.items() if amount}


def at_table_now(path: Path) -> tuple[dict[str, int], dict[str | None, int]]:
    """Table money and what moved at table stakes as a new command finds them (as `full_at_table` gives them)."""
    ledger = Ledger(path)
    session = ledger.session("s")
    money, moved = ledger.table_money(session), ledger.on_table([session])
    ledger.close()
    return money, {person: amount for person, amount in moved.items() if amount}


def test_table_money_summed_on_from_the_last_command_is_a_full_sum(tmp_path):
    """At table stakes (R1.3) each command sums only the purses and postings written since the last one kept the
    table money: after hands with top-ups, cash-outs and loans onto the table, a settlement undone (postings
    reversed, R9.1), a player renamed (R2.6) and a session from the pocket beside it, each player's table money and
    what the hands moved are a full sum's; so they are with what was kept damaged or kept for another ledger."""
    path = tmp_path / "ledger.db"
    ledger, rng = Ledger(path), random.Random(6)
    simulate(ledger, "s", Rules(stakes="table", short_money="both"), ["A", "B", "C"], 20, seed=6)
    simulate(ledger, "t", Rules(), ["A", "D"], 5, seed=7)
    kept = Path(f"{path}{points.TABLE}")
    for hand in range(6):
        if hand == 2:
            ledger.rename("s", "A", "Ann")
        if hand == 3:
            current, choose = ledger.undo("s", "a wrong award")[1], chooser(rng)
            while current.hand.phase != "over":
                current = ledger.act("s", choose)[1]
        else:
            between_hands(ledger, ledger.session("s"), rng)
            ledger.record_hand("s", chooser(rng))
        before = kept.read_text()
        full = full_at_table(ledger, ledger.session("s"))
        assert at_table_now(path) == full
        assert kept.read_text() != before
    entry = json.loads(kept.read_text())[str(ledger.session("s").id)]
    made_by, marks = entry["key"].split(" ", 1)
    purse, posting = marks.split(";")
    for key_now, data in ((f"{made_by} {purse.split()[0]} {'0' * 64};{posting}", entry["data"]),  # another ledger's
                          (entry["key"], [["Ann", "1", 2]]), (entry["key"], [["Ann", 1]]), (entry["key"], {"A": 1})):
        kept.write_text(json.dumps({str(ledger.session("s").id): {"key": key_now, "data": data}}))
        assert at_table_now(path) == full


def reported(tmp_path: Path, seed: int):
    """A ledger of ten simulated hands after one `balances` kept their totals: it, its path, the session, the file."""
    path = tmp_path / "ledger.db"
    ledger = Ledger(path)
    session = simulate(ledger, "s", Rules(), ["A", "B", "C"], 10, seed=seed)
    ledger.balances([session])
    return ledger, path, session, Path(f"{path}{points.TOTALS}")


def test_totals_kept_for_another_ledger_are_not_read(tmp_path):
    ledger, path, session, kept = reported(tmp_path, seed=1)
    entry = json.loads(kept.read_text())[str(session.id)]
    made_by, upto, _ = entry["key"].split(" ")
    entry["key"] = f"{made_by} {upto} {'0' * 64}"  # the same posting, another ledger's link
    entry["data"] = [[player, 0, 0, 1000] for player, *_ in entry["data"]]
    kept.write_text(json.dumps({str(session.id): entry}))
    assert {row["player"]: row["net"] for row in Ledger(path).balances([session])} == full_sums(ledger, session)


def test_totals_that_are_not_what_bragref_writes_are_summed_around(tmp_path):
    ledger, path, session, kept = reported(tmp_path, seed=2)
    key = json.loads(kept.read_text())[str(session.id)]["key"]
    for data in ([["A", "1", 2, 3]], [["A", 1, 2]], {"A": 1}, [[None, 1, 2, 3]], [["A", 1.5, 2, 3]]):
        kept.write_text(json.dumps({str(session.id): {"key": key, "data": data}}))
        assert {row["player"]: row["net"] for row in Ledger(path).balances([session])} == full_sums(ledger, session)


def kept_totals_are_current(path: Path) -> None:
    """Every session's totals kept beside the ledger reach its last posting and are a full sum's."""
    kept = json.loads(Path(f"{path}{points.TOTALS}").read_text())
    with sqlite3.connect(path) as conn:
        for session_id, last in conn.execute("SELECT session_id, MAX(id) FROM postings GROUP BY session_id"):
            entry = kept[str(session_id)]
            assert int(entry["key"].split(" ")[1]) == last
            assert {player: net for player, _, _, net in entry["data"]} == dict(conn.execute(
                "SELECT player, SUM(amount) FROM postings WHERE session_id = ? AND player IS NOT NULL GROUP BY player",
                (session_id,)))


def test_a_command_that_posts_keeps_the_totals_as_it_ends(bragref, tmp_path):
    """Whatever wrote postings (hands settled, a settlement voided, an import) sums them onto the kept totals as
    it ends, so the next `balances` or `settle` has nothing new to sum: no report need read the whole ledger first."""
    bragref(f"run -q {SAMPLES / 'running-short.brag'}")
    kept_totals_are_current(bragref.db)
    assert bragref.json("history")[-1]["action"] in ("won", "carried")
    bragref("undo --reason 'the wrong winner'")  # the settling action voided: its postings reversed (R9.1)
    kept_totals_are_current(bragref.db)
    bragref(f"export --format bhh -o {tmp_path / 'night.bhh'}")
    bragref(f"import {tmp_path / 'night.bhh'} --as again")
    kept_totals_are_current(bragref.db)
    Path(f"{bragref.db}{points.TOTALS}").unlink()
    bragref("status")  # a command that writes nothing keeps nothing
    assert not Path(f"{bragref.db}{points.TOTALS}").exists()


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
