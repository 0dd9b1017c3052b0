"""Shell completion from the ledger: player names after `bet `, session names after `--session ` (click's own).

Completion only reads: it opens an existing ledger read-only, never makes one, and offers
nothing rather than fail.
"""

from __future__ import annotations

import os

import click


def _book(ctx: click.Context):
    """The ledger meant, opened only to read it, and the session meant (--session, else the current one); None
    where there is no ledger."""
    from bragref.api import open_ledger
    from bragref.cli import default_db

    root = ctx.find_root()
    path = root.params.get("db") or default_db()
    return open_ledger(path, root.params.get("session"), read_only=True) if os.path.exists(path) else None


def _matching(names, incomplete: str) -> list[str]:
    return [name for name in names if name.casefold().startswith(incomplete.casefold())]


def players(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The seats of the session meant (--session, else the current one)."""
    try:
        book = _book(ctx)
        if book is None:
            return []
        return _matching(book.current_session().seats, incomplete)
    except Exception:  # noqa: BLE001 - a half-typed command line must never print an error from the completer
        return []


def rule_options(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """`rules set <Tab>`: every house rule, as `rules set` takes it (`ante`, `see-cost`, `game`)."""
    from bragref.games import every_option

    return _matching(["game", *(name.replace("_", "-") for name in every_option())], incomplete)


def rule_values(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """`rules set see-cost <Tab>`: the values a choice takes (`double`, `equal`), the games after `game`."""
    from bragref.games import GAMES, every_option

    option = str(ctx.params.get("option") or "").replace("-", "_")
    if option == "game":
        return _matching(GAMES, incomplete)
    known = every_option().get(option)
    choices = [str(c) for c in known.choices] if known is not None else []
    return _matching(choices + (["on", "off"] if known is not None and known.kind == "bool" else []), incomplete)


def sessions(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    try:
        book = _book(ctx)
        return _matching(book.session_names(), incomplete) if book else []
    except Exception:  # noqa: BLE001 - as above
        return []
