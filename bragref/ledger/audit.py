"""`bragref audit`: is the ledger what bragref wrote, and does every hand still add up?

Four checks, each reporting findings as one line apiece and never raising:
SQLite's own integrity check; the hash chain, row by row against the log tables
(a row changed, removed, or added outside bragref); a digest given out earlier;
and every hand replayed through the engine under the rules it was dealt with,
its recorded postings compared with the replay's and conservation checked (R1.2).
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterator

from bragref.engine import game
from bragref.ledger.chain import DIGEST_HEX, GENESIS, LOG_TABLES, link
from bragref.ledger.store import dealt, events, live_actions, postings


def audit(conn: sqlite3.Connection, session_ids: list[int], digest: str | None = None) -> list[str]:
    """Every finding, one line each; none when the ledger is sound. Reads rows by name (sets `sqlite3.Row`)."""
    conn.row_factory = sqlite3.Row
    findings: list[str] = []
    for check, args in ((integrity, ()), (chain, ()), (given_digest, (digest,)), (sessions, (session_ids,))):
        if check is given_digest and digest is None:
            continue
        try:
            findings += check(conn, *args)
        except Exception as error:  # a ledger too damaged to read is itself the finding
            findings.append(f"{check.__name__}: the ledger cannot be read ({error.__class__.__name__}: {error})")
    return findings


def integrity(conn: sqlite3.Connection) -> list[str]:
    result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    return [] if result == ["ok"] else [f"SQLite integrity check: {line}" for line in result]


def chain(conn: sqlite3.Connection) -> list[str]:
    """Walk the chain in order beside each log table in id order: each link must name the table's next row."""
    findings: list[str] = []
    cursors = {table: iter(conn.execute(f"SELECT * FROM {table} ORDER BY id")) for table in LOG_TABLES}
    waiting = {table: next(cursor, None) for table, cursor in cursors.items()}
    previous, expected = GENESIS, 1
    for seq, table, row_id, stored in conn.execute("SELECT seq, tbl, row_id, hash FROM chain ORDER BY seq"):
        if seq != expected:
            findings.append(f"chain links {expected}–{seq - 1} are missing: removed after they were written")
        expected = seq + 1
        if table not in cursors:
            findings.append(f"chain link {seq} names {table!r}, which is not a table of the log")
            previous = stored
            continue
        row = waiting[table]
        while row is not None and _before(row[0], row_id):
            findings.append(f"{table} row {row[0]} is in no chain link: added outside bragref")
            row = next(cursors[table], None)
        if row is None or row[0] != row_id:
            findings.append(f"{table} row {row_id} (chain link {seq}) is missing: removed after it was written")
            waiting[table] = row
            previous = stored
            continue
        waiting[table] = next(cursors[table], None)
        if link(previous, table, tuple(row)) != stored:
            findings.append(f"{table} row {row_id} does not match chain link {seq}: changed after it was written")
        previous = stored
    for table, row in waiting.items():
        while row is not None:
            findings.append(f"{table} row {row[0]} is in no chain link: added outside bragref")
            row = next(cursors[table], None)
    return findings


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


def sessions(conn: sqlite3.Connection, session_ids: list[int]) -> list[str]:
    findings: list[str] = []
    for session_id in session_ids:
        name = conn.execute("SELECT name FROM sessions WHERE id = ?", (session_id,)).fetchone()[0]
        findings += [f"session {name}: {finding}" for finding in session_findings(conn, session_id)]
    return findings


def _grouped(conn: sqlite3.Connection, table: str, session_id: int) -> Iterator[list[sqlite3.Row]]:
    """A session's rows of `table` by hand, all in one query."""
    return conn.execute(
        f"SELECT t.* FROM {table} t JOIN hands h ON h.id = t.hand_id WHERE h.session_id = ? ORDER BY t.hand_id, t.id",
        (session_id,),
    )


def by_hand(rows) -> dict[int, list[sqlite3.Row]]:
    grouped: dict[int, list[sqlite3.Row]] = defaultdict(list)
    for row in rows:
        grouped[row["hand_id"]].append(row)
    return grouped


