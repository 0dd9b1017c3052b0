"""The state of one hand, and the mechanics games share: dealing with antes, turns, paying (from the table money
too), loans mid-hand, contests of shown hands and splitting a pot. A game's own moves are its package's
(Brag's folding to a blind player, seeing and covering: `games.brag.moves`).

Players are held in turn order: the dealer's left first, the dealer last (R2.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import bragref.structs as structs
from bragref.structs import replace as _evolve  # a new value with some fields changed (made in C by msgspec)

from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules

if TYPE_CHECKING:  # the type checker's view of a shown hand; at run time its field takes any value, as before
    from bragref.engine.ranking import Judged
else:
    Judged = object

BETTING = frozenset({"unlooked", "open", "blind"})


class Player(structs.Struct, frozen=True, gc=False):
    name: str
    status: str = "unlooked"  # unlooked | open | blind | folded | covered (R3.1, R7.2)
    paid: int = 0  # everything put in this hand, ante included
    hands: int = 1  # 2 while holding a retained hand and a new one unseen (R6.3)
    purse: int | None = None  # table money left (R1.3); None when players pay from their pockets

    @property
    def betting(self) -> bool:
        return self.status in BETTING

    @property
    def blind(self) -> bool:
        """Blind means has bet blind and not looked; an unlooked player counts as open (R6.1)."""
        return self.status == "blind"

    @property
    def blind_to_others(self) -> bool:
        """Blind as an opponent sees them: bet blind, or neither looked nor bet (R3.1), so that an open player may
        not see them, nor ask them for a show (R5.2, R13.3)."""
        return self.status in ("blind", "unlooked")


class Range(structs.Struct, frozen=True):
    """What a bet may be, and the rule that sets each end."""

    min: int
    max: int | None
    min_rule: str
    max_rule: str | None

    def said(self, money: Callable[[int], str]) -> str:
        """`2 or more`, `2`, `2–8`: the range in money as `money` writes it."""
        if self.max is None:
            return f"{money(self.min)} or more"
        if self.max == self.min:
            return money(self.min)
        return f"{money(self.min)}–{money(self.max)}"

    def json(self) -> dict[str, int | None]:
        """The range as `status --json` carries it: `{"min": 2, "max": null}`."""
        return {"min": self.min, "max": self.max}


class Offer(structs.Struct, frozen=True):
    """One move that may be made now: its verb, the money it may take (`range`) or what it costs (`cost`), and the
    players it may name. The verb's declaration says how it is phrased, shown in `status --json`, picked in random
    play and tried at its extremes (`games.verbs.Verb.offered_*`), so a new move needs nothing outside its game's
    package."""

    verb: str
    range: Range | None = None
    cost: int | None = None
    names: tuple[str, ...] = ()
    values: tuple[tuple[str, object], ...] = ()  # arguments the move is offered with (a blind bet's blind=True), or
    # what the table is told with it (a side show's `to`: whom the cards are shown to, R13.4)
    said: bool = True  # named where what may be done is listed (a cover is not, while a bet is in reach: R7.2)
    ranges: tuple[tuple[str, Range | None], ...] = ()  # a move of several amounts: each one's own range alone, by
    # its parameter (Three Card Poker's Ante and Pair Plus, R17.8), None where none fits; `range` the widest of them

    def range_of(self, name: str) -> Range | None:
        """The money the move's amount `name` may take alone: its own range where the move gives one, else
        `range`."""
        ranges = dict(self.ranges)
        return ranges.get(name, self.range)


def offers(*maybe: Offer | None) -> tuple[Offer, ...]:
    """The moves open now, in the order a "may" line names them: each game lists what it might offer, None for
    what it does not offer now."""
    return tuple(offer for offer in maybe if offer is not None)


def ranged(verb: str, allowed: Range | None, **fields: Any) -> Offer | None:
    """`verb` with the money it may take, if any amount is allowed."""
    return None if allowed is None else Offer(verb, allowed, **fields)


def widest(*ranges: Range | None) -> Range | None:
    """The least of `ranges`' least to the most of their most (None: no most), None where none is given."""
    given = [r for r in ranges if r is not None]
    if not given:
        return None
    low = min(given, key=lambda r: r.min)
    high = None if any(r.max is None for r in given) else max(given, key=lambda r: r.max or 0)  # each max a number here
    return Range(low.min, None if high is None else high.max, low.min_rule, None if high is None else high.max_rule)


