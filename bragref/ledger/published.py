"""The ledger published with Datasette (the ecosystem's tool for publishing SQLite): the metadata `bragref
datasette-metadata` prints, with canned queries a club reads its season by. Each is plain SQL over the ledger's rows,
one person under every spelling of their name and under the name they have now (R2.6: `player rename` is followed
through a session's rename events; a name given up and taken again by another is beyond it)."""

from __future__ import annotations

NAMED = """WITH RECURSIVE renamed(session_id, was, now) AS (
  SELECT session_id, player, detail FROM session_events WHERE event = 'rename'
  UNION
  SELECT r.session_id, r.was, e.detail FROM renamed r JOIN session_events e
    ON e.session_id = r.session_id AND e.event = 'rename' AND lower(e.player) = lower(r.now)
),
final(session_id, was, now) AS (
  SELECT session_id, was, now FROM renamed r WHERE NOT EXISTS (SELECT 1 FROM session_events e
    WHERE e.session_id = r.session_id AND e.event = 'rename' AND lower(e.player) = lower(r.now))
),
nightly(session_id, person, result, money) AS (
  SELECT p.session_id, MIN(COALESCE(f.now, p.player)), SUM(p.amount), (SELECT COALESCE(json_extract(s.rules,
    '$.currency'), '') || COALESCE(json_extract(s.rules, '$.unit'), '1') FROM sessions s WHERE s.id = p.session_id)
    FROM postings p LEFT JOIN final f ON f.session_id = p.session_id AND lower(f.was) = lower(p.player)
  WHERE p.player IS NOT NULL GROUP BY p.session_id, lower(COALESCE(f.now, p.player))
)
"""

QUERIES = {
    "standings": {
        "title": "Standings",
        "description": "Each player's season: nights played, the season's net from settled hands (loans and "
                       "settle-ups apart), the best and worst night; best first; a row per money the nights keep "
                       "(`money`: one unit written in it, £0.01; amounts in its units).",
        "sql": NAMED + "SELECT MIN(person) AS player, COUNT(*) AS nights, SUM(result) AS net, MAX(result) AS best,"
                       " MIN(result) AS worst, money FROM nightly GROUP BY lower(person), money ORDER BY money,"
                       " net DESC, lower(player)",
    },
    "nights": {
        "title": "Nights",
        "description": "Every session: when it began, its hands, and the biggest pot won in it.",
        "sql": "SELECT s.name AS session, s.created_at AS began, (SELECT COUNT(*) FROM hands h WHERE h.session_id ="
               " s.id) AS hands, (SELECT MAX(won) FROM (SELECT SUM(amount) AS won FROM postings WHERE session_id ="
               " s.id AND kind = 'win' GROUP BY hand_id)) AS biggest_pot FROM sessions s ORDER BY s.created_at",
    },
    "biggest_pots": {
        "title": "Biggest pots",
        "description": "The twenty largest pots won, with their night, hand and winners.",
        "sql": "SELECT s.name AS session, h.number AS hand, SUM(p.amount) AS pot, group_concat(p.player, ', ') AS"
               " winners FROM postings p JOIN hands h ON h.id = p.hand_id JOIN sessions s ON s.id = p.session_id"
               " WHERE p.kind = 'win' AND p.amount > 0 GROUP BY p.hand_id ORDER BY pot DESC LIMIT 20",
    },
    "player_record": {
        "title": "A player's record",
        "description": "One player's nights, each with its result, oldest first.",
        "sql": NAMED + "SELECT s.name AS session, s.created_at AS began, n.result, n.money FROM nightly n JOIN sessions"
                       " s ON s.id = n.session_id WHERE lower(n.person) = lower(:player) ORDER BY s.created_at",
    },
    "settle_ups": {
        "title": "Settle-ups",
        "description": "Payments recorded with `bragref paid` (voided ones left out), each in its money (empty: "
                       "recorded before payments said theirs, in the first session's).",
        "sql": "SELECT at, payer, payee, amount, note, money FROM payments p WHERE voids IS NULL AND NOT EXISTS"
               " (SELECT 1 FROM payments v WHERE v.voids = p.id) ORDER BY id",
    },
}


def metadata(database: str) -> dict:
    """Datasette's metadata for the ledger served as `database` (its file's name without `.db`)."""
    return {"title": "bragref: the club's ledger",
            "description": "Every hand, bet and settle-up, append-only and hash-chained (`bragref audit` checks it).",
            "databases": {database: {"queries": QUERIES}}}
