"""Beyond one machine (issue 69, docs/reference.md, Beyond one machine, docs/club.md): each table's ledger replicated by
a real Litestream process (the `replicate` extra's binary, to a folder: no network), restored after a crash, and every
table's sessions pulled into a club's ledger."""

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Self

import pytest

import bragref
from bragref.ledger.db import litestream_attached
from conftest import Bragref

pytestmark = pytest.mark.slow  # Litestream's processes: CI's whole run, not the quick subset


def ltx_files(replica: Path) -> list[Path]:
    """The transaction files Litestream has written into a folder replica, at every level."""
    return sorted(replica.glob("ltx/*/*.ltx"))


def waited(until, what: str, seconds: float = 20):
    """`until()`'s first true value, asked every 20 ms; fails saying `what` was not seen within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = until()
        if found:
            return found
        time.sleep(0.02)
    pytest.fail(f"{what} was not seen within {seconds} s")


class Replicating:
    """`litestream replicate` running on a table's ledger with the configuration `litestream-config` printed, its
    output kept in a file beside it; killed on leaving its `with` if it is still running (a test failing)."""

    def __init__(self, litestream: str, table: Bragref, *options: str):
        self.config = table.db.with_suffix(".yml")
        self.config.write_text(table("litestream-config " + " ".join(options)).stdout)
        self.log, self.replica = table.db.with_suffix(".log"), Path(f"{table.db}-replica")
        with open(self.log, "w") as log:
            self.process = subprocess.Popen([litestream, "replicate", "-config", str(self.config)], stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10  # running, as a service is before the evening starts: its signals handled,
        # and its read transaction open on the ledger (a write before it is checkpointed away by bragref's connection
        # closing, as on a ledger no Litestream replicates, and Litestream 0.5 then sends none of what follows)
        while not ("replicating to" in self.log.read_text() and litestream_attached(str(table.db))) \
                and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self) -> None:
        """Stopped as a service is, once it has made its replica (its first sync, within a monitor-interval of its
        start: stopped before, it has nothing to send): it sends what it has not yet sent, then exits."""
        deadline = time.monotonic() + 10
        while not self.replica.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        self.process.send_signal(signal.SIGTERM)
        assert self.process.wait(timeout=30) == 0, self.log.read_text()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:
            self.kill()


# ---- the ledger's settings under Litestream ----------------------------------------------------------------------


def litestream_once(litestream: str, db: Path) -> None:
    """One sync by Litestream, as its first on a database it starts replicating: its tables made in it."""
    config = db.parent / "once.yml"
    config.write_text(f"dbs:\n  - path: {json.dumps(str(db))}\n    replica:\n"
                      f"      path: {json.dumps(str(db) + '-replica')}\n")
    subprocess.run([litestream, "replicate", "-once", "-config", str(config)], check=True, capture_output=True)


def test_a_ledger_litestream_replicated_once_keeps_its_settings_and_its_checkpoints(bragref, litestream):
    """Litestream's advice (its Tips & Caveats): the program writing the database makes no checkpoints of its own
    while Litestream replicates it (tests/test_replica.py: a Litestream attached); once it has stopped, its tables left
    in the ledger, the ledger is checkpointed as SQLite's own setting does (issue 76). bragref's busy timeout stays
    above the 5 seconds it advises."""
    from bragref.ledger.db import BUSY_TIMEOUT_S
    from bragref.ledger.store import Ledger

    bragref('session new friday --players "Andy,Bill"')
    alone = Ledger(str(bragref.db))
    assert alone.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000  # SQLite's own, left alone
    alone.close()
    litestream_once(litestream, bragref.db)
    replicated = Ledger(str(bragref.db))
    assert replicated.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000  # no Litestream attached now
    assert replicated.conn.execute("PRAGMA busy_timeout").fetchone()[0] == BUSY_TIMEOUT_S * 1000 >= 5000
    assert replicated.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    replicated.close()


def test_an_empty_file_litestream_was_started_on_becomes_a_ledger(bragref, litestream):
    """Litestream started on an empty file makes its tables in it: that is still no ledger, and the first command
    that records makes it one, as it would the empty file."""
    bragref.db.touch()
    litestream_once(litestream, bragref.db)
    assert "no ledger at" in bragref("status", code=2).stderr
    assert "Session friday is current" in bragref('session new friday --players "Andy,Bill"').stdout
    bragref("deal")


def test_a_ledger_as_litestream_leaves_its_tables_is_sound_and_a_row_it_never_writes_is_not(bragref, litestream):
    """Issue 79.10: a real Litestream replicating an evening, checkpointing as it goes (its `_litestream_seq` row
    bumped): audit is sound, "replicated by Litestream"; a row it never writes, added to its tables, is a finding."""
    bragref('session new friday --players "Andy,Bill"')
    bragref("deal")
    with Replicating(litestream, bragref) as running:
        def bumped() -> bool:
            bragref("bet bill 1")
            bragref("undo")
            with sqlite3.connect(bragref.db) as conn:
                made = conn.execute("SELECT 1 FROM sqlite_master WHERE name = '_litestream_seq'").fetchone()
                return bool(made and conn.execute("SELECT COUNT(*) FROM _litestream_seq").fetchone()[0])

        waited(bumped, "Litestream's checkpoint count", 60)
        running.stop()
    assert bragref("audit --all").stdout.endswith("; replicated by Litestream\n")
    with sqlite3.connect(bragref.db) as conn:
        conn.execute("INSERT INTO _litestream_lock VALUES (1)")
    assert "_litestream_lock holds 1 row" in bragref("audit --all", code=4).stdout


# ---- litestream-config -------------------------------------------------------------------------------------------


def test_litestream_config_replicates_the_ledger_to_a_folder_beside_it_by_default(bragref, litestream, tmp_path):
    assert "no ledger at" in bragref("litestream-config", code=2).stderr
    assert not bragref.db.exists()  # a command that records nothing makes no ledger (docs/reference.md)
    bragref('session new friday --players "Andy,Bill"')
    config = tmp_path / "litestream.yml"
    config.write_text(bragref("litestream-config").stdout)
    listed = subprocess.run([litestream, "databases", "-config", str(config)], check=True, capture_output=True,
                            text=True).stdout
    assert str(bragref.db) in listed and "file" in listed
    text = config.read_text()
    assert f'path: "{bragref.db}-replica"' in text and "sync-interval: 1s" in text


def test_litestream_config_takes_any_replica_url_litestream_takes_and_a_folder_named_relative(bragref, litestream,
                                                                                             tmp_path, monkeypatch):
    bragref('session new friday --players "Andy,Bill"')
    config = tmp_path / "litestream.yml"
    config.write_text(bragref("litestream-config --replica s3://club-bucket/table-1").stdout)
    assert 'url: "s3://club-bucket/table-1"' in config.read_text()
    listed = subprocess.run([litestream, "databases", "-config", str(config)], check=True, capture_output=True,
                            text=True).stdout
    assert "s3" in listed
    monkeypatch.chdir(tmp_path)
    assert f'path: "{tmp_path / "backups" / "t1"}"' in bragref("litestream-config --replica backups/t1").stdout


def test_a_ledger_whose_path_holds_a_dollar_is_told_to_litestream_without_expansion(tmp_path, litestream):
    """Litestream reads `$NAME` in its configuration as an environment variable: a path holding `$` is read as it is
    only with `-no-expand-env`, which the configuration's command says."""
    folder = tmp_path / "club$night"
    folder.mkdir()
    table = Bragref(folder / "ledger.db")
    table('session new friday --players "Andy,Bill"')
    text = table("litestream-config").stdout
    assert "litestream replicate -no-expand-env -config FILE" in text
    config = tmp_path / "litestream.yml"
    config.write_text(text)
    listed = subprocess.run([litestream, "databases", "-no-expand-env", "-config", str(config)], check=True,
                            capture_output=True, text=True).stdout
    assert str(table.db) in listed


