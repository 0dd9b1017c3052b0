"""A ledger's replica checked against the ledger (`replica status`, docs/club.md, Is the replica sound?).

The replica is restored through Litestream (`litestream.restore`) into a scratch file and its chain compared with the
ledger's. The chain is a hash chain: a replica whose last link is the ledger's link at the same position holds, row
for row, the beginning of the ledger's history; any other holds a history that is not this ledger's. The comparison
(`compared`) is pure; `status` restores and reads.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime

from bragref.engine.errors import BadInput

CURRENT, BEHIND, DIVERGED, UNREACHABLE = "current", "behind", "diverged", "unreachable"
TIMEOUT_S = 60.0  # the most a restore may take (a store that hangs): past it the replica is unreachable
TIMED = {"sessions": "created_at", "session_events": "at", "hands": "dealt_at", "actions": "at", "loans": "at",
         "purses": "at", "payments": "at"}  # the log tables whose rows say when they were recorded


@dataclass(frozen=True)
class Health:
    """What `replica status` says of a replica: `state` one of CURRENT, BEHIND, DIVERGED, UNREACHABLE; `missing` the
    rows the ledger holds and the replica does not (current 0; None where it cannot be said); `age_s` the seconds
    since the newest row the replica holds was recorded (None where it holds none, or is not this ledger's);
    `pending_s`, where it is behind, the seconds since the first row it lacks was recorded (how long this ledger has
    not been backed up); `said` why, where it is diverged or unreachable."""

    replica: str
    state: str
    missing: int | None = None
    age_s: float | None = None
    said: str = ""
    pending_s: float | None = None

    def as_json(self) -> dict:
        return {"replica": self.replica, "state": self.state, "missing": self.missing, "age_s": self.age_s}


def compared(ours: tuple[int, str], theirs: tuple[int, str], ours_at: str | None) -> tuple[str, int | None]:
    """The state of a replica whose chain ends at `theirs` (position, hash) against a ledger whose chain ends at
    `ours`, `ours_at` being the ledger's link at the replica's last position (None where the ledger has none there):
    current where the two ends are one, behind (and by how many rows) where the replica's end is a link of the
    ledger's, else diverged."""
    if theirs == ours:
        return CURRENT, 0
    if theirs[0] < ours[0] and ours_at == theirs[1]:
        return BEHIND, ours[0] - theirs[0]
    return DIVERGED, None


def default_replica(ledger: str) -> str:
    """The replica `litestream-config` names where none is given: the folder `LEDGER-replica` beside the ledger."""
    return f"{os.path.abspath(ledger)}-replica"


def status(conn: sqlite3.Connection, ledger: str, replica: str | None = None, timeout: float = TIMEOUT_S,
           now: datetime | None = None) -> Health:
    """The replica of the ledger open on `conn` (at `ledger`): `replica` a folder or a replica URL, by default the
    one `litestream-config` names; restored into a scratch folder (removed after) within `timeout` seconds."""
    from bragref.ledger import chain, litestream
    from bragref.ledger.exchange import SCRATCH, sweep_scratch

    where = replica if replica is not None else default_replica(ledger)
    sweep_scratch()
    with tempfile.TemporaryDirectory(prefix=f"{SCRATCH}{os.getpid()}-") as folder:
        restored = os.path.join(folder, "restored.db")
        try:
            litestream.restore(where, restored, timeout=timeout)
        except BadInput as error:
            return Health(where, UNREACHABLE, said=str(error))
        held = _held(restored)
    if held is None:
        return Health(where, DIVERGED, said="it holds no bragref ledger")
    theirs, newest = held
    ours = chain.head(conn)
    found = conn.execute("SELECT hash FROM chain WHERE seq = ?", (theirs[0],)).fetchone()
    state, missing = compared(ours, theirs, found[0] if found else (chain.GENESIS if theirs[0] == 0 else None))
    if state == DIVERGED:
        return Health(where, DIVERGED, said=f"it ends at {chain.digest_of(theirs)}, which is not a link of this "
                                            f"ledger's chain (which ends at {chain.digest_of(ours)})")
    now = now or datetime.now(UTC)
    pending = _recorded(conn, theirs[0]) if state == BEHIND else None
    return Health(where, state, missing, _age(newest, now), pending_s=_age(pending, now))


def _age(when: str | None, now: datetime) -> float | None:
    """Seconds from `when` (ISO 8601) to `now`, to a tenth."""
    return None if when is None else round(max(0.0, (now - datetime.fromisoformat(when)).total_seconds()), 1)


def _recorded(conn: sqlite3.Connection, after: int) -> str | None:
    """When the first row after chain position `after` that says so was recorded (a posting does not: the action
    it belongs to, just before it, does)."""
    for table, row_id in conn.execute("SELECT tbl, row_id FROM chain WHERE seq > ? ORDER BY seq LIMIT 20", (after,)):
        if table in TIMED:
            found = conn.execute(f"SELECT {TIMED[table]} FROM {table} WHERE id = ?", (row_id,)).fetchone()
            if found:
                return found[0]
    return None


def _held(path: str) -> tuple[tuple[int, str], str | None] | None:
    """A restored ledger's last link and when its newest row was recorded (ISO 8601); None where the file is no
    bragref ledger at all."""
    from bragref.ledger import chain
    from bragref.ledger.db import LedgerUnavailable, as_it_is

    try:
        rows, file = as_it_is(path)
    except (BadInput, LedgerUnavailable, sqlite3.DatabaseError):
        return None
    try:
        head = chain.head(rows)
        times = []
        for table, column in TIMED.items():
            try:
                found = rows.execute(f"SELECT {column} FROM {table} ORDER BY id DESC LIMIT 1").fetchone()
            except sqlite3.OperationalError:  # a table an older schema lacks
                continue
            if found:
                times.append(found[0])
        return head, max(times, key=datetime.fromisoformat, default=None)
    except sqlite3.DatabaseError:
        return None
    finally:
        rows.close()
        file.close()
