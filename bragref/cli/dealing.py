"""`bragref deal`: the next hand, and what a game's deal records beside the seats (`--joker`, `--up`).

Apart from the hand's other commands because its options come from every game's declaration: a `bet` need not
load every game to be made.
"""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.cli.hand import dealt_words, time_words
from bragref.cli.lines import situation


def deal_options(command):
    """`--dealer`, and what a game's deal may record beside the seats (`--joker CARD`), from the games' declarations."""
    for param in reversed(deal_params()):
        command = click.option(param.option, param.name, metavar=param.metavar, help=param.help)(command)
    return click.option("--dealer", shell_complete=complete.players,
                        help="Who deals. Default: the first seat, then the next on the left (R2.2).")(command)


def deal_params() -> list:
    """Every game's deal parameters, each name once: where two games take the same (`--up`), its help says both."""
    from msgspec.structs import replace

    from bragref.games import GAMES

    found: dict = {}
    for param in (param for game in GAMES.values() for param in game.deal_params):
        known = found.get(param.name)
        also = f"{param.help[:1].lower()}{param.help[1:]}"
        found[param.name] = param if known is None else replace(known, help=f"{known.help}; {also}")
    return list(found.values())


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
