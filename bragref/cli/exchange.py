"""`export` and `import`: a session's hand history as bhh, JSON or CSV (man 5 bragref-bhh)."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterable

import click

from bragref.cli import EXIT_AUDIT, EXIT_BAD_INPUT, EXIT_REFUSED, paint, read_text, readable, refusal_text
from bragref.cli.output import csv_chunks, progress
from bragref.engine.errors import BadInput, Refused, brief, printable
from bragref.ledger.db import LedgerUnavailable
from bragref.formats import bhh
from bragref.ledger import exchange


FORMATS = ("json", "bhh", "csv")


@click.command(short_help="Write the session's hand history: JSON, bhh or CSV.")
@click.option("--format", "form", type=click.Choice(FORMATS),
              help="bhh (man 5 bragref-bhh) and JSON hold everything and import again; CSV is an action a row. "
                   "[the file's extension, else json]")
@click.option("-o", "--output", help="Write to this file (atomically), not standard output.")
@click.pass_obj
def export(app, form: str | None, output: str | None) -> None:
    """Write the session's whole history: seats, rules, every hand's actions (voids kept) and results.

    Amounts are integer units of the session's money. bhh and JSON files
    import again with `bragref import`, byte for byte the same on export.
    Without --format, a file named *.bhh or *.csv gets that format; anything
    else is JSON.

    \b
    Example:
      bragref export -o friday.bhh
      bragref export --format csv > friday.csv
    """
    if form is None:
        suffix = output.rsplit(".", 1)[-1].lower() if output and "." in output else ""
        form = suffix if suffix in FORMATS else "json"
    book = app.book()
    with book.reading():  # one state of the ledger, read hand by hand as it is written out
        session = book.current_session()
        if form == "csv":  # the session flat, an action a row, as `history --csv` gives it
            from bragref.ledger.history import KEYS, hand_history

            chunks = csv_chunks((entry for row, steps in book.replays() for entry in hand_history(row, steps)[0]),
                                columns=KEYS)
        else:
            chunks = book.export_chunks(form)
        if output is None:
            for chunk in chunks:
                click.echo(chunk, nl=False)
            return
        write_atomically(output, chunks, app.db)
    click.echo(f"Wrote session {session.name} to {printable(output)} ({form}).", err=True)


def write_atomically(path: str, chunks: Iterable[str], ledger_path: str, instead: str = "") -> None:
    """Write the text `chunks` make to `path` whole or not at all: a temporary file beside it, synced, then renamed
    over it.

    Bad input (exit 2), nothing written: the ledger itself or its -wal/-shm/-journal, anything that is not a regular
    file (a folder, a device, a pipe such as /dev/stdout, a dangling link; `instead` says how the command writes to
    standard output), a folder that does not exist or cannot be written in. A disk that fails while it is written (full,
    or an I/O error) is exit 5, as any output that cannot be written (`group.output_failed`); any file that was there
    is left as it was.
    """
    target = os.path.realpath(path)
    ledger = os.path.realpath(ledger_path)
    if target in {ledger + suffix for suffix in ("", "-wal", "-shm", "-journal")}:
        raise BadInput(f"{path!r} is the ledger itself: write to another file")
    if os.path.lexists(path) and not os.path.exists(path):
        raise BadInput(f"{path!r} is a link to nothing: write to a regular file")
    if os.path.exists(path) and not os.path.isfile(path):
        raise BadInput(f"{path!r} is not a regular file (a folder, a device or a pipe): write to a regular file"
                       + (f" ({instead})" if instead else ""))
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise BadInput(f"there is no folder {os.path.dirname(path) or '.'!r} to write into")
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(target)}.", suffix=".tmp")
    except OSError as error:
        raise failing(error)(f"cannot write in {folder!r}: {error.strerror}; nothing was written") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        if os.path.exists(target):
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as error:
        os.unlink(temporary)
        raise failing(error)(f"cannot write {path!r}: {error.strerror}; any file there is as it was") from None
    except BaseException:  # the history could not be read to its end: nothing is left behind
        os.unlink(temporary)
        raise
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)  # the rename itself is durable
    finally:
        os.close(directory)


DISK_FAILING = {errno.ENOSPC, errno.EDQUOT, errno.EIO}  # the disk, not the file named: the same file may do later


def failing(error: OSError) -> type[Exception]:
    """What a failure to write a file named on the command line is: the disk failing (exit 5), else the file or its
    folder not one bragref may write (bad input, exit 2: name another)."""
    return LedgerUnavailable if error.errno in DISK_FAILING else BadInput


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@click.command("import", short_help="Record a bhh or JSON hand history as a new session.")
@click.argument("file")
@click.option("--as", "name", help="The new session's name. Default: the name in the file.")
@click.option("--use", is_flag=True, help="Make the new session the current one (otherwise the current one stays).")
@click.pass_context
def import_(ctx: click.Context, file: str, name: str | None, use: bool) -> None:
    """Record FILE (bhh or JSON, as `export` writes) as a new session, judging every line by the rules again.

    Nothing is recorded unless all of it is: a line the rules refuse stops the
    import with the line's number and the rule (exit 3); a line that cannot be
    read, exit 2.

    \b
    Example:
      bragref import friday.bhh --as friday-again
    """
    from bragref.ledger.club import not_a_file

    wrong = not_a_file(file)  # a FIFO, a device, /dev/stdout: would block for ever or never end
    if wrong is not None:
        raise BadInput(f"cannot read {file!r}: {wrong}")
    document = readable(file, bhh.load_lazily)  # a batch of hands at a time, read from the file as they are judged
    book = ctx.obj.book(create=True)
    try:
        with progress(len(document["hands"]), "Importing hands") as advance:
            session = book.import_document(document, name, use, advance)
    except exchange.Diverged as diverged:  # one night's two copies that differ: as `audit` says a finding (exit 4)
        click.echo(f"{paint('error:', fg='red', bold=True)} {printable(file)}: {diverged}", err=True)
        ctx.exit(EXIT_AUDIT)
    except exchange.Located as located:
        number = bhh.line_of(read_text(file), located.hand, located.text)
        where = f"{file}:{number}" if number else file
        what = f"hand {located.hand}, " if located.hand is not None else ""
        prefix = f"{where}: {what}{brief(located.text)}: "
        if isinstance(located.error, Refused):
            reason, _, rest = refusal_text(located.error).partition(" ")
            click.echo(f"{reason} {prefix}{rest}", err=True)
            ctx.exit(EXIT_REFUSED)
        click.echo(f"{paint('error:', fg='red', bold=True)} {prefix}{brief(str(located.error))}", err=True)
        ctx.exit(EXIT_BAD_INPUT)
    if book.extended is not None:  # a night held here already, pulled again once it had grown
        click.echo(f"Extended session {book.extended}: the same night (its identity), every line within the rules.")
        return
    hands = len(document["hands"])
    current = "it is now the current session" if use else "the current session is unchanged (--use makes it current)"
    renamed = f" (another session is called {document['session']})" if name is None and \
        session.name != document["session"] else ""
    click.echo(f"Imported session {session.name}{renamed}: {hands} hand{'s' if hands != 1 else ''}, every line within "
               f"the rules; {current}.")


COMMANDS = [export, import_]
