"""Three Card Brag's betting (R3–R5): no equalising, each turn costs the stake again; blind and open play.

`legal` and `apply` here are what the `brag` game (`games.brag.Brag`) answers with; the mechanics every game
shares (turns, folding, covering, contesting shown hands) are `engine.state`'s.
"""

from __future__ import annotations

from bragref.engine import state
from bragref.structs import replace as evolve
from bragref.games import game_of, hand_ranking
from bragref.games.protocol import Judging
from bragref.games.brag import moves
from bragref.games.brag.moves import may_bet_blind, sees_blind
from bragref.games.brag.actions import Cover, Look, See, Showdown
from bragref.games.verbs import Award, Bet, Concede, Fold, Show
from bragref.engine.errors import Refused
from bragref.engine.money import MAX_UNITS, check_units
from bragref.engine.state import Hand, Legal, Offer, Player, Range, costing, offers, ranged, showing


def ceil_half(amount: int) -> int:
    return -(-amount // 2)


def open_limits(hand: Hand) -> tuple[int, int | None, str, str | None]:
    """The least and the most an open bet may be now (None: no most), and the rule that sets each: what
    `open_range` offers, read as plain values where a bet is checked."""
    rules = hand.rules
    if hand.stake == 0:
        low, low_rule, high, high_rule = rules.first_bet_min, "R4.2", rules.max_bet, "R4.2" if rules.max_bet else None
    else:
        low, low_rule = hand.stake, "R4.1"
        high, high_rule = (hand.stake + rules.raise_limit, "R4.3") if rules.raise_limit else (None, None)
    if rules.pot_limit and (high is None or hand.pot < high):  # the pot limit on what one bet may put in (R4.4)
        high, high_rule = hand.pot, "R4.4"
    return low, high, low_rule, high_rule


def open_range(hand: Hand) -> Range | None:
    return _range(*open_limits(hand))


def _fits(low: int, high: int | None) -> bool:
    """Whether any bet lies within the limits: they do not cross, and the least is no more than any payment may be
    (R1.1)."""
    return low <= MAX_UNITS and (high is None or high >= low)


def _range(low: int, high: int | None, low_rule: str, high_rule: str | None) -> Range | None:
    """None when nothing fits (`_fits`)."""
    return Range(low, high, low_rule, high_rule) if _fits(low, high) else None


def blind_limits(hand: Hand) -> tuple[int, int | None, str, str | None]:
    """`open_limits` for a blind bet: a blind bet of X counts as an open bet of 2X (R3.3); its minimum rounds up
    (R4.1)."""
    rules = hand.rules
    if hand.stake == 0:
        low, low_rule = ceil_half(rules.first_bet_min), "R4.2"
        high, high_rule = (rules.max_bet // 2, "R4.2") if rules.max_bet else (None, None)
    else:
        low, low_rule = ceil_half(hand.stake), "R4.1"
        high, high_rule = ((hand.stake + rules.raise_limit) // 2, "R4.3") if rules.raise_limit else (None, None)
    if rules.pot_limit and (high is None or hand.pot < high):  # the pot limit (R4.4)
        high, high_rule = hand.pot, "R4.4"
    return low, high, low_rule, high_rule


def blind_range(hand: Hand) -> Range | None:
    return _range(*blind_limits(hand))


def minimum(hand: Hand, player: Player) -> int:
    """The least `player` must put in to stay in (R4.1, R4.2); less is a cover (R7.2).

    Blind terms only for a player who has bet blind: one yet to bet may have looked.
    """
    base = hand.stake or hand.rules.first_bet_min
    return ceil_half(base) if player.blind else base


def affordable(allowed: Range | None, player: Player) -> Range | None:
    """A range cut to the player's table money (R1.3); None if they cannot reach its minimum."""
    if allowed is None or player.purse is None or (allowed.max is not None and allowed.max <= player.purse):
        return allowed
    return Range(allowed.min, player.purse, allowed.min_rule, "R1.3") if player.purse >= allowed.min else None


def see_cost(hand: Hand, seer: Player) -> int:
    """R5.3: double (default) or equal, in the seer's own terms (an unlooked seer's are blind, R3.1)."""
    return _cost(hand, sees_blind(hand, seer))


def _cost(hand: Hand, blind: bool) -> int:
    """`see_cost` for a seer who sees `blind` or open: its one reckoning."""
    unit = ceil_half(hand.stake) if blind else hand.stake
    return 2 * unit if hand.rules.see_cost == "double" else unit


def see_refusal(hand: Hand, seer: Player) -> Refused | None:
    """Why `seer` may not see now, or None if they may (R5.1, R5.2)."""
    return _seeing(hand, seer)[0]


def _seeing(hand: Hand, seer: Player) -> tuple[Refused | None, int]:
    """`see_refusal`, and what the see costs where it may be made (`see_cost`; else 0): worked out once."""
    left = hand.betting
    if len(left) != 2:
        return Refused(f"a see needs exactly two players still betting, and {len(left)} are", "R5.1"), 0
    if hand.stake == 0:
        return Refused("nobody has bet yet, so there is nothing to see", "R5.1"), 0
    other = left[0] if left[1].name == seer.name else left[1]
    blind = sees_blind(hand, seer)
    if other.blind_to_others and not blind:  # R3.1
        unbet = " (neither looked nor bet, R3.1)" if other.status == "unlooked" else ""
        return Refused(f"{seer.name} cannot see {other.name}{unbet}: you cannot see a blind man", "R5.2"), 0
    cost = _cost(hand, blind)
    if cost > MAX_UNITS:
        money = hand.rules.money
        return Refused(f"a see would cost {money(cost)}, and no payment may exceed {money(MAX_UNITS)}", "R1.1"), 0
    return None, cost


class BragBetting:
    """What may be done in a hand of brag, and what each action does (R3–R7)."""

    def legal(self, hand: Hand) -> Legal:
        if hand.phase == "showdown":
            return Legal(offers=showing(state.may_show(hand), hand.contenders, hand.contenders))
        player = hand.acting
        if player is None:
            return Legal()
        looking = player.status in ("unlooked", "blind")
        cost = None if see_refusal(hand, player) else see_cost(hand, player)
        bet = None if player.blind else affordable(open_range(hand), player)
        blind_bet = affordable(blind_range(hand), player) if may_bet_blind(hand, player) else None
        return Legal(player.name, offers(
            ranged("bet", bet),
            ranged("bet", blind_bet, values=(("blind", True),)),
            costing("see", cost if cost is None or player.purse is None or cost <= player.purse else None),
            Offer("look") if looking and player.hands == 1 else None,
            Offer("look", values=(("retained", True),)) if looking and player.hands == 2 else None,  # R6.3
            ranged("cover", moves.cover_range(hand, player, minimum(hand, player)),
                   said=bet is None and blind_bet is None),  # named only while no bet is in reach (R7.2)
            Offer("showdown") if len(hand.betting) >= 3 else None,
            Offer("fold")))

    def apply(self, hand: Hand, action) -> Hand:
        move = _MOVES.get(type(action))  # most actions are one of brag's own types: found at once, by type
        if move is not None:
            return move(self, hand, action)
        match action:
            case Bet():
                return self._bet(hand, action)
            case Fold(player=name):
                return moves.fold(hand, name)
            case Look():
                return self._look(hand, action)
            case See(player=name):
                return self._see(hand, name)
            case Showdown():
                return moves.showdown(hand)
            case Concede(player=name):
                return state.concede(hand, name)
            case Cover():
                return self._cover(hand, action)
            case Show(player=name, cards=cards, discards=discards):
                return state.show(hand, name, cards, discards, hand_ranking(hand).judge)
            case Award(players=names):
                return state.award(hand, names)
        raise TypeError(f"not an action: {action!r}")

    def _cover(self, hand: Hand, cover: Cover) -> Hand:
        index = state.check_turn(hand, cover.player, what="cover")
        return moves.cover(hand, index, cover.amount, minimum(hand, hand.players[index]))

    def _show(self, hand: Hand, show: Show) -> Hand:
        return state.show(hand, show.player, show.cards, show.discards, self._judge_of(hand))

    _judging: tuple[object, object] = (None, None)  # the last rules a hand was judged under, and their judge

    def _judge_of(self, hand: Hand):
        """The judge of `hand_ranking(hand)`: asked of the game once a rule set where the game's order is its rules'
        alone (it keeps `Game.hand_ranking`'s default), as a session's hands share their rules."""
        rules = hand.rules
        last, judge = self._judging
        if last is rules:
            return judge
        game = game_of(rules)
        judge = game.hand_ranking(hand).judge
        if type(game).hand_ranking is Judging.hand_ranking:
            self._judging = (rules, judge)
        return judge

    def _bet(self, hand: Hand, bet: Bet) -> Hand:
        index = state.check_turn(hand, bet.player, what="bet")
        player = hand.players[index]
        amount, blind = bet.amount, bet.blind
        if type(amount) is not int or not 0 <= amount <= MAX_UNITS:
            check_units(amount, allow_zero=True)  # the cap (R1.1); 0 is under every minimum (R4.1)
        if blind:
            if not hand.rules.blind:
                raise Refused("blind bets are not allowed in this game", "R3.2")
            if player.status == "open":
                raise Refused(f"{player.name} has looked and cannot bet blind again this hand", "R3.5")
            if not may_bet_blind(hand, player):
                raise Refused(f"{hand.retained_by}'s second hand is face up, so everyone else plays open for the whole deal",
                              "R6.4")
            (low, high, low_rule, high_rule), kind = blind_limits(hand), "a blind bet"
        else:
            if player.status == "blind":
                if not hand.rules.blind:  # a hand retained blind before blind play was turned off
                    raise Refused(f"{player.name} holds unseen hands and blind bets are off here: look first", "R3.2")
                raise Refused(f"{player.name} is playing blind: bet blind (--blind), or look first", "R3.4")
            (low, high, low_rule, high_rule), kind = open_limits(hand), "an open bet"
        if not _fits(low, high):
            raise Refused(f"no bet is possible: the pot limit ({hand.rules.money(hand.pot)}) is under the minimum",
                          "R4.4")
        if amount < low:
            money = hand.rules.money
            raise Refused(f"{kind} must be at least {money(low)} here, not {money(amount)}", low_rule)
        if player.purse is not None:
            moves.check_purse(hand, player, amount, kind, minimum(hand, player))
        if high is not None and amount > high:
            money = hand.rules.money
            raise Refused(f"{kind} may be at most {money(high)} here, not {money(amount)}", high_rule)
        players = state.paying(hand, index, amount, status="blind" if blind else "open")
        return evolve(
            hand,
            players=players,
            pot=hand.pot + amount,
            stake=amount * 2 if blind else amount,
            faceup=hand.faceup and player.name == hand.retained_by,  # anyone else staying in kills it (R6.4)
            to_act=state.next_to_act(players, index),
        )

    def _look(self, hand: Hand, look: Look) -> Hand:
        index = state.check_turn(hand, look.player, rule="R3.4", what="look")
        player = hand.players[index]
        if player.status == "open":
            raise Refused(f"{player.name} has already looked", "R3.4")
        if player.hands == 2:
            if look.hand is None or look.keep is None:
                raise Refused(
                    f"{player.name} holds two unseen hands: look at one (--hand old|new) and --keep or --fold it", "R6.3"
                )
            changes = {"hands": 1, "status": "open" if look.keep else "blind"}
            hand = state.hand_changed(hand, player.name)  # one of the two kept: the hand held now (R6.3, R8.10)
        else:
            if look.hand is not None:
                raise Refused(f"{player.name} holds one hand: look without --hand", "R6.3")
            changes = {"status": "open"}
        faceup = hand.faceup and player.name != hand.retained_by
        return evolve(hand, players=state.with_player(hand, index, **changes), faceup=faceup)

    def _see(self, hand: Hand, name: str) -> Hand:
        index = state.check_turn(hand, name, what="see")
        seer = hand.players[index]
        refusal, cost = _seeing(hand, seer)
        if refusal:
            raise refusal
        if seer.purse is not None:
            moves.check_purse(hand, seer, cost, "a see", minimum(hand, seer))
        return moves.see(hand, index, cost)


_MOVES = {  # what `BragBetting.apply` does with each of brag's action types, by its exact type (a subclass: `match`);
    # each method looked up on the betting at the call, as `match` calls it (a subclass's own, or one patched in)
    Bet: lambda self, hand, action: self._bet(hand, action),
    Fold: lambda self, hand, action: moves.fold(hand, action.player),
    Look: lambda self, hand, action: self._look(hand, action),
    See: lambda self, hand, action: self._see(hand, action.player),
    Showdown: lambda self, hand, action: moves.showdown(hand),
    Concede: lambda self, hand, action: state.concede(hand, action.player),
    Cover: lambda self, hand, action: self._cover(hand, action),
    Show: lambda self, hand, action: self._show(hand, action),
    Award: lambda self, hand, action: state.award(hand, action.players),
}
