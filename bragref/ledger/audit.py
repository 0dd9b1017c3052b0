"""`bragref audit`: is the ledger what bragref wrote, and does every hand still add up?

Its checks each report findings as one line apiece and never raise:
SQLite's own integrity check; the schema (tables, indexes, triggers, views) against
what the migrations make; the hash chain, row by row against the log tables (a row
changed, removed, or added outside bragref); closed sessions played on no more; a
digest given out earlier; and every hand replayed through the engine under the rules
it was dealt with, its recorded postings compared with the replay's and conservation
checked (R1.2).

What no check can see: rows removed from the very end of the record, chain links with
them, leave a shorter ledger that is consistent. Only a digest kept outside the ledger
(printed by `status`, at each hand's end and by `session close`) shows that.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections import defaultdict
from contextlib import contextmanager, suppress
from operator import itemgetter
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from bragref.engine.errors import BadInput, printable
from bragref.engine.money import MAX_UNITS
from bragref.engine.state import Hand
from bragref.ledger.chain import DIGEST_HEX, GENESIS, LATER_COLUMNS, LOG_TABLES, hashed, link
from bragref.ledger.db import SCHEMA_VERSION, connect_read_only
from bragref.ledger.pieces import cores, in_order
from bragref.ledger.replay import Unreplayable, dealt, final, live_actions, postings, read_action, replayed_from_deal
from bragref.ledger.seats import renamed_to

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


PARALLEL_FROM = 20_000  # actions: below this one process is done before a second would have started
PIECE = 30_000  # links: the chain is checked in pieces this long, the hands dealt in each replayed from the rows its
# walk read (each row read once), so that the workers finish together and none holds more than a piece's rows


class Held(NamedTuple):
    """A hand's finding, held back to be told with the others of its session, in the order of its hands."""

    session_id: int
    number: float  # the hand's number, for the order (a number that is not one last)
    text: str


@contextmanager
def _quietly(length: int, label: str):
    yield lambda steps=1: None


def audit(conn: sqlite3.Connection, session_ids: list[int], digest: str | None = None, progress=_quietly,
          checked=lambda task, found: None, file: sqlite3.Connection | None = None, deep: bool = False) -> list[str]:
    """Every finding, one line each, in a fixed order; none when the ledger is sound.

    Reads rows by name (sets `sqlite3.Row` on `conn`). `file`: the ledger file itself where `conn` reads a copy of
    it brought up to this bragref's schema (`db.as_it_is`); SQLite's integrity check and the schema are the file's.
    On a large ledger in a file the checks run in as many processes as there are cores, each reading the file on
    its own connection. `progress(length, label)` gives a function to call as each check is done (a progress bar).
    SQLite's own check of the file is its quick check, or with `deep` its full integrity check, which also compares
    every index with its table (about four times the work).
    """
    conn.row_factory = sqlite3.Row
    file = conn if file is None else file
    try:
        tasks = plan(conn, session_ids, digest, deep)
    except Exception as error:  # noqa: BLE001 - whatever the file holds, a finding
        return [f"the ledger cannot be read ({error.__class__.__name__}: {error})"]
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    results: Iterable[list]  # each task's findings, in the order of the tasks
    if not path or cores() < 2 or actions < PARALLEL_FROM:
        results = (run(file if task[0] in OF_THE_FILE else conn, task) for task in tasks)
    else:
        results = in_order(run_in, [(path, task) for task in tasks])
    findings: list[str] = []
    held: dict[int, list[Held]] = defaultdict(list)
    with progress(len(tasks), "Auditing") as advance:
        for task, found in zip(tasks, results, strict=True):
            checked(task, found)
            if task[0] == "totals":  # a session's hands are told before its totals, in their order
                findings += [h.text for h in sorted(held.pop(task[1], ()), key=lambda h: h.number)]
            for finding in found:
                if isinstance(finding, Held):
                    held[finding.session_id].append(finding)
                else:
                    findings.append(finding)
            advance()
    return findings


OF_THE_FILE = ("integrity", "schema", "statistics")  # checks of the file as it is, not of a copy brought up to date


def sessions_to_audit(ledger, name: str | None, all_sessions: bool) -> list[int]:
    """The sessions an audit replays: every one, by id only (a session whose rules row was tampered with must still
    be audited, not parsed), or the named one, else the current; none where there is no session yet and none was
    named (the chain alone)."""
    if all_sessions:
        return [row[0] for row in ledger.conn.execute("SELECT id FROM sessions ORDER BY id")]
    try:
        return [ledger.session(name).id]
    except BadInput:
        if name:
            raise
        return []


def described(conn: sqlite3.Connection, task: tuple) -> str:
    """What one check looked at, for `audit -v`."""
    kind, *args = task
    if kind == "walk":
        first, last, low, high, names = args
        end = last or conn.execute("SELECT MAX(seq) FROM chain").fetchone()[0]
        links = "every link" if not (first or last) else f"links {first or 1}–{end}"
        where, ids = _held_by(low and low[LOG_TABLES.index("hands")], high and high[LOG_TABLES.index("hands")],
                              high is None)
        dealt = [] if where is None else conn.execute(
            f"SELECT session_id, MIN(number), MAX(number) FROM hands{where} GROUP BY session_id", ids).fetchall()
        hands = "; ".join(f"session {names[session]}: hands {least}–{most}" for session, least, most in dealt
                          if session in names) or "no hand"
        return f"hash chain: {links} against every row; {hands} replayed under their own rules, postings and " \
               f"carried pots compared"
    if kind == "totals":
        return f"session {args[1]}: conservation (R1.2) and loans repaid no more than lent (R7.5)"
    if kind == "table":
        return f"session {args[1]}: nobody's table money ever below 0 (R1.3)"
    if kind == "schema":
        return "schema: tables, indexes, triggers and views, hidden ones too, as the migrations make them"
    if kind == "statistics":
        return "SQLite's statistics: each row what ANALYZE makes of the rows now"
    if kind == "payments":
        return "settle-ups: each as paid and undo judged it, against the ledger as it stood (R1.2, R9.1)"
    if kind == "handles":
        return "pay-to handles: each one pay-to takes, for a person of the sessions (R2.6)"
    if kind == "closings":
        return "closed sessions: nothing played after a close (R9.1)"
    if kind == "identities":
        return "each session's identity: given once, to it alone, as bragref mints it"
    if kind == "entered":
        return "where each row was entered: one of the places bragref enters rows, a phone only for its own player"
    if kind == "digest":
        return f"digest {args[0]}: the ledger still holds what it held when the digest was given"
    return "SQLite's integrity check, in full" if args and args[0] else "SQLite's quick check of the file"


def plan(conn: sqlite3.Connection, session_ids: list[int], digest: str | None, deep: bool = False) -> list[tuple]:
    """The checks to run: the whole file's, then the chain in pieces with the hands dealt in each, what spans the
    ledger, and each session's totals and table money."""
    tasks: list[tuple] = [("integrity", deep), ("schema",)]
    tasks += [("statistics",)] if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name IN"
                                               " ('sqlite_stat1', 'sqlite_stat4')").fetchone() else []
    names = {session_id: conn.execute("SELECT name FROM sessions WHERE id = ?", (session_id,)).fetchone()[0]
             for session_id in session_ids}
    tasks += pieces(conn, names)
    tasks += [("closings",), ("entered",), ("identities",)]
    tasks += [("payments",)] if conn.execute("SELECT 1 FROM payments LIMIT 1").fetchone() else []
    tasks += [("handles",)] if conn.execute("SELECT 1 FROM handles LIMIT 1").fetchone() else []
    tasks += [("digest", digest)] if digest is not None else []
    for session_id, name in names.items():
        tasks += [("totals", session_id, name), ("table", session_id, name)]
    return tasks


