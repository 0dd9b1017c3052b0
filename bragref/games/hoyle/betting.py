"""Hoyle's classical brag (R11): the dealer's stake, then call, raise or fold round the table until the totals are
equal and the last raiser stands; every player still in shows, and the best hand takes each pot, poker-style side
pots where someone is all in (R11.6). No blind play, no seeing, no carried pots.

A player's `paid` is their total (R11.2); the hand's `stake` is the highest total.
"""

from __future__ import annotations

from bragref.engine import state
from bragref.games import ranking_for
from bragref.games.verbs import Award, Bet, Concede, Fold, Show
from bragref.engine.errors import BadInput, Refused
from bragref.engine.money import check_units
from bragref.engine.rules import BORROWING, COVERING
from bragref.engine.state import (Hand, Legal, Offer, PotResult, Range, Result, Shown, costing, offers,
                                  ranged, showing)
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games.hoyle.actions import Call, Raise, Stand
from bragref.games.hoyle.options import MAX_STAKE, MIN_RAISE

ALL_IN = "covered"  # the state of a player who has put in all they have: still in, betting no more (R11.6)


class HoyleHand(Hand, frozen=True):
    """A hand of Hoyle's brag: `last_raiser` stands or raises when the turn comes back to them (None: the dealer,
    R11.3); `conceded` gave up at the showdown."""

    last_raiser: str | None = None
    conceded: tuple[str, ...] = ()


def deal(rules, seats, dealer, purses) -> HoyleHand:
    """Everyone antes (R2.3; none by default here, R11.1); the dealer acts first, putting up the dealer's stake."""
    hand = state.deal(rules, seats, dealer, 0, None, purses)
    staker = hand.players[-1]
    if staker.purse is not None and staker.purse < rules.first_bet_min:
        raise Refused(f"{dealer} has {rules.money(staker.purse)} on the table, less than the least dealer's stake of "
                      f"{rules.money(rules.first_bet_min)}: {dealer} tops up before the deal", "R11.1")
    players = tuple(evolve(p, status="open") for p in hand.players)  # there is no blind play (R11.2)
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    return HoyleHand(**{**fields, "players": players, "to_act": len(players) - 1})


def stander(hand: HoyleHand) -> str:
    return hand.last_raiser or hand.dealer


def still_in(hand: Hand) -> list:
    return [p for p in hand.players if p.status != "folded"]


def legal(hand: HoyleHand) -> Legal:
    if hand.phase == "showdown":
        waiting = tuple(p.name for p in still_in(hand) if p.name not in hand.conceded
                        and p.name not in {s.player for s in hand.shown})
        contenders = tuple(p.name for p in still_in(hand) if p.name not in hand.conceded)
        return Legal(offers=showing(waiting, waiting, contenders if len(pots(hand)) == 1 else ()))
    player = hand.acting
    if player is None:
        return Legal()
    rules = hand.rules
    if hand.stake == 0:  # the dealer's stake (R11.1)
        high = least(rules.max_bet, MAX_STAKE.of(rules), player.purse)
        return Legal(player.name, offers(ranged("bet", range_of(rules.first_bet_min, high, "R11.1"))))
    to_call = hand.stake - player.paid
    call = to_call if to_call and (player.purse is None or player.purse >= to_call) else None
    return Legal(player.name, offers(
        costing("call", call),
        ranged("call", all_in_range(rules, player, to_call, call), said=call is None),  # all in: what they have
        ranged("raise", raise_range(hand, player)),
        Offer("stand") if to_call == 0 and player.name == stander(hand) else None,
        Offer("fold")))


def all_in_range(rules, player, to_call: int, call: int | None) -> Range | None:
    """What a player short of the call may put in, all in (R11.6): all their table money (0 where a raise used it
    all, as R7.2), or from the pocket less than the call; None at a table that borrows instead (R7.1)."""
    if rules.short_money not in COVERING:
        return None
    if to_call and call is None and player.purse is not None:
        return Range(player.purse, player.purse, "R11.6", "R11.6")
    if to_call > 1 and player.purse is None:
        return Range(1, to_call - 1, "R11.6", "R11.6")
    return None


