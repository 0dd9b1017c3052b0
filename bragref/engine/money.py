"""Money is an integer count of the session's unit (R1.1); never a float.

What a person types is ASCII digits with an optional point and more digits, optionally after the
session's currency (so that whatever the referee prints, `£0.53`, can be typed back, R1.1a). No
amount may exceed `MAX_UNITS`, so no total the ledger keeps can overflow its 64-bit integers.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from bragref.engine.errors import BadInput

MAX_UNITS = 10**12  # the most one amount typed or paid may be, a see's cost included (R1.1)
MIN_UNIT, MAX_UNIT = Decimal("0.0001"), Decimal(1000)  # what one unit may be worth (R1.1)
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_SYMBOLS = ("£", "$", "€")  # taken before an amount in any session, as well as the session's own currency
_QUOTED = 24  # how much of a bad amount a message quotes


def _quote(text: str) -> str:
    return repr(text if len(text) <= _QUOTED else text[:_QUOTED] + "…")


def _decimal(text: str) -> Decimal | None:
    """The number ASCII digits and an optional point spell (R1.1), or None for anything else."""
    if len(text) > 40 or not _NUMBER.fullmatch(text):
        return None
    return Decimal(text)


def parse_unit(text: str) -> Decimal:
    unit = _decimal(str(text).strip())
    if unit is None or not MIN_UNIT <= unit <= MAX_UNIT:
        raise BadInput(f"the unit is a decimal from {MIN_UNIT} to {MAX_UNIT}, like 1 or 0.01, not {_quote(str(text))} (R1.1)")
    return unit


def parse_amount(text: str, unit: str = "1", *, allow_zero: bool = False, currency: str = "") -> int:
    """`"1.50"` with unit `"0.01"` is 150 units. Refuses fractions of a unit, and anything but digits (R1.1)."""
    cleaned = str(text).strip()
    for symbol in (currency, *_SYMBOLS):
        if symbol and cleaned.startswith(symbol):
            cleaned = cleaned[len(symbol):]
            break
    value = _decimal(cleaned)
    least = "0 or more" if allow_zero else "more than 0"
    if value is None:
        raise BadInput(f"not an amount: {_quote(str(text))}; an amount is {least} in digits, like 2 or 1.50 (R1.1)")
    units = value / parse_unit(unit)
    if units != units.to_integral_value():
        raise BadInput(f"{currency}{cleaned} is not a whole number of units of {currency}{unit}: amounts here are "
                       f"multiples of {currency}{unit} (R1.1)")  # in the session's money (R1.1a)
    if units == 0 and not allow_zero:
        raise BadInput(f"an amount must be more than 0, not {text} (R1.1)")
    if units > MAX_UNITS:
        raise BadInput(f"{_quote(str(text))} is too large: no amount may exceed {format_money(MAX_UNITS, unit, currency)} "
                       f"(R1.1)")
    return int(units)


def check_units(amount: int, *, allow_zero: bool = False) -> int:
    """An amount already counted in units (a hand history holds them so): whole, positive, within the cap (R1.1)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise BadInput(f"an amount is a whole number of units, not {_quote(repr(amount))} (R1.1)")
    if amount < 0 or (amount == 0 and not allow_zero):
        raise BadInput(f"an amount must be more than 0, not {amount} (R1.1)")
    if amount > MAX_UNITS:
        raise BadInput(f"no amount may exceed {MAX_UNITS} units (R1.1)")
    return amount


@lru_cache(maxsize=4096)
def format_money(units: int, unit: str = "1", currency: str = "") -> str:
    """150 units of 0.01 with currency £ is `£1.50`, 13 units of 0.10 `£1.30`: as many places as the unit is
    written with (a session's reports repeat a few hundred amounts: each is worked out once)."""
    value = Decimal(units) * Decimal(unit)
    exponent = Decimal(unit).as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    sign = "-" if value < 0 else ""
    return f"{sign}{currency}{abs(value):.{places}f}"
