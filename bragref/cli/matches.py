"""`bragref match`: the match of a game played for lives (R14.4): lives, who is out, the kitty, the winner."""

from __future__ import annotations

import click

from bragref.cli.output import Output, output_options
from bragref.told import match_words


@click.command(short_help="Show the match (lives, the kitty), or call a new one.")
@click.argument("new", type=click.Choice(["new"]), required=False)
@output_options
@click.pass_obj
def match(app, new: str | None, out: Output) -> None:
    """Show the match of a game for lives: each player's lives, who is out, the kitty and the winner (R14.4).
    `match new`, between hands, calls a new match: the next deal starts it, every seated player with all their
    lives, and takes each one's entry into its kitty.

    \b
    Example:
      bragref match
      bragref match new
    """
    book = app.book()
    session = book.match_new() if new else book.current_session()
    data = book.match()
    if not out.data(data, data["players"]):
        print_match(data, session.rules.money, out)


def print_match(data: dict, money, out: Output = Output()) -> None:
    click.echo(match_words(data, money))
    out.table([{"player": p["name"], "lives": p["lives"], "out": "yes" if p["out"] else ""} for p in data["players"]])


COMMANDS = [match]
