"""The hash chain over the ledger's log: every recorded row, in the order it was written.

Each row written to a log table gets a link in `chain`: the SHA-256 of the previous
link's hash, the table's name and the row's values as stored. Changing, removing or
adding a row anywhere breaks the chain from there on; a ledger rebuilt consistently
from scratch is caught by a digest given out earlier (`session close`), which names a
link by its position and the start of its hash.
"""

from __future__ import annotations

import sqlite3

try:  # CPython's own SHA-256 (`_sha2` from Python 3.12, `_sha256` before), as `random` takes its SHA-512: hashlib
    # loads OpenSSL first, 3 ms of every command that writes (issue 19); the digests are the same
    from _sha2 import sha256
except ImportError:
    try:
        from _sha256 import sha256
    except ImportError:
        from hashlib import sha256

LOG_TABLES = ("sessions", "session_events", "hands", "actions", "postings", "loans", "purses")
GENESIS = "0" * 64
DIGEST_HEX = 16  # hex digits of a link's hash in a digest: short enough to text to the table


LATER_COLUMNS = {"actions": 2, "hands": 1}  # columns added to a log table after its rows were first chained:
# the actions' `args` (schema 7) and `state` (schema 10), the deals' `dealt` (schema 9)


def hashed(table: str, values: tuple) -> tuple:
    """What a row's link covers: its values as stored, but without the columns added later that hold nothing at the
    end of the row (a row written before they existed, or a void), so that every earlier link still holds. A value
    put into them, or taken out, changes what is hashed either way."""
    later = LATER_COLUMNS.get(table, 0)
    end = len(values)
    while later and end and values[end - 1] is None:
        end, later = end - 1, later - 1
    return values if end == len(values) else values[:end]


def link(previous: str, table: str, values: tuple, sha256=sha256) -> str:
    """The next link's hash: `repr` keeps NULL, text and numbers apart (None, 'None', 5, '5'). What hashes many rows
    passes `hashlib.sha256`: OpenSSL's is slower to load and faster to run (a row 0.4–0.5 µs against 0.7–1.5)."""
    return sha256(f"{previous}|{table}|{values!r}".encode()).hexdigest()


def head(conn: sqlite3.Connection) -> tuple[int, str]:
    """The last link: its position and hash (0 and the genesis hash in an empty ledger)."""
    row = conn.execute("SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1").fetchone()
    return (row[0], row[1]) if row else (0, GENESIS)


def insert(conn: sqlite3.Connection, table: str, values: dict, previous: tuple[int, str],
           linked: bool = True) -> tuple[int, tuple[int, str]]:
    """Insert one row into a log table and chain it after `previous`, the chain's last link (`head`, which the
    caller holding the write lock knows); the row's id and the new last link. Unlinked, the chain keeps the row's
    place but no hash (a ledger judged in memory, whose rows are copied into a real one and chained there: `Copy`)."""
    row_id = _insert(conn, table, values)
    if linked:
        stored = tuple(conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone())
        hashed_as = link(previous[1], table, hashed(table, stored))
    else:
        hashed_as = f"unlinked {table} {row_id}"
    seq = conn.execute("INSERT INTO chain (tbl, row_id, hash) VALUES (?, ?, ?)", (table, row_id, hashed_as)).lastrowid
    return row_id, (seq, hashed_as)


class Copy:
    """Rows copied into a ledger from one of the same schema, inside the caller's write: each given the id this
    ledger gives its table next and chained after the one before, then written a statement per table and one for
    the links, every `BATCH` rows (so that a long session's copy holds a batch at a time). What is stored is known
    (every column but `id` as the other ledger stored it), so nothing is read back; ids follow each table's last,
    as SQLite gives them."""

    BATCH = 5000

    def __init__(self, conn: sqlite3.Connection, previous: tuple[int, str], linked: bool = True,
                 tables: tuple[str, ...] = LOG_TABLES, columns: dict[str, tuple[str, ...]] | None = None):
        """Rows of `tables` copied after link `previous`, hashed unless not `linked` (as `insert`); `columns`: each
        table's, where the caller knows them (and keeps them for the next copy)."""
        import hashlib

        self.sha256 = hashlib.sha256  # many rows (`link`)
        self.conn, self.linked = conn, linked
        self.seq, self.head = previous
        self.last = {table: conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0]
                     for table in tables}
        self.rows: dict[str, list[tuple]] = {table: [] for table in tables}
        self.columns = {} if columns is None else columns
        self.links: list[tuple[str, int, str]] = []

    def add(self, table: str, columns: tuple[str, ...], values: list) -> int:
        """Queue one row, `values` its `columns` (the same for every row of a table), the first its id in the
        other ledger, replaced here by the id this ledger gives it; that id."""
        row_id = values[0] = self.last[table] = self.last[table] + 1
        stored = tuple(values)
        self.columns.setdefault(table, columns)
        self.head = (link(self.head, table, hashed(table, stored), self.sha256) if self.linked
                     else f"unlinked {table} {row_id}")
        self.seq += 1
        self.rows[table].append(stored)
        self.links.append((table, row_id, self.head))
        if len(self.links) >= self.BATCH:
            self.write()
        return row_id

    def add_named(self, table: str, values: dict) -> int:
        """Queue one row given by column name, as `insert` takes it: every column of the table, those not named
        NULL (no log table has another default), so that it is hashed as SQLite will store it; its id."""
        columns = self.columns.get(table) or tuple(row[1] for row in self.conn.execute(f"PRAGMA table_info({table})"))
        self.columns[table] = columns
        return self.add(table, columns, [None, *(values.get(column) for column in columns[1:])])

    def write(self) -> None:
        """Write the rows queued so far: every row a queued one names is written already, or with it."""
        for table in LOG_TABLES:  # in the order rows name one another (a hand its session, an action its hand)
            if self.rows.get(table):
                columns = self.columns[table]
                self.conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                      f"({', '.join('?' * len(columns))})", self.rows[table])
                self.rows[table] = []
        self.conn.executemany("INSERT INTO chain (tbl, row_id, hash) VALUES (?, ?, ?)", self.links)
        self.links = []


def _insert(conn: sqlite3.Connection, table: str, values: dict) -> int:
    columns = ", ".join(values)
    marks = ", ".join("?" * len(values))
    return conn.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(values.values())).lastrowid


def digest(conn: sqlite3.Connection) -> str:
    """The chain head as a digest, e.g. `1234-3f9ab2c1d4e5f607`."""
    seq, full = head(conn)
    return f"{seq}-{full[:DIGEST_HEX]}"
