"""Sessions, seats and house rules: `where`, `session`, `player`, `rules`."""

from __future__ import annotations

import click

from bragref.answers import leave, set_rule
from bragref.cli import complete
from bragref.cli.options import rule_options
from bragref.cli.output import Output, output_options
from bragref.told import closed_words, describe_rules, renamed_words, seats_words, started_words


@click.command(short_help="Print the ledger file in use.")
@click.pass_obj
def where(app) -> None:
    """Print the path of the ledger file in use (it is made on first use).

    \b
    Example:
      bragref where
    """
    click.echo(str(app.db))


session = click.Group(
    "session",
    short_help="Make, list, choose, show and close sessions.",
    help="""A session is one evening's game: its players, seats and house rules.

    \b
    Example:
      bragref session new friday --players "Andy,Bill,Chris,Dan,Eddie" --ante 1
    """,
)


@session.command("new", short_help="Start a session and make it current.")
@click.argument("name")
@click.option("--players", required=True, help="Comma-separated names in clockwise seat order.")
@rule_options
@click.pass_obj
def session_new(app, name: str, players: str, game: str | None, preset: str | None, **rule_values) -> None:
    """Start a session NAME with its players in seat order and its house rules.

    \b
    Example:
      bragref session new friday --players "Andy,Bill,Chris" --ante 0.10 --unit 0.01 --currency £
    """
    names = [p.strip() for p in players.split(",") if p.strip()]
    click.echo(started_words(app.book(create=True).session_new(name, names, game, preset, **rule_values)))


@session.command("list", short_help="List the sessions in the ledger.")
@output_options
@click.pass_obj
def session_list(app, out: Output) -> None:
    """List every session with its number of hands, and whether it is closed (R9.1); the current one is marked.

    \b
    Example:
      bragref session list --json
    """
    from bragref.ledger.seats import SESSIONS

    rows = app.book().sessions()
    if out.data(rows, columns=SESSIONS):
        return
    if rows:
        out.table([{"": "*" if r["current"] else "", "session": r["session"], "hands": r["hands"],
                    "created": r["created"][:16].replace("T", " "), "closed": "yes" if r["closed"] else ""}
                   for r in rows])
    else:
        click.echo("No sessions yet: bragref session new NAME --players A,B,C")


@session.command("use", short_help="Make a session current.")
@click.argument("name", shell_complete=complete.sessions)
@click.pass_obj
def session_use(app, name: str) -> None:
    """Make the session NAME (a unique prefix is enough) the current one.

    \b
    Example:
      bragref session use fri
    """
    chosen = app.book().session_use(name)
    click.echo(f"Session {chosen.name} is current.")


@session.command("show", short_help="Show a session's seats and rules.")
@output_options
@click.pass_obj
def session_show(app, out: Output) -> None:
    """Show the session's players in seat order, its hands so far, and its house rules (CSV: the rules).

    \b
    Example:
      bragref session show
    """
    book = app.book()
    chosen = book.current_session()
    hands = len(book.hand_numbers())
    rows = describe_rules(chosen.rules)
    data = {"session": chosen.name, "players": chosen.seats, "hands": hands, "closed": chosen.closed,
            "rules": {r["rule"]: r["value"] for r in rows}, "session_id": chosen.identity}
    if out.data(data, rows):
        return
    closed = " Closed." if chosen.closed else ""
    click.echo(f"Session {chosen.name}: {hands} hand{'s' if hands != 1 else ''}. {seats_words(chosen.seats)}"
               f"{closed}")
    out.table(rows)


@session.command("close", short_help="Close the session and print the ledger's digest.")
@click.pass_obj
def session_close(app) -> None:
    """Close the session between hands: nothing more is recorded in it, an undo included (R9.1). At
    table stakes the money left on the table is cashed out first, each player's recorded with the
    close (R1.3). Prints the ledger's digest, the head of its hash chain, short enough to
    photograph or text to the table; `bragref audit --digest D` later proves the ledger still
    holds everything it held now (R9.1).

    \b
    Example:
      bragref session close
    """
    book = app.book()
    book.session_close()
    click.echo(closed_words(*book.last))


player = click.Group(
    "player",
    short_help="Seat, unseat or rename a player between hands.",
    help="""Players join, leave or change their name between hands only (R2.1, R2.6).

    \b
    Example:
      bragref player join Fred --after Bill
    """,
)


@player.command("join", short_help="Seat a player (between hands).")
@click.argument("name")
@click.option("--after", shell_complete=complete.players, help="Seat them on this player's left. Default: last.")
@click.pass_obj
def player_join(app, name: str, after: str | None) -> None:
    """Seat NAME at the table, clockwise after --after or at the end (R2.1).

    \b
    Example:
      bragref player join Fred --after Bill
    """
    chosen = app.book().join(name, after)
    click.echo(seats_words(chosen.seats))


@player.command("leave", short_help="Unseat a player (between hands).")
@click.argument("name", shell_complete=complete.players)
@click.pass_obj
def player_leave(app, name: str) -> None:
    """Unseat NAME (R2.1); their results stay in the ledger.

    \b
    Example:
      bragref player leave Fred
    """
    click.echo(leave(app.book(), name))


@player.command("rename", short_help="Give a seated player a new name (between hands).")
@click.argument("old", shell_complete=complete.players)
@click.argument("new")
@click.pass_obj
def player_rename(app, old: str, new: str) -> None:
    """OLD is called NEW from now on, in this session's history and reports too; the ledger keeps both names,
    and the rename is itself a recorded fact (R2.6, R9.1).

    \b
    Example:
      bragref player rename bill William
    """
    book = app.book()
    book.rename(old, new)
    click.echo(renamed_words(*book.last))


rules = click.Group(
    "rules",
    short_help="Show or change the house rules.",
    help="""The session's house rules; they change between hands only (R9.3).

    \b
    Example:
      bragref rules set see-cost equal
    """,
)


@rules.command("show", short_help="Show the house rules in force.")
@output_options
@click.pass_obj
def rules_show(app, out: Output) -> None:
    """Show the house rules for the next hand, with their rule numbers.

    \b
    Example:
      bragref rules show --json
    """
    chosen = app.book().current_session()
    rows = describe_rules(chosen.rules)
    if not out.data({r["rule"]: r["value"] for r in rows}, rows):
        out.table(rows)


@rules.command("set", short_help="Change one house rule (between hands).")
@click.argument("option", shell_complete=complete.rule_options)
@click.argument("value", shell_complete=complete.rule_values)
@click.pass_obj
def rules_set(app, option: str, value: str) -> None:
    """Set OPTION to VALUE from the next hand on (R9.3). Options as in `session new`. An option set to what it
    is already records nothing. While a pot is carried forward (R6.2) the stakes stay as they are, and the game
    changes only to one whose deal takes the pot in.

    \b
    Example:
      bragref rules set ante 2
    """
    click.echo(set_rule(app.book(), option, value))


COMMANDS = [where, session, player, rules]
