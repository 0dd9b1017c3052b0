"""`replica status`: is the ledger's Litestream replica sound? (docs/reference.md, Beyond one machine; docs/club.md)."""

from __future__ import annotations

import click

from bragref.cli import EXIT_AUDIT, EXIT_BUSY, paint
from bragref.engine.errors import printable

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
                                                         "[LEDGER-replica, a folder beside the ledger, as "
                                                         "litestream-config names it]")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=60.0, show_default=True,
              metavar="SECONDS", help="The most the restore may take; past it the replica is unreachable.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: replica, state, missing, age_s.")
@click.pass_obj
def status(app, where: str | None, timeout: float, as_json: bool) -> None:
    """Restore the ledger's replica into a scratch file (through Litestream, removed after) and compare it with the
    ledger, changing neither. The replica is:

    \b
      current      it holds the ledger's head: every row recorded here
      behind       it holds a beginning of the ledger: the rows missing,
                   and how long ago its newest row was recorded
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
    from bragref.cli.output import emit_json
    from bragref.ledger.replica import BEHIND, CURRENT, DIVERGED, UNREACHABLE, status as checked
    from bragref.ledger.store import Ledger

    path = app.existing()
    ledger = Ledger.read_only(path)
    try:
        health = checked(ledger.conn, path, where, timeout)
    finally:
        ledger.close()
    if as_json:
        emit_json(health.as_json())
    else:
        named = printable(health.replica)
        if health.state == CURRENT:
            click.echo(f"{named}: current: it holds every row of this ledger{newest(health.age_s)}")
        elif health.state == BEHIND:
            click.echo(f"{named}: behind: {health.missing} row{'s' * (health.missing != 1)} missing"
                       f"{newest(health.age_s)}")
        elif health.state == DIVERGED:
            click.echo(f"{paint('error:', fg='red', bold=True)} {named}: diverged: it holds a history that is not "
                       f"this ledger's: {printable(health.said)}. Record nothing here until you know which copy is "
                       f"the night's (docs/club.md)", err=True)
        else:
            click.echo(f"{paint('error:', fg='red', bold=True)} {named}: unreachable: {printable(health.said)}",
                       err=True)
    if health.state in (DIVERGED, UNREACHABLE):
        click.get_current_context().exit(EXIT_AUDIT if health.state == DIVERGED else EXIT_BUSY)


def newest(age_s: float | None) -> str:
    """When the newest row a replica holds was recorded, said as a clause."""
    if age_s is None:
        return " (it holds no rows yet)"
    return f" (the newest it holds recorded {ago(age_s)})"


def ago(seconds: float) -> str:
    """`2 s ago`, `3 min ago`, `2 h ago`."""
    if seconds < 120:
        return f"{seconds:.0f} s ago"
    if seconds < 7200:
        return f"{seconds // 60:.0f} min ago"
    return f"{seconds // 3600:.0f} h ago"


COMMANDS = [replica]
