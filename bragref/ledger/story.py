"""A hand told in words: how each pot was decided, with the cards and the rule (what a hand's last action, `status`
and `history` say), and the whole hand as a story for a dispute (`replay`, `Book.replay`): who dealt and anted,
every action and void, how it ended, the players by the names they have now (R2.6). Money in the session's (R1.1a)."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from bragref.engine.rules import Rules
from bragref.engine.state import Hand
from bragref.games import game_of, telling
from bragref.games.play import legal
from bragref.ledger.replay import MISDEALT, dealt, rules_of


def local_time(at: str) -> str:
    """A stored UTC time as the table's clock showed it: `2026-11-22 20:01:05 GMT`, no microseconds. The clock's
    minute is worked out once a minute (`_local_minute`: a whole session's `history` heads thousands of hands), its
    second added, where the local time differs from the stored one by whole minutes (every zone's, today). A time
    as bragref stores it (`2026-11-22T20:01:05.123456+00:00`) finds its minute by its text, not read again."""
    minute = _MINUTES.get(at[:16] + at[26:]) if len(at) == 32 and at[19] == "." else None
    if minute is not None:
        return f"{minute[0]}:{at[17:19]} {minute[1]}"
    when = datetime.fromisoformat(at)
    minute = _local_minute(when.replace(second=0, microsecond=0))
    if minute is None:
        return when.astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")
    if len(at) == 32 and at[19] == "." and at[26] in "+-":  # whole minutes: the same for its every second
        if len(_MINUTES) >= MINUTES_KEPT:
            _MINUTES.clear()
        _MINUTES[at[:16] + at[26:]] = minute
    clock, zone = minute
    return f"{clock}:{when.second:02} {zone}"


_MINUTES: dict[str, tuple[str, str]] = {}  # the minutes `local_time` has worked out, by their stored text
MINUTES_KEPT = 256


@lru_cache(maxsize=256)
def _local_minute(when: datetime) -> tuple[str, str] | None:
    """The local clock's `YYYY-MM-DD HH:MM` and zone at `when` (a whole minute), None where its offset is not whole
    minutes (a zone's local mean time, before 1900)."""
    local = when.astimezone()
    return None if local.second else (local.strftime("%Y-%m-%d %H:%M"), local.strftime("%Z"))


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
    paid = {p.name: p.paid for p in hand.players}
    if len(set(paid.values())) > 1:  # some put in more than others (a svara deal's boiling in, R16.7)
        groups = {amount: [called(name) for name, put in paid.items() if put == amount] for amount in paid.values()}
        text += "; ".join(f"{' and '.join(who)} put in {money(amount) if amount else 'nothing'}"
                          for amount, who in groups.items())
    elif put == hand.rules.ante != 0:
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
    """The hand's last sentence: who is to act where it is not over, else how it ended, as its game tells it."""
    money = hand.rules.money
    if hand.phase != "over":
        showing = " and ".join(called(name) for name in legal(hand).names("show"))
        who = f"{called(hand.acting.name)} to act" if hand.acting else f"{showing} to show or concede"
        pot = f", the pot {money(hand.pot)}" if hand.pot else ""  # none in a match for lives (R14.4)
        return f"The hand is not over: {who}{pot}."
    return telling.ended(game_of(hand.rules), hand, called)
