"""An action typed on the command line (its words read by `argv`), recorded and told: what the table is told after
it (`recorded`): where the hand stands (`situation`, in `bragref.told`'s words, the player to act in bold), how it
ended, what may be done next, the ledger's digest. Made without click, so that the quick path (`quick`) records and
says it as the command line does."""

from __future__ import annotations

from bragref import told
from bragref.cli import paint
from bragref.engine.state import Hand
from bragref.told import witness


def recorded(book, verb: str, words) -> list[str]:
    """Record one action, its words as typed (`bet bill 2 blind`), through `book` (`api.Book`); the lines that tell
    where the hand stands after it, the ledger's digest with them once it is over."""
    book.act(verb, *words, fill=False)
    _, current, _ = book.last
    if current.hand.phase != "over":
        return [situation(current.number, current.hand)]
    return [situation(current.number, current.hand), witness(book.digest())]


def situation(number: int, hand: Hand) -> str:
    """`told.situation`, the player to act in bold (on a terminal that shows it)."""
    return told.situation(number, hand, mark=lambda name: paint(name, bold=True))
