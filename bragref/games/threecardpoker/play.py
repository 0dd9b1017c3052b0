"""Three Card Poker's hand (R17): every player against the banker, nobody against each other. Wagers first, in turn
from the banker's left (an Ante, a Pair Plus, or both; or a pass); then each player with an Ante plays (a Play equal
to it) or folds; then the banker (where anyone played) and everyone still in show, and every wager is settled
against the bank: the Ante and Play by the two hands with the banker qualifying on `qualify`-high, the ante bonus
and the Pair Plus by the player's hand alone (R17.6).

The banker is the dealer (R17.1): the last of `players`. Each player's wagers are kept beside the players, in the
same order (`antes`, `pair_plus`, `plays`); `paid` is every wager put in, as the ledger pays them in (R17.7).
"""

from __future__ import annotations

import bragref.structs as structs

from bragref.engine import state
from bragref.engine.errors import Refused
from bragref.engine.state import (Hand, Legal, Offer, Range, Result, Shown, costing, offers, ranged, showing,
                                  widest)
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games.brag.betting import affordable
from bragref.games.threecardpoker.actions import Pass, Play, Wager
from bragref.games.threecardpoker.options import ANTE_BONUS, PAIR_PLUS, QUALIFY, paytable
from bragref.games.verbs import Fold, Show

PLAYERS = (2, 17)  # R17.1: 17 hands of three from 52 cards, the banker's included
PAID_CLASSES = ("straight flush", "three of a kind", "straight", "flush", "pair")  # the paytables' order (R17.6)


class Settled(structs.Struct, frozen=True):
    """One player's wagers settled against the bank (R17.6): what they got back (wagers returned and what they won
    on them), the wagers lost to the bank, and each wager's outcome in words."""

    name: str
    back: int
    lost: int
    won: int
    words: str


class PokerHand(Hand, frozen=True):
    """A hand of Three Card Poker: the stage (`wagers`, `decisions`, `show`, `over`), each player's Ante, Pair Plus
    and Play, and once settled each player's account with the bank."""

    stage: str = "wagers"
    antes: tuple[int, ...] = ()
    pair_plus: tuple[int, ...] = ()
    plays: tuple[int, ...] = ()
    settled: tuple[Settled, ...] = ()

    @property
    def banker(self) -> str:
        return self.dealer

    def wagers(self, name: str) -> tuple[int, int, int]:
        """`name`'s Ante, Pair Plus and Play this deal."""
        index = self.index(name)
        return self.antes[index], self.pair_plus[index], self.plays[index]


def deal(rules, seats: list[str], dealer: str, purses) -> PokerHand:
    """No ante (R17.1): everyone dealt in, the banker last; wagers begin on the banker's left (R17.2)."""
    if not PLAYERS[0] <= len(seats) <= PLAYERS[1]:
        raise Refused(f"three card poker is for 2 to 17 players, the banker among them, not {len(seats)}", "R17.1")
    hand = state.deal(rules, seats, dealer, 0, None, purses, ante=0)
    players = tuple(evolve(p, status="open") for p in hand.players)
    zeros = (0,) * len(players)
    fields = {name: getattr(hand, name) for name in Hand.__struct_fields__}
    return PokerHand(**{**fields, "players": players}, antes=zeros, pair_plus=zeros, plays=zeros)


def ranking(hand: PokerHand):
    from bragref.games.threecardpoker.ranking import poker_ranking  # here: wagering never builds the table

    return poker_ranking(QUALIFY.of(hand.rules))


# ---- the bank's limits (R17.8) ----------------------------------------------------------------


def exposure(rules, ante: int, pair_plus: int) -> int:
    """The most the bank could owe on an Ante and a Pair Plus (R17.8): the Ante and Play won with the top ante bonus,
    and the top Pair Plus pay."""
    return (2 + max(paytable(ANTE_BONUS, rules))) * ante + max(paytable(PAIR_PLUS, rules)) * pair_plus


