"""Reports: `status`, `history`, `balances`, `settle`."""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

import click

from bragref.cli.lines import situation
from bragref.cli.output import (HAND_NUMBERS, JSON_BETWEEN, NUMBER_COLUMNS, Cells, Output, SimpleShapes, amount_texts,
                                csv_chunks, grid_text, json_item, json_listed, output_options)
from bragref.engine.state import Hand
from bragref.games import game_of
from bragref.ledger.history import KEYS, MISDEAL, entry_of, hand_history, hand_rows, named_now, rows_named_now
from bragref.ledger.money import CARRIED_POT
from bragref.ledger.story import local_time
from bragref.told import (carried_words, closed_carried_lines, entry_words, night_settle_lines, outcome, owed_lines,
                          own_words, paid_in, seats_words, settle_lines, witness, UNWON)


@click.command(short_help="The table now: whose turn, pot, stake, what is legal.")
@output_options
@click.pass_obj
def status(app, out: Output) -> None:
    """Show the current hand: phase, dealer, pot, stake, each player, and what the player to act may do.

    JSON has the keys of docs/reference.md, The table now; CSV is a row per player.

    \b
    Example:
      bragref status --json
    """
    book = app.book()
    with book.reading():  # the table as one state of the ledger
        session, current, data = book.current_session(), book.current(), book.status()
    hand, players = current.hand if current else None, data["players"]
    if out.data(data, players):
        return
    if current is None:
        click.echo(f"Session {session.name}: no hand dealt yet. {seats_words(session.seats)} `bragref deal` to start "
                   f"a hand of {game_of(session.rules).title} (R10).")
        click.echo(witness(data["digest"]))
        return
    money, game = hand.rules.money, game_of(hand.rules)
    click.echo(f"Session {session.name}, hand {current.number} of {game.title} (R10), {hand.dealer} dealt.")
    paid = paid_in(hand)
    out.table([{"player": p["name"], "state": game.say(p["state"]), **({"paid": money(p["paid"])} if paid else {}),
                **({"table money": money(p["table_money"])} if "table_money" in p else {}),
                **dict(own_words(hand, p["name"]))} for p in players])  # a game's own columns (lives, wagers)
    for pot in data["pots"]:
        click.echo(f"Covered by {pot['covered_by']}: {money(pot['amount'])}, "
                   f"to be won by {' or '.join(pot['contenders'])} (R7.3).")
    click.echo(situation(current.number, hand))
    click.echo(witness(data["digest"]))


@click.command(short_help="Every action of a hand, or of the session.")
@click.argument("number", type=click.IntRange(1, HAND_NUMBERS), required=False)
@output_options
@click.pass_obj
def history(app, number: int | None, out: Output) -> None:
    """Replay HAND (default: every hand of the session) action by action: the pot and stake after each, voids marked (R9.1).

    \b
    Example:
      bragref history 3
      bragref history --json
    """
    book = app.book()
    session = book.current_session()
    if number is not None:
        pieces = [told(session, book.replays(number), out, True)]
    else:
        last = book.last_number()
        pieces = (told(session, book.replays_between(first, min(first + PIECE - 1, last)), out, first == 1)
                  for first in range(1, max(last, 1) + 1, PIECE))  # a session without a hand is one piece, empty:
        # its CSV the header alone
    for text in json_listed(pieces) if out.form == "json" else pieces:
        click.echo(text, nl=False, color=True if "\033" not in text else None)  # a piece with no colour in it is
        # not searched for colour to take out where the output is no terminal (a whole session's is megabytes)


PIECE = 500  # hands told at once: a whole session is printed a piece at a time, never held, in the one process (a
# second on another core costs more CPU than it saves)


def told(session, replays, out: Output, first: bool) -> str:
    """Hands as `history` tells them, from their replays, as the text `out` asks for: a table each, or their
    entries as CSV rows (the header, `KEYS`, with the `first` piece, even of no hand; every piece begins with a
    deal, whose entry has the same keys in the same order) or JSON items (`json_item`, for `json_listed`). A player
    renamed since is shown by the name they have now (R2.6)."""
    texts: list[str] = []
    every: list[dict] = []
    for row, steps in replays:
        if out.form != "table":
            every += named_now(session, hand_history(row, steps)[0])
            continue
        rows, _, hand, misdealt = hand_rows(row, steps)
        if misdealt:
            rows = [*map(misdeal_said, rows)]
        text = hand_table(rows_named_now(session, rows), hand, out.fmt or "simple")
        number = row["number"]
        ending = (f"Hand {number} was a misdeal (R9.1): it never happened; the same dealer deals again." if misdealt
                  else outcome(number, hand) if hand.phase == "over" else situation(number, hand))
        texts.append(f"Hand {number} · {session.now_called(row['dealer'])} deals · "
                     f"{local_time(row['dealt_at'])}\n{text}\n{ending}\n\n")
    if out.form == "json":
        return JSON_BETWEEN.join(map(json_item, every))
    if out.form == "csv":
        return "".join(csv_chunks(every, header=first, columns=KEYS))
    return "".join(texts)


