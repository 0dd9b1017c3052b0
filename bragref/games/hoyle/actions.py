"""The verbs of Hoyle's classical brag (R11.2, R11.3) beyond those every game has: call, raise, stand."""

from __future__ import annotations

from dataclasses import dataclass

from bragref.engine.actions import Spec


@dataclass(frozen=True, slots=True)
class Call:
    """Bring one's total up to the highest total (R11.2); `all_in`, when given, is all a player short of the call
    has, and puts them all in (R11.6)."""

    player: str
    all_in: int | None = None
    verb = "call"

    def record(self) -> dict:
        return {"amount": self.all_in, "detail": "all-in" if self.all_in is not None else None}

    @classmethod
    def from_row(cls, player: str, amount: int | None, blind: int | None, detail: str | None) -> Call:
        return cls(player, amount if detail == "all-in" else None)


@dataclass(frozen=True, slots=True)
class Raise:
    """Call, then add `amount` above it (R11.2)."""

    player: str
    amount: int
    verb = "raise"

    def record(self) -> dict:
        return {"amount": self.amount}

    @classmethod
    def from_row(cls, player: str, amount: int | None, blind: int | None, detail: str | None) -> Raise:
        return cls(player, amount)


@dataclass(frozen=True, slots=True)
class Stand:
    """The last raiser (the dealer if nobody raised) ends the betting when every total is equal (R11.3)."""

    player: str
    verb = "stand"
    spec = Spec((), "The last raiser ends the betting (hoyle).",
                "PLAYER, the last raiser (the dealer if nobody raised), ends the betting once every player still "
                "betting has the same total: every player still in shows (R11.3).", "andy",
                "{player} stood: the betting is over, and every player still in shows (R11.3).")