def costing(verb: str, cost: int | None) -> Offer | None:
    """`verb` at its cost, if it may be made."""
    return None if cost is None else Offer(verb, cost=cost)


def naming(verb: str, names: tuple[str, ...], **fields: Any) -> Offer | None:
    """`verb` for any of `names`, if there are any (who may show, concede, be awarded the pot)."""
    return Offer(verb, names=tuple(names), **fields) if names else None


def showing(show: tuple[str, ...], concede: tuple[str, ...] = (), award: tuple[str, ...] = (),
            **fields: Any) -> tuple[Offer, ...]:
    """What a showdown offers the table: who may show, concede, and among whom the pot may be awarded."""
    return offers(naming("show", show, **fields), naming("concede", concede), naming("award", award))


class Legal(structs.Struct, frozen=True):
    """What may be done now: by `player` in betting, by the table at a showdown (`player` None); each move an
    `Offer`, in the order a "may" line names them."""

    player: str | None = None
    offers: tuple[Offer, ...] = ()

    def offer(self, verb: str, **values: object) -> Offer | None:
        """The move `verb` offered with exactly `values` (`offer("bet", blind=True)`: a blind bet), or None."""
        return next((o for o in self.offers if o.verb == verb and dict(o.values) == values), None)

    def may(self, verb: str) -> bool:
        """Whether `verb` is offered in any form."""
        return any(o.verb == verb for o in self.offers)

    def range(self, verb: str, **values: object) -> Range | None:
        """The money `verb` with `values` may take (a Hoyle call's all-in: `range("call")`), or None."""
        return next((o.range for o in self.offers if o.verb == verb and dict(o.values) == values and o.range), None)

    def cost(self, verb: str) -> int | None:
        """What `verb` costs (a see, a call), or None when it is not offered at a cost."""
        return next((o.cost for o in self.offers if o.verb == verb and o.cost is not None), None)

    def names(self, verb: str) -> tuple[str, ...]:
        """The players `verb` may name now (who may show, concede, be awarded the pot)."""
        return next((o.names for o in self.offers if o.verb == verb), ())

    def told(self, verb: str, key: str) -> object:
        """What the table is told with `verb` under `key` (a side show's `to`), or None."""
        return next((dict(o.values).get(key) for o in self.offers if o.verb == verb), None)


class Covered(structs.Struct, frozen=True, gc=False):
    """A covered pot (R7.2): frozen when `covered_by` put in all they had; `eligible` were in it then."""

    amount: int
    covered_by: str
    eligible: tuple[str, ...]


class Contest(structs.Struct, frozen=True):
    """A pot the cards decide: the holders show first; a challenger wins only when strictly better (R5.4, R7.3).

    At a see the seen player holds and the seer challenges; for a covered pot the winners of the
    pot after it hold and the coverer challenges; at an agreed showdown all hold and nobody challenges.
    """

    amount: int
    how: str  # see | showdown | cover
    holders: tuple[str, ...]
    challenger: str | None = None
    covered_by: str | None = None  # None: the last pot, the one betting went on in
    split_ties: bool = False  # a challenger equal to the best holder shares the pot rather than losing (R13.3)

    @property
    def contenders(self) -> tuple[str, ...]:
        return self.holders + ((self.challenger,) if self.challenger else ())


class PotResult(structs.Struct, frozen=True, gc=False):
    """How one pot was won: the last pot first, then each covered pot back to the oldest (R7.3)."""

    amount: int
    covered_by: str | None
    how: str  # folds | faceup | see | showdown | cover
    decided_by: str | None  # cards | concede | award; None when won by folds
    winnings: tuple[tuple[str, int], ...]
    holders: tuple[str, ...] = ()  # at a see, showdown or covered pot: who held it when decided ...
    challenger: str | None = None  # ... and who challenged them (the seer or coverer)


