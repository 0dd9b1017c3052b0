"""bragref: a referee and hand-history ledger for Three Card Brag and its family.

`import bragref` is the Python API (`bragref.api`): `bragref.deal("brag", [...])`, `bragref.open_ledger(path)`,
`bragref.find_game(name)` and the action types, every game's as its game declares them. Its names load on first use,
so the command line, which imports this package for every command, pays nothing for them.
"""

__all__ = ["__version__"]  # read on first use, as the rest: the console script imports this package before it can
# take Ctrl-C (`bragref.console`), so it imports nothing

TYPE_CHECKING = False  # `typing.TYPE_CHECKING` without importing `typing`; gone again below, `dir()` unchanged
if TYPE_CHECKING:
    from typing import Any
del TYPE_CHECKING


def __getattr__(name: str) -> "Any":  # each name its own kind of thing
    import importlib

    if name == "__version__":
        return importlib.import_module("bragref.version").__version__

    api = importlib.import_module("bragref.api")  # an import that fails says why, not a lookup of `api` again
    found = getattr(api, name) if name in api.__all__ else api.game_action(name)  # a game's own action type too
    if found is not None:
        return found
    raise AttributeError(f"module 'bragref' has no attribute {name!r}")


def __dir__() -> list[str]:
    import importlib

    api = importlib.import_module("bragref.api")
    return sorted([*globals(), *api.__all__, *api.game_actions()])
