"""How a settled hand of the brag family is told, for `replay`, `history`, `status` and a hand's last line: who took
each pot and why, the cards shown and the rule that decided (R5.4, R6, R7.3, R11.4, R11.6), in each game's words
(`Game.say`, `end_rules`, `won_ways`). A game tells its own hands otherwise by overriding `Game.over_words` or
`Game.pot_reason` (`protocol.Telling`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bragref.engine.money import format_money
from bragref.engine.state import Hand, PotResult

if TYPE_CHECKING:
    from bragref.engine.ranking import Judged, Ranking
    from bragref.engine.rules import Rules
    from bragref.games.protocol import Game


def ended(game: Game, hand: Hand, called: Callable[[str], str] = str) -> str:
    """How a settled hand ended, in a sentence or two citing the rules: the game's own words where it has them
    (`Game.over_words`), else who took each pot and why."""
    money = hand.rules.money
    said = game.over_words(hand)
    if said:
        return said[0].upper() + said[1:]
    result = hand.result
    assert result is not None, "a settled hand has its result"
    if result.how == "carried":
        blind = result.retained_by
        assert blind is not None, "a pot carried has its blind player (R6.2)"
        return (f"Everyone folded to {called(blind)}, who had not looked: nobody took the pot, and its "
                f"{money(result.carried)} was carried into the next hand, {called(blind)} keeping the "
                f"blind hand (R6.2).")
    if hand.covered:
        text = f"The pots were settled newest first (R7.3): {pots_words(game, hand)}."
    elif len(result.pots) > 1:  # a main pot and side pots (R11.6)
        pots = pots_words(game, hand)
        text = f"{pots[0].upper()}{pots[1:]}."
    else:
        pot = result.pots[0]
        names = " and ".join(f"{called(n)} ({money(a)})" if len(pot.winnings) > 1 else called(n) for n, a in pot.winnings)
        text = f"{names} took the pot of {money(pot.amount)}: {game.pot_reason(pot, hand)}."
    if result.carried:
        text += f" {money(result.carried)} stays carried (R6.4)."
    if result.shuffle:
        prial = game.say("prial")
        text += f" It was won with a {prial}: the pack is shuffled before the next deal (R9.2)."
    return text


def reason(game: Game, pot: PotResult, hand: Hand) -> str:
    """Why a pot went where it did, in words a table can check: the cards each showed and the rule that decided
    (`equal hands (pair of kings): the seer loses (R5.4)`)."""
    how = pot.how
    if how == "folds" or how == "faceup":
        return SETTLED.get((game, how)) or _settled(game, how)
    if how == "showdown" and len(pot.holders) == 1:  # a raise beyond what anyone else had (R11.6)
        return f"nobody called it: it goes back to {pot.holders[0]} (R11.6)"
    where = SETTLED.get((game, how)) or _settled(game, how)
    decided_by = pot.decided_by
    if decided_by == "award":
        return f"{where}, as awarded by the table without cards"
    winnings = pot.winnings
    winners = [winnings[0][0]] if len(winnings) == 1 else [name for name, _ in winnings]
    if decided_by == "concede":
        gave_up = [name for name in pot.holders if name not in winners]
        if pot.challenger and pot.challenger not in winners:
            gave_up.append(pot.challenger)
        if gave_up:
            return f"{where}: {' and '.join(gave_up)} conceded without showing ({game.end_rules[how]})"
    judged = {}  # each hand shown, by its player (loops, not comprehensions: each of those is a call of its own)
    for shown in hand.shown:
        judged[shown.player] = shown.judged
    for name in winners:
        if name in judged:
            break
    else:  # a side pot whose every player conceded (R11.6): a tie
        split = (f"split between {' and '.join(winners)}" if len(winners) > 1 else
                 f"the eldest, {winners[0]}, takes it (R11.4, R10.3)")
        return f"{where}: everyone in it conceded, a tie: {split}"
    describe = described(game, hand)
    rule = game.end_rules[how]
    best = judged[winners[0]]
    if how == "showdown":  # every hand shown is told with the outcome (`shown_words`) or by its show
        if len(winners) > 1:
            return f"at the showdown ({rule}), equal best hands ({describe(best)}) split the pot"
        for name in pot.holders:
            if name in judged and name not in winners and judged[name].key == best.key:
                return f"at the showdown ({rule}), equal best hands ({describe(best)}): the eldest, {winners[0]}, " \
                       f"takes it (R11.4, R10.3)"
        return f"at the showdown ({rule}), {winners[0]} wins with {describe(best)}"
    loser: str | None
    for loser in pot.holders:  # the first who lost with their cards shown, the challenger last
        if loser not in winners and loser in judged:
            break
    else:
        loser = pot.challenger if pot.challenger not in winners and pot.challenger in judged else None
    other = judged[loser] if loser is not None else None
    if other is not None and other.key == best.key:
        return f"{where}, equal hands ({describe(best)}): the {ROLES.get(how)} loses ({rule}, {game.end_rules['cards']})"
    if len(winners) > 1:
        return f"{where}, equal hands ({describe(best)}) split the pot ({rule})"
    if other is None:
        return f"{where}, {winners[0]} ({describe(best)}) ({game.end_rules['cards']})"
    return f"{where}, {winners[0]} ({describe(best)}) beats {loser} ({describe(other)}) ({game.end_rules['cards']})"


ROLES = {"see": "seer", "show": "asker", "cover": "coverer"}  # who loses equal hands, by how the pot was won


def _settled(game: Game, how: str) -> str:
    """What `reason` says first of a pot won `how` in `game`, the same for every such pot: where it was won and the
    rule (`at the see (R5.4)`), or all of it for a pot won by folds. Said once for each game and way, as every hand
    that ends says one (its words are the game's declarations, `say`, `end_rules` and `won_ways`): `SETTLED`."""
    if how == "folds":
        said = f"everyone else {game.say('fold')}ed ({game.end_rules['folds']})"
    elif how == "faceup":
        said = "all folded against the face-up hand (R6.4)"
    else:
        said = f"{game.won_ways[how][1]} ({game.end_rules[how]})"
    if len(SETTLED) >= KEPT:
        SETTLED.clear()
    SETTLED[game, how] = said
    return said


SETTLED: dict[tuple[Game, str], str] = {}  # `_settled`'s words, by game and way: a few dozen


def pots_words(game: Game, hand: Hand) -> str:
    """Every pot of a settled hand that held money, each as `pot_words` tells it, in the result's order."""
    assert hand.result is not None, "a settled hand has its result"
    told = []
    for index, pot in enumerate(hand.result.pots):
        if pot.amount:
            told.append(pot_words(game, pot, hand, index))
    return "; ".join(told)


def pot_words(game: Game, pot: PotResult, hand: Hand, index: int) -> str:
    """`the pot covered by Dan (£12) to Andy — against its coverer (R7.3), Andy (pair of kings, …) beats Dan (…)`;
    without covers, the `index`th pot is the main pot or a side pot (R11.6)."""
    money = money_of(hand.rules)
    if pot.covered_by is not None:
        which = f"the pot covered by {pot.covered_by}"
    elif hand.covered:
        which = "the last pot"
    else:
        which = "the main pot" if index == 0 else f"side pot {index}"
    winnings = pot.winnings
    names = winnings[0][0] if len(winnings) == 1 else " and ".join([f"{name} {money(amount)}" for name, amount in winnings])
    return f"{which} ({money(pot.amount)}) to {names} — {game.pot_reason(pot, hand)}"


# Texts looked up, not worked out again: a whole session's history says the same amounts and the same kinds of hand
# over and over. Each keeps the last few thousand at most, then starts again; none outlives the process.

KEPT = 4096  # texts a `Looked` keeps at most


class Looked(dict[Any, str]):
    """Texts by the value each is made from (`made`), each made once, of the last `KEPT`."""

    def __init__(self, made: Callable[[Any], str]):
        super().__init__()
        self.made = made

    def __missing__(self, value: Any) -> str:
        if len(self) >= KEPT:
            self.clear()
        text = self[value] = self.made(value)
        return text


@lru_cache(maxsize=16)
def amounts(unit: str, currency: str) -> Looked:
    """Each amount in the money of `unit` and `currency` as `Rules.money` writes it, looked up by its units."""
    return Looked(lambda units: format_money(units, unit, currency))


def money_of(rules: Rules) -> Callable[[int], str]:
    """`rules.money`, looked up (`amounts`); for the rules asked about last (a session's hands share theirs), the
    same answer, not looked for again."""
    global MONEY
    last = MONEY
    if last[0] is rules:
        known: Callable[[int], str] = last[1]
        return known
    money = amounts(rules.unit, rules.currency).__getitem__
    MONEY = (rules, money)
    return money


MONEY: tuple[Any, ...] = (None, None)  # the rules `money_of` was asked about last, and its answer


def _card_text(card: int) -> str:
    from bragref.engine.cards import card_text  # loaded by what judges cards, not by every command that tells

    return card_text(card)


CARD_TEXTS = Looked(_card_text)  # each card's text (`cards.card_text`), looked up by the card


def described(game: Game, hand: Hand) -> Callable[[Judged], str]:
    """The words of each hand shown in `hand` (`Ranking.describe`, of the order `game` judges it by), looked up
    (`_described`): a hand shown is described where it won or lost a pot and again where the outcome lists the cards
    shown, and most hands are of a few hundred kinds. For the hand asked about last (each of its pots' reasons, then
    its hands shown), the same answer, not asked of the game again."""
    global WORDS
    last = WORDS
    if last[0] is hand and last[1] is game:
        known: Callable[[Judged], str] = last[2]
        return known
    ranking = game.hand_ranking(hand)
    words = DESCRIBED.get(ranking)
    if words is None:
        if len(DESCRIBED) >= 64:
            DESCRIBED.clear()
        words = DESCRIBED[ranking] = _described(ranking)
    WORDS = (hand, game, words)
    return words


DESCRIBED: dict[Any, Callable[[Judged], str]] = {}  # `described`'s words, by the order of hands (one per rule set)
WORDS: tuple[Any, ...] = (None, None, None)  # the hand `described` was asked about last, its game, and its answer


def _described(ranking: Ranking) -> Callable[[Judged], str]:
    """A hand's words by `ranking` (`ranking.describe`), looked up. Brag's order (`BragRanking.describe`, and its
    games' orders that word a natural order their own way, `_words`) describes a hand by its strength alone,
    `Judged.key3` (its natural order, its wild cards, its place): its words are looked up by that, a few hundred
    kinds; any other order's by the whole hand judged."""
    from bragref.engine.ranking import BragRanking

    kind = type(ranking)
    if kind.describe is not BragRanking.describe or kind.wild_in is not BragRanking.wild_in or \
            kind.place is not BragRanking.place:
        return Looked(ranking.describe).__getitem__
    by_strength: dict[int, str] = {}

    def looked(judged: Judged) -> str:
        said = by_strength.get(judged.key3)
        if said is None:
            if len(by_strength) >= KEPT:
                by_strength.clear()
            said = by_strength[judged.key3] = ranking.describe(judged)
        return said

    return looked
