"""The state of one hand, and the mechanics every betting structure shares.

Players are held in turn order: the dealer's left first, the dealer last (R2.4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules

BETTING = frozenset({"unlooked", "open", "blind"})


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    status: str = "unlooked"  # unlooked | open | blind | folded (R3.1)
    paid: int = 0  # everything put in this hand, ante included
    hands: int = 1  # 2 while holding a retained hand and a new one unseen (R6.3)

    @property
    def betting(self) -> bool:
        return self.status in BETTING

    @property
    def blind(self) -> bool:
        """Blind means has bet blind and not looked; an unlooked player counts as open (R6.1)."""
        return self.status == "blind"


@dataclass(frozen=True, slots=True)
class Range:
    """What a bet may be, and the rule that sets each end."""

    min: int
    max: int | None
    min_rule: str
    max_rule: str | None


@dataclass(frozen=True, slots=True)
class Legal:
    """What may be done now: by `player` in betting, by the table at a showdown."""

    player: str | None = None
    fold: bool = False
    look: bool = False
    look_retained: bool = False  # the look must name a hand and keep or fold it (R6.3)
    bet: Range | None = None
    blind_bet: Range | None = None
    see: int | None = None  # the cost of seeing, in units
    showdown: bool = False
    concede: tuple[str, ...] = ()
    award: tuple[str, ...] = ()
    show: tuple[str, ...] = ()  # who may show their cards now (R5.4, R6.5)


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended and where its money went. Winnings plus carried equals the pot (R1.2)."""

    how: str  # folds | carried | faceup | see | showdown
    winnings: tuple[tuple[str, int], ...] = ()
    carried: int = 0
    retained_by: str | None = None
    decided_by: str | None = None  # cards | concede | award, at a see or showdown
    shuffle: bool = False  # won with a shown prial: shuffle before the next deal (R9.2)


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand exposed at a see or showdown, as the ranking judged it (an `engine.ranking.Judged`)."""

    player: str
    judged: object


@dataclass(frozen=True, slots=True)
class Hand:
    rules: Rules
    players: tuple[Player, ...]
    dealer: str
    pot: int
    carried_in: int = 0
    retained_by: str | None = None
    faceup: bool = False  # the retained player's face-up hand is still alive (R6.4)
    to_act: int | None = 0
    stake: int = 0
    phase: str = "betting"  # betting | showdown | over
    seer: str | None = None
    contenders: tuple[str, ...] = ()
    shown: tuple[Shown, ...] = ()
    result: Result | None = None

    @property
    def acting(self) -> Player | None:
        return None if self.to_act is None else self.players[self.to_act]

    def index(self, name: str) -> int:
        for i, player in enumerate(self.players):
            if player.name == name:
                return i
        raise BadInput(f"{name} is not dealt in this hand")

    def player(self, name: str) -> Player:
        return self.players[self.index(name)]

    @property
    def betting(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.betting)


def deal(rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None) -> Hand:
    """A new hand with every seated player's ante in the pot (R2.3), carried money included (R6.2)."""
    if len(seats) < 2:
        raise Refused(f"a hand needs at least two seated players, not {len(seats)}", "R2.1")
    if dealer not in seats:
        raise BadInput(f"{dealer} is not seated")
    cut = seats.index(dealer) + 1
    order = seats[cut:] + seats[:cut]
    if retained_by not in order:
        retained_by = None  # the retained hand left with its player; the pot stays carried
    faceup = retained_by is not None and rules.retained_blind == "faceup"
    players = tuple(
        Player(name, "blind", rules.ante, 1 if faceup else 2) if name == retained_by else Player(name, paid=rules.ante)
        for name in order
    )
    return Hand(rules, players, dealer, carried_in + rules.ante * len(players), carried_in, retained_by, faceup)


def with_player(hand: Hand, index: int, **changes) -> tuple[Player, ...]:
    players = hand.players
    return players[:index] + (replace(players[index], **changes),) + players[index + 1 :]


def next_to_act(players: tuple[Player, ...], after: int) -> int:
    n = len(players)
    for step in range(1, n + 1):
        i = (after + step) % n
        if players[i].betting:
            return i
    raise AssertionError("no player is still betting")


def check_turn(hand: Hand, name: str, rule: str = "R2.5", what: str = "act") -> int:
    """The index of `name`, refusing unless it is their turn to act in betting."""
    if hand.phase == "over":
        raise Refused("this hand is over: deal the next one", "R2.2")
    if hand.phase == "showdown":
        raise Refused("betting is over: the hands are to be shown, conceded or awarded", "R5.4")
    index = hand.index(name)
    if not hand.players[index].betting:
        raise Refused(f"{name} has {hand.players[index].status} and takes no further part in this hand", "R2.4")
    if index != hand.to_act:
        raise Refused(f"it is {hand.acting.name}'s turn, not {name}'s: nobody may {what} out of turn", rule)
    return index