def least(*limits: int | None) -> int | None:
    """The lowest of the limits set (None: none is)."""
    given = [limit for limit in limits if limit is not None]
    return min(given) if given else None


def range_of(low: int, high: int | None, rule: str) -> Range | None:
    """From `low` to `high` (None: no limit), or None when nothing fits."""
    return None if high is not None and high < low else Range(low, high, rule, rule if high is not None else None)


def raise_range(hand: Hand, player, to_call: int | None = None) -> Range | None:
    """What a raise may add above the call (R11.2): at least `min_raise`, at most `raise_limit`, no total past
    `max_stake`, no more than the table money left after the call (`to_call`: by default the highest total less the
    player's `paid`; three-stake's totals leave out its antes)."""
    rules = hand.rules
    to_call = hand.stake - player.paid if to_call is None else to_call
    cap = MAX_STAKE.of(rules)
    room = None if cap is None else cap - hand.stake
    high = least(rules.raise_limit, room, None if player.purse is None else player.purse - to_call)
    return range_of(MIN_RAISE.of(rules) or 1, high, "R11.2")


def apply(hand: HoyleHand, action) -> HoyleHand:
    match action:
        case Bet():
            return _stake(hand, action)
        case Call():
            return _call(hand, action)
        case Raise():
            return _raise(hand, action)
        case Stand(player=name):
            return _stand(hand, name)
        case Fold(player=name):
            index = _turn(hand, name, "fold")
            return _advance(evolve(hand, players=state.with_player(hand, index, status="folded")), index)
        case Show():
            return _show(hand, action)
        case Concede(player=name):
            return _concede(hand, name)
        case Award(players=names):
            return _award(hand, names)
    raise Refused(f"{action.verb} is not a move of Hoyle's brag: bet (the dealer's stake), call, raise, stand or fold",
                  "R11.2")


def _turn(hand: HoyleHand, name: str, what: str) -> int:
    """`name`'s index if it is their turn to bet (R2.5), the dealer's stake first (R11.1)."""
    if hand.phase == "showdown":
        raise Refused("the betting is over: every player still in shows or concedes", "R11.4")
    index = state.check_turn(hand, name, what=what)
    if hand.stake == 0 and what != "bet":
        raise Refused(f"the dealer, {hand.dealer}, puts up the dealer's stake first", "R11.1")
    return index


def _stake(hand: HoyleHand, bet: Bet) -> HoyleHand:
    index = _turn(hand, bet.player, "bet")
    player, rules, money = hand.players[index], hand.rules, hand.rules.money
    if bet.blind:
        raise Refused("there is no blind play in Hoyle's brag", "R11.2")
    if hand.stake:
        raise Refused("the dealer's stake is up: call, raise, stand or fold", "R11.2")
    check_units(bet.amount, allow_zero=True)
    allowed = range_of(rules.first_bet_min, least(rules.max_bet, MAX_STAKE.of(rules), player.purse), "R11.1")
    if allowed is None or not allowed.min <= bet.amount <= (allowed.max or bet.amount):
        high = f" to {money(allowed.max)}" if allowed and allowed.max is not None else " or more"
        raise Refused(f"the dealer's stake is {money(rules.first_bet_min)}{high}, not {money(bet.amount)}", "R11.1")
    players = state.paying(hand, index, bet.amount)
    return evolve(hand, players=players, pot=hand.pot + bet.amount, stake=player.paid + bet.amount,
                  to_act=state.next_to_act(players, index))


def _call(hand: HoyleHand, call: Call) -> HoyleHand:
    index = _turn(hand, call.player, "call")
    player = hand.players[index]
    to_call = hand.stake - player.paid
    if to_call == 0:
        raise Refused(f"{player.name} has matched the highest total: nothing to call", "R11.2")
    players, paid = call_paying(hand, index, call, to_call, legal(hand).range("call") if call.all_in is not None
                                else None)
    return _advance(evolve(hand, players=players, pot=hand.pot + paid), index)


