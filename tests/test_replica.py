"""Replication health (issue 76, docs/reference.md, Beyond one machine, `replica status`; docs/club.md): a ledger's
replica, restored through a real Litestream, compared with the ledger: current, behind, diverged, unreachable. And a
ledger Litestream once replicated is checkpointed again once no Litestream is attached."""

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

import bragref as bragref_api
from bragref.ledger.chain import GENESIS
from bragref.ledger.litestream import restore
from bragref.ledger.replica import BEHIND, CURRENT, DIVERGED, compared
from conftest import Bragref
from test_club import Replicating, waited


def seq(table: Bragref) -> int:
    """The position of the ledger's last link (its digest's first part)."""
    from bragref.ledger.chain import head
    from bragref.ledger.store import Ledger

    ledger = Ledger.read_only(str(table.db))
    try:
        return head(ledger.conn)[0]
    finally:
        ledger.close()


def litestream_tables(db) -> bool:
    """Whether Litestream has made its tables in the ledger (a moment after it says it is replicating)."""
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE name = '_litestream_seq'").fetchone() is not None


def night(table: Bragref, hands: int = 1) -> None:
    """Hands played at the table: each dealt, a bet and a fold."""
    book = bragref_api.open_ledger(str(table.db))
    try:
        for _ in range(hands):
            book.deal()
            book.bet(book.hand().acting.name, "1")
            book.fold(book.hand().acting.name)
    finally:
        book.close()


def replicated(litestream: str, table: Bragref, hands: int = 1) -> None:
    """A night at `table` with Litestream replicating it to the folder beside it, stopped as a service is once it has
    sent everything."""
    with Replicating(litestream, table) as running:
        night(table, hands)
        running.stop()


# ---- the comparison, pure ------------------------------------------------------------------------------------------


def test_two_chains_compared_by_their_ends():
    ours = (12, "c" * 64)
    assert compared(ours, ours, "c" * 64) == (CURRENT, 0)
    assert compared(ours, (9, "a" * 64), "a" * 64) == (BEHIND, 3)
    assert compared(ours, (0, GENESIS), GENESIS) == (BEHIND, 12)
    assert compared(ours, (9, "b" * 64), "a" * 64) == (DIVERGED, None)  # another history at the same position
    assert compared(ours, (14, "d" * 64), None) == (DIVERGED, None)  # it holds more than this ledger: not ours
    assert compared(ours, (12, "d" * 64), "c" * 64) == (DIVERGED, None)


# ---- against a real Litestream -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_replica_holding_every_row_is_current_and_one_missing_rows_is_behind(bragref, litestream):
    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref, hands=2)
    status = bragref.json("replica status")
    assert status == {"replica": f"{bragref.db}-replica", "state": "current", "missing": 0,
                      "age_s": status["age_s"], "replicating": False}  # Litestream stopped: nothing will be sent
    assert 0 <= status["age_s"] < 60
    assert "current: it holds every row of this ledger" in bragref("replica status").stdout
    before = seq(bragref)
    night(bragref)  # Litestream stopped: these rows are on this machine only
    time.sleep(1.1)
    status = bragref.json("replica status")
    assert status["state"] == "behind" and status["missing"] == seq(bragref) - before > 0
    assert status["age_s"] >= 1
    said = bragref("replica status").stdout
    assert f"behind: {status['missing']} rows missing" in said and "recorded" in said


@pytest.mark.slow
def test_a_replica_of_another_ledger_is_diverged_exit_4(tmp_path, bragref, litestream):
    other = Bragref(tmp_path / "other.db")
    other('session new friday --players "Andy,Bill"')
    replicated(litestream, other)
    bragref('session new friday --players "Andy,Bill"')
    night(bragref)
    result = bragref(f"replica status --replica {other.db}-replica", code=4)
    assert "diverged: it holds a history that is not this ledger's" in result.stderr
    assert "Record nothing here" in result.stderr
    assert json.loads(bragref(f"replica status --json --replica {other.db}-replica", code=4).stdout) == {
        "replica": f"{other.db}-replica", "state": "diverged", "missing": None, "age_s": None,
        "replicating": None}