def pieces(conn: sqlite3.Connection, names: dict[int, str]) -> list[tuple]:
    """The chain in pieces of `PIECE` links by position, each with the rows of each log table it is checked beside:
    those after the last a link before the piece names, up to the last a link in it names (the first piece from the
    start, the last to the end, so that every row, named by a link or not, is read by one piece); the hands of the
    sessions `names` dealt among them are replayed there."""
    end = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM chain").fetchone()[0]
    links = dict(conn.execute("SELECT tbl, COUNT(*) FROM chain GROUP BY tbl")) if end > PIECE else {}
    tasks: list[tuple] = []
    low: dict[str, int | None] = dict.fromkeys(LOG_TABLES)  # None: no row of the table named yet
    for first in range(1, max(end, 1) + 1, PIECE):
        last = first + PIECE - 1
        final = last >= end
        high = low if final else {table: _most(_named_by(conn, table, last, links.get(table, 0), end), was)
                                  for table, was in low.items()}
        tasks.append(("walk", None if first == 1 else first, None if final else last,
                      tuple(low[table] for table in LOG_TABLES),
                      None if final else tuple(high[table] for table in LOG_TABLES), names))
        low = high
    return tasks


def _named_by(conn: sqlite3.Connection, table: str, last: int, links: int, end: int) -> int | None:
    """The last row of `table` the links up to `last` name (None: none): the one the last link of the table names,
    looked for back from `last` where its links are many, or the greatest its links name where they are few (each
    in the fewest steps)."""
    if not links:
        return None
    found = conn.execute("SELECT row_id FROM chain WHERE +tbl = ? AND seq <= ? AND typeof(row_id) = 'integer'"
                         " ORDER BY seq DESC LIMIT 1" if links * 64 >= end else
                         "SELECT MAX(row_id) FROM chain WHERE tbl = ? AND seq <= ? AND typeof(row_id) = 'integer'",
                         (table, last)).fetchone()
    return found[0] if found else None


def _most(named: int | None, was: int | None) -> int | None:
    return was if named is None else named if was is None else max(named, was)


def run_in(job: tuple[str, tuple]) -> list:
    path, task = job
    conn = connect_read_only(path)
    try:
        return run(conn, task)
    finally:
        conn.close()


def run(conn: sqlite3.Connection, task: tuple) -> list:
    """One check's findings (a hand's `Held` for its session's turn); a ledger too damaged to read is itself the
    finding, never a traceback."""
    kind, *args = task
    try:
        if kind in ("totals", "table"):
            session_id, name = args
            check = conservation if kind == "totals" else table_money
            return [f"session {name}: {finding}" for finding in check(conn, session_id)]
        return CHECKS[kind](conn, *args)
    except Exception as error:  # noqa: BLE001 - whatever the file holds, a finding
        return [f"{kind}: the ledger cannot be read ({error.__class__.__name__}: {error})"]


def integrity(conn: sqlite3.Connection, deep: bool = False) -> list[str]:
    """SQLite's own check of the file: `quick_check` (pages, records, constraints), or with `deep` the full
    `integrity_check` (every index against its table as well)."""
    result = [row[0] for row in conn.execute(f"PRAGMA {'integrity_check' if deep else 'quick_check'}")]
    return [] if result == ["ok"] else [f"SQLite integrity check: {line}" for line in result]


def schema(conn: sqlite3.Connection) -> list[str]:
    """Tables, indexes, triggers and views, hidden ones (`sqlite_`-named, which `PRAGMA writable_schema` can add)
    included, must be exactly what the migrations of the ledger's own schema version make: a trigger that blocks or
    rewrites rows as they are written, or a redefined view, would otherwise pass every other check. Two programs'
    own tables are allowed beside them, each exactly as that program makes it (`OTHERS`): SQLite's statistics
    (`ANALYZE`; what they hold is checked by `statistics`) and Litestream's. A ledger of this bragref's schema whose
    objects are those the migrations make (`SCHEMA_MADE`) is sound without the migrations being run again to compare
    (which imports sqlite-utils: a tenth of a second). Litestream's tables must hold what it writes into them, too
    (`litestream_rows`)."""
    have = _objects(conn)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION and made_digest(have) == SCHEMA_MADE:
        return litestream_rows(conn, have)
    want = expected_schema(version)
    findings = litestream_rows(conn, have)
    for kind, name in sorted(set(have) | set(want), key=str):
        if (kind, name) in OTHERS and have.get((kind, name)) == OTHERS[kind, name]:
            continue
        if (kind, name) not in want:
            findings.append(f"the ledger holds a {kind} {name!r} that bragref does not make: added outside bragref")
        elif (kind, name) not in have:
            findings.append(f"the {kind} {name!r} that bragref makes is missing: removed outside bragref")
        elif have[kind, name] != want[kind, name]:
            findings.append(f"the {kind} {name!r} is not as bragref made it: redefined outside bragref")
    return findings


STATISTICS = {("table", "sqlite_stat1"): ("sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat)"),
              ("table", "sqlite_stat4"): ("sqlite_stat4", "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)")}
# Litestream's two tables (0.3 to 0.5.17 make the same): `_litestream_seq`, whose one row Litestream bumps to force a
# write into the WAL after a checkpoint, and `_litestream_lock`, which it writes in a transaction it always rolls back
# to hold the write lock (so it stays empty). bragref reads neither; the SQL is as SQLite keeps Litestream's
# `CREATE TABLE IF NOT EXISTS` statements.
LITESTREAM = {("table", "_litestream_seq"): ("_litestream_seq",
                                             "CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)"),
              ("table", "_litestream_lock"): ("_litestream_lock", "CREATE TABLE _litestream_lock (id INTEGER)")}
OTHERS = {**STATISTICS, **LITESTREAM}  # objects of other programs a ledger may hold, as each program makes them


def litestream_rows(conn: sqlite3.Connection, have: dict[tuple, tuple]) -> list[str]:
    """Litestream's tables hold only what Litestream writes into them (`LITESTREAM`): `_litestream_lock` nothing (its
    one write is always rolled back), `_litestream_seq` nothing or its one row, id 1, whose count it bumps after a
    checkpoint (`seq`: a whole number from 1). Anything else there was written outside Litestream; bragref reads
    neither, but a table that holds what nobody wrote is not passed as sound. A table of their names in another
    shape is the schema's finding."""
    findings = []
    if have.get(("table", "_litestream_lock")) == LITESTREAM["table", "_litestream_lock"]:
        count = conn.execute("SELECT COUNT(*) FROM _litestream_lock").fetchone()[0]
        if count:
            findings.append(f"Litestream's _litestream_lock holds {count} row{'s' if count != 1 else ''}, where "
                            f"Litestream leaves it empty: written outside Litestream")
    if have.get(("table", "_litestream_seq")) == LITESTREAM["table", "_litestream_seq"]:
        rows = conn.execute("SELECT id, seq, typeof(seq) FROM _litestream_seq ORDER BY id LIMIT 2").fetchall()
        count = conn.execute("SELECT COUNT(*) FROM _litestream_seq").fetchone()[0]
        if count > 1 or (rows and (rows[0][0] != 1 or rows[0][2] != "integer" or rows[0][1] < 1)):
            held = f"{count} rows" if count > 1 else f"the row {printable(repr(tuple(rows[0][:2]))[:80])}"
            findings.append(f"Litestream's _litestream_seq holds {held}, where Litestream writes at most one, id 1 "
                            f"with a count from 1: written outside Litestream")
    return findings


def replicated(conn: sqlite3.Connection) -> bool:
    """Whether Litestream replicates the ledger: its tables are there, as it makes them."""
    return any(have == LITESTREAM.get(key) for key, have in _objects(conn).items())


# what the migrations make at `SCHEMA_VERSION`, as `made_digest` of `expected_schema` gives it (a test holds it to them)
SCHEMA_MADE = "5bb1fc50c479706d3b9cad98a02ee587bf482cbd303b85d577470dfcf53604a4"


def made_digest(objects: dict[tuple, tuple]) -> str:
    """The SHA-256 of a schema's objects (`_objects`), other programs' tables as they make them (`OTHERS`) left
    out."""
    made = sorted((key, value) for key, value in objects.items() if OTHERS.get(key) != value)
    return hashlib.sha256(repr(made).encode()).hexdigest()


