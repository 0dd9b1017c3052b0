"""Svara's moves (R16): a bet told as support or raise, dark or light; the pass; the open."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.games.brag.actions import Look as BragLook
from bragref.games.verbs import Verb


class Bet(act.Bet, frozen=True):
    """A bet (R16.4): the stake again (support) or more (a raise); dark at half price while dark play is open
    (R16.3)."""

    summary = "Record a bet: support or raise, light or --blind (dark)."
    help = ("PLAYER bets AMOUNT: the stake again (support) or more (a raise), never past --max-bet in light terms "
            "(R16.4); --blind bets dark, at half the stake or more, worth double, at the player's first turn while "
            "every bet so far was dark (R16.3).")

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        dark = " dark" if dict(offer.values).get("blind") else ""
        return f"bet{dark} {offer.range.said(rules.money)}"

    def told(self, before, after, called):
        money = before.rules.money
        text = f"{called(self.player)} bet {money(self.amount)} {'dark' if self.blind else 'light'}"
        if self.blind:
            text += f", worth {money(2 * self.amount)} light (R16.3)"
        if after is None:
            return text + "."
        if before.stake == 0:
            return text + f", the first bet: the stake is {money(after.stake)} (R16.4); the pot {money(after.pot)}."
        if after.stake > before.stake:
            return text + f", a raise from {money(before.stake)} to {money(after.stake)} (R16.4); the pot " \
                          f"{money(after.pot)}."
        return text + f", supporting the stake of {money(after.stake)} (R16.4); the pot {money(after.pot)}."


class Look(BragLook, frozen=True):
    """A look at one's own turn (R16.3): dark play is over for everyone, and the player bets, passes or opens."""

    help = ("PLAYER looks at their cards at their own turn, then bets, passes or opens: dark play is over, and every "
            "player still in plays light (R16.3).")

    def told(self, before, after, called):
        if after is None:  # voided: dark play as it was (R9.1)
            return f"{called(self.player)} looked."
        return f"{called(self.player)} looked: dark play is over, and every player still in plays light (R16.3)."


class Pass(Verb, frozen=True):
    """At one's turn, out of the hand, paying nothing more (R16.4); `fold` is the same."""

    player: str
    verb = "pass"
    answers = {"p": {}}
    summary = "Pass (svara): out of the hand, paying nothing more."
    help = ("PLAYER passes at their turn: out of the hand, paying nothing more (R16.4; `fold` is the same); when all "
            "but one have passed, the last takes the pot unshown (R16.6).")
    examples = ("chris",)

    @classmethod
    def offered_json(cls, offer):
        return {"pass": True, "fold": True}  # the same move (R16.4)

    def told(self, before, after, called):
        text = f"{called(self.player)} passed, out of the hand"
        if after is not None and after.phase == "over":
            winner = after.result.winnings[0][0]
            return f"{text}: all but {called(winner)} have passed, who takes the pot unshown (R16.6)."
        return text + " (R16.4)."


class Open(Verb, frozen=True):
    """Once everyone dealt in has had a turn: pay the stake, and every player still in shows (R16.5); `see` is the
    same."""

    player: str
    verb = "open"
    answers = {"o": {}}
    summary = "Open (svara): pay the stake; everyone still in shows."
    help = ("PLAYER opens at their turn, once every player dealt in has had a turn: they pay the stake, and every "
            "player still in shows or concedes; the highest score takes the pot, equal top scores make a svara "
            "(R16.5, R16.7). `see` is the same.")
    examples = ("andy",)

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"open for {rules.money(offer.cost)}"

    @classmethod
    def offered_json(cls, offer):
        return {"open": {"cost": offer.cost}, "see": {"cost": offer.cost}}  # the same move (R16.5)

    def told(self, before, after, called):
        cost = before.stake
        if after is None:  # voided: nobody shows for it (R9.1)
            return f"{called(self.player)} opened for {before.rules.money(cost)}."
        return (f"{called(self.player)} opened for {before.rules.money(cost)}: every player still in shows or "
                f"concedes (R16.5).")
