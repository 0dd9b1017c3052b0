"""The house-rule options of CLI.md, shared by `session new` and the card commands."""

from __future__ import annotations

import click

from bragref.engine.money import parse_amount
from bragref.engine.rules import (
    A23,
    CARDS,
    MONEY_OPTIONS,
    PRESETS,
    RETAINED_BLIND,
    SEE_COSTS,
    SHORT_MONEY,
    STAKES,
    Rules,
    from_preset,
)


def _apply(options, command):
    for option in reversed(options):
        command = option(command)
    return command


def ranking_options(command):
    """The options that matter to how hands rank (R8): `rank`, `compare` and `odds` take these alone."""
    return _apply([
        click.option("--cards", type=click.Choice([str(n) for n in CARDS]),
                     help="Cards dealt to each player; the best three are kept (R8.6). [3]"),
        click.option("--wild", help="Wild cards (R8.7): none, deuces, black-deuces, one-eyed-jacks, suicide-king, "
                                    "jokers:N, braggers, or a card list such as 'Ah,Kd'. [none]"),
        click.option("--threes-high/--no-threes-high", default=None, help="3-3-3 is the best prial (R8.2). [on]"),
        click.option("--a23", type=click.Choice(A23), help="A-2-3 is the best sequence, or the lowest (R8.3). [high]"),
    ], command)


def rule_options(command):
    """Every house-rule option the engine enforces (R2–R8)."""
    money = "in the session's money"
    return _apply([
        click.option("--preset", type=click.Choice(list(PRESETS)), default="pagat", show_default=True,
                     help="A named set of house rules (R10)."),
        click.option("--ante", help=f"Each player's ante (R2.3), {money}. [1]"),
        click.option("--min-bet", help="Smallest first bet (R4.2). [the ante]"),
        click.option("--max-bet", help="Largest first bet (R4.2). [none]"),
        click.option("--raise-limit", help="Most a bet may exceed the stake by (R4.3). [none]"),
        click.option("--pot-limit/--no-pot-limit", default=None, help="A bet may not exceed the pot (R4.4). [off]"),
        click.option("--blind/--no-blind", default=None, help="Blind play allowed (R3.2). [on]"),
        click.option("--see-cost", type=click.Choice(SEE_COSTS), help="What a see costs (R5.3). [double]"),
        click.option("--retained-blind", type=click.Choice(RETAINED_BLIND),
                     help="How a retained blind hand plays (R6.3, R6.4). [keep]"),
        click.option("--short-money", type=click.Choice(SHORT_MONEY),
                     help="A player short of the minimum covers, borrows (lend/repay), or either (R7.1). [cover]"),
        click.option("--stakes", type=click.Choice(STAKES),
                     help="Players pay from their pockets, or from table money (buy-in, top-up, cash-out) (R1.3). [pocket]"),
        ranking_options,
        click.option("--unit", default="1", show_default=True, help="What one unit of money is worth, e.g. 0.01 (R1.1)."),
        click.option("--currency", default="", help="Printed before amounts, e.g. £."),
    ], command)


def ranking_values(cards: str | None, wild: str | None, threes_high: bool | None, a23: str | None) -> dict:
    """The ranking options given, as typed values: those not given are left out."""
    values: dict = {}
    if cards is not None:
        values["cards"] = int(cards)
    if wild is not None:
        from bragref.engine.cards import parse_wild

        values["wild"] = parse_wild(wild)
    if threes_high is not None:
        values["threes_high"] = threes_high
    if a23 is not None:
        values["a23"] = a23
    return values


def rules_from_options(preset: str, unit: str, currency: str, cards, wild, threes_high, a23, **given) -> Rules:
    typed = ranking_values(cards, wild, threes_high, a23)
    for name, value in given.items():
        if value is None:
            continue
        if name in MONEY_OPTIONS:
            none_ok = name != "ante" and value.strip().lower() == "none"
            typed[name] = None if none_ok else parse_amount(value, unit, allow_zero=name == "ante", currency=currency)
        else:
            typed[name] = value
    return from_preset(preset, unit=unit, currency=currency, **typed)