@pytest.mark.slow
def test_the_returning_laptop_finds_its_replica_diverged_once_a_restored_copy_wrote_on(tmp_path, bragref, litestream):
    """The table moved to a replacement machine, restored from the replica, which played on and replicated; the old
    laptop, back, finds the replacement's replica holds a history that is not its own, whether it wrote on too or
    not."""
    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    replacement = Bragref(tmp_path / "replacement.db")
    restore(f"{bragref.db}-replica", str(replacement.db))
    assert replacement("audit").exit_code == 0
    replicated(litestream, replacement, hands=2)  # the night goes on at the replacement, replicated
    there = f"--replica {replacement.db}-replica"
    result = bragref(f"replica status --json {there}", code=4)
    assert json.loads(result.stdout)["state"] == "diverged"  # it holds more than the old laptop: not its history
    night(bragref)  # the old laptop wrote on too
    assert "diverged" in bragref(f"replica status {there}", code=4).stderr
    assert replacement.json(f"replica status {there}")["state"] == "current"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_a_replica_that_cannot_be_reached_is_unreachable_exit_5(bragref, litestream, tmp_path, monkeypatch):
    bragref('session new friday --players "Andy,Bill"')
    result = bragref("replica status", code=5)  # no Litestream ever ran: no folder beside the ledger
    assert "unreachable" in result.stderr and "no folder" in result.stderr
    assert json.loads(bragref(f"replica status --json --replica {tmp_path / 'nowhere'}", code=5).stdout) == {
        "replica": str(tmp_path / "nowhere"), "state": "unreachable", "missing": None, "age_s": None,
        "replicating": None}
    # an S3-compatible store on a closed port: Litestream retries for ever, the restore is ended at --timeout
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "club")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    url = f"s3://club/table-1?endpoint=http://127.0.0.1:{closed_port()}&region=us-east-1"
    started = time.monotonic()
    status = json.loads(bragref(f"replica status --json --timeout 2 --replica {url}", code=5).stdout)
    assert status["state"] == "unreachable" and time.monotonic() - started < 10


# ---- a ledger Litestream once replicated, with no Litestream attached ------------------------------------------


@pytest.mark.slow
def test_a_ledger_litestream_once_replicated_is_checkpointed_again_once_it_has_stopped(bragref, litestream):
    """Litestream's tables stay in a ledger it replicated once; with no Litestream attached any more, the WAL of a
    ledger kept open (`serve`, a script) is checkpointed as SQLite's own setting does, not left to grow (24 MB after
    6,000 hands). While Litestream runs, checkpoints are its own (`wal_autocheckpoint` 0)."""
    from bragref.ledger.store import Ledger

    bragref('session new friday --players "Andy,Bill"')
    with Replicating(litestream, bragref) as running:
        night(bragref)
        waited(lambda: litestream_tables(bragref.db), "Litestream's tables in the ledger")
        while_running = Ledger(str(bragref.db))
        assert while_running.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        while_running.close()
        running.stop()
    alone = Ledger(str(bragref.db))
    assert alone.conn.execute("SELECT COUNT(*) FROM _litestream_seq").fetchone()[0] >= 0  # its tables are there
    assert alone.conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
    alone.close()
    book = bragref_api.open_ledger(str(bragref.db))  # one process, the ledger open throughout, as `serve` keeps it
    try:
        for _ in range(150):
            book.deal()
            book.bet(book.hand().acting.name, "1")
            book.fold(book.hand().acting.name)
        assert os.path.getsize(f"{bragref.db}-wal") < 6 * 2**20  # 11.6 MB when it was never checkpointed
    finally:
        book.close()


# ---- the returning laptop told before it writes --------------------------------------------------------------------


