"""Teen Patti's play (R13): the boot, blind and seen chaals bounded in seen terms, the show when two are left, the
side show, the end by packs, by show or at the pot cap. No covers and no retained hands: a player who cannot pay
the least chaal packs (or borrows, R7.5); the last player in takes the pot, blind or seen (R13.5).

The stake is kept in seen terms (R13.2): a blind chaal of X makes it 2X. A seen chaal is from the stake to twice
it, a blind one from half the stake (rounded up) to the stake, never past `chaal_limit`.
"""

from __future__ import annotations

import bragref.structs as structs

from bragref.engine import state
from bragref.engine.errors import Refused
from bragref.engine.money import check_units
from bragref.engine.state import (Contest, Hand, Legal, Offer, Player, PotResult, Range, Shown, costing, offers, ranged, showing)
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games.brag.actions import Look, See
from bragref.games.brag.betting import affordable, ceil_half
from bragref.games.brag.moves import check_purse, sees_blind
from bragref.games.teenpatti.actions import Accept, Refuse, Sideshow
from bragref.games.teenpatti.options import BLIND_ROUNDS, CHAAL_LIMIT, POT_CAP, SHOW_TIE, VARIANT
from bragref.games.verbs import Award, Bet, Concede, Fold, Show


class SideShow(structs.Struct, frozen=True):
    """A side show (R13.4): `asker` asked `asked`; once accepted, the hands shown so far; once decided, who packed."""

    asker: str
    asked: str
    accepted: bool = False
    shown: tuple[Shown, ...] = ()
    loser: str | None = None

    @property
    def open(self) -> bool:
        return self.loser is None


class TeenPattiHand(Hand, frozen=True):
    """A hand of Teen Patti: blind chaals made by each player (in turn order, for `blind_rounds`), the side show
    under way or just decided, and the card turned up under the joker variant."""

    blind_chaals: tuple[int, ...] = ()
    sideshow: SideShow | None = None
    turned: int | None = None
    exposed: tuple[tuple[str, int], ...] = ()  # every card shown at a side show in this deal, with whose (R8.9)

    @property
    def asking(self) -> SideShow | None:
        """The side show still to be answered or decided, if any."""
        return self.sideshow if self.sideshow is not None and self.sideshow.open else None


def deal(rules, seats, dealer, purses, turned: int | None = None) -> TeenPattiHand:
    """Everyone pays the boot (R13.1); the stake starts at twice it, in seen terms (R13.2), one unit without one."""
    hand = state.deal(rules, seats, dealer, 0, None, purses)
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    return TeenPattiHand(**{**fields, "stake": max(2 * rules.ante, 1)}, blind_chaals=(0,) * len(hand.players),
                         turned=turned)


def seen_range(hand: TeenPattiHand) -> Range | None:
    """A seen chaal: from the stake to twice it, no higher than the chaal limit (R13.2)."""
    limit = CHAAL_LIMIT.of(hand.rules)
    high = 2 * hand.stake if limit is None else min(2 * hand.stake, limit)
    return Range(hand.stake, high, "R13.2", "R13.2") if high >= hand.stake else None


