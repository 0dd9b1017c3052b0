"""A `Book`'s sessions and seats: a session made, chosen, closed or simulated, the players seated, gone or renamed,
a house rule changed between hands (R2, R9), each as its command records it."""

from __future__ import annotations

from bragref.engine.names import check_name
from bragref.engine.rules import Rules
from bragref.engine.seating import check_seats
from bragref.games import rules_changed, rules_from_text


class Sessions:
    """The sessions and their seats: a part of `Book`, speaking to its `ledger` of its `session`."""

    def session_new(self, name: str, players: list[str], game: str | None = "brag", preset: str | None = None,
                    rules: Rules | None = None, next_only: bool = False, **options: str):
        """Make a session and make it current; `options` as the command line takes them (`ante="0.10"`), or the
        `rules` themselves; with `next_only`, only where no session is open (the table's next, R9.1)."""
        rules = rules or rules_from_text(game, preset, **options)
        check_name(name, "session name")
        check_seats(players)  # before the ledger is opened: a first command mistyped makes no ledger
        made = self._recorded(self.ledger.create_session(name, rules, players, next_only=next_only))
        self.session = made.name
        return made

    def session_use(self, name: str):
        """Make another session current, as `session use` does."""
        self.session = self._recorded(self.ledger.use(name)).name
        return self.current_session()

    def closing_digest(self) -> str | None:
        """The digest the session's close gave (R9.1), None while it is open: a witness every phone keeps."""
        return self.ledger.closing_digest(self.current_session())

    def session_close(self) -> str:
        """Close the session between hands, as `session close` does; the ledger's digest (R9.1). `last`: the
        session, the digest and the cash-outs recorded with the close (at table stakes, R1.3)."""
        return self._recorded(self.ledger.close_session(self.session))[1]

    def simulate(self, name: str, players: list[str], hands: int, seed: int, game: str | None = "brag",
                 preset: str | None = None, advance=None, **options: str):
        """A session of `hands` random legal hands (`seed` makes it again), recorded like typed ones, all or
        nothing, as `bragref simulate` does; it becomes current. `advance()` is called after each hand."""
        from bragref.ledger.simulate import simulate

        rules = rules_from_text(game, preset, **options)
        made = self._recorded(simulate(self.ledger, name, rules, players, hands, seed, advance and (lambda _: advance())))
        self.session = made.name
        return made

    def sessions(self) -> list[dict]:
        """Every session of the ledger, as `session list --json` gives them."""
        return self.ledger.sessions()

    def session_names(self) -> list[str]:
        """The names of the ledger's sessions, oldest first."""
        return self.ledger.session_names()

    def join(self, player: str, after: str | None = None):
        """Seat a player between hands, as `player join` does (R2.1)."""
        return self._recorded(self.ledger.join(self.session, player, after))

    def leave(self, player: str):
        """A player leaves between hands, as `player leave` does (R2.1). `last`: the session and who left."""
        return self._recorded(self.ledger.leave(self.session, player))[0]

    def rename(self, old: str, new: str):
        """A seated player takes a new name between hands, as `player rename` does (R2.6). `last`: the session, the
        old name and the new."""
        return self._recorded(self.ledger.rename(self.session, old, new))[0]

    def rules_set(self, option: str, value: str) -> Rules:
        """Change one house rule between hands, as `rules set` does (R9.3); `game` is dealer's choice. Set to what
        it is already, nothing is recorded. `last`: the rules before, and the session after."""
        before: list[Rules] = []

        def change(rules: Rules) -> Rules | None:
            before.append(rules)
            return rules_changed(rules, option, value)

        session = self.ledger.set_rules(self.session, change)
        return self._recorded((before[-1], session))[1].rules
