"""How a player is paid (`bragref pay-to`, docs/reference.md, The season): a handle read and checked, and the link
that pays one settle-up payment to it, amount and currency filled in where the scheme takes them. Pure: no I/O.

Handles: `upi:VPA` (India's UPI, a virtual payment address such as `ann@okbank`), `paypal:NAME`, `revolut:NAME`,
`monzo:NAME`, or an `https://` link the player gives (used as given). The links:

- UPI: `upi://pay?pa=VPA&pn=NAME&am=12.50&cu=INR&tn=NOTE`, rupees only (UPI carries nothing else);
- PayPal.me: `https://paypal.me/NAME/12.50GBP` (the amount and its ISO code; without a known currency, no amount);
- Monzo.me: `https://monzo.me/NAME/12.50`, pounds only (Monzo.me takes an amount in pounds and nothing else);
- Revolut.me: `https://revolut.me/NAME`, no amount: Revolut documents no amount in a revolut.me link, so the
  payer types it (it is said beside the link);
- an https link: as given, no amount.
"""

from __future__ import annotations

import re
from decimal import Decimal

import bragref.structs as structs

from bragref.engine.errors import BadInput

SCHEMES = ("upi", "paypal", "revolut", "monzo")
MAX_LINK = 300  # characters of an https link a player gives
VPA = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}")  # name@psp, as NPCI shapes it
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")  # a paypal.me / revolut.me / monzo.me name

CURRENCIES = {  # what a session's currency (`--currency`) is, as an ISO 4217 code, where it is one of these
    "£": "GBP", "₹": "INR", "Rs": "INR", "Rs.": "INR", "€": "EUR", "$": "USD", "US$": "USD", "A$": "AUD",
    "C$": "CAD", "¥": "JPY", "zł": "PLN", "kr": "SEK", "CHF": "CHF",
}
ONLY = {"upi": ("INR", "rupees"), "monzo": ("GBP", "pounds")}  # schemes that carry one currency alone
SAYS = {"upi": "UPI", "paypal": "PayPal", "revolut": "Revolut", "monzo": "Monzo"}


class Handle(structs.Struct, frozen=True):
    """A handle as the player gave it: its `scheme` (`upi`, `paypal`, `revolut`, `monzo`, `https`) and what names
    them there (a VPA, a name, or the whole link)."""

    scheme: str
    name: str

    def __str__(self) -> str:
        return self.name if self.scheme == "https" else f"{self.scheme}:{self.name}"

    def says(self) -> str:
        """`UPI`, `PayPal`, …, `a link`: the scheme as a sentence names it."""
        return SAYS.get(self.scheme, "a link")


def handle(text: str) -> Handle:
    """`text` read as a handle, or `BadInput` saying what a handle is."""
    text = text.strip()
    shapes = "upi:VPA (ann@okbank), paypal:NAME, revolut:NAME, monzo:NAME, or an https:// link"
    scheme, colon, rest = text.partition(":")
    scheme = scheme.lower()
    if scheme == "https" and colon:
        return Handle("https", link(text))
    if scheme == "http":
        raise BadInput(f"a pay-to link must be https, not http: {text[:60]!r} (a payment link is never sent in clear)")
    if not colon or scheme not in SCHEMES:
        raise BadInput(f"a pay-to handle is {shapes}, not {text[:60]!r}")
    if scheme == "upi":
        if not VPA.fullmatch(rest):
            raise BadInput(f"a UPI address is name@bank (letters, digits, dots, hyphens and underscores, then @ and "
                           f"the bank's handle, e.g. upi:ann@okbank), not {rest[:60]!r}")
        return Handle("upi", rest)
    if not NAME.fullmatch(rest):
        raise BadInput(f"a {SAYS[scheme]} name is 1–40 letters, digits, dots, hyphens or underscores, starting with a "
                       f"letter or digit (e.g. {scheme}:ann), not {rest[:60]!r}")
    return Handle(scheme, rest)


def link(text: str) -> str:
    """An https link a player gives, checked: https, a host, no user or password, no spaces, at most `MAX_LINK`."""
    if len(text) > MAX_LINK:
        raise BadInput(f"a pay-to link is at most {MAX_LINK} characters")
    if any(c.isspace() or not c.isprintable() for c in text):
        raise BadInput("a pay-to link has no spaces or unprintable characters in it")
    from urllib.parse import urlsplit  # here: a table with no pay-to link never needs it (the phone's first table)

    try:
        parts = urlsplit(text)
        host = parts.hostname
    except ValueError:
        host = None
    if parts.scheme.lower() != "https" or not host or "." not in host:
        raise BadInput(f"a pay-to link is https://HOST/…, not {text[:60]!r}")
    if parts.username is not None or parts.password is not None:
        raise BadInput("a pay-to link names no user or password before its host")
    return text


def iso(currency: str) -> str | None:
    """A session's currency as an ISO 4217 code (`£` → `GBP`, `INR` → `INR`), or None where it names none bragref
    knows (no currency at all: counters)."""
    if currency in CURRENCIES:
        return CURRENCIES[currency]
    if re.fullmatch(r"[A-Z]{3}", currency):
        return currency
    return None


def amount(units: int, unit: str) -> str:
    """`12.50`: `units` of `unit`, written with two places at least (as payment links take an amount)."""
    value = Decimal(units) * Decimal(unit)
    exponent = Decimal(unit).as_tuple().exponent
    places = max(2, -exponent if isinstance(exponent, int) and exponent < 0 else 0)
    return f"{value:.{places}f}"


class Link(structs.Struct, frozen=True):
    """What pays one payment: the `link` (None where the scheme cannot carry the night's money) and `note`, what is
    to be said beside it (None where the link carries the amount)."""

    link: str | None
    note: str | None


def pay_link(to: Handle, payee: str, units: int, unit: str, currency: str, note: str) -> Link:
    """The link that pays `payee` `units` of the money (`unit`, `currency`) at handle `to`; `note`: what the
    payment is for (UPI's `tn`)."""
    code = iso(currency)
    value = amount(units, unit)
    if to.scheme in ONLY and code != ONLY[to.scheme][0]:
        money = f"the night's money ({currency})" if currency else "the night's money (no currency)"
        return Link(None, f"{to.says()} carries {ONLY[to.scheme][1]} only, not {money}: no link; "
                          f"pay {payee} another way")
    if to.scheme == "upi":
        from urllib.parse import quote

        return Link(f"upi://pay?pa={quote(to.name, safe='@')}&pn={quote(payee, safe='')}&am={value}&cu=INR"
                    f"&tn={quote(note, safe='')}", None)
    if to.scheme == "monzo":
        return Link(f"https://monzo.me/{to.name}/{value}", None)
    if to.scheme == "paypal":
        if code is None:
            return Link(f"https://paypal.me/{to.name}",
                        "the night's money names no currency: type the amount in PayPal")
        return Link(f"https://paypal.me/{to.name}/{value}{code}", None)
    if to.scheme == "revolut":
        return Link(f"https://revolut.me/{to.name}", "Revolut takes no amount in a link: type it in Revolut")
    return Link(to.name, "a link as the player gave it: type the amount there")
