"""`replay` and `summary`: a hand told as a story for a dispute, and the night in a few lines for the group chat."""

from __future__ import annotations

import click

from bragref.cli.output import HAND_NUMBERS
from bragref.cli.reports import in_play_notes, owed_over_every_night
from bragref.ledger.money import CARRIED_POT
from bragref.told import UNWON, owed_lines, paid_beside, signed as signed_in


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
    for line in app.book().replay(number):
        click.echo(line)


@click.command(short_help="The night in a few lines, for the group chat.")
@click.option("--all", "all_sessions", is_flag=True, help="Every session in the ledger.")
@click.option("--fmt", type=click.Choice(["markdown", "text"]), default="text", show_default=True,
              help="Markdown for a chat that renders it, or plain text.")
@click.pass_obj
def summary(app, all_sessions: bool, fmt: str) -> None:
    """Hands played, the biggest pot, each player's net in the session's money, who pays whom in the fewest
    payments (a settle-up recorded since, `paid`, said beside the payment it goes to, then what is still owed over
    every night), and the ledger's digest (which `bragref audit --digest` checks later); and a hand still being
    played, if one is, with what is in its pot (the figures are the settled hands').

    \b
    Example:
      bragref summary --fmt markdown
    """
    for line in summary_lines(app.book(), all_sessions, fmt == "markdown"):
        click.echo(line)


def summary_lines(book, all_sessions: bool, markdown: bool) -> list[str]:
    """The night (`all_sessions`: every night) in a few lines: its figures a block per money the sessions keep, each
    headed by its money where there are several (R1.1); then a hand still being played and the ledger's digest."""
    sessions = book.scope(all_sessions)
    from bragref.cli.output import md_escape

    said = md_escape if markdown else (lambda text: text)  # a name from the ledger, as Markdown prints it as itself
    bold = (lambda text: f"**{text}**") if markdown else (lambda text: text)
    moneys = book.moneys() if all_sessions else {None: sessions[0].rules}
    nights = {money: book.night(all_sessions, money) for money in moneys}
    played = sum(night["hands"] for night in nights.values())
    names = ", ".join(said(s.name) for s in sessions)
    lines = [f"{bold(names)} · {played} hand{'s' if played != 1 else ''} played"]
    rows, payments = book.balances(all_sessions), book.settle(all_sessions)
    standings = book.season() if all_sessions else []
    for money, rules in moneys.items():
        if len(moneys) > 1:
            lines.append(f"In units of {money}:")
        lines += money_lines(book, all_sessions, money, rules.money, nights[money],
                             *([r for r in each if money is None or r["money"] == money]
                               for each in (rows, payments, standings)), markdown)
    lines += [f"({note})" for note in in_play_notes(book, all_sessions)]
    digest = book.digest()
    lines.append(f"Ledger digest: {f'`{digest}`' if markdown else digest}")
    return lines


