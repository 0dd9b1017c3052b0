"""The conformance suite's pytest plug-in: `--bragref-game GAME` (repeatable; a name or an alias) chooses the games
the suite's checks take as `game`, each in turn; without it, every registered game."""

from __future__ import annotations


def pytest_addoption(parser) -> None:
    parser.addoption("--bragref-game", action="append", default=[], metavar="GAME",
                     help="a game the conformance suite checks (repeat for more; default: every registered game)")


def pytest_generate_tests(metafunc) -> None:
    if "game" in metafunc.fixturenames and metafunc.function.__module__ == "bragref.testing.conformance":
        from bragref.games import GAMES, find_game

        names = [find_game(name).name for name in metafunc.config.getoption("bragref_game")] or list(GAMES)
        metafunc.parametrize("game", [GAMES[name] for name in names], ids=names)
