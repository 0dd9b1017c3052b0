"""`bragref season` and `bragref paid` (docs/reference.md, The season): the nights added up, and the settle-ups
recorded."""

from __future__ import annotations

import json
import os

import click

from bragref.cli.output import emit_csv, emit_json, emit_table
from bragref.told import payto_words


@click.command(short_help="Standings across nights: nights, hands, wins, net, best and worst.")
@click.option("--from", "first", metavar="DATE", help="The first night, YYYY-MM-DD (a session's local date).")
@click.option("--to", "last", metavar="DATE", help="The last night, YYYY-MM-DD, included.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (money in integer units).")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV (money in integer units).")
@click.option("--fmt", type=click.Choice(["text", "markdown"]), default="text", show_default=True,
              help="A plain table, or Markdown for a chat that renders it.")
@click.option("--chart", type=click.Path(dir_okay=False, writable=True, allow_dash=True), metavar="FILE.svg",
              help="Also write each player's cumulative result night by night as an SVG picture; `-`: the picture "
                   "alone to standard output.")
@click.option("--nights", "by_night", is_flag=True,
              help="A row per player per night instead (player, session, date, paid, won, net): for a spreadsheet.")
@click.pass_obj
def season(app, first: str | None, last: str | None, as_json: bool, as_csv: bool, fmt: str,
           chart: str | None, by_night: bool) -> None:
    """Standings over every session (a night each) from --from to --to: per player the nights played, hands dealt
    in and won, the season's net (settled hands; loans and payments apart), the best and worst night and the
    biggest pot won, best net first; one person under every spelling of their name (R2.6). Nights kept in
    different money are added up apart: a table per money, each row of JSON and CSV saying its money (R1.1); the
    chart draws the money most nights keep.

    \b
    Example:
      bragref season
      bragref season --from 2026-09-01 --csv > season.csv
      bragref season --nights --csv > nights.csv
      bragref season --chart season.svg
      bragref season --chart - | gzip > season.svgz
    """
    from bragref.cli.reports import money_tables
    from bragref.ledger.season import COLUMNS, NIGHT_COLUMNS

    if as_json and as_csv:
        raise click.UsageError("choose --json or --csv, not both")
    if chart == "-" and (as_json or as_csv or by_night or fmt != "text"):
        raise click.UsageError("--chart - writes only the picture, to standard output: not with --json, --csv, "
                               "--nights or --fmt (write the picture to a file to have both)")
    book = app.book()
    rows = book.season(first, last)
    style = "github" if fmt == "markdown" else "simple"
    if chart:
        from bragref.cli.exchange import write_atomically
        from bragref.told import season_svg

        charts = book.season_charts(first, last)  # one per money (R1.1): the one most nights keep is drawn (of as
        # many, the first kept), the nights kept in others left out
        drawn = max(charts, key=lambda each: len(each["nights"]), default=None) or book.season_chart(first, last)
        money = book.moneys()[drawn["money"]].money if drawn["money"] else str
        svg = season_svg(drawn, money)
        left = sum(len(each["nights"]) for each in charts) - len(drawn["nights"])
        if left:
            click.echo(f"The chart draws the {night_count(len(drawn['nights']))} kept in units of {drawn['money']}, "
                       f"leaving out the {night_count(left)} kept in other money (R1.1).", err=True)
        if chart == "-":
            click.echo(svg, nl=False)
            return
        write_atomically(chart, [svg], app.db, instead="`--chart -` writes it to standard output")
    if by_night:
        nights = book.nightly(first, last)
        if as_json:
            emit_json(nights)
        elif as_csv:
            emit_csv(nights, NIGHT_COLUMNS)
        for heading, _, rules, group in ([] if as_json or as_csv else money_tables(book, nights)):
            if heading:
                click.echo(heading)
            emit_table([{**{column: value for column, value in row.items() if column != "money"},
                         **{column: rules.money(row[column]) for column in ("paid", "won", "net")}} for row in group],
                       style)
        return
    plain = [{column: row[column] for column in COLUMNS} for row in rows]  # the contract's keys, in its order
    if as_json:
        emit_json(plain)
        return
    if as_csv:
        emit_csv(plain, COLUMNS)
        return
    if not rows:
        click.echo("No night in that range." if first or last else "No night recorded yet.")
        return
    for heading, _, rules, group in money_tables(book, rows):
        money = rules.money
        if heading:
            click.echo(heading)
        emit_table([{"player": r["player"], "nights": r["nights"], "hands": r["hands"], "won": r["won_hands"],
                     "net": money(r["net"]), "best": money(r["best"]), "worst": money(r["worst"]),
                     "biggest pot": money(r["biggest_pot"]),
                     "games": ", ".join(f"{game} {count}" for game, count in r["games"].items())} for r in group],
                   style)