def money_lines(book, all_sessions: bool, kept: str | None, money, night: dict, rows: list[dict],
                payments: list[dict], standings: list[dict], markdown: bool) -> list[str]:
    """`summary_lines`' figures of the sessions kept in money `kept` (None: the session's), whose amounts `money`
    writes: the biggest pot, the bank's deals, the matches won, each player's result, the season's leader and who
    pays whom."""
    from bragref.cli.output import md_escape

    said = md_escape if markdown else (lambda text: text)
    several = len(book.scope(all_sessions)) > 1
    lines = []
    big = night["biggest"]
    if big:
        where = f"hand {big['hand']}" + (f" of {said(big['session'])}" if several else "")
        lines.append(f"Biggest pot: {money(big['amount'])}, won by {' and '.join(map(said, big['winners']))} in "
                     f"{where}.")
    bank = night["bank"]
    if bank:  # a banked game has no pot to name (R17.7): what the bank and the players won instead
        deals = f"{bank['deals']} deal{'s' if bank['deals'] != 1 else ''} against the bank"
        net = bank["net"]
        lines.append(f"{deals}: the bank won {money(net)} of the players." if net > 0 else
                     f"{deals}: the players won {money(-net)} of the bank." if net < 0 else f"{deals}: the bank broke "
                     f"even.")
    for won in book.matches_won(all_sessions, kept):
        where = f" of {said(won['session'])}" if several else ""
        lines.append(f"Match {won['match']}{where} won by {said(won['winner'])} in hand {won['hand']}: the kitty of "
                     f"{money(won['kitty'])} (R14.4).")

    def signed(units: int) -> str:  # a loss with a minus sign joined to its amount, as the pages write it: a chat
        return signed_in(units, money)  # breaks no line after it, as it may after a hyphen

    def owed(r) -> str:  # loans apart from the night's result: a loan still owed is no win or loss (R7.5)
        return "" if not r["loans"] else f"owed {money(r['loans'])}" if r["loans"] > 0 else f"owes {money(-r['loans'])}"

    with_loans = any(r["loans"] for r in rows)
    if markdown:
        head, rule = ("| player | result | loans |", "| --- | ---: | --- |") if with_loans else ("| player | net |",
                                                                                                "| --- | ---: |")
        lines += ["", head, rule] + [f"| {said(r['player'])} | {signed(r['result'])} |"
                                     + (f" {owed(r)} |" if with_loans else "") for r in rows]
        lines.append("")
    else:
        width = max(len(r["player"]) for r in rows)
        lines += [f"  {r['player'].ljust(width)}  {aligned(signed(r['result']), 10)}"
                  + (f"  {owed(r)}" if owed(r) else "") for r in rows]
    if standings:  # the season's leader (docs/reference.md, The season)
        leader = standings[0]
        nights = f"{leader['nights']} night{'s' if leader['nights'] != 1 else ''}"
        lines.append(f"Season leader: {said(leader['player'])}, {signed(leader['net'])} over {nights} "
                     f"(`bragref season`).")
    paid = [] if all_sessions else book.paid_since()  # the night's: what of it was paid since, said beside it
    settle = "; ".join(f"{said(p['from'])} pays {said(p['to'])} {money(p['amount'])}{paid_beside(p, paid, money)}"
                       for p in payments)
    still = [] if all_sessions else owed_lines(payments, owed_over_every_night(book, book.scope()[0].rules),
                                               book.scope()[0].rules.money, paid)
    lines.append(f"Settle up: {settle}." if payments else "Settle up: this night is square." if still else
                 "Settle up: all square.")
    if still:  # `paid` belongs to no session (R1.2): the night's figures stand, and what is still owed over every
        lines.append(said(still[-1]))  # night is said where it is not the night's alone
    if any(book.on_table(all_sessions, kept).values()):
        lines.append("(Hands at table stakes were paid from the table: their results are in each player's table "
                     "money, to cash out, R1.3. Settling up pays loans and hands from the pocket.)")
    carried = book.carried(all_sessions, kept)
    kinds = list(carried)
    if any(p["to"] == CARRIED_POT for p in payments):
        goes = UNWON if not all_sessions and book.current_session().closed else f"it goes to {kinds[0].goes_to}"
        lines.append(f"(The carried pot is money {kinds[0].why}, {kinds[0].rule}: {goes}.)"
                     if len(kinds) == 1 else "(The carried pot is money left in the middle for the next hand, R6.2, "
                     "or a match's kitty not yet won, R14.4.)")
    elif kinds:  # at table stakes: in the middle, in nobody's table money
        lines.append(f"(Left in the middle for {kinds[0].goes_to}: {money(sum(carried.values()))}, the "
                     f"{kinds[0].name}, {kinds[0].rule}.)" if len(kinds) == 1 else
                     f"(Left in the middle for whoever wins it: {money(sum(carried.values()))}, a carried pot, "
                     f"R6.2, or a match's kitty, R14.4.)")
    return lines


def aligned(text: str, width: int) -> str:
    """`text` right-aligned in `width` columns, a word joiner (`told.unbroken`) taking none."""
    return text.rjust(width + text.count("\u2060"))


COMMANDS = [replay, summary]
