"""A club's ledger: every table's sessions pulled into one (`bragref club pull`, docs/reference.md, Beyond one machine).

A source is a table's ledger file, a Litestream replica of one (a folder or a URL, restored through Litestream into a
scratch file), or a hand history. A ledger is audited whole before anything of it is taken, and nothing of one whose
audit finds anything is; each of its sessions is then recorded as `import` records a history, judged by the rules
again (`exchange.import_judged`), unless the club's ledger holds it already: the same night by its identity
(`exchange.known`: a copy that is a beginning of it is extended, one that differs refused, as is the same night
under another identity), or, for a night without one, the same players, rules and hands, whatever its name
(`exchange.holding`). So a pull taken twice records nothing the second time, a night pulled while it was played and
again after is one night, and two tables' sessions of the same name are both kept (the second as `NAME-2`).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

import bragref.structs as structs

from bragref.engine.errors import BadInput, Refused
from bragref.ledger.store import Ledger

SQLITE = b"SQLite format 3\x00"  # how every SQLite database file begins
RESTORE_TIMEOUT_S = 60.0  # how long a replica's restore may take (`club pull --timeout`): a store that hangs ends


class Pulled(structs.Struct):
    """What a pull made of one source: the sessions recorded (each as (its name there, its name here)), those the
    club's ledger held already (likewise), the names here of those recorded while still being played, the audit's
    findings (then nothing of it is recorded), and why it, or a session of it, could not be pulled (`BadInput`,
    `Refused`)."""

    source: str
    imported: list[tuple[str, str]] = structs.field(default_factory=list)
    there: list[tuple[str, str]] = structs.field(default_factory=list)
    playing: list[str] = structs.field(default_factory=list)
    findings: list[str] = structs.field(default_factory=list)
    failed: list[tuple[str | None, Exception]] = structs.field(default_factory=list)
    payments: int = 0  # the table's settle-ups (`paid`) and their voids recorded here, each once
    handles: int = 0  # the table's pay-to handles recorded here: those newer than the club's (`handles_entered`)
    extended: list[str] = structs.field(default_factory=list)  # nights held here already that grew: what was recorded
    # in each (`friday: 3 more hands`)


def pull(source: str, club: Callable[[bool], Ledger | None], digest: str | None = None,
         timeout: float = RESTORE_TIMEOUT_S) -> Pulled:
    """Pull every session of `source` into the club's ledger, which `club(create)` opens: None where there is none
    yet and not `create` (a pull makes it when it first records a session in it), then the table's settle-ups. With
    `digest` (`SOURCE@DIGEST`), only a ledger that holds that digest, as `audit --digest` says."""
    pulled = Pulled(source)
    with ExitStack() as stack:
        try:
            kind, path = _kind(source, stack, timeout)
            if kind == "history" and digest is not None:
                pulled.findings = [(f"a hand history has no chain to hold digest {digest}: pull the table's ledger or "
                                   f"its replica")]
            elif kind == "history":
                _history(pulled, path, club)
            else:
                ledger = stack.enter_context(_opened(path))
                pulled.findings = _audited(ledger, digest)
                if not pulled.findings:
                    _sessions(pulled, ledger, club)
                    if not pulled.failed:
                        _payments(pulled, ledger, club)
                        _handles(pulled, ledger, club)
        except (BadInput, Refused) as error:
            pulled.failed.append((None, error))
    return pulled




def not_a_file(path: str) -> BadInput | None:
    """Why `path` cannot be read as a source (`import`'s, `club pull`'s), where it is something else than a regular
    file or a folder: a FIFO, a device, a socket, or a standard stream by name (`/dev/stdout`, `/dev/fd/1`, even where
    it leads to a file): read, it would block for ever or never end. None where it is one, or is not there (said
    when it is opened). Asked without opening it."""
    import stat

    whole = os.path.abspath(path)
    if whole in ("/dev/stdin", "/dev/stdout", "/dev/stderr") or whole.startswith(("/dev/fd/", "/proc/")):
        return BadInput("it is a standard stream or a process's file, not a file: name the ledger's file, its "
                        "replica or a history file")
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    what = "a FIFO (a named pipe)" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or \
        stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
    return BadInput(f"it is {what}, not a regular file, a folder or a URL: name the ledger's file, its replica or "
                    f"a history file")


def _kind(source: str, stack: ExitStack, timeout: float = RESTORE_TIMEOUT_S) -> tuple[str, str]:
    """What `source` is ("ledger" or "history") and the file to read: a replica restored first into a scratch folder
    (the one an import judges in, removed after, or by the next import where this process is killed first), within
    `timeout` seconds. Bad input at once where it is neither a regular file, a folder nor a URL (`not_a_file`)."""
    from bragref.ledger import litestream
    from bragref.ledger.exchange import SCRATCH, sweep_scratch

    if not litestream.URL.match(source) and (wrong := not_a_file(source)) is not None:
        raise wrong
    if litestream.URL.match(source) or os.path.isdir(source):
        sweep_scratch()
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix=f"{SCRATCH}{os.getpid()}-"))
        restored = os.path.join(folder, "restored.db")
        litestream.restore(source, restored, timeout)
        return "ledger", restored
    try:
        with open(source, "rb") as file:
            start = file.read(len(SQLITE))
    except (OSError, ValueError) as error:  # missing, unreadable, a NUL in the name
        raise unreadable(error) from None
    return ("ledger" if start == SQLITE else "history"), source


def unreadable(error: OSError | ValueError) -> BadInput:
    """A file that cannot be read, said so: why, as the system or the decoder puts it."""
    reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text" \
        if isinstance(error, UnicodeDecodeError) else str(error)
    return BadInput(f"cannot read it: {reason}")


@contextmanager
def _opened(path: str) -> Iterator[Ledger]:
    """The ledger file at `path`, read as it is (`Ledger.read_only`), closed after; bad input where it cannot be read
    as a ledger at all."""
    import sqlite3

    from bragref.ledger.db import LedgerUnavailable

    try:
        ledger = Ledger.read_only(path)
    except (sqlite3.DatabaseError, LedgerUnavailable) as error:
        raise BadInput(f"cannot read it as a ledger: {error}") from None
    try:
        yield ledger
    finally:
        ledger.close()


def _audited(ledger: Ledger, digest: str | None = None) -> list[str]:
    """`audit --all` of a source's ledger (with `--digest`, where one is given): its findings, none where it is
    sound."""
    from bragref.ledger.audit import audit

    sessions = [row[0] for row in ledger.conn.execute("SELECT id FROM sessions ORDER BY id")]
    return audit(ledger.conn, sessions, digest=digest, file=ledger.file)


PAYMENT = ("at", "payer", "payee", "amount", "note", "money")  # what a settle-up is known by, wherever it is copied:
# its time (to the microsecond, as every row is stamped), the two people, the amount and its money, the note


def _payments(pulled: Pulled, ledger: Ledger, club: Callable[[bool], Ledger | None]) -> None:
    """The table's settle-ups (`paid`) and the voids of them, in the order recorded, each recorded in the club's
    ledger unless it holds it already (`PAYMENT`): chained, after the table's sessions, as the table recorded them
    (judged there; `audit` judges them here again)."""
    rows = ledger.conn.execute("SELECT * FROM payments ORDER BY id").fetchall()
    if not rows:
        return
    from bragref.ledger.money import kept_in

    first = ledger.all_sessions()
    money = kept_in(first[0].rules) if first else None  # an older bragref's payment is in the first session's money
    rows = [{**dict(row), "money": row["money"] or money} for row in rows]
    here = club(True)
    assert here is not None  # asked to `create`: made where there is none yet
    by_id = {row["id"]: row for row in rows}
    with here.write():
        held = {tuple(row[column] for column in PAYMENT): row["id"] for row in
                here.conn.execute("SELECT * FROM payments WHERE voids IS NULL")}
        voided = {row[0] for row in here.conn.execute("SELECT voids FROM payments WHERE voids IS NOT NULL")}
        for row in rows:
            if row["voids"] is None:
                known = tuple(row[column] for column in PAYMENT)
                if known not in held:
                    held[known] = here._insert("payments", **{column: row[column] for column in PAYMENT})
                    pulled.payments += 1
                continue
            paid = by_id.get(row["voids"])
            target = held.get(tuple(paid[column] for column in PAYMENT)) if paid is not None else None
            if paid is None or target is None or target in voided:
                continue
            if here._last_link()[0] != here.conn.execute("SELECT seq FROM chain WHERE tbl = 'payments' AND row_id = ?",
                                                         (target,)).fetchone()[0]:  # a void follows what it voids
                pulled.failed.append((None, BadInput(
                    f"{paid['payer']}'s settle-up to {paid['payee']} ({paid['at'][:16]}) was taken back at the table "
                    f"after the club pulled it, and more has been recorded here since: undo voids only the last event "
                    f"(R9.1), so record a payment back here (`paid {paid['payee']} {paid['payer']} …`)")))
                continue
            here._insert("payments", at=row["at"], payer=row["payer"], payee=row["payee"], amount=row["amount"],
                         note=row["note"], voids=target, reason=row["reason"], money=row["money"])
            voided.add(target)
            pulled.payments += 1


def _handles(pulled: Pulled, ledger: Ledger, club: Callable[[bool], Ledger | None]) -> None:
    """The table's pay-to handles (`pay-to`, its removals too), each recorded in the club's ledger where it was entered
    after the club's newest for that person (`Money.handles_entered`): the newest entered wins, wherever."""
    rows = [tuple(row) for row in ledger.conn.execute("SELECT at, player, handle FROM handles ORDER BY id")]
    here = club(False) if rows else None
    if here is not None:
        pulled.handles += here.handles_entered(rows)