# ---- a table's machine lost mid-hand -----------------------------------------------------------------------------

WRITER = """
import json, sys, time
import bragref

book = bragref.open_ledger(sys.argv[1])
finishing_until = time.monotonic() + float(sys.argv[2])  # after this, the hand in play is never finished


def acknowledged():
    print(json.dumps([time.monotonic(), book.digest(), book.balances(all_sessions=True)]), flush=True)


while True:
    book.deal()
    acknowledged()
    for _ in range(4):
        book.bet(book.hand().acting.name, "1")
        acknowledged()
    while time.monotonic() > finishing_until:
        book.bet(book.hand().acting.name, "1")
        acknowledged()
    book.fold(book.hand().acting.name)
    acknowledged()
"""
WINDOW = 1.1  # seconds: the configuration's monitor-interval and sync-interval, the most a crash may lose


@pytest.fixture(scope="module")
def crashed(litestream, tmp_path_factory):
    """A table's night: Litestream replicating its ledger to a folder with `litestream-config`'s configuration, a
    writer recording hand after hand (saying each action's time, the ledger's digest and the balances once it is
    recorded), both killed (SIGKILL) together mid-hand; then the replica restored to another path with
    `litestream restore`, as on a new machine. The live ledger, the restored one, what was acknowledged, and when the
    kill came."""
    folder = tmp_path_factory.mktemp("table")
    table = Bragref(folder / "table.db")
    table('session new night --players "Andy,Bill" --ante 1')
    with Replicating(litestream, table) as replicating:
        waited(lambda: ltx_files(folder / "table.db-replica"), "Litestream's first snapshot in the replica")
        with subprocess.Popen([sys.executable, "-c", WRITER, str(table.db), "2.5"], stdout=subprocess.PIPE,
                              text=True) as writer:
            began, acknowledged = time.monotonic(), []
            try:
                while time.monotonic() - began < 3.5:
                    acknowledged.append(json.loads(writer.stdout.readline()))
            finally:
                killed = time.monotonic()
                writer.kill()
                replicating.kill()
            acknowledged += [json.loads(line) for line in writer.stdout.read().splitlines()]
    restored = folder / "restored.db"
    subprocess.run([litestream, "restore", "-config", str(replicating.config), "-o", str(restored), str(table.db)],
                   check=True, capture_output=True)
    return table, Bragref(restored), acknowledged, killed


