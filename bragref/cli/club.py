"""Beyond one machine (docs/reference.md, Beyond one machine; docs/club.md): `litestream-config` replicates a table's
ledger through Litestream, and `club pull` brings every table's sessions into the club's ledger."""

from __future__ import annotations

import os
import re

import click

from bragref.cli import EXIT_AUDIT, EXIT_BAD_INPUT, EXIT_REFUSED, paint, refusal_text
from bragref.engine.errors import Refused, brief, printable


@click.command("litestream-config", short_help="Print Litestream's configuration replicating the ledger.")
@click.option("--replica", metavar="URL", help="Where Litestream keeps the replica: a folder, or any replica URL "
                                               "Litestream takes (s3://, sftp://, …). [LEDGER-replica, a folder "
                                               "beside the ledger]")
@click.pass_obj
def litestream_config(app, replica: str | None) -> None:
    """Print a Litestream configuration (YAML) that replicates the ledger continuously to a folder or to any replica
    URL Litestream takes. Run Litestream with it beside bragref, on the table's machine, while the ledger is in use
    (`pip install 'bragref[replicate]'` installs Litestream); `bragref club pull` restores the replica again.

    \b
    Example:
      bragref litestream-config > litestream.yml
      bragref litestream-config --replica s3://club-bucket/table-1 > litestream.yml
    """
    from bragref.ledger.litestream import config
    from bragref.ledger.replica import configure

    path = app.existing()
    click.echo(config(path, replica), nl=False)
    if path != ":memory:":
        configure(path, replica)  # the replica the ledger's writes check from now on (docs/club.md, Is the replica
        # sound?)


club = click.Group(
    "club",
    short_help="A club's ledger: every table's sessions pulled into one.",
    help="""A club runs several tables, each with its ledger; its season is kept in a ledger of its own, into which
    `club pull` brings every table's sessions (docs/club.md).

    \b
    Example:
      bragref club pull table-1.db table-2.db-replica --into club.db
    """,
)


@club.command("pull", short_help="Pull every table's sessions into the club's ledger.")
@click.argument("sources", nargs=-1, required=True, metavar="SOURCE...")
@click.option("--into", type=click.Path(dir_okay=False), metavar="LEDGER",
              help="The club's ledger, made by the pull where there is none. [the ledger --db names]")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=60, show_default=True,
              metavar="SECONDS", help="How long each replica's restore may take: past it the source is named (exit 2) "
                                      "and the others are pulled all the same.")
@click.pass_obj
def pull(app, sources: tuple[str, ...], into: str | None, timeout: float) -> None:
    """Bring each SOURCE's sessions into the club's ledger: SOURCE a ledger file, a Litestream replica (its folder or
    URL, restored through Litestream into a scratch file, within --timeout) or a hand history (bhh or JSON);
    SOURCE@DIGEST only where that ledger holds DIGEST (a table's closing digest), else exit 4, nothing imported.

    A ledger is audited first (every session): one the audit finds anything in
    is named and nothing of it is imported, and the pull exits 4 at the end,
    the other sources pulled all the same. A session is known by its identity
    first: one the club holds a beginning of (pulled while it was played) is
    extended in the same night (`friday: 3 more hands`); one whose hands
    differ from the club's copy is refused (exit 4), naming the hand and both
    digests; one the club holds whole is left as it is. A session without an
    identity (an older bragref's) is known by its players, rules and hands.
    So pulling the same sources again records nothing. The table's settle-ups
    (`paid`) are pulled with its sessions, each once. One line per source says
    what was imported, extended and there already; a source that cannot be
    read (a FIFO or a device: at once), or a replica not restored within
    --timeout, is named (exit 2 at the end, a line refused exit 3).

    \b
    Example:
      bragref club pull table-1.db table-2.db --into club.db
      bragref --db club.db club pull /mnt/club/table-1-replica s3://club-bucket/table-2 friday.bhh
      bragref --db club.db club pull table-1.db@412-3f9ab2c1d4e5f607
    """
    from bragref.ledger.club import pull as pulled_from

    if into is not None:
        app.db = into

    def ledger(create: bool):
        return app.ledger(create=True) if create or os.path.isfile(app.db) else None

    code = 0
    for source in sources:
        path, digest = held_digest(source)
        code = max(code, told(pulled_from(path, ledger, digest, timeout), source), key=SEVERITY.index)
    if code:
        click.get_current_context().exit(code)


