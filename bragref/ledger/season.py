"""The season: standings over many nights (CLI.md, The season). Read from the rows alone: each session in range is
a night; per player the nights they were dealt into, the hands dealt in (misdeals left out), the hands won (a split
pot counts for each winner), each night's result from its settled hands (loans and payments apart), and the largest
pot won. One person under every spelling of their name, and under the name they have now (R2.6)."""

from __future__ import annotations

from datetime import date, datetime

from bragref.engine.names import key
from bragref.ledger.replay import MISDEALT

COLUMNS = ("player", "nights", "hands", "won_hands", "net", "best", "worst", "biggest_pot")


def night_of(created_at: str) -> date:
    """The local date a session was created on: the night it belongs to."""
    return datetime.fromisoformat(created_at).astimezone().date()


def in_range(ledger, first: date | None, last: date | None) -> list:
    """The sessions whose night falls within `first`…`last`, both inclusive (either open), oldest first."""
    rows = ledger._q("SELECT name, created_at FROM sessions ORDER BY id")
    return [ledger.session(name) for name, created in rows
            if (first is None or night_of(created) >= first) and (last is None or night_of(created) <= last)]


def standings(ledger, sessions: list) -> list[dict]:
    """Each player's season over `sessions` (COLUMNS, and `games`: hands dealt in per game), best net first; only
    players with a night among them."""
    from bragref.games import GAMES

    banked = [name for name, game in GAMES.items() if game.banked]
    people: dict[str, dict] = {}

    def person(session, name: str) -> dict:
        name = session.now_called(name)
        return people.setdefault(key(name), {"player": name, "nights": 0, "hands": 0, "won_hands": 0, "net": 0,
                                              "best": None, "worst": None, "biggest_pot": 0, "games": {}})

    for session in sessions:
        dealt = ledger._q(
            f"SELECT s.value, COALESCE(json_extract(h.rules, '$.game'), 'brag'), COUNT(*) FROM hands h,"
            f" json_each(h.seats) s WHERE h.session_id = ? AND NOT {MISDEALT} GROUP BY s.value, 2", (session.id,))
        results = ledger._q("SELECT player, SUM(amount) FROM postings WHERE session_id = ? AND player IS NOT NULL"
                            " GROUP BY player", (session.id,))
        won = ledger._q(
            "SELECT p.player, COALESCE(json_extract(h.rules, '$.game'), 'brag'),"
            " (SELECT SUM(w.amount) FROM postings w WHERE w.hand_id = p.hand_id AND w.kind = 'win')"
            " FROM postings p JOIN hands h ON h.id = p.hand_id WHERE p.session_id = ? AND p.kind = 'win'"
            " AND p.player IS NOT NULL GROUP BY p.hand_id, p.player HAVING SUM(p.amount) > 0", (session.id,))
        tonight: dict[str, int] = {}
        for name, game, count in dealt:
            row = person(session, name)
            row["hands"] += count
            row["games"][game] = row["games"].get(game, 0) + count
            tonight.setdefault(key(row["player"]), 0)
        for name, amount in results:
            row = person(session, name)
            tonight[key(row["player"])] = tonight.get(key(row["player"]), 0) + amount
        for name, game, pot in won:
            row = person(session, name)
            row["won_hands"] += 1
            if game not in banked:  # a banked game has no pot to name (R17)
                row["biggest_pot"] = max(row["biggest_pot"], pot)
        for who, result in tonight.items():
            row = people[who]
            row["nights"] += 1
            row["net"] += result
            row["best"] = result if row["best"] is None else max(row["best"], result)
            row["worst"] = result if row["worst"] is None else min(row["worst"], result)
    rows = [row for row in people.values() if row["nights"]]
    return sorted(rows, key=lambda row: (-row["net"], key(row["player"])))


def progress(ledger, sessions: list) -> dict:
    """The season as a picture: each player's cumulative result night by night, `{"nights": [each session's name],
    "players": {name: [their season's result after each night]}}`, from the settled hands' postings (R2.6: one
    person under every spelling)."""
    names: dict[str, str] = {}
    nightly: list[dict[str, int]] = []
    for session in sessions:
        tonight: dict[str, int] = {}
        for name, amount in ledger._q("SELECT player, SUM(amount) FROM postings WHERE session_id = ? AND player IS"
                                      " NOT NULL GROUP BY player", (session.id,)):
            name = session.now_called(name)
            who = names.setdefault(key(name), name)
            tonight[who] = tonight.get(who, 0) + amount
        nightly.append(tonight)
    players = {}
    for who in names.values():
        total, series = 0, []
        for tonight in nightly:
            total += tonight.get(who, 0)
            series.append(total)
        players[who] = series
    return {"nights": [s.name for s in sessions], "players": players}


NIGHT_COLUMNS = ("player", "session", "date", "paid", "won", "net")


def nightly(ledger, sessions: list) -> list[dict]:
    """One row per player per night, the shape spreadsheets and home-game tools read: the player (by the name they
    have now), the session, its local date, what they paid into pots, won, and their net (settled hands); nights
    oldest first, players by name."""
    rows = []
    for session in sessions:
        created = ledger._q("SELECT created_at FROM sessions WHERE id = ?", (session.id,))[0][0]
        tonight: dict[str, dict] = {}
        for name, paid, won, net in ledger._posted(session.id):
            name = session.now_called(name)
            row = tonight.setdefault(key(name), {"player": name, "session": session.name,
                                                 "date": night_of(created).isoformat(), "paid": 0, "won": 0, "net": 0})
            row["paid"] += paid
            row["won"] += won
            row["net"] += net
        rows += sorted(tonight.values(), key=lambda row: key(row["player"]))
    return rows
