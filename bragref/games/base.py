"""The parts a game declares with (the game itself, a value found by name the way python-chess's variants are, is
`games.protocol.Game`): its house-rule options, each with its flag, default, help and rule number, from which
`session new`'s options, `rules show`, `bragref games` and the hand history's checks are generated; the options
several games share; and money a game carries from one hand to a later one.

The table's own rules (ante, unit, currency, stakes, short money) are not any game's: `TABLE_OPTIONS`.
"""

from __future__ import annotations

import re
from typing import Any

import bragref.structs as structs

from bragref.engine.errors import BadInput
from bragref.engine.money import MAX_UNITS, parse_amount
from bragref.engine.rules import A23, CARDS, DEFAULTS, RETAINED_BLIND, SEE_COSTS, SHORT_MONEY, STAKES, Rules

_TIME = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")  # HH:MM (R11.7)


class Option(structs.Struct, frozen=True):
    """One house rule: the `Rules` field it sets, how its value is written, its default, help and rule number.

    `kind` is how a value is read from text: `money` (in the session's money; `none` where the default is none),
    `bool` (on or off), `choice` (one of `choices`), `count` (a whole number among `choices`), `number` (a whole
    number within `span`, or `none`), `time` (HH:MM, R11.7), `wild` (R8.7), or `text`. A game's own rule
    (`own=True`) is checked by its declaration (`check`) whenever rules are made (`games.checked`).
    """

    name: str
    kind: str
    help: str
    rule: str
    choices: tuple[Any, ...] = ()
    own: bool = False  # a rule of the game's own, kept in `Rules.own`, not a field of `Rules` (an installed game's)
    fallback: object = None  # an own rule's default (a field's is `Rules`' own default)
    span: tuple[int, int] | None = None  # the least and most a `number` or `money` may be (money: in units)
    ranks: bool = False  # it orders or counts hands: `rank`, `compare` and `odds` take it
    zero: bool = False  # money: 0 is a value it may take (no ante, no entry), not only amounts above it

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def key(self) -> str:
        """How `rules show`, `games` and hand histories name it: `see-cost`."""
        return self.name.replace("_", "-")

    @property
    def default(self) -> Any:  # a value of its kind
        return self.fallback if self.own else DEFAULTS[self.name]

    def of(self, rules: Rules) -> Any:
        """Its value under `rules`: the default where none is set."""
        return rules.value(self.name, self.default)

    def check(self, value: Any, rules: Rules) -> None:
        """`BadInput` unless `value` is one this rule may have (its kind, its choices, its span)."""
        if value is None and self.default is None:
            return
        allowed = value is not None and self.accepts(value)
        if allowed and self.kind in ("choice", "count"):
            allowed = value in self.choices
        if allowed and self.kind == "time":
            allowed = isinstance(value, str) and _TIME.fullmatch(value) is not None
        span = self.span or ((int(not self.zero), MAX_UNITS) if self.kind == "money" else None)
        if allowed and span is not None:
            allowed = span[0] <= value <= span[1]
        if not allowed:
            raise BadInput(f"{self.key} is {self._expected(rules)}, not {str(value)[:40]!r} ({self.rule})")

    def _expected(self, rules: Rules) -> str:
        if self.kind in ("choice", "count"):
            return f"one of {', '.join(map(str, self.choices))}"
        if self.kind == "time":
            return "a time of day, HH:MM, like 23:30"
        low, high = self.span or (int(not self.zero), MAX_UNITS)
        if self.kind == "money":
            return f"an amount from {rules.money(low)} to {rules.money(high)}"
        return f"a whole number from {low} to {high}" if self.span else "a whole number"

    def shown(self, rules: Rules) -> str:
        """The option's value as a person reads it, money in the session's money (R1.1a)."""
        value = rules.value(self.name, self.default)
        if self.kind == "money":
            if self.name == "min_bet":
                return rules.money(rules.first_bet_min)
            return "none" if value is None else rules.money(value)
        if self.kind == "number" and value is None:
            return "none"
        if self.kind == "bool":
            return "on" if value else "off"
        return "none" if value is None else str(value)

    def read(self, text: str, rules: Rules) -> Any:
        """The value `text` gives this option under `rules` (for the unit and currency of its money)."""
        text = text.strip()
        if self.default is None and text.lower() in ("none", "off", ""):
            return None  # a rule that is off by default is turned off again so (`max-bet none`, `until none`)
        if self.kind == "money":
            return parse_amount(text, rules.unit, allow_zero=self.zero, currency=rules.currency)
        if self.kind == "number":
            if text.lower() in ("none", "off", ""):
                return None
            if not (text.isascii() and text.isdigit()):
                raise BadInput(f"{self.key} is a whole number or none, not {text!r} ({self.rule})")
            return int(text)
        if self.kind == "time" and not _TIME.fullmatch(text):
            raise BadInput(f"{self.key} is a time of day, HH:MM, like 23:30, not {text[:20]!r} ({self.rule})")
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("on", "yes", "true", "1"):
                return True
            if lowered in ("off", "no", "false", "0"):
                return False
            raise BadInput(f"{self.key} is on or off, not {text!r} ({self.rule})")
        if self.kind in ("choice", "count"):
            allowed = [str(c) for c in self.choices]
            value = next((c for c in allowed if c.lower() == text.lower()), None)  # as declared: `q` is Q
            if value is None:
                raise BadInput(f"{self.key} must be one of {', '.join(allowed)}, not {text!r} ({self.rule})")
            return int(value) if self.kind == "count" else value
        if self.kind == "wild":
            from bragref.engine.cards import parse_wild

            return parse_wild(text)
        return text

    def accepts(self, value: object) -> bool:
        """Whether a value as a hand history holds it (JSON or TOML) has this option's type."""
        if self.kind == "money":
            return (value is None and self.default is None) or (isinstance(value, int) and not isinstance(value, bool))
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "count":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "number":
            return value is None or (isinstance(value, int) and not isinstance(value, bool))
        return isinstance(value, str) or (value is None and self.default is None)


