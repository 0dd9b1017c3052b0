"""`bragref games`: the games bragref referees (R10.2), each with its house rules and their defaults."""

from __future__ import annotations

import click

from bragref.cli import paint
from bragref.cli.output import Output, output_options
from bragref.games import GAMES, TABLE_OPTIONS, from_preset


def describe(option, default_rules, table: bool) -> dict:
    """One house rule as `games` lists it; `table` marks the table's own rules, which every game shares."""
    return {"option": option.key, "default": option.shown(default_rules), "rule": option.rule, "help": option.help,
            "table": table}


@click.command(short_help="The games, each with its house rules and their defaults.")
@output_options
@click.pass_obj
def games(app, out: Output) -> None:
    """List the games bragref referees (R10.2): each one's name, rule section, verbs and house rules with their
    defaults, each kept by the game or by the table (the table's stay as they are when the game changes, R9.3).
    Choose one with `session new --game`, or between hands with `rules set game NAME` (R9.3). A game installed
    beside bragref that does not load is left out, and why is said on stderr.

    \b
    Example:
      bragref games --json
    """
    for why in GAMES.why_broken().values():  # a game installed beside bragref that does not load: left out, and why
        click.echo(f"{paint('left out:', fg='yellow')} {why}", err=True)
    data = []
    for game in GAMES.values():
        defaults = from_preset(next(iter(game.presets)), game=game.name)  # the game's defaults are its preset's
        data.append({"game": game.name, "title": game.title, "rule": game.rule, "aliases": list(game.aliases),
                     "presets": list(game.presets), "verbs": [action.verb for action in game.actions],
                     "options": [describe(o, defaults, False) for o in game.options]
                     + [describe(o, defaults, True) for o in TABLE_OPTIONS]})
    if out.data(data, [{"game": g["game"], **o} for g in data for o in g["options"]]):
        return
    for game in data:
        click.echo(f"{game['game']} — {game['title']} ({game['rule']}); verbs: {', '.join(game['verbs'])}")
        out.table([{"option": o["option"], "default": o["default"], "rule": o["rule"],
                    "kept by": "the table" if o["table"] else "the game"} for o in game["options"]])


COMMANDS = [games]