def night_count(count: int) -> str:
    """`1 night`, `3 nights`."""
    return f"{count} night{'s' * (count != 1)}"


@click.command(short_help="A settle-up between two people, recorded (not a bet, not a loan).")
@click.argument("payer")
@click.argument("payee")
@click.argument("amount")
@click.option("--note", help="What it was for, for the record.")
@click.pass_obj
def paid(app, payer: str, payee: str, amount: str, note: str | None) -> None:
    """PAYER paid PAYEE AMOUNT to settle up: recorded in the ledger (chained, audited), in no session, between hands
    (refused during one, R1.2), after a session's close too. `settle --all` then says what is still owed and
    `balances --all` each player's paid-up and owed. AMOUNT is in the money of the sessions that made the debt;
    where PAYER owes PAYEE in several, in the session's (--session names one kept in the other). A payment larger
    than `settle --all` shows PAYER owing PAYEE is refused (R1.2); `undo` voids it while it is the ledger's last
    event.

    \b
    Example:
      bragref paid bill andy 5 --note "Friday"
    """
    payment = app.book().paid(payer, payee, amount, note)
    click.echo(f"Recorded: {payment.said()}")


@click.command(short_help="Play read from the chain: per player, and per dealer against the odds.")
@click.argument("player", required=False)
@click.option("--from", "first", metavar="DATE", help="The first night, YYYY-MM-DD (a session's local date).")
@click.option("--to", "last", metavar="DATE", help="The last night, YYYY-MM-DD, included.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (money in integer units).")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV: a row per player per game (money in integer units).")
@click.pass_obj
def stats(app, player: str | None, first: str | None, last: str | None, as_json: bool, as_csv: bool) -> None:
    """How each player played, read from the chained actions of every night from --from to --to: per player and
    game the hands dealt in, how many they looked at and bet blind in, folded before putting anything in, the sees
    they asked for, the showdowns and hands won, the net; the hand types they showed against their odds (R8's
    ranking, the game's pack); and per dealer, the hand types shown in the hands they dealt against what a fair
    deal makes, with the chance of at least that many, flagged below 1 in 100. Only hands that were shown count,
    and a flag is chance, not proof (docs/season.md). A player of the season with no hand in the range is a row at
    zero, last (the table's alone: the JSON and CSV rows are those dealt in). PLAYER: that person alone, as player
    and as dealer, named as now, by a unique prefix, or by a name they had before a rename (unless someone is
    called it now: then that one, R2.6); a player of the season with no hand in the range is their row at zero
    (JSON: no rows; CSV: the header alone); a name no player of the season has or had is refused, and so is a
    former name of two people.

    \b
    Example:
      bragref stats
      bragref stats dan --from 2026-09-01
      bragref stats --csv > play.csv
    """
    from bragref.ledger.stats import PLAYER_COLUMNS
    from bragref.ledger.stats import idle as none_dealt

    if as_json and as_csv:
        raise click.UsageError("choose --json or --csv, not both")
    book = app.book()
    found = book.stats(player, first, last)
    if as_json:
        emit_json(found)
        return
    if as_csv:
        emit_csv([{column: row[column] for column in PLAYER_COLUMNS} for row in found["players"]], PLAYER_COLUMNS)
        return
    everyone = book.cast()["players"] if player is None else [book.season_player(player)]
    idle = none_dealt(found["players"], everyone)  # the season's players (or the one asked for) with no hand in the
    # range: at zero, last, as the season page draws them
    if not found["players"] and not found["dealers"]:
        if player is not None:
            click.echo(f"{everyone[0]}: " + ("no hand in that range" if first or last else "no hand recorded yet")
                       + ", at zero.")
        elif not idle or not (first or last):
            click.echo("No hand in that range." if first or last else "No hand recorded yet.")
            return
        else:
            click.echo("No hand in that range: every player of the season at zero.")
    moneys = book.moneys()

    def share(part: int, whole: int) -> str:
        return f"{round(100 * part / whole)}%" if whole else ""

    def net(money: str | None, units: int):
        return moneys[money].money(units) if money in moneys else units

    money = found["players"][0]["money"] if found["players"] else next(iter(moneys), None)  # the page's zero's
    emit_table([{"player": r["player"], "game": r["game"], "hands": r["hands"],
                 "looked": share(r["looked"], r["hands"]), "blind": share(r["blind"], r["hands"]),
                 "folded early": r["folded_early"], "sees": r["sees"], "showdowns won": r["showdowns_won"],
                 "won": r["won_hands"], "net": net(r["money"], r["net"])} for r in found["players"]]
               + [{"player": name, "game": "no hands", "hands": 0, "looked": "", "blind": "", "folded early": 0,
                   "sees": 0, "showdowns won": 0, "won": 0, "net": net(money, 0)} for name in idle])
    if not found["players"] and not found["dealers"]:
        return
    shown = [{"player": r["player"], "game": r["game"], "hand type": s["class"], "shown": s["shown"],
              "of their shows": f"{100 * s['share']:.0f}%", "odds": f"{100 * s['odds']:.2f}%"}
             for r in found["players"] for s in r["shown"]]
    click.echo("")
    click.echo("Hand types shown, against their odds. " + found["shown_only"])
    if shown:
        emit_table(shown)
    click.echo("")
    click.echo("Dealers: the hand types shown in the hands each dealt, against what a fair deal makes, with the "
               "chance of at least that many.")
    for deal in found["dealers"]:
        above = [t for t in deal["types"] if t["shown"] > t["expected"]]
        said = (": cards change hands after the deal there, so a hand shown is not a hand dealt; not tested"
                if not deal["tested"] else ":" if above else ": no hand type shown more often than a fair deal makes")
        click.echo(f"{deal['dealer']} dealt {deal['hands']} hand{'s' * (deal['hands'] != 1)} of {deal['game']} "
                   f"({deal['dealt']} dealt in, {deal['shown']} shown){said}" + ("" if said == ":" else "."))
        for t in above:
            expected = f"{t['expected']:.1f}" if t["expected"] >= 0.1 else f"{t['expected']:.2g}"
            click.echo(f"  {t['class']}: {t['shown']} shown, {expected} expected, {t['one_in']}"
                       + ("  <- below 1 in 100" if t["flagged"] else ""))
    click.echo(found["chance_not_proof"])


