"""An action typed on the command line, recorded and told: its values as words (`typed_words`), and what the table is
told after it (`recorded`): where the hand stands (`situation`, in `bragref.told`'s words, the player to act in bold),
how it ended, what may be done next, the ledger's digest. Made without click, so that the quick path (`quick`)
records and says it as the command line does."""

from __future__ import annotations

from bragref import told
from bragref.cli import paint
from bragref.engine.state import Hand
from bragref.told import witness


def typed_words(kind, values: dict) -> list[str]:
    """The command line's values as the words of a `table` answer (`2 blind`, `Kh Qh Jh discard 2c`): one reading
    of them, the declaration's (`Verb.from_words`)."""
    words: list[str] = []
    for param in kind.params:
        value = values[param.name]
        if value is None or value == () or value is False and param.kind == "flag":
            continue
        words += param.keywords[:1]
        if param.kind in ("flag", "toggle"):
            words.append(param.words[0] if value else param.words[1])
        elif param.kind in ("cards", "players"):
            words += value
        else:
            words.append(value)
    return words


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
