"""A `Book`'s reports of what was played: each hand's history and replay, its story for a dispute, the session's
running result, the night in figures, and the audit of the whole ledger."""

from __future__ import annotations

from collections.abc import Iterator


class Reports:
    """What the ledger tells of the hands: a part of `Book`, reading its `ledger` for its `session`."""

    def history(self, number: int | None = None, private: bool = False) -> Iterator[dict]:
        """Every action of hand `number` (default: of every hand of the session, read a few hundred hands at a time)
        as `history --json` gives them: the pot and stake after each, voids marked (R9.1), where each pot went; with
        `private`, whether what each shows is its players' own business while the hand is in play (R13.4)."""
        from bragref.ledger.history import hand_history, named_now

        session = self.current_session()
        replays = self.ledger.replays(session, number)  # `BadInput` now for a hand the session does not have
        return (entry for row, steps in replays for entry in named_now(session, hand_history(row, steps, private)[0]))

    def replays(self, number: int | None = None):
        """Hand `number` (default: every hand of the session), each as (its row, its steps: `ledger.replay.Step`,
        each action with the hand before and after it): the one replay `history`, `replay`, export and audit read."""
        return self.ledger.replays(self.current_session(), number)

    def replays_between(self, first: int, last: int):
        """`replays` of the hands numbered `first` to `last`, read together."""
        return self.ledger.replays_between(self.current_session(), first, last)

    def hand_numbers(self) -> list[int]:
        """The numbers of the session's hands, misdeals included."""
        return self.ledger.hand_numbers(self.current_session())

    def misdealt_numbers(self) -> list[int]:
        """The numbers of the session's hands whose deal was voided (R9.1)."""
        return self.ledger.misdealt_numbers(self.current_session())

    def last_number(self) -> int:
        """The number of the session's last hand; 0 before the first deal."""
        return self.ledger.last_number(self.current_session())

    def action_count(self) -> int:
        """How many actions the session's hands hold."""
        return self.ledger.action_count(self.current_session())

    def replay(self, number: int) -> list[str]:
        """Hand `number` told as `bragref replay` tells it, for a dispute: a sentence for the deal, one for each
        action and void, one for how it ended, each citing its rule."""
        from bragref.ledger.story import story

        return story(self.ledger, self.current_session(), number)

    def running(self) -> dict:
        """Each player's running result over the session's settled hands (the page's chart): `{"hands": [numbers],
        "players": {name: [result after each hand]}}`."""
        return self.ledger.running(self.current_session())

    def night(self, all_sessions: bool = False, money: str | None = None) -> dict:
        """What `summary` tells: hands played and the biggest pot won; `money`: of the sessions kept in it only."""
        return self.ledger.night(self.scope(all_sessions, money))

    def matches_won(self, all_sessions: bool = False, money: str | None = None) -> list[dict]:
        """Each match for lives won with a kitty (R14.4); `money`: in the sessions kept in it only."""
        return self.ledger.matches_won(self.scope(all_sessions, money))

    def audit(self, all_sessions: bool = False, digest: str | None = None) -> list[str]:
        """What `bragref audit` finds, one line each (none: the ledger is sound): the hash chain over every row, the
        session's hands (`all_sessions`: every session's) replayed and their postings compared, conservation (R1.2);
        with `digest`, one given out earlier, that the ledger still holds what it held then."""
        from bragref.ledger.audit import audit, sessions_to_audit

        return audit(self.ledger.conn, sessions_to_audit(self.ledger, self.session, all_sessions), digest)