class Result(structs.Struct, frozen=True, gc=False):
    """How a hand ended and where its money went. Winnings plus carried equals the pot (R1.2)."""

    how: str  # folds | carried | faceup | see | showdown | cover (betting ended by a cover, R7.4)
    winnings: tuple[tuple[str, int], ...] = ()
    carried: int = 0
    retained_by: str | None = None
    decided_by: str | None = None  # cards | concede | award: how the last pot was decided at a see or showdown
    shuffle: bool = False  # won with a shown prial: shuffle before the next deal (R9.2)
    pots: tuple[PotResult, ...] = ()  # each pot won, in the order decided


class Shown(structs.Struct, frozen=True, gc=False):
    """A hand exposed at a see or showdown, as the ranking judged it (an `engine.ranking.Judged`)."""

    player: str
    judged: Judged  # as the game's ranking judged it


class Held(structs.Struct, frozen=True, gc=False):
    """A player's cards as seen in this deal, and where (`at the side show`): the one hand they hold (R8.10)."""

    player: str
    cards: tuple[int, ...]  # as named, kept three and discards alike
    where: str


class Hand(structs.Struct, frozen=True, gc=False):
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
    covered: tuple[Covered, ...] = ()  # covered pots, oldest first (R7.2); the pot holds them too
    contest: Contest | None = None  # the pot being decided, in the showdown phase
    decided: tuple[PotResult, ...] = ()  # the pots won so far
    shown: tuple[Shown, ...] = ()
    result: Result | None = None
    held: tuple[Held, ...] = ()  # each player's cards seen in this deal, and where (R8.10)

    @property
    def live_pot(self) -> int:
        """The pot betting goes into: everything in the middle but the covered pots."""
        return self.pot - sum([c.amount for c in self.covered]) if self.covered else self.pot

    @property
    def contenders(self) -> tuple[str, ...]:
        return self.contest.contenders if self.contest else ()

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
        return tuple([p for p in self.players if p.status in BETTING])


def deal(rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
         purses: dict[str, int] | None = None, ante: int | None = None) -> Hand:
    """A new hand with every seated player's ante in the pot (R2.3), carried money included (R6.2).

    With table stakes `purses` holds each player's table money before the ante (R1.3). `ante`: what each puts in
    where a game takes other money at the deal (a match's entry, R14.4); else the rules' ante.
    """
    ante = rules.ante if ante is None else ante
    if len(seats) < 2:
        raise Refused(f"a hand needs at least two seated players, not {len(seats)}", "R2.1")
    if dealer not in seats:
        raise BadInput(f"{dealer} is not seated")
    cut = seats.index(dealer) + 1
    order = seats[cut:] + seats[:cut]
    if retained_by not in order:
        retained_by = None  # the retained hand left with its player; the pot stays carried
    faceup = retained_by is not None and rules.retained_blind == "faceup"
    purse: dict[str, int | None] = dict.fromkeys(order) if rules.stakes == "pocket" else {name: (purses or {}).get(name, 0) for name in order}
    for name, money in purse.items():
        if money is not None and money < ante:
            raise Refused(f"{name} has {rules.money(money)} on the table, less than the ante of {rules.money(ante)}: "
                          f"{name} tops up or leaves before the deal", "R1.3")
    players = tuple(
        Player(name, "blind" if name == retained_by else "unlooked", ante,
               1 if faceup or name != retained_by else 2, None if (left := purse[name]) is None else left - ante)
        for name in order
    )
    return Hand(rules, players, dealer, carried_in + ante * len(players), carried_in, retained_by, faceup)


def held_by(hand: Hand, name: str) -> Held | None:
    """`name`'s cards as seen in this deal and where, or None while nobody has seen them (R8.10)."""
    for held in hand.held:
        if held.player == name:
            return held
    return None


def holding(hand: Hand, name: str, cards: tuple[int, ...], where: str) -> Hand:
    """The hand with `name`'s cards seen `where` (R8.10): every later record of their hand names the same cards."""
    return _evolve(hand, held=tuple([h for h in hand.held if h.player != name]) + (Held(name, tuple(cards), where),))


def hand_changed(hand: Hand, name: str) -> Hand:
    """The rules changed `name`'s hand (an exchange, R14.2; the hand kept of two, R6.3): the cards seen of the one
    they held no longer bind their next show (R8.10)."""
    if held_by(hand, name) is None:
        return hand
    return _evolve(hand, held=tuple([h for h in hand.held if h.player != name]))


