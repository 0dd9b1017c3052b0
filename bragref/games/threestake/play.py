"""Three-stake brag's hand (R15): three pots on one deal. Pot 1, the card, goes to the best face-up card (R15.2);
pot 2, the brag, is bet for as Hoyle's equalising game from the eldest, a call costing nothing until someone raises
(R15.3); pot 3, the thirty-one, is played by every player dealt in, in turn: show, then draw or stick (R15.4). The
brag is decided by the three cards as dealt once everyone in it has shown or conceded, the thirty-one by the best
total not over 31 once every turn is done; a thirty-one nobody wins is carried to the next deal (R15.5).

A player's `paid` is everything they put in: three antes, then their brag total (`total`); the hand's `stake` is the
highest brag total.
"""

from __future__ import annotations

from bragref.engine import state
from bragref.engine.errors import BadInput, Refused
from bragref.engine.state import Hand, Legal, Offer, PotResult, Result, Shown, costing, naming, offers, ranged
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games import ranking_for
from bragref.games.threestake.actions import Call, Draw, Stand, Stick
from bragref.games.threestake.options import DRAW_LIMIT, MAX_STAKE
from bragref.games.threestake.thirtyone import points_of
from bragref.games.hoyle.actions import Raise
from bragref.games.hoyle.betting import all_in_range, call_paying, check_raise, raise_range
from bragref.games.verbs import Concede, Fold, Show

PLAYERS = (2, 8)  # R15.1: the game's `players`
POTS = ("card", "brag", "thirty-one")
ACE_OF_DIAMONDS = 12 * 4 + 1


class ThreeStakeHand(Hand, frozen=True):
    """A hand of three-stake brag: each player's face-up card (`up`, in turn order), the brag's last raiser (None:
    the dealer, R15.3), the stage (`brag`, then `thirty-one`), and in the thirty-one who conceded, the cards each
    drew and whose turn is over (`done`)."""

    up: tuple[int, ...] = ()
    last_raiser: str | None = None
    stage: str = "brag"
    conceded: tuple[str, ...] = ()
    drawn: tuple[tuple[str, tuple[int, ...]], ...] = ()
    done: tuple[str, ...] = ()


def deal(rules, seats, dealer, carried_in, purses, dealt) -> ThreeStakeHand:
    """Three antes each, one into each pot, and pot 3 takes in a thirty-one carried from the deal before (R15.1,
    R15.5); the face-up cards as the referee names them, one per player from the eldest."""
    from bragref.engine.cards import parse_cards

    if len(seats) > PLAYERS[1]:  # with eight the pack cannot run out in the draws
        raise Refused(f"three-stake brag is for 2 to 8 players, not {len(seats)}: someone leaves before the deal",
                      "R15.1")
    three = 3 * rules.ante
    for name in seats:
        money = (purses or {}).get(name, 0) if rules.stakes == "table" else None
        if money is not None and money < three:
            raise Refused(f"{name} has {rules.money(money)} on the table, less than three antes "
                          f"({rules.money(three)}): {name} tops up or leaves before the deal", "R15.7")
    hand = state.deal(rules, seats, dealer, carried_in, None, purses, ante=three)
    text = (dealt or {}).get("up")
    if not text:
        raise BadInput(f"deal --up names every player's face-up card, one each from the eldest "
                       f"({', '.join(p.name for p in hand.players)}) (R15.1)")
    up = parse_cards(text.split())
    if len(up) != len(hand.players):
        raise BadInput(f"deal --up names one face-up card for each of the {len(hand.players)} players, not {len(up)} "
                       f"(R15.1)")
    players = tuple(evolve(p, status="open") for p in hand.players)  # no blind play (R15.3)
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    return ThreeStakeHand(**{**fields, "players": players, "to_act": 0, "up": up})


# ---- the three pots ---------------------------------------------------------------------


def antes(hand: ThreeStakeHand) -> int:
    """What each pot took at the deal: an ante from each player."""
    return hand.rules.ante * len(hand.players)


def total(hand: ThreeStakeHand, player) -> int:
    """A player's brag total: what they put in beyond their three antes (R15.3)."""
    return player.paid - 3 * hand.rules.ante


def pot_amounts(hand: ThreeStakeHand) -> tuple[int, int, int]:
    """The card, the brag and the thirty-one, the last with what was carried into it."""
    bets = sum(total(hand, p) for p in hand.players)
    return antes(hand), antes(hand) + bets, antes(hand) + hand.carried_in


