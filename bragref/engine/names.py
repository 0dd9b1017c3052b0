"""Player names: case-insensitive, a unique prefix is enough (CLI.md)."""

from __future__ import annotations

from collections.abc import Iterable

from bragref.engine.errors import BadInput

MAX_NAME = 40


def check_name(name: str) -> str:
    """A new player's or session's name: printable text of sane length."""
    name = name.strip()
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise BadInput(f"a name must be 1–{MAX_NAME} printable characters, not {name!r}")
    if "," in name:
        raise BadInput(f"a name cannot contain a comma: {name!r}")
    return name


def resolve(query: str, names: Iterable[str], what: str = "player") -> str:
    names = list(names)
    folded = query.strip().casefold()
    exact = [n for n in names if n.casefold() == folded]
    if exact:
        return exact[0]
    matches = [n for n in names if n.casefold().startswith(folded)] if folded else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise BadInput(f"{query!r} could be {', '.join(sorted(matches))}: type more of the name")
    listed = ", ".join(names) if names else "none"
    raise BadInput(f"no {what} {query!r} here ({what}s: {listed})")
