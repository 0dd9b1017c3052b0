"""Opening the ledger file: WAL, synchronous=FULL, a busy timeout, one IMMEDIATE transaction per write."""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager

SCHEMA_VERSION = 5  # the number of migrations in ledger.schema
BUSY_TIMEOUT_S = 10.0


class LedgerUnavailable(Exception):
    """The ledger is busy past the timeout, or cannot be opened (CLI exit 5)."""


def connect(path: str, timeout: float | None = None) -> sqlite3.Connection:
    timeout = BUSY_TIMEOUT_S if timeout is None else timeout
    try:
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            with transaction(conn):
                if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                    from bragref.ledger.schema import migrate

                    migrate(conn, SCHEMA_VERSION)
    except (sqlite3.OperationalError, sqlite3.DatabaseError, OSError) as error:
        raise unavailable(error, path) from None
    return conn


def unavailable(error: Exception, path=None) -> LedgerUnavailable:
    where = f"the ledger {path}" if path else "the ledger"
    if "locked" in str(error) or "busy" in str(error):
        return LedgerUnavailable(f"{where} is busy: another terminal is writing to it; try again")
    return LedgerUnavailable(f"cannot open {where}: {error}")


@contextmanager
def transaction(conn: sqlite3.Connection):
    """One write: BEGIN IMMEDIATE takes the write lock up front, so two terminals serialise.

    Inside another write it joins that one: an import is one write of many, all or nothing.
    """
    if conn.in_transaction:
        yield conn
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        raise unavailable(error) from None
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    try:
        conn.execute("COMMIT")
    except sqlite3.OperationalError as error:
        conn.execute("ROLLBACK")
        raise unavailable(error) from None