def _sessions(pulled: Pulled, ledger: Ledger, club: Callable[[bool], Ledger | None]) -> None:
    """Each session of a sound ledger, oldest first: found in the club's ledger already, or recorded there."""
    from bragref.ledger.exchange import SOURCE_DIGEST, digest_of, export, held_as_rows, holding

    for session in ledger.all_sessions():
        here = club(False)
        held = held_as_rows(here, ledger, session) if here is not None else None
        if held is not None:  # the night, held whole already: known from the rows, no hand replayed
            pulled.there.append((session.name, held))
            continue
        exported = export(ledger, session)
        exported.pop("_handles", None)  # the table's handles are pulled after its sessions, every one (`_handles`)
        exported[SOURCE_DIGEST] = digest_of(ledger, session)  # named where the club's copy differs
        here = club(False)
        already = holding(here, exported) if here is not None and not session.identity else None  # a night with
        # an identity is known by it first (`exchange.known`)
        if already is not None:
            pulled.there.append((session.name, already))
            continue
        _record(pulled, session.name, exported, club)


def _history(pulled: Pulled, path: str, club: Callable[[bool], Ledger | None]) -> None:
    """A hand history, recorded as `import` records it; one the club's ledger holds already is found there."""
    from bragref.formats import bhh

    try:
        document = bhh.load_lazily(path)
    except (OSError, ValueError) as error:  # unreadable, not UTF-8
        raise unreadable(error) from None
    _record(pulled, document["session"], document, club)


