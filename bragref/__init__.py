"""bragref: a referee and hand-history ledger for Three Card Brag and its family.

`import bragref` is the Python API (`bragref.api`): `bragref.deal("brag", [...])`, `bragref.open_ledger(path)`,
`bragref.find_game(name)` and the action types. Its names load on first use, so the command line, which imports
this package for every command, pays nothing for them.
"""

from bragref.version import __version__

__all__ = ["__version__"]


def __getattr__(name: str):
    import importlib

    api = importlib.import_module("bragref.api")  # an import that fails says why, not a lookup of `api` again
    if name in api.__all__:
        return getattr(api, name)
    raise AttributeError(f"module 'bragref' has no attribute {name!r}")


def __dir__() -> list[str]:
    import importlib

    return sorted([*globals(), *importlib.import_module("bragref.api").__all__])
