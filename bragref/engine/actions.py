"""What can happen in a hand, as plain values. The ledger stores them as rows.

An action that a player takes by name alone (a fold, a concession; later a call, a stand, a knock) declares a
`Spec`: the command line's command, the `table` answer, the hand history's line and the replay's sentence are
all made from it, so such a verb is written in one place (with its rules in its game).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    """How a verb that names one player is typed, written and told."""

    short: tuple[str, ...]  # `table` answers beside the verb itself, e.g. ("f",)
    summary: str  # the command's one-line help
    help: str  # what it does, citing the rules
    example: str  # the command's arguments in its example, e.g. "dan"
    told: str  # the replay's sentence, with {player}


@dataclass(frozen=True, slots=True)
class Bet:
    player: str
    amount: int
    blind: bool = False
    verb = "bet"


@dataclass(frozen=True, slots=True)
class Fold:
    player: str
    verb = "fold"
    spec = Spec(("f",), "Record a fold (in turn only).", "PLAYER folds; never out of turn (R2.5).", "dan",
                "{player} folded.")


@dataclass(frozen=True, slots=True)
class Look:
    """Look at one's cards (R3.4); with a retained hand, which one and what then (R6.3)."""

    player: str
    hand: str | None = None  # "old" | "new"
    keep: bool | None = None
    verb = "look"


@dataclass(frozen=True, slots=True)
class See:
    player: str
    verb = "see"


@dataclass(frozen=True, slots=True)
class Cover:
    """A player short of the minimum puts in all they have and stops betting; their hand stays in (R7.2)."""

    player: str
    amount: int
    verb = "cover"


@dataclass(frozen=True, slots=True)
class Credit:
    """A loan put on a player's table money mid-hand (R7.5): not a turn, never refused.

    The ledger keeps loans apart from a hand's actions and weaves them back in where they happened.
    """

    player: str
    amount: int
    verb = "credit"


@dataclass(frozen=True, slots=True)
class Showdown:
    """All still betting agree to show (R6.5)."""

    player: None = None
    verb = "showdown"


@dataclass(frozen=True, slots=True)
class Concede:
    """A player at a see or showdown gives up without showing (R5.4)."""

    player: str
    verb = "concede"
    spec = Spec(("cn",), "A player at a see or showdown gives up.",
                "PLAYER throws in at a see or showdown without showing (R5.4).", "andy",
                "{player} conceded without showing (R5.4).")


@dataclass(frozen=True, slots=True)
class Show:
    """Cards exposed at a see or showdown (R5.4, R6.5): all those dealt, or the kept three and the discards (R8.6)."""

    player: str
    cards: tuple[int, ...]
    discards: tuple[int, ...] = ()
    verb = "show"


@dataclass(frozen=True, slots=True)
class Award:
    """The table settles a showdown without cards: these players take the pot (equal shares)."""

    players: tuple[str, ...]
    verb = "award"

    @property
    def player(self) -> str:
        return self.players[0]


Action = Bet | Fold | Look | See | Cover | Credit | Showdown | Concede | Show | Award
DISCARDS = " / "  # in a show's record, between the cards kept and those discarded


def to_record(action: Action) -> dict:
    """The columns a ledger row holds for this action; a game's own action type says so itself (`record`)."""
    record = {"verb": action.verb, "player": action.player, "amount": None, "blind": None, "detail": None}
    if hasattr(action, "record"):
        return {**record, **action.record()}
    if isinstance(action, Bet):
        record.update(amount=action.amount, blind=int(action.blind))
    elif isinstance(action, Cover):
        record["amount"] = action.amount
    elif isinstance(action, Look) and action.hand:
        record["detail"] = f"{action.hand} {'keep' if action.keep else 'fold'}"
    elif isinstance(action, Award):
        record["detail"] = ",".join(action.players)
    elif isinstance(action, Show):
        from bragref.engine.cards import hand_text

        record["detail"] = hand_text(action.cards) + (DISCARDS + hand_text(action.discards) if action.discards else "")
    return record


def from_record(verb: str, player: str | None, amount: int | None, blind: int | None, detail: str | None) -> Action:
    if verb == "bet":
        return Bet(player, amount, bool(blind))
    if verb == "cover":
        return Cover(player, amount)
    if verb == "look":
        if detail:
            hand, what = detail.split()
            return Look(player, hand, what == "keep")
        return Look(player)
    if verb == "award":
        return Award(tuple(detail.split(",")))
    if verb == "showdown":
        return Showdown()
    if verb == "show":
        from bragref.engine.cards import MAX_JOKERS, parse_cards

        kept, _, discards = detail.partition(DISCARDS)
        return Show(player, parse_cards([kept], MAX_JOKERS), parse_cards([discards], MAX_JOKERS))
    return {"see": See, "fold": Fold, "concede": Concede}[verb](player)
