"""Svara's hand (R16): dark and light betting without equalising, the open, the shows, and the svara.

Every player is dealt in unlooked and dark play is open (R16.3): a player may bet dark at their first turn while
every bet so far has been dark and nobody has looked. The first look, the first light bet, or everyone dealt in
having had a turn ends it, and every player still in is light from then on. A turn is a bet (support or raise,
R16.4), a pass, or once everyone has had a turn an open (R16.5); a look comes at one's own turn, before the move.
After an open everyone still in shows or concedes: the highest score takes the pot, equal top scores make a
**svara** (R16.7): the pot is carried whole to the svara deal, where the tied players are dealt in free and anyone
named with the deal boils in for the buy-in. The stake is kept in light terms (R3.3): a dark bet of X makes it 2X.
"""

from __future__ import annotations

from bragref.engine import state
from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import resolve
from bragref.engine.state import (Contest, Hand, Legal, Offer, Player, PotResult, Range, Result, Shown, costing, offers, ranged, showing)
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games.brag.betting import affordable, ceil_half
from bragref.games.svara.actions import Bet, Look, Open, Pass
from bragref.games.svara.options import JOKERS, SVARA_BUYIN
from bragref.games.verbs import Award, Concede, Fold, Show

PLAYERS = (2, 6)  # R16.1: the game's `players`


class SvaraHand(Hand, frozen=True):
    """A hand of svara: who has had a turn, whether dark play is still open, who opened and who conceded at the
    shows; at a svara deal the tied players dealt in free (`tied`, all of the svara's, seated or not), who boiled in
    and the buy-in; once over in a svara, the players tied (`svara`)."""

    had_turn: tuple[str, ...] = ()
    dark: bool = True
    opened_by: str | None = None
    conceded: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    boiled: tuple[str, ...] = ()
    buy_in: int = 0
    svara: tuple[str, ...] = ()

    @property
    def svara_deal(self) -> bool:
        return bool(self.tied)


def names_in(text: str | None) -> tuple[str, ...]:
    """Names as a deal records them: joined by commas (R2.6: a name holds none)."""
    return tuple(name.strip() for name in (text or "").split(",") if name.strip())


def deal(rules, seats: list[str], dealer: str, carried_in: int, purses, dealt) -> SvaraHand:
    """Everyone antes (R16.1); at a svara deal (`dealt["svara"]`: the tied players), nobody antes, the tied players
    are dealt in free and those named in `dealt["boil"]` pay the buy-in (R16.7)."""
    dealt = dealt or {}
    if dealt.get("svara"):
        return _svara_deal(rules, seats, dealer, carried_in, purses, names_in(dealt["svara"]), dealt.get("boil"))
    if dealt.get("boil"):
        raise Refused("only a svara deal takes players boiling in, and the hand before did not end in a svara: deal "
                      "without --boil", "R16.7")
    if not PLAYERS[0] <= len(seats) <= PLAYERS[1]:
        raise Refused(f"svara is for 2 to 6 players, not {len(seats)}: someone "
                      f"{'leaves' if len(seats) > PLAYERS[1] else 'joins'} before the deal", "R16.1")
    hand = state.deal(rules, seats, dealer, carried_in, None, purses)
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    return SvaraHand(**fields, dark=rules.blind)


