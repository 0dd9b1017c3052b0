"""Money is an integer count of the session's unit (R1.1); never a float."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from bragref.engine.errors import BadInput


def parse_unit(text: str) -> Decimal:
    try:
        unit = Decimal(text)
    except InvalidOperation:
        raise BadInput(f"the unit must be a number, like 1 or 0.01, not {text!r}") from None
    if not unit.is_finite() or unit <= 0:
        raise BadInput(f"the unit must be a positive number, not {text!r}")
    return unit


def parse_amount(text: str, unit: str = "1", *, allow_zero: bool = False) -> int:
    """`"1.50"` with unit `"0.01"` is 150 units. Refuses fractions of a unit (R1.1)."""
    cleaned = str(text).strip().lstrip("£$€")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise BadInput(f"not an amount: {text!r}") from None
    if not value.is_finite():
        raise BadInput(f"not an amount: {text!r}")
    units = value / parse_unit(unit)
    if units != units.to_integral_value():
        raise BadInput(f"{text} is not a whole number of units of {unit} (R1.1)")
    if units < 0 or (units == 0 and not allow_zero):
        raise BadInput(f"an amount must be more than 0, not {text} (R1.1)")
    return int(units)


def format_money(units: int, unit: str = "1", currency: str = "") -> str:
    """150 units of 0.01 with currency £ is `£1.50`."""
    value = Decimal(units) * Decimal(unit)
    exponent = Decimal(unit).normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    sign = "-" if value < 0 else ""
    return f"{sign}{currency}{abs(value):.{places}f}"