def bank_room(hand: PokerHand) -> int | None:
    """What the banker's table money can still cover (R17.8), or None from the pocket (no limit)."""
    bank = hand.players[-1].purse
    if bank is None:
        return None
    rules = hand.rules
    return bank - sum(exposure(rules, a, p) for a, p in zip(hand.antes, hand.pair_plus, strict=False))


def wager_ranges(hand: PokerHand, player) -> tuple[Range | None, Range | None]:
    """The Ante's limits and the Pair Plus's, each wagered alone (R17.2): `min_bet`..`max_bet`, at table stakes
    within the player's table money and what the bank can still cover of that wager (R17.8); None where none fits."""
    rules = hand.rules
    allowed = Range(rules.first_bet_min, rules.max_bet, "R17.2", None if rules.max_bet is None else "R17.2")
    room = bank_room(hand)
    return (affordable(_covered(allowed, room, exposure(rules, 1, 0)), player),
            affordable(_covered(allowed, room, exposure(rules, 0, 1)), player))


def _covered(allowed: Range, room: int | None, each: int) -> Range | None:
    """`allowed` cut to what a bank with `room` left can cover of a wager that could cost it `each` a unit (R17.8)."""
    if room is None or not each:
        return allowed
    most = room // each
    if most < allowed.min:
        return None
    return allowed if allowed.max is not None and allowed.max <= most else Range(allowed.min, most, "R17.2", "R17.8")


def wager_offer(hand: PokerHand, player) -> Offer | None:
    """The wager, where an Ante or a Pair Plus fits (R17.8): each one's own range, and the widest of the two."""
    ante, pair_plus = wager_ranges(hand, player)
    return ranged("wager", widest(ante, pair_plus), ranges=(("ante", ante), ("pair_plus", pair_plus)))


# ---- what may be done ---------------------------------------------------------------------


def to_show(hand: PokerHand) -> tuple[str, ...]:
    """Who shows, and has not (R17.4): the banker where anyone played, and every player who played or holds a Pair
    Plus."""
    shown = {s.player for s in hand.shown}
    names = [p.name for p, play, pp in zip(hand.players, hand.plays, hand.pair_plus, strict=False)
             if p.status == "open" and (play or pp) and p.name != hand.banker]
    if any(hand.plays):
        names.append(hand.banker)
    return tuple(name for name in names if name not in shown)


def legal(hand: PokerHand) -> Legal:
    if hand.stage == "show":
        return Legal(offers=showing(to_show(hand)))
    player = hand.acting
    if player is None:
        return Legal()
    if hand.stage == "wagers":
        return Legal(player.name, offers(wager_offer(hand, player), Offer("pass")))
    ante = hand.antes[hand.to_act]
    return Legal(player.name, offers(costing("play", ante if player.purse is None or player.purse >= ante else None),
                                     Offer("fold")))


# ---- what each move does ------------------------------------------------------------------


def apply(hand: PokerHand, action) -> PokerHand:
    if hand.phase == "over":
        raise Refused("this hand is over: deal the next one", "R2.2")
    name = getattr(action, "player", None)
    if isinstance(action, (Wager, Pass, Play, Fold)) and name == hand.banker:
        raise Refused(f"{name} banks this deal, and the banker never wagers, passes, plays or folds", "R17.1")
    match action:
        case Wager() | Pass():
            index = _turn(hand, name, "wagers", "wager or pass", "R17.2")
            return _wagered(hand, index, action)
        case Play() | Fold():
            index = _turn(hand, name, "decisions", "play or fold", "R17.3")
            return _decided(hand, index, isinstance(action, Play))
        case Show(player=name, cards=cards, discards=discards):
            return _show(hand, name, cards, discards)
    raise TypeError(f"not an action: {action!r}")


