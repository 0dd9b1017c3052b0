"""`bragref audit`: one line of what was checked when the ledger is sound, one line per finding (exit 4) when not."""

from __future__ import annotations

import sqlite3

import click

from bragref.api import Audit
from bragref.cli import EXIT_AUDIT
from bragref.cli.output import progress
from bragref.ledger.db import LedgerUnavailable


@click.command(short_help="Check the ledger: its hash chain, every hand replayed, conservation.")
@click.option("--all", "all_sessions", is_flag=True, help="Replay every session, not only the current one.")
@click.option("--digest", help="A digest given out earlier (status, a hand's end, session close): the ledger must "
                                "still match it.")
@click.option("--deep", is_flag=True, help="SQLite's full integrity check (every index against its table) in place "
                                          "of its quick check: about four times its work.")
@click.option("-v", "--verbose", is_flag=True, help="Say what each check looked at, and that it passed.")
@click.pass_context
def audit(ctx: click.Context, all_sessions: bool, digest: str | None, deep: bool, verbose: bool) -> None:
    """Check that the ledger is what bragref wrote and that every hand still adds up.

    Reads the file without changing it (no migration, no change of journal
    mode). Runs SQLite's quick check of the file (--deep: its full integrity
    check). Checks the schema, hidden objects included, against what the
    migrations make (SQLite's statistics must be what ANALYZE makes of the
    rows now; Litestream's two tables are known, and said on the sound line),
    recomputes the hash
    chain over every row (a row changed, removed or added outside bragref is
    found, and one changed or added told by its session, hand and place in
    the hand and what it says now, in the session's money), checks closed
    sessions played on no more, judges each settle-up as
    paid and undo judged it then (R1.2, R9.1), replays each hand of the session (--all: of
    every session) under the rules it was dealt with, compares the recorded
    postings with the replay's (a card shown twice in a deal is refused there,
    R8.9), checks conservation (R1.2) and that nobody's table money went below
    0 (R1.3). With --digest,
    also checks the ledger against a digest printed earlier (by status, at a
    hand's end, by session close), which catches rows cut off the end and a
    ledger rebuilt consistently from scratch: nothing inside the ledger can. When all is well,
    prints one line of what it checked (the rows chained, the hands replayed, the chain's
    head) and exits 0; otherwise one line per finding and exit 4. A ledger that cannot be
    opened at all (a full disk) is exit 5: nothing was checked.

    \b
    Example:
      bragref audit
      bragref audit --all --digest 1234-3f9ab2c1d4e5f607
      bragref audit --all --deep
    """
    app = ctx.obj
    try:
        audited = Audit(app.existing(), app.session, all_sessions)  # read-only: the file audited is never changed
    except sqlite3.OperationalError as error:  # not opened at all (a full disk, WAL on read-only media without
        raise LedgerUnavailable(f"the ledger {app.db} cannot be read ({error}): nothing was checked") from None
    except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError) as error:  # opened, and not a sound ledger
        click.echo(f"audit: the ledger cannot be read ({error.__class__.__name__}: {error})")
        ctx.exit(EXIT_AUDIT)

    def checked(what: str, found: list) -> None:
        click.echo(f"{'ok' if not found else f'{len(found)} finding' + ('s' if len(found) > 1 else '')}: {what}")

    findings = audited.findings(digest, deep, progress, checked if verbose else None)
    for finding in findings:
        click.echo(f"audit: {finding}")
    if findings:
        ctx.exit(EXIT_AUDIT)
    click.echo(f"audit: {audited.sound(digest)}")


COMMANDS = [audit]
