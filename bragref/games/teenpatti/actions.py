"""Teen Patti's own verbs (R13): the side show asked, accepted or refused, and the family's verbs told in Teen
Patti's words (a see is a show asked for, a show or concession may be a side show's).

A type of its own for a family verb adds no field, so it is a plain subclass: the family's fields, values and
words, with its own help and sentences."""

from __future__ import annotations

from bragref.games import hand_ranking
from bragref.games.brag.actions import Look as BragLook, See
from bragref.games.brag.moves import sees_blind
from bragref.games.teenpatti.options import SHOW_TIE
from bragref.games.verbs import Bet, Concede, Fold, Param, Show, Verb


def _pot(before, after) -> str:
    return f"the stake is {before.rules.money(after.stake)}, the pot {before.rules.money(after.pot)}"


class Chaal(Bet):
    """A chaal, blind or seen (R13.2): the stake is kept in seen terms, and a chaal at most doubles it."""

    answers = {"c": {}, **Bet.answers}
    summary = "Record a chaal (a bet), seen or blind (teen-patti)."
    help = ("PLAYER chaals AMOUNT: seen, from the stake to twice it; --blind, from half the stake (rounded up) to "
            "the stake, counting double; never past the chaal limit (R13.2).")

    def told(self, before, after, called):
        money = before.rules.money
        how = f"blind, worth {money(2 * self.amount)} seen" if self.blind else "seen"
        text = f"{called(self.player)} chaalled {money(self.amount)} {how}"
        if after is None:
            return text + "."
        if after.phase == "showdown":
            return text + f", taking the pot to {money(after.pot)}, the cap: every player left shows (R13.5)."
        change = f"raising the stake from {money(before.stake)} to {money(after.stake)}" \
            if after.stake > before.stake else f"keeping the stake at {money(after.stake)}"
        return text + f", {change} (R13.2); the pot {money(after.pot)}."


class Pack(Fold):
    """A player packs: out of the hand (R13.5)."""

    answers = {"p": {}, **Fold.answers}
    summary = "Record a pack: a fold (teen-patti)."
    help = "PLAYER packs, out of the hand; never out of turn (R2.5, R13.5)."

    def told(self, before, after, called):
        return f"{called(self.player)} packed."


class Look(BragLook):
    """A blind player looks at their cards and is seen from now (R13.1): Teen Patti has no retained hands."""

    help = "PLAYER looks at their cards at their own turn and plays seen from now (R3.4, R13.1)."
    examples = ("bill",)

    @classmethod
    def usage(cls) -> str:
        """`look PLAYER`: without the retained hand's words, which Teen Patti refuses (R13.5)."""
        return f"{cls.verb} PLAYER"

    def told(self, before, after, called):
        then = "" if after is None else ", and plays seen from now (R13.1)"
        return f"{called(self.player)} looked at their cards{then}."


class Sideshow(Verb, frozen=True):
    """A seen chaal that asks the previous player still in for a side show (R13.4)."""

    player: str
    amount: int
    verb = "sideshow"
    pick_weight = 0.15
    answers = {"ss": {}}
    params = (Param("amount", "money", "The chaal that goes with the asking, seen"),)
    summary = "A seen chaal that asks for a side show (teen-patti)."
    help = ("PLAYER, seen, chaals AMOUNT (the stake to twice it, R13.2) and asks the previous player still in, who "
            "must be seen, for a side show: that player accepts or refuses; on an acceptance the two compare hands "
            "and the weaker packs, the asker on equal hands (R13.4).")
    examples = ("andy 4",)
    unoffered = {"sideshow": None}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"{cls.verb} {offer.range.said(rules.money)} (asks {offer.names[0]})"

    @classmethod
    def offered_json(cls, offer):
        return {cls.verb: {**offer.range.json(), "with": offer.names[0]}}

    def noted(self, before, detail):
        return f"asks {_asked(before, self.player)} for a side show"

    def refused_now(self, before):
        """A player who has neither looked nor chaalled is blind (R3.1) and asks no side show (R13.4): refused when
        recorded, while a row an earlier bragref wrote, whose chaal declared them seen, replays as it was."""
        from bragref.games.teenpatti.betting import sideshow_refusal

        return sideshow_refusal(before, before.index(self.player))

    def said_at(self, before, money, say=str):
        return f"{self.player} {say('bet')}s {money(self.amount)} and asks {_asked(before, self.player)} for a side show"

    def asked_at(self, before, money, say=str):
        return f"{say('bet')} {money(self.amount)} and a side show with {_asked(before, self.player)} (R13.4)"

    def told(self, before, after, called):
        who, money = called(self.player), before.rules.money
        if after is None:
            return f"{who} chaalled {money(self.amount)} and asked {called(_asked(before, self.player))} for a side show."
        if after.phase == "showdown":
            return (f"{who} chaalled {money(self.amount)} seen, asking for a side show, and took the pot to the cap: "
                    f"every player left shows (R13.5).")
        return (f"{who} chaalled {money(self.amount)} seen and asked {called(after.sideshow.asked)} for a side show "
                f"(R13.4); {_pot(before, after)}.")


