"""House rules: one frozen value per session and per hand (R9.3); presets are named sets.

`Rules` holds the table's rules (ante, unit, currency, stakes, short money, limits), the game's name and preset,
the rules of the brag family's betting and ranking that every hand history names (R3–R8, and how ties are
settled), and each game's own rules in `own`: the game declares those (`bragref.games`, `Option(own=True)`), with
their defaults and checks. Amounts are integer units of the session's money. A rule the engine does not enforce
is not a field here: every field below is obeyed.
"""

from __future__ import annotations

from typing import Any

import bragref.structs as structs
from bragref.structs import asdict, replace

from bragref.engine.errors import BadInput
from bragref.engine.money import MAX_UNITS, format_money, parse_amount, parse_unit

SEE_COSTS = ("double", "equal")  # the choices of each house rule; the games declare the rules (`bragref.games`)
RETAINED_BLIND = ("keep", "faceup")
SHORT_MONEY = ("cover", "borrow", "both")
COVERING = ("cover", "both")  # short-money settings that allow a cover (R7.2)
BORROWING = ("borrow", "both")  # short-money settings that allow a loan (R7.5)
STAKES = ("pocket", "table")
CARDS = (3, 4, 5)
A23 = ("high", "low")  # brag's (R8.3); Teen Patti adds `second` (R13.6): each game declares its own choices
A23_ALL = (*A23, "second")
TIES = ("split", "eldest")
NATURAL_PAIR = ("beats", "equal")


