"""The season: standings over many nights (docs/reference.md, The season). Read from the rows alone: each session in
range counts; per player the nights they were dealt into (the local dates: two tables one evening are one night) and
the sessions, the hands dealt in (misdeals left out), the hands won (a
split pot counts for each winner), each night's result from its settled hands (loans and payments apart: a date's
sessions together, its best and worst), and the
largest pot won. One person under every spelling of their name, and under the name they have now (R2.6). Nights kept in
different money are added up apart, side by side, each row saying its `money` (`ledger.money.kept_in`, R1.1)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, datetime

from bragref.engine.names import key
from bragref.games import GAMES
from bragref.ledger.money import by_money, kept_in
from bragref.ledger.replay import MISDEALT

COLUMNS = ("player", "nights", "hands", "won_hands", "net", "best", "worst", "biggest_pot", "money", "sessions")


def night_of(created_at: str) -> date:
    """The local date a session was created on: the night it belongs to."""
    return datetime.fromisoformat(created_at).astimezone().date()


def nights(ledger) -> dict[int, date]:
    """Each session's night, by its id."""
    return {session_id: night_of(created_at) for session_id, created_at in ledger._q("SELECT id, created_at FROM "
                                                                                      "sessions")}


def in_range(ledger, first: date | None, last: date | None) -> list:
    """The sessions whose night falls within `first`…`last`, both inclusive (either open), oldest first."""
    night = nights(ledger)
    return [session for session in ledger.all_sessions() if (first is None or night[session.id] >= first)
            and (last is None or night[session.id] <= last)]


def standings(ledger, sessions: list) -> list[dict]:
    """Each player's season over `sessions` (COLUMNS, and `games`: hands dealt in per game), a row per player per
    money the nights keep, each money's rows together (in the order it was first kept) and best net first; only
    players with a night among them."""
    return [row for money, nights_in in by_money(sessions).items() for row in _standings(ledger, nights_in, money)]


def _standings(ledger, sessions: list, money: str) -> list[dict]:
    """`standings` over nights kept in one `money`."""
    banked = [name for name, game in GAMES.items() if game.banked]
    people: dict[str, dict] = {}

    def person(session, name: str) -> dict:
        name = session.now_called(name)
        return people.setdefault(key(name), {"player": name, "nights": 0, "hands": 0, "won_hands": 0, "net": 0,
                                              "best": None, "worst": None, "biggest_pot": 0, "money": money,
                                              "sessions": 0, "games": {}})

    dates = nights(ledger)  # a night is a date: two tables one evening are one night of each player's
    by_date: dict[str, dict] = {}  # each player's result on each date they played

    results: dict[int, list] = {}  # each night's result per player, in one read of every night's postings
    for session_id, name, _, _, net in ledger._posted(sessions):
        results.setdefault(session_id, []).append((name, net))
    for session in sessions:
        dealt: Counter = Counter()  # hands dealt in per player and game (R10.1), misdeals left out
        for seats, game, count in ledger._q(
                f"SELECT h.seats, COALESCE(json_extract(h.rules, '$.game'), 'brag'), COUNT(*) FROM hands h"
                f" WHERE h.session_id = ? AND NOT {MISDEALT} GROUP BY 1, 2", (session.id,)):
            for name in json.loads(seats):
                dealt[name, game] += count
        unpotted = {hand_id for (hand_id,) in ledger._q(  # a banked game's deals: no pot to name (R17)
            f"SELECT id FROM hands WHERE session_id = ? AND json_extract(rules, '$.game') IN"
            f" ({', '.join('?' * len(banked))})", (session.id, *banked))} if banked else set()
        tonight: dict[str, int] = {}
        for (name, game), count in dealt.items():
            row = person(session, name)
            row["hands"] += count
            row["games"][game] = row["games"].get(game, 0) + count
            tonight.setdefault(key(row["player"]), 0)
        for name, amount in results.get(session.id, ()):
            row = person(session, name)
            tonight[key(row["player"])] = tonight.get(key(row["player"]), 0) + amount
        hands: dict[int, list] = {}  # each hand's winnings per player
        for hand_id, name, amount in ledger._q(
                "SELECT hand_id, player, SUM(amount) FROM postings WHERE session_id = ? AND kind = 'win'"
                " AND player IS NOT NULL GROUP BY hand_id, player", (session.id,)):
            hands.setdefault(hand_id, []).append((name, amount))
        won: Counter = Counter()  # hands won per player (a split pot counts for each winner)
        biggest: dict[str, int] = {}  # the largest pot each won
        for hand_id, shares in hands.items():
            pot = sum(amount for _, amount in shares)
            for name, amount in shares:
                if amount > 0:
                    won[name] += 1
                    if hand_id not in unpotted:
                        biggest[name] = max(biggest.get(name, 0), pot)
        for name, count in won.items():
            row = person(session, name)
            row["won_hands"] += count
            row["biggest_pot"] = max(row["biggest_pot"], biggest.get(name, 0))
        for who, result in tonight.items():
            row = people[who]
            row["sessions"] += 1
            row["net"] += result
            on = by_date.setdefault(who, {})
            on[dates[session.id]] = on.get(dates[session.id], 0) + result
    for who, on in by_date.items():
        row = people[who]
        row["nights"] = len(on)
        row["best"], row["worst"] = max(on.values()), min(on.values())
    rows = [row for row in people.values() if row["nights"]]
    return sorted(rows, key=lambda row: (-row["net"], key(row["player"])))