def up_of(hand: ThreeStakeHand, name: str) -> int:
    return hand.up[hand.index(name)]


def card_order(card: int) -> int:
    """Pot 1's order of face-up cards: A♦ beats every card, then rank alone, A high (R15.2)."""
    return 13 if card == ACE_OF_DIAMONDS else card >> 2  # a card is its rank × 4 + its suit


def in_brag(hand: ThreeStakeHand) -> list:
    """The players still in pot 2: not folded (R15.3)."""
    return [p for p in hand.players if p.status != "folded"]


def brag_pots(hand: ThreeStakeHand) -> list[tuple[int, tuple[str, ...]]]:
    """Pot 2 as a main pot and side pots where someone is all in (R11.6): (amount, who may win it); the antes in it
    belong to its main pot (R15.3)."""
    left = in_brag(hand)
    levels = sorted({total(hand, p) for p in left})
    found, below = [], 0
    for level in levels:
        amount = sum(min(total(hand, p), level) - min(total(hand, p), below) for p in hand.players)
        found.append((amount, tuple(p.name for p in left if total(hand, p) >= level)))
        below = level
    names = tuple(p.name for p in left)
    if not found:
        return [(antes(hand), names)]
    first_amount, first_names = found[0]
    return [(first_amount + antes(hand), first_names), *[pot for pot in found[1:] if pot[0]]]


# ---- what may be done ---------------------------------------------------------------------


def stander(hand: ThreeStakeHand) -> str:
    return hand.last_raiser or hand.dealer  # until someone raises the dealer counts as the last raiser (R15.3)


def legal(hand: ThreeStakeHand) -> Legal:
    player = hand.acting
    if player is None:
        return Legal()
    if hand.stage == "thirty-one":
        name = player.name
        if not any(s.player == name for s in hand.shown):
            return Legal(name, offers(naming("show", (name,)), naming("concede", (name,))))
        return Legal(name, (Offer("draw"), Offer("stick")))
    rules = hand.rules
    to_call = hand.stake - total(hand, player)
    call = to_call if player.purse is None or player.purse >= to_call else None
    return Legal(player.name, offers(
        costing("call", call if to_call or player.name != stander(hand) else None),  # the stander stands instead
        ranged("call", all_in_range(rules, player, to_call, call), said=call is None),
        ranged("raise", raise_range(hand, player, to_call)),
        Offer("stand") if to_call == 0 and player.name == stander(hand) else None,
        Offer("fold")))


# ---- what each move does ------------------------------------------------------------------


def apply(hand: ThreeStakeHand, action) -> ThreeStakeHand:
    if hand.phase == "over":
        raise Refused("this hand is over: deal the next one", "R2.2")
    if hand.stage == "thirty-one":
        return _thirty_one(hand, action)
    match action:
        case Call():
            return _call(hand, action)
        case Raise():
            return _raise(hand, action)
        case Stand(player=name):
            index = _turn(hand, name, "stand")
            if name != stander(hand):
                raise Refused(f"only the last raiser, {stander(hand)}, may stand (the dealer, until someone raises)",
                              "R15.3")
            if total(hand, hand.players[index]) != hand.stake:
                raise Refused("the totals are not equal yet: call, raise or fold", "R15.3")
            return _thirty_one_begins(hand)
        case Fold(player=name):
            index = _turn(hand, name, "fold")
            return _advance(evolve(hand, players=state.with_player(hand, index, status="folded")), index)
    raise Refused("the brag is being bet: the thirty-one, with its shows, draws and sticks, comes after it", "R15.4")


def _turn(hand: ThreeStakeHand, name: str, what: str) -> int:
    return state.check_turn(hand, name, rule="R15.3", what=what)


def _call(hand: ThreeStakeHand, call: Call) -> ThreeStakeHand:
    index = _turn(hand, call.player, "call")
    player = hand.players[index]
    to_call = hand.stake - total(hand, player)
    if call.all_in is None and to_call == 0 and player.name == stander(hand):
        raise Refused(f"{player.name} is the last raiser with the totals equal: stand, raise or fold", "R15.3")
    players, paid = call_paying(hand, index, call, to_call, legal(hand).range("call") if call.all_in is not None
                                else None)
    return _advance(evolve(hand, players=players, pot=hand.pot + paid), index)


