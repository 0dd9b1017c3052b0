"""bragref: a referee and hand-history ledger for Three Card Brag and its family.

`import bragref` is the Python API (`bragref.api`): `bragref.deal("brag", [...])`, `bragref.open_ledger(path)`,
`bragref.find_game(name)` and the action types. Its names load on first use, so the command line, which imports
this package for every command, pays nothing for them.
"""

__version__ = "0.6.0"


def __getattr__(name: str):
    from bragref import api

    if name in api.__all__:
        return getattr(api, name)
    raise AttributeError(f"module 'bragref' has no attribute {name!r}")


def __dir__() -> list[str]:
    from bragref import api

    return sorted([*globals(), *api.__all__])