def one_hand(hand: Hand, name: str, cards: tuple[int, ...]) -> None:
    """Bad input where `cards`, a record of `name`'s whole hand, are not the cards of theirs already seen in this
    deal: a player holds one hand (R8.10)."""
    held = held_by(hand, name)
    if held is None or sorted(held.cards) == sorted(cards):
        return
    from bragref.engine.cards import hand_text  # here: only a refusal writes cards

    raise BadInput(f"{name}'s hand was seen {held.where} as {hand_text(held.cards)}, not {hand_text(cards)}: a "
                   f"player holds one hand (R8.10)")


_SAME: Any = object()  # a field `with_player` is not told to change


def with_player(hand: Hand, index: int, *, status: str = _SAME, hands: int = _SAME, **changes: Any) -> tuple[Player, ...]:
    """The players after players[index] changes as the keywords say (`status="folded"`). A status and a number of
    hands, what moves change, are parameters of their own, named outright where they are changed: a change passed
    on through ** costs more than the rest of the change."""
    players = list(hand.players)
    player = players[index]
    if changes:
        if status is not _SAME:
            changes["status"] = status
        if hands is not _SAME:
            changes["hands"] = hands
        players[index] = _evolve(player, **changes)
    elif hands is _SAME:
        players[index] = _evolve(player) if status is _SAME else _evolve(player, status=status)
    elif status is _SAME:
        players[index] = _evolve(player, hands=hands)
    else:
        players[index] = _evolve(player, status=status, hands=hands)
    return tuple(players)


def paying(hand: Hand, index: int, amount: int, **changes: Any) -> tuple[Player, ...]:
    """The players after players[index] puts `amount` in, out of their table money if they have some (R1.3), and
    changes as `changes` say (`with_player`)."""
    players = list(hand.players)
    player = players[index]
    paid, purse = player.paid + amount, None if player.purse is None else player.purse - amount
    if not changes:
        players[index] = _evolve(player, paid=paid, purse=purse)
    elif len(changes) == 1 and "status" in changes:  # a bet's, named outright: through ** it costs more
        players[index] = _evolve(player, paid=paid, purse=purse, status=changes["status"])
    else:
        players[index] = _evolve(player, paid=paid, purse=purse, **changes)
    return tuple(players)


def credit(hand: Hand, name: str, amount: int) -> Hand:
    """A loan raises the borrower's table money, mid-hand too (R7.5); from the pocket, or out of the hand, no change."""
    index = next((i for i, p in enumerate(hand.players) if p.name == name), None)
    purse = None if index is None else hand.players[index].purse
    if index is None or purse is None:
        return hand
    return _evolve(hand, players=with_player(hand, index, purse=purse + amount))


def next_to_act(players: tuple[Player, ...], after: int) -> int:
    n = len(players)
    i = after % n if n else 0
    for _ in players:  # each after `after` in turn, round to `after` itself
        i += 1
        if i == n:
            i = 0
        if players[i].status in BETTING:
            return i
    raise AssertionError("no player is still betting")


def check_turn(hand: Hand, name: str, rule: str = "R2.5", what: str = "act", folded: str = "folded") -> int:
    """The index of `name`, refusing unless it is their turn to act in betting; `folded` is the game's word for a
    player out of the hand (Teen Patti's `packed`)."""
    phase = hand.phase
    if phase != "betting":
        if phase == "over":
            raise Refused("this hand is over: deal the next one", "R2.2")
        if phase == "showdown":
            raise Refused("betting is over: the hands are to be shown, conceded or awarded", "R5.4")
    acting, players = hand.to_act, hand.players
    index = acting if acting is not None and players[acting].name == name else hand.index(name)
    status = players[index].status
    if status not in BETTING:
        raise Refused(f"{name} has {folded if status == 'folded' else status} and takes no further part in this hand",
                      "R2.4")
    if index != acting:
        turn = hand.acting
        assert turn is not None, "betting with nobody to act"
        raise Refused(f"it is {turn.name}'s turn, not {name}'s: nobody may {what} out of turn", rule)
    return index


def _contest(hand: Hand) -> Contest:
    """The pot being decided: a hand in the showdown phase has one."""
    contest = hand.contest
    assert contest is not None, "a showdown without a pot to decide"
    return contest