def buy_in(rules, carried: int, tied: int) -> int:
    """What boiling in costs (R16.7): half the carried pot, or the pot shared among the tied players, rounded up."""
    return -(-carried // (2 if SVARA_BUYIN.of(rules) == "half" else tied))


def _svara_deal(rules, seats, dealer, carried_in, purses, tied, boil) -> SvaraHand:
    if dealer not in seats:
        raise BadInput(f"{dealer} is not seated")
    boiled = tuple(resolve(name, seats) for name in names_in(boil))
    for name in boiled:
        if name in tied:
            raise Refused(f"{name} tied in the svara and is dealt in free: only the others boil in", "R16.7")
    if len(set(boiled)) != len(boiled):
        raise BadInput("each player boiling in is named once")
    cost = buy_in(rules, carried_in, len(tied))
    cut = seats.index(dealer) + 1
    order = [name for name in seats[cut:] + seats[:cut] if name in tied or name in boiled]
    if not order:
        raise Refused(f"none of the svara's players ({', '.join(tied)}) is seated: someone boils in for "
                      f"{rules.money(cost)} (deal --boil NAME)", "R16.7")
    players = []
    for name in order:
        paid = cost if name in boiled else 0
        purse = None if rules.stakes == "pocket" else (purses or {}).get(name, 0) - paid
        if purse is not None and purse < 0:
            raise Refused(f"{name} has {rules.money(purse + paid)} on the table, less than the buy-in of "
                          f"{rules.money(cost)}: {name} tops up before the deal, or sits this deal out", "R16.8")
        players.append(Player(name, paid=paid, purse=purse))
    hand = SvaraHand(rules, tuple(players), dealer, carried_in + cost * len(boiled), carried_in, dark=rules.blind,
                     tied=tied, boiled=boiled, buy_in=cost)
    if len(players) == 1:  # nobody to play against: the pot is theirs, the deal itself deciding it (R16.7)
        return evolve(hand, phase="showdown", to_act=None, contest=Contest(hand.pot, "showdown", (order[0],)))
    return hand


def alone(hand: SvaraHand) -> str | None:
    """The one player of a svara deal left with one (R16.7), while their pot is not yet theirs; else None."""
    if hand.svara_deal and len(hand.players) == 1 and hand.phase == "showdown" and not hand.shown:
        return hand.players[0].name
    return None


# ---- what may be done ---------------------------------------------------------------------


def round_done(hand: SvaraHand) -> bool:
    """Whether every player dealt in has had a turn (R16.3, R16.5)."""
    return len(hand.had_turn) == len(hand.players)


def light_range(hand: SvaraHand) -> Range | None:
    """A light bet, in light terms: the first within `min_bet`..`max_bet`, a later one from the stake to `max_bet`
    (R16.4)."""
    rules = hand.rules
    low = rules.first_bet_min if hand.stake == 0 else hand.stake
    if rules.max_bet is not None and rules.max_bet < low:
        return None
    return Range(low, rules.max_bet, "R16.4", None if rules.max_bet is None else "R16.4")


def dark_range(hand: SvaraHand) -> Range | None:
    """A dark bet: at least half the stake (or of the least first bet), rounded up, worth double (R16.3, R16.4)."""
    rules = hand.rules
    low = ceil_half(rules.first_bet_min if hand.stake == 0 else hand.stake)
    high = None if rules.max_bet is None else rules.max_bet // 2
    return None if high is not None and high < low else Range(low, high, "R16.3", None if high is None else "R16.4")


def dark_refusal(hand: SvaraHand, player: Player) -> str | None:
    """Why `player` may not bet dark now, or None (R16.3)."""
    if not hand.rules.blind:
        return "dark play is off at this table (house rule blind)"
    if not hand.dark:
        return "dark play is over: someone looked or bet light, or everyone has had a turn"
    if player.status != "unlooked":
        return f"{player.name} has looked"
    return None


def legal(hand: SvaraHand) -> Legal:
    if hand.phase == "showdown":
        waiting = tuple(p.name for p in _in(hand) if p.name not in _shown(hand))
        return Legal(offers=showing(waiting, waiting if len(_in(hand)) > 1 else (), tuple(p.name for p in _in(hand))))
    player = hand.acting
    if player is None:
        return Legal()
    dark = None if dark_refusal(hand, player) else affordable(dark_range(hand), player)
    opens = hand.stake if round_done(hand) and hand.stake and _pays(player, hand.stake) else None
    return Legal(player.name, offers(
        ranged("bet", affordable(light_range(hand), player)),
        ranged("bet", dark, values=(("blind", True),)),
        costing("open", opens),
        Offer("look") if player.status == "unlooked" else None,
        Offer("pass")))


def _pays(player: Player, amount: int) -> bool:
    return player.purse is None or player.purse >= amount


def _in(hand: SvaraHand) -> list[Player]:
    """The players still in: not passed, nor conceded at the shows."""
    return [p for p in hand.players if p.status != "folded" and p.name not in hand.conceded]


def _shown(hand: SvaraHand) -> set[str]:
    return {s.player for s in hand.shown}


# ---- what each move does ------------------------------------------------------------------


def apply(hand: SvaraHand, action) -> SvaraHand:
    match action:
        case Bet():
            return _bet(hand, action)
        case Pass(player=name) | Fold(player=name):
            index = _turn(hand, name, "pass")
            players = state.with_player(hand, index, status="folded")
            return _turn_taken(evolve(hand, players=players), index)
        case Look(player=name, hand=which):
            index = _turn(hand, name, "look", "R3.4")
            if hand.players[index].status != "unlooked":
                raise Refused(f"{name} has looked, or plays light: there is nothing more to look at", "R16.3")
            if which is not None:
                raise Refused(f"{name} holds one hand: svara has no retained hands", "R16")
            return _light(evolve(hand, players=state.with_player(hand, index, status="open")))
        case Open(player=name):
            return _open(hand, name)
        case Show(player=name, cards=cards, discards=discards):
            return _show(hand, name, cards, discards)
        case Concede(player=name):
            _showing(hand, name, "concede")
            if len(_in(hand)) == 1:
                raise Refused(f"{name} alone is in the svara deal: there is nobody to concede to", "R16.7")
            players = state.with_player(hand, hand.index(name), status="folded")  # out of the pot, as `status` says
            return _decide(evolve(hand, players=players, conceded=hand.conceded + (name,)))
        case Award(players=names):
            return _award(hand, names)
    raise TypeError(f"not an action: {action!r}")


def _turn(hand: SvaraHand, name: str, what: str, rule: str = "R16.4") -> int:
    if hand.phase == "showdown":
        raise Refused(f"{hand.opened_by} has opened: every player still in shows or concedes", "R16.5")
    return state.check_turn(hand, name, rule=rule, what=what, folded="passed")


def _light(hand: SvaraHand) -> SvaraHand:
    """Dark play is over: every player still in plays light (R16.3)."""
    players = tuple(evolve(p, status="open") if p.status in ("unlooked", "blind") else p for p in hand.players)
    return evolve(hand, players=players, dark=False)


def _bet(hand: SvaraHand, bet: Bet) -> SvaraHand:
    index = _turn(hand, bet.player, "bet")
    player, money = hand.players[index], hand.rules.money
    if bet.blind:
        refusal = dark_refusal(hand, player)
        if refusal:
            raise Refused(f"{refusal}: bet light, or pass", "R16.3")
        allowed, kind = dark_range(hand), "a dark bet"
    else:
        allowed, kind = light_range(hand), "a bet"
    if allowed is None:
        raise Refused(f"no {kind.removeprefix('a ')} fits under the most of {money(hand.rules.max_bet)}: pass, or "
                      f"open", "R16.4")
    if bet.amount < allowed.min:
        least = "the first bet's least" if hand.stake == 0 else "the stake" + (", halved" if bet.blind else "")
        raise Refused(f"{kind} is at least {money(allowed.min)} here ({least}), not {money(bet.amount)}",
                      allowed.min_rule)
    if allowed.max is not None and bet.amount > allowed.max:
        raise Refused(f"{kind} is at most {money(allowed.max)} here (max-bet {money(hand.rules.max_bet)} in light "
                      f"terms), not {money(bet.amount)}", "R16.4")
    _check_purse(hand, player, bet.amount, kind)
    players = state.paying(hand, index, bet.amount, status="blind" if bet.blind else "open")
    hand = evolve(hand, players=players, pot=hand.pot + bet.amount, stake=bet.amount * (2 if bet.blind else 1))
    return _turn_taken(hand if bet.blind else _light(hand), index)


def _check_purse(hand: SvaraHand, player: Player, amount: int, what: str) -> None:
    """No covers in svara: a player short of table money passes, or borrows where the table allows (R16.8)."""
    if _pays(player, amount):
        return
    money = hand.rules.money
    borrow = " or borrows (`bragref lend`)" if hand.rules.short_money in ("borrow", "both") else ""
    raise Refused(f"{player.name} has {money(player.purse)} on the table, not enough for {what} of {money(amount)}: "
                  f"{player.name} passes{borrow}; there are no covers in svara", "R16.8")


def _turn_taken(hand: SvaraHand, index: int) -> SvaraHand:
    """After a bet or a pass: the last player in takes the pot (R16.6); dark play ends once everyone has had a turn
    (R16.3); else the next player still in acts."""
    name = hand.players[index].name
    hand = evolve(hand, had_turn=hand.had_turn + ((name,) if name not in hand.had_turn else ()))
    left = [p for p in hand.players if p.betting]
    if len(left) == 1:
        return _won(evolve(hand, to_act=None), left[0].name, "folds")
    if round_done(hand) and hand.dark:
        hand = _light(hand)
    return evolve(hand, to_act=state.next_to_act(hand.players, index))


def _open(hand: SvaraHand, name: str) -> SvaraHand:
    index = _turn(hand, name, "open", "R16.5")
    if not round_done(hand):
        waiting = [p.name for p in hand.players if p.name not in hand.had_turn]
        raise Refused(f"opening comes once everyone dealt in has had a turn, and {', '.join(waiting)} "
                      f"{'has' if len(waiting) == 1 else 'have'} not: bet or pass", "R16.5")
    player = hand.players[index]
    _check_purse(hand, player, hand.stake, "the open")
    players = state.paying(hand, index, hand.stake)
    hand = evolve(hand, players=players, pot=hand.pot + hand.stake, opened_by=name, phase="showdown", to_act=None)
    return evolve(hand, contest=Contest(hand.pot, "showdown", tuple(p.name for p in _in(hand))))


def _at_shows(hand: SvaraHand, verb: str) -> None:
    """Refused unless the hands are being shown: after an open (R16.5)."""
    if hand.phase == "over":
        raise Refused(f"this hand is over, so there is nothing to {verb}: deal the next one", "R2.2")
    if hand.phase != "showdown":
        raise Refused(f"nobody has opened, so there is nothing to {verb}: hands are shown after an open", "R16.5")


def _still_in(hand: SvaraHand, name: str) -> None:
    hand.index(name)
    if name not in {p.name for p in _in(hand)}:
        raise Refused(f"{name} is out of this hand ({', '.join(p.name for p in _in(hand))} are in)", "R16.5")


def _showing(hand: SvaraHand, name: str, verb: str) -> None:
    """Refused unless `name` may show or concede now: after an open, still in, and not shown yet (R16.5)."""
    _at_shows(hand, verb)
    _still_in(hand, name)
    if name in _shown(hand):
        raise Refused(f"{name} has already shown", "R16.5")


def ranking(hand: SvaraHand):
    from bragref.games.svara.points import svara_ranking  # here: betting never builds the scores

    return svara_ranking(JOKERS.of(hand.rules))


def _show(hand: SvaraHand, name: str, cards, discards) -> SvaraHand:
    _showing(hand, name, "show")
    judged = ranking(hand).judge(cards, discards)
    return _decide(evolve(hand, shown=hand.shown + (Shown(name, judged),)))


def _decide(hand: SvaraHand) -> SvaraHand:
    """Once everyone still in has shown (or all but one conceded): the highest score takes the pot; equal top scores
    make a svara (R16.5, R16.7)."""
    left = _in(hand)
    if len(left) == 1 and left[0].name not in _shown(hand):
        return _won(hand, left[0].name, "showdown", "concede")
    if any(p.name not in _shown(hand) for p in left):
        return hand
    keys = {s.player: s.judged.key for s in hand.shown if s.player in {p.name for p in left}}
    top = max(keys.values())
    winners = tuple(p.name for p in left if keys[p.name] == top)
    if len(winners) > 1:
        return _svara(hand, winners)
    return _won(hand, winners[0], "showdown", "cards")


def _award(hand: SvaraHand, names: tuple[str, ...]) -> SvaraHand:
    """The table says who won without cards; two or more names make a svara among them (R16.5, R16.7)."""
    if not names:
        raise BadInput("an award names who takes the pot, or two or more for a svara (R16.5)")
    if len(set(names)) != len(names):
        raise BadInput("each player is named once")
    _at_shows(hand, "award")
    for name in names:
        _still_in(hand, name)
    if alone(hand) is not None:
        return _won(hand, names[0], "alone")  # the deal decided it (R16.7): nobody to show against
    return _won(hand, names[0], "showdown", "award") if len(names) == 1 else _svara(hand, tuple(names), "award")


def _won(hand: SvaraHand, name: str, how: str, decided_by: str | None = None) -> SvaraHand:
    """`name` takes the whole pot: unshown when all others passed (R16.6), or at the shows (R16.5)."""
    contenders = tuple(p.name for p in _in(hand))
    pot = PotResult(hand.pot, None, how, decided_by, ((name, hand.pot),), contenders if how == "showdown" else ())
    result = Result(how, ((name, hand.pot),), decided_by=decided_by, pots=(pot,))
    return evolve(hand, phase="over", to_act=None, contest=None, decided=(pot,), result=result)


def _svara(hand: SvaraHand, tied: tuple[str, ...], decided_by: str = "cards") -> SvaraHand:
    """Equal top scores: nobody takes the pot, which is carried whole to the svara deal (R16.7)."""
    order = [p.name for p in hand.players]
    tied = tuple(sorted(tied, key=order.index))
    result = Result("svara", carried=hand.pot, decided_by=decided_by)
    return evolve(hand, phase="over", to_act=None, contest=None, result=result, svara=tied)