@pytest.mark.slow
def test_the_referees_page_is_not_started_on_a_laptop_whose_replica_has_moved_on(tmp_path, bragref, litestream):
    """The old laptop, back after its table moved to a replacement that played on into the same replica: `serve
    --referee`, the page that records, is refused before anything is served or recorded (exit 4), saying why and
    what to do; the players' page (which records nothing) still starts."""
    import subprocess
    import sys

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    replacement = Bragref(tmp_path / "replacement.db")
    restore(f"{bragref.db}-replica", str(replacement.db))
    replicated(litestream, replacement, hands=2)
    before = seq(bragref)
    done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(bragref.db), "serve", "--referee", "--port",
                           "0", "--replica", f"{replacement.db}-replica"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "diverged" in done.stderr and "Record nothing here" in done.stderr and "Serving" not in done.stdout
    assert seq(bragref) == before


@pytest.mark.slow
def test_the_referees_page_starts_saying_how_its_replica_stands(bragref, litestream):
    from conftest import served

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    before = seq(bragref)
    night(bragref)
    missing = seq(bragref) - before
    server = served(["--db", str(bragref.db), "serve", "--referee", "--port", "0"])
    try:
        first = server.stdout.readline()
        assert f"{bragref.db}-replica: behind: {missing} rows missing" in first, first
        assert "Serving the table of" in server.stdout.readline()
    finally:
        server.terminate()
        server.wait(10)


# ---- the terminal's own writes: told before they write, cheaply ----------------------------------------------------


def moved_on(tmp_path, litestream, old: Bragref) -> Bragref:
    """The table moved to a replacement laptop restored from `old`'s replica, which played on and replicated into the
    same replica (its Litestream given `old`'s replica): `old`'s replica has moved on. The replacement."""
    old('session new friday --players "Andy,Bill"')
    replicated(litestream, old)
    replacement = Bragref(tmp_path / "replacement.db")
    restore(f"{old.db}-replica", str(replacement.db))
    replica = Path(f"{old.db}-replica")
    before = set(replica.rglob("*"))
    with Replicating(litestream, replacement, "--replica", str(replica)) as running:
        running.replica = replica
        night(replacement, 2)
        deadline = time.monotonic() + 20  # its first sync written into the replica, then stopped as a service is
        while set(replica.rglob("*")) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        running.stop()
    assert "diverged" in old("replica status", code=4).stderr
    return replacement


WRITES = ["deal", "session new saturday --players Andy,Bill", "lend andy bill 5", "player join Cat", "paid andy bill 1",
          "pay-to andy paypal:andy", "rules set ante 2", "session close"]


@pytest.mark.slow
@pytest.mark.parametrize("write", WRITES)
def test_a_returning_laptops_terminal_is_refused_before_it_writes(tmp_path, bragref, litestream, write):
    """The old laptop, back: any command that records something is refused, exit 4 as `replica status` exits for a
    diverged replica and as `serve --referee` is refused, saying why and what to do; nothing recorded."""
    moved_on(tmp_path, litestream, bragref)
    before = seq(bragref)
    result = bragref(write, code=4)
    assert "diverged" in result.stderr and "Record nothing here" in result.stderr, result.output
    assert "nothing was recorded" in result.stderr.lower(), result.output
    assert seq(bragref) == before


@pytest.mark.slow
def test_a_replica_of_the_empty_file_litestream_was_started_on_is_behind_and_writes_go_on(bragref, litestream):
    """Litestream started on an empty file before the night's first row: its replica holds no row of bragref's, a
    beginning of the ledger (behind, every row missing), not another history."""
    from test_club import litestream_once

    bragref.db.touch()
    litestream_once(litestream, bragref.db)
    bragref('session new friday --players "Andy,Bill"')
    bragref("deal")
    assert bragref.json("replica status") == {"replica": f"{bragref.db}-replica", "state": "behind",
                                              "missing": seq(bragref), "age_s": None, "replicating": False}


