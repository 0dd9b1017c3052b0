"""`bragref deal`: the next hand, and what a game's deal records beside the seats (`--joker`, `--up`).

Apart from the hand's other commands because its options come from every game's declaration: a `bet` need not
load every game to be made.
"""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.answers import time_words
from bragref.cli.lines import situation
from bragref.games import deal_params
from bragref.told import dealt_words


def deal_options(command):
    """`--dealer`, and what a game's deal may record beside the seats (`--joker CARD`), from the games' declarations."""
    for param in reversed(deal_params()):
        command = click.option(param.option, param.name, metavar=param.metavar, help=param.help)(command)
    return click.option("--dealer", shell_complete=complete.players,
                        help="Who deals. Default: the first seat, then the next on the left (R2.2).")(command)


@click.command(short_help="Deal the next hand: antes in, who acts first.")
@deal_options
@click.pass_obj
def deal(app, dealer: str | None, **given) -> None:
    """Start the next hand: every seated player antes (R2.3), a carried pot joins it (R6.2). Under Teen Patti's
    joker variant, --joker names the card turned up (R13.7).

    \b
    Example:
      bragref deal --dealer Eddie
      bragref deal --joker 7h
    """
    book = app.book()
    book.deal(dealer, **{name: value for name, value in given.items() if value is not None})
    _, current, previous = book.last
    click.echo(dealt_words(current, previous, time_words(book)))
    click.echo(situation(current.number, current.hand))


COMMANDS = [deal]