def misdeal_said(values: tuple) -> tuple:
    """An entry's row (`hand_rows`) as a table tells it: the void of the deal (a misdeal, R9.1) with its reason beside
    what it voids (`voids the deal (a misdeal): a card was turned over`), as `replay` tells it; the entry's own detail
    and reason stay apart (JSON, CSV)."""
    if values[4] != "void" or values[11] or not values[12] or values[1] is None:
        return values
    return values if values[7] != MISDEAL else (*values[:7], f"{MISDEAL}: {values[12]}", *values[8:])


def hand_table(rows: list[tuple], hand: Hand, fmt: str) -> str:
    """A hand's `history` table in `fmt`, from its entries' values (`hand_rows`): a line per entry, its money columns
    as the hand needs them (`MoneyColumns`). The simple format, every report's default, is made a line at a time
    (`_Layout`), each cell looked up by the value it is made from (`Cells`), not made again: a whole session's history
    is a hundred thousand lines."""
    if fmt != "simple":
        game, money = game_of(hand.rules), MoneyColumns(rows, hand)
        return grid_text(["#", "player", "action", *money.headers, "note"],
                         [["" if e["seq"] is None else e["seq"], e["player"] or "",
                           entry_words(e, game) + (" (voided)" if e["voided"] else ""), *money.cells(e), note(e)]
                          for e in map(entry_of, rows)], fmt)
    rules = hand.rules
    amount = any(map(AMOUNT, rows)) or any(map(POT, rows))  # as `MoneyColumns` finds them
    key = (game_of(rules), rules.unit, rules.currency, amount, amount and bool(hand.covered), any(map(STAKE, rows)))
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) >= LAYOUTS_KEPT:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = _Layout(*key)
    return layout.shapes.text(layout.cells(rows))


class _Layout:
    """The columns of a kind of hand's `history` table in the simple format, by its game, its money and which money
    columns it has (`MoneyColumns`): their headers, their shapes (`SimpleShapes`), and each entry's line of cells,
    each looked up by what it is made from (`Cells`), in one pass over the entries."""

    def __init__(self, game, unit: str, currency: str, amount: bool, into: bool, stake: bool):
        money = [*(["amount", *(["into pot"] if into else []), "pot"] if amount else []), *(["stake"] if stake else [])]
        headers = ("#", "player", "action", *money, "note")
        self.shapes = SimpleShapes(headers, _aligned(headers))
        self.said, self.money = _said(game), amount_texts(unit, currency)
        self.lines = _every if amount and into and stake else _but_into if amount and stake else self.some
        self.kept = tuple(index for index, kept in enumerate((True, True, True, amount, into, amount, stake, True))
                          if kept)  # the cells of `_every` this layout has

    def cells(self, rows: list[tuple]) -> list[tuple]:
        """Each entry's line of cells: looked up where every one is known already (nearly every hand of a long
        session), else made where one is not."""
        said, money = self.said, self.money
        try:
            return self.lines(rows, SEQS.known, NAMES.known, said.known, money.known, INTOS.known)
        except KeyError:
            return self.lines(rows, SEQS, NAMES, said, money, INTOS)

    def some(self, rows: list[tuple], *cells: dict) -> list[tuple]:
        """The cells of `_every` that this layout has (a hand without some money column)."""
        return list(map(itemgetter(*self.kept), _every(rows, *cells)))


def _every(rows: list[tuple], seqs: dict, names: dict, said: dict, money: dict, intos: dict) -> list[tuple]:
    """Each entry's cells (`Cells`, or what they know): the number, player, action, amount, pot it went into, pot,
    stake and note (a note saying nothing of a phone looked up by its text: nearly every one)."""
    texts, notes = TEXTS, NOTES
    return [(seqs[seq], names[player], said[action, blind, voided], money[amount], intos[into], money[pot],
             money[stake], texts[detail or reason] if entered not in SEATED else notes[detail, reason, entered, player])
            for _, seq, _, player, action, amount, blind, detail, pot, stake, into, voided, reason, entered in rows]