@pytest.mark.slow
def test_a_move_on_the_quick_path_is_refused_too(tmp_path, bragref, litestream):
    moved_on(tmp_path, litestream, bragref)
    before = seq(bragref)
    done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(bragref.db), "deal"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 4 and "diverged" in done.stderr, done.stdout + done.stderr
    assert seq(bragref) == before


@pytest.mark.slow
def test_the_replica_named_to_replica_status_is_the_one_writes_check(tmp_path, bragref, litestream):
    """A replica that is not the folder beside the ledger (a URL, or a folder named with --replica) is checked by
    writes once `replica status --replica` has named it."""
    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    other = Bragref(tmp_path / "other.db")
    other('session new other --players "Cat,Dan"')
    replicated(litestream, other)
    bragref("deal")  # the folder beside it is its own: written
    bragref(f"replica status --replica {other.db}-replica", code=4)
    before = seq(bragref)
    assert "diverged" in bragref("fold bill", code=4).stderr
    assert seq(bragref) == before


@pytest.mark.slow
def test_writes_check_the_replica_only_after_a_quiet_minute(bragref, litestream, monkeypatch):
    """Cheap: a write restores the replica only where its state is not known (no check remembered for this ledger's
    chain, or none for a minute: a laptop switched off and back); during play every write after the first is known
    and restores nothing. A ledger with no replica restores nothing ever."""
    from bragref.ledger import litestream as through, replica

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    restores = []
    restoring = through.restore
    monkeypatch.setattr(through, "restore", lambda *args, **kw: (restores.append(args), restoring(*args, **kw))[1])
    bragref("deal")  # hand 2: Andy first
    assert len(restores) == 1  # never checked before: once
    bragref("bet andy 1")
    bragref("fold bill")
    bragref("deal")  # hand 3: Bill first
    assert len(restores) == 1  # known: the ledger only grew since, a moment ago
    kept = replica.checked_path(str(bragref.db))
    known = json.loads(Path(kept).read_text())
    known["at"] = "2020-01-01T00:00:00+00:00"  # a quiet hour
    Path(kept).write_text(json.dumps(known))
    bragref("bet bill 1")
    assert len(restores) == 2
    os.remove(kept)
    shutil.rmtree(f"{bragref.db}-replica")  # no replica configured any more: nothing to check
    bragref("fold andy")
    assert len(restores) == 2


# ---- the referee's page shows the backup -----------------------------------------------------------------------


def test_the_backup_is_said_in_a_line_and_a_warning_past_a_minute_diverged_or_unreachable():
    from bragref.told import backup_words

    assert backup_words("current", 0, 40.0, None, "21:04:05") == ("backed up (checked 21:04:05)", False)
    assert backup_words("behind", 3, 2.0, 1.5, "21:04:05") == (("backed up 2 s ago; 3 rows on the way (checked "
                                                               "21:04:05)"), False)
    assert backup_words("behind", 1, 200.0, 180.0, "21:04:05") == (
        "not backed up for 3 min: 1 row on this laptop only (checked 21:04:05)", True)
    assert backup_words("diverged", None, None, None, "21:04:05")[1]
    assert backup_words("unreachable", None, None, None, "21:04:05") == (
        "not backed up: the replica cannot be reached (checked 21:04:05)", True)


