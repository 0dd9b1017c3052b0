"""`replica status`: is the ledger's Litestream replica sound? (docs/reference.md, Beyond one machine; docs/club.md)."""

from __future__ import annotations

import click

from bragref.cli import EXIT_AUDIT, EXIT_BUSY, paint
from datetime import UTC

replica = click.Group(
    "replica",
    short_help="The ledger's Litestream replica: is it sound?",
    help="""The replica Litestream keeps of the ledger (`bragref litestream-config`; docs/club.md).

    \b
    Example:
      bragref replica status
    """,
)


@replica.command("status", short_help="Restore the ledger's replica and compare it with the ledger.")
@click.option("--replica", "where", metavar="URL", help="The replica: a folder, or any replica URL Litestream takes. "
                                                         "[the one litestream-config named or last checked here, "
                                                         "whichever came last, else LEDGER-replica, a folder beside "
                                                         "the ledger]")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=60.0, show_default=True,
              metavar="SECONDS", help="The most the restore may take; past it the replica is unreachable.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: replica, state, missing, age_s, replicating.")
@click.pass_obj
def status(app, where: str | None, timeout: float, as_json: bool) -> None:
    """Restore the ledger's replica into a scratch file (through Litestream, removed after) and compare it with the
    ledger, changing neither. The replica is:

    \b
      current      it holds the ledger's head: every row recorded here
      behind       it holds a beginning of the ledger: the rows missing,
                   and how long ago its newest row was recorded; where
                   one has waited 10 s, "not replicating" (a warning)
      diverged     it holds a history that is not this ledger's (another
                   laptop's Litestream wrote it): exit 4; write nothing
                   here before you know which copy is the night's
      unreachable  Litestream cannot restore it (no such folder, the
                   store down or not answering within --timeout): exit 5

    \b
    Example:
      bragref replica status
      bragref replica status --replica s3://club-bucket/table-1 --json
    """
    from datetime import datetime

    from bragref.cli.output import emit_json
    from bragref.ledger.chain import head
    from bragref.ledger.replica import DIVERGED, UNREACHABLE, remember, status as checked
    from bragref.ledger.store import Ledger

    path = app.existing()
    ledger = Ledger.read_only(path)
    try:
        now = datetime.now(UTC)
        health = checked(ledger.conn, path, where, timeout, now)
        remember(path, health.replica, health.state, head(ledger.conn), now)  # the replica this ledger's writes check
    finally:
        ledger.close()
    if as_json:
        emit_json(health.as_json())
    else:
        line, bad = said(health)
        click.echo(line, err=bad)
    if health.state in (DIVERGED, UNREACHABLE):
        click.get_current_context().exit(EXIT_AUDIT if health.state == DIVERGED else EXIT_BUSY)


def said(health) -> tuple[str, bool]:
    """What `replica status` says of a replica, in a line (`told.replica_words`), and whether it goes to stderr: an
    error (diverged, unreachable), or a warning (not replicating: `Health.lagging`)."""
    from bragref.ledger.replica import CURRENT, BEHIND
    from bragref.told import replica_words

    line = replica_words(health.replica, health.state, health.missing, health.age_s, health.said, health.pending_s,
                         health.attached)
    if health.lagging:  # a sound beginning of the ledger, but nothing reaches it: a warning, exit 0
        return f"{paint('warning:', fg='yellow', bold=True)} {line}", True
    if health.state in (CURRENT, BEHIND):
        return line, False
    return f"{paint('error:', fg='red', bold=True)} {line}", True




def moved_words(health) -> str:
    """Why nothing was recorded on a ledger whose replica has moved on (`replica.Moved`): its state as `replica
    status` says it, and what to do."""
    line, _ = said(health)
    return (f"{line}\nNothing was recorded: this ledger's replica has moved on (another machine's Litestream has"
            f" written into it). Carry on from the replica (`litestream restore`), or give this ledger a replica of its"
            f" own (`litestream-config --replica`, then `replica status --replica URL`) once you know it is the night's.")


COMMANDS = [replica]
