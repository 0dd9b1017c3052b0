"""A ledger's replica checked against the ledger (`replica status`, docs/club.md, Is the replica sound?).

The replica is restored through Litestream (`litestream.restore`) into a scratch file and its chain compared with the
ledger's. The chain is a hash chain: a replica whose last link is the ledger's link at the same position holds, row
for row, the beginning of the ledger's history; any other holds a history that is not this ledger's. The comparison
(`compared`) is pure; `status` restores and reads.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing, suppress
from datetime import UTC, datetime

import bragref.structs as structs
from bragref.engine.errors import BadInput
from bragref.ledger.db import LedgerUnavailable, litestream_attached

CURRENT, BEHIND, DIVERGED, UNREACHABLE = "current", "behind", "diverged", "unreachable"
CONFIGURED = "configured"  # kept beside the ledger (`remember`), not a state of a replica: the replica
# `litestream-config` named for the ledger, never checked yet (`configure`)
TIMEOUT_S = 60.0  # the most a restore may take (a store that hangs): past it the replica is unreachable
LAGGING_S = 10.0  # seconds a row may wait for the replica before it is said not to be replicating: Litestream sends
# what it found every second (`litestream.SYNC_INTERVAL`), a row is in the replica 0.3-0.4 s after it is recorded
TIMED = {"sessions": "created_at", "session_events": "at", "hands": "dealt_at", "actions": "at", "loans": "at",
         "purses": "at", "payments": "at"}  # the log tables whose rows say when they were recorded


class Health(structs.Struct, frozen=True):  # a Struct, not a dataclass: a write's quick path imports this module,
    # and `dataclasses` (not otherwise loaded by a move) would be a third of what that costs
    """What `replica status` says of a replica: `state` one of CURRENT, BEHIND, DIVERGED, UNREACHABLE; `missing` the
    rows the ledger holds and the replica does not (current 0; None where it cannot be said); `age_s` the seconds
    since the newest row the replica holds was recorded (None where it holds none, or is not this ledger's);
    `pending_s`, where it is behind, the seconds since the first row it lacks was recorded (how long this ledger has
    not been backed up); `said` why, where it is diverged or unreachable; `attached`, whether a Litestream was
    attached to the ledger (`db.litestream_attached`) as it was checked."""

    replica: str
    state: str
    missing: int | None = None
    age_s: float | None = None
    said: str = ""
    pending_s: float | None = None
    attached: bool | None = None

    @property
    def replicating(self) -> bool | None:
        """Whether the ledger's writes are reaching the replica: a Litestream attached to it, and no row the replica
        lacks recorded `LAGGING_S` or more ago (a Litestream attached that sends nothing: stopped, or Litestream 0.5.17
        after a write made while it was starting). None where the replica is not this ledger's or cannot be read."""
        if self.state not in (CURRENT, BEHIND):
            return None
        return bool(self.attached) and not self.lagging

    @property
    def lagging(self) -> bool:
        """Whether the replica lacks a row recorded `LAGGING_S` or more ago: not replicating, to be said so."""
        return self.state == BEHIND and self.pending_s is not None and self.pending_s >= LAGGING_S

    def as_json(self) -> dict:
        return {"replica": self.replica, "state": self.state, "missing": self.missing, "age_s": self.age_s,
                "replicating": self.replicating}


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
    one bragref knows of (`configured`: the last checked, else the one `litestream-config` named, else the folder it
    names by default); restored into a scratch folder (removed after) within `timeout` seconds."""
    import tempfile

    from bragref.ledger import chain, litestream
    from bragref.ledger.exchange import SCRATCH, sweep_scratch

    where = replica if replica is not None else configured(ledger) or default_replica(ledger)
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
    return Health(where, state, missing, _age(newest, now), pending_s=_age(pending, now),
                  attached=litestream_attached(ledger))


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
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as raw:
            tables = [name for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name"
                                                      " NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE"
                                                      " '\\_litestream\\_%' ESCAPE '\\'")]
        if not tables:  # the empty file Litestream was started on, before bragref's first row: a beginning of it
            return (0, chain.GENESIS), None
    except sqlite3.DatabaseError:
        return None
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


# ---- a returning laptop told before it writes: the replica checked before a write where its state is not known -----

FRESH_S = 60.0  # seconds a replica's checked state stays known while the ledger only grows from the chain it was
# checked at: play keeps it known (each write refreshes it); a laptop quiet for longer (switched off, replaced, back)
# is checked again before its next write
CHECK_TIMEOUT_S = 10.0  # the most a write waits for the replica's restore, as `serve --referee` waits at its start
REFRESHED_S = 10.0  # a known state's time is written again at most this often (a write's cost: none, mostly)


class Moved(LedgerUnavailable):
    """The ledger's replica holds a history that is not this ledger's (`DIVERGED`): nothing may be written here
    (docs/club.md, Is the replica sound?). `health`: what was found."""

    def __init__(self, health: Health):
        super().__init__(health.said)
        self.health = health


def checked_path(ledger: str) -> str:
    """Where the replica's last check is kept beside the ledger at `ledger` (`LEDGER-replica-checked.json`): which
    replica, how it stood, the ledger's chain head then, and when."""
    return f"{os.path.abspath(ledger)}-replica-checked.json"


def remembered(ledger: str) -> dict | None:
    """The replica's last check kept beside the ledger (`checked_path`), or None where none is (or what is there
    is not one: a file edited by hand is ignored, and the replica checked again)."""
    try:
        with open(checked_path(ledger), "rb") as file:
            kept = structs.decode(file.read())
        if datetime.fromisoformat(kept["at"]).tzinfo is not None and isinstance(kept["replica"], str) and \
                kept["state"] in (CURRENT, BEHIND, DIVERGED, UNREACHABLE, CONFIGURED) and \
                isinstance(kept["seq"], int) and isinstance(kept["hash"], str):
            return kept
    except (OSError, ValueError, KeyError, TypeError, structs.DecodeError):
        pass
    return None


def remember(ledger: str, replica: str, state: str, head: tuple[int, str], at: datetime) -> None:
    """The replica's check kept beside the ledger (`checked_path`), with whether a Litestream was attached to the
    ledger then (`db.litestream_attached`), written whole (a file of this process's beside it, then a rename: no
    `tempfile`, whose import a write's quick path would pay); where it cannot be written (a folder of someone
    else's), the next write checks again."""
    path = checked_path(ledger)
    scratch = os.path.join(os.path.dirname(path), f".replica-checked-{os.getpid()}-{os.path.basename(path)}")
    try:
        with open(scratch, "wb") as file:
            file.write(structs.encode({"replica": replica, "state": state, "seq": head[0], "hash": head[1],
                                       "at": at.isoformat(timespec="seconds"), "attached": litestream_attached(ledger)}))
        os.replace(scratch, path)
    except OSError:
        with suppress(OSError):
            os.remove(scratch)


def configure(ledger: str, replica: str | None) -> None:
    """The replica `litestream-config` names for the ledger at `ledger` (`replica`: a URL, or a folder; None for the
    folder beside the ledger) kept beside it as never checked (`CONFIGURED`), so that the ledger's next write checks
    it (`before_write`), whatever else was checked before: a laptop whose Litestream replicates to a folder or a URL
    nobody has asked `replica status` about is told before it writes where that replica has moved on. Where it is
    the replica kept already, the check kept is left as it is; where it is the folder beside the ledger and nothing
    is kept, nothing is written (`configured` finds that folder where it exists)."""
    from bragref.ledger import chain
    from bragref.ledger.litestream import URL

    where = default_replica(ledger) if replica is None else replica if URL.match(replica) else os.path.abspath(replica)
    kept = remembered(ledger)
    if (kept is None and replica is None) or (kept is not None and kept["replica"] == where):
        return
    remember(ledger, where, CONFIGURED, (0, chain.GENESIS), datetime.now(UTC))


def configured(ledger: str) -> str | None:
    """The replica the ledger at `ledger` is known to have: the one last checked (`replica status [--replica URL]`,
    `serve --referee [--replica URL]`) or, later, named by `litestream-config` (`configure`), else the folder
    `litestream-config` names by default where it exists; None where neither is (no replica is configured that
    bragref knows of)."""
    kept = remembered(ledger)
    if kept is not None:
        return kept["replica"]
    folder = default_replica(ledger)
    return folder if os.path.isdir(folder) else None


def before_write(conn: sqlite3.Connection, ledger: str, now: datetime | None = None) -> Health | None:
    """A returning laptop told before it writes (docs/club.md, Is the replica sound?): where the ledger open on `conn`
    (at `ledger`) holds Litestream's tables and has a replica configured (`configured`), its state, checked by
    restoring the replica (`status`, within `CHECK_TIMEOUT_S`) unless it is known: checked (not only named by
    `litestream-config`), not diverged, less than
    `FRESH_S` ago, the ledger having only grown since (its chain holds the head it was checked at), and a Litestream
    attached to it now where one was then and not where none was (a laptop that died took its Litestream with it: its
    first write after checks, however soon); a ledger holding no row yet is not checked. `Moved` where the
    replica has diverged; the state where it was checked now (the shell says an unreachable one), else None."""
    from bragref.ledger import chain
    from bragref.ledger.db import replicated

    replica = configured(ledger)
    if replica is None or not replicated(conn):
        return None
    head = chain.head(conn)
    if head[0] == 0:  # nothing recorded yet (an empty file Litestream was started on): no history to have left
        return None
    now = now or datetime.now(UTC)
    kept = remembered(ledger)
    if kept is not None and kept["replica"] == replica and kept["state"] in (CURRENT, BEHIND, UNREACHABLE):
        age = (now - datetime.fromisoformat(kept["at"])).total_seconds()
        found = conn.execute("SELECT hash FROM chain WHERE seq = ?", (kept["seq"],)).fetchone()
        grown = (found[0] if found else chain.GENESIS if kept["seq"] == 0 else None) == kept["hash"]
        if 0 <= age < FRESH_S and grown and kept.get("attached") == litestream_attached(ledger):
            if age >= REFRESHED_S:
                remember(ledger, replica, kept["state"], head, now)
            return None
    health = status(conn, ledger, replica, CHECK_TIMEOUT_S, now)
    remember(ledger, replica, health.state, head, now)
    if health.state == DIVERGED:
        raise Moved(health)
    return health
