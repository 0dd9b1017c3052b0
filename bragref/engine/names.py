"""Player names (R2.6): one person is one name in every session, compared after NFC and case folding.

A unique prefix is enough to name a seated player (docs/reference.md, Global). A new name is printable, at most
`MAX_NAME` characters, and of one script, so that a Cyrillic `А` cannot pass for a Latin `A`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

from bragref.engine.errors import BadInput

MAX_NAME = 40
# Scripts written together in one name: Japanese mixes kana and kanji, Korean hangul and hanja.
_SCRIPT_FAMILIES = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK", "HALFWIDTH": "CJK", "FULLWIDTH": "LATIN"}


def key(name: str) -> str:
    """What two names are compared by: `Andy`, `andy` and `ANDY` are one person (R2.6)."""
    return unicodedata.normalize("NFC", name).casefold()


def same(a: str, b: str) -> bool:
    return key(a) == key(b)


def _script(char: str) -> str | None:
    """The script of a letter, by the first word of its Unicode name; None for anything but a letter."""
    if not unicodedata.category(char).startswith("L"):
        return None
    word = unicodedata.name(char, "UNKNOWN").split()[0]
    return _SCRIPT_FAMILIES.get(word, word)


def check_name(name: str, what: str = "name") -> str:
    """A new player's or session's name, NFC-normalised: printable, of sane length, of one script (R2.6)."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise BadInput(f"a {what} must be 1–{MAX_NAME} printable characters, not {name!r} (R2.6)")
    if "," in name:
        raise BadInput(f"a {what} cannot contain a comma: {name!r}")
    scripts = sorted({s for s in map(_script, name) if s})
    if len(scripts) > 1:
        raise BadInput(f"a {what} is written in one script, and {name!r} mixes {' and '.join(s.title() for s in scripts)} "
                       f"letters: a look-alike letter from another alphabet is refused (R2.6)")
    return name


def known_as(name: str, known: Iterable[str]) -> str:
    """`name` as the ledger already spells that person, if it does; else as given (R2.6)."""
    folded = key(name)
    return next((k for k in known if key(k) == folded), name)


class UnknownName(BadInput):
    """A name that is nobody's here; `query` as typed, to say whose it was where someone had it before a rename."""

    def __init__(self, message: str, query: str):
        super().__init__(message)
        self.query = query

    def formerly(self, renamed: Mapping[str, str]) -> BadInput:
        """This, and whom the name means now where it is one a player had before a rename (R2.6); `renamed`: every
        former name → the name now (a name taken back maps to itself, and says nothing)."""
        former = next((f for f in renamed if same(f, self.query.strip()) and not same(renamed[f], f)), None)
        return self if former is None else BadInput(f"{self}: {former} is called {renamed[former]} now (R2.6)")


def resolve(query: str, names: Iterable[str], what: str = "player", renamed: Mapping[str, str] | None = None) -> str:
    """The one of `names` that `query` names: the name itself, or a unique prefix (docs/reference.md, Global); `renamed`
    the former names of players (`UnknownName.formerly`)."""
    names = list(names)
    folded = key(query.strip())
    exact = [n for n in names if key(n) == folded]
    if exact:
        return exact[0]
    matches = [n for n in names if key(n).startswith(folded)] if folded else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise BadInput(f"{query!r} could be {', '.join(sorted(matches))}: type more of the name")
    listed = ", ".join(names) if names else "none"
    raise UnknownName(f"no {what} {query!r} here ({what}s: {listed})", query).formerly(renamed or {})
