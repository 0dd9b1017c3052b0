"""Beyond one machine (docs/reference.md, Beyond one machine; docs/club.md): `litestream-config` replicates a table's
ledger through Litestream, and `club pull` brings every table's sessions into the club's ledger."""

from __future__ import annotations

import os

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

    click.echo(config(app.existing(), replica), nl=False)


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
@click.pass_obj
def pull(app, sources: tuple[str, ...], into: str | None) -> None:
    """Bring each SOURCE's sessions into the club's ledger: SOURCE a ledger file, a Litestream replica (its folder or
    URL, restored through Litestream into a scratch file) or a hand history (bhh or JSON).

    A ledger is audited first (every session): one the audit finds anything in
    is named and nothing of it is imported, and the pull exits 4 at the end,
    the other sources pulled all the same. Each session the club's ledger does
    not hold yet is recorded as `import` records a history, every line judged
    by the rules again; one it holds (the same players, rules and hands, under
    any name) is left as it is, so pulling the same sources again records
    nothing. A session still being played is pulled as it stands: pulled
    again once it has grown, it is another night. One line per source says
    what was imported and what was there already; a source that cannot be
    read is named (exit 2 at the end, a line refused exit 3).

    \b
    Example:
      bragref club pull table-1.db table-2.db --into club.db
      bragref --db club.db club pull /mnt/club/table-1-replica s3://club-bucket/table-2 friday.bhh
    """
    from bragref.ledger.club import pull as pulled_from

    if into is not None:
        app.db = into

    def ledger(create: bool):
        return app.ledger(create=True) if create or os.path.isfile(app.db) else None

    code = 0
    for source in sources:
        code = max(code, told(pulled_from(source, ledger)), key=SEVERITY.index)
    if code:
        click.get_current_context().exit(code)


SEVERITY = [0, EXIT_BAD_INPUT, EXIT_REFUSED, EXIT_AUDIT]  # which exit code a pull's end gives, where several apply


def told(pulled) -> int:
    """Say what a pull made of its source: a line of what it imported and what was there already, on stdout; each
    failure on stderr. The exit code it calls for."""
    source = printable(pulled.source)
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
    if pulled.imported or pulled.there or pulled.extended or not pulled.failed:
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

    if not pulled.imported and not pulled.there and not pulled.extended:
        return "no sessions"
    imported = f"imported {sessions(len(pulled.imported))}: {names(pulled.imported)}" if pulled.imported \
        else "imported nothing"
    extended = "".join(f"; {printable(grown)}" for grown in pulled.extended)
    there = f"; {sessions(len(pulled.there))} already there: {names(pulled.there)}" if pulled.there else ""
    return imported + extended + there


COMMANDS = [litestream_config, club]