class Rules(structs.Struct, frozen=True):
    game: str = "brag"  # R10.1: the game a hand is played under, a name in `bragref.games.GAMES`
    preset: str = "pagat"
    ante: int = 1  # R2.3
    min_bet: int | None = None  # R4.2; None means the ante (at least 1 unit)
    max_bet: int | None = None  # R4.2; None means no limit
    raise_limit: int | None = None  # R4.3, R11.2
    ties: str = "split"  # R11.4, R12.3: equal best hands split the pot, or it goes to the eldest (hoyle)
    natural_pair: str = "beats"  # R12.2: a natural pair beats a pair of its rank made with a bragger, or not
    pot_limit: bool = False  # R4.4
    blind: bool = True  # R3.2
    see_cost: str = "double"  # R5.3
    retained_blind: str = "keep"  # R6.4
    short_money: str = "cover"  # R7.1: cover and both allow covers (R7.2), borrow and both loans (R7.5)
    stakes: str = "pocket"  # R1.3: pocket, or table money from buy-ins and top-ups
    cards: int = 3  # R8.6: cards dealt to each player, the best three kept
    wild: str = "none"  # R8.7, as written by engine.cards.parse_wild
    threes_high: bool = True  # R8.2
    a23: str = "high"  # R8.3
    unit: str = "1"  # R1.1: what one unit of money is worth
    currency: str = ""
    own: tuple[tuple[str, object], ...] = ()  # a game's own house rules by name, each pair (name, value), sorted,
    # those at their default left out: the rules a game declares with `Option(own=True)` (Teen Patti's variant)

    def value(self, name: str, fallback: object = None) -> Any:  # each rule its own type
        """A house rule's value by name: a field's, else a game's own rule's (`own`), else `fallback`."""
        if name in DEFAULTS:
            return getattr(self, name)
        return dict(self.own).get(name, fallback)

    def with_values(self, **values: object) -> Rules:
        """These rules with `values` set, each a field's or, for any other name, a game's own rule's (`own`)."""
        own = {name: value for name, value in values.items() if name not in DEFAULTS}
        return replace(self, **{name: value for name, value in values.items() if name in DEFAULTS},
                       own=tuple(sorted({**dict(self.own), **own}.items())) if own else self.own)

    def __post_init__(self) -> None:
        """Each value checked on its own; that the game and its preset exist, the games check
        (`bragref.games.from_preset`), since the rules are theirs to know."""
        parse_unit(self.unit)
        own = [pair for pair in self.own if isinstance(pair, (tuple, list)) and len(pair) == 2]
        if len(own) != len(self.own) or any(not isinstance(name, str) or name in DEFAULTS for name, _ in own):
            raise BadInput(f"a game's own rules are (name, value) pairs of names not among the table's and the "
                           f"built-in games' rules, not {str(self.own)[:60]}")
        if (len(self.currency) > 5 or not self.currency.isprintable() or any(c.isdigit() or c in ".-" for c in self.currency)
                or self.currency != self.currency.strip()):
            raise BadInput(f"a currency is up to 5 printable characters, no digits, points or spaces around it, such as £ or "
                           f"EUR, not {self.currency!r}")
        for name in ("ante", "min_bet", "max_bet", "raise_limit"):
            value = getattr(self, name)
            if not (type(value) is int or (value is None and name != "ante")):  # 1.5 or True from Python: no money
                raise BadInput(f"{name.replace('_', '-')} is a whole number of units, not {value!r} (R1.1)")
        if self.ante < 0:
            raise BadInput("the ante cannot be negative (R2.3)")
        for name in ("ante", "min_bet", "max_bet", "raise_limit"):
            value = getattr(self, name)
            if name != "ante" and value is not None and value < 1:
                raise BadInput(f"{name.replace('_', '-')} must be at least one unit")
            if value is not None and value > MAX_UNITS:
                raise BadInput(f"{name.replace('_', '-')} may not exceed {self.money(MAX_UNITS)} (R1.1)")
        if self.max_bet is not None and self.max_bet < self.first_bet_min:
            raise BadInput(f"max-bet {self.money(self.max_bet)} is below min-bet {self.money(self.first_bet_min)} (R4.2)")
        if self.see_cost not in SEE_COSTS:
            raise BadInput(f"see-cost must be one of {', '.join(SEE_COSTS)} (R5.3)")
        if self.retained_blind not in RETAINED_BLIND:
            raise BadInput(f"retained-blind must be one of {', '.join(RETAINED_BLIND)} (R6.4)")
        if self.short_money not in SHORT_MONEY:
            raise BadInput(f"short-money must be one of {', '.join(SHORT_MONEY)} (R7.1)")
        if self.stakes not in STAKES:
            raise BadInput(f"stakes must be one of {', '.join(STAKES)} (R1.3)")
        if self.cards not in CARDS:
            raise BadInput(f"cards must be one of {', '.join(map(str, CARDS))} (R8.6)")
        if self.natural_pair not in NATURAL_PAIR:
            raise BadInput(f"natural-pair must be one of {', '.join(NATURAL_PAIR)} (R12.2)")
        if self.ties not in TIES:
            raise BadInput(f"ties must be one of {', '.join(TIES)} (R11.4)")
        if self.a23 not in A23_ALL:
            raise BadInput(f"a23 must be one of {', '.join(A23_ALL)} (R8.3, R13.6)")
        if self.wild != "none":  # checked only when there are wild cards: betting never loads the card tables
            from bragref.engine.cards import parse_wild

            if not isinstance(self.wild, str) or len(self.wild) > 300 or parse_wild(self.wild) != self.wild:
                raise BadInput(f"wild is written as parse_wild writes it (R8.7), not {str(self.wild)[:40]!r}")

    def money(self, units: int) -> str:
        """An amount in the session's money, for messages: 150 units of 0.01 in £ is £1.50 (R1.1a)."""
        return format_money(units, self.unit, self.currency)

    def amount(self, text: str, *, allow_zero: bool = False) -> int:
        """What a person typed, in the session's money (`1.50`, `£1.50`), as units (R1.1)."""
        return parse_amount(text, self.unit, allow_zero=allow_zero, currency=self.currency)

    @property
    def first_bet_min(self) -> int:
        return self.min_bet if self.min_bet is not None else max(self.ante, 1)

    def to_json(self) -> str:
        """The rules as a session's and a hand's row keep them (the standard library's JSON, as every ledger has);
        a game's own rules under `own`, only where there are any, so that every other row reads as it always has."""
        import json

        values = asdict(self)
        if not self.own:
            del values["own"]
        return json.dumps(values, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        """The rules a row's JSON holds; a row written before 0.14 holds every game's rules as fields (`FORMER`),
        each read as a game's own rule where it is not at the default it then had."""
        values = structs.decode(text)
        own = dict(tuple(pair) for pair in values.get("own", ()))
        own |= {name: value for name, value in values.items() if FORMER.get(name, value) != value}
        return cls(**{k: v for k, v in values.items() if k in DEFAULTS}, own=tuple(sorted(own.items())))


DEFAULTS = {name: value for name, value in asdict(Rules()).items() if name != "own"}  # each rule's value when none
# is set; a game's own rules (`Rules.own`) are the game's to default
FORMER = {"max_stake": None, "min_raise": None, "until": None, "variant": "classic", "chaal_limit": None,
          "blind_rounds": None, "pot_cap": None, "show_tie": "asker-loses", "scoring": "money", "lives": 3, "entry": 0,
          "exchanges": "two", "centre_up": 1, "knock_from": 2, "after_knock": "exchange"}  # rules that were fields
# of `Rules` until 0.14 (now Hoyle's, Teen Patti's and Bastard Brag's own), with the value every row then held
