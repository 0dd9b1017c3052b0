"""How a settled hand of the brag family is told, for `replay`, `history`, `status` and a hand's last line: who took
each pot and why, the cards shown and the rule that decided (R5.4, R6, R7.3, R11.4, R11.6), in each game's words
(`Game.say`, `end_rules`, `won_ways`). A game tells its own hands otherwise by overriding `Game.over_words` or
`Game.pot_reason` (`protocol.Telling`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bragref.engine.state import Hand, PotResult

if TYPE_CHECKING:
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
    if pot.how == "folds":
        return f"everyone else {game.say('fold')}ed ({game.end_rules['folds']})"
    if pot.how == "faceup":
        return "all folded against the face-up hand (R6.4)"
    winners = [name for name, _ in pot.winnings]
    if pot.how == "showdown" and len(pot.holders) == 1:  # a raise beyond what anyone else had (R11.6)
        return f"nobody called it: it goes back to {pot.holders[0]} (R11.6)"
    rule = game.end_rules[pot.how]
    where = f"{game.won_ways[pot.how][1]} ({rule})"
    role = {"see": "seer", "show": "asker", "cover": "coverer"}.get(pot.how)
    if pot.decided_by == "award":
        return f"{where}, as awarded by the table without cards"
    gave_up = [name for name in (*pot.holders, *([pot.challenger] if pot.challenger else [])) if name not in winners]
    if pot.decided_by == "concede" and gave_up:
        return f"{where}: {' and '.join(gave_up)} conceded without showing ({rule})"
    judged = {s.player: s.judged for s in hand.shown}
    if not any(name in judged for name in winners):  # a side pot whose every player conceded (R11.6): a tie
        split = (f"split between {' and '.join(winners)}" if len(winners) > 1 else
                 f"the eldest, {winners[0]}, takes it (R11.4, R10.3)")
        return f"{where}: everyone in it conceded, a tie: {split}"
    describe = game.hand_ranking(hand).describe
    best = judged[winners[0]]
    if pot.how == "showdown":  # every hand shown is told with the outcome (`shown_words`) or by its show
        if len(winners) > 1:
            return f"at the showdown ({rule}), equal best hands ({describe(best)}) split the pot"
        if any(judged[name].key == best.key for name in pot.holders if name in judged and name not in winners):
            return f"at the showdown ({rule}), equal best hands ({describe(best)}): the eldest, {winners[0]}, takes it " \
                   f"(R11.4, R10.3)"
        return f"at the showdown ({rule}), {winners[0]} wins with {describe(best)}"
    losers = [name for name in (*pot.holders, pot.challenger) if name not in winners and name in judged]
    other = judged[losers[0]] if losers else None
    if other is not None and other.key == best.key:
        return f"{where}, equal hands ({describe(best)}): the {role} loses ({rule}, {game.end_rules['cards']})"
    if len(winners) > 1:
        return f"{where}, equal hands ({describe(best)}) split the pot ({rule})"
    beaten = f" beats {losers[0]} ({describe(other)})" if other is not None else ""
    return f"{where}, {winners[0]} ({describe(best)}){beaten} ({game.end_rules['cards']})"


def pots_words(game: Game, hand: Hand) -> str:
    """Every pot of a settled hand that held money, each as `pot_words` tells it, in the result's order."""
    assert hand.result is not None, "a settled hand has its result"
    return "; ".join(pot_words(game, pot, hand, index) for index, pot in enumerate(hand.result.pots) if pot.amount)


def pot_words(game: Game, pot: PotResult, hand: Hand, index: int) -> str:
    """`the pot covered by Dan (£12) to Andy — against its coverer (R7.3), Andy (pair of kings, …) beats Dan (…)`;
    without covers, the `index`th pot is the main pot or a side pot (R11.6)."""
    money = hand.rules.money
    if pot.covered_by is not None:
        which = f"the pot covered by {pot.covered_by}"
    elif hand.covered:
        which = "the last pot"
    else:
        which = "the main pot" if index == 0 else f"side pot {index}"
    names = " and ".join(f"{name} {money(amount)}" if len(pot.winnings) > 1 else name for name, amount in pot.winnings)
    return f"{which} ({money(pot.amount)}) to {names} — {game.pot_reason(pot, hand)}"
