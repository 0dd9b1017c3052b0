"""Loans (R7.5): `lend` and `repay`, at any moment; they are not turns."""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.told import lent_words, repaid_words


@click.command(short_help="Record a loan to a seated player.")
@click.argument("lender", shell_complete=complete.players)
@click.argument("borrower", shell_complete=complete.players)
@click.argument("amount")
@click.option("--bystander", is_flag=True, help="The lender is not at the table; they are named as given.")
@click.pass_obj
def lend(app, lender: str, borrower: str, amount: str, bystander: bool) -> None:
    """LENDER lends AMOUNT to BORROWER, a seated player, at any moment; it is not a turn (R7.5).

    Loans are recorded under every short-money setting (R7.1). It is owed until
    repaid and counts in balances and settle. At table stakes it goes onto the
    borrower's table money: between hands always, during a hand only where
    short-money is borrow or both (R7.5).

    \b
    Example:
      bragref lend andy bill 5
      bragref lend "Aunt May" bill 10 --bystander
    """
    click.echo(lent_words(*app.book().lend(lender, borrower, amount, bystander)))


@click.command(short_help="Record a loan repaid, in part or whole.")
@click.argument("borrower", shell_complete=complete.players)
@click.argument("lender", shell_complete=complete.players)
@click.argument("amount")
@click.pass_obj
def repay(app, borrower: str, lender: str, amount: str) -> None:
    """BORROWER repays AMOUNT of what they owe LENDER in this session; no more than is owed (R7.5). What is
    owed from an earlier session is settled up with `bragref paid` (see `bragref settle --all`).

    \b
    Example:
      bragref repay bill andy 5
    """
    click.echo(repaid_words(*app.book().repay(borrower, lender, amount)))


COMMANDS = [lend, repay]
