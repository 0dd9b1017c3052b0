"""Three Card Brag's own verbs (R3–R7): look, see, cover and an agreed showdown."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.engine.state import Hand
from bragref.games.brag.moves import sees_blind
from bragref.games.verbs import Param, Verb


COST = Param("cost", "money", "What a see cost, as its history line says (R5.3)")


def _status(hand: Hand, name: str) -> str:
    """`blind` or `open`, as a history line writes how a player played (R3)."""
    player = next((p for p in hand.players if p.name == name), None)
    return "blind" if player is not None and player.status == "blind" else "open"


def _check_status(hand: Hand, player: str, written: str, played: str) -> None:
    if written != played:
        status = next((p.status for p in hand.players if p.name == player), "not in this hand")
        raise Refused(f"the history says {player} played {written}, but {player} is {status}", "R3.1")


class Look(Verb, frozen=True):
    """Look at one's cards (R3.4); with a retained hand, which one and what then (R6.3)."""

    player: str
    hand: str | None = None  # "old" | "new"
    keep: bool | None = None
    verb = "look"
    answers = {"l": {}}
    params = (Param("hand", "choice", "With a retained hand: which to look at (R6.3).", ("old", "new"),
                    option="--hand", required=False),
              Param("keep", "toggle", "With --hand: keep it (and fold the other) or fold it.", ("keep", "fold"),
                    option="--keep/--fold", required=False))
    summary = "A blind player looks at their cards."
    help = "PLAYER looks at their cards at their own turn and plays open from now (R3.4, R6.3)."
    examples = ("bill", "dan --hand new --keep")
    unoffered = {"look": False}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        if not dict(offer.values).get("retained"):
            return say(cls.verb)
        if table == "page":
            return "look at the old or the new hand, and keep it or fold it"  # which, and what then (R6.3)
        return "l old|new keep|fold" if table else "look --hand old|new --keep|--fold"

    @classmethod
    def offered_json(cls, offer):
        return {"look": True}

    @classmethod
    def page_label(cls, chosen: dict) -> str | None:
        """A retained hand's choice on a page's button, in the page's may-line words (R6.3): `look at the new hand
        and keep it`, not `look new keep`."""
        if "hand" not in chosen:
            return None
        return f"look at the {chosen['hand']} hand and {'keep' if chosen.get('keep') else 'fold'} it"

    def sentence(self) -> str | None:
        """What a retained hand's look did, as a page says it was recorded: `looks at the new hand and folds it`."""
        if self.hand is None:
            return None
        return f"looks at the {self.hand} hand and {'keeps' if self.keep else 'folds'} it"

    @classmethod
    def offered_params(cls, offer, rules):
        return cls.params if dict(offer.values).get("retained") else ()  # which hand, and keep or fold it (R6.3)

    @classmethod
    def offered_moves(cls, hand, player, offer):
        if not dict(offer.values).get("retained"):
            return [cls(player)]
        return [cls(player, "old", True), cls(player, "new", False)]

    @classmethod
    def offered_weight(cls, offer):
        return 0.2 if dict(offer.values).get("retained") else 0.1

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        if not dict(offer.values).get("retained"):
            return cls(player)
        return cls(player, rng.choice(("old", "new")), rng.random() < 0.5)

    def __post_init__(self) -> None:
        if (self.hand is None) != (self.keep is None):
            raise BadInput("a look at a retained hand: which (--hand old|new) and --keep or --fold go together (R6.3)")

    def told(self, before, after, called):
        who = called(self.player)
        if self.hand is None:
            return f"{who} looked at their cards{'' if after is None else ', and plays open from now (R3.4)'}."
        if self.keep:
            then = "" if after is None else ", folding the other unseen (R6.3)"
            return f"{who} looked at the {self.hand} hand and kept it{then}."
        then = "" if after is None else ", playing the other one blind (R6.3)"
        return f"{who} looked at the {self.hand} hand and folded it{then}."