def fold(hand: Hand, name: str) -> Hand:
    index = check_turn(hand, name, what="fold")
    players = with_player(hand, index, status="folded", hands=1)
    left = [p for p in players if p.betting]
    if len(left) > 1:
        return replace(hand, players=players, to_act=next_to_act(players, index))
    last = left[0]
    if not last.blind:
        result = Result("folds", ((last.name, hand.pot),))  # R6.1
    elif hand.faceup and last.name == hand.retained_by:
        result = Result("faceup", ((last.name, hand.pot - hand.carried_in),), hand.carried_in, last.name)  # R6.4
    else:
        result = Result("carried", carried=hand.pot, retained_by=last.name)  # R6.2
    return replace(hand, players=players, to_act=None, phase="over", result=result)


def showdown(hand: Hand) -> Hand:
    """All still betting agree to show (R6.5)."""
    if hand.phase != "betting":
        raise Refused("a showdown is agreed only while betting goes on", "R6.5")
    contenders = tuple(p.name for p in hand.betting)
    if len(contenders) < 3:
        raise Refused(f"an agreed showdown needs three or more still betting, not {len(contenders)}: with two, one sees the other", "R6.5")
    return replace(hand, phase="showdown", to_act=None, contenders=contenders)


def _check_contender(hand: Hand, name: str, verb: str) -> None:
    if hand.phase != "showdown":
        raise Refused(f"nobody has been seen and no showdown is agreed, so there is nothing to {verb}", "R5.4")
    if name not in hand.contenders:
        raise Refused(f"{name} is not in the showdown ({', '.join(hand.contenders)} are)", "R5.4" if hand.seer else "R6.5")


def concede(hand: Hand, name: str) -> Hand:
    """A player at a see or showdown throws in without showing (R5.4)."""
    _check_contender(hand, name, "concede")
    contenders = tuple(c for c in hand.contenders if c != name)
    if len(contenders) == 1:
        return _settle(hand, contenders, "concede")
    return _decide(replace(hand, contenders=contenders))


def may_show(hand: Hand) -> tuple[str, ...]:
    """Who may show now: at a see the seen player first, then the seer (R5.4); at a showdown anyone yet to (R6.5)."""
    if hand.phase != "showdown":
        return ()
    shown = {s.player for s in hand.shown}
    waiting = tuple(c for c in hand.contenders if c not in shown)
    return waiting[:1] if hand.seer else waiting  # contenders at a see are (seen, seer)


def show(hand: Hand, name: str, cards: tuple[int, ...], discards: tuple[int, ...]) -> Hand:
    """`name` exposes their cards; when every hand needed is shown, the cards decide (R5.4, R6.5, R8)."""
    _check_contender(hand, name, "show")
    if name not in may_show(hand):
        if any(s.player == name for s in hand.shown):
            raise Refused(f"{name} has already shown", "R5.4")
        raise Refused(f"{hand.contenders[0]} was seen and shows first; then {name} shows or concedes", "R5.4")
    seen_before = {c for s in hand.shown for c in (*s.judged.kept, *s.judged.discards)}
    for card in (*cards, *discards):
        if card in seen_before:
            from bragref.engine.cards import card_text

            raise BadInput(f"{card_text(card)} has already been shown in this deal: a pack holds one of each card")
    from bragref.engine.ranking import ranking_for  # here, not at the top: betting never pays for the card tables

    return _decide(replace(hand, shown=hand.shown + (Shown(name, ranking_for(hand.rules).judge(cards, discards)),)))


def _decide(hand: Hand) -> Hand:
    """Once every contender has shown, the best hand takes the pot; until then, the hand as it is."""
    if may_show(hand):
        return hand
    keys = {s.player: s.judged.key for s in hand.shown if s.player in hand.contenders}
    if hand.seer:
        seen = hand.contenders[0]
        winners = (hand.seer,) if keys[hand.seer] > keys[seen] else (seen,)  # the seer loses ties (R5.4, R8.6)
    else:
        best = max(keys.values())
        winners = tuple(c for c in hand.contenders if keys[c] == best)  # equal best hands split (R6.5)
    return _settle(hand, winners, "cards")


def award(hand: Hand, names: tuple[str, ...]) -> Hand:
    """The table says who won, without cards; equal best hands split the pot (R6.5)."""
    for name in names:
        _check_contender(hand, name, "award")
    if len(set(names)) != len(names):
        raise BadInput("each winner is named once")
    if hand.seer and len(names) > 1:
        raise Refused("a see has one winner: on equal hands the seer loses", "R5.4")
    return _settle(hand, names, "award")


def split(pot: int, winners: tuple[str, ...], order: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Equal shares; the odd units go one each to the winners first in turn order (R6.5)."""
    ranked = sorted(winners, key=order.index)
    share, odd = divmod(pot, len(ranked))
    return tuple((name, share + (1 if i < odd else 0)) for i, name in enumerate(ranked))


def _settle(hand: Hand, winners: tuple[str, ...], decided_by: str) -> Hand:
    order = tuple(p.name for p in hand.players)
    prial = any(s.player in winners and s.judged.cls == "prial" for s in hand.shown)
    result = Result("see" if hand.seer else "showdown", split(hand.pot, winners, order), decided_by=decided_by,
                    shuffle=prial)
    return replace(hand, phase="over", contenders=(), result=result)