@pytest.mark.slow
def test_the_referees_page_shows_how_the_replica_stands(bragref, litestream, browser):
    import urllib.request

    from conftest import served

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    server = served(["--db", str(bragref.db), "serve", "--referee", "--port", "0"])
    try:
        line = ""
        while "The referee's page, which records:" not in line:
            line = server.stdout.readline()
            assert line, server.stderr.read()
        address = line.split("records: ")[1].split(" ")[0]

        def backup():
            with urllib.request.urlopen(address + "status.json", timeout=5) as answer:
                return json.load(answer).get("backup")

        shown = waited(backup, "the backup on the referee's page")
        assert shown["state"] == "current" and shown["said"].startswith("backed up (checked ")
        assert not shown["warning"]
        with urllib.request.urlopen(address.split("/r/")[0] + "/status.json", timeout=5) as answer:
            assert "backup" not in json.load(answer)  # the players' page is not told
        page = browser.new_page(bypass_csp=True)
        try:
            page.goto(address)
            page.wait_for_function("!document.getElementById('backup').hidden")
            line = page.locator("#backup")
            assert line.inner_text().startswith("backed up (checked ") and "warning" not in (line.get_attribute("class") or "")
        finally:
            page.close()
    finally:
        server.terminate()
        server.wait(20)


@pytest.mark.slow
def test_the_referees_page_warns_when_the_replica_cannot_be_reached(bragref, litestream, browser, tmp_path):
    from conftest import served

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    server = served(["--db", str(bragref.db), "serve", "--referee", "--port", "0", "--replica",
                     str(tmp_path / "gone")])
    try:
        line = ""
        while "The referee's page, which records:" not in line:
            line = server.stdout.readline()
            assert line, server.stderr.read()
        page = browser.new_page(bypass_csp=True)
        try:
            page.goto(line.split("records: ")[1].split(" ")[0])
            page.wait_for_function("document.getElementById('backup').classList.contains('warning')")
            assert page.locator("#backup").inner_text().startswith("not backed up: the replica cannot be reached")
        finally:
            page.close()
    finally:
        server.terminate()
        server.wait(20)
    assert "warning:" in server.stderr.read()  # said at the start too, and the page started all the same


@pytest.mark.parametrize("text", ["", "{", "[]", '{"replica": 1}',
                                  ('{"replica": "r", "state": "current", "seq": 1, '
                                   '"hash": "x", "at": "2026-01-01T00:00:00"}'),
                                  ('{"replica": "r", "state": "odd", '
                                   '"seq": 1, "hash": "x", "at": "2026-01-01T00:00:00+00:00"}')],
                         ids=["empty", "broken", "list", "partial", "no-zone", "state"])
def test_a_kept_check_edited_by_hand_is_ignored(tmp_path, text):
    """The check kept beside the ledger is read only where it is one bragref wrote: anything else is as none (the
    replica checked again at the next write), never an error."""
    from bragref.ledger.replica import checked_path, remembered

    ledger = str(tmp_path / "table.db")
    with open(checked_path(ledger), "w") as file:
        file.write(text)
    assert remembered(ledger) is None


@pytest.mark.slow
def test_a_returning_laptop_whose_replica_only_litestream_config_named_is_refused_before_it_writes(tmp_path, bragref,
                                                                                                   litestream):
    """The table's laptop replicated to a shared folder of the club's (`litestream-config --replica`), the terminal
    alone all evening: no `replica status`, no `serve --referee`, nothing in the folder beside the ledger. The table
    moved to a replacement restored from that replica, which played on into it; the old laptop, back, is refused its
    first write (exit 4), told which replica has moved on and what to do, nothing recorded."""
    share = tmp_path / "club-share" / "table-1"
    bragref('session new friday --players "Andy,Bill"')
    with Replicating(litestream, bragref, "--replica", str(share)) as running:
        running.replica = share
        night(bragref)
        running.stop()
    assert not Path(f"{bragref.db}-replica").exists()
    replacement = Bragref(tmp_path / "replacement.db")
    restore(str(share), str(replacement.db))
    before_files = set(share.rglob("*"))
    with Replicating(litestream, replacement, "--replica", str(share)) as running:
        running.replica = share
        night(replacement, 2)
        deadline = time.monotonic() + 20
        while set(share.rglob("*")) == before_files and time.monotonic() < deadline:
            time.sleep(0.05)
        running.stop()
    before = seq(bragref)
    result = bragref("deal", code=4)
    assert f"{share}: diverged" in result.stderr and "Nothing was recorded" in result.stderr, result.output
    assert seq(bragref) == before
    assert json.loads(bragref("replica status --json", code=4).stdout)["replica"] == str(share)  # the one it names


