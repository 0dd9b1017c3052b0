"""The house-rule options (docs/reference.md, Sessions and house rules), generated from what the games declare
(`bragref.games`): `session new` and `simulate` take every game's options and the table's; the card commands take the
ranking ones. An option that the chosen game does not use is refused, naming the games that use it (exit 2)."""

from __future__ import annotations

import click

from bragref.engine.rules import Rules
from bragref.games import GAMES, deal_params, every_option, typed
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


def turned_params() -> list:
    """The cards a game's deal turns up that the order of hands depends on (`Param.ranks`: Teen Patti's joker,
    R13.7): `rank`, `compare` and `odds` take each as an option, the card turned up."""
    return [param for param in deal_params() if param.ranks]


def _listed(names: list[str]) -> str:
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def ranked_as() -> str:
    """Which order of hands each game ranks by (`Game.ranking`), as the games declare it: those sharing one together,
    then those with their own."""
    orders: dict[str, list[str]] = {}
    for game in GAMES.values():
        orders.setdefault(game.ranking, []).append(game.name)
    shared = [f"{_listed(names)} by {ranking}'s order of hands" for ranking, names in orders.items()
              if names != [ranking]]
    own = [ranking for ranking, names in orders.items() if names == [ranking]]
    return "; ".join([*shared, *([f"{_listed(own)} {'each ' if len(own) > 1 else ''}by its own"] if own else [])])


def ranking_options(command):
    """The options that matter to how hands rank: `rank`, `compare` and `odds` take these alone, with `--game`
    for a game's own order and each card a game's deal turns up that orders hands (Teen Patti's `--joker`, R13.7),
    every one as the games declare it."""
    options = every_option()
    for param in reversed(turned_params()):
        games = [game.title for game in GAMES.values() if param.name in (p.name for p in game.deal_params)]
        command = click.option(param.option, param.name, metavar="CARD",
                               help=f"In {_listed(games)}, {param.help[:1].lower()}{param.help[1:]}.")(command)
    command = _apply([options[name] for name in ranking_fields()], command)
    return click.option("--game", type=GameName(),
                        help=f"Rank as this game does (R10): {ranked_as()}. [the session's game, else brag]")(command)


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
