"""A `Book`'s season: the standings over the nights between two dates, a row per player per night, each player's
result night by night (R2.6: one person under every spelling of their name)."""

from __future__ import annotations

import re
from datetime import date

from bragref.engine.errors import BadInput


class Season:
    """The nights between two dates: a part of `Book`, reading its `ledger`."""

    def season(self, first: str | None = None, last: str | None = None) -> list[dict]:
        """The standings over the sessions created (local date) from `first` to `last`, `YYYY-MM-DD`, both inclusive
        (either left open), as `season --json` gives them, each with `games` too (hands dealt in per game): best net
        first, one person under every spelling of their name (R2.6)."""
        from bragref.ledger.season import standings

        return standings(self.ledger, self._nights(first, last))

    def nightly(self, first: str | None = None, last: str | None = None) -> list[dict]:
        """One row per player per night over the same sessions as `season`: `player`, `session`, `date`, `paid`,
        `won`, `net` (what `season --nights --csv` gives a spreadsheet)."""
        from bragref.ledger.season import nightly

        return nightly(self.ledger, self._nights(first, last))

    def season_chart(self, first: str | None = None, last: str | None = None) -> dict:
        """Each player's cumulative result night by night over the same sessions as `season` kept in the current
        session's money (the table's): `{"nights": [session names], "players": {name: [result after each night]},
        "money": "£0.01"}`."""
        from bragref.ledger.money import kept_in
        from bragref.ledger.season import progress

        money = kept_in(self.current_session().rules)
        return progress(self.ledger, [s for s in self._nights(first, last) if kept_in(s.rules) == money])

    def season_charts(self, first: str | None = None, last: str | None = None) -> list[dict]:
        """`season_chart` of the nights kept in each money, in the order each money was first kept (R1.1)."""
        from bragref.ledger.season import charts

        return charts(self.ledger, self._nights(first, last))

    def stats(self, player: str | None = None, first: str | None = None, last: str | None = None) -> dict:
        """Play read from the chain over the same sessions as `season`, as `stats --json` gives it: `players` (a row
        per person per game: hands dealt in, looked, blind, folded before putting anything in, sees asked, showdowns
        and hands won, net, and the hand types they showed against their odds), `dealers` (per dealer and game, the
        hand types shown in their deals against what a fair deal makes, with the chance of at least that many,
        `flagged` below 1 in 100) and the report's two notes. `player`: that person alone (a unique prefix, any
        spelling, R2.6), as player and as dealer: a player of the season (`season_player`) with no hand in the range
        has no rows, a name no player of the season has is refused."""
        from bragref.engine.names import key
        from bragref.ledger.stats import stats

        chosen = None if player is None else key(self.season_player(player))
        found = stats(self.ledger, self._nights(first, last))
        if chosen is None:
            return found
        return {**found, "players": [row for row in found["players"] if key(row["player"]) == chosen],
                "dealers": [row for row in found["dealers"] if key(row["dealer"]) == chosen]}

    def season_player(self, player: str) -> str:
        """The player of the season `player` names, by the name they have now (R2.6): anyone seated in any session,
        hands in a range or none; the name itself, a name they had before a rename (`player rename`: whoever is
        called it now wins), or a unique prefix of a name now, any spelling. A name no player of the season has or
        had: `UnknownName`, the players listed; a prefix of two: `BadInput`, both named; a former name of two people
        (renamed apart in two sessions): `BadInput`, both named."""
        from bragref.engine.names import key, resolve
        from bragref.ledger.seats import formerly_named

        players = self.cast()["players"]
        folded = key(player.strip())
        if not any(key(name) == folded for name in players):
            now = formerly_named(self.ledger.all_sessions(), player)
            if now is not None:
                return resolve(now, players)
        return resolve(player, players)

    def cast(self) -> dict:
        """Everyone seated in any session (`players`, by the name they have now, R2.6) and every game dealt
        (`games`): whom and what the season page draws at zero where a range holds none of their hands."""
        from bragref.ledger.stats import cast

        return cast(self.ledger, self.ledger.all_sessions())

    def _nights(self, first: str | None, last: str | None) -> list:
        """The sessions created (local date) from `first` to `last`, `YYYY-MM-DD`, both inclusive (either left open),
        oldest first."""
        from bragref.ledger.season import in_range

        return in_range(self.ledger, _date(first, "--from"), _date(last, "--to"))


def _date(text: str | None, option: str):
    """`YYYY-MM-DD` as a date, None for none; bad input otherwise."""
    if text is None:
        return None
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return date.fromisoformat(text)
    except ValueError:
        pass
    raise BadInput(f"{option} is a date, YYYY-MM-DD, like 2026-11-28, not {text[:20]!r}")
