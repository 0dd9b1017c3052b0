"""Opening the ledger file: WAL, synchronous=FULL, a busy timeout, one IMMEDIATE transaction per write.

Litestream (docs/club.md) replicates a ledger as another process on the same file, and its advice for the programs
that write one is kept here: WAL, which bragref always uses; a busy timeout of at least 5 seconds, which lets a write
wait out the short write lock Litestream takes at each sync (bragref's is 10); and no checkpoints of their own, one of
which, between two of Litestream's, makes it miss a change of the WAL and take a full snapshot again: a ledger holding
Litestream's tables, opened while a Litestream is attached to it, is left to Litestream to checkpoint
(`wal_autocheckpoint` 0). Its tables stay in the ledger after it stops: opened with no Litestream attached (no other
process holding a read lock on the WAL, `litestream_attached`), the ledger is checkpointed as SQLite's own setting
does, or a connection kept open (`serve`) would grow the WAL for ever.
"""

from __future__ import annotations

import _signal  # `signal` without the enums its import builds of every signal (0.7 ms of a bet)
import os
import sqlite3
import stat
from contextlib import contextmanager

from bragref.engine.errors import BadInput

SCHEMA_VERSION = 15  # the number of migrations in ledger.schema
BUSY_TIMEOUT_S = 10.0
LITESTREAM_TABLES = ("_litestream_seq", "_litestream_lock")  # what Litestream makes in a database it replicates


class LedgerUnavailable(Exception):
    """The ledger, or a file bragref was asked to write, is busy past the timeout or cannot be opened or written:
    locked, read-only, a full disk, a schema from a newer bragref (CLI exit 5). Nothing was written."""


JOURNAL = "wal"  # the journal a ledger opened to write is put in: WAL, but in the referee in the phone (below)


def in_the_phone() -> None:
    """The ledger's journal where bragref runs in a browser (the referee in the phone, docs/app.md): `delete`, not
    WAL. There, one worker is the only reader and writer, SQLite's file is in memory and the worker keeps it, and
    Pyodide maps WAL's shared-memory index anew for each connection and never gives it back (about 110 KB a
    connection, a third of a megabyte a tap). A ledger exported from the phone opens in WAL again wherever a
    bragref writes it."""
    global JOURNAL
    JOURNAL = "delete"


def connect(path: str, timeout: float | None = None, create: bool = True) -> sqlite3.Connection:
    """The ledger at `path`, brought up to this bragref's schema, in WAL. A file that is not a bragref ledger is
    never changed (bad input): only an empty one becomes a ledger, and only where `create` (a command that records
    the ledger's first row); any other command is told there is no ledger there."""
    timeout = BUSY_TIMEOUT_S if timeout is None else timeout
    try:
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:  # before anything else touches it: a newer bragref's ledger
            conn.close()
            raise LedgerUnavailable(f"the ledger {path} has schema version {version}, newer than this bragref's "
                                    f"{SCHEMA_VERSION}: use the bragref that wrote it, or a newer one")
        if version == 0:
            _new_ledger(conn, path, create)
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != JOURNAL:
            conn.execute(f"PRAGMA journal_mode = {JOURNAL}")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        if replicated(conn):
            if litestream_attached(path):
                conn.execute("PRAGMA wal_autocheckpoint = 0")
            else:  # its tables left behind: checkpoints as usual, and a WAL left large cut back at its next reset
                conn.execute(f"PRAGMA journal_size_limit = {WAL_KEPT}")
        if version < SCHEMA_VERSION:
            with transaction(conn):
                if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                    from bragref.ledger.schema import migrate

                    migrate(conn, SCHEMA_VERSION)
    except (sqlite3.OperationalError, sqlite3.DatabaseError, OSError) as error:
        raise unavailable(error, path) from None
    return conn


