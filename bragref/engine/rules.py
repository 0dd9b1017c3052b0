"""House rules: one frozen value per session and per hand (R9.3); presets are named sets.

Amounts here are integer units of the session's money. A rule the engine does
not enforce yet is not an option here: every field below is obeyed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace

from bragref.engine.errors import BadInput
from bragref.engine.money import MAX_UNITS, format_money, parse_amount, parse_unit

SEE_COSTS = ("double", "equal")
RETAINED_BLIND = ("keep", "faceup")
SHORT_MONEY = ("cover", "borrow", "both")
COVERING = ("cover", "both")  # short-money settings that allow a cover (R7.2)
BORROWING = ("borrow", "both")  # short-money settings that allow a loan (R7.5)
STAKES = ("pocket", "table")
CARDS = (3, 4, 5)
A23 = ("high", "low")


@dataclass(frozen=True, slots=True)
class Rules:
    preset: str = "pagat"
    betting: str = "brag"  # the betting structure (R4.5); see engine.betting.STRUCTURES
    ante: int = 1  # R2.3
    min_bet: int | None = None  # R4.2; None means the ante (at least 1 unit)
    max_bet: int | None = None  # R4.2; None means no limit
    raise_limit: int | None = None  # R4.3
    pot_limit: bool = False  # R4.4
    blind: bool = True  # R3.2
    see_cost: str = "double"  # R5.3
    retained_blind: str = "keep"  # R6.4
    short_money: str = "cover"  # R7.1: cover and both allow covers (R7.2), borrow and both loans (R7.5)
    stakes: str = "pocket"  # R1.3: pocket, or table money from buy-ins and top-ups
    ranking: str = "brag"  # the order of hands (R8); see engine.ranking.RANKINGS
    cards: int = 3  # R8.6: cards dealt to each player, the best three kept
    wild: str = "none"  # R8.7, as written by engine.cards.parse_wild
    threes_high: bool = True  # R8.2
    a23: str = "high"  # R8.3
    unit: str = "1"  # R1.1: what one unit of money is worth
    currency: str = ""

    def __post_init__(self):
        if self.preset not in PRESETS:
            raise BadInput(f"unknown preset {self.preset!r} (presets: {', '.join(PRESETS)})")
        if self.betting != "brag":
            raise BadInput(f"unknown betting structure {self.betting!r} (built: brag)")
        parse_unit(self.unit)
        if (len(self.currency) > 5 or not self.currency.isprintable() or any(c.isdigit() or c in ".-" for c in self.currency)
                or self.currency != self.currency.strip()):
            raise BadInput(f"a currency is up to 5 printable characters, no digits, points or spaces around it, such as £ or "
                           f"EUR, not {self.currency!r}")
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
        if self.ranking != "brag":
            raise BadInput(f"unknown ranking {self.ranking!r} (built: brag)")
        if self.cards not in CARDS:
            raise BadInput(f"cards must be one of {', '.join(map(str, CARDS))} (R8.6)")
        if self.a23 not in A23:
            raise BadInput(f"a23 must be one of {', '.join(A23)} (R8.3)")
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
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in json.loads(text).items() if k in known})


PRESETS: dict[str, dict] = {
    "pagat": {},  # R10: all the defaults
    "bastard": {"blind": False},  # R10: Bastard Brag's betting, no blind play
}

# How each option is written on the command line, and how its text becomes a value.
MONEY_OPTIONS = ("ante", "min_bet", "max_bet", "raise_limit")
BOOL_OPTIONS = ("pot_limit", "blind", "threes_high")
CHOICE_OPTIONS = {"see_cost": SEE_COSTS, "retained_blind": RETAINED_BLIND, "short_money": SHORT_MONEY, "stakes": STAKES,
                  "a23": A23}
OPTION_NAMES = ("preset", *MONEY_OPTIONS, *BOOL_OPTIONS, *CHOICE_OPTIONS, "cards", "wild", "unit", "currency")


def from_preset(preset: str = "pagat", **options) -> Rules:
    """The preset's rules with `options` (already typed values) on top."""
    if preset not in PRESETS:
        raise BadInput(f"unknown preset {preset!r} (presets: {', '.join(PRESETS)})")
    return Rules(preset=preset, **{**PRESETS[preset], **options})


def parse_option(rules: Rules, option: str, text: str) -> Rules:
    """`rules set OPTION VALUE`: the rules with one option changed from its text."""
    name = option.strip().lower().replace("-", "_")
    if name not in OPTION_NAMES:
        raise BadInput(f"unknown rule option {option!r} (options: {', '.join(o.replace('_', '-') for o in OPTION_NAMES)})")
    if name == "unit":
        raise BadInput("the unit is fixed when the session is made: every amount recorded is in it")
    if name == "preset":
        return from_preset(text.strip().lower(), unit=rules.unit, currency=rules.currency)
    value: object
    if name in MONEY_OPTIONS:
        none_ok = name != "ante"
        if none_ok and text.strip().lower() in ("none", "off", ""):
            value = None
        else:
            value = rules.amount(text, allow_zero=name == "ante")
    elif name in BOOL_OPTIONS:
        value = parse_bool(text)
    elif name in CHOICE_OPTIONS:
        value = text.strip().lower()
    elif name == "cards":
        value = parse_cards_dealt(text)
    elif name == "wild":
        from bragref.engine.cards import parse_wild

        value = parse_wild(text)
    else:
        value = text
    return replace(rules, **{name: value})


def parse_cards_dealt(text: str) -> int:
    if text.strip() not in [str(n) for n in CARDS]:
        raise BadInput(f"cards must be one of {', '.join(map(str, CARDS))}, not {text!r} (R8.6)")
    return int(text)


def parse_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("on", "yes", "true", "1"):
        return True
    if lowered in ("off", "no", "false", "0"):
        return False
    raise BadInput(f"expected on or off, not {text!r}")
