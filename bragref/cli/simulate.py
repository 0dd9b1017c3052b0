"""`bragref simulate`: random legal games into the ledger, to try the tool or build a large ledger."""

from __future__ import annotations

import click

from bragref.cli.options import rule_options
from bragref.cli.output import progress
from bragref.engine.names import check_name


@click.command(short_help="Play random legal hands into a new session.")
@click.option("--hands", type=click.IntRange(1), default=100, show_default=True, help="How many hands.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed and rules play the same games.")
@click.option("--players", default="Andy,Bill,Chris,Dan", show_default=True, help="Comma-separated, in seat order.")
@click.option("--name", help="The new session's name. Default: sim-SEED.")
@rule_options
@click.pass_obj
def simulate(app, hands: int, seed: int, players: str, name: str | None, game: str | None, preset: str | None,
             **rule_values) -> None:
    """Play HANDS random legal hands into a new session, as the rules allow: blind play, sees,
    showdowns, covers and retained hands, loans with --short-money borrow or both, top-ups at
    --stakes table. Every action goes through the engine and the ledger like a typed one, so
    `history`, `balances`, `settle` and `audit` work on the result.

    \b
    Example:
      bragref simulate --hands 200 --seed 7
      bragref --db big.db simulate --hands 100000 --short-money both
    """
    seats = [check_name(p) for p in players.split(",") if p.strip()]
    session_name = check_name(name or f"sim-{seed}")
    book = app.book(create=True)
    with progress(hands, f"Simulating {session_name}") as advance:
        session = book.simulate(session_name, seats, hands, seed, game, preset, advance, **rule_values)
    actions = book.action_count()
    click.echo(f"Session {session.name} is current: {hands} hand{'s' if hands != 1 else ''}, {actions} "
               f"action{'s' if actions != 1 else ''}. "
               f"Try `bragref history 1`, `bragref balances`, `bragref audit`.")


COMMANDS = [simulate]
