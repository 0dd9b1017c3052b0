"""Money between people: loans and repayments (R7.5), table money (R1.3), and the reports summed from the rows
(balances, settling up, the night), the part of the ledger that says who owes what."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import bragref.structs as structs

from bragref.engine import loans
from bragref.engine.errors import BadInput, Refused
from bragref.engine.money import check_units
from bragref.engine.names import UnknownName, check_name, key, known_as, resolve
from bragref.engine.rules import Rules
from bragref.engine.settle import settle as fewest_payments
from bragref.games import GAMES, game_of
from bragref.ledger.chain import holds
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.replay import MISDEALT, Current
from bragref.ledger.seats import Session, formerly_named

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from bragref.engine.payto import Handle
    from bragref.ledger.seats import Insert, Named, Query

CARRIED_POT = "carried pot"  # the carried pot as a payee when settling up (R6.2)
MAX_NOTE = 500  # characters in a payment's note
BALANCES = ("player", "paid", "won", "result", "loans", "net")  # a `balances` row's keys, in order
OWING = (*BALANCES, "paid_up", "owed", "money")  # over every session (`balances --all`)


class Payment(structs.Struct, frozen=True):
    """A settle-up recorded (`bragref paid`): its row, who paid whom how much, the note, and the money it is in."""

    row_id: int
    payer: str
    payee: str
    amount: int
    note: str | None
    rules: Rules
    entered: str | None = None  # where it was entered (`store.ENTERED`): `seat-self`, the payee's own phone

    def said(self) -> str:
        """`Andy paid Bill £5.00 (for Friday).`"""
        return f"{self.payer} paid {self.payee} {self.rules.money(self.amount)}" + \
            (f" ({self.note})" if self.note else "") + "."


def kept_in(rules: Rules) -> str:
    """The money a session keeps, as reports name it (`"money"`): one unit written in it, `£0.01`, `1`."""
    return rules.money(1)


def by_money(sessions: list[Session]) -> dict[str, list[Session]]:
    """The sessions by the money they keep (`kept_in`), each money in the order it was first kept: reports add
    units of one money only (R1.1)."""
    kept: dict[str, list[Session]] = {}
    for session in sessions:
        kept.setdefault(kept_in(session.rules), []).append(session)
    return kept


def owing(payer: str, payee: str, owed: dict[str, int], money: str, kept: dict[str, list[Session]]) -> tuple[str, str]:
    """`Cat owes Danny £1.00`, or `… nothing`, in `money`, with what is owed in the others where anything is; and,
    where it is, how a settle-up in those is recorded."""
    def said(units: int, each: str) -> str:
        return kept[each][0].rules.money(units)

    here = f"{payer} owes {payee} {said(owed[money], money) if owed.get(money) else 'nothing'}"
    elsewhere = [(each, f"{said(units, each)} in units of {each}") for each, units in owed.items() if each != money]
    if not elsewhere:
        return here, ""
    return (f"{here} in units of {money}, and {', '.join(words for _, words in elsewhere)}",
            (f"; one in units of {' or '.join(each for each, _ in elsewhere)} is recorded with --session naming a "
            f"session kept in them"))


def amount_in(amount: str | int, rules: Rules) -> int:
    """Units of money: as typed (`"1.50"`), or already counted in units (an int, as a hand history holds them) (R1.1)."""
    if isinstance(amount, int):
        return check_units(amount)
    return rules.amount(amount)


class Money:
    """What a `Ledger` records and reads of money between people and on the table (a part of it: its writes go
    through the ledger's own `write` and `_insert`)."""

    if TYPE_CHECKING:  # what it uses of the rest of the ledger: `store.Ledger`'s, and `seats.Seating`'s sessions
        conn: sqlite3.Connection
        now: Callable[[], str]
        entered: str
        _head: tuple[int, str] | None
        _hot: dict[int, tuple[str, Current | None]]

        write: Callable[[], AbstractContextManager[None]]  # each the method `Ledger` gives, as the type checker
        _q: Query  # reads it here (declared, not defined: at run time the ledger's own is found)
        _insert: Insert
        current: Callable[[Session], Current | None]
        session: Named
        all_sessions: Callable[[], list[Session]]
        people: Callable[[], list[str]]
        _check_open: Callable[[Session], None]
        _between_hands: Callable[[Session, str, str], None]
        _not_a_former_name: Callable[[Session, str], None]

    # ---- loans (R7.5): at any moment, not turns --------------------------------

    def lend(self, session_name: str | None, lender: str, borrower: str, amount: str | int, bystander: bool) -> tuple[Session, str, str, int]:
        with self.write():
            session = self.session(session_name)
            borrower = resolve(borrower, session.seats, renamed=session.renamed)
            if bystander:
                lender = known_as(check_name(lender), self.people())
                if key(lender) in {key(s) for s in session.seats}:
                    raise BadInput(f"{lender} is at the table: lend without --bystander")
                self._not_a_former_name(session, lender)
            else:
                lender = resolve(lender, session.seats, renamed=session.renamed)
            units = amount_in(amount, session.rules)
            current = self.current(session)
            mid_hand = current is not None and current.hand.phase != "over"
            loans.check_lend(session.rules, lender, borrower, mid_hand, game_of(session.rules).short)
            self._check_open(session)
            self._loan(session, "lend", lender, borrower, units, bystander)
            if session.rules.stakes == "table":  # the loan goes on the borrower's table money, mid-hand too, and
                # comes from the lender's pocket: their table money is unchanged (R7.5, clarified)
                self._purse(session, current.row["id"] if current is not None and mid_hand else None, "loan", borrower,
                            units)
        return session, lender, borrower, units

    def repay(self, session_name: str | None, borrower: str, lender: str, amount: str | int) -> tuple[Session, str, str, int]:
        with self.write():
            session = self.session(session_name)
            owed = loans.outstanding(self.loan_entries([session]))
            borrower = resolve(borrower, {*session.seats, *(b for _, b in owed)}, renamed=session.renamed)
            lender = resolve(lender, {*session.seats, *(lent for lent, b in owed if b == borrower)},
                             renamed=session.renamed)
            units = amount_in(amount, session.rules)
            self._check_open(session)
            if units > (due := owed.get((lender, borrower), 0)):
                self._owed_elsewhere(session, borrower, lender, units, due)
            loans.check_repay(owed, borrower, lender, units, session.rules.money)
            self._loan(session, "repay", lender, borrower, units, False)
        return session, borrower, lender, units

    def _owed_elsewhere(self, session: Session, borrower: str, lender: str, units: int, due: int) -> None:
        """`Refused` where a repayment of `units` is more than the `due` of this session's loans and `borrower`
        owes `lender` from loans of other sessions, which a repayment in this one does not reach: those are settled
        up with `paid` (R7.5; docs/reference.md, The season). Only sessions in this one's money are summed (R1.1)."""
        money = session.rules.money
        others = [s for s in by_money(self.all_sessions())[kept_in(session.rules)] if s.id != session.id]
        elsewhere = sum(amount for (lent, borrowed), amount in loans.outstanding(self.loan_entries(others)).items()
                        if key(lent) == key(lender) and key(borrowed) == key(borrower))
        if elsewhere > 0:
            raise Refused(f"{borrower} owes {lender} {money(due)} in this session, so cannot repay {money(units)} "
                          f"here; the {money(elsewhere)} owed from other sessions is settled up with `bragref paid` "
                          f"(`bragref settle --all` says who pays whom)", "R7.5")

    def _loan(self, session: Session, kind: str, lender: str, borrower: str, amount: int, bystander: bool) -> None:
        assert self._head is not None, "a loan is recorded inside a write, which knows the chain's last link"
        before = self._head[1]
        self._insert("loans", session_id=session.id, at=self.now(), kind=kind, lender=lender, borrower=borrower,
                     amount=amount, bystander=int(bystander))
        hot = self._hot.get(session.id)
        if hot is not None and hot[0] == before:  # a loan's row moves no hand (table money is a purse's): the hand
            self._hot[session.id] = (self._head[1], hot[1])  # current before it still is, not replayed again

    # ---- table money (R1.3): buy-ins, top-ups and cash-outs between hands -----------

    def table_money(self, session: Session) -> dict[str, int]:
        """Each player's money on the table now: what they put there, plus their results in hands at table stakes.

        Mid-hand it is the money before the hand's settlement; the hand itself knows what is left (`Player.purse`).
        Read from the rows, along the last hand dealt at table stakes: its row records each seated player's table
        money at its deal (`hands.purses`, chained, and checked by `audit`), to which come its settlement and the
        table money moved since; anyone not dealt into it (gone before it) is summed from all their rows. So a deal
        costs the same in a long session as in a short one, and no sum kept outside the rows is trusted: the deal's
        row is read only where it is still the row its chain link was made from (`chain.holds`); one edited since is
        passed over and every row summed.
        """
        money = dict.fromkeys(session.seats, 0)
        last = self._q("SELECT id, purses, (SELECT seq FROM chain WHERE tbl = 'hands' AND row_id = hands.id) FROM hands"
                       " WHERE session_id = ? AND purses IS NOT NULL ORDER BY number DESC LIMIT 1", (session.id,))
        if not last or not holds(self.conn, "hands", last[0][0]):
            sums = {player: put + moved for player, (put, moved) in self.at_table(session.id).items()}
        else:
            hand_id, purses, seq = last[0]
            sums = dict(structs.decode(purses))
            dealt_in = {session.now_called(name) for name in sums}  # by the names they have now (R2.6)
            # the rows after the deal: read on by chain position and row id, never the session's rows whole
            for player, amount in self._q(
                    "SELECT player, amount FROM postings WHERE hand_id = :hand AND player IS NOT NULL UNION ALL"
                    " SELECT player, amount FROM purses WHERE id >= (SELECT COALESCE(MIN(row_id), 1e18) FROM chain"
                    " WHERE seq > :seq AND +tbl = 'purses') AND +session_id = :session",
                    {"hand": hand_id, "seq": seq, "session": session.id}):
                if session.now_called(player) in dealt_in:
                    sums[player] = sums.get(player, 0) + amount
            others = {session.now_called(player) for (player,) in self._q(  # everyone ever seated (R2.1)
                "SELECT player FROM session_events WHERE session_id = ? AND event = 'seat'", (session.id,))} - dealt_in
            for person in others:  # gone before that hand, or come since: every row under every name they had
                names = {person, *(former for former, now in session.renamed.items() if now == person)}
                put = {name: self._q("SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM purses WHERE session_id = ? AND"
                                     " player = ?", (session.id, name))[0] for name in names}
                if not any(had for had, _ in put.values()):
                    continue  # never had table money: not named, as no row names them
                for name, (_, amount) in put.items():
                    sums[name] = amount + self._q(
                        "SELECT COALESCE(SUM(p.amount), 0) FROM postings p JOIN hands h ON h.id = p.hand_id"
                        " WHERE p.session_id = ? AND p.player = ? AND h.purses IS NOT NULL", (session.id, name))[0][0]
        for player, amount in sums.items():
            if player is not None:
                name = session.now_called(player)
                money[name] = money.get(name, 0) + amount
        return money

    def at_table(self, session_id: int) -> dict[str | None, tuple[int, int]]:
        """Per player, by the name they had (None: a carried pot): what they put on the table or took off it
        (buy-ins, top-ups, cash-outs, loans onto it, R7.5) and what hands at table stakes moved (R1.3), summed from
        the rows themselves (along each table's index of sessions and players): every figure comes from the rows,
        never from a sum kept elsewhere that could have been edited (docs/reference.md, Promises about history)."""
        sums: dict[str | None, list[int]] = {}
        put_in = self._q("SELECT player, SUM(amount) FROM purses WHERE session_id = ? GROUP BY player", (session_id,))
        moved = self._q("SELECT p.player, SUM(p.amount) FROM postings p JOIN hands h ON h.id = p.hand_id"
                        " WHERE p.session_id = ? AND h.purses IS NOT NULL GROUP BY p.player", (session_id,))
        for rows, figure in ((put_in, 0), (moved, 1)):
            for player, amount in rows:
                sums.setdefault(player, [0, 0])[figure] += amount
        return {player: (put, moved) for player, (put, moved) in sums.items()}

    def cashed_out(self, session: Session) -> dict[str, tuple[int, int]]:
        """At table stakes (R1.3), per player with table money (by the name they have now): what they took off the
        table (cash-outs, the close's among them) and what is on it still."""
        taken: dict[str, int] = {}
        for player, amount in self._q("SELECT player, -SUM(amount) FROM purses WHERE session_id = ? AND kind = "
                                      "'cash-out' GROUP BY player", (session.id,)):
            taken[session.now_called(player)] = taken.get(session.now_called(player), 0) + amount
        left = self.table_money(session)
        return {name: (taken.get(name, 0), left.get(name, 0)) for name in dict.fromkeys([*left, *taken])}

    def purse(self, session_name: str | None, kind: str, player: str, amount: str | int | None) -> tuple[Session, str, int, int]:
        """Record a buy-in, top-up or cash-out (all of it when `amount` is None); returns the table money after."""
        with self.write():
            session = self.session(session_name)
            away = [name for name, has in self.table_money(session).items() if has and name not in session.seats] \
                if kind == "cash-out" and session.rules.stakes == "table" else []  # who left with money on it (R1.3)
            name = resolve(player, [*session.seats, *away], renamed=session.renamed)
            if session.rules.stakes != "table":
                raise Refused("players pay from their pockets here (house rule stakes is pocket): there is no table "
                              "money to change; `bragref rules set stakes table` between hands to play table stakes", "R1.3")
            self._check_open(session)
            self._between_hands(session, "table money changes", "R1.3")
            has = self.table_money(session)[name]
            units = has if amount is None else amount_in(amount, session.rules)
            if kind == "cash-out" and not 0 < units <= has:
                raise Refused(f"{name} has {session.rules.money(has)} on the table, so cannot take off "
                              f"{session.rules.money(units)}", "R1.3")
            self._purse(session, None, kind, name, -units if kind == "cash-out" else units)
            return session, name, units, self.table_money(session)[name]

    def _purse(self, session: Session, hand_id: int | None, kind: str, player: str, amount: int) -> None:
        after = self._q("SELECT COALESCE(MAX(id), 0) FROM actions")[0][0]
        self._insert("purses", session_id=session.id, at=self.now(), hand_id=hand_id, kind=kind, player=player, amount=amount,
                     after_action=after)

    def loan_entries(self, sessions: list[Session]) -> list[tuple[str, str, str, int]]:
        """(kind, lender, borrower, amount): what was lent, and what repaid, between each two people, by the names
        they have now (summed in SQL: an evening's loans or a year's cost the same to read)."""
        where, ids = self._scope(sessions)
        by_id = {s.id: s for s in sessions}
        return [(kind, by_id[sid].now_called(lender), by_id[sid].now_called(borrower), amount) for sid, kind, lender,
                borrower, amount in self._q(f"SELECT session_id, kind, lender, borrower, SUM(amount) FROM loans WHERE"
                                            f" {where} GROUP BY session_id, kind, lender, borrower", ids)]

    # ---- settle-ups (docs/reference.md, The season) ---------------------------------------

    def pay(self, session_name: str | None, payer: str, payee: str, amount: str | int, note: str | None) -> Payment:
        """Record that `payer` paid `payee` `amount` (typed in the money of the debt, or units) to settle up: in no
        session, between the current session's hands or after a close (refused while one is in play: its pot is
        nobody's until it is settled, R1.2), never more than `settle --all` shows `payer` owing `payee` (refused,
        naming what is owed, R1.2). It is judged, and kept, in the money of the sessions that made the debt
        (`kept_in`): where `payer` owes `payee` in several, the money of session `session_name` (default: the
        current one, else the latest: a club's ledger has none current), whose hand in play, if any, it waits
        for."""
        if note is not None and len(note) > MAX_NOTE:
            raise BadInput(f"a note is at most {MAX_NOTE} characters")
        with self.write():
            sessions = self.all_sessions()
            if not sessions:
                raise BadInput("no session yet: nothing is owed")
            try:
                current = self.session(session_name)
            except BadInput:  # no current session (a club's ledger, made by pulls): a payment belongs to none
                if session_name is not None:
                    raise
                current = None
            if current is not None:
                self._between_hands(current, "settle-ups are recorded", "R1.2")
            rows = self.balances(sessions, settle_ups=True)
            people = list(dict.fromkeys(row["player"] for row in rows))
            payer, payee = person(payer, people, sessions), person(payee, people, sessions)
            owed: dict[str, int] = {}
            for p in self.payments(sessions, settle_ups=True, rows=rows):
                if p["from"] == payer and p["to"] == payee:
                    owed[p["money"]] = owed.get(p["money"], 0) + p["amount"]
            money = next(iter(owed)) if len(owed) == 1 else kept_in((current or sessions[-1]).rules)
            rules = by_money(sessions)[money][0].rules
            units = amount_in(amount, rules)
            if units > owed.get(money, 0):
                said, elsewhere = owing(payer, payee, owed, money, by_money(sessions))
                raise Refused(f"{said} (settle --all): a payment of {rules.money(units)} is more than is owed"
                              f"{elsewhere}", "R1.2")
            row_id = self._insert("payments", at=self.now(), payer=payer, payee=payee, amount=units, note=note,
                                  money=money)
            return Payment(row_id, payer, payee, units, note, rules, self.entered)

    def paid_up(self) -> dict[str, dict[str, int]]:
        """Per money (`kept_in`) and person (by `names.key`): payments made less payments received, voided ones left
        out. A payment that does not say its money was recorded while every session kept one: the first session's."""
        totals: dict[str, dict[str, int]] = {}
        first = None
        for payer, payee, amount, money in self._q(
                "SELECT payer, payee, amount, money FROM payments p WHERE voids IS NULL AND NOT EXISTS (SELECT 1 FROM"
                " payments v WHERE v.voids = p.id)"):
            if money is None:
                money = first = first or kept_in(self.all_sessions()[0].rules)
            made = totals.setdefault(money, {})
            made[key(payer)] = made.get(key(payer), 0) + amount
            made[key(payee)] = made.get(key(payee), 0) - amount
        return totals

    def payment_rules(self, payment: sqlite3.Row) -> Rules:
        """The rules of a session kept in the money `payment` was made in, which write its amount (R1.1a)."""
        sessions = self.all_sessions()
        return by_money(sessions).get(payment["money"], sessions)[0].rules

    def last_payment(self) -> sqlite3.Row | None:
        """The payment that is the ledger's last event, still standing: what an undo voids (R9.1)."""
        link = self._q("SELECT tbl, row_id FROM chain ORDER BY seq DESC LIMIT 1")
        if not link or link[0][0] != "payments":
            return None
        row = self._q("SELECT * FROM payments WHERE id = ?", (link[0][1],))[0]
        return None if row["voids"] is not None else row

    def paid_since(self, session: Session) -> list[Payment]:
        """The settle-ups standing that were recorded after `session` was made, in its money (R1.1), in order (a
        payment that does not say its money, as before schema 12, was made while every session kept one)."""
        money = kept_in(session.rules)
        made = self._q("SELECT seq FROM chain WHERE tbl = 'sessions' AND row_id = ?", (session.id,))[0][0]
        rows = self._q("SELECT p.* FROM payments p JOIN chain c ON c.tbl = 'payments' AND c.row_id = p.id"
                       " WHERE c.seq > ? AND p.voids IS NULL AND NOT EXISTS (SELECT 1 FROM payments v WHERE"
                       " v.voids = p.id) ORDER BY c.seq", (made,))
        return [Payment(row["id"], row["payer"], row["payee"], row["amount"], row["note"], session.rules,
                        row["entered"] if "entered" in row.keys() else None)  # none kept before schema 14
                for row in rows if ("money" not in row.keys() or row["money"] is None or row["money"] == money)]

    # ---- how each person is paid (`pay-to`, docs/reference.md, The season) ------------------

    def pay_to(self, player: str, handle: str | None) -> tuple[str, Handle | None, Handle | None]:
        """Record how `player` (anyone `settle --all` may name) is paid: `handle` as `payto.handle` reads it (bad
        input, nothing written, where it is not one), or None to take their handle away (`--remove`; bad input where
        they have none). A row of its own, chained, in no session, at any time: a new one replaces the old. The
        player as named, the handle recorded (None: removed) and the one it replaces."""
        from bragref.engine import payto  # read only where a handle is: not on a bet's path

        given = None if handle is None else payto.handle(handle)
        with self.write():
            sessions = self.all_sessions()
            if not sessions:
                raise BadInput("no session yet: nobody to pay")
            people = list(dict.fromkeys(row["player"] for row in self.balances(sessions, settle_ups=True)))
            player = person(player, people, sessions)
            was = self.handles().get(key(player))
            if given is None and was is None:
                raise BadInput(f"{player} has no pay-to handle to remove")
            self._insert("handles", at=self.now(), player=player, handle=None if given is None else str(given))
            return player, given, was

    def handles_entered(self, rows: list[tuple]) -> int:
        """Handles entered elsewhere (a table's `handles` rows, pulled; an imported history's `_handles`), each
        (when it was entered, the person, the handle or None for a removal): recorded here, chained, where it is
        newer than this ledger's newest row for that person (by when each was entered: the newest entered wins,
        wherever), for a person of this ledger's sessions (R2.6), a removal only where there is a handle to remove,
        a handle only where it reads (`payto.handle`). The count recorded (docs/club.md, Pay links)."""
        from datetime import datetime

        from bragref.engine import payto

        def when(at) -> datetime | None:
            try:
                return datetime.fromisoformat(at) if isinstance(at, str) else None
            except ValueError:
                return None

        dated = [(entered, row) for row in rows if (entered := when(row[0])) is not None]  # a time that reads
        rows = [row for _, row in sorted(dated, key=lambda pair: pair[0])]  # oldest first, as they came where alike
        if not rows:
            return 0
        def chosen() -> list[tuple]:
            newest: dict[str, tuple] = {}
            for at, player, handle in self._q("SELECT at, player, handle FROM handles ORDER BY id"):
                newest[key(player)] = (when(at), handle)
            taken = []
            for at, player, handle in rows:
                was = newest.get(key(player)) if isinstance(player, str) else None
                if not isinstance(player, str) or (was is not None and (was[0] is None or was[0] >= when(at))):
                    continue
                if handle is None and (was is None or was[1] is None):
                    continue  # nothing to take away here
                try:
                    handle = None if handle is None else str(payto.handle(handle))
                except (BadInput, TypeError, AttributeError):
                    continue
                if not self._q("SELECT 1 FROM session_events WHERE player = :p COLLATE NOCASE OR event = 'rename'"
                               " AND detail = :p COLLATE NOCASE UNION ALL SELECT 1 FROM loans WHERE lender = :p"
                               " COLLATE NOCASE LIMIT 1", {"p": player}):
                    continue  # nobody this ledger's sessions know
                taken.append((at, player, handle))
                newest[key(player)] = (when(at), handle)
            return taken

        if not chosen():  # read first: a pull that brings nothing new writes nothing
            return 0
        with self.write():
            taken = chosen()
            for at, player, handle in taken:
                self._insert("handles", at=at, player=player, handle=handle)
        return len(taken)

    def handles(self) -> dict[str, Handle]:
        """Each person's handle now (by `names.key`): their newest row's, persons whose newest row removed it left
        out. A row whose handle does not read (changed outside bragref: `audit` names it) is left out too."""
        from bragref.engine import payto

        newest: dict[str, str | None] = {}
        for player, handle in self._q("SELECT player, handle FROM handles ORDER BY id"):
            newest[key(player)] = handle
        kept: dict[str, Handle] = {}
        for person, handle in newest.items():
            try:
                if handle is not None:
                    kept[person] = payto.handle(handle)
            except BadInput:
                continue
        return kept

    # ---- reports ------------------------------------------------------------

    def _scope(self, sessions: list[Session]) -> tuple[str, list[int]]:
        ids = [s.id for s in sessions]
        return f"session_id IN ({', '.join('?' * len(ids))})", ids

    def balances(self, sessions: list[Session], settle_ups: bool = False) -> list[dict]:
        """Per player (and bystander lender): paid in, won, the night's result (won less paid, with what was carried),
        loans, net; settled hands only (a SUM, never a replay). `loans` is + what is owed to them, − what they owe
        (R7.5); `net` is the result and the loans together.

        With `settle_ups` (every session: `balances --all`), a row per player per money the sessions keep (`money`:
        `kept_in`; 1 in a session of £0.01 is not 1 in one of £1, R1.1), with the settle-ups recorded in it:
        `paid_up` (payments made less received) and `owed`, what `settle --all` has them receive less pay: `net` +
        `paid_up`, less what hands at table stakes moved, which was settled at the table (R1.3). Without, the
        sessions keep one money (one session's report).
        """
        if not settle_ups:
            return self._balances(sessions)
        made = self.paid_up()
        return [row for money, kept in by_money(sessions).items()
                for row in self._owing(kept, money, made.get(money, {}), self.on_table(kept))]

    def _owing(self, sessions: list[Session], money: str, made: dict[str, int], moved: dict[str | None, int]
               ) -> list[dict]:
        """`balances` of sessions kept in `money`, with what was `made` in it (`paid_up`) and what hands at table
        stakes `moved` (`on_table`): `paid_up`, `owed` and `money`."""
        rows = self._balances(sessions)
        for row in rows:
            person = key(row["player"])
            row["paid_up"] = made.get(person, 0)
            row["owed"] = row["net"] + row["paid_up"] - moved.get(person, 0)
            row["money"] = money
        return rows

    def _balances(self, sessions: list[Session]) -> list[dict]:
        """`balances` of sessions kept in one money."""
        order = [name for s in sessions for name in s.seats]
        spelling: dict[str, str] = {}  # one person, one name, however each session spelt it (R2.6)
        rows: dict[str, dict] = {}

        def row(name: str) -> dict:
            person = spelling.setdefault(key(name), name)
            return rows.setdefault(person, {"player": person, **dict.fromkeys(BALANCES[1:], 0)})

        for name in order:
            row(name)
        by_id = {session.id: session for session in sessions}
        for session_id, player, paid, won, net in self._posted(sessions):
            totals = row(by_id[session_id].now_called(player))
            totals["paid"] += paid
            totals["won"] += won
            totals["result"] += net
            totals["net"] += net
        for name, owed in sorted(loans.positions(loans.outstanding(self.loan_entries(sessions))).items()):
            totals = row(name)
            totals["loans"] += owed
            totals["net"] += owed
        return list(rows.values())

    def _posted(self, sessions: list[Session]) -> list[sqlite3.Row]:
        """Rows of (session id, player, paid, won, net) over the sessions' postings, by the names they were posted
        under, summed from the rows along the covering index of sessions and players in one query (no sum kept beside
        the ledger is trusted); a session's players by name."""
        where, ids = self._scope(sessions)
        return self._q("SELECT session_id, player, -SUM(CASE WHEN kind = 'stake' THEN amount ELSE 0 END),"
                       " SUM(CASE WHEN kind = 'win' THEN amount ELSE 0 END), SUM(amount) FROM postings"
                       f" WHERE {where} AND player IS NOT NULL GROUP BY session_id, player", ids)

    def carried(self, sessions: list[Session]) -> int:
        """Money in a pot carried forward and not yet won (R6.2)."""
        where, ids = self._scope(sessions)
        return self._q(f"SELECT COALESCE(SUM(amount), 0) FROM postings WHERE {where} AND player IS NULL", ids)[0][0]

    def payments(self, sessions: list[Session], settle_ups: bool = False, rows: list[dict] | None = None) -> list[dict]:
        """Who pays whom, in the fewest payments, to clear every net (loans included). Results of hands at table
        stakes are already on the table (R1.3): only loans and hands paid from the pocket are settled. A pot still
        carried forward is a payee of its own, `CARRIED_POT`. With `settle_ups`, every session's, net of the
        settle-ups recorded too (what is still owed: each player's `owed`), in each money the sessions keep apart,
        each payment saying its `money`; `rows`: their `balances`, where they are read already."""
        if not settle_ups:
            done = self.on_table(sessions)
            return self._fewest(sessions, {r["player"]: r["net"] - done.get(key(r["player"]), 0)
                                           for r in self._balances(sessions)}, done)
        rows = rows or self.balances(sessions, settle_ups=True)
        return [{**payment, "money": money} for money, kept in by_money(sessions).items()
                for payment in self._fewest(kept, {r["player"]: r["owed"] for r in rows if r["money"] == money},
                                            self.on_table(kept))]

    def _fewest(self, sessions: list[Session], nets: dict[str, int], done: dict[str | None, int]) -> list[dict]:
        """The fewest payments that clear `nets`, the sessions' pot still carried (less what table stakes `done`
        moved of it) a payee of its own."""
        carried = self.carried(sessions) - done.get(None, 0)
        if carried:
            nets[CARRIED_POT] = carried
        if sum(nets.values()) != 0:  # bragref never posts a hand that does not balance: the rows were changed
            raise LedgerUnavailable(f"the ledger's nets sum to {sum(nets.values())}, not 0 (R1.2): its postings were "
                                    f"changed outside bragref, so nobody can be told whom to pay (`bragref audit`)")
        return [{"from": a, "to": b, "amount": amount} for a, b, amount in fewest_payments(nets)]

    def on_table(self, sessions: list[Session]) -> dict[str | None, int]:
        """What hands at table stakes moved, per player by `names.key` (None: a carried pot): money that already
        changed hands on the table (R1.3), so settling up leaves it out."""
        moved: dict[str | None, int] = {}
        where, ids = self._scope(sessions)
        staked = {row[0] for row in self._q(f"SELECT DISTINCT session_id FROM hands WHERE {where} AND purses IS NOT "
                                            f"NULL", ids)}  # in one read: a session every hand of which was from the
        for session in sessions:  # pocket has nothing to leave out, and nothing to sum
            if session.id not in staked:
                continue
            for player, (_, amount) in self.at_table(session.id).items():
                person = None if player is None else key(session.now_called(player))
                moved[person] = moved.get(person, 0) + amount
        return moved

    def night(self, sessions: list[Session]) -> dict:
        """What a summary tells: hands played (misdeals and unfinished hands left out), the biggest pot won (of the
        games with pots), and the banked games' deals (R17: no pot to name) with what the bank won, as
        `{"hands": 22, "biggest": {"amount": 17, "session": "friday", "hand": 9, "winners": ["Chris"]} or None,
        "bank": {"deals": 3, "net": -12} or None}` (the bank's net: what its banker, the dealer, won in them)."""
        where, ids = self._scope(sessions)
        dealt = self._q(f"SELECT COUNT(*) FROM hands h WHERE {where} AND NOT {MISDEALT}", ids)[0][0]
        played = dealt - len(self.in_play(sessions))  # a hand may move no money (R14.4)
        banked = [name for name, game in GAMES.items() if game.banked]
        games = f"COALESCE(json_extract(h.rules, '$.game'), 'brag') IN ({','.join('?' * len(banked))})"
        rows = self._q(
            f"SELECT p.hand_id, p.session_id, h.number, SUM(p.amount) AS won FROM postings p"
            f" JOIN hands h ON h.id = p.hand_id WHERE p.{where} AND p.kind = 'win' AND NOT {games} GROUP BY p.hand_id"
            " HAVING won > 0 ORDER BY won DESC, p.hand_id LIMIT 1", (*ids, *banked))
        biggest = None
        if rows:
            hand_id, session_id, number, amount = rows[0]
            session = next(s for s in sessions if s.id == session_id)
            winners = [session.now_called(r[0]) for r in self._q(
                "SELECT player FROM postings WHERE hand_id = ? AND kind = 'win' GROUP BY player HAVING SUM(amount) > 0"
                " ORDER BY MIN(id)", (hand_id,))]
            biggest = {"amount": amount, "session": session.name, "hand": number, "winners": winners}
        deals, net = self._q(
            f"SELECT COUNT(DISTINCT h.id), COALESCE(SUM(CASE WHEN p.player = h.dealer THEN p.amount END), 0)"
            f" FROM hands h JOIN postings p ON p.hand_id = h.id WHERE h.{where} AND {games}", (*ids, *banked))[0]
        return {"hands": played, "biggest": biggest, "bank": {"deals": deals, "net": net} if deals else None}

    def in_play(self, sessions: list[Session]) -> list[tuple[Session, Current]]:
        """Each session's hand still being played (only a session's last hand can be): its money is in the pot, in
        nobody's balance until the hand is settled."""
        return [(s, current) for s in sessions if (current := self.current(s)) is not None
                and current.hand.phase != "over"]

    def running(self, session: Session) -> dict:
        """The night as a picture: each player's running result over the session's settled hands, `{"hands": [the
        hands' numbers], "players": {name: [their result after each]}, "first": {name: the place among `hands` of
        their first hand}}`, summed from the postings (a settlement a void reversed sums to nothing, and a hand undone
        back into play is not settled: it is left out). `first` names only those not dealt in from the first hand
        drawn (seated since, R2.1: their results before it are 0, no hand of theirs); one dealt in none of them has
        the number of hands drawn."""
        current = self.current(session)
        playing = current.number if current is not None and current.hand.phase != "over" else None
        rows = self._q("SELECT h.number, p.player, SUM(p.amount) FROM postings p JOIN hands h ON h.id = p.hand_id"
                       " WHERE p.session_id = ? AND p.player IS NOT NULL GROUP BY h.number, p.player"
                       " ORDER BY h.number", (session.id,))
        hands = list(dict.fromkeys(number for number, _, _ in rows if number != playing))
        at = {number: index for index, number in enumerate(hands)}
        players = {name: [0] * len(hands) for name in (session.now_called(seat) for seat in session.seats)}
        for number, player, amount in rows:
            if number in at:
                players.setdefault(session.now_called(player), [0] * len(hands))[at[number]] += amount
        for results in players.values():
            for index in range(1, len(results)):
                results[index] += results[index - 1]
        first: dict[str, int] = {}
        for number, seats in self._q("SELECT number, seats FROM hands WHERE session_id = ? ORDER BY number",
                                     (session.id,)):
            if number in at:
                for name in structs.decode(seats):
                    first.setdefault(session.now_called(name), at[number])
        late = {name: first.get(name, len(hands)) for name in players}
        return {"hands": hands, "players": players, "first": {name: at for name, at in late.items() if at}}

    def matches_won(self, sessions: list[Session]) -> list[dict]:
        """Each match for lives won with a kitty (R14.4): `{"session", "match", "hand", "winner", "kitty"}`, from
        the postings of the hands that ended them (a settlement a void cancelled is left out)."""
        where, ids = self._scope(sessions)
        by_id = {s.id: s for s in sessions}
        return [{"session": by_id[sid].name, "match": int(match), "hand": number,
                 "winner": by_id[sid].now_called(player), "kitty": kitty}
                for sid, match, number, player, kitty in self._q(
                    f"SELECT p.session_id, json_extract(h.dealt, '$.match'), h.number, p.player, SUM(p.amount)"
                    f" FROM postings p JOIN hands h ON h.id = p.hand_id WHERE p.{where} AND p.kind = 'win'"
                    f" AND json_extract(h.dealt, '$.match') IS NOT NULL GROUP BY p.hand_id, p.player"
                    f" HAVING SUM(p.amount) > 0 ORDER BY p.hand_id", ids)]


def person(name: str, people: list[str], sessions: list[Session]) -> str:
    """The one of `people` (everyone `settle --all` may name, by the names they have now) that `name` names, as
    `resolve` finds them; a name someone had before a rename (R2.6) is refused saying whom it means now, as a move
    refuses it, or naming both where two people had it before renames apart (`seats.formerly_named`)."""
    try:
        return resolve(name, people)
    except UnknownName as unknown:
        now = formerly_named(sessions, name)
        if now is None:
            raise
        raise unknown.formerly({former: now for session in sessions for former in session.renamed
                                if key(former) == key(name.strip())}) from None