def statistics(conn: sqlite3.Connection) -> list[str]:
    """SQLite's statistics tables hold only what `ANALYZE` makes of the rows as they stand: each row of
    `sqlite_stat1` is made again from the tables and their indexes (`made_statistics`) and compared, and
    `sqlite_stat4`'s samples, which cannot be made again here to compare, are reported whenever there are any. They
    steer only how SQLite plans its reads, never a figure; but a row written by hand would otherwise pass unseen, and
    statistics an `ANALYZE` before later rows left behind are told apart from forged ones by nothing in the file
    (`ANALYZE` again makes them right)."""
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    findings = []
    if "sqlite_stat1" in tables:
        want = made_statistics(conn, tables)
        seen: set[tuple] = set()
        for table, index, stat in conn.execute("SELECT tbl, idx, stat FROM sqlite_stat1"):
            key, said = (table, index), f"{table}, {index}" if index is not None else f"{table}"
            if key not in want or key in seen:
                findings.append(f"SQLite's statistics (sqlite_stat1) hold a row for {said} that ANALYZE does not "
                                f"make: written outside SQLite")
            elif stat != want[key]:
                findings.append(f"SQLite's statistics (sqlite_stat1) for {said} say {stat!r}, where ANALYZE makes "
                                f"{want[key]!r} of the rows now: written outside SQLite, or left by an ANALYZE "
                                f"before later rows (ANALYZE again makes them right)")
            seen.add(key)
        findings += [f"SQLite's statistics (sqlite_stat1) have no row for {table}{f', {index}' if index else ''}, "
                     f"where ANALYZE makes {stat!r} of the rows now: removed outside SQLite, or left by an ANALYZE "
                     f"before later rows (ANALYZE again makes them right)"
                     for (table, index), stat in want.items() if (table, index) not in seen]
    if "sqlite_stat4" in tables and (samples := conn.execute("SELECT COUNT(*) FROM sqlite_stat4").fetchone()[0]):
        findings.append(f"the ledger holds {samples} of SQLite's sampled statistics (sqlite_stat4, which ANALYZE makes "
                        f"where SQLite is built to), which cannot be made again here to compare, so a forged one "
                        f"would pass unseen: DROP TABLE sqlite_stat4 (SQLite plans without it)")
    return findings


def made_statistics(conn: sqlite3.Connection, tables: set[str]) -> dict[tuple[str, str | None], str]:
    """What `ANALYZE` writes into `sqlite_stat1` for the ledger's rows as they stand, by (table, index): for each
    index of a table that holds rows, the rows, then for each leading run of its columns the rows that share one
    value of them on average (rounded up, and 2 written as 1 where fewer than one in ten share: SQLite's `analyze.c`);
    a table with rows and no index, its rows alone; an empty table, nothing."""
    made: dict[tuple[str, str | None], str] = {}
    for table in sorted(name for name in tables if not name.startswith("sqlite_")):
        rows = conn.execute(f"SELECT COUNT(*) FROM {quoted(table)}").fetchone()[0]
        indexes = [name for (name,) in conn.execute("SELECT name FROM pragma_index_list(?)", (table,))]
        if rows and not indexes:
            made[table, None] = str(rows)
        for index in indexes if rows else ():
            columns = [name for (name,) in conn.execute("SELECT name FROM pragma_index_info(?) ORDER BY seqno",
                                                        (index,))]
            if None in columns:
                continue  # an index of expressions, which no ledger has: the schema's finding
            shares = []
            for end in range(1, len(columns) + 1):
                distinct = conn.execute(f"SELECT COUNT(*) FROM (SELECT 1 FROM {quoted(table)} GROUP BY "
                                        f"{', '.join(map(quoted, columns[:end]))})").fetchone()[0]
                share = (rows + distinct - 1) // distinct
                shares.append(1 if share == 2 and rows * 10 <= distinct * 11 else share)
            made[table, index] = " ".join(map(str, (rows, *shares)))
    return made


def quoted(name: str) -> str:
    """A name as SQL writes an identifier, whatever it holds."""
    return '"' + name.replace('"', '""') + '"'