def replicated(conn: sqlite3.Connection) -> bool:
    """Whether Litestream replicates the database open on `conn`: it holds the table Litestream makes in one."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        LITESTREAM_TABLES[:1]).fetchone() is not None


WAL_KEPT = 4 * 2**20  # bytes: what a WAL grown large is cut back to once it is checkpointed, with no Litestream
SHM_READ_LOCKS = (123, 5)  # bytes of the WAL index (`-shm`) a reader locks while it reads: SQLite's WAL_READ_LOCK(0..4)
FLOCK = {"linux": "hhqqi", "darwin": "qqihh"}  # `struct flock` (type, whence, start, length, pid) where it is known
_probes: dict[tuple[int, int], int] = {}  # the `-shm` files probed, by device and inode, and a descriptor of each,
# kept open for the process's life: closing one would drop every record lock this process's own SQLite holds on it


def litestream_attached(path: str) -> bool:
    """Whether a Litestream may be replicating the ledger at `path` now: another process holds a read lock on its WAL
    index. Litestream holds a read transaction open all the while it replicates (so that nothing but it checkpoints
    the WAL); a bragref reader holds one only for the moment it reads, which at worst leaves one connection to
    Litestream's rule. Where the lock cannot be asked about (a platform whose `struct flock` is not known here), it
    is taken to be attached, as before."""
    try:
        import fcntl
        import struct
        import sys
    except ImportError:
        return True
    layout = FLOCK.get(sys.platform)
    if layout is None:
        return True
    shm = f"{path}-shm"
    try:
        found = os.stat(shm)
        key = (found.st_dev, found.st_ino)
        fd = _probes.get(key)
        if fd is None:
            fd = _probes[key] = os.open(shm, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        start, length = SHM_READ_LOCKS
        fields = ((fcntl.F_WRLCK, os.SEEK_SET, start, length, 0) if layout == "hhqqi"
                  else (start, length, 0, fcntl.F_WRLCK, os.SEEK_SET))
        held = struct.unpack(layout, fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack(layout, *fields)))
    except OSError:  # no WAL index: no other process has the ledger open
        return False
    return (held[0] if layout == "hhqqi" else held[3]) != fcntl.F_UNLCK


def _new_ledger(conn: sqlite3.Connection, path: str, create: bool) -> None:
    """A file with no schema version is made a ledger only where it is empty and `create`; else bad input, the file
    as it was (no table, no journal mode changed). Empty is with nothing in it but Litestream's tables: Litestream
    started on an empty file makes them before bragref records the ledger's first row."""
    if conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name NOT IN (?, ?)", LITESTREAM_TABLES).fetchone()[0]:
        conn.close()
        raise BadInput(f"{path} is not a bragref ledger (it holds another program's tables): nothing was changed; "
                       f"give bragref a ledger of its own with --db")
    if not create:
        conn.close()
        raise BadInput(f"no ledger at {path}: a command that records something (`bragref session new`, "
                       f"`bragref import`) makes one")


def connect_like(conn: sqlite3.Connection, path: str = ":memory:") -> sqlite3.Connection:
    """An empty ledger at `path` (in memory by default) with the schema of the ledger open on `conn`, made by the
    statements SQLite kept for it: no migrations to import and run (`ledger.schema`), for a ledger that only judges
    (an import's). A file here is scratch: written with no journal and no syncing, and thrown away after."""
    scratch = sqlite3.connect(path, isolation_level=None)
    scratch.row_factory = sqlite3.Row
    if path != ":memory:":
        scratch.execute("PRAGMA journal_mode = OFF")
        scratch.execute("PRAGMA synchronous = OFF")
    for (sql,) in conn.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
                               " ORDER BY rowid"):  # each table before its indexes and triggers
        scratch.execute(sql)
    scratch.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    scratch.execute("PRAGMA foreign_keys = ON")
    return scratch


URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")  # as in a file URI


def connect_read_only(path: str) -> sqlite3.Connection:
    """The ledger file opened for reading only, as it stands (no migration), rows read by name as `connect` reads
    them: through a URI made from the whole path, so that a folder whose name holds `#`, `?` or `%` is still the
    one meant."""
    if os.name == "nt":
        from pathlib import Path  # a drive's letter and backslashes: pathlib's own file URI

        uri = Path(path).resolve().as_uri()
    else:  # as pathlib writes it (urllib.parse.quote_from_bytes), without `Path.as_uri`, whose import of
        # urllib.request (http.client, email) was most of the phone's first table at a warm start
        uri = "file://" + "".join(chr(byte) if byte in URI_SAFE else f"%{byte:02X}"
                                  for byte in os.fsencode(os.path.realpath(path)))
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def as_it_is(path: str) -> tuple[sqlite3.Connection, sqlite3.Connection]:
    """The ledger at `path` read as it is, changing nothing (docs/reference.md, Promises about history), as `audit` and
    `serve` read it: the file opened read-only, with no migration and no change of journal mode; where an older bragref
    wrote it, a copy in memory brought up to this bragref's schema, whose rows are read. Returns (rows, file);
    `LedgerUnavailable` for a ledger of a newer bragref; bad input for a file with no schema version, as every
    command says of it (`_new_ledger`: an empty file is no ledger yet, another program's database is not one, not a
    ledger with bragref's tables removed); a file that is not SQLite at all raises `sqlite3.DatabaseError`."""
    file = connect_read_only(path)
    version = file.execute("PRAGMA user_version").fetchone()[0]
    if version == 0:
        _new_ledger(file, path, create=False)
    if version > SCHEMA_VERSION:
        file.close()
        raise LedgerUnavailable(f"the ledger {path} has schema version {version}, newer than this bragref's "
                                f"{SCHEMA_VERSION}: read it with the bragref that wrote it, or a newer one")
    if version == SCHEMA_VERSION:
        return file, file
    from bragref.ledger.schema import migrate  # here: a ledger of this bragref's schema never imports sqlite-utils

    copy = sqlite3.connect(":memory:", isolation_level=None)
    file.backup(copy)
    copy.row_factory = sqlite3.Row
    with transaction(copy):
        migrate(copy, SCHEMA_VERSION)
    return copy, file


