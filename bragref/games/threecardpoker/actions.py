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
    help = ("PLAYER, in turn from the banker's left before the cards, wagers an Ante, a Pair Plus or both "
            "(--ante AMOUNT, --pair-plus AMOUNT), each within the table's least and most bet (--min-bet, --max-bet) "
            "(R17.2).")
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
        """`wager (Ante £0.10–£0.70, Pair Plus £0.10–£0.12)`: each wager's own range alone, or `no Pair Plus` where
        none of it fits (R17.8)."""
        each = [f"{label} {allowed.said(rules.money)}" if allowed else f"no {label}"
                for label, allowed in cls._ranges(offer)]
        return f"wager ({', '.join(each)})"

    @classmethod
    def offered_json(cls, offer):
        """`{"min": 1, "max": null, "ante": {…}, "pair_plus": {…}}`: the widest, and each wager's own range (R17.8)."""
        alone = {param.name: offer.range_of(param.name) for param in cls.params}
        return {cls.verb: {**offer.range.json(), **{name: allowed and allowed.json() for name, allowed in alone.items()}}}

    @classmethod
    def _ranges(cls, offer):
        """(label, range) of the Ante and of the Pair Plus, each wagered alone."""
        return [(label, offer.range_of(param.name))
                for label, param in zip(("Ante", "Pair Plus"), cls.params, strict=False)]

    @classmethod
    def offered_pick(cls, hand, player, offer, rng):
        low, high = offer.range.min, offer.range.max
        amount = low + rng.choice((0, 0, 1, 4)) if high is None else rng.randint(low, min(high, low + 4))
        chance = rng.random()
        ante, pair_plus = (allowed for _, allowed in cls._ranges(offer))

        def within(allowed):
            return amount if allowed.max is None else min(amount, allowed.max)

        if pair_plus is None or (ante is not None and chance < 0.5):
            return cls(player, ante=within(ante))
        if ante is None or chance < 0.7 or hand.rules.stakes == "table":  # one table money, one bank: one wager
            return cls(player, pair_plus=within(pair_plus))
        return cls(player, ante=within(ante), pair_plus=pair_plus.min)

    @classmethod
    def offered_moves(cls, hand, player, offer):
        """Each wager alone at the ends of its own range (one without an end tried 5 above its least), and from the
        pocket both together (at table stakes they share one table money and one bank, R17.8)."""
        ends = {name: (allowed.min, allowed.min + 5 if allowed.max is None else allowed.max)
                for name, allowed in ((param.name, offer.range_of(param.name)) for param in cls.params) if allowed}
        moves = [cls(player, **{name: amount}) for name, both in ends.items() for amount in dict.fromkeys(both)]
        if len(ends) == 2 and hand.rules.stakes != "table":
            moves.append(cls(player, ante=ends["ante"][1], pair_plus=ends["pair_plus"][0]))
        return moves

    @classmethod
    def fill(cls, hand, now, values):
        """At the table, `w` alone is the least Ante; where no Ante fits, the least Pair Plus (R17.8)."""
        if values.get("ante") is None and values.get("pair_plus") is None:
            offer = now.offer("wager")
            ante = offer and offer.range_of("ante")
            if offer is not None and ante is None:
                values["pair_plus"] = offer.range_of("pair_plus").min
            else:
                values["ante"] = ante.min if ante else max(hand.rules.first_bet_min, 1)
        return values

    def detail(self, money=str):
        return ", ".join(f"{kind} {money(amount)}" for kind, amount in (("Ante", self.ante),
                                                                        ("Pair Plus", self.pair_plus)) if amount)

    def stated_amount(self) -> int | None:
        return (self.ante or 0) + (self.pair_plus or 0)

    def wagers(self, money) -> str:
        """`an Ante of £2 and a Pair Plus of £1`: the wagers in words, each by its name (R17.2)."""
        wagers = [f"an Ante of {money(self.ante)}"] if self.ante else []
        wagers += [f"a Pair Plus of {money(self.pair_plus)}"] if self.pair_plus else []
        return " and ".join(wagers)

    def said(self, money, called=str, say=str):
        return f"{called(self.player)} {say(self.verb)} {self.wagers(money)}"  # not `wager £2 pair-plus £1`

    def said_at(self, before, money, say=str):
        return f"{self.player} wagers {self.wagers(money)}"

    def told(self, before, after, called):
        return f"{called(self.player)} wagered {self.wagers(before.rules.money)} against the bank (R17.2)."


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
