"""Bastard Brag's exchange turns (R14.1, R14.2, R14.5), before the money game's betting (R14.3).

A hand of it starts in the exchanges: turns go clockwise from the dealer's left, nobody folds. Under `exchanges`
`two` there are exactly two rounds, everyone exchanging in the first and free to pass in the second; under `knock`
the rounds go on until someone knocks (from round `knock_from`), each other player has one more turn (an exchange,
or under `after_knock` `optional` a pass too), and the exchanges end when the turn comes back to the knocker. Then
Brag's betting (`games.brag.betting`) plays the hand on, with blind play off, or for lives everyone shows
(`games.bastard.lives`).
"""

from __future__ import annotations

from bragref.engine import state
from bragref.engine.errors import BadInput, Refused
from bragref.engine.state import Hand, Legal, Offer, offers
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games.bastard.actions import Exchange, Knock, Pass
from bragref.games.bastard.lives import check_alive, dealt_in, lives_of
from bragref.games.bastard.options import AFTER_KNOCK, CENTRE_UP, EXCHANGES, KNOCK_FROM, SCORING

PLAYERS = (3, 10)  # R14.1: the game's `players`


class BastardHand(Hand, frozen=True):
    """A hand of Bastard Brag: whether the exchanges are still on, the round, who knocked and how many turns are
    left after the knock, the centre's face-up cards as the deal or the latest exchange recorded them (none: not
    known); for lives, the match (`games.bastard.lives`)."""

    exchanging: bool = True
    round: int = 1
    knocked_by: str | None = None
    turns_left: int | None = None  # after a knock: the other players' turns still to come
    centre: tuple[int, ...] = ()
    match: int = 0  # for lives (R14.4): the match's number, 0 in the game for money ...
    lives: tuple[tuple[str, int], ...] = ()  # ... every match player's lives (those out too) ...
    lost: str | None = None  # ... who lost a life at this hand's showdown ...
    winner: str | None = None  # ... and who won the match with it; ...
    entry: int | None = None  # ... the entry each paid, at a match's first deal


def deal(rules, seats, dealer, purses, carried_in: int = 0, dealt: dict[str, str] | None = None) -> BastardHand:
    """Three cards each and the centre hand, `centre_up` of its cards face up; everyone antes (R14.1, R14.3). For
    lives, only the players still in the match are dealt in, and the deal passes over those out; the first deal of
    a match takes each player's entry into its kitty, the pot, which every later deal carries in (R14.4)."""
    dealt = dealt or {}
    if not PLAYERS[0] <= len(seats) <= PLAYERS[1]:  # at the table: in a match, those out too
        raise Refused(f"Bastard Brag is for 3 to 10 players, not {len(seats)}", "R14.1")
    match, lives = 0, {}
    if SCORING.of(rules) == "lives":
        if "lives" not in dealt:
            raise BadInput("a deal for lives says each player's lives (R14.4)")
        match, lives = int(dealt.get("match", "1")), lives_of(dealt["lives"], seats)
        seats, dealer = dealt_in(seats, lives, dealer)
        check_alive(seats)
    entry = int(dealt["entry"]) if match and "entry" in dealt else None  # a match's first deal takes the entry
    for name, money in (purses or {}).items() if entry else ():
        if name in seats and money < entry:
            raise Refused(f"{name} has {rules.money(money)} on the table, less than the match's entry of "
                          f"{rules.money(entry)}: {name} tops up or leaves before the deal", "R1.3")
    hand = state.deal(rules, seats, dealer, carried_in, None, purses, entry)  # a match's entry is taken as an ante
    players = tuple(evolve(p, status="open") for p in hand.players)  # everyone has seen their cards: no blind play
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    centre = checked_centre(rules, _cards(dealt.get("up")))
    return BastardHand(**{**fields, "rules": rules, "players": players}, centre=centre, match=match,
                       lives=tuple(lives.items()), entry=entry)