class Accept(Verb, frozen=True):
    """The player asked for a side show accepts: the two compare hands (R13.4)."""

    player: str
    verb = "accept"
    answers = {"acc": {}}
    summary = "Accept a side show (teen-patti)."
    help = ("PLAYER, asked for a side show, accepts: the two show their hands to each other (`show`) or one "
            "concedes; the weaker packs, the asker on equal hands (R13.4).")
    examples = ("bill",)
    unoffered = {"accept": False}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return f"accept or refuse {offer.names[0]}'s side show"  # the refusal is said with it

    @classmethod
    def offered_json(cls, offer):
        return {cls.verb: True}

    def noted(self, before, detail):
        return f"{before.sideshow.asker}'s side show"

    def said_at(self, before, money, say=str):
        return f"{self.player} accepts {before.sideshow.asker}'s side show"

    def asked_at(self, before, money, say=str):
        return f"accept {before.sideshow.asker}'s side show (R13.4)"

    def told(self, before, after, called):
        asker = called(before.sideshow.asker)
        if after is None:
            return f"{called(self.player)} accepted {asker}'s side show."
        return (f"{called(self.player)} accepted {asker}'s side show: the two compare hands, and the weaker packs, "
                f"{asker} on equal hands (R13.4).")


class Refuse(Verb, frozen=True):
    """The player asked for a side show refuses: play goes on (R13.4)."""

    player: str
    verb = "refuse"
    answers = {"rf": {}}
    summary = "Refuse a side show (teen-patti)."
    help = "PLAYER, asked for a side show, refuses it: play goes on from the asker's left (R13.4)."
    examples = ("bill",)
    unoffered = {"refuse": False}

    @classmethod
    def offered_words(cls, offer, rules, say=str, table=False):
        return ""  # said with the acceptance: accept or refuse

    @classmethod
    def offered_json(cls, offer):
        return {cls.verb: True}

    def noted(self, before, detail):
        return f"{before.sideshow.asker}'s side show"

    def said_at(self, before, money, say=str):
        return f"{self.player} refuses {before.sideshow.asker}'s side show"

    def asked_at(self, before, money, say=str):
        return f"refuse {before.sideshow.asker}'s side show (R13.4)"

    def told(self, before, after, called):
        then = "" if after is None else "; play goes on (R13.4)"
        return f"{called(self.player)} refused {called(before.sideshow.asker)}'s side show{then}."


class ShowFor(See):
    """Pay the least chaal in one's own terms for a show, with two players left (R13.3)."""


    verb = "see"
    summary = "Ask the other player left for a show (teen-patti)."
    help = ("PLAYER pays the least chaal in their own terms (the stake seen, half of it rounded up blind) and asks "
            "the only other player left for a show: that player shows first and the better hand takes the pot "
            "(R13.3); a seen player may not ask a blind one.")

    def noted(self, before, detail):
        return f"asks {_other(before, self.player)} for a show"

    def said_at(self, before, money, say=str):
        return f"{self.player} asks {_other(before, self.player)} for a show"

    def told(self, before, after, called):
        who, money = called(self.player), before.rules.money
        other = _other(before, self.player)
        if after is None:
            return f"{who} asked {called(other)} for a show."
        blind = sees_blind(before, before.player(self.player))
        terms = f"half the stake of {money(before.stake)}, rounded up, as a blind player" if blind \
            else f"the stake of {money(before.stake)}, seen"
        ties = "split the pot" if SHOW_TIE.of(before.rules) == "split" else f"lose for {who}"
        return (f"{who} paid {money(after.pot - before.pot)} to ask {called(other)} for a show: {terms} (R13.3). "
                f"{called(other)} shows first; equal hands {ties}.")


def _asked(before, asker: str) -> str:
    """Whom `asker` asks for a side show: the previous player still in (R13.4)."""
    from bragref.games.teenpatti.betting import previous_in

    return previous_in(before, before.index(asker)).name


def _other(before, player: str) -> str:
    """The other player left, whom a show is asked of (R13.3)."""
    return next(p.name for p in before.betting if p.name != player)


def _in_sideshow(before) -> bool:
    return before.sideshow is not None and before.sideshow.open


def packed(side, called=str) -> str:
    """`Chris packs at the side show (the weaker hand, R13.4)`: how a decided side show ended."""
    equal = len(side.shown) == 2 and side.shown[0].judged.key == side.shown[1].judged.key
    why = "conceded" if len(side.shown) < 2 else "equal hands: the asker packs" if equal else "the weaker hand"
    return f"{called(side.loser)} packs at the side show ({why}, R13.4)"


class SideShown(Show):
    """Cards shown at a show, a pot-cap showdown, or privately at a side show (R13.3–R13.5)."""

    def private(self, before):
        return _in_sideshow(before)  # the two players' business (R13.4)


    def told(self, before, after, called):
        if after is None or not _in_sideshow(before):
            return Show.told(self, before, after, called)
        from bragref.engine.cards import hand_text

        rank = hand_ranking(before)
        judged = rank.judge(self.cards, self.discards)
        text = f"{called(self.player)} showed {hand_text(judged.kept)} at the side show: {rank.describe(judged)}"
        decided = after.sideshow
        return text + (f"; {packed(decided, called)}." if decided.loser is not None else ".")


class SideConceded(Concede):
    """A player gives up at a show or showdown, or at a side show, where they pack (R13.3, R13.4)."""

    def private(self, before):
        return _in_sideshow(before)


    def told(self, before, after, called):
        if after is None or not _in_sideshow(before):
            return Concede.told(self, before, after, called)
        return f"{called(self.player)} conceded the side show and packs (R13.4)."
