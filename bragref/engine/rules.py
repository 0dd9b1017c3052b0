"""House rules: one frozen value per session and per hand (R9.3); presets are named sets.

`Rules` holds the value of every house rule of every game, the table's included; which of them a game reads,
with each one's flag, help and rule number, the game declares (`bragref.games`). Amounts are integer units of
the session's money. A rule the engine does not enforce is not a field here: every field below is obeyed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace

from bragref.engine.errors import BadInput
from bragref.engine.money import MAX_UNITS, format_money, parse_amount, parse_unit

SEE_COSTS = ("double", "equal")  # the choices of each house rule; the games declare the rules (`bragref.games`)
RETAINED_BLIND = ("keep", "faceup")
SHORT_MONEY = ("cover", "borrow", "both")
COVERING = ("cover", "both")  # short-money settings that allow a cover (R7.2)
BORROWING = ("borrow", "both")  # short-money settings that allow a loan (R7.5)
STAKES = ("pocket", "table")
CARDS = (3, 4, 5)
A23 = ("high", "low")
TIES = ("split", "eldest")
NATURAL_PAIR = ("beats", "equal")


@dataclass(frozen=True, slots=True)
class Rules:
    game: str = "brag"  # R10.1: the game a hand is played under, a name in `bragref.games.GAMES`
    preset: str = "pagat"
    ante: int = 1  # R2.3
    min_bet: int | None = None  # R4.2; None means the ante (at least 1 unit)
    max_bet: int | None = None  # R4.2; None means no limit
    raise_limit: int | None = None  # R4.3, R11.2
    max_stake: int | None = None  # R11.2: the most one player may put in one hand (hoyle)
    min_raise: int | None = None  # R11.2: the least a raise adds; None means one unit (hoyle)
    ties: str = "split"  # R11.4, R12.3: equal best hands split the pot, or it goes to the eldest (hoyle)
    natural_pair: str = "beats"  # R12.2: a natural pair beats a pair of its rank made with a bragger, or not
    until: str | None = None  # R11.7: HH:MM, local time; after it, deal round to equal deals, then no more
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

    def __post_init__(self):
        from bragref.games import GAMES

        if self.game not in GAMES:
            raise BadInput(f"unknown game {self.game!r} (games built: {', '.join(GAMES)}) (R10.2)")
        presets = GAMES[self.game].presets
        if self.preset not in presets:
            raise BadInput(f"unknown preset {self.preset!r} for {self.game} (presets: {', '.join(presets)})")
        parse_unit(self.unit)
        if (len(self.currency) > 5 or not self.currency.isprintable() or any(c.isdigit() or c in ".-" for c in self.currency)
                or self.currency != self.currency.strip()):
            raise BadInput(f"a currency is up to 5 printable characters, no digits, points or spaces around it, such as £ or "
                           f"EUR, not {self.currency!r}")
        if self.ante < 0:
            raise BadInput("the ante cannot be negative (R2.3)")
        for name in ("ante", "min_bet", "max_bet", "raise_limit", "max_stake", "min_raise"):
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
        if self.until is not None:
            from bragref.games.hoyle.until import check_until

            check_until(self.until)
        if self.natural_pair not in NATURAL_PAIR:
            raise BadInput(f"natural-pair must be one of {', '.join(NATURAL_PAIR)} (R12.2)")
        if self.ties not in TIES:
            raise BadInput(f"ties must be one of {', '.join(TIES)} (R11.4)")
        if self.max_stake is not None and self.max_stake < self.first_bet_min:
            raise BadInput(f"max-stake {self.money(self.max_stake)} is below the least first bet, "
                           f"{self.money(self.first_bet_min)} (R11.2)")
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


def from_preset(preset: str = "pagat", **options) -> Rules:
    """The game's preset (`options["game"]`, else brag) with `options` (already typed values) on top."""
    from bragref.games import GAMES

    game = GAMES.get(options.get("game", "brag"))
    presets = game.presets if game else {}
    if preset not in presets:
        raise BadInput(f"unknown preset {preset!r} (presets: {', '.join(presets)})")
    return Rules(preset=preset, **{**presets[preset], **options})


def parse_option(rules: Rules, option: str, text: str) -> Rules:
    """`rules set OPTION VALUE`: the rules with one option changed from its text, as the game declares the option."""
    from bragref.games import every_option, find_game, games_using

    name = option.strip().lower().replace("-", "_")
    options = every_option()
    if name not in (*options, "preset", "game"):
        known = ", ".join(o.replace("_", "-") for o in ("game", "preset", *options))
        raise BadInput(f"unknown rule option {option!r} (options: {known})")
    if name == "unit":
        raise BadInput("the unit is fixed when the session is made: every amount recorded is in it")
    if name == "game":  # dealer's choice between hands (R9.3): the table's own rules stay as they are
        game = find_game(text)
        if game.name == rules.game:
            return rules
        table = {n: getattr(rules, n) for n in ("ante", "short_money", "stakes", "unit", "currency")}
        return from_preset(next(iter(game.presets)), game=game.name, **table)
    if name == "preset":
        return from_preset(text.strip().lower(), game=rules.game, unit=rules.unit, currency=rules.currency)
    if rules.game not in games_using(name):
        raise BadInput(f"{name.replace('_', '-')} is not a rule of {rules.game} (games that use it: "
                       f"{', '.join(games_using(name))})")
    return replace(rules, **{name: options[name].read(text, rules)})