def test_a_ledger_restored_after_a_crash_holds_all_acknowledged_more_than_the_sync_interval_before(crashed):
    """docs/reference.md: a ledger restored with `litestream restore` holds every action acknowledged more than the
    replica's sync interval before a crash of the table's machine: its chain is the live ledger's up to a link at or
    past the last such action's, every row as the links say, and its balances those the writer was told at its last
    link."""
    from bragref.ledger.audit import given_digest, walk

    live, restored, acknowledged, killed = crashed
    assert bragref.open_ledger(str(live.db), read_only=True).hand().phase != "over"  # killed mid-hand
    safe = [digest for at, digest, _ in acknowledged if at <= killed - WINDOW]
    assert len(safe) > 20, "the writer recorded too little before the window to show anything"
    with sqlite3.connect(live.db) as conn:
        links = conn.execute("SELECT * FROM chain ORDER BY seq").fetchall()
    with sqlite3.connect(restored.db) as conn:
        kept = conn.execute("SELECT * FROM chain ORDER BY seq").fetchall()
        assert walk(conn, None, None, None, None, {}) == []  # each row as its link says
        assert given_digest(conn, safe[-1]) == []  # the digest the table was last given in time holds
    assert kept == links[:len(kept)] and len(kept) >= int(safe[-1].split("-")[0])
    book = bragref.open_ledger(str(restored.db), read_only=True)
    said = {digest: balances for _, digest, balances in acknowledged}
    head = book.digest()
    expected = said[head] if head in said else bragref.open_ledger(str(live.db), read_only=True).balances(True)
    assert book.balances(all_sessions=True) == expected


def test_the_live_ledger_and_the_one_restored_after_a_crash_audit_sound(crashed):
    live, restored, acknowledged, killed = crashed
    safe = [digest for at, digest, _ in acknowledged if at <= killed - WINDOW]
    assert live("audit --all").stdout.startswith("audit: sound")
    assert restored(f"audit --all --digest {safe[-1]}").stdout.startswith("audit: sound")