def _check_contender(hand: Hand, name: str, verb: str) -> None:
    if hand.phase == "over":
        raise Refused(f"this hand is over, so there is nothing to {verb}: deal the next one", "R2.2")
    if hand.phase != "showdown":
        raise Refused(f"nobody has been seen and no showdown is agreed, so there is nothing to {verb}", "R5.4")
    contest = _contest(hand)
    if name not in contest.holders and not (contest.challenger and name == contest.challenger):  # `contenders`
        rule = {"see": "R5.4", "show": "R13.3", "showdown": "R6.5", "cover": "R7.3"}[contest.how]
        raise Refused(f"{name} is not in the showdown ({', '.join(hand.contenders)} are)", rule)


def concede(hand: Hand, name: str) -> Hand:
    """A player at a see, showdown or covered pot throws in without showing (R5.4, R7.3)."""
    _check_contender(hand, name, "concede")
    contest = _contest(hand)
    if name == contest.challenger:
        return _contest_won(hand, contest.holders, "concede")
    holders = tuple(h for h in contest.holders if h != name)
    if contest.challenger and not holders:
        return _contest_won(hand, (contest.challenger,), "concede")
    if not contest.challenger and len(holders) == 1:
        return _contest_won(hand, holders, "concede")
    return _decide(_evolve(hand, contest=_evolve(contest, holders=holders)))


def may_show(hand: Hand) -> tuple[str, ...]:
    """Who may show now: the holders first, then a challenger (R5.4, R7.3, R7.4); at a showdown anyone yet to (R6.5)."""
    if hand.phase != "showdown":
        return ()
    shown = [s.player for s in hand.shown]
    contest = _contest(hand)
    waiting = tuple([h for h in contest.holders if h not in shown]) if shown else tuple(contest.holders)
    if waiting or contest.challenger is None:
        return waiting
    return () if contest.challenger in shown else (contest.challenger,)


def show(hand: Hand, name: str, cards: tuple[int, ...], discards: tuple[int, ...],
         judge: Callable[[tuple[int, ...], tuple[int, ...]], Judged]) -> Hand:
    """`name` exposes their cards, which `judge` (the game's ranking's) reads; when every hand needed is shown, the
    cards decide (R5.4, R6.5, R7.3, R8)."""
    _check_contender(hand, name, "show")
    waiting = may_show(hand)
    if name not in waiting:
        if any(s.player == name for s in hand.shown):
            raise Refused(f"{name} has already shown", "R5.4")
        first = " and ".join(waiting)
        contest = _contest(hand)
        how = contest.how
        role = {"see": " was seen and", "show": " was asked for a show and",
                "cover": " won the pot after this one and"}[how]
        raise Refused(f"{first}{role} shows first; then {name} shows or concedes",
                      "R7.3" if contest.covered_by else "R13.3" if how == "show" else "R5.4")
    shown = _evolve(hand, shown=hand.shown + (Shown(name, judge(cards, discards)),))
    if len(waiting) > 1:
        return shown  # holders still to show: nothing is decided yet
    # `name` was the last waiting (`may_show`): the last holder, after whom the challenger shows if yet to (R5.4,
    # R7.3), or the challenger; so who may show now is known without asking again
    challenger = _contest(hand).challenger
    if challenger is not None and challenger != name and challenger not in [s.player for s in hand.shown]:
        return shown
    return _decided(shown)


def _decide(hand: Hand) -> Hand:
    """Once every contender has shown, the best hand takes the pot; until then, the hand as it is."""
    if may_show(hand):
        return hand
    return _decided(hand)


def _decided(hand: Hand) -> Hand:
    """The best hand shown takes the pot: every contender has shown (`_decide`)."""
    contest = _contest(hand)
    keys = {s.player: s.judged.key for s in hand.shown}  # the contenders' among them
    holders, challenger = contest.holders, contest.challenger
    best = max([keys[h] for h in holders])
    if challenger and keys[challenger] > best:  # the challenger loses ties (R5.4, R7.3, R8.6) ...
        return _contest_won(hand, (challenger,), "cards")
    winners = tuple([h for h in holders if keys[h] == best])  # equal best split (R6.5) ...
    if challenger and contest.split_ties and keys[challenger] == best:
        winners += (challenger,)  # ... the challenger too, where ties split (R13.3)
    return _contest_won(hand, winners, "cards")