def _record(pulled: Pulled, name: str, document: dict, club: Callable[[bool], Ledger | None]) -> None:
    """Record a session's history in the club's ledger (made by this, the first), under its own name, or the first
    free `NAME-2` where another session has it, the club's current session left as it was. A line the rules refuse,
    or that cannot be read, is said where it is (the hand and the line) as the session's failure, as is a session
    refused whole."""
    from bragref.ledger.exchange import AlreadyImported, Diverged, Extended, Located, import_judged

    try:
        opened = club(True)
        assert opened is not None  # asked to `create`: made where there is none yet
        made = import_judged(opened, document)
    except AlreadyImported as already:
        pulled.there.append((name, already.name))
        return
    except Extended as extended:  # the same night, pulled again once it had grown
        pulled.extended.append(str(extended))
        return
    except Diverged as diverged:
        pulled.failed.append((name, diverged))
        return
    except Located as located:
        where = f"hand {located.hand}, " if located.hand is not None else ""
        error = located.error
        failure = Refused(f"{where}{located.text}: {error.reason}", error.rule) if isinstance(error, Refused) \
            else BadInput(f"{where}{located.text}: {error}")
        pulled.failed.append((name, failure))
        return
    except (BadInput, Refused) as refused:
        pulled.failed.append((name, refused))
        return
    pulled.imported.append((name, made.name))
    if not made.closed:
        pulled.playing.append(made.name)