def charts(ledger, sessions: list) -> list[dict]:
    """`progress` of the nights kept in each money, in the order each was first kept."""
    return [progress(ledger, nights_in) for nights_in in by_money(sessions).values()]


def progress(ledger, sessions: list) -> dict:
    """The season as a picture: each player's cumulative result night by night, `{"nights": [each session's name],
    "players": {name: [their season's result after each night]}, "money": "£0.01"}`, from the settled hands'
    postings (R2.6: one person under every spelling); the nights keep one money (`money`: theirs, None for none)."""
    names: dict[str, str] = {}
    by_night: dict[int, dict[str, int]] = {session.id: {} for session in sessions}
    by_id = {session.id: session for session in sessions}
    for session_id, name, _, _, amount in ledger._posted(sessions):
        name = by_id[session_id].now_called(name)
        who = names.setdefault(key(name), name)
        by_night[session_id][who] = by_night[session_id].get(who, 0) + amount
    nightly = list(by_night.values())
    players = {}
    for who in names.values():
        total, series = 0, []
        for tonight in nightly:
            total += tonight.get(who, 0)
            series.append(total)
        players[who] = series
    return {"nights": [s.name for s in sessions], "players": players,
            "money": kept_in(sessions[0].rules) if sessions else None}


NIGHT_COLUMNS = ("player", "session", "date", "paid", "won", "net", "money")


def nightly(ledger, sessions: list) -> list[dict]:
    """One row per player per night, the shape spreadsheets and home-game tools read: the player (by the name they
    have now), the session, its local date, what they paid into pots, won, and their net (settled hands), in the
    night's `money`; nights oldest first, players by name."""
    night = nights(ledger)
    rows: dict[int, dict[str, dict]] = {session.id: {} for session in sessions}
    by_id = {session.id: session for session in sessions}
    for session_id, name, paid, won, net in ledger._posted(sessions):
        session = by_id[session_id]
        name = session.now_called(name)
        row = rows[session_id].setdefault(key(name), {
            "player": name, "session": session.name, "date": night[session_id].isoformat(), "paid": 0, "won": 0,
            "net": 0, "money": kept_in(session.rules)})
        row["paid"] += paid
        row["won"] += won
        row["net"] += net
    return [row for tonight in rows.values() for row in sorted(tonight.values(), key=lambda row: key(row["player"]))]
