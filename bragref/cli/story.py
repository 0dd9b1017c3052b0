"""`replay` and `summary`: a hand told as a story for a dispute, and the night in a few lines for the group chat."""

from __future__ import annotations

import click

from bragref.cli import cell
from bragref.cli.hand import pots_words, reason
from bragref.cli.output import HAND_NUMBERS
from bragref.cli.reports import carried_kinds, in_play_notes, local_time, scope
from bragref.engine.state import Hand
from bragref.games import game_of
from bragref.games.play import legal
from bragref.ledger.store import CARRIED_POT, dealt


def story(ledger, session, number: int) -> list[str]:
    """Hand `number` of `session`, a sentence per thing that happened, each citing the rule that allowed or decided
    it; players by the names they have now (R2.6), money in the session's money (R1.1a)."""
    row = ledger.hand(session, number).row
    called = session.now_called
    hand = dealt(row)
    money = hand.rules.money
    lines = [opening(row, hand, called)]
    for step in ledger.steps(row):
        r, hand = step.row, step.after
        if step.loan:
            lines.append(f"{called(r['player'])} borrowed {money(r['amount'])} onto the table during the hand (R7.5).")
            continue
        why = f": {cell(r['reason'])!r}" if r["reason"] else ""
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


def opening(row, hand: Hand, called) -> str:
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
        text += f", and {money(hand.carried_in)} was carried in from the hand before ({game.carried(hand.rules).rule})"
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
        showing = " and ".join(called(name) for name in legal(hand).show)
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


@click.command(short_help="A hand told as a story, action by action, for a dispute.")
@click.argument("number", type=click.IntRange(1, HAND_NUMBERS))
@click.pass_obj
def replay(app, number: int) -> None:
    """Tell hand NUMBER for someone who was not there: who dealt and anted, every bet (blind or open, and what it
    made the stake), each look, the see and its price, each void and its reason, the cards shown and how each
    pot was decided, with the rule for each.

    \b
    Example:
      bragref replay 9
    """
    ledger = app.ledger()
    session = ledger.session(app.session)
    for line in story(ledger, session, number):
        click.echo(line)


@click.command(short_help="The night in a few lines, for the group chat.")
@click.option("--all", "all_sessions", is_flag=True, help="Every session in the ledger.")
@click.option("--fmt", type=click.Choice(["markdown", "text"]), default="text", show_default=True,
              help="Markdown for a chat that renders it, or plain text.")
@click.pass_obj
def summary(app, all_sessions: bool, fmt: str) -> None:
    """Hands played, the biggest pot, each player's net in the session's money, who pays whom in the fewest
    payments, and the ledger's digest (which `bragref audit --digest` checks later); and a hand still being played,
    if one is, with what is in its pot (the figures are the settled hands').

    \b
    Example:
      bragref summary --fmt markdown
    """
    ledger, sessions = scope(app, all_sessions)
    for line in summary_lines(ledger, sessions, fmt == "markdown"):
        click.echo(line)


def summary_lines(ledger, sessions, markdown: bool) -> list[str]:
    money = sessions[0].rules.money
    night = ledger.night(sessions)
    bold = (lambda text: f"**{text}**") if markdown else (lambda text: text)
    names = ", ".join(s.name for s in sessions)
    lines = [f"{bold(names)} · {night['hands']} hand{'s' if night['hands'] != 1 else ''} played"]
    big = night["biggest"]
    if big:
        where = f"hand {big['hand']}" + (f" of {big['session']}" if len(sessions) > 1 else "")
        lines.append(f"Biggest pot: {money(big['amount'])}, won by {' and '.join(big['winners'])} in {where}.")
    for won in ledger.matches_won(sessions):
        where = f" of {won['session']}" if len(sessions) > 1 else ""
        lines.append(f"Match {won['match']}{where} won by {won['winner']} in hand {won['hand']}: the kitty of "
                     f"{money(won['kitty'])} (R14.4).")
    rows = ledger.balances(sessions)

    def signed(units: int) -> str:
        return ("+" if units > 0 else "") + money(units)

    if markdown:
        lines += ["", "| player | net |", "| --- | ---: |"] + [f"| {r['player']} | {signed(r['net'])} |" for r in rows]
        lines.append("")
    else:
        width = max(len(r["player"]) for r in rows)
        lines += [f"  {r['player'].ljust(width)}  {signed(r['net']).rjust(10)}" for r in rows]
    payments = ledger.payments(sessions)
    settle = "; ".join(f"{p['from']} pays {p['to']} {money(p['amount'])}" for p in payments)
    lines.append(f"Settle up: {settle}." if payments else "Settle up: all square.")
    if any(ledger.on_table(sessions).values()):
        lines.append("(Hands at table stakes were paid from the table: their results are in each player's table "
                     "money, to cash out, R1.3. Settling up pays loans and hands from the pocket.)")
    kinds = list(carried_kinds(ledger, sessions))
    if any(p["to"] == CARRIED_POT for p in payments):
        lines.append(f"(The carried pot is money {kinds[0].why}, {kinds[0].rule}: it goes to {kinds[0].goes_to}.)"
                     if len(kinds) == 1 else "(The carried pot is money left in the middle for the next hand, R6.2, "
                     "or a match's kitty not yet won, R14.4.)")
    elif kinds:  # at table stakes: in the middle, in nobody's table money
        lines.append(f"(Left in the middle for {kinds[0].goes_to}: {money(ledger.carried(sessions))}, the "
                     f"{kinds[0].name}, {kinds[0].rule}.)" if len(kinds) == 1 else
                     f"(Left in the middle for whoever wins it: {money(ledger.carried(sessions))}, a carried pot, "
                     f"R6.2, or a match's kitty, R14.4.)")
    lines += [f"({note})" for note in in_play_notes(ledger, sessions)]
    digest = ledger.digest()
    lines.append(f"Ledger digest: {f'`{digest}`' if markdown else digest}")
    return lines


COMMANDS = [replay, summary]