def blind_range(hand: TeenPattiHand) -> Range | None:
    """A blind chaal: from half the stake, rounded up, to the stake; worth twice itself (R13.2)."""
    limit = CHAAL_LIMIT.of(hand.rules)
    high = hand.stake if limit is None else min(hand.stake, limit // 2)
    low = ceil_half(hand.stake)
    return Range(low, high, "R13.2", "R13.2") if high >= low else None


def must_look(hand: TeenPattiHand, index: int) -> bool:
    """A blind player who has made `blind_rounds` blind chaals looks before chaalling again (R13.2)."""
    limit = BLIND_ROUNDS.of(hand.rules)
    return limit is not None and hand.blind_chaals[index] >= limit


def blind_chaals(hand: TeenPattiHand) -> str:
    """`1 blind chaal`, `3 blind chaals`: the `blind_rounds` a blind player may make (R13.2)."""
    limit = BLIND_ROUNDS.of(hand.rules)
    return f"{limit} blind chaal{'s' if limit != 1 else ''}"


def show_cost(hand: TeenPattiHand, index: int) -> int:
    """The least chaal in the asker's own terms: the stake seen, half of it rounded up blind (R13.3)."""
    return ceil_half(hand.stake) if sees_blind(hand, hand.players[index]) else hand.stake


def show_refusal(hand: TeenPattiHand, index: int) -> Refused | None:
    """Why players[index] may not ask for a show now, or None (R13.3)."""
    left = hand.betting
    if len(left) != 2:
        return Refused(f"a show needs exactly two players left, and {len(left)} are: with more, ask for a side show",
                       "R13.3")
    asker = hand.players[index]
    other = left[0] if left[1].name == asker.name else left[1]
    blind = sees_blind(hand, asker)
    if other.blind_to_others and not blind:
        unbet = " (neither seen nor chaaled yet, R3.1)" if other.status == "unlooked" else ""
        return Refused(f"{asker.name} is seen and {other.name} blind{unbet}: a seen player may not ask a blind one "
                       f"for a show", "R13.3")
    if blind and must_look(hand, index):
        return Refused(f"{asker.name} has made {blind_chaals(hand)} and must look first", "R13.2")
    return None


def previous_in(hand: TeenPattiHand, index: int) -> Player:
    """The nearest player still in before players[index], counter-clockwise (R13.4)."""
    n = len(hand.players)
    return next(hand.players[(index - step) % n] for step in range(1, n) if hand.players[(index - step) % n].betting)


def sideshow_refusal(hand: TeenPattiHand, index: int, now: bool = True) -> Refused | None:
    """Why players[index] may not ask for a side show now, or None (R13.4). `now`: as the rules are read for a move
    recorded now, where a player who has neither looked nor chaalled is blind (R3.1) and asks none; not `now`, as a
    row an earlier bragref wrote is replayed, where the chaal that asked declared them seen (docs/rulings.md)."""
    asker = hand.players[index]
    if len(hand.betting) < 3:
        return Refused(f"a side show needs three or more players left, and {len(hand.betting)} are: ask for a show",
                       "R13.4")
    if asker.blind:
        return Refused(f"{asker.name} is blind: only a seen player may ask for a side show", "R13.4")
    if now and asker.status == "unlooked":
        return Refused(f"{asker.name} has not looked, and is blind until they do (R3.1): only a seen player may ask "
                       f"for a side show; look first", "R13.4")
    asked = previous_in(hand, index)
    if asked.status != "open":
        return Refused(f"{asked.name}, the previous player still in, is not seen: a side show is asked of a seen "
                       f"player", "R13.4")
    return None


def _turn(hand: TeenPattiHand, name: str, **how) -> int:
    """`state.check_turn` in Teen Patti's words: a player out of the hand has packed."""
    return state.check_turn(hand, name, folded="packed", **how)


def legal(hand: TeenPattiHand) -> Legal:
    if hand.phase == "showdown":
        return Legal(offers=showing(state.may_show(hand), hand.contenders, hand.contenders))
    asking = hand.asking
    if asking is not None and asking.accepted:
        waiting = tuple(name for name in (asking.asked, asking.asker) if name not in {s.player for s in asking.shown})
        shown_to = (("to", asking.shown[0].player),) if asking.shown else ()  # whom the cards are shown to (R13.4)
        return Legal(offers=showing(waiting, waiting, values=shown_to))
    if asking is not None:
        return Legal(asking.asked, (Offer("accept", names=(asking.asker,)), Offer("refuse", names=(asking.asker,))))
    player = hand.acting
    if player is None:
        return Legal()
    index = hand.to_act
    blind_ok = hand.rules.blind and player.status != "open" and not must_look(hand, index)
    seen = None if player.blind else affordable(seen_range(hand), player)
    cost = None if show_refusal(hand, index) else show_cost(hand, index)
    sideshow = None if sideshow_refusal(hand, index) else seen
    return Legal(player.name, offers(
        ranged("bet", seen),
        ranged("bet", affordable(blind_range(hand), player) if blind_ok else None, values=(("blind", True),)),
        costing("see", cost if cost is None or player.purse is None or cost <= player.purse else None),
        ranged("sideshow", sideshow, names=(previous_in(hand, index).name,) if sideshow else ()),
        Offer("look") if player.status != "open" else None,
        Offer("fold")))


def apply(hand: TeenPattiHand, action) -> TeenPattiHand:
    asking = hand.asking
    if asking is not None:
        return _sideshow_step(hand, asking, action)
    match action:
        case Bet() | Sideshow():
            return _chaal(hand, action)
        case Fold(player=name):
            return _pack(hand, _turn(hand, name, what="pack"))
        case Look(player=name, hand=which):
            index = _turn(hand, name, rule="R3.4", what="look")
            if hand.players[index].status == "open":
                raise Refused(f"{name} has already looked", "R3.4")
            if which is not None:
                raise Refused(f"{name} holds one hand: there are no retained hands in Teen Patti", "R13.5")
            return evolve(hand, players=state.with_player(hand, index, status="open"), sideshow=None)
        case See(player=name):
            return _show_for(hand, name)
        case Show(player=name, cards=cards, discards=discards):
            return state.show(hand, name, cards, discards, ranking(hand).judge)
        case Concede(player=name):
            return state.concede(hand, name)
        case Award(players=names):
            return state.award(hand, names)
        case Accept() | Refuse():
            raise Refused(f"nobody has asked {action.player} for a side show", "R13.4")
    raise TypeError(f"not an action: {action!r}")


def ranking(hand: TeenPattiHand):
    """The order this hand is judged by: its rules', and under the joker variant the card turned up (R13.6, R13.7)."""
    from bragref.games.teenpatti.ranking import teen_patti_ranking  # here: betting never pays for the card tables

    return teen_patti_ranking(hand.rules.a23, VARIANT.of(hand.rules), hand.turned)


def _chaal(hand: TeenPattiHand, chaal: Bet | Sideshow) -> TeenPattiHand:
    index = _turn(hand, chaal.player, what="chaal")
    player, money = hand.players[index], hand.rules.money
    check_units(chaal.amount, allow_zero=True)
    blind = isinstance(chaal, Bet) and chaal.blind
    if isinstance(chaal, Sideshow):
        refusal = sideshow_refusal(hand, index, now=False)  # the rest at the record (`Sideshow.refused_now`)
        if refusal:
            raise refusal
    if blind:
        if player.status == "open":
            raise Refused(f"{player.name} is seen and cannot chaal blind again this hand", "R3.5")
        if must_look(hand, index):
            raise Refused(f"{player.name} has made {blind_chaals(hand)} and must look before the next", "R13.2")
        allowed, kind = blind_range(hand), "a blind chaal"
    else:
        if player.blind:
            raise Refused(f"{player.name} is playing blind: chaal blind (--blind), or look first", "R3.4")
        allowed, kind = seen_range(hand), "a seen chaal"
    if allowed is None:
        raise Refused(f"the stake of {money(hand.stake)} is at the chaal limit: no {kind.removeprefix('a ')} fits "
                      f"under it", "R13.2")
    if chaal.amount < allowed.min:
        raise Refused(f"{kind} must be at least {money(allowed.min)} here, not {money(chaal.amount)}", "R13.2")
    if chaal.amount > allowed.max:
        limit = " (the chaal limit)" if allowed.max < (hand.stake if blind else 2 * hand.stake) else ""
        raise Refused(f"{kind} may be at most {money(allowed.max)} here{limit}, not {money(chaal.amount)}: a chaal "
                      f"at most doubles the stake", "R13.2")
    check_purse(hand, player, chaal.amount, kind, 0)
    players = state.paying(hand, index, chaal.amount, status="blind" if blind else "open")
    counts = hand.blind_chaals
    if blind:
        counts = counts[:index] + (counts[index] + 1,) + counts[index + 1:]
    hand = evolve(hand, players=players, pot=hand.pot + chaal.amount, stake=2 * chaal.amount if blind else chaal.amount,
                  blind_chaals=counts, sideshow=None)
    cap = POT_CAP.of(hand.rules)
    if cap is not None and hand.pot >= cap:  # every player left shows; equal best split (R13.5)
        contenders = tuple(p.name for p in hand.betting)
        return evolve(hand, phase="showdown", to_act=None, contest=Contest(hand.pot, "showdown", contenders))
    if isinstance(chaal, Sideshow):
        return evolve(hand, to_act=hand.index(previous_in(hand, index).name),
                      sideshow=SideShow(chaal.player, previous_in(hand, index).name))
    return evolve(hand, to_act=state.next_to_act(players, index))


def _pack(hand: TeenPattiHand, index: int) -> TeenPattiHand:
    """players[index] packs; the last player in takes the pot, blind or seen (R13.5)."""
    players = state.with_player(hand, index, status="folded")
    left = [p for p in players if p.betting]
    if len(left) > 1:
        return evolve(hand, players=players, to_act=state.next_to_act(players, index), sideshow=None)
    last = left[0].name
    hand = evolve(hand, players=players, to_act=None, sideshow=None)
    return state.pot_won(hand, PotResult(hand.pot, None, "folds", None, ((last, hand.pot),)), (last,))


def _show_for(hand: TeenPattiHand, name: str) -> TeenPattiHand:
    """`name` pays the least chaal in their own terms for a show; the other shows first (R13.3)."""
    index = _turn(hand, name, what="ask for a show")
    refusal = show_refusal(hand, index)
    if refusal:
        raise refusal
    cost = show_cost(hand, index)
    check_purse(hand, hand.players[index], cost, "a show", 0)
    other = next(p.name for p in hand.betting if p.name != name)
    hand = evolve(hand, players=state.paying(hand, index, cost), pot=hand.pot + cost, to_act=None, sideshow=None)
    contest = Contest(hand.pot, "show", (other,), name, split_ties=SHOW_TIE.of(hand.rules) == "split")
    return evolve(hand, phase="showdown", contest=contest)


def _sideshow_step(hand: TeenPattiHand, asking: SideShow, action) -> TeenPattiHand:
    """An answer to a side show, or a hand shown or conceded in it (R13.4)."""
    if not asking.accepted:
        if not isinstance(action, (Accept, Refuse)):
            raise Refused(f"{asking.asked} first accepts or refuses {asking.asker}'s side show", "R13.4")
        if action.player != asking.asked:
            raise Refused(f"{asking.asker} asked {asking.asked}, who accepts or refuses, not {action.player}", "R13.4")
        if isinstance(action, Refuse):  # play goes on from the asker's left
            return evolve(hand, sideshow=None, to_act=state.next_to_act(hand.players, hand.index(asking.asker)))
        return evolve(hand, sideshow=SideShow(asking.asker, asking.asked, accepted=True), to_act=None)
    if isinstance(action, (Show, Concede)) and action.player not in (asking.asked, asking.asker):
        raise Refused(f"the side show is {asking.asker}'s and {asking.asked}'s: {action.player} takes no part", "R13.4")
    match action:
        case Show(player=name, cards=cards, discards=discards):
            if any(s.player == name for s in asking.shown):
                raise Refused(f"{name} has already shown at this side show", "R13.4")
            shown = asking.shown + (Shown(name, ranking(hand).judge(cards, discards)),)
            hand = evolve(hand, exposed=hand.exposed + tuple((name, card) for card in (*cards, *discards)))
            if state.held_by(hand, name) is None:  # the one hand they hold, as first seen (R8.10)
                hand = state.holding(hand, name, (*cards, *discards), "at the side show")
            if len(shown) < 2:
                return evolve(hand, sideshow=SideShow(asking.asker, asking.asked, True, shown))
            keys = {s.player: s.judged.key for s in shown}
            loser = asking.asked if keys[asking.asker] > keys[asking.asked] else asking.asker  # the asker on equal
            return _sideshow_decided(hand, SideShow(asking.asker, asking.asked, True, shown, loser))
        case Concede(player=name):
            return _sideshow_decided(hand, SideShow(asking.asker, asking.asked, True, asking.shown, name))
    raise Refused(f"{asking.asker} and {asking.asked} compare hands first: each shows, or one concedes", "R13.4")


def _sideshow_decided(hand: TeenPattiHand, decided: SideShow) -> TeenPattiHand:
    """The weaker hand packs; play goes on from the asker's left (R13.4)."""
    loser = hand.index(decided.loser)
    players = state.with_player(hand, loser, status="folded")
    return evolve(hand, players=players, sideshow=decided,
                  to_act=state.next_to_act(players, hand.index(decided.asker)))
