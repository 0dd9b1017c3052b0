"""The two ways an input can fail: it cannot be understood, or the rules forbid it."""

from __future__ import annotations


def did_you_mean(word: str, known) -> str:
    """` (did you mean 'bet'?)` for a near miss among `known`, else nothing: for a message about a mistyped word."""
    import difflib  # here: only a mistyped word pays for it

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


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

    def __init__(self, reason: str, rule: str, legal=None, rules=None):
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule
        self.legal = legal
        self.rules = rules
