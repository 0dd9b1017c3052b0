"""`bragref serve`: the table, live and read-only, for the players' phones and a big screen (CLI.md, Interactive)."""

from __future__ import annotations

import secrets
import sys

import click


@click.command(short_help="The table, live and read-only, on every phone and a big screen.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen: beyond this machine (0.0.0.0, or this machine's address on the network) the "
                   "page is served only under a secret path, printed at start.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.pass_obj
def serve(app, host: str, port: int) -> None:
    """Serve a read-only live view of the current session: the game, the hand, dealer, pots and stake, whose turn it
    is and what they may do, each player's state, the hand's actions and the night's balances. Every page follows
    the ledger whoever writes it (commands, `table`, an import) and shows a recorded action within a second,
    without a reload. Nothing it serves writes. Ctrl-C stops it.

    \b
    Example:
      bragref serve
      bragref serve --host 0.0.0.0
    """
    from bragref.api import open_ledger
    from bragref.serve.where import host_names, listening, loopback, shown

    path = app.existing()
    book = open_ledger(path, app.session, read_only=True)  # read as it is: no migration, no journal change
    try:
        book.current_session()  # a ledger with a session to show, else the usual refusal (exit 2)
    finally:
        book.close()
    sock = listening(host, port)  # bound before anything is promised: a port in use is said, not served
    base = "/" if loopback(host) else f"/t/{secrets.token_urlsafe(16)}/"
    url = f"http://{shown(host)}:{sock.getsockname()[1]}{base}"
    click.echo(f"Serving the table of {path} at {url} (read-only; Ctrl-C stops it).")
    if not loopback(host):
        import segno  # a QR code of the secret address, for the phones at the table

        click.echo("Only that address answers. Scan it:")
        segno.make(url, error="l").terminal(compact=True)
    admit_typing_extensions()
    from bragref.serve.app import run

    run(path, app.session, sock, base, host_names(host))


def admit_typing_extensions() -> None:
    """Starlette needs `typing_extensions`, which the command's start keeps out (`bragref.__main__`)."""
    if sys.modules.get("typing_extensions", False) is None:
        del sys.modules["typing_extensions"]


COMMANDS = [serve]