def _turn(hand: PokerHand, name: str, stage: str, what: str, rule: str) -> int:
    """The index of `name`, refusing unless it is their turn at `stage`."""
    if hand.stage != stage:
        now = {"wagers": "the wagers come first, before the cards",
               "decisions": "the wagers are in: each player with an Ante plays or folds",
               "show": "the hands are shown now"}[hand.stage]
        raise Refused(f"no one may {what} now: {now}", rule)
    index = hand.index(name)
    if index != hand.to_act:
        raise Refused(f"it is {hand.acting.name}'s turn, not {name}'s: nobody may {what} out of turn", rule)
    return index


def _wagered(hand: PokerHand, index: int, action) -> PokerHand:
    if isinstance(action, Pass):
        players = state.with_player(hand, index, status="sitting-out")
        return _next(evolve(hand, players=players), index)
    rules, money, player = hand.rules, hand.rules.money, hand.players[index]
    ante, pair_plus = action.ante or 0, action.pair_plus or 0
    for amount, kind in ((ante, "an Ante"), (pair_plus, "a Pair Plus")):
        if amount and amount < rules.first_bet_min:
            raise Refused(f"{kind} is at least {money(rules.first_bet_min)}, not {money(amount)}", "R17.2")
        if amount and rules.max_bet is not None and amount > rules.max_bet:
            raise Refused(f"{kind} is at most {money(rules.max_bet)} (max-bet), not {money(amount)}", "R17.2")
    total = ante + pair_plus
    if player.purse is not None and total > player.purse:
        raise Refused(f"{player.name} has {money(player.purse)} on the table, not enough to wager {money(total)}: "
                      f"wager less, or pass", "R17.8")
    room = bank_room(hand)
    if room is not None and exposure(rules, ante, pair_plus) > room:
        raise Refused(f"the bank ({hand.banker}) could owe {money(exposure(rules, ante, pair_plus))} on this wager "
                      f"and can cover {money(max(room, 0))} more: wager less, or pass", "R17.8")
    players = state.paying(hand, index, total)
    hand = evolve(hand, players=players, pot=hand.pot + total, antes=_set(hand.antes, index, ante),
                  pair_plus=_set(hand.pair_plus, index, pair_plus))
    return _next(hand, index)


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]


def _next(hand: PokerHand, index: int) -> PokerHand:
    """The next player to wager; after the last, the first with an Ante to decide (R17.3), or the shows."""
    if hand.stage == "wagers" and index + 1 < len(hand.players) - 1:
        return evolve(hand, to_act=index + 1)
    deciding = [i for i in range(len(hand.players) - 1)
                if i > (index if hand.stage == "decisions" else -1) and hand.antes[i] and hand.players[i].status == "open"]
    if deciding:
        return evolve(hand, stage="decisions", to_act=deciding[0])
    hand = evolve(hand, stage="show", phase="showdown", to_act=None)
    return hand if to_show(hand) else _settle(hand)


def _decided(hand: PokerHand, index: int, plays: bool) -> PokerHand:
    player, money = hand.players[index], hand.rules.money
    if not plays:
        return _next(evolve(hand, players=state.with_player(hand, index, status="folded")), index)
    ante = hand.antes[index]
    if player.purse is not None and player.purse < ante:
        raise Refused(f"{player.name} has {money(player.purse)} on the table, less than the Play of {money(ante)}: "
                      f"{player.name} folds, or borrows where the table allows", "R17.8")
    hand = evolve(hand, players=state.paying(hand, index, ante), pot=hand.pot + ante,
                  plays=_set(hand.plays, index, ante))
    return _next(hand, index)


def _show(hand: PokerHand, name: str, cards, discards) -> PokerHand:
    if hand.stage != "show":
        raise Refused("the hands are shown after the wagers and the decisions", "R17.4")
    hand.index(name)
    waiting = to_show(hand)
    if name not in waiting:
        shown = any(s.player == name for s in hand.shown)
        raise Refused(f"{name} {'has already shown' if shown else 'has no hand to show'}: "
                      f"{', '.join(waiting)} to show", "R17.4")
    hand = evolve(hand, shown=hand.shown + (Shown(name, ranking(hand).judge(cards, discards)),))
    return _settle(hand) if not to_show(hand) else hand


