"""A `Book`'s money off the hand: table money (R1.3), loans (R7.5), settle-ups (R1.2), and what the reports of money
read: balances, who pays whom, what is carried, on the table, still in play, the moneys kept (R1.1)."""

from __future__ import annotations

from bragref.games import find_game


class Money:
    """Money between people and on the table: a part of `Book`, speaking to its `ledger` of its `session` (or of the
    sessions its `scope` gives)."""

    def buy_in(self, player: str, amount: str) -> int:
        """Money onto the table at table stakes, as `buy-in` does (R1.3): the player's table money after. `last`:
        the session, the player, the amount and the table money after."""
        return self.purse("buy-in", player, amount)

    def top_up(self, player: str, amount: str) -> int:
        """More money onto the table between hands, as `top-up` does (R1.3): the table money after."""
        return self.purse("top-up", player, amount)

    def cash_out(self, player: str, amount: str | None = None) -> int:
        """Money off the table, all of it without `amount`, as `cash-out` does (R1.3): the table money after."""
        return self.purse("cash-out", player, amount)

    def purse(self, kind: str, player: str, amount: str | None) -> int:
        """`buy-in`, `top-up` or `cash-out`, by name."""
        return self._recorded(self.ledger.purse(self.session, kind, player, amount))[3]

    def table_money(self) -> dict[str, int]:
        """At table stakes, what each player has on the table between hands (R1.3)."""
        return self.ledger.table_money(self.current_session())

    def lend(self, lender: str, borrower: str, amount: str, bystander: bool = False):
        """A loan, as `lend` does (R7.5): the session, the lender and borrower as named, the amount."""
        return self._recorded(self.ledger.lend(self.session, lender, borrower, amount, bystander))

    def repay(self, borrower: str, lender: str, amount: str):
        """A loan repaid, as `repay` does (R7.5): the session, the borrower and lender, the amount."""
        return self._recorded(self.ledger.repay(self.session, borrower, lender, amount))

    def loans(self, all_sessions: bool = False) -> list[tuple[str, str, str, int]]:
        """Every loan and repayment: (kind, lender, borrower, amount)."""
        return self.ledger.loan_entries(self.scope(all_sessions))

    def paid(self, payer: str, payee: str, amount: str | int, note: str | None = None):
        """Record a settle-up (`bragref paid`): `payer` paid `payee` `amount`, in the money of the sessions that made
        the debt (where there are several, the session's); refused (`Refused`, R1.2) above what
        `settle(all_sessions=True)` shows `payer` owing `payee`. The `ledger.money.Payment` recorded."""
        return self._recorded(self.ledger.pay(self.session, payer, payee, amount, note))

    def paid_since(self) -> list:
        """The settle-ups recorded since the session was made, in its money (`ledger.money.Payment`s): what the
        night's `settle` does not count (R1.2)."""
        return self.ledger.paid_since(self.current_session())

    def balances(self, all_sessions: bool = False) -> list[dict]:
        """Each player's paid, won, result, loans and net over the settled hands, as `balances --json` (R1.2); over
        every session, `paid_up` and `owed` too (the settle-ups recorded, `paid`)."""
        return self.ledger.balances(self.scope(all_sessions), settle_ups=all_sessions)

    def settle(self, all_sessions: bool = False, links: bool = False) -> list[dict]:
        """Who pays whom in the fewest payments, as `settle --json`; a pot still carried is a payee of its own. Over
        every session, net of the settle-ups recorded: what is still owed. With `links`, each payment to a person
        with a pay-to handle gains `"pay"` (the link that pays it, or None where the scheme cannot carry the money)
        and, where something is to be said beside it, `"pay_note"` (`pay_links`)."""
        payments = self.ledger.payments(self.scope(all_sessions), settle_ups=all_sessions)
        return self.pay_links(payments, all_sessions) if links else payments

    def pay_to(self, player: str, handle: str | None) -> tuple:
        """Record how `player` is paid, as `pay-to` does: `handle` (`upi:ann@okbank`, `paypal:ann`, `revolut:ann`,
        `monzo:ann`, an https link; `BadInput` where it is none of these), or None to take it away (`--remove`).
        The player as named, the `engine.payto.Handle` recorded (None: removed) and the one it replaced."""
        return self._recorded(self.ledger.pay_to(player, handle))

    def handles(self) -> dict:
        """Each person's pay-to handle now, by `names.key`: `engine.payto.Handle`s. Never shown on the players'
        page."""
        return self.ledger.handles()

    def pay_links(self, payments: list[dict], all_sessions: bool = False) -> list[dict]:
        """`payments` (`settle`'s rows), each to a person with a handle with `"pay"` and, where there is something
        to say beside it, `"pay_note"`: the amount in the money of the night (`"money"` over every session), UPI's
        note naming the night (`bragref friday`) or, over every session, `bragref settle-up`."""
        from bragref.engine.names import key
        from bragref.engine.payto import pay_link

        handles = self.ledger.handles()
        if not handles:
            return payments
        moneys = self.moneys() if all_sessions else {}
        session = None if all_sessions else self.current_session()
        note = "bragref settle-up" if all_sessions else f"bragref {session.name}"
        rows = []
        for payment in payments:
            to = handles.get(key(payment["to"]))
            if to is None:
                rows.append(payment)
                continue
            rules = moneys[payment["money"]] if all_sessions else session.rules
            paid = pay_link(to, payment["to"], payment["amount"], rules.unit, rules.currency, note)
            rows.append({**payment, "pay": paid.link, **({"pay_note": paid.note} if paid.note else {})})
        return rows

    def carried(self, all_sessions: bool = False, money: str | None = None) -> dict:
        """The money carried forward and not yet won, by what its game calls it (`Game.carried`: brag's carried pot,
        R6.2; a match's kitty, R14.4); `money`: in the sessions kept in it only (`"money"`, R1.1)."""
        kinds: dict = {}
        for session in self.scope(all_sessions, money):
            amount = self.ledger.carried([session])
            if amount:
                kind = find_game(session.rules.game).carried(session.rules)
                kinds[kind] = kinds.get(kind, 0) + amount
        return kinds

    def in_play(self, all_sessions: bool = False) -> list:
        """Each session's hand still being played, as (session, `Current`): its pot is in nobody's balance yet."""
        return self.ledger.in_play(self.scope(all_sessions))

    def on_table(self, all_sessions: bool = False, money: str | None = None) -> dict:
        """What hands at table stakes moved, per player: money that changed hands on the table (R1.3); `money`: in
        the sessions kept in it only."""
        return self.ledger.on_table(self.scope(all_sessions, money))

    def cashed_out(self) -> dict[str, tuple[int, int]]:
        """At table stakes (R1.3), per player of the session with table money: what they took off the table (the
        close's cash-outs among them) and what is on it still."""
        return self.ledger.cashed_out(self.current_session())

    def moneys(self) -> dict:
        """The money each report's rows name (`"money"`: one unit written in it, `£0.01`), with the rules of a
        session kept in it (which write its amounts, R1.1a), in the order each was first kept."""
        from bragref.ledger.money import by_money

        return {money: kept[0].rules for money, kept in by_money(self.scope(all_sessions=True)).items()}
