"""The two ways an input can fail: it cannot be understood, or the rules forbid it; and a message made fit to show."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bragref.engine.rules import Rules
    from bragref.engine.state import Legal


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """` (did you mean 'bet'?)` for a near miss among `known`, else nothing: for a message about a mistyped word."""
    import difflib  # here: only a mistyped word pays for it

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def printable(text: str) -> str:
    """Text safe for a terminal: control and other unprintable characters shown escaped (`\\x1b`), lines kept.

    Messages quote what was typed, and notes are free text: neither reaches the terminal raw.
    """
    if text.isprintable():
        return text
    return "\n".join("".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in line) for line in text.split("\n"))


MAX_MESSAGE = 1000  # characters of a message: what it quotes of a hostile input is cut, not printed whole


def brief(text: str) -> str:
    """A message fit to show: escaped (`printable`) and at most `MAX_MESSAGE` characters."""
    text = printable(text)
    return text if len(text) <= MAX_MESSAGE else f"{text[:MAX_MESSAGE]}… ({len(text) - MAX_MESSAGE} more characters)"


class BragError(Exception):
    """Base of every error the engine raises on purpose."""


class BadInput(BragError):
    """Unparseable or unknown input: an amount, a name, an option (CLI exit 2)."""


class Refused(BragError):
    """Understood, but the rules forbid it in the current state (CLI exit 3).

    `rule` is the rulebook section (``"R5.2"``); `legal` is what the player
    to act may do instead (an `engine.state.Legal`), when there is one, and
    `rules` the hand's house rules, whose money it is said in (R1.1a).
    """

    def __init__(self, reason: str, rule: str, legal: Legal | None = None, rules: Rules | None = None):
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule
        self.legal = legal
        self.rules = rules
