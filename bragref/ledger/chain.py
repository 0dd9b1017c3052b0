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
    # loads OpenSSL first, 3 ms of every command that writes; the digests are the same
    from _sha2 import sha256
except ImportError:
    try:
        from _sha256 import sha256
    except ImportError:
        from hashlib import sha256

LOG_TABLES = ("sessions", "session_events", "hands", "actions", "postings", "loans", "purses", "payments",
              "handles")
GENESIS = "0" * 64
DIGEST_HEX = 16  # hex digits of a link's hash in a digest: short enough to text to the table


LATER_COLUMNS = {"actions": 3, "hands": 2, "payments": 2, "sessions": 1, "session_events": 1, "loans": 1, "purses": 1}
# columns added to a log table after its rows were first chained: the actions' `args` (schema 7), `state` (schema 10)
# and `entered` (schema 13), the deals' `dealt` (schema 9), the payments' `money` (schema 12), and every entered row's
# `entered` (schema 14)


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


def holds(conn: sqlite3.Connection, table: str, row_id: int) -> bool:
    """Whether the row `row_id` of `table` is still the row its link was made from (its own link only: one row
    hashed, not the chain walked). What a command reads from a snapshot row asks this first; `audit` walks the
    whole chain."""
    found = conn.execute("SELECT seq, hash FROM chain WHERE tbl = ? AND row_id = ?", (table, row_id)).fetchone()
    if found is None:
        return False
    before = conn.execute("SELECT hash FROM chain WHERE seq < ? ORDER BY seq DESC LIMIT 1", (found[0],)).fetchone()
    stored = tuple(conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone())
    return link(before[0] if before else GENESIS, table, hashed(table, stored)) == found[1]


def head(conn: sqlite3.Connection) -> tuple[int, str]:
    """The last link: its position and hash (0 and the genesis hash in an empty ledger)."""
    row = conn.execute("SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1").fetchone()
    return (row[0], row[1]) if row else (0, GENESIS)


def insert(conn: sqlite3.Connection, table: str, values: dict, previous: tuple[int, str],
           forecast: Forecast | None = None) -> tuple[int, tuple[int, str]]:
    """Insert one row into a log table and chain it after `previous`, the chain's last link (`head`, which the
    caller holding the write lock knows); the row's id and the new last link. With a `forecast`, the link is the one
    the row will have in the ledger it is to be copied into (an import's judge: `Forecast`)."""
    row_id = _insert(conn, table, values)
    stored = tuple(conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone())
    hashed_as = (link(previous[1], table, hashed(table, stored)) if forecast is None
                 else forecast.link(previous[1], table, stored))
    seq = conn.execute("INSERT INTO chain (tbl, row_id, hash) VALUES (?, ?, ?)", (table, row_id, hashed_as)).lastrowid
    assert seq is not None  # an INSERT's: the new link's position
    return row_id, (seq, hashed_as)


# The columns of each log table that hold another row's id, and the table it names.
REFERENCES = {
    "session_events": {"session_id": "sessions"},
    "hands": {"session_id": "sessions"},
    "actions": {"hand_id": "hands", "voids": "actions"},
    "postings": {"session_id": "sessions", "hand_id": "hands", "action_id": "actions"},
    "loans": {"session_id": "sessions"},
    "purses": {"session_id": "sessions", "hand_id": "hands", "after_action": "actions"},
    "payments": {"voids": "payments"},
}


class Forecast:
    """The links a ledger's rows will have once copied, in the order they are chained, into another ledger that
    ends at link `start` with `last` its log tables' last ids (`transplant` in `ledger.exchange`): each row's id, and
    every id it names (`REFERENCES`), moved past that ledger's last of its table, and the row hashed after the link
    before. An import's judge, a ledger of its own that starts empty, chains its rows so, so that when nothing was
    recorded in the ledger meanwhile the copy is a plain copy of its rows and links (`Copy.foreseen`)."""

    def __init__(self, conn: sqlite3.Connection, start: tuple[int, str], last: dict[str, int]):
        """`conn`: a ledger of the schema the rows have, whose columns say where the ids are."""
        import hashlib

        self.sha256 = hashlib.sha256  # many rows (`link`)
        self.start, self.last = start, last
        self.moves: dict[str, list[tuple[int, int]]] = {}  # table → (column index, what its id moves by)
        for table in LOG_TABLES:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            self.moves[table] = [(0, last[table])] + [(columns.index(column), last[named]) for column, named in
                                                       REFERENCES.get(table, {}).items()]

    def moved(self, table: str, values) -> tuple:
        """A row's values as the other ledger will store it: each id moved past its table's last there."""
        values = list(values)
        for index, past in self.moves[table]:
            if values[index] is not None:
                values[index] += past
        return tuple(values)

    def link(self, previous: str, table: str, stored: tuple) -> str:
        """The link, in the other ledger, of a row stored here after the one whose link here is `previous` (the
        genesis hash before the first row: this ledger's chain starts where the other's ends)."""
        return link(self.start[1] if previous == GENESIS else previous, table, hashed(table, self.moved(table, stored)),
                    self.sha256)