# ---- a Litestream that is not sending: "not replicating" ---------------------------------------------------------


def checked(table: Bragref) -> dict:
    """`replica status --json`, whatever it exits."""
    return json.loads(table("replica status --json", code=None).stdout)


def page_backup(path: str) -> dict:
    """What the referee's page is told of the backup (status.json's `"backup"`) at the watcher's first check."""
    import asyncio

    from bragref.serve.watch import Watcher

    watcher = Watcher(path)

    async def first() -> dict:
        checking = asyncio.create_task(watcher.watch_backup(every=3600))
        try:
            while watcher.backup is None:
                await asyncio.sleep(0.05)
            return watcher.backup
        finally:
            checking.cancel()

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:  # a loop of its own: a browser test's may be running in this thread
        return thread.submit(asyncio.run, asyncio.wait_for(first(), 30)).result()


@pytest.mark.slow
def test_a_litestream_attached_that_sends_nothing_is_said_not_replicating(bragref, litestream, monkeypatch):
    """Litestream 0.5.17, given a write to the ledger in the moment between its start and its read transaction, stays
    attached to the ledger and sends nothing after (the replica behind for good). Here a real Litestream is made to send
    nothing by stopping it (SIGSTOP: attached, its read lock held, silent): once what it lacks was recorded more than
    ten seconds ago (`replica.LAGGING_S`), `replica status` says "not replicating" and that a Litestream is running
    but sends nothing (a warning, on stderr; exit 0: the replica is a sound beginning of the ledger), the JSON's
    `replicating` false; sending again, it is `current` and `replicating` true."""
    import signal

    from bragref import told
    from bragref.ledger import replica

    LAGGING_S = 1.0  # the ten seconds made one, in this process where the commands and the page's watcher run: the
    # test waits for what it says, not for the figure
    monkeypatch.setattr(replica, "LAGGING_S", LAGGING_S)
    monkeypatch.setattr(told, "LAGGING_S", LAGGING_S)
    bragref('session new friday --players "Andy,Bill"')
    with Replicating(litestream, bragref) as running:
        night(bragref)
        waited(lambda: checked(bragref)["state"] == "current", "the night in the replica", 30)  # no folder until
        # Litestream's first sync: unreachable, exit 5
        assert bragref.json("replica status")["replicating"] is True
        running.process.send_signal(signal.SIGSTOP)
        try:
            night(bragref)
            time.sleep(LAGGING_S + 0.5)
            status = bragref.json("replica status")
            assert status["state"] == "behind" and status["replicating"] is False, status
            said = bragref("replica status")
            assert "behind:" in said.stderr and "not replicating" in said.stderr, said.output
            assert "Litestream is running on this ledger but has sent nothing" in said.stderr, said.output
            shown = page_backup(str(bragref.db))  # the referee's page, told the same
            assert shown["replicating"] is False and shown["warning"], shown
            assert "not replicating: Litestream is running but sends nothing" in shown["said"], shown
        finally:
            running.process.send_signal(signal.SIGCONT)
        waited(lambda: checked(bragref)["state"] == "current", "Litestream sending again", 30)
        assert bragref.json("replica status")["replicating"] is True
        running.stop()


