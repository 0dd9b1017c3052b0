"""A club's ledger: every table's sessions pulled into one (`bragref club pull`, docs/reference.md, Beyond one machine).

A source is a table's ledger file, a Litestream replica of one (a folder or a URL, restored through Litestream into a
scratch file), or a hand history. A ledger is audited whole before anything of it is taken, and nothing of one whose
audit finds anything is; each of its sessions is then recorded as `import` records a history, judged by the rules
again (`exchange.import_judged`), unless the club's ledger holds it already (the same players, rules and hands,
whatever its name: `exchange.holding`). So a pull taken twice records nothing the second time, and two tables'
sessions of the same name are both kept (the second as `NAME-2`).
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


def pull(source: str, club: Callable[[bool], Ledger | None]) -> Pulled:
    """Pull every session of `source` into the club's ledger, which `club(create)` opens: None where there is none
    yet and not `create` (a pull makes it when it first records a session in it)."""
    pulled = Pulled(source)
    with ExitStack() as stack:
        try:
            kind, path = _kind(source, stack)
            if kind == "history":
                _history(pulled, path, club)
            else:
                ledger = stack.enter_context(_opened(path))
                pulled.findings = _audited(ledger)
                if not pulled.findings:
                    _sessions(pulled, ledger, club)
        except (BadInput, Refused) as error:
            pulled.failed.append((None, error))
    return pulled


def _kind(source: str, stack: ExitStack) -> tuple[str, str]:
    """What `source` is ("ledger" or "history") and the file to read: a replica restored first into a scratch folder
    (the one an import judges in, removed after, or by the next import where this process is killed first)."""
    from bragref.ledger import litestream
    from bragref.ledger.exchange import SCRATCH, sweep_scratch

    if litestream.URL.match(source) or os.path.isdir(source):
        sweep_scratch()
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix=f"{SCRATCH}{os.getpid()}-"))
        restored = os.path.join(folder, "restored.db")
        litestream.restore(source, restored)
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


def _audited(ledger: Ledger) -> list[str]:
    """`audit --all` of a source's ledger: its findings, none where it is sound."""
    from bragref.ledger.audit import audit

    sessions = [row[0] for row in ledger.conn.execute("SELECT id FROM sessions ORDER BY id")]
    return audit(ledger.conn, sessions, file=ledger.file)


def _sessions(pulled: Pulled, ledger: Ledger, club: Callable[[bool], Ledger | None]) -> None:
    """Each session of a sound ledger, oldest first: found in the club's ledger already, or recorded there."""
    from bragref.ledger.exchange import export, holding

    for session in ledger.all_sessions():
        exported = export(ledger, session)
        here = club(False)
        already = holding(here, exported) if here is not None else None
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
    from bragref.ledger.exchange import AlreadyImported, Located, import_judged

    try:
        made = import_judged(club(True), document)
    except AlreadyImported as already:
        pulled.there.append((name, already.name))
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