def _raise(hand: ThreeStakeHand, move: Raise) -> ThreeStakeHand:
    index = _turn(hand, move.player, "raise")
    player = hand.players[index]
    check_raise(hand, move, raise_range(hand, player, hand.stake - total(hand, player)), "the most a total may reach",
                "R15.3")
    cost = hand.stake - total(hand, player) + move.amount
    players = state.paying(hand, index, cost)
    return _advance(evolve(hand, players=players, pot=hand.pot + cost, stake=hand.stake + move.amount,
                           last_raiser=player.name), index)


def _advance(hand: ThreeStakeHand, index: int) -> ThreeStakeHand:
    """After a brag move: the betting ends when all but one have folded, every total is at `max_stake`, or it is
    matched round to the last raiser (R15.3, as R11.3); else the next player still betting acts."""
    left = in_brag(hand)
    betting = [p for p in left if p.betting]
    cap = MAX_STAKE.of(hand.rules)
    if len(left) == 1 or (cap is not None and all(total(hand, p) == cap or not p.betting for p in left)):
        return _thirty_one_begins(hand)
    matched = all(total(hand, p) == hand.stake for p in betting)  # the last raiser (the dealer, checked round) gone:
    # folding ends the betting too (R15.3, clarified)
    if not betting or (len(betting) == 1 and matched) or (matched and stander(hand) not in {p.name for p in betting}):
        return _thirty_one_begins(hand)
    return evolve(hand, to_act=state.next_to_act(hand.players, index))


def _thirty_one_begins(hand: ThreeStakeHand) -> ThreeStakeHand:
    """The brag's betting is over: every player dealt in plays the thirty-one in turn from the eldest (R15.4)."""
    return evolve(hand, stage="thirty-one", to_act=0)


def _thirty_one(hand: ThreeStakeHand, action) -> ThreeStakeHand:
    name = getattr(action, "player", None)
    acting = hand.acting.name
    if isinstance(action, (Call, Raise, Stand, Fold)):
        raise Refused("the brag's betting is over: now the thirty-one, each player in turn showing, then drawing or "
                      "sticking", "R15.4")
    hand.index(name)  # a player not dealt in: bad input
    if name != acting:
        raise Refused(f"it is {acting}'s turn in the thirty-one, not {name}'s: nobody plays out of turn", "R15.4")
    has_shown = any(s.player == name for s in hand.shown)
    if isinstance(action, (Show, Concede)):
        if has_shown:
            raise Refused(f"{name} has shown: now draw or stick", "R15.4")
        if isinstance(action, Concede):  # out of pots 2 and 3, the cards unseen (R15.4)
            return _turn_over(evolve(hand, conceded=hand.conceded + (name,)), name)
        return _show(hand, action)
    if not has_shown:
        raise Refused(f"{name} shows their three cards first, or concedes", "R15.4")
    if isinstance(action, Stick):
        return _turn_over(hand, name)
    return _draw(hand, action)


def seen(hand: ThreeStakeHand) -> set[int]:
    """Every card seen in the deal: the face-up cards, and every card shown or drawn."""
    return {*hand.up, *(c for s in hand.shown for c in s.judged.kept), *(c for _, cards in hand.drawn for c in cards)}


def _show(hand: ThreeStakeHand, show: Show) -> ThreeStakeHand:
    from bragref.engine.cards import card_text
    name, up = show.player, up_of(hand, show.player)
    if show.discards:
        raise BadInput("a three-stake hand is the three cards dealt: no discards (R15.4)")
    if up not in show.cards:
        raise BadInput(f"{name}'s face-up card is {card_text(up)}: a show is the three cards dealt, it among them; "
                       f"a player holds one hand (R15.4, R8.10)")
    judged = ranking_for(hand.rules).judge(show.cards)
    hand = evolve(hand, shown=hand.shown + (Shown(name, judged),))
    return _turn_over(hand, name) if points_of(hand, name) >= 31 else hand  # exactly 31, or bust (R15.4)


def _draw(hand: ThreeStakeHand, draw: Draw) -> ThreeStakeHand:
    name, card = draw.player, draw.card[0]
    if card == up_of(hand, name):  # every other card seen in the deal is refused for every game (R8.9)
        from bragref.engine.cards import card_text

        raise BadInput(f"{card_text(card)} is {name}'s own face-up card: a pack holds one of each card (R8.9)")
    had = dict(hand.drawn)
    drawn = (*had.get(name, ()), card)
    hand = evolve(hand, drawn=tuple({**had, name: drawn}.items()))
    limit = DRAW_LIMIT.of(hand.rules)
    if points_of(hand, name) >= 31 or (limit is not None and len(drawn) >= limit):
        return _turn_over(hand, name)
    return hand