@pytest.mark.slow
def test_a_ledger_no_litestream_replicates_is_said_not_replicating_once_rows_have_waited(bragref, litestream):
    """With no Litestream attached, the replica is `current` but nothing will be sent (`replicating` false, nothing
    said while nothing waits); rows recorded since, once they have waited ten seconds, are "not replicating: no
    Litestream is running on this ledger". Asked in this process with the clock ahead, the restore a real one."""
    from datetime import UTC, datetime, timedelta

    from bragref.ledger.replica import LAGGING_S, status
    from bragref.ledger.store import Ledger
    from bragref.told import replica_words

    bragref('session new friday --players "Andy,Bill"')
    replicated(litestream, bragref)
    current = bragref.json("replica status")
    assert current["state"] == "current" and current["replicating"] is False
    assert "not replicating" not in bragref("replica status").output
    night(bragref)
    ledger = Ledger.read_only(str(bragref.db))
    try:
        soon = status(ledger.conn, str(bragref.db), now=datetime.now(UTC) + timedelta(seconds=LAGGING_S / 2))
        late = status(ledger.conn, str(bragref.db), now=datetime.now(UTC) + timedelta(seconds=LAGGING_S + 1))
    finally:
        ledger.close()
    assert (soon.state, soon.replicating, late.state, late.replicating) == ("behind", False, "behind", False)
    assert "not replicating" not in replica_words(soon.replica, soon.state, soon.missing, soon.age_s,
                                                  pending_s=soon.pending_s, attached=soon.attached)
    line = replica_words(late.replica, late.state, late.missing, late.age_s, pending_s=late.pending_s,
                         attached=late.attached)
    assert "not replicating: no Litestream is running on this ledger" in line, line


def test_the_backup_line_says_not_replicating_once_rows_have_waited_ten_seconds():
    from bragref import told
    from bragref.ledger import replica
    from bragref.told import backup_words

    assert told.LAGGING_S == replica.LAGGING_S  # one figure, kept twice so that what only says things loads no ledger
    assert backup_words("behind", 3, 2.0, 1.5, "21:04:05", attached=True) == (
        "backed up 2 s ago; 3 rows on the way (checked 21:04:05)", False)
    assert backup_words("behind", 3, 12.0, 11.0, "21:04:05", attached=True) == (
        ("not backed up for 11 s: 3 rows on this laptop only; not replicating: Litestream is running but sends "
        "nothing: check its store, or restart it (checked 21:04:05)"), True)
    assert backup_words("behind", 1, 200.0, 180.0, "21:04:05", attached=False) == (
        ("not backed up for 3 min: 1 row on this laptop only; not replicating: no Litestream is running: start it "
        "(checked 21:04:05)"), True)


@pytest.mark.slow
def test_a_returning_laptops_litestream_started_first_takes_the_replica_over_so_replica_status_goes_before_it(
        tmp_path, bragref, litestream):
    """Why the returning laptop must be checked before its Litestream starts, not only before bragref writes
    (docs/club.md, A replaced laptop): Litestream 0.5.17, started again on a replica another machine has written into
    since, takes the replica over within a second, with no write of bragref's ("detected database behind replica"):
    the replica then restores the old laptop's copy, the replacement's night lost from it, and the old laptop's
    check finds it current. `replica status` run before Litestream starts says diverged (exit 4): what the service's
    start is made to wait on."""
    replacement = moved_on(tmp_path, litestream, bragref)
    replica = f"{bragref.db}-replica"
    guard = "{} -m bragref --db {} replica status; test $? -ne 4"  # docs/club.md's ExecStartPre, bragref as run here

    def started(table: Bragref) -> bool:
        import shlex

        line = guard.format(shlex.quote(sys.executable), shlex.quote(str(table.db)))
        return subprocess.run(["/bin/sh", "-c", line], capture_output=True, timeout=60).returncode == 0

    assert not started(bragref)  # the guard, before Litestream: diverged, the service not started
    assert started(replacement)  # the replacement's own check: current (or behind), the service started
    with Replicating(litestream, bragref) as running:  # the old laptop's service, started regardless
        waited(lambda: json.loads(bragref("replica status --json", code=None).stdout)["state"] == "current",
               "the old laptop's copy in the replica", 30)  # diverged until Litestream has taken it over
        running.stop()
    assert json.loads(replacement(f"replica status --json --replica {replica}").stdout)["state"] == "behind"