def _but_into(rows: list[tuple], seqs: dict, names: dict, said: dict, money: dict, intos: dict) -> list[tuple]:
    """`_every`'s cells but the pot each went into (a hand with one pot: most)."""
    texts, notes = TEXTS, NOTES
    return [(seqs[seq], names[player], said[action, blind, voided], money[amount], money[pot], money[stake],
             texts[detail or reason] if entered not in SEATED else notes[detail, reason, entered, player])
            for _, seq, _, player, action, amount, blind, detail, pot, stake, into, voided, reason, entered in rows]


_LAYOUTS: dict[tuple, _Layout] = {}  # `hand_table`'s layouts by their game, money and money columns
LAYOUTS_KEPT = 256


@lru_cache(maxsize=64)
def _aligned(headers: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("right" if header in NUMBER_COLUMNS else "left" for header in headers)


def _at(*keys: str) -> itemgetter:
    """The values of `keys` in an entry's row (`hand_rows`)."""
    return itemgetter(*map(KEYS.index, keys))


AMOUNT, POT, STAKE = map(_at, ("amount", "pot", "stake"))
SEQS, NAMES, INTOS = Cells(str), Cells(), Cells(lambda into: str(into or ""))  # a history table's cells by value
TEXTS = Cells()  # a note's cell by its text, where it says nothing of a phone (`note`)
SEATED = frozenset({"seat", "seat-self"})  # where an action entered from a player's phone was entered (`note`)


@lru_cache(maxsize=16)
def _said(game) -> Cells:
    """What an entry did as its table's cell, by its action, flag and whether it was voided, in `game`'s words
    (`entry_words`)."""
    return Cells(lambda key: entry_words({"action": key[0], "blind": key[1]}, game) + (" (voided)" if key[2] else ""))


NOTES = Cells(lambda key: note({"detail": key[0], "reason": key[1], "entered": key[2], "player": key[3]}))  # by the
# detail, reason, where entered and player


def note(entry: dict) -> str:
    """A `history` entry's note: its detail or its reason, and where an action was entered from a player's phone
    (`seat`, `seat-self`), whose: `from Ann's phone` where it was recorded there (`seat-self`), `asked from Ann's
    phone` where the referee recorded what was asked there (`seat`) (docs/reference.md, Interactive)."""
    said = entry["detail"] or entry["reason"] or ""
    if entry["entered"] not in ("seat", "seat-self"):
        return said
    phone = f"from {entry['player']}'s phone" if entry["player"] else "from a player's phone"
    phone = f"asked {phone}" if entry["entered"] == "seat" else phone
    return f"{said}; {phone}" if said else phone


class MoneyColumns:
    """The money columns of a hand's `history` table: what each entry put in, into which pot where a cover made more
    than one (R7.2), the pot and the stake after it. A hand where no money moved has none of these columns, one where
    nobody bet no stake (a hand for lives, R14.4)."""

    def __init__(self, rows: list[tuple], hand: Hand):
        self.money = hand.rules.money
        self.amount = any(map(AMOUNT, rows)) or any(map(POT, rows))
        self.into = self.amount and bool(hand.covered)
        self.stake = any(map(STAKE, rows))
        self.headers = [*(["amount", *(["into pot"] if self.into else []), "pot"] if self.amount else []),
                        *(["stake"] if self.stake else [])]

    def cells(self, entry: dict) -> list:
        money, cells = self.money, []
        if self.amount:
            cells.append("" if entry["amount"] is None else money(entry["amount"]))
            if self.into:
                cells.append(entry["into"] or "")
            cells.append("" if entry["pot"] is None else money(entry["pot"]))
        if self.stake:
            cells.append("" if entry["stake"] is None else money(entry["stake"]))
        return cells


@click.command(short_help="Per player: paid in, won, loans, net.")
@click.option("--all", "all_sessions", is_flag=True, help="Every session in the ledger.")
@output_options
@click.pass_obj
def balances(app, all_sessions: bool, out: Output) -> None:
    """Each player's money over the settled hands: paid into pots, won, the loans owed to or by them where there are
    any (R7.5), and net (R1.2); with --all, also what they have paid up and what is still owed. Asked while a hand is
    being played, a last line says so, and what is in its pot.

    \b
    Example:
      bragref balances --csv
    """
    from bragref.ledger.money import BALANCES, OWING

    book = app.book()
    rows = book.balances(all_sessions)
    if not out.data(rows, columns=OWING if all_sessions else BALANCES):
        print_balances(book, all_sessions, rows, out)


def print_balances(book, all_sessions: bool, rows: list[dict], out: Output = Output()) -> None:
    """The balances as tables, one per money (docs/reference.md, The season), each with the pot still carried in its
    money; then a line for each hand still being played."""
    for heading, kept, rules, group in money_tables(book, rows, all_sessions):
        money = rules.money
        if heading:
            click.echo(heading)
        with_loans = any(r["loans"] for r in group)
        with_owed = any(r.get("paid_up") or r.get("owed", r["net"]) != r["net"] for r in group)  # settle-ups
        # recorded (`paid`), or nights settled at the table (R1.3): what is still owed beside the net
        out.table([{"player": r["player"], "paid": money(r["paid"]), "won": money(r["won"]),
                    **({"result": money(r["result"]), "loans": money(r["loans"])} if with_loans else {}),
                    "net": money(r["net"]),
                    **({"paid up": money(r["paid_up"]), "owed": money(r["owed"])} if with_owed else {})}
                   for r in group])
        closed = not all_sessions and book.current_session().closed  # no deal left to win it (R6.2)
        for carried, amount in book.carried(all_sessions, kept).items():
            click.echo(f"{carried.name.capitalize()} left unwon at the close: {money(amount)} ({carried.rule}): "
                       f"{UNWON}." if closed else
                       f"{carried.name.capitalize()} waiting to be won: {money(amount)} ({carried.rule}).")
    for line in in_play_notes(book, all_sessions):
        click.echo(line)


def money_tables(book, rows: list[dict], all_sessions: bool = True, every: bool = False) -> list[tuple]:
    """Rows as one table per money (docs/reference.md, The season): each money's heading (`In units of £0.01:`, where
    there is more than one; a blank line before all but the first), the money (`"money"`), the rules that write its
    amounts (R1.1a) and its rows (each saying its `money`), in the order each money was first kept; a money with no rows
    left out, unless `every`. One session's rows are one table, its money None (the session's)."""
    if not all_sessions:
        return [(None, None, book.scope()[0].rules, rows)]
    tables = [(money, rules, [r for r in rows if r["money"] == money]) for money, rules in book.moneys().items()]
    tables = [table for table in tables if every or table[2]]
    return [(f"{chr(10) * bool(index)}In units of {money}:" if len(tables) > 1 else None, money, rules, group)
            for index, (money, rules, group) in enumerate(tables)]


def cash_out_lines(cashed: dict[str, tuple[int, int]], money) -> list[str]:
    """Where each player's result at table stakes is (R1.3): what they cashed out, and what is on the table still,
    to cash out."""
    taken = [f"{name} {money(amount)}" for name, (amount, left) in cashed.items() if amount or not left]
    left = [f"{name} {money(amount)}" for name, (_, amount) in cashed.items() if amount]
    return [*([f"Cashed out: {', '.join(taken)}."] if taken else []),
            *([f"On the table, to cash out: {', '.join(left)}."] if left else [])]


def in_play_notes(book, all_sessions: bool) -> list[str]:
    """A line for each hand still being played: settling up before it is over leaves out the money in its pot, but
    for what was carried into it (counted as carried already)."""
    notes = []
    several = len(book.scope(all_sessions)) > 1
    for session, current in book.in_play(all_sessions):
        hand, money = current.hand, current.hand.rules.money
        carried = "" if not hand.carried_in else ", all of it carried in" if hand.carried_in == hand.pot else \
            f", {money(hand.carried_in)} of it carried in"
        notes.append(f"Hand {current.number}{f' of {session.name}' if several else ''} is not over yet, "
                     f"{money(hand.pot)} in the pot{carried}: these figures count the settled hands only.")
    return notes


@click.command(short_help="Who pays whom: the fewest payments.")
@click.option("--all", "all_sessions", is_flag=True, help="Every session in the ledger.")
@output_options
@click.pass_obj
def settle(app, all_sessions: bool, out: Output) -> None:
    """Who pays whom to clear every net, in the fewest payments (exact up to 18 players).

    A pot still carried forward is a payee named "carried pot": its money is
    on the table, not yet anyone's. At table stakes the hands' results already
    sit in each player's table money, to cash out (R1.3): only loans and hands
    played from the pocket are paid here, and each player's cash-out (or what
    is on the table still) is listed. Asked while a hand is being played, a
    last line says so, and what is in its pot. Settle-ups recorded since the
    session began (`paid`, which belongs to no session) are said beside the
    payment they go to ("(paid)"), and then what is still owed over every
    night, net of every payment, as --all says it; so is what earlier
    nights still owe beside this night's (a night square itself is said
    to be the night's square, not everybody's).

    \b
    Example:
      bragref settle --json
    """
    book = app.book()
    payments = book.settle(all_sessions, links=True)
    if not out.data(payments, columns=None if payments else SETTLE_KEYS[:4 if all_sessions else 3]):
        print_payments(book, all_sessions, payments, out)


SETTLE_KEYS = ("from", "to", "amount", "money")  # a payment's (over every session, its money's too): the header of a
# `settle --csv` with none; a row's own keys where there are rows (a payee's `pay`, `pay_note`)


def print_payments(book, all_sessions: bool, payments: list[dict], out: Output = Output()) -> None:
    """Who pays whom, a list per money (docs/reference.md, The season): in sentences, or a table where a format is asked
    for; where hands at table stakes were settled at the table (R1.3), it says so, and for one session lists the
    cash-outs; the carried pot explained; then a line for each hand still being played."""
    for heading, kept, rules, group in money_tables(book, payments, all_sessions, every=True):
        if heading:
            click.echo(heading)
        print_money_payments(book, all_sessions, kept, rules, group, out)
    for line in in_play_notes(book, all_sessions):
        click.echo(line)


def pay_words(payment: dict) -> str:
    """What is written beside a payment to a person with a pay-to handle: `: LINK`, with what is to be said beside
    it in brackets, or only that where the scheme cannot carry the money; nothing for a payee without one."""
    if "pay" not in payment:
        return ""
    note = f" ({payment['pay_note']})" if payment.get("pay_note") else ""
    return f": {payment['pay']}{note}" if payment["pay"] else note


def print_money_payments(book, all_sessions: bool, kept: str | None, rules, payments: list[dict], out: Output) -> None:
    """`print_payments` of the sessions kept in money `kept` (None: the session's), whose amounts `rules` write."""
    money = rules.money
    at_table = bool(book.on_table(all_sessions, kept))  # hands at table stakes: settled at the table (R1.3)
    paid = [] if all_sessions else book.paid_since()  # the night's: what of it was paid since, said beside it
    owed = [] if all_sessions else owed_over_every_night(book, rules)
    lines = settle_lines(payments, money, at_table, paid) if all_sessions else \
        night_settle_lines(payments, owed, money, at_table, paid)
    carried = sum(p["amount"] for p in payments if p["to"] == CARRIED_POT)
    closed = carried and not all_sessions and book.current_session().closed  # no deal will win it now (R6.2)
    if closed:
        lines = closed_carried_lines(lines, payments, carried, list(book.carried()), money, CARRIED_POT)
    lines[:len(payments)] = [line + pay_words(p) for line, p in zip(lines, payments, strict=False)]
    if payments and out.fmt is not None:  # sentences, unless a table format is asked for
        linked = any("pay" in p for p in payments)
        out.table([{"from": p["from"], "to": p["to"], "amount": money(p["amount"]),
                    **({"pay": pay_words(p).removeprefix(": ").strip()} if linked else {})} for p in payments])
        lines = lines[len(payments):]
    for line in lines:
        click.echo(line)
    if at_table and not all_sessions:
        for line in cash_out_lines(book.cashed_out(), money):
            click.echo(line)
    if carried and not closed:
        click.echo(carried_words(carried, list(book.carried(all_sessions, kept)), money))
    if not all_sessions:  # `paid` belongs to no session (R1.2): the night's figures stand, and what is still owed
        for line in owed_lines(payments, owed, money, paid):  # over every night is said where it is not the night's
            click.echo(line)


def owed_over_every_night(book, rules) -> list[dict]:
    """What is still owed over every night in the money of `rules`, net of every payment (`settle --all`'s rows)."""
    from bragref.ledger.money import kept_in

    kept = kept_in(rules)
    return [p for p in book.settle(all_sessions=True) if p["money"] == kept]


COMMANDS = [status, history, balances, settle]