def _turn_over(hand: ThreeStakeHand, name: str) -> ThreeStakeHand:
    """`name`'s thirty-one turn is done; the next player's begins, or, every turn done, the hand is settled."""
    hand = evolve(hand, done=hand.done + (name,))
    index = hand.index(name)
    if index + 1 < len(hand.players):
        return evolve(hand, to_act=index + 1)
    return _settle(hand)


# ---- the pots decided -----------------------------------------------------------------------


def _best(hand: ThreeStakeHand, contenders: list[str], key) -> tuple[str, ...]:
    """The best of `contenders` by `key`, in turn order; equal best as house rule `ties` says (R15.6)."""
    if not contenders:
        return ()
    top = max(key(name) for name in contenders)
    tied = tuple(name for name in contenders if key(name) == top)
    return tied[:1] if hand.rules.ties == "eldest" else tied


def card_winners(hand: ThreeStakeHand) -> tuple[str, ...]:
    """Pot 1: the best face-up card (R15.2), decided at the deal."""
    return _best(hand, [p.name for p in hand.players], lambda name: card_order(up_of(hand, name)))


def brag_decided(hand: ThreeStakeHand) -> list[tuple[int, tuple[str, ...], str]] | None:
    """Pot 2, once decided: each of its pots (main, side) as (amount, winners, how it was decided), or None while
    someone still in it has neither shown nor conceded (R15.5). All but one folded: that player, unshown."""
    left = in_brag(hand)
    if len(left) == 1:  # won by folds, and so it stays whatever its winner does in the thirty-one (R15.4, clarified)
        return [(pot_amounts(hand)[1], (left[0].name,), "folds")]
    shown = {s.player: s.judged.key for s in hand.shown}
    if hand.stage == "brag" or any(p.name not in shown and p.name not in hand.conceded for p in left):
        return None
    decided = []
    for amount, eligible in brag_pots(hand):
        live = [name for name in eligible if name in shown]
        winners = _best(hand, live, shown.get) if live else _best(hand, list(eligible), lambda name: 0)  # R15.6
        decided.append((amount, winners, "cards" if live else "concede"))
    return decided


def thirty_one_winners(hand: ThreeStakeHand) -> tuple[str, ...]:
    """Pot 3 once every turn is done: the best total not over 31 (R15.5); none where all are bust or conceded."""
    live = [p.name for p in hand.players if p.name not in hand.conceded and points_of(hand, p.name) <= 31]
    return _best(hand, live, lambda name: points_of(hand, name))


def _settle(hand: ThreeStakeHand) -> ThreeStakeHand:
    order = tuple(p.name for p in hand.players)
    card, _, thirty_one = pot_amounts(hand)
    results = [PotResult(card, None, "card", "cards", state.split(card, card_winners(hand), order))]
    for amount, winners, how in brag_decided(hand):
        results.append(PotResult(amount, None, "brag" if how != "folds" else "folds", None if how == "folds" else how,
                                 state.split(amount, winners, order)))
    third = thirty_one_winners(hand)
    if third:
        results.append(PotResult(thirty_one, None, "thirty-one", "cards", state.split(thirty_one, third, order)))
    results = [pot for pot in results if pot.amount]  # with no ante, a pot nobody put money in is nobody's win
    totals: dict[str, int] = {}
    for pot in results:
        for name, amount in pot.winnings:
            totals[name] = totals.get(name, 0) + amount
    winnings = tuple((name, totals[name]) for name in order if totals.get(name))
    judged = {s.player: s.judged for s in hand.shown}
    prial = any(pot.how == "brag" and pot.decided_by == "cards" and judged[name].prial  # pot 2 at the show only (R15.7)
                for pot in results for name, _ in pot.winnings if name in judged)
    result = Result("three-stake", winnings, carried=0 if third else thirty_one, shuffle=prial, pots=tuple(results))
    return evolve(hand, phase="over", to_act=None, stage="over", decided=tuple(results), result=result)


def hand_words(hand: ThreeStakeHand) -> str:
    """The face-up cards, as the deal tells them."""
    from bragref.engine.cards import card_text

    return ", ".join(f"{p.name} {card_text(card)}" for p, card in zip(hand.players, hand.up, strict=False))