SEVERITY = [0, EXIT_BAD_INPUT, EXIT_REFUSED, EXIT_AUDIT]  # which exit code a pull's end gives, where several apply


DIGEST = re.compile(r"(?P<source>.+)@(?P<digest>[0-9]+-[0-9a-f]{16})")  # SOURCE@DIGEST


def held_digest(source: str) -> tuple[str, str | None]:
    """`SOURCE@DIGEST` as the source and the digest it must hold (a table's closing digest, photographed); a source
    named so that is there as it is named stays whole."""
    found = DIGEST.fullmatch(source)
    if found is None or os.path.lexists(source):
        return source, None
    return found["source"], found["digest"]


def told(pulled, named: str | None = None) -> int:
    """Say what a pull made of its source (`named` as it was on the command line): a line of what it imported and
    what was there already, on stdout; each failure on stderr. The exit code it calls for."""
    source = printable(named or pulled.source)
    if pulled.findings:
        some = len(pulled.findings)
        click.echo(f"{paint('error:', fg='red', bold=True)} {source}: its audit finds {some} problem"
                   f"{'s' * (some != 1)}: nothing of it was imported", err=True)
        for finding in pulled.findings:
            click.echo(f"  audit: {brief(finding)}", err=True)
        return EXIT_AUDIT
    from bragref.ledger.exchange import Diverged

    code = 0
    for session, failure in pulled.failed:
        what = f"{source}: session {printable(session)}" if session else source
        if isinstance(failure, Diverged):
            click.echo(f"{paint('error:', fg='red', bold=True)} {source}: {brief(str(failure))}", err=True)
            code = max(code, EXIT_AUDIT, key=SEVERITY.index)
            continue
        if isinstance(failure, Refused):
            reason, _, rest = refusal_text(failure).partition(" ")
            click.echo(f"{reason} {what}: {rest}", err=True)
        else:
            click.echo(f"{paint('error:', fg='red', bold=True)} {what}: {brief(str(failure))}"
                       f"{'' if session else '; nothing of it was imported'}", err=True)
        code = max(code, EXIT_REFUSED if isinstance(failure, Refused) else EXIT_BAD_INPUT, key=SEVERITY.index)
    if pulled.imported or pulled.there or pulled.extended or pulled.payments or not pulled.failed:
        click.echo(f"{source}: {said(pulled)}")
    return code


def said(pulled) -> str:
    """What a pull imported from a source and what the club's ledger held already, in a line."""
    def names(pairs: list[tuple[str, str]]) -> str:
        return ", ".join(printable(there if there == here else f"{there} as {here}")
                         + (" (still being played: pulled as it stands)" if here in pulled.playing else "")
                         for there, here in pairs)

    def sessions(count: int) -> str:
        return f"{count} session{'s' * (count != 1)}"

    paid = f"; {pulled.payments} settle-up{'s' * (pulled.payments != 1)} (paid)" if pulled.payments else ""
    paid += f"; {pulled.handles} pay-to handle{'s' * (pulled.handles != 1)}" if pulled.handles else ""
    if not pulled.imported and not pulled.there and not pulled.extended:
        return "no sessions" + paid
    imported = f"imported {sessions(len(pulled.imported))}: {names(pulled.imported)}" if pulled.imported \
        else "imported nothing"
    extended = "".join(f"; {printable(grown)}" for grown in pulled.extended)
    there = f"; {sessions(len(pulled.there))} already there: {names(pulled.there)}" if pulled.there else ""
    return imported + extended + there + paid


COMMANDS = [litestream_config, club]