def _objects(conn: sqlite3.Connection) -> dict[tuple, tuple]:
    """Every object of the schema, hidden ones included, as (type, name) → (the table it is on, its SQL)."""
    return {(kind, name): (table, sql) for kind, name, table, sql in conn.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master")}


def expected_schema(version: int) -> dict[tuple, tuple]:
    """What the migrations make up to schema `version`, read from a ledger made afresh in memory."""
    from bragref.ledger.schema import migrate

    fresh = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(fresh, SCHEMA_VERSION, upto=min(version, SCHEMA_VERSION))
        return _objects(fresh)
    finally:
        fresh.close()


def closings(conn: sqlite3.Connection) -> list[str]:
    """A closed session plays on no more: after its close nothing is recorded in it (R9.1; docs/reference.md,
    Promises about history), so a close removed from the middle of the record, or anything added after one (an action or
    a void of its last hand, a loan, a buy-in or top-up), shows here. A repayment or a cash-out after a close is not a
    finding where bragref 0.12 wrote it, which recorded them there (a closed session takes neither now): that is, where
    it comes in the chain before the first action row that records its hand's digest (`actions.state`, schema 10). One
    appended after that is a finding like any other row after a close."""
    first_state = conn.execute("SELECT c.seq FROM chain c WHERE c.tbl = 'actions' AND c.row_id = (SELECT id FROM"
                               " actions WHERE state IS NOT NULL ORDER BY id LIMIT 1)").fetchone()
    era = first_state[0] if first_state else 2 ** 62  # before it, rows an older bragref may have written (the first
    # such row by id is the first chained: the chain's check holds a table's rows to the order of their links)
    findings = []
    for session_id, name, closed in conn.execute(
            "SELECT s.id, s.name, c.seq FROM session_events e JOIN sessions s ON s.id = e.session_id"
            " JOIN chain c ON c.tbl = 'session_events' AND c.row_id = e.id WHERE e.event = 'close'"):
        after = conn.execute(
            "SELECT 'a hand' FROM hands t JOIN chain c ON c.tbl = 'hands' AND c.row_id = t.id"
            "  WHERE t.session_id = ? AND c.seq > ?"
            " UNION ALL SELECT 'an action (' || t.verb || ')' FROM actions t JOIN hands h ON h.id = t.hand_id"
            "  JOIN chain c ON c.tbl = 'actions' AND c.row_id = t.id WHERE h.session_id = ? AND c.seq > ?"
            " UNION ALL SELECT 'an event (' || t.event || ')' FROM session_events t"
            "  JOIN chain c ON c.tbl = 'session_events' AND c.row_id = t.id"
            "  WHERE t.session_id = ? AND c.seq > ? AND t.event != 'use'"
            " UNION ALL SELECT CASE t.kind WHEN 'lend' THEN 'a loan' ELSE 'a repayment' END FROM loans t JOIN chain c"
            "  ON c.tbl = 'loans' AND c.row_id = t.id WHERE t.session_id = ? AND c.seq > ?"
            "  AND (t.kind = 'lend' OR c.seq > ?)"
            " UNION ALL SELECT 'a ' || t.kind FROM purses t JOIN chain c ON c.tbl = 'purses' AND c.row_id = t.id"
            "  WHERE t.session_id = ? AND c.seq > ? AND (t.kind != 'cash-out' OR c.seq > ?)",
            (session_id, closed) * 3 + (session_id, closed, era) * 2).fetchall()
        findings += [f"session {name}: {what[0]} is recorded after the session was closed (R9.1)" for what in after]
    return findings


def payments(conn: sqlite3.Connection) -> list[str]:
    """Each settle-up judged as `paid` and `undo` judged it when it was recorded (docs/reference.md, The season),
    against the ledger as it stood just before it (`as_it_stood`), in the order they were chained: a payment is an
    amount of money (R1.1) between two people of the sessions (R2.6), no more than `settle --all` then showed the payer
    owing the payee (R1.2); a void takes back the payment chained just before it, which was then the ledger's last
    event, and repeats it (R9.1). A payment found wanting is left out of what each later one is judged against, as if
    `paid` had refused it. Rows no link names are the chain's findings."""
    kept = "t.money" if any(column[1] == "money" for column in conn.execute("PRAGMA table_info(payments)")) else "NULL"
    rows = conn.execute(f"SELECT c.seq, t.id, t.payer, t.payee, t.amount, t.voids, {kept} FROM payments t JOIN chain c"
                        " ON c.tbl = 'payments' AND c.row_id = t.id ORDER BY c.seq").fetchall()
    findings: list[str] = []
    wanting: list[int] = []  # payments found wanting, by row
    last: dict[str, int] = {}  # each log table's last row chained before the payment judged
    before = 0
    for seq, row_id, payer, payee, amount, voids, money in rows:
        for table, most in conn.execute("SELECT tbl, MAX(row_id) FROM chain WHERE seq > ? AND seq < ? GROUP BY tbl",
                                        (before, seq)):
            last[table] = max(last.get(table, 0), most)
        before = seq - 1
        with as_it_stood(conn, last, seq, wanting) as ledger:
            found = (settle_up(ledger, row_id, payer, payee, amount, money) if voids is None
                     else taken_back(conn, seq, row_id, (payer, payee, amount), voids))
        findings += found
        wanting += [row_id] if found else []
    return findings


@contextmanager
def as_it_stood(conn: sqlite3.Connection, last: dict[str, int], seq: int, left_out: list[int]):
    """A ledger object reading the ledger on `conn` as it stood before chain link `seq`: each log table's rows up to
    its `last` chained before it (a table's rows are chained in the order of their ids, which the chain's check
    holds them to), payments `left_out` left out; read through views of the connection's own temporary schema,
    which SQLite reads before the file's (the file is not written), dropped after."""
    from bragref.ledger.store import Ledger

    for table in LOG_TABLES:
        others = f" AND id NOT IN ({', '.join(map(str, left_out))})" if table == "payments" and left_out else ""
        conn.execute(f"CREATE TEMP VIEW {table} AS SELECT * FROM main.{table} WHERE id <= {int(last.get(table, 0))}"
                     f"{others}")
    conn.execute(f"CREATE TEMP VIEW chain AS SELECT * FROM main.chain WHERE seq < {int(seq)}")
    try:
        yield Ledger("", conn)
    finally:
        for table in (*LOG_TABLES, "chain"):
            conn.execute(f"DROP VIEW temp.{table}")


def settle_up(ledger, row_id: int, payer: str, payee: str, amount, money: str | None) -> list[str]:
    """What `paid` refuses of a payment of `amount` from `payer` to `payee` in `money` (`Money.pay`; a row that does
    not say its money was recorded while every session kept the first one's), with the ledger as it stood: an amount
    of money (R1.1) in a money a session kept, between two people of the sessions, no more than `settle --all` then
    showed owed in that money (R1.2)."""
    from bragref.engine.names import key
    from bragref.ledger.db import LedgerUnavailable
    from bragref.ledger.money import by_money, kept_in

    said = f"payment row {row_id} ({payer} paid {payee} {amount!r})"
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_UNITS:
        return [f"{said} is not an amount of money: a payment is a whole number of units above 0 (R1.1)"]
    sessions = ledger.all_sessions()
    if not sessions:
        return [f"{said} was recorded before any session: nothing was owed (R1.2)"]
    money = money or kept_in(sessions[0].rules)
    kept = by_money(sessions)
    if money not in kept:
        return [f"{said} is in {money}, a money no session then kept: nothing was owed in it (R1.1)"]
    said = f"payment row {row_id} ({payer} paid {payee} {kept[money][0].rules.money(amount)})"
    rows = ledger.balances(sessions, settle_ups=True)
    people = {key(row["player"]) for row in rows}
    strangers = [name for name in dict.fromkeys((payer, payee)) if key(name) not in people]
    if strangers:
        return [(f"{said}: {' and '.join(strangers)} played in no session then, so was owed nothing and owed "
                f"nothing (R2.6)")]
    try:
        owed = sum(p["amount"] for p in ledger.payments(sessions, settle_ups=True, rows=rows)
                   if p["money"] == money and key(p["from"]) == key(payer) and key(p["to"]) == key(payee))
    except LedgerUnavailable:
        return []  # the nets do not add up: the postings were changed, which conservation reports (R1.2)
    if amount > owed:
        return [(f"{said} is more than settle --all then showed {payer} owing {payee}, "
                f"{kept[money][0].rules.money(owed)} (R1.2)")]
    return []


def taken_back(conn: sqlite3.Connection, seq: int, row_id: int, repeated: tuple, voids) -> list[str]:
    """What `undo` refuses of a void of payment row `voids` chained at link `seq`: only the ledger's last event,
    a payment standing, is voided, and its void repeats it (R9.1)."""
    said = f"payment row {row_id} voids row {voids!r}"
    voided = conn.execute("SELECT t.payer, t.payee, t.amount, t.voids, c.seq FROM payments t JOIN chain c"
                          " ON c.tbl = 'payments' AND c.row_id = t.id WHERE t.id = ?", (voids,)).fetchone()
    if voided is None or voided[3] is not None or voided[4] > seq:
        return [f"{said}, which is no payment recorded before it (R9.1)"]
    if conn.execute("SELECT 1 FROM payments WHERE voids = ? AND id != ?", (voids, row_id)).fetchone():
        return [f"{said}, which another void takes back too (R9.1)"]
    if voided[4] != seq - 1:
        return [f"{said}, a payment that was final: something was recorded after it (R9.1)"]
    if tuple(voided[:3]) != repeated:
        return [(f"{said} but does not repeat it: the void says {repeated[0]} paid {repeated[1]} {repeated[2]!r}, "
                f"the payment {voided[0]} paid {voided[1]} {voided[2]!r}")]
    return []


def walk(conn: sqlite3.Connection, first: int | None, last: int | None, low: tuple | None, high: tuple | None,
         names: dict[int, str]) -> list:
    """One piece of the chain (`pieces`): links `first`..`last` (None: from the start, to the end) walked beside the
    rows each log table holds after `low` and up to `high` (None: without end), each link naming its table's next
    row, whose values it must hash (`chain_findings`); then the hands of the sessions `names` whose deals the piece
    read, replayed from the rows read (`hands_findings`): each row of the ledger is read once, the deals' by name
    and every other as a plain tuple (`Read`)."""
    rows: dict[str, sqlite3.Cursor] = {}
    for index, table in enumerate(LOG_TABLES):
        where, ids = _held_by(None if low is None else low[index], None if high is None else high[index], high is None)
        if where is not None:
            cursor = conn.cursor()
            cursor.row_factory = sqlite3.Row if table == "hands" else None
            rows[table] = cursor.execute(f"SELECT * FROM {table}{where} ORDER BY id", ids)
    span = [bound for bound in (("seq >= ?", first) if first else None, ("seq <= ?", last) if last else None) if bound]
    links = _tuples(conn, f"SELECT seq, tbl, row_id, hash FROM chain{' WHERE ' if span else ''}"
                          f"{' AND '.join(sql for sql, _ in span)} ORDER BY seq", tuple(seq for _, seq in span))
    before = conn.execute("SELECT hash FROM chain WHERE seq < ? ORDER BY seq DESC LIMIT 1", (first,)).fetchone() \
        if first else None
    read = Read(conn, rows)
    findings: list = chain_findings(links, read.tables, GENESIS if before is None else before[0], first or 1,
                                    lambda table, row_id: row_now(conn, table, row_id))
    return findings + hands_findings(conn, read, low, high, names)


def _held_by(low, high, final: bool) -> tuple[str | None, tuple]:
    """Which of a log table's rows a piece holds, as SQL (None: none) and its parameters."""
    if not final and high is None:
        return None, ()
    bounds = [("id > ?", low) if low is not None else None, ("id <= ?", high) if not final else None]
    given = [bound for bound in bounds if bound]
    return (" WHERE " + " AND ".join(sql for sql, _ in given) if given else ""), tuple(id for _, id in given)


class Read:
    """The rows a piece's walk reads, each log table's in the order of their ids (`tables`), of which the replay keeps
    what it needs: the deals (`sqlite3.Row`s, read by name), and each hand's actions, postings and table money
    (`actions`, `posted`, `credits`), tuples read by position (`at`: each column's, by table): a name looked up in a
    `sqlite3.Row` costs up to ten times a position, and the replay reads several of each action."""

    KEPT: ClassVar[dict[str, str]] = {"actions": "actions", "postings": "posted", "purses": "credits"}

    def __init__(self, conn: sqlite3.Connection, cursors: dict[str, sqlite3.Cursor]):
        self.tables = {table: cursor.fetchall() for table, cursor in cursors.items()}
        self.deals: list[sqlite3.Row] = self.tables.get("hands", [])
        self.shapes = {table: _tuples(conn, f"SELECT * FROM {table} LIMIT 0") for table in self.KEPT}
        self.at = {table: {column[0]: index for index, column in enumerate(shape.description)}
                   for table, shape in self.shapes.items()}
        self.actions: dict[int, list] = {}
        self.posted: dict[int, list] = {}
        self.credits: dict[int, list] = {}
        for table, kept in self.KEPT.items():
            grouped, at = getattr(self, kept), self.at[table]["hand_id"]
            for row in self.tables.get(table, ()):
                grouped.setdefault(row[at], []).append(row)

    def rowed(self, table: str, rows: list[tuple]) -> list[sqlite3.Row]:
        """Rows of `table` read by position, as `sqlite3.Row`s that read them by name (the replay's, `final`)."""
        return [sqlite3.Row(self.shapes[table], row) for row in rows]


def chain_findings(links, tables: dict, previous: str, expected: int, now=lambda table, row_id: "") -> list[str]:
    """Walk links in order beside each log table's rows in id order: each link must name the table's next row, and
    hash it after the link before (`previous`); `expected`: the first link's position. A row changed or added is
    told as well by what it says `now` (`row_now`), asked only of such a row."""
    findings: list[str] = []
    cursors = {table: iter(rows) for table, rows in tables.items()}
    waiting = {table: next(cursor, None) for table, cursor in cursors.items()}
    sha256 = hashlib.sha256
    for seq, table, row_id, stored in links:
        if seq != expected:
            findings.append(f"chain links {expected}–{seq - 1} are missing: removed after they were written")
        expected = seq + 1
        row = waiting.get(table)
        if row is not None and row[0] == row_id:  # the link names its table's next row, as bragref chains them
            waiting[table] = next(cursors[table], None)
            values = row[:]
            if values[-1] is None and table in LATER_COLUMNS:
                values = hashed(table, values)
            if link(previous, table, values, sha256) != stored:
                findings.append(f"{table} row {row_id} does not match chain link {seq}: changed after it was written"
                                f"{_says(now(table, row_id), 'it says now')}")
            previous = stored
            continue
        if table not in LOG_TABLES:
            findings.append(f"chain link {seq} names {table!r}, which is not a table of the log")
            previous = stored
            continue
        while row is not None and _before(row[0], row_id):
            findings.append(f"{table} row {row[0]} is in no chain link: added outside bragref"
                            f"{_says(now(table, row[0]), 'it says')}")
            row = next(cursors[table], None)
        if row is None or row[0] != row_id:
            findings.append(f"{table} row {row_id} (chain link {seq}) is missing: removed after it was written")
            waiting[table] = row
            previous = stored
            continue
        waiting[table] = next(cursors[table], None)
        if link(previous, table, hashed(table, row[:]), sha256) != stored:
            findings.append(f"{table} row {row_id} does not match chain link {seq}: changed after it was written"
                                f"{_says(now(table, row_id), 'it says now')}")
        previous = stored
    for table, row in waiting.items():
        while row is not None:
            findings.append(f"{table} row {row[0]} is in no chain link: added outside bragref"
                            f"{_says(now(table, row[0]), 'it says')}")
            row = next(cursors[table], None)
    return findings


def _says(words: str, lead: str) -> str:
    return f" ({lead}: {words})" if words else ""


ROW_NOW = {  # what a row of each log table says, read with the session and hand it belongs to (`row_now`)
    "sessions": "SELECT name, NULL, NULL, NULL, NULL, NULL, NULL FROM sessions t WHERE id = ?",
    "session_events": "SELECT s.name, NULL, s.rules, t.player, t.event, t.detail, NULL FROM session_events t"
                      " LEFT JOIN sessions s ON s.id = t.session_id WHERE t.id = ?",
    "hands": "SELECT s.name, t.number, NULL, NULL, NULL, NULL, t.dealer FROM hands t"
             " LEFT JOIN sessions s ON s.id = t.session_id WHERE t.id = ?",
    "actions": "SELECT s.name, h.number, h.rules, t.player, t.verb, t.amount, t.args, (SELECT COUNT(*) FROM actions b"
               " WHERE b.hand_id = t.hand_id AND b.id <= t.id) FROM actions t LEFT JOIN hands h ON h.id = t.hand_id"
               " LEFT JOIN sessions s ON s.id = h.session_id WHERE t.id = ?",
    "postings": "SELECT s.name, h.number, s.rules, t.player, t.kind, t.amount, NULL FROM postings t"
                " LEFT JOIN hands h ON h.id = t.hand_id LEFT JOIN sessions s ON s.id = t.session_id WHERE t.id = ?",
    "purses": "SELECT s.name, h.number, s.rules, t.player, t.kind, t.amount, NULL FROM purses t"
              " LEFT JOIN hands h ON h.id = t.hand_id LEFT JOIN sessions s ON s.id = t.session_id WHERE t.id = ?",
    "loans": "SELECT s.name, NULL, s.rules, t.lender, t.kind || ' to ' || t.borrower, t.amount, NULL FROM loans t"
             " LEFT JOIN sessions s ON s.id = t.session_id WHERE t.id = ?",
    "payments": "SELECT NULL, NULL, t.money, t.payer, 'paid ' || t.payee, t.amount, NULL FROM payments t WHERE t.id = ?",
    "handles": "SELECT NULL, NULL, NULL, t.player, 'handle', t.handle, NULL FROM handles t WHERE t.id = ?",
}


def row_now(conn: sqlite3.Connection, table: str, row_id) -> str:
    """What a row of the log says now, as people know it: its session, hand and place in the hand, and what it
    records, amounts in the session's money (R1.1a): `session friday, hand 3, action 2: Bill bet 4`, `Eve paid
    Bill £2.00`. A dispute is over a hand, not a row id. Said of a row changed or added outside bragref, whatever it
    holds: what cannot be read is left out, never raised."""
    try:
        found = conn.execute(ROW_NOW[table], (row_id,)).fetchone()
    except (KeyError, sqlite3.Error):
        return ""
    if found is None:
        return ""
    session, number, money, player, what, amount, other, *place = tuple(found)
    where = ", ".join([*([f"session {printable(session)}"] if session is not None else []),
                       *([f"hand {number}"] if number is not None else []), *([f"action {place[0]}"] if place else [])])
    if table in ("sessions", "hands"):
        return where + (f": dealt by {printable(other)}" if other is not None else "")
    words = [printable(str(word)) for word in (player, what) if word is not None]
    if amount is not None:
        words.append(_in_money(amount, money))
    if table == "actions":
        words += _args_words(other)
    elif other is not None:
        words.append(printable(str(other)))
    said = " ".join(words)
    return f"{where}: {said}" if where and said else where or said


def _in_money(amount, money) -> str:
    """An amount in the money of a session's rules (their JSON) or of a payment (`kept_in`'s `£0.01`); as it is where
    it is no number of units or the money cannot be read."""
    if type(amount) is not int or not isinstance(money, str):
        return printable(str(amount))
    from bragref.engine.money import format_money
    from bragref.engine.rules import Rules

    try:
        if money.startswith("{"):
            return Rules.from_json(money).money(amount)
        found = re.fullmatch(r"(\D*)(.*)", money)  # `kept_in`'s one unit: `£0.01`
        if found is None:  # a line break in it: the units as they are
            return str(amount)
        currency, unit = found.groups()
        return format_money(amount, unit or "1", currency)
    except Exception:  # noqa: BLE001 - rules or money changed outside bragref: the units as they are
        return str(amount)


def _args_words(args) -> list[str]:
    """The words an action's arguments add to its verb, player and amount: cards shown, a hand looked at, players
    awarded (not the amount again, nor a flag)."""
    try:
        values = json.loads(args).values() if isinstance(args, str) else ()
    except (ValueError, AttributeError):
        return [printable(str(args))]
    words = []
    for value in values:
        for word in value if isinstance(value, list) else [value]:
            if isinstance(word, str) and word:
                words.append(printable(word))
    return words


def _tuples(conn: sqlite3.Connection, sql: str, parameters: tuple = ()) -> sqlite3.Cursor:
    cursor = conn.cursor()
    cursor.row_factory = None
    return cursor.execute(sql, parameters)


def _before(row_id, link_id) -> bool:
    try:
        return row_id < link_id
    except TypeError:  # an id that is not a number: not a row bragref wrote
        return True


def given_digest(conn: sqlite3.Connection, digest: str) -> list[str]:
    seq_text, _, prefix = digest.strip().partition("-")
    if not seq_text.isdigit() or len(prefix) != DIGEST_HEX:
        return [f"{digest!r} is not a bragref digest (it looks like 1234-3f9ab2c1d4e5f607)"]
    row = conn.execute("SELECT hash FROM chain WHERE seq = ?", (int(seq_text),)).fetchone()
    if row is None:
        return [f"the ledger has no chain link {seq_text}: it is not the ledger digest {digest} was given for"]
    if not str(row[0]).startswith(prefix.lower()):
        return [f"chain link {seq_text} does not match digest {digest}: the ledger has been rewritten since"]
    return []


UNREAD = object()  # the hand before could not be replayed: what it carried is unknown


def hands_findings(conn: sqlite3.Connection, read: Read, low: tuple | None, high: tuple | None,
                   names: dict[int, str]) -> list[Held]:
    """Replay the hands of the sessions `names` whose deals a piece read, each session's in the order of their
    numbers from the rows read (and those of theirs other pieces hold: `spilt`), and compare what was recorded with
    what the replay says; the session's hand before the first, replayed unreported, for what it carried."""
    deals = [row for row in read.deals if row["session_id"] in names]
    if not deals:
        return []
    spilt = _spilt(conn, read, [row["id"] for row in deals], low, high)
    findings: list[Held] = []
    for session_id in dict.fromkeys(row["session_id"] for row in deals):
        hands = sorted((row for row in deals if row["session_id"] == session_id), key=_numbered)
        said = f"session {names[session_id]}: "
        for number, text in session_hands(conn, session_id, hands, read, spilt):
            findings.append(Held(session_id, _numbered(number), said + text))
    return findings


def _numbered(row_or_number) -> float:
    number = row_or_number["number"] if isinstance(row_or_number, sqlite3.Row) else row_or_number
    return number if type(number) is int else float("inf")


def _spilt(conn: sqlite3.Connection, read: Read, hand_ids: list[int], low: tuple | None,
           high: tuple | None) -> dict[str, dict]:
    """The actions, postings and table money of these hands that lie beyond the rows their piece read (a hand dealt
    at the piece's end goes on in the next), by table and hand, as tuples like the rows `read`."""
    spilt: dict[str, dict] = {}
    numbers = [hand_id for hand_id in hand_ids if type(hand_id) is int]
    ids = (min(numbers), max(numbers)) if numbers else (0, -1)  # the piece's deals: ids that run on, mostly
    wanted = set(hand_ids)
    for table in Read.KEPT:
        index = LOG_TABLES.index(table)
        where, bounds = _held_by(None if low is None else low[index], None if high is None else high[index],
                                 high is None)
        if where == "":
            continue  # the piece read every row of the table
        beyond = "" if where is None else f" AND NOT ({where.removeprefix(' WHERE ')})"
        grouped, at = spilt.setdefault(table, {}), read.at[table]["hand_id"]
        for row in _tuples(conn, f"SELECT * FROM {table} WHERE hand_id BETWEEN ? AND ?{beyond} ORDER BY hand_id, id",
                           (*ids, *bounds)):
            if row[at] in wanted:
                grouped.setdefault(row[at], []).append(row)
    return spilt


def _rows(read: Read, spilt: dict[str, dict], table: str, hand_id) -> list[tuple]:
    """A hand's rows of `table` in the order of their ids, those its piece read and those beyond."""
    mine = getattr(read, Read.KEPT[table]).get(hand_id, [])
    beyond = spilt.get(table, {}).get(hand_id)
    if not beyond:
        return mine
    return sorted(mine + beyond, key=lambda row: (type(row[0]) is not int, row[0] if type(row[0]) is int else 0))


def session_hands(conn: sqlite3.Connection, session_id: int, hands: list[sqlite3.Row], read: Read,
                  spilt: dict) -> list[tuple]:
    """A session's hands (in the order of their numbers) replayed, each with what carried into it and its postings
    compared: (hand number, finding) for each finding."""
    findings: list[tuple] = []
    before = conn.execute("SELECT * FROM hands WHERE session_id = ? AND number < ? ORDER BY number DESC LIMIT 1",
                          (session_id, hands[0]["number"])).fetchone()
    previous: object = None  # the hand before, replayed (a `Hand`, or `UNREAD`); the first hand of a session starts
    # with nothing carried
    if before is not None:
        actions, credits = (_tuples(conn, f"SELECT * FROM {table} WHERE hand_id = ? ORDER BY id", (before["id"],))
                            .fetchall() for table in ("actions", "purses"))
        try:
            previous = replayed_hand(read, before, actions, credits)
        except Unreplayable:
            previous = UNREAD  # reported by the piece that holds it
        if misdealt(read, actions):
            previous = UNREAD  # the hand that counts is further back: its carried pot goes unchecked here
    expected = before["number"] + 1 if before is not None and type(before["number"]) is int else 1
    later = later_names(conn, session_id)
    for row in hands:
        number = row["number"]
        where = f"hand {number}"
        if number != expected:
            findings.append((number, f"{where} should be hand {expected}: hands are numbered in order"))
        expected = number + 1 if type(number) is int else expected + 1
        actions = _rows(read, spilt, "actions", row["id"])
        try:
            hand = replayed_hand(read, row, actions, _rows(read, spilt, "purses", row["id"]))
        except Unreplayable as refused:
            findings.append((number, f"{where}: {refused.reason}"))
            previous = UNREAD
            continue
        if previous is not UNREAD:
            findings += [(number, f) for f in carried_findings(where, row, previous, later)]
        findings += [(number, f"{where}: {f}") for f in compare_postings(hand, _rows(read, spilt, "postings", row["id"]),
                                                                         read.at["postings"])]
        if misdealt(read, actions):
            if live_actions(read.rowed("actions", actions)):
                findings.append((number, f"{where}: its deal is voided, but actions of it still stand (R9.1)"))
            continue  # a misdeal: the hand never happened, and the next deal follows the one before (R9.1)
        if hand.carried_in != row["carried_in"]:  # the game changed with a pot carried, before bragref 0.12.6
            findings.append((number, (f"{where} records {row['carried_in']} carried in, but "
                                     f"{row['carried_in'] - hand.carried_in} of it is in no pot: its game, "
                                     f"{hand.rules.game}, takes no carried pot in (R6.2, R9.3)")))
        previous = hand
    return findings


def replayed_hand(read: Read, row: sqlite3.Row, actions: list[tuple], credits: list[tuple]) -> Hand:
    """The hand as its rows leave it (`replay.final`), from action and table-money rows read by position: where
    neither a void, a loan onto the table nor an action of a schema before 7 (no `args`) is among them (most hands),
    each action is read from its columns and the actions applied straight, as `final` applies them; else `final`
    replays them, as `sqlite3.Row`s, and says which one the rules refuse and why (`Unreplayable`)."""
    at = read.at["actions"]
    verb, player, args = at["verb"], at["player"], at["args"]
    if not credits and "void" not in map(itemgetter(verb), actions) and None not in map(itemgetter(args), actions):
        with suppress(Exception):
            hand = dealt(row)
            game = hand.rules.game
            return replayed_from_deal(row, hand, [read_action(game, r[verb], r[player], r[args]) for r in actions])
    return final(row, read.rowed("actions", actions), read.rowed("purses", credits))


def misdealt(read: Read, actions: list[tuple]) -> bool:
    """A void that names no action voids the deal: a misdeal (R9.1)."""
    verb, voids = read.at["actions"]["verb"], read.at["actions"]["voids"]
    return "void" in map(itemgetter(verb), actions) and any(r[verb] == "void" and r[voids] is None for r in actions)


def later_names(conn: sqlite3.Connection, session_id: int) -> dict[str, set[str]]:
    """Each name a player had in the session → every name they took after it (`player rename`)."""
    later: dict[str, set[str]] = defaultdict(set)
    for old, new in conn.execute("SELECT player, detail FROM session_events WHERE session_id = ? AND event = 'rename'"
                                 " ORDER BY id", (session_id,)):
        for former in [name for name, names in later.items() if old in names] + [old]:
            later[former] |= {new}
    return later


def carried_findings(where: str, row: sqlite3.Row, previous, later: dict[str, set[str]]) -> list[str]:
    """A hand is dealt after the one before is over, with what it carried (R6, R6.2); a retained hand's player
    may have taken a new name between the two."""
    if previous is not None and previous.phase != "over":
        return [f"{where} was dealt before the hand before it was over (R6)"]
    carried = (previous.result.carried, previous.result.retained_by) if previous else (0, None)
    if carried[1] is not None and row["retained_by"] in later.get(carried[1], ()):
        carried = (carried[0], row["retained_by"])
    if (row["carried_in"], row["retained_by"]) != carried:
        return [(f"{where} records {row['carried_in']} carried in, retained by {row['retained_by']}, but the "
                f"hand before carried {carried[0]}, retained by {carried[1]} (R6.2)")]
    return []


def compare_postings(hand, recorded: list[tuple], at: dict[str, int]) -> list[str]:
    """The postings left standing (voided settlements cancel out) must be the replay's, to the unit: each sum by
    player and kind, those that come to nothing left out (plain dicts: this runs for every hand of an audit).
    `recorded`: the hand's posting rows, each column at its position in `at`."""
    have: dict[tuple, int] = {}
    row_id, player_at, kind_at, amount_at = at["id"], at["player"], at["kind"], at["amount"]
    for row in recorded:
        amount = row[amount_at]
        if not isinstance(amount, int):
            return [f"posting {row[row_id]} holds {amount!r}, not an amount"]
        key = row[player_at], row[kind_at]
        have[key] = have.get(key, 0) + amount
    want: dict[tuple, int] = {}
    for player, kind, amount in postings(hand) if hand.phase == "over" else ():
        want[player, kind] = want.get((player, kind), 0) + amount
    have = {key: amount for key, amount in have.items() if amount}
    want = {key: amount for key, amount in want.items() if amount}
    if have == want:
        return []
    findings = []
    if sum(have.values()) != 0:
        findings.append(f"its postings sum to {sum(have.values())}, not 0 (R1.2)")
    for key in sorted(set(have) | set(want), key=str):
        if have.get(key, 0) != want.get(key, 0):
            player, kind = key
            findings.append(f"{kind} for {player or 'the carried pot'} is recorded as {have.get(key, 0)}, "
                            f"but the replay gives {want.get(key, 0)}")
    return findings


def conservation(conn: sqlite3.Connection, session_id: int) -> list[str]:
    """Across the session the players' nets and the carried pot sum to zero (R1.2); no loan is repaid twice (R7.5):
    each person by the name they have now, as `repay` judged it (a borrower renamed since the loan repays it under
    the new name, R2.6)."""
    findings = []
    total = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM postings WHERE session_id = ?", (session_id,)).fetchone()[0]
    if total != 0:
        findings.append(f"the players' nets and the carried pot sum to {total}, not 0 (R1.2)")
    renamed: dict[str, str] = {}
    for old, new in conn.execute("SELECT player, detail FROM session_events WHERE session_id = ? AND event = 'rename'"
                                 " ORDER BY id", (session_id,)):
        renamed = renamed_to(renamed, old, new)
    entries = conn.execute("SELECT kind, lender, borrower, amount FROM loans WHERE session_id = ? ORDER BY id",
                           (session_id,)).fetchall()
    running: dict[tuple[str, str], int] = defaultdict(int)
    for kind, lender, borrower, amount in entries:
        pair = renamed.get(lender, lender), renamed.get(borrower, borrower)
        running[pair] += amount if kind == "lend" else -amount
        if running[pair] < 0:
            findings.append(f"{pair[1]} has repaid {pair[0]} more than was lent (R7.5)")
    return findings


def table_money(conn: sqlite3.Connection, session_id: int) -> list[str]:
    """Nobody's money on the table goes below 0 (R1.3): buy-ins, top-ups, loans onto the table and cash-outs, and
    each settled hand at table stakes, summed in the order they were recorded, per person by the name they have
    now; checked after each row of table money and after each hand's settlement as a whole. And each deal at table
    stakes records what every player dealt in had then (`hands.purses`, which each replay of the hand starts its
    table money from): it must be those sums."""
    renamed: dict[str, str] = {}
    for old, new in conn.execute("SELECT player, detail FROM session_events WHERE session_id = ? AND event = 'rename'"
                                 " ORDER BY id", (session_id,)):
        renamed = renamed_to(renamed, old, new)
    rows = conn.execute(
        "SELECT c.seq, 'purse' || t.id, t.player, t.amount FROM purses t JOIN chain c ON c.tbl = 'purses'"
        " AND c.row_id = t.id WHERE t.session_id = ?"
        " UNION ALL SELECT c.seq, 'settled' || t.action_id, t.player, t.amount FROM postings t JOIN hands h"
        " ON h.id = t.hand_id JOIN chain c ON c.tbl = 'postings' AND c.row_id = t.id WHERE t.session_id = ?"
        " AND h.purses IS NOT NULL AND t.player IS NOT NULL"
        " UNION ALL SELECT c.seq, 'dealt' || t.number, t.purses, NULL FROM hands t JOIN chain c ON c.tbl = 'hands'"
        " AND c.row_id = t.id WHERE t.session_id = ? AND t.purses IS NOT NULL ORDER BY 1",
        (session_id, session_id, session_id)).fetchall()
    money: dict[str, int] = defaultdict(int)
    findings: list[str] = []
    for index, (_, group, player, amount) in enumerate(rows):
        if group.startswith("dealt"):
            try:
                recorded = {renamed.get(name, name): has for name, has in json.loads(player).items()}
            except (ValueError, AttributeError):
                continue  # a deal row that cannot be read is reported by the check of its hands
            wrong = ", ".join(f"{name} {has} (the rows sum to {money[name]})" for name, has in recorded.items()
                              if money[name] != has)
            if wrong:
                findings.append(f"hand {group[5:]} records table money its rows do not make: {wrong} (R1.3)")
            continue
        person = renamed.get(player, player)
        money[person] += amount if isinstance(amount, int) else 0
        if (index + 1 == len(rows) or rows[index + 1][1] != group) and min(money.values()) < 0:
            short = ", ".join(f"{name} {has}" for name, has in money.items() if has < 0)
            what = "a settled hand" if group.startswith("settled") else "a row of table money"
            findings.append(f"table money below 0 after {what} (chain link {rows[index][0]}): {short} (R1.3)")
    return findings


PHONE_OF = {"actions": "player", "purses": "player", "payments": "payee"}  # whose phone a row's `seat`/`seat-self`
# says entered it: an action's or a buy-in's player, a settle-up's payee (who alone says it was received)


def entered(conn: sqlite3.Connection) -> list[str]:
    """Where each row says it was entered (`entered`, docs/reference.md, Interactive) is one of the places bragref
    enters rows (`store.ENTERED`, as text); and a player's phone (`seat`, `seat-self`) enters only its own player's
    moves in a hand they are dealt into, their own buy-ins, top-ups and cash-outs while seated, and (`seat-self`) a
    settle-up paid to its own player, a person who sat: never a deal, a void, a loan, the rules, another row. A row that keeps none (written before bragref kept it) is as it was."""
    from bragref.ledger.store import ENTERED, ENTERED_ROWS

    places = ", ".join(f"'{place}'" for place in ENTERED)
    phones = "entered IN ('seat', 'seat-self')"
    findings = []
    for table in ENTERED_ROWS:
        for row_id, value in conn.execute(f"SELECT id, entered FROM {table} WHERE entered IS NOT NULL AND "
                                          f"(typeof(entered) != 'text' OR entered NOT IN ({places})) ORDER BY id"):
            findings.append(f"{table} row {row_id} says it was entered at {printable(repr(value)[:60])}, which is "
                            f"not where bragref enters a row ({', '.join(ENTERED)}): written outside bragref")
    for table, seated in (
            ("actions", ("verb != 'void' AND player IS NOT NULL AND EXISTS (SELECT 1 FROM hands h, json_each(h.seats) "
                        "s WHERE h.id = actions.hand_id AND s.value = actions.player)")),
            ("purses", ("kind IN ('buy-in', 'top-up', 'cash-out') AND EXISTS (SELECT 1 FROM session_events e WHERE "
                       "e.session_id = purses.session_id AND (e.event = 'seat' AND e.player = purses.player OR "
                       "e.event = 'rename' AND e.detail = purses.player))")),  # seated, by any name they had (R2.6)
            ("payments", ("entered = 'seat-self' AND voids IS NULL AND EXISTS (SELECT 1 FROM session_events e, "
                          "chain ce, chain cp WHERE ce.tbl = 'session_events' AND ce.row_id = e.id AND cp.tbl = "
                          "'payments' AND cp.row_id = payments.id AND ce.seq < cp.seq AND (e.event = 'seat' AND "
                          "e.player = payments.payee OR e.event = 'rename' AND e.detail = payments.payee))")),  # the
            # payee's own phone says it was paid, recorded at once: never asked of the referee (`seat`), never a void,
            # never to someone who had not sat by then, by any name they had (docs/serve.md, R2.6)
            *((table, "0") for table in ENTERED_ROWS if table not in ("actions", "purses", "payments"))):
        whose = PHONE_OF.get(table, "NULL")  # the phone it names: the one the row's player holds
        for row_id, value, named in conn.execute(f"SELECT id, entered, {whose} FROM {table} WHERE {phones} AND NOT "
                                                 f"({seated}) ORDER BY id"):
            phone = f", from {printable(str(named))[:60]}'s phone" if isinstance(named, str) else ""
            findings.append(f"{table} row {row_id} says a player's phone entered it ({value}{phone}), but a phone "
                            f"enters only its own seated player's moves and money: written outside bragref")
    return findings


def handles(conn: sqlite3.Connection) -> list[str]:
    """Each pay-to handle as `pay-to` took it (docs/reference.md, The season): a handle that reads
    (`engine.payto.handle`) or none (a removal, which follows a handle of the same person), for a person of the
    sessions recorded before it (R2.6). Rows no link names are the chain's findings."""
    from bragref.engine.errors import BadInput
    from bragref.engine.names import key
    from bragref.engine.payto import handle as read

    findings: list[str] = []
    had: dict[str, bool] = {}
    rows = conn.execute("SELECT c.seq, t.id, t.player, t.handle FROM handles t JOIN chain c ON c.tbl = 'handles'"
                        " AND c.row_id = t.id ORDER BY c.seq").fetchall()
    for seq, row_id, player, given in rows:
        seated = conn.execute("SELECT EXISTS (SELECT 1 FROM session_events e JOIN chain c ON c.tbl = 'session_events'"
                              " AND c.row_id = e.id WHERE c.seq < :seq AND (e.player = :p COLLATE NOCASE OR e.event ="
                              " 'rename' AND e.detail = :p COLLATE NOCASE)) OR EXISTS (SELECT 1 FROM loans l JOIN"
                              " chain c ON c.tbl = 'loans' AND c.row_id = l.id WHERE c.seq < :seq AND l.lender = :p"
                              " COLLATE NOCASE)", {"seq": seq, "p": player}).fetchone()[0]
        if not isinstance(player, str) or not seated:
            findings.append(f"handles row {row_id} names {player!r}, who played in no session then (R2.6)")
            continue
        if given is None:
            if not had.get(key(player)):
                findings.append(f"handles row {row_id} removes {player}'s handle, but {player} had none")
            had[key(player)] = False
            continue
        try:
            read(given)
        except (BadInput, TypeError, AttributeError) as error:
            findings.append(f"handles row {row_id} ({player}) holds {str(given)[:60]!r}, which pay-to refuses: "
                            f"{error}")
            continue
        had[key(player)] = True
    return findings


def identities(conn: sqlite3.Connection) -> list[str]:
    """Each session's identity as bragref mints it (docs/reference.md, Beyond one machine): an `identity` event
    naming no player, 128 random bits or more written as lower-case hex digits (`seats.IDENTITY`), given to a
    session once (at `session new`, or an older bragref's open night at its next write: a second, the same again
    or another, would change which night it is) and to one session alone (two nights are two, whatever they hold).
    One given after its night's close is `closings`' finding; rows no link names are the chain's."""
    from bragref.ledger.seats import IDENTITY

    findings: list[str] = []
    given: dict[int, str] = {}  # session → the identity it was given first
    whose: dict[str, str] = {}  # identity → the session it was given to first
    for row_id, session_id, name, player, detail in conn.execute(
            "SELECT e.id, e.session_id, s.name, e.player, e.detail FROM session_events e JOIN chain c ON"
            " c.tbl = 'session_events' AND c.row_id = e.id LEFT JOIN sessions s ON s.id = e.session_id"
            " WHERE e.event = 'identity' ORDER BY c.seq"):
        said = f"session_events row {row_id} gives session {name}"
        if not isinstance(detail, str) or not IDENTITY.fullmatch(detail) or player is not None:
            shown = printable(repr(detail)[:70]) if isinstance(detail, str) else f"a {type(detail).__name__}"
            shown += f", naming {printable(repr(player))}" if player is not None else ""
            findings.append(f"{said} an identity bragref does not mint ({shown}): one is 32 to 64 lower-case hex"
                            f" digits (128 random bits or more) and names no player")
        elif session_id in given:
            again = ("the same again" if detail == given[session_id] else
                     f"{detail}, where it had {given[session_id]}: its identity changed")
            findings.append(f"{said} a second identity ({again}): a night is given one, once")
        elif detail in whose:
            findings.append(f"{said} the identity of session {whose[detail]} ({detail}): two nights are two")
        else:
            given[session_id] = detail
            whose[detail] = name
    return findings


CHECKS: dict[str, Callable[..., list]] = {  # each check by its task's kind, given the task's arguments after it (`run`)
    "integrity": integrity, "schema": schema, "statistics": statistics, "walk": walk, "closings": closings,
    "identities": identities, "payments": payments, "handles": handles, "digest": given_digest, "entered": entered}