# The table's rules: every game is played under them (R1, R2, R7).
TABLE_OPTIONS = (
    Option("ante", "money", "Each player's ante, in the session's money", "R2.3", zero=True),
    Option("short_money", "choice", "A player short of the minimum covers, borrows, or either", "R7.1", SHORT_MONEY),
    Option("stakes", "choice", "Players pay from their pockets, or from table money", "R1.3", STAKES),
    Option("unit", "text", "What one unit of money is worth, e.g. 0.01", "R1.1"),
    Option("currency", "text", "Printed before amounts, e.g. £", "R1.1a"),
)

# Options more than one game will share, declared once.
RANKING_OPTIONS = (
    Option("cards", "count", "Cards dealt to each player; the best three are kept", "R8.6", CARDS, ranks=True),
    Option("wild", "wild", "Wild cards: none, deuces, black-deuces, one-eyed-jacks, suicide-king, jokers:N, braggers, "
                           "or a card list such as 'Ah,Kd'", "R8.7", ranks=True),
    Option("threes_high", "bool", "3-3-3 is the best prial", "R8.2", ranks=True),
    Option("a23", "choice", "A-2-3 is the best sequence, or the lowest", "R8.3", A23, ranks=True),
)
BRAG_BETTING_OPTIONS = (
    Option("min_bet", "money", "Smallest first bet [the ante]", "R4.2"),
    Option("max_bet", "money", "Largest first bet", "R4.2"),
    Option("raise_limit", "money", "Most a bet may exceed the stake by", "R4.3"),
    Option("pot_limit", "bool", "A bet may not exceed the pot", "R4.4"),
    Option("blind", "bool", "Blind play allowed", "R3.2"),
    Option("see_cost", "choice", "What a see costs", "R5.3", SEE_COSTS),
    Option("retained_blind", "choice", "How a retained blind hand plays", "R6.4", RETAINED_BLIND),
)


DECIDED = {"cards": "the cards decided", "concede": "conceded", "award": "awarded by the table without cards"}


class Carried(structs.Struct, frozen=True):
    """Money a game carries from one hand to a later one, in the table's words: its name, where it came from (after
    an amount: "4 left in the middle when …"), the rule that carries it, and who takes it."""

    name: str
    why: str
    rule: str
    goes_to: str
    only: str | None = None  # the one game whose deals take it in (three-stake's thirty-one, R15.5); None: any game
    # that takes in carried pots


POT_CARRIED = Carried("carried pot", "left in the middle when everyone folded to a blind player", "R6.2",
                      "whoever wins the next hand")