def award(hand: Hand, names: tuple[str, ...]) -> Hand:
    """The table says who won, without cards; equal best hands split the pot (R6.5)."""
    if not names:
        raise BadInput("an award names who takes the pot: one player, or several who split it (R6.5)")
    for name in names:
        _check_contender(hand, name, "award")
    if len(set(names)) != len(names):
        raise BadInput("each winner is named once")
    contest = _contest(hand)
    if contest.challenger in names and len(names) > 1 and not contest.split_ties:
        raise Refused(f"{contest.challenger} wins alone or not at all: on equal hands the "
                      f"{ {'see': 'seer', 'show': 'asker'}.get(contest.how, 'coverer')} loses",
                      "R7.3" if contest.covered_by else "R13.3" if contest.how == "show" else "R5.4")
    return _contest_won(hand, names, "award")


def split(pot: int, winners: tuple[str, ...], order: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Equal shares; the odd units go one each to the winners first in turn order (R6.5)."""
    if len(winners) == 1:
        return ((winners[0], pot),)
    ranked = sorted(winners, key=order.index)
    share, odd = divmod(pot, len(ranked))
    return tuple((name, share + (1 if i < odd else 0)) for i, name in enumerate(ranked))


def _contest_won(hand: Hand, winners: tuple[str, ...], decided_by: str) -> Hand:
    contest = _contest(hand)
    order = tuple([p.name for p in hand.players]) if len(winners) > 1 else ()  # one winner takes it all (`split`)
    won = PotResult(contest.amount, contest.covered_by, contest.how, decided_by, split(contest.amount, winners, order),
                    contest.holders, contest.challenger)
    return _pot_won(hand, won, winners, None)  # the pot contested is decided


def pot_won(hand: Hand, won: PotResult, winners: tuple[str, ...]) -> Hand:
    """Record one pot won; then the covered pot before it is contested by its coverer and these winners (R7.3)."""
    return _pot_won(hand, won, winners, hand.contest)


def _pot_won(hand: Hand, won: PotResult, winners: tuple[str, ...], contest: Contest | None) -> Hand:
    """`pot_won`, the hand's pot being decided left as `contest` where no covered pot is contested next: `hand`'s
    own, or None where it was the pot just won (set in the same change of the hand as the rest)."""
    decided = hand.decided + (won,)
    if hand.covered:
        coverers = [c.covered_by for c in hand.covered]
        earlier = len(coverers) if won.covered_by is None else coverers.index(won.covered_by)
        if earlier:
            covered = hand.covered[earlier - 1]
            contest = Contest(covered.amount, "cover", winners, covered.covered_by, covered.covered_by)
            return _decide(_evolve(hand, phase="showdown", to_act=None, contest=contest, decided=decided))
    totals: dict[str, int] = {}  # every pot's winners, a share of nothing too
    for pot in decided:
        for name, amount in pot.winnings:
            totals[name] = totals.get(name, 0) + amount
    winnings = tuple([(p.name, totals[p.name]) for p in hand.players if totals.get(p.name)])
    judged = {s.player: s.judged for s in hand.shown}
    prial = any(judged[name].prial for name in totals if name in judged)  # a pot won with a shown prial
    result = Result(decided[0].how, winnings, decided_by=decided[0].decided_by, shuffle=prial, pots=decided)
    return _evolve(hand, phase="over", to_act=None, contest=contest, decided=decided, result=result)


DEPRECATED = {"evolve": ("bragref.structs.replace", _evolve)}  # names a game once read here, kept through protocol
# 1.x, each with the name to use instead (docs/adding-a-game.md, section 8)


def __getattr__(name: str) -> object:
    """A deprecated name, warning (`DeprecationWarning`) where a game reads it, naming what to use instead."""
    if name not in DEPRECATED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    instead, value = DEPRECATED[name]
    warnings.warn(f"bragref.engine.state.{name} is deprecated (kept through game protocol 1.x): use {instead}, the "
                  f"same function", DeprecationWarning, stacklevel=2)
    return value