def _cards(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    from bragref.engine.cards import parse_cards

    return parse_cards([text])


def checked_centre(rules, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The centre's face-up cards as the referee gives them: `centre_up` of them, or none given (R14.1, R14.2)."""
    up = CENTRE_UP.of(rules)
    if cards and len(cards) != up:
        raise BadInput(f"the centre has {up} card{'s' if up > 1 else ''} face up, not {len(cards)} (R14.1)")
    if len(set(cards)) != len(cards):
        from bragref.engine.cards import shown_twice, twice_in  # here: only a refusal writes a card

        raise shown_twice(twice_in(tuple(cards)))  # in the command line's words (R8.9)
    return tuple(cards)


def may_pass(hand: BastardHand) -> bool:
    if hand.knocked_by is not None:
        return AFTER_KNOCK.of(hand.rules) == "optional"
    return EXCHANGES.of(hand.rules) == "two" and hand.round >= 2


def may_knock(hand: BastardHand) -> bool:
    return EXCHANGES.of(hand.rules) == "knock" and hand.knocked_by is None and hand.round >= KNOCK_FROM.of(hand.rules)


def legal(hand: BastardHand) -> Legal:
    player = hand.acting
    return Legal(player.name, offers(Offer("exchange"), Offer("pass") if may_pass(hand) else None,
                                     Offer("knock") if may_knock(hand) else None))


def apply(hand: BastardHand, action) -> BastardHand:
    if not isinstance(action, (Exchange, Pass, Knock)):
        who = hand.acting.name
        raise Refused(f"the exchanges come first: {who} exchanges{', passes' if may_pass(hand) else ''}"
                      f"{' or knocks' if may_knock(hand) else ''}", "R14.2")
    index = state.check_turn(hand, action.player, rule="R2.5", what=action.verb)
    match action:
        case Exchange(count=count, up=up):
            if count not in ("1", "3"):
                raise BadInput(f"an exchange is of 1 card or 3, not {count!r} (R14.2)")
            hand = state.hand_changed(hand, action.player)  # a hand changed by the rules (R14.2, R8.10)
            hand = evolve(hand, centre=checked_centre(hand.rules, up))  # not given: the exchange may have taken a
            # face-up card (R14.2), so which are face up is not known until the referee says
        case Pass():
            if not may_pass(hand):
                if hand.knocked_by is not None:
                    raise Refused(f"after {hand.knocked_by}'s knock every other player exchanges once more (house rule "
                                  f"after-knock is exchange)", "R14.4")
                if EXCHANGES.of(hand.rules) == "two":
                    raise Refused("in the first round everyone exchanges, one card or three: passing comes in the "
                                  "second", "R14.3")
                raise Refused("until someone knocks, every turn is an exchange or a knock", "R14.4")
        case Knock():
            if EXCHANGES.of(hand.rules) == "two":
                raise Refused("there are exactly two rounds of exchanges here (house rule exchanges is two): nobody "
                              "knocks", "R14.3")
            if hand.knocked_by is not None:
                raise Refused(f"{hand.knocked_by} has knocked already: this is the last turn", "R14.4")
            if hand.round < KNOCK_FROM.of(hand.rules):
                raise Refused(f"knocking is allowed from round {KNOCK_FROM.of(hand.rules)}; this is round {hand.round}",
                              "R14.4")
            return _next(evolve(hand, knocked_by=action.player, turns_left=len(hand.players) - 1), index)
    return _next(hand, index, after_knock=hand.knocked_by is not None)


def _next(hand: BastardHand, index: int, after_knock: bool = False) -> BastardHand:
    """The turn after players[index]'s: the next exchange, or the betting once the exchanges are over."""
    last = index == len(hand.players) - 1  # the dealer ends a round
    if after_knock:
        left = hand.turns_left - 1
        if left == 0:
            return _betting(hand)
        return evolve(hand, turns_left=left, to_act=(index + 1) % len(hand.players), round=hand.round + last)
    if last and EXCHANGES.of(hand.rules) == "two" and hand.round == 2:
        return _betting(hand)
    return evolve(hand, to_act=(index + 1) % len(hand.players), round=hand.round + last)


def _betting(hand: BastardHand) -> BastardHand:
    """The exchanges are over: betting as Brag's, from the dealer's left (R14.3); for lives, everyone shows
    (R14.4)."""
    if hand.match:
        return evolve(hand, exchanging=False, to_act=None, turns_left=None, phase="showdown")
    return evolve(hand, exchanging=False, to_act=0, turns_left=None)
