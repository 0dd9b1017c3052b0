"""Brag's own moves on the shared hand state: who may play blind (R3.1, R6.4), folding to a blind player
(R6.1–R6.4), seeing (R5), an agreed showdown (R6.5) and covering (R7.2–R7.4), with table money checked (R1.3). The mechanics every game may use
(turns, paying, contesting shown hands, splitting a pot) are `engine.state`'s."""

from __future__ import annotations

from bragref.engine.errors import Refused
from bragref.engine.money import MAX_UNITS, check_units
from bragref.engine.rules import BORROWING, COVERING
from bragref.engine.state import (BETTING, Contest, Covered, Hand, Player, PotResult, Range, Result, check_turn,
                                  next_to_act, paying, pot_won, with_player)
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated


def faceup_deal(hand: Hand) -> bool:
    """A deal with a face-up retained hand: everyone but the retained player plays open throughout (R6.4)."""
    return hand.retained_by is not None and hand.rules.retained_blind == "faceup"


def may_bet_blind(hand: Hand, player: Player) -> bool:
    return hand.rules.blind and player.status != "open" and not (faceup_deal(hand) and player.name != hand.retained_by)


def sees_blind(hand: Hand, player: Player) -> bool:
    """A blind player sees as blind; so does one who has not looked nor bet, where blind play is open to them (R3.1)."""
    return player.blind or (player.status == "unlooked" and may_bet_blind(hand, player))


def check_purse(hand: Hand, player: Player, amount: int, what: str, minimum: int) -> None:
    """Refuse putting in more than the table money a player has (R1.3), saying what they may do instead."""
    if player.purse is None or amount <= player.purse:
        return
    money = hand.rules.money
    instead = [f"bet at most {money(player.purse)}"] if player.purse >= minimum else []
    if hand.rules.short_money in COVERING and player.purse < minimum:
        instead.append(f"cover with {money(player.purse)}")
    if hand.rules.short_money in BORROWING:
        instead.append("borrow (`bragref lend`)")
    instead.append("fold")
    raise Refused(f"{player.name} has {money(player.purse)} on the table, not enough for {what} of {money(amount)}: "
                  f"{player.name} may {' or '.join(instead)}", "R1.3")


def cover_range(hand: Hand, player: Player, minimum: int) -> Range | None:
    """What `player` may put in to cover (R7.2): all they have, less than the minimum and more than 0.

    From the pocket the referee takes the player's word for what they have; from the table it is
    exactly their table money (R1.3), 0 for a player whose last bet used it up: they are all in.
    """
    if hand.rules.short_money not in COVERING:
        return None
    if player.purse is None:
        return Range(1, minimum - 1, "R7.2", "R7.2") if minimum > 1 else None
    return Range(player.purse, player.purse, "R7.2", "R7.2") if player.purse < minimum else None  # 0: all in


def cover(hand: Hand, index: int, amount: int, minimum: int) -> Hand:
    """players[index] covers: the pot as it stands is frozen for them; two or more others go on into a new one (R7.2)."""
    player = hand.players[index]
    if type(amount) is not int or not 0 <= amount <= MAX_UNITS:
        check_units(amount, allow_zero=True)
    allowed = cover_range(hand, player, minimum)
    money = hand.rules.money
    if hand.rules.short_money not in COVERING:
        raise Refused(f"this table borrows rather than covers (house rule short-money is {hand.rules.short_money}): "
                      f"{player.name} may borrow (`bragref lend`) or fold", "R7.1")
    if allowed is None:
        if player.purse is None:
            raise Refused(f"the least {player.name} can put in is {money(minimum)}, so there is nothing less to cover with",
                          "R7.2")
        raise Refused(f"{player.name} has {money(player.purse)} on the table, enough for the minimum of {money(minimum)}: "
                      f"bet or fold, not cover", "R7.2")
    if not allowed.min <= amount <= allowed.max:
        if player.purse is not None:
            raise Refused(f"a cover puts in all the table money {player.name} has: {money(player.purse)}", "R7.2")
        raise Refused(f"a cover is less than the minimum of {money(minimum)}: at most {money(allowed.max)}, "
                      f"not {money(amount)}; with {money(minimum)} or more, bet", "R7.2")
    players = paying(hand, index, amount, status="covered", hands=1)
    frozen = Covered(hand.live_pot + amount, player.name, tuple([p.name for p in hand.betting]))
    left = [p.name for p in players if p.status in BETTING]  # `Player.betting`, asked of each (as in `fold`)
    if len(left) > 1:
        return evolve(hand, players=players, pot=hand.pot + amount, covered=hand.covered + (frozen,),
                      to_act=next_to_act(players, index))
    hand = evolve(hand, players=players, pot=hand.pot + amount, covered=hand.covered + (frozen,), to_act=None)
    return pot_won(hand, PotResult(0, None, "cover", None, ()), tuple(left))  # R7.4


def fold(hand: Hand, name: str) -> Hand:
    index = check_turn(hand, name, what="fold")
    players = with_player(hand, index, status="folded", hands=1)
    left = [p for p in players if p.status in BETTING]  # `Player.betting`, asked of each (a property costs more)
    if len(left) > 1:
        return evolve(hand, players=players, to_act=next_to_act(players, index))
    last = left[0]
    hand = evolve(hand, players=players, to_act=None)
    if hand.covered or not last.blind:  # R6.1; with covered pots even a blind player takes it, and exposes (R7.3)
        pot = hand.live_pot
        return pot_won(hand, PotResult(pot, None, "folds", None, ((last.name, pot),)), (last.name,))
    if hand.faceup and last.name == hand.retained_by:
        antes = ((last.name, hand.pot - hand.carried_in),)
        result = Result("faceup", antes, hand.carried_in, last.name,
                        pots=(PotResult(hand.pot - hand.carried_in, None, "faceup", None, antes),))  # R6.4
    else:
        result = Result("carried", carried=hand.pot, retained_by=last.name)  # R6.2
    return evolve(hand, phase="over", result=result)


def see(hand: Hand, index: int, cost: int) -> Hand:
    """players[index] pays `cost` to see the other player still betting: the seen player shows first (R5.4)."""
    seer = hand.players[index].name
    seen = next(p.name for p in hand.betting if p.name != seer)
    return evolve(hand, players=paying(hand, index, cost), pot=hand.pot + cost, to_act=None, phase="showdown",
                  contest=Contest(hand.live_pot + cost, "see", (seen,), seer))  # the pot with the cost in


def showdown(hand: Hand) -> Hand:
    """All still betting agree to show (R6.5)."""
    if hand.phase != "betting":
        raise Refused("a showdown is agreed only while betting goes on", "R6.5")
    contenders = tuple([p.name for p in hand.betting])
    if len(contenders) < 3:
        raise Refused(f"an agreed showdown needs three or more still betting, not {len(contenders)}: with two, one sees the other", "R6.5")
    return evolve(hand, phase="showdown", to_act=None, contest=Contest(hand.live_pot, "showdown", contenders))