class See(Verb, frozen=True):
    """Pay to see the only other player still betting; what it costs is the rules' (R5.3)."""

    player: str
    verb = "see"
    pick_weight = 0.25
    answers = {"s": {}}
    summary = "Pay to see the other player left."
    help = "PLAYER pays to see the only other player still betting; the cost is computed (R5)."
    examples = ("andy",)
    unoffered = {"see": None}

    def written(self, before, after, who):
        blind = sees_blind(before, before.player(self.player))
        return [str(after.pot - before.pot), "blind" if blind else "open"]

    @classmethod
    def from_history(cls, subject, words, read, hand, apply):
        if len(words) != 2 or words[1] not in ("blind", "open"):
            raise BadInput(f"a see's line says what it cost and blind or open: see COST blind|open, not {words!r}")
        cost, see = read.money(words[0], COST), cls(subject)
        if subject in {p.name for p in hand.players}:
            _check_status(hand, subject, words[1], "blind" if sees_blind(hand, hand.player(subject)) else "open")
            paid = apply(hand, see).pot - hand.pot
            if paid != cost:
                raise Refused(f"the history says the see cost {cost}, but the rules make it {paid}", "R5.3")
        return see

    def told(self, before, after, called):
        who, money = called(self.player), before.rules.money
        seer = before.player(self.player)
        other = next(p.name for p in before.betting if p.name != self.player)
        if after is None:
            return f"{who} saw {called(other)}."
        blind = sees_blind(before, seer)
        times = "twice" if before.rules.see_cost == "double" else "once"
        terms = f"as a blind player, {times} half the stake of {money(before.stake)} rounded up" if blind \
            else f"{times} the stake of {money(before.stake)}"
        return (f"{who} paid {money(after.pot - before.pot)} to see {called(other)}: {terms} (R5.3"
                f"{', R3.1' if blind and seer.status == 'unlooked' else ''}). {called(other)} shows first (R5.4).")


class Cover(Verb, frozen=True):
    """A player short of the minimum puts in all they have and stops betting; their hand stays in (R7.2)."""

    player: str
    amount: int
    verb = "cover"
    answers = {"c": {}}
    params = (Param("amount", "money", "All the player has", zero_at_table_stakes=True),)
    summary = "A player short of the minimum covers the pot."
    help = ("PLAYER cannot meet the minimum and puts in all they have, AMOUNT: the pot as it stands is frozen for "
            "them and their hand stays in (R7.2). Two or more others bet on into a new pot; with one left, betting "
            "ends and that player shows first (R7.4). From the pocket the referee takes the player's word; under "
            "table stakes AMOUNT is exactly their table money (R1.3).")
    examples = ("dan 3",)
    unoffered = {"cover": False, "cover_range": None}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"cover with {offer.range.said(rules.money)}"

    @classmethod
    def offered_json(cls, offer):
        return {"cover": True, "cover_range": offer.range.json()}

    @classmethod
    def offered_weight(cls, offer):
        return 0.5 if offer.said else 0.04  # seldom while a bet is in reach (R7.2)

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        return cls(player, rng.randint(offer.range.min, offer.range.max))

    @classmethod
    def fill(cls, hand, now, values):
        if "amount" not in values:  # at the table: table money is all they have (R1.3); a pocket, their word
            allowed = now.range("cover")
            if allowed is None or allowed.min != allowed.max:
                raise BadInput("c AMOUNT: cover with all the player has, less than the minimum (R7.2)")
            values["amount"] = allowed.min
        return values

    def written(self, before, after, who):
        return [str(self.amount), _status(before, self.player)]

    @classmethod
    def from_history(cls, subject, words, read, hand, apply):
        if len(words) != 2 or words[1] not in ("blind", "open"):
            raise BadInput(f"a cover's line says the amount and blind or open: cover AMOUNT blind|open, not {words!r}")
        _check_status(hand, subject, words[1], _status(hand, subject))
        return cls(subject, read.money(words[0], cls.params[0]))

    def told(self, before, after, called):
        who, money = called(self.player), before.rules.money
        if after is None:
            return f"{who} covered with {money(self.amount)}."
        frozen = after.covered[-1].amount
        then = "the others bet on into a new pot" if after.phase == "betting" else \
            "one player is left, so betting ends (R7.4)"
        return (f"{who} could not meet the minimum and covered with {money(self.amount)} (R7.2): the pot of "
                f"{money(frozen)} is frozen for them, and {then}.")


class Showdown(Verb, frozen=True):
    """All still betting agree to show (R6.5)."""

    player: None = None
    verb = "showdown"
    pick_weight = 0.03
    subject = "table"
    answers = {"sd": {}}
    summary = "All still betting agree to show."
    help = "Three or more still betting agree to show their hands (R6.5)."

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return "agree a showdown"
    examples = ("",)
    unoffered = {"showdown": False}

    def sentence(self) -> str:
        """As a page says it was recorded: `The table agrees a showdown (R6.5)`."""
        return "agrees a showdown (R6.5)"

    def told(self, before, after, called):
        return f"The {len(before.betting)} players still betting agreed to show (R6.5)."