def call_paying(hand: Hand, index: int, call: Call, to_call: int, short: Range | None) -> tuple[tuple, int]:
    """The players after `call` is paid, and what it put in: the call (R11.2), or with `all_in` all a player short
    of it has (R11.6: `short`, what legal offers them), each refused as R11.6 and R7.1 say. Hoyle's and
    three-stake's brag alike."""
    player, money = hand.players[index], hand.rules.money
    covering = hand.rules.short_money in COVERING
    if call.all_in is None:
        if player.purse is not None and player.purse < to_call:
            instead = [f"call all in with it (call --all-in {money(player.purse)})"] if covering else []
            instead += ["borrow (`bragref lend`) and call"] if hand.rules.short_money in BORROWING else []
            raise Refused(f"{player.name} has {money(player.purse)} on the table, short of the call of "
                          f"{money(to_call)}: {' or '.join([*instead, 'fold'])}", "R11.6")
        return state.paying(hand, index, to_call), to_call
    if not covering:
        raise Refused(f"this table borrows rather than going all in (house rule short-money is "
                      f"{hand.rules.short_money}): {player.name} may borrow (`bragref lend`) and call, or fold", "R7.1")
    check_units(call.all_in, allow_zero=True)  # what is allowed says whether 0 is all a player has
    if short is None:
        raise Refused(f"{player.name} can make the call of {money(to_call)}: call, raise or fold", "R11.6")
    if not short.min <= call.all_in <= short.max:
        have = money(short.min) if short.min == short.max else f"{money(short.min)}–{money(short.max)}"
        raise Refused(f"all in is all a player short of the call of {money(to_call)} has: {have}", "R11.6")
    return state.paying(hand, index, call.all_in, status=ALL_IN), call.all_in


def check_raise(hand: Hand, move: Raise, allowed: Range | None, most: str, rule: str = "R11.2") -> None:
    """`Refused` unless the raise adds what `allowed` says (R11.2); `most`, how the house rule `max_stake` is told
    where it leaves no raise (`the most anyone may put in this hand`)."""
    money = hand.rules.money
    check_units(move.amount)
    if allowed is None:
        cap = MAX_STAKE.of(hand.rules)
        raise Refused(f"no raise is possible: {most} is {money(cap)}" if cap else "no raise fits the table money",
                      rule)
    if move.amount < allowed.min:
        raise Refused(f"a raise adds at least {money(allowed.min)}, not {money(move.amount)}", rule)
    if allowed.max is not None and move.amount > allowed.max:
        raise Refused(f"a raise may add at most {money(allowed.max)} here, not {money(move.amount)}", rule)


def _raise(hand: HoyleHand, move: Raise) -> HoyleHand:
    index = _turn(hand, move.player, "raise")
    player = hand.players[index]
    check_raise(hand, move, raise_range(hand, player), "the most anyone may put in this hand")
    cost = hand.stake - player.paid + move.amount
    players = state.paying(hand, index, cost)
    return _advance(evolve(hand, players=players, pot=hand.pot + cost, stake=hand.stake + move.amount,
                           last_raiser=player.name), index)


def _stand(hand: HoyleHand, name: str) -> HoyleHand:
    index = _turn(hand, name, "stand")
    if name != stander(hand):
        raise Refused(f"only the last raiser, {stander(hand)}, may stand", "R11.3")
    if hand.players[index].paid != hand.stake:
        raise Refused("the totals are not equal yet: call, raise or fold", "R11.3")
    return _showdown(hand)


def _advance(hand: HoyleHand, index: int) -> HoyleHand:
    """After a move: the pot to the last one in (R11.3a), a showdown when nobody is left to bet or all are at the
    most one may put in (R11.3c), else the next player still betting."""
    left = still_in(hand)
    if len(left) == 1:
        winner = left[0].name
        won = PotResult(hand.pot, None, "folds", None, ((winner, hand.pot),))
        return evolve(hand, phase="over", to_act=None, decided=(won,),
                      result=Result("folds", ((winner, hand.pot),), pots=(won,)))
    betting = [p for p in left if p.betting]
    cap = MAX_STAKE.of(hand.rules)
    if cap is not None and all(p.paid == cap or not p.betting for p in left):
        return _showdown(hand)
    matched = all(p.paid == hand.stake for p in betting)
    if not betting or (len(betting) == 1 and matched) or (matched and stander(hand) not in {p.name for p in betting}):
        return _showdown(hand)
    return evolve(hand, to_act=state.next_to_act(hand.players, index))


