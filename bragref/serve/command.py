"""`bragref serve`: the table, live and read-only, for the players' phones and a big screen (docs/reference.md,
The live pages)."""

from __future__ import annotations

import os
import secrets
import sys

import click
from datetime import UTC


@click.command(short_help="The table, live and read-only, on every phone and a big screen.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen: beyond this machine (0.0.0.0, or this machine's address on the network) the "
                   "page is served only under a secret path, printed at start.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--referee", is_flag=True,
              help="Serve the referee's page too, which records: the table run by taps from a phone, under a secret "
                   "address printed (with its QR code) at start, new at every start unless kept (--keep-address).")
@click.option("--seats", type=click.Choice(["ask", "record"]), is_flag=False, flag_value="ask", default=None,
              help="With --referee, a page for each seated player on their own phone (a QR code each on the "
                   "referee's page): their moves and money asked from it, the referee recording or refusing each "
                   "(ask, the default), or the player to act's moves recorded at once (record).")
@click.option("--keep-address", "keep", is_flag=True,
              help="With --referee, keep the referee's address, each seat's and the players' secret path in a file "
                   "beside the ledger (LEDGER-address.json, yours alone), the same at every start: after a restart "
                   "every phone and the TV carry on, no code scanned again.")
@click.option("--new-address", "new", is_flag=True,
              help="With --keep-address, make new ones (a phone that should no longer record: the old are not "
                   "served from then on).")
@click.option("--replica", metavar="URL", help="With --referee, on a ledger Litestream replicates: its replica, checked "
                                               "before the page records anything (`replica status`). "
                                               "[the one litestream-config named or last checked here, "
                                               "whichever came last, else LEDGER-replica]")
@click.pass_obj
def serve(app, host: str, port: int, referee: bool, seats: str | None, keep: bool, new: bool,
          replica: str | None) -> None:
    """Serve a live view of the current session: the game, the hand, dealer, pots and stake, whose turn it is and
    what they may do, each player's state, the hand's actions, the night's balances and its chart. Every page
    follows the ledger whoever writes it (commands, `table`, an import) and shows a recorded action within a
    second, without a reload. Nothing it serves writes, but the referee's page (--referee): the moves on offer as
    buttons, the deal, seating, money, rules and undo, each recorded as `table` records it. Ctrl-C stops it.

    With --referee, a ledger that holds Litestream's tables has its replica checked first, as `replica status`
    checks it (within 10 s): where the replica holds a history that is not this ledger's (a replacement laptop
    played on into it), the page is not started, exit 4, nothing recorded.

    \b
    Example:
      bragref serve
      bragref serve --host 0.0.0.0 --referee
      bragref serve --host 0.0.0.0 --referee --seats --keep-address
    """
    from bragref.serve.where import host_names, listening, loopback, shown

    if seats and not referee:
        raise click.UsageError("--seats goes with --referee: the referee answers the seats' requests")
    if (keep or new) and not referee:
        raise click.UsageError("--keep-address and --new-address go with --referee: they keep its address")
    if new and not keep:
        raise click.UsageError("--new-address goes with --keep-address: it makes new addresses to keep")
    path = ready(app, referee)
    kept = None
    if keep:
        from bragref.serve.address import Kept

        kept = Kept(path, new)  # read before anything is served: a file that is not one is said, nothing served
    if referee:
        backed_up(path, replica)
    sock = listening(host, port)  # bound before anything is promised: a port in use is said, not served
    base = "/" if loopback(host) else (kept and kept.base) or f"/t/{secrets.token_urlsafe(16)}/"
    root = f"http://{shown(host)}:{sock.getsockname()[1]}"
    url = root + base
    click.echo(f"Serving the table of {path} at {url} ({'the players’ page, ' if referee else ''}read-only; "
               f"Ctrl-C stops it).")
    if not loopback(host):
        click.echo("Only that address answers. Scan it:")
        qr(url)
    token = ((kept and kept.referee) or secrets.token_urlsafe(24)) if referee else None  # 192 random bits, new at
    # every start unless kept
    if kept:
        kept.referee, kept.base = token, None if base == "/" else base
        kept.save()
    if token:
        how = f"kept in {kept.file}, the same at every start" if kept else "keep it to yourself"
        click.echo(f"The referee's page, which records: {root}/r/{token}/ ({how}). Scan it:")
        qr(f"{root}/r/{token}/")
    admit_typing_extensions()
    from bragref.serve.app import run

    again = port != 0  # the next start serves this port again: with --port 0 the system chooses another
    run(path, app.session, sock, base, host_names(host), token, seats, reached=not loopback(host), kept=kept,
        outlives=(again and (base == "/" or bool(kept)), again and bool(kept)), replica=replica)


def ready(app, referee: bool) -> str:
    """The ledger's path, once it is known to be one to serve (else the usual refusal, exit 2): a ledger with a
    session to show; with the referee's page, which starts the evening, also a path with no ledger yet, or a ledger
    with no session open."""
    from bragref.api import open_ledger

    if referee and not os.path.exists(app.db):
        return app.db
    path = app.existing()
    book = open_ledger(path, app.session, read_only=True)  # read as it is: no migration, no journal change
    try:
        if not referee or book.session_names():
            book.current_session()
    finally:
        book.close()
    return path


REPLICA_TIMEOUT_S = 10.0  # the most `serve --referee` waits for the replica's restore before it starts


def backed_up(path: str, replica: str | None) -> None:
    """A returning laptop told before it writes (docs/club.md, Is the replica sound?): a ledger holding Litestream's
    tables has its replica restored and compared, said in a line; one that has moved on to another history
    (diverged) is refused, exit 4, before anything is served."""
    from datetime import datetime

    from bragref.ledger.chain import head
    from bragref.ledger.db import replicated
    from bragref.ledger.replica import BEHIND, CURRENT, DIVERGED, remember, status
    from bragref.ledger.store import Ledger
    from bragref.told import replica_words

    if not os.path.isfile(path):
        return
    ledger = Ledger.read_only(path)
    try:
        if not replicated(ledger.file):
            return
        now = datetime.now(UTC)
        health = status(ledger.conn, path, replica, REPLICA_TIMEOUT_S, now)
        remember(path, health.replica, health.state, head(ledger.conn), now)  # what the terminal's writes check
    finally:
        ledger.close()
    line = replica_words(health.replica, health.state, health.missing, health.age_s, health.said, health.pending_s,
                         health.attached)
    if health.state in (CURRENT, BEHIND):
        click.echo(line)
    else:  # unreachable: a warning, and the page starts; diverged: refused
        said = "error:" if health.state == DIVERGED else "warning:"
        click.echo(f"{click.style(said, fg='red' if health.state == DIVERGED else 'yellow', bold=True)} {line}",
                   err=True)
    if health.state == DIVERGED:
        click.echo("The referee's page is not started on this ledger: its replica has moved on. Carry on from the "
                   "replica (`litestream restore`), or give this ledger a replica of its own (`--replica`, "
                   "`litestream-config --replica`) once you know it is the night's.", err=True)
        click.get_current_context().exit(4)  # as `replica status` exits for it (docs/reference.md, Exit codes)


def qr(url: str) -> None:
    """A QR code of `url` in the terminal, for a phone at the table to open."""
    import segno

    segno.make(url, error="l").terminal(compact=True)


def admit_typing_extensions() -> None:
    """Starlette needs `typing_extensions`, which the command's start keeps out (`bragref.__main__`)."""
    if sys.modules.get("typing_extensions", False) is None:
        del sys.modules["typing_extensions"]


COMMANDS = [serve]
