"""Table stakes (R1.3): `buy-in`, `top-up` and `cash-out`, between hands only."""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.told import purse_words


def _purse_command(kind: str, short_help: str, doc: str, example: str, amount_required: bool = True):
    @click.command(kind, short_help=short_help, help=f"{doc}\n\n\b\nExample:\n  bragref {kind} {example}")
    @click.argument("player", shell_complete=complete.players)
    @click.argument("amount", required=amount_required)
    @click.pass_obj
    def command(app, player: str, amount: str | None) -> None:
        book = app.book()
        book.purse(kind, player, amount)
        click.echo(purse_words(kind, *book.last))

    return command


buy_in = _purse_command(
    "buy-in", "Put a player's first money on the table.",
    "PLAYER puts AMOUNT on the table, under table stakes (R1.3); between hands only.", "andy 10")
top_up = _purse_command(
    "top-up", "Add to a player's table money, between hands.",
    "PLAYER adds AMOUNT to their table money; never during a hand (R1.3).", "andy 5")
cash_out = _purse_command(
    "cash-out", "Take money off the table, between hands.",
    "PLAYER takes AMOUNT (default: all of it) off the table, between hands (R1.3).", "andy", amount_required=False)

COMMANDS = [buy_in, top_up, cash_out]