def session_findings(conn: sqlite3.Connection, session_id: int) -> list[str]:
    """Replay every hand of a session and compare what was recorded with what the replay says."""
    findings: list[str] = []
    actions = by_hand(_grouped(conn, "actions", session_id))
    posted = by_hand(_grouped(conn, "postings", session_id))
    credits = by_hand(_grouped(conn, "purses", session_id))
    previous = None  # the hand before, replayed; the first hand of a session starts with nothing carried
    hands = conn.execute("SELECT * FROM hands WHERE session_id = ? ORDER BY number", (session_id,)).fetchall()
    for expected_number, row in enumerate(hands, 1):
        where = f"hand {row['number']}"
        if row["number"] != expected_number:
            findings.append(f"{where} should be hand {expected_number}: hands are numbered in order")
        try:
            hand = replay(row, actions.get(row["id"], []), credits.get(row["id"], []))
        except Replayed as refused:
            findings.append(f"{where}: {refused}")
            previous = None
            continue
        if previous is not None and previous.phase != "over":
            findings.append(f"{where} was dealt before the hand before it was over (R6)")
        carried = (previous.result.carried, previous.result.retained_by) if previous and previous.result else (0, None)
        if (row["carried_in"], row["retained_by"]) != carried:
            findings.append(f"{where} records {row['carried_in']} carried in, retained by {row['retained_by']}, but the "
                            f"hand before carried {carried[0]}, retained by {carried[1]} (R6.2)")
        findings += [f"{where}: {f}" for f in compare_postings(hand, posted.get(row["id"], []))]
        previous = hand
    findings += conservation(conn, session_id)
    return findings


class Replayed(Exception):
    """A recorded hand the engine cannot replay: the finding, in words."""


def replay(row, actions: list[sqlite3.Row], credits: list[sqlite3.Row]):
    try:
        hand = dealt(row)
    except Exception as error:
        raise Replayed(f"cannot be dealt again from its record ({error})") from None
    try:
        replayed = events(live_actions(actions), credits)
    except Exception as error:
        raise Replayed(f"holds an action that cannot be read ({error})") from None
    for seq, action in enumerate(replayed, 1):
        try:
            hand = game.apply(hand, action)
        except Exception as error:
            what = " ".join(str(getattr(action, name)) for name in ("player", "verb", "amount") if hasattr(action, name))
            raise Replayed(f"its action {seq} ({what}) is refused on replay: {error}") from None
    return hand


def compare_postings(hand, recorded: list[sqlite3.Row]) -> list[str]:
    """The postings left standing (voided settlements cancel out) must be the replay's, to the unit."""
    have: Counter = Counter()
    for row in recorded:
        have[row["player"], row["kind"]] += row["amount"] if isinstance(row["amount"], int) else 0
        if not isinstance(row["amount"], int):
            return [f"posting {row['id']} holds {row['amount']!r}, not an amount"]
    have = Counter({key: amount for key, amount in have.items() if amount})
    want = Counter()
    if hand.phase == "over":
        for player, kind, amount in postings(hand):
            want[player, kind] += amount
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
    """Across the session the players' nets and the carried pot sum to zero (R1.2); no loan is repaid twice (R7.5)."""
    findings = []
    total = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM postings WHERE session_id = ?", (session_id,)).fetchone()[0]
    if total != 0:
        findings.append(f"the players' nets and the carried pot sum to {total}, not 0 (R1.2)")
    entries = conn.execute("SELECT kind, lender, borrower, amount FROM loans WHERE session_id = ? ORDER BY id",
                           (session_id,)).fetchall()
    running: dict[tuple[str, str], int] = defaultdict(int)
    for kind, lender, borrower, amount in entries:
        running[lender, borrower] += amount if kind == "lend" else -amount
        if running[lender, borrower] < 0:
            findings.append(f"{borrower} has repaid {lender} more than was lent (R7.5)")
    return findings