class Copy:
    """Rows copied into a ledger from one of the same schema, inside the caller's write: each given the id this
    ledger gives its table next and chained after the one before, then written a statement per table and one for
    the links, every `BATCH` rows (so that a long session's copy holds a batch at a time). What is stored is known
    (every column but `id` as the other ledger stored it), so nothing is read back; ids follow each table's last,
    as SQLite gives them."""

    BATCH = 5000

    def __init__(self, conn: sqlite3.Connection, previous: tuple[int, str], forecast: Forecast | None = None,
                 tables: tuple[str, ...] = LOG_TABLES, columns: dict[str, tuple[str, ...]] | None = None):
        """Rows of `tables` copied after link `previous`, linked as `insert` links them (`forecast`); `columns`:
        each table's, where the caller knows them (and keeps them for the next copy)."""
        import hashlib

        self.sha256 = hashlib.sha256  # many rows (`link`)
        self.conn, self.forecast = conn, forecast
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
        self.head = (link(self.head, table, hashed(table, stored), self.sha256) if self.forecast is None
                     else self.forecast.link(self.head, table, stored))
        self.seq += 1
        self.rows[table].append(stored)
        self.links.append((table, row_id, self.head))
        if len(self.links) >= self.BATCH:
            self.write()
        return row_id

    def add_named(self, table: str, values: dict) -> int:
        """Queue one row given by column name, as `insert` takes it: every column of the table, those not named
        NULL (no log table has another default), so that it is hashed as SQLite will store it; its id."""
        columns = self.columns_of(table)
        return self.add(table, columns, [values.get(column) for column in columns])  # `id` is never named

    def columns_of(self, table: str) -> tuple[str, ...]:
        """A log table's columns, read once."""
        if table not in self.columns:
            self.columns[table] = tuple(row[1] for row in self.conn.execute(f"PRAGMA table_info({table})"))
        return self.columns[table]

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

    def follows(self, forecast: Forecast) -> bool:
        """Whether this ledger still ends where `forecast` foresaw, nothing queued yet: its rows may be copied as
        linked (`foreseen`)."""
        return not self.links and (self.seq, self.head) == forecast.start and self.last == forecast.last

    def foreseen(self, schema: str, forecast: Forecast) -> None:
        """Every row and link of the ledger attached here as `schema`, whose rows were linked as `forecast` foresaw
        (an import's judge), where this ledger still ends as it did then: copied in SQL as they stand, each id moved
        as the forecast moved it, each link as it was made; nothing else queued."""
        if not self.follows(forecast):
            raise AssertionError("the forecast is of another ledger than this one, or of this one before it moved on")
        for table in LOG_TABLES:  # in the order rows name one another
            columns = self.columns_of(table)
            moved = {columns[index]: past for index, past in forecast.moves[table]}
            values = ", ".join(f"{column} + {moved[column]}" if column in moved else column for column in columns)
            self.conn.execute(f"INSERT INTO main.{table} ({', '.join(columns)}) SELECT {values} FROM {schema}.{table}"
                              f" ORDER BY id")
        past = " ".join(f"WHEN '{table}' THEN {forecast.last[table]}" for table in LOG_TABLES)
        self.conn.execute(f"INSERT INTO main.chain (tbl, row_id, hash) SELECT tbl, row_id + CASE tbl {past} END, hash"
                          f" FROM {schema}.chain ORDER BY seq")
        links, last = self.conn.execute(f"SELECT COUNT(*), (SELECT hash FROM {schema}.chain ORDER BY seq DESC LIMIT 1)"
                                        f" FROM {schema}.chain").fetchone()
        self.seq, self.head = head(self.conn)
        if (self.seq, self.head) != (forecast.start[0] + links, last or forecast.start[1]):
            raise AssertionError(f"the chain ends at link {self.seq}, not where the forecast foresaw")
        self.last = {table: self.conn.execute(f"SELECT COALESCE(MAX(id), 0) FROM main.{table}").fetchone()[0]
                     for table in self.last}


def _insert(conn: sqlite3.Connection, table: str, values: dict) -> int:
    columns = ", ".join(values)
    marks = ", ".join("?" * len(values))
    row_id = conn.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(values.values())).lastrowid
    assert row_id is not None  # an INSERT's: the new row's id
    return row_id


def digest(conn: sqlite3.Connection) -> str:
    """The chain head as a digest, e.g. `1234-3f9ab2c1d4e5f607`."""
    return digest_of(head(conn))


def digest_of(link: tuple[int, str]) -> str:
    """A link (its position and hash) as a digest."""
    seq, full = link
    return f"{seq}-{full[:DIGEST_HEX]}"