@click.command("pay-to", short_help="How a player is paid: a UPI address, PayPal, Revolut, Monzo or a link.")
@click.argument("player")
@click.argument("handle", required=False)
@click.option("--remove", is_flag=True, help="Take PLAYER's handle away.")
@click.pass_obj
def pay_to(app, player: str, handle: str | None, remove: bool) -> None:
    """Record how PLAYER is paid, so that `settle` and `settle --all` write beside each payment to them the link that
    pays it, the amount filled in where the scheme takes one. HANDLE is upi:VPA (upi:ann@okbank; rupees only),
    paypal:NAME, revolut:NAME, monzo:NAME (pounds only), or an https:// link as the player gives it. Recorded in the
    ledger (chained, audited), in no session, at any time; a new handle replaces the old, --remove takes it away.
    The players' page never shows a handle.

    \b
    Example:
      bragref pay-to ann upi:ann@okbank
      bragref pay-to bill paypal:billsmith
      bragref pay-to bill --remove
    """
    if remove == (handle is not None):
        raise click.UsageError("give a HANDLE, or --remove to take PLAYER's away (not both)")
    click.echo(f"Recorded: {payto_words(*app.book().pay_to(player, handle))}")


@click.command("datasette-metadata", short_help="Datasette's metadata for the ledger: its canned queries.")
@click.option("--database", help="The name Datasette serves the ledger under. [its file's name, without .db]")
@click.pass_obj
def datasette_metadata(app, database: str | None) -> None:
    """Print the metadata that publishes the ledger with Datasette, with canned queries: standings, nights, the
    biggest pots, a player's record, the settle-ups, and play per player and prials per dealer (what `stats` counts
    that SQL can), every amount in its own session's money.

    \b
    Example:
      bragref datasette-metadata > metadata.json
      datasette serve --immutable ledger.db -m metadata.json
    """
    from bragref.ledger.published import metadata

    name = database or os.path.splitext(os.path.basename(app.existing()))[0]
    click.echo(json.dumps(metadata(name), indent=2))


COMMANDS = [season, paid, pay_to, stats, datasette_metadata]