# ---- settling against the bank ------------------------------------------------------------


def qualifies(hand: PokerHand) -> bool | None:
    """Whether the banker's hand qualifies (R17.6), once shown; else None."""
    judged = next((s.judged for s in hand.shown if s.player == hand.banker), None)
    return None if judged is None else ranking(hand).qualifies(judged)


def pays(table: tuple[int, ...], cls: str) -> int | None:
    """What a paytable pays, to 1, on a hand of class `cls`; None where it loses (R17.6)."""
    index = PAID_CLASSES.index(cls) if cls in PAID_CLASSES else len(table)
    return table[index] if index < len(table) else None


def settle_player(hand: PokerHand, index: int) -> Settled | None:
    """One player's wagers against the bank (R17.6), or None for one who passed."""
    player = hand.players[index]
    ante, pair_plus, play = hand.antes[index], hand.pair_plus[index], hand.plays[index]
    if player.status == "sitting-out":
        return None
    money = hand.rules.money
    if player.status == "folded":
        return Settled(player.name, 0, ante + pair_plus, 0, f"folded, losing {money(ante + pair_plus)}")
    judged = next(s.judged for s in hand.shown if s.player == player.name)
    back = lost = won = 0
    words = []
    if play:
        banker = next((s.judged for s in hand.shown if s.player == hand.banker), None)
        if not ranking(hand).qualifies(banker):
            back, won = 2 * ante + play, ante
            words.append("the banker does not qualify: the Ante wins 1 to 1, the Play is returned")
        elif judged.key > banker.key:
            back, won = 2 * (ante + play), ante + play
            words.append("beats the bank: the Ante and the Play win 1 to 1")
        elif judged.key == banker.key:
            back = ante + play
            words.append("equal to the bank's: the Ante and the Play are returned")
        else:
            lost = ante + play
            words.append("the bank's hand is better: the Ante and the Play are lost")
        bonus = pays(paytable(ANTE_BONUS, hand.rules), judged.cls)
        if bonus:
            back, won = back + bonus * ante, won + bonus * ante
            words.append(f"the ante bonus pays {bonus} to 1 on a {judged.cls}")
    if pair_plus:
        pay = pays(paytable(PAIR_PLUS, hand.rules), judged.cls)
        if pay is None:
            lost += pair_plus
            words.append("the Pair Plus is lost")
        else:
            back, won = back + (pay + 1) * pair_plus, won + pay * pair_plus
            words.append(f"the Pair Plus pays {pay} to 1")
    return Settled(player.name, back, lost, won, "; ".join(words))


def _settle(hand: PokerHand) -> PokerHand:
    settled = tuple(found for found in (settle_player(hand, i) for i in range(len(hand.players) - 1)) if found)
    winnings = tuple((s.name, s.back) for s in settled if s.back)
    lost = sum(s.lost for s in settled)
    result = Result("banked", winnings + (((hand.banker, lost),) if lost else ()))
    return evolve(hand, phase="over", stage="over", to_act=None, settled=settled, result=result)


def outcome(hand: PokerHand) -> list[tuple[str | None, str, int]]:
    """Each player's wagers in and what came back; the bank's winnings paid out and the wagers lost to it (R17.7)."""
    rows = [(p.name, "stake", -p.paid) for p in hand.players if p.paid]
    rows += [(s.name, "win", s.back) for s in hand.settled if s.back]
    paid_out, taken = sum(s.won for s in hand.settled), sum(s.lost for s in hand.settled)
    if paid_out:
        rows.append((hand.banker, "stake", -paid_out))
    if taken:
        rows.append((hand.banker, "win", taken))
    return rows
