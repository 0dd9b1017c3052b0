"""Three Card Poker's moves (R17): the wager before the cards, a pass to sit the deal out, and the play."""

from __future__ import annotations

from bragref.engine.errors import BadInput
from bragref.games.verbs import Param, Verb


class Wager(Verb, frozen=True):
    """A player's wagers against the bank before the cards: an Ante, a Pair Plus, or both (R17.2)."""

    player: str
    ante: int | None = None
    pair_plus: int | None = None
    verb = "wager"
    answers = {"w": {}}
    params = (Param("ante", "money", "The Ante: played for against the banker's hand (R17.2).", option="--ante",
                    required=False),
              Param("pair_plus", "money", "The Pair Plus: paid by the player's hand alone (R17.2).",
                    keywords=("pair-plus", "pp"), option="--pair-plus", required=False))
    summary = "Wager an Ante, a Pair Plus or both against the bank (three-card-poker)."
    help = ("PLAYER, in turn from the banker's left before the cards, wagers --ante AMOUNT, --pair-plus AMOUNT or "
            "both, each within --min-bet and --max-bet (R17.2).")
    examples = ("bill --ante 5", "chris --ante 5 --pair-plus 2")
    pick_weight = 0.9

    @classmethod
    def offered_params(cls, offer, rules):
        return cls.params  # an Ante, a Pair Plus or both (R17.2)

    def __post_init__(self) -> None:
        if self.ante is None and self.pair_plus is None:
            raise BadInput("a wager names an Ante, a Pair Plus or both: --ante AMOUNT, --pair-plus AMOUNT (R17.2)")

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"wager {offer.range.said(rules.money)}"

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        low, high = offer.range.min, offer.range.max
        amount = low + rng.choice((0, 0, 1, 4)) if high is None else rng.randint(low, min(high, low + 4))
        chance = rng.random()
        if chance < 0.5:
            return cls(player, ante=amount)
        if chance < 0.7 or hand.rules.stakes == "table":  # the offer's range is for one wager at table stakes
            return cls(player, pair_plus=amount)
        return cls(player, ante=amount, pair_plus=low)

    @classmethod
    def offered_moves(cls, hand, player, offer):
        low = offer.range.min
        high = offer.range.max if offer.range.max is not None else low + 5
        return [cls(player, ante=low), cls(player, pair_plus=high), cls(player, ante=high, pair_plus=low)]

    @classmethod
    def fill(cls, hand, now, values):
        if values.get("ante") is None and values.get("pair_plus") is None:  # at the table: the least Ante
            allowed = now.range("wager")
            values["ante"] = allowed.min if allowed else max(hand.rules.first_bet_min, 1)
        return values

    def detail(self, money=str):
        return ", ".join(f"{kind} {money(amount)}" for kind, amount in (("Ante", self.ante),
                                                                        ("Pair Plus", self.pair_plus)) if amount)

    def stated_amount(self) -> int | None:
        return (self.ante or 0) + (self.pair_plus or 0)

    def told(self, before, after, called):
        money = before.rules.money
        wagers = [f"an Ante of {money(self.ante)}"] if self.ante else []
        wagers += [f"a Pair Plus of {money(self.pair_plus)}"] if self.pair_plus else []
        return f"{called(self.player)} wagered {' and '.join(wagers)} against the bank (R17.2)."


class Pass(Verb, frozen=True):
    """No wager this deal: the player sits it out (R17.2)."""

    player: str
    verb = "pass"
    answers = {"p": {}}
    summary = "Pass (three-card-poker): no wager this deal."
    help = "PLAYER wagers nothing this deal and sits it out (R17.2)."
    examples = ("dan",)

    def told(self, before, after, called):
        return f"{called(self.player)} passed: no wager this deal (R17.2)."


class Play(Verb, frozen=True):
    """After looking, a player with an Ante plays: a Play wager equal to it (R17.3)."""

    player: str
    verb = "play"
    answers = {"pl": {}}
    summary = "Play (three-card-poker): a Play wager equal to the Ante."
    help = "PLAYER, holding an Ante, plays: they put in a Play wager equal to their Ante, its cost computed (R17.3)."
    examples = ("bill",)

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"play for {rules.money(offer.cost)}"

    def told(self, before, after, called):
        ante = before.rules.money(before.wagers(self.player)[0])
        return f"{called(self.player)} played, wagering {ante} more: the Play, equal to the Ante (R17.3)."