CACHE_MOST = 64 * 2**20  # bytes: a cache beside the ledger larger than this is not read


def read_cache(path: str) -> bytes:
    """A cache file beside the ledger (odds' counts), read only where it is a regular file of at most
    `CACHE_MOST` bytes: a FIFO, a device (a symlink to /dev/zero), a folder or a huge file is `OSError`, which every
    cache's reader works around, never waiting on it or reading it whole."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = os.fstat(fd)
        if not stat.S_ISREG(kind.st_mode):
            raise OSError(f"{path} is not a regular file")
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(CACHE_MOST + 1)  # what it holds now, however it has grown since it was looked at
        if kind.st_size > CACHE_MOST or len(data) > CACHE_MOST:
            raise OSError(f"{path} is larger than a cache is kept")
        return data
    finally:
        os.close(fd)


def unavailable(error: Exception, path=None, conn: sqlite3.Connection | None = None) -> LedgerUnavailable:
    where = f"the ledger {path}" if path else "the ledger"
    text = str(error)
    if "locked" in text or "busy" in text:
        return LedgerUnavailable(f"{where} is busy: another terminal is writing to it; try again")
    if "readonly" in text or "read-only" in text:
        return LedgerUnavailable(f"{where} is read-only: nothing was written (check the file's and folder's permissions)")
    if "full" in text or ("disk I/O error" in text and _disk_full(path or _path_of(conn))):
        return LedgerUnavailable(f"the disk holding {where} is full: nothing was written; free some space and try again")
    return LedgerUnavailable(f"cannot use {where}: {text}; nothing was written")


FULL_BELOW = 64 * 1024  # bytes free: less than a few pages and their WAL frames


def _disk_full(path: str | None) -> bool:
    """Whether the disk holding `path` has no room left: SQLite reports a write that failed for want of space as
    "database or disk is full" only where it saw it so; a write of its WAL or journal says "disk I/O error"."""
    if not path:
        return False
    try:
        stats = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except (OSError, AttributeError):
        return False
    return stats.f_bavail * stats.f_frsize < FULL_BELOW


def _path_of(conn: sqlite3.Connection | None) -> str | None:
    try:
        return conn.execute("PRAGMA database_list").fetchone()[2] if conn is not None else None
    except sqlite3.Error:
        return None


def _rollback(conn: sqlite3.Connection) -> None:
    """Roll back if a transaction is still open: SQLite ends one by itself on some errors (a full disk), and a
    second ROLLBACK would hide the error that matters."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the transaction is gone either way: the first error is the one to report


@contextmanager
def transaction(conn: sqlite3.Connection, committed=lambda: None):
    """One write: BEGIN IMMEDIATE takes the write lock up front, so two terminals serialise.

    Inside another write it joins that one: an import is one write of many, all or nothing.
    The storage failing (locked, read-only, full) is `LedgerUnavailable`, with nothing written.
    `committed()` is called once the COMMIT is made, a Ctrl-C held from the COMMIT until it has been: the commit
    and what is told of it are one step, never "nothing was recorded" of a write that was.
    """
    if conn.in_transaction:
        yield conn
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise unavailable(error, conn=conn) from None
    try:
        yield conn
    except (sqlite3.OperationalError, sqlite3.DatabaseError) as error:
        _rollback(conn)
        if isinstance(error, sqlite3.IntegrityError):
            raise
        raise unavailable(error, conn=conn) from None
    except BaseException:
        _rollback(conn)
        raise
    _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})  # held in the thread that writes, until it is done
    try:
        conn.execute("COMMIT")
        committed()
    except sqlite3.Error as error:
        _rollback(conn)
        raise unavailable(error, conn=conn) from None
    finally:
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, {_signal.SIGINT})