# ---- club pull ---------------------------------------------------------------------------------------------------


def night(table: Bragref, name: str, winners: list[str], close: bool = True) -> None:
    """A session `name` of Andy and Bill, a hand won by each of `winners` in turn (`hands`), closed."""
    table(f'session new {name} --players "Andy,Bill"')
    hands(table, name, winners)
    if close:
        table("session close")


def hands(table: Bragref, name: str, winners: list[str]) -> None:
    """A hand won by each of `winners` in turn: the other bets 1 until the winner is to act, who bets 2, and the
    other folds."""
    for winner in winners:
        table("deal")
        loser = "andy" if winner == "Bill" else "bill"
        while bragref.open_ledger(str(table.db), name, read_only=True).hand().acting.name != winner:
            table(f"bet {loser} 1")
        table(f"bet {winner.lower()} 2")
        table(f"fold {loser}")


def nets(*tables: Bragref) -> dict[str, int]:
    """Each player's net over every session of `tables` together."""
    summed: dict[str, int] = {}
    for table in tables:
        for row in table.json("balances --all"):
            summed[row["player"]] = summed.get(row["player"], 0) + row["net"]
    return summed


def season_nets(club: Bragref) -> dict[str, int]:
    return {row["player"]: row["net"] for row in club.json("season")}


@pytest.fixture
def tables(tmp_path) -> tuple[Bragref, Bragref, Path]:
    """Two tables' ledgers (the first with two nights, friday and saturday; the second a friday of its own) and a
    third table's friday as a hand history."""
    one, two, three = (Bragref(tmp_path / f"table-{n}.db") for n in (1, 2, 3))
    night(one, "friday", ["Bill", "Andy", "Bill"])
    night(one, "saturday", ["Andy"])
    night(two, "friday", ["Andy", "Andy"])
    night(three, "friday", ["Bill"])
    three(f"export -o {tmp_path / 'table-3.bhh'}")
    return one, two, tmp_path / "table-3.bhh"


def test_club_pull_brings_every_tables_sessions_into_the_clubs_ledger_once(tables, tmp_path):
    one, two, history = tables
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {one.db} {two.db} {history}")  # into the ledger --db names, made by the pull
    assert pulled.stdout.splitlines() == [
        f"{one.db}: imported 2 sessions: friday, saturday",
        f"{two.db}: imported 1 session: friday as friday-2",
        f"{history}: imported 1 session: friday as friday-3"]
    assert [row["session"] for row in club.json("session list")] == ["friday", "saturday", "friday-2", "friday-3"]
    assert season_nets(club) == nets(one, two, Bragref(tmp_path / "table-3.db"))
    assert club("settle --all").stdout
    club("audit --all")
    before = club.dump()
    again = club(f"club pull {one.db} {two.db} {history} --into {club.db}")
    assert again.stdout.splitlines() == [
        f"{one.db}: imported nothing; 2 sessions already there: friday, saturday",
        f"{two.db}: imported nothing; 1 session already there: friday as friday-2",
        f"{history}: imported nothing; 1 session already there: friday as friday-3"]
    assert club.dump() == before


def test_a_source_whose_audit_fails_is_named_and_skipped_the_others_pulled_and_the_pull_exits_4(tables, tmp_path):
    one, two, _ = tables
    with sqlite3.connect(two.db) as conn:  # a win made larger by hand, outside bragref
        conn.execute("DROP TRIGGER postings_no_update")
        conn.execute("UPDATE postings SET amount = amount + 1 WHERE player = 'Andy' AND kind = 'win'")
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {two.db} {one.db} {tmp_path / 'nothing.db'}", code=4)
    assert pulled.stdout.splitlines() == [f"{one.db}: imported 2 sessions: friday, saturday"]
    assert f"error: {two.db}: its audit finds" in pulled.stderr and "nothing of it was imported" in pulled.stderr
    assert "audit: postings row" in pulled.stderr and "does not match chain link" in pulled.stderr
    assert f"error: {tmp_path / 'nothing.db'}: cannot read it: No such file or directory" in pulled.stderr
    assert [row["session"] for row in club.json("session list")] == ["friday", "saturday"]
    assert season_nets(club) == nets(one)


