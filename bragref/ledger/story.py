"""A hand told in words: how each pot was decided, with the cards and the rule (what a hand's last action, `status`
and `history` say), and the whole hand as a story for a dispute (`replay`, `Book.replay`): who dealt and anted,
every action and void, how it ended, the players by the names they have now (R2.6). Money in the session's (R1.1a)."""

from __future__ import annotations

from datetime import datetime

from bragref.engine.rules import Rules
from bragref.engine.state import Hand
from bragref.games import game_of, hand_ranking
from bragref.games.play import legal
from bragref.ledger.replay import MISDEALT, dealt, rules_of


def local_time(at: str) -> str:
    """A stored UTC time as the table's clock showed it: `2026-11-22 20:01:05 GMT`, no microseconds."""
    return datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")


def story(ledger, session, number: int) -> list[str]:
    """Hand `number` of `session`, a sentence per thing that happened, each citing the rule that allowed or decided
    it; players by the names they have now (R2.6), money in the session's money (R1.1a)."""
    row = ledger.hand(session, number).row
    called = session.now_called
    hand = dealt(row)
    money = hand.rules.money
    before = ledger.conn.execute(f"SELECT rules FROM hands h WHERE session_id = ? AND number < ? AND NOT {MISDEALT}"
                                 " ORDER BY number DESC LIMIT 1", (session.id, number)).fetchone() \
        if hand.carried_in else None
    lines = [opening(row, hand, called, rules_of(before[0]) if before else None)]
    for step in ledger.steps(row):
        r, hand = step.row, step.after
        if step.loan:
            lines.append(f"{called(r['player'])} borrowed {money(r['amount'])} onto the table during the hand (R7.5).")
            continue
        why = f": {r['reason']!r}" if r["reason"] else ""  # repr: escaped, as typed
        if step.misdeal:
            lines.append(f"{step.seq}. The deal was voided as a misdeal{why} (R9.1): the antes went back, and the same "
                         f"dealer deals again.")
            return lines  # the hand never happened: nothing is to act in it, nothing was won
        elif r["verb"] == "void":
            lines.append(f"{step.seq}. Action {step.voids} was voided{why} (R9.1): the hand goes on as if it had not "
                         f"happened.")
        elif step.voided_by is not None:
            lines.append(f"{step.seq}. {step.action.told(step.before, None, called)} (Voided below.)")
        else:
            lines.append(f"{step.seq}. {step.action.told(step.before, step.after, called)}")
    lines.append(ending(hand, called))
    return lines


def opening(row, hand: Hand, called, before: Rules | None = None) -> str:
    """Who dealt, what each put in and what was carried in (as the hand before, under `before`, its rules, left it:
    a match's kitty when play turned from lives to money, R14.4), and who acted first."""
    money, game = hand.rules.money, game_of(hand.rules)
    names = [called(p.name) for p in hand.players]
    text = f"Hand {row['number']} was dealt by {called(hand.dealer)} at {local_time(row['dealt_at'])}. "
    put = (hand.pot - hand.carried_in) // len(hand.players)  # the ante, or what the game took instead (R14.4)
    if put == hand.rules.ante != 0:
        text += f"{', '.join(names[:-1])} and {names[-1]} each put in the {game.say('ante')} of {money(put)} (R2.3)"
    elif put:
        text += f"{', '.join(names[:-1])} and {names[-1]} each put in {money(put)}"
    else:
        text += f"There was no {game.say('ante')} (R2.3)"
    if hand.carried_in:
        kind = game_of(before).carried(before) if before is not None else game.carried(hand.rules)
        text += f", and {money(hand.carried_in)} was carried in from the hand before, its {kind.name} ({kind.rule})"
    first = hand.acting.name if hand.acting else hand.dealer
    if first == hand.dealer:
        text += f": the pot started at {money(hand.pot)}. {called(first)}, the dealer, put up the stake first (R11.1)."
    else:
        text += f": the pot started at {money(hand.pot)}. {called(first)}, on the dealer's left, acted first (R2.4)."
    if hand.retained_by:
        kept = ("a face-up second hand, so everyone else played open (R6.4)" if hand.faceup
                else "the retained blind hand and a new one (R6.3)")
        text += f" {called(hand.retained_by)} held {kept}."
    return f"{text} {game.dealt_words(hand)}".rstrip()


def ending(hand: Hand, called) -> str:
    money = hand.rules.money
    if hand.phase != "over":
        showing = " and ".join(called(name) for name in legal(hand).names("show"))
        who = f"{called(hand.acting.name)} to act" if hand.acting else f"{showing} to show or concede"
        pot = f", the pot {money(hand.pot)}" if hand.pot else ""  # none in a match for lives (R14.4)
        return f"The hand is not over: {who}{pot}."
    said = game_of(hand.rules).over_words(hand)
    if said:
        return said[0].upper() + said[1:]
    result = hand.result
    if result.how == "carried":
        return (f"Everyone folded to {called(result.retained_by)}, who had not looked: nobody took the pot, and its "
                f"{money(result.carried)} was carried into the next hand, {called(result.retained_by)} keeping the "
                f"blind hand (R6.2).")
    if hand.covered:
        text = f"The pots were settled newest first (R7.3): {pots_words(hand)}."
    elif len(result.pots) > 1:  # a main pot and side pots (R11.6)
        pots = pots_words(hand)
        text = f"{pots[0].upper()}{pots[1:]}."
    else:
        pot = result.pots[0]
        names = " and ".join(f"{called(n)} ({money(a)})" if len(pot.winnings) > 1 else called(n) for n, a in pot.winnings)
        text = f"{names} took the pot of {money(pot.amount)}: {reason(pot, hand)}."
    if result.carried:
        text += f" {money(result.carried)} stays carried (R6.4)."
    if result.shuffle:
        prial = game_of(hand.rules).say("prial")
        text += f" It was won with a {prial}: the pack is shuffled before the next deal (R9.2)."
    return text


def reason(pot, hand: Hand) -> str:
    """Why a pot went where it did, in words a table can check: the cards each showed and the rule that decided
    (`equal hands (pair of kings): the seer loses (R5.4)`)."""
    game = game_of(hand.rules)
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
    describe = hand_ranking(hand).describe
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


def pots_words(hand: Hand) -> str:
    """Every pot of a settled hand that held money, each as `pot_words` tells it, in the result's order."""
    return "; ".join(pot_words(pot, hand, index) for index, pot in enumerate(hand.result.pots) if pot.amount)


def pot_words(pot, hand: Hand, index: int) -> str:
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
    return f"{which} ({money(pot.amount)}) to {names} — {reason(pot, hand)}"
