"""The house-rule options of CLI.md, generated from what the games declare (`bragref.games`): `session new` and
`simulate` take every game's options and the table's; the card commands take the ranking ones. An option that the
chosen game does not use is refused, naming the games that use it (exit 2)."""

from __future__ import annotations

import click

from bragref.engine.rules import Rules
from bragref.games import GAMES, every_option, typed
from bragref.games.base import Option

SHOWN_DEFAULTS = {"min_bet": "the ante", "max_bet": "none", "raise_limit": "none", "currency": "none"}


def click_option(option: Option):
    """The command-line option for a declared house rule; not given, it is None (the preset's value stands)."""
    default = SHOWN_DEFAULTS.get(option.name, "none" if option.default is None else option.default)
    if isinstance(default, bool):
        default = "on" if default else "off"
    text = f"{option.help} ({option.rule}). [{default}]"
    if option.kind == "bool":
        return click.option(f"{option.flag}/--no-{option.key}", option.name, default=None, help=text)
    if option.kind in ("choice", "count"):
        return click.option(option.flag, option.name, type=click.Choice([str(c) for c in option.choices],
                                                                         case_sensitive=False), help=text)
    return click.option(option.flag, option.name, help=text)


class GameName(click.ParamType):
    """A game by its name or one of its aliases, in any case (`svara`, `Three Card Brag`): its name."""

    name = "game"

    def convert(self, value, param, ctx):
        from bragref.engine.errors import BadInput
        from bragref.games import find_game

        try:
            return find_game(value).name
        except BadInput as error:
            self.fail(str(error), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in GAMES if name.startswith(incomplete)]

    def get_metavar(self, param, ctx=None) -> str:
        return "[" + "|".join(GAMES) + "]"


def _apply(options, command):
    for option in reversed(options):
        command = click_option(option)(command)
    return command


def ranking_fields() -> list[str]:
    """The house rules that order or count hands (`Option.ranks`: R8, R12, R13, R15.4's thirty-one points, R16.2's
    jokers), as the games declare them."""
    return [name for name, option in every_option().items() if option.ranks]


def ranking_options(command):
    """The options that matter to how hands rank: `rank`, `compare` and `odds` take these alone, with `--game`
    for a game's own order (R8, R12, R13) and `--joker` for the card turned up under Teen Patti's joker variant."""
    options = every_option()
    command = click.option("--joker", metavar="CARD",
                           help="The card turned up (teen-patti, variant joker): its rank's other cards are wild "
                                "(R13.7).")(command)
    command = _apply([options[name] for name in ranking_fields()], command)
    return click.option("--game", type=GameName(),
                        help="Rank as this game does (R10): brag and hoyle by R8, braggers by R12, teen-patti by R13. "
                             "[the session's game, else brag]")(command)


def rule_options(command):
    """`--game`, `--preset` and every house rule of every game and of the table, handed over as `given`."""
    presets = sorted({p for game in GAMES.values() for p in game.presets})
    command = _apply(list(every_option().values()), command)
    command = click.option("--preset", type=click.Choice(presets), help="A named set of house rules (R10). [pagat]")(
        command)
    return click.option("--game", type=GameName(), help="The game played, by name or alias (R10). [brag]")(command)


def ranking_values(**given) -> dict:
    """The ranking options given, as typed values: those not given are left out."""
    return typed(given, Rules())