def test_a_source_that_cannot_be_read_is_bad_input_for_it_alone(tables, tmp_path):
    one, _, _ = tables
    (tmp_path / "notes.txt").write_text("not a history\n")
    (tmp_path / "empty.db").touch()
    (tmp_path / "folder").mkdir()
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {tmp_path / 'notes.txt'} {tmp_path / 'empty.db'} {tmp_path / 'folder'} --into "
                  f"{club.db}", code=2)
    assert f"error: {tmp_path / 'notes.txt'}: not a bhh or JSON hand history" in pulled.stderr
    assert f"error: {tmp_path / 'empty.db'}: " in pulled.stderr
    assert f"error: {tmp_path / 'folder'}: " in pulled.stderr
    assert pulled.stdout == "" and "Traceback" not in pulled.output
    assert not club.db.exists()  # nothing recorded: no club ledger made
    assert club(f"club pull {tmp_path / 'notes.txt'} {one.db}", code=2).stdout.startswith(f"{one.db}: imported 2")


def test_a_history_the_rules_refuse_is_named_with_its_line_and_the_pull_exits_3(tables, tmp_path):
    one, _, history = tables
    history.write_text(history.read_text().replace("p2 bet 2 open", "p2 bet 0 open", 1))
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {history} {one.db}", code=3)
    assert pulled.stderr.startswith(f"refused: {history}: session friday: hand 1, p2 bet 0 open: an open bet must be "
                                    f"at least 1 here, not 0 (R4.2)")
    assert [row["session"] for row in club.json("session list")] == ["friday", "saturday"]


def test_a_session_still_being_played_is_pulled_as_it_stands_and_said_so(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"], close=False)
    table("deal")
    club = Bragref(tmp_path / "club.db")
    assert club(f"club pull {table.db}").stdout == (f"{table.db}: imported 1 session: friday (still being played: "
                                                     f"pulled as it stands)\n")
    assert club.json("session list")[0]["hands"] == 2


# ---- club pull from Litestream's replicas -----------------------------------------------------------------------


def test_club_pull_restores_replicas_through_litestream_and_pulls_a_replicated_ledger(litestream, tmp_path):
    """Two tables replicating with Litestream, each to a folder; the club pulls the first table's live ledger and the
    second's replica, by its folder and by its URL; the season is over both, and a second pull records nothing."""
    one, two = Bragref(tmp_path / "table-1.db"), Bragref(tmp_path / "table-2.db")
    one('session new friday --players "Andy,Bill"')
    two('session new friday --players "Andy,Bill"')
    with Replicating(litestream, one) as first, Replicating(litestream, two) as second:
        hands(one, "friday", ["Bill", "Andy"])
        hands(two, "friday", ["Andy"])
        one("session close")
        two("session close")
        first.stop()
        second.stop()  # what it had not yet sent is in the replica
    replica = tmp_path / "table-2.db-replica"
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {one.db} {replica}")
    assert pulled.stdout.splitlines() == [f"{one.db}: imported 1 session: friday",
                                          f"{replica}: imported 1 session: friday as friday-2"]
    assert season_nets(club) == nets(one, two)
    before = club.dump()
    again = club(f"club pull {one.db} {replica} {replica.as_uri()}")
    assert [line.split(": ", 1)[1] for line in again.stdout.splitlines()] == [
        "imported nothing; 1 session already there: friday",
        "imported nothing; 1 session already there: friday as friday-2",
        "imported nothing; 1 session already there: friday as friday-2"]
    assert club.dump() == before


def test_a_replica_litestream_cannot_restore_is_named(litestream, tmp_path):
    (tmp_path / "empty-replica").mkdir()
    club = Bragref(tmp_path / "club.db")
    pulled = club(f"club pull {tmp_path / 'empty-replica'} file://{tmp_path / 'nowhere'}", code=2)
    assert pulled.stderr.count("Litestream could not restore a ledger from it: no matching backup files") == 2
    assert not club.db.exists()