def _showdown(hand: HoyleHand) -> HoyleHand:
    return evolve(hand, phase="showdown", to_act=None)


def _show(hand: HoyleHand, show: Show) -> HoyleHand:
    if show.player not in legal(hand).names("show"):
        if hand.phase != "showdown":
            raise Refused("the hands are shown only when the betting is over", "R11.4")
        raise Refused(f"{show.player} has shown or conceded already, or is not in the hand", "R11.4")
    judged = ranking_for(hand.rules).judge(show.cards, show.discards)
    return _settle_if_done(evolve(hand, shown=hand.shown + (Shown(show.player, judged),)))


def _concede(hand: HoyleHand, name: str) -> HoyleHand:
    if name not in legal(hand).names("concede"):
        raise Refused(f"{name} cannot concede now: only a player still to show at the showdown may", "R11.4")
    return _settle_if_done(evolve(hand, conceded=hand.conceded + (name,)))


def _award(hand: HoyleHand, names: tuple[str, ...]) -> HoyleHand:
    if not names:
        raise BadInput("an award names who takes the pot: one player, or several who split it (R11.4, R6.5)")
    allowed = legal(hand).names("award")
    if not allowed:
        raise Refused("with side pots the cards decide each pot: show them", "R11.6")
    if any(name not in allowed for name in names) or len(set(names)) != len(names):
        raise Refused(f"the pot goes to players still in it: {', '.join(allowed)}", "R11.4")
    return _settled(hand, [(pot, names) for pot in pots(hand)], "award")


def pots(hand: HoyleHand) -> list[tuple[int, tuple[str, ...]]]:
    """The main pot and side pots (R11.6): (amount, who may win it), each level a total of a player still in."""
    levels = sorted({p.paid for p in still_in(hand)})
    found, below = [], 0
    for level in levels:
        amount = sum(min(p.paid, level) - min(p.paid, below) for p in hand.players)
        found.append((amount, tuple(p.name for p in still_in(hand) if p.paid >= level)))
        below = level
    return [pot for pot in found if pot[0]] or [(hand.pot, tuple(p.name for p in still_in(hand)))]


def _settle_if_done(hand: HoyleHand) -> HoyleHand:
    """Once every player still in has shown or conceded, each pot goes to the best hand among those in it."""
    contenders = [p.name for p in still_in(hand) if p.name not in hand.conceded]
    shown = {s.player: s.judged.key for s in hand.shown}
    if len(contenders) > 1 and any(name not in shown for name in contenders):
        return hand
    winners = []
    for pot in pots(hand):
        _amount, eligible = pot
        live = [name for name in eligible if name in contenders] or list(eligible)
        best = max((shown.get(name, -1) for name in live), default=-1)
        top = tuple(name for name in live if shown.get(name, -1) == best)
        winners.append((pot, top[:1] if hand.rules.ties == "eldest" else top))  # players are held eldest first (R10.3)
    return _settled(hand, winners, "cards" if len(contenders) > 1 else "concede")


def _settled(hand: HoyleHand, winners: list, decided_by: str) -> HoyleHand:
    """Each pot to its winners, equal shares with odd units from the dealer's left (R6.5, R11.4)."""
    order = tuple(p.name for p in hand.players)
    results, totals = [], {}
    for (amount, eligible), names in winners:
        shares = state.split(amount, tuple(names), order)
        results.append(PotResult(amount, None, "showdown", decided_by, shares, eligible))
        for name, share in shares:
            totals[name] = totals.get(name, 0) + share
    winnings = tuple((name, totals[name]) for name in order if totals.get(name))
    judged = {s.player: s.judged for s in hand.shown}
    prial = decided_by == "cards" and any(judged[name].prial for name, _ in winnings if name in judged)
    result = Result("showdown", winnings, decided_by=decided_by, shuffle=prial, pots=tuple(results))
    return evolve(hand, phase="over", to_act=None, decided=tuple(results), result=result)
