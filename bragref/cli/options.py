"""The house-rule options of CLI.md, generated from what the games declare (`bragref.games`): `session new` and
`simulate` take every game's options and the table's; the card commands take the ranking ones. An option that the
chosen game does not use is refused, naming the games that use it (exit 2)."""

from __future__ import annotations

import click

from bragref.engine.errors import BadInput
from bragref.engine.rules import Rules, from_preset
from bragref.games import GAMES, RANKING_OPTIONS, every_option, games_using
from bragref.games.base import Option

SHOWN_DEFAULTS = {"min_bet": "the ante", "max_bet": "none", "raise_limit": "none", "currency": "none"}


def click_option(option: Option):
    """The command-line option for a declared house rule; not given, it is None (the preset's value stands)."""
    default = SHOWN_DEFAULTS.get(option.name, option.default)
    if isinstance(default, bool):
        default = "on" if default else "off"
    text = f"{option.help} ({option.rule}). [{default}]"
    if option.kind == "bool":
        return click.option(f"{option.flag}/--no-{option.key}", option.name, default=None, help=text)
    if option.kind in ("choice", "count"):
        return click.option(option.flag, option.name, type=click.Choice([str(c) for c in option.choices]), help=text)
    return click.option(option.flag, option.name, help=text)


def _apply(options, command):
    for option in reversed(options):
        command = click_option(option)(command)
    return command


def ranking_options(command):
    """The options that matter to how hands rank (R8): `rank`, `compare` and `odds` take these alone."""
    return _apply(RANKING_OPTIONS, command)


def rule_options(command):
    """`--game`, `--preset` and every house rule of every game and of the table, handed over as `given`."""
    presets = sorted({p for game in GAMES.values() for p in game.presets})
    command = _apply(list(every_option().values()), command)
    command = click.option("--preset", type=click.Choice(presets), help="A named set of house rules (R10). [pagat]")(
        command)
    return click.option("--game", type=click.Choice(list(GAMES)), help="The game played (R10). [brag]")(command)


def typed(given: dict, rules: Rules) -> dict:
    """The options given on the command line as values, read as each one's declaration says (None: not given)."""
    options = every_option()
    return {name: options[name].read(str(text), rules) if not isinstance(text, bool) else text
            for name, text in given.items() if text is not None}


def ranking_values(**given) -> dict:
    """The ranking options given, as typed values: those not given are left out."""
    return typed(given, Rules())


def rules_from_options(game: str | None, preset: str | None, **given) -> Rules:
    """The rules `session new` (or `simulate`) was given: the game's preset, the options given on top."""
    game = game or "brag"
    refused = [name for name, value in given.items() if value is not None and game not in games_using(name)]
    if refused:
        name = refused[0]
        raise BadInput(f"--{name.replace('_', '-')} is not a rule of {game} (games that use it: "
                       f"{', '.join(games_using(name))})")
    unit = given.pop("unit", None) or "1"
    currency = given.pop("currency", None) or ""
    base = Rules(unit=unit, currency=currency)  # the money the other options are written in
    return from_preset(preset or next(iter(GAMES[game].presets)), game=game, unit=unit, currency=currency,
                       **typed(given, base))
