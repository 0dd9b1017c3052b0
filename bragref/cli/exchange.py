"""`export` and `import`: a session's hand history as bhh, JSON or CSV (man 5 bragref-bhh)."""

from __future__ import annotations

import click

from bragref.cli import EXIT_BAD_INPUT, EXIT_REFUSED, paint, printable, refusal_text
from bragref.cli.output import csv_text, progress
from bragref.engine.errors import Refused
from bragref.formats import bhh
from bragref.ledger import exchange


FORMATS = ("json", "bhh", "csv")


@click.command(short_help="Write the session's hand history: JSON, bhh or CSV.")
@click.option("--format", "form", type=click.Choice(FORMATS),
              help="bhh (man 5 bragref-bhh) and JSON hold everything and import again; CSV is an action a row. "
                   "[the file's extension, else json]")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file, not standard output.")
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
    ledger = app.ledger()
    session = ledger.session(app.session)
    if form == "csv":  # the session flat, an action a row, as `history --csv` gives it
        from bragref.cli.reports import hand_history

        text = csv_text([entry for row in ledger.hand_rows(session) for entry in hand_history(ledger, row)[0]])
    else:
        document = exchange.export(ledger, session)
        text = bhh.dumps(document) if form == "bhh" else bhh.dumps_json(document)
    if output is None:
        click.echo(text, nl=False)
        return
    with open(output, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    click.echo(f"Wrote session {session.name} to {output} ({form}).", err=True)


@click.command("import", short_help="Record a bhh or JSON hand history as a new session.")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "name", help="The new session's name. Default: the name in the file.")
@click.pass_context
def import_(ctx: click.Context, file: str, name: str | None) -> None:
    """Record FILE (bhh or JSON, as `export` writes) as a new session, judging every line by the rules again.

    Nothing is recorded unless all of it is: a line the rules refuse stops the
    import with the line's number and the rule (exit 3); a line that cannot be
    read, exit 2.

    \b
    Example:
      bragref import friday.bhh --as friday-again
    """
    with open(file, encoding="utf-8") as handle:
        source = handle.read()
    document = bhh.loads(source)
    ledger = ctx.obj.ledger()
    try:
        with progress(len(document["hands"]), "Importing hands") as advance:
            session = exchange.import_document(ledger, document, name, advance)
    except exchange.Located as located:
        number = bhh.line_of(source, located.hand, located.text)
        where = f"{file}:{number}" if number else file
        what = f"hand {located.hand}, " if located.hand is not None else ""
        prefix = f"{where}: {what}{printable(located.text)}: "
        if isinstance(located.error, Refused):
            reason, _, rest = refusal_text(located.error).partition(" ")
            click.echo(f"{reason} {prefix}{rest}", err=True)
            ctx.exit(EXIT_REFUSED)
        click.echo(f"{paint('error:', fg='red', bold=True)} {prefix}{printable(str(located.error))}", err=True)
        ctx.exit(EXIT_BAD_INPUT)
    hands = len(document["hands"])
    click.echo(f"Imported session {session.name}: {hands} hand{'s' if hands != 1 else ''}, every line within the rules.")


COMMANDS = [export, import_]
