"""The games bragref referees, found by name (R10): each a `Game` declared in a package of its own.

Adding a game is a new package here with its tests, and a line in `GAMES`: the CLI, the table, the hand-history
format and random play read what it declares.
"""

from __future__ import annotations

from bragref.engine.errors import BadInput
from bragref.games.base import RANKING_OPTIONS, TABLE_OPTIONS, Game, Option
from bragref.games.brag import Brag

GAMES: dict[str, Game] = {game.name: game for game in (Brag(),)}

__all__ = ["GAMES", "RANKING_OPTIONS", "TABLE_OPTIONS", "Game", "Option", "every_option", "find_game", "game_of",
           "games_using"]


def find_game(name: str) -> Game:
    """The game called `name`, or one of its aliases, in any case (`brag`, `Three Card Brag`).

    >>> find_game("pagat").title
    'Three Card Brag'
    """
    wanted = name.strip().casefold()
    for game in GAMES.values():
        if wanted == game.name or wanted in (alias.casefold() for alias in game.aliases):
            return game
    raise BadInput(f"unknown game {name!r} (games: {', '.join(GAMES)}) (R10.2)")


def game_of(rules) -> Game:
    """The game a hand under `rules` is played by (R10.1)."""
    return GAMES[rules.game]


def every_option() -> dict[str, Option]:
    """Every house rule by field name: the table's, then each game's in turn (shared ones once)."""
    options: dict[str, Option] = {o.name: o for o in TABLE_OPTIONS}
    for game in GAMES.values():
        for option in game.options:
            options.setdefault(option.name, option)
    return options


def games_using(name: str) -> list[str]:
    """The games that declare house rule `name` (the table's rules belong to every game)."""
    if any(o.name == name for o in TABLE_OPTIONS):
        return list(GAMES)
    return [game.name for game in GAMES.values() if any(o.name == name for o in game.options)]
