"""The ledger published with Datasette (the ecosystem's tool for publishing SQLite): the metadata `bragref
datasette-metadata` prints, with canned queries a club reads its season by. Each is plain SQL over the ledger's rows,
one person under every spelling of their name and under the name they have now (R2.6: `player rename` is followed
through a session's rename events; a name given up and taken again by another is beyond it).

Every amount is text in its own session's money, as bragref prints it (R1.1a: `£13.45`, `-£0.25`; `4` where the unit
is 1 and there is no currency), worked out in integers from the rows' units; what adds up over several sessions
(the standings) is added up for each money apart, as `season` reports it (docs/reference.md, The season). A settle-up
belongs to no session: it is in the money of the sessions recorded before it (bragref records one only while they keep a
single money, R1.1)."""

from __future__ import annotations

MONEY = """money(session_id, unit, currency, mantissa, scale) AS (
  SELECT id, unit, currency, CAST(replace(unit, '.', '') AS INTEGER),
    CASE WHEN instr(unit, '.') = 0 THEN 1
      ELSE CAST('1' || substr('000000000000000000', 1, length(unit) - instr(unit, '.')) AS INTEGER) END
  FROM (SELECT id, trim(COALESCE(json_extract(rules, '$.unit'), '1')) AS unit,
          COALESCE(json_extract(rules, '$.currency'), '') AS currency
        FROM (SELECT s.id, COALESCE((SELECT e.detail FROM session_events e WHERE e.session_id = s.id
                AND e.event = 'rules' ORDER BY e.id DESC LIMIT 1), s.rules) AS rules FROM sessions s))
)"""  # each session's money as its rules stand now (a change of currency is refused once money is recorded, R9.3)

NAMED = """renamed(session_id, was, now) AS (
  SELECT session_id, player, detail FROM session_events WHERE event = 'rename'
  UNION
  SELECT r.session_id, r.was, e.detail FROM renamed r JOIN session_events e
    ON e.session_id = r.session_id AND e.event = 'rename' AND lower(e.player) = lower(r.now)
),
final(session_id, was, now) AS (
  SELECT session_id, was, now FROM renamed r WHERE NOT EXISTS (SELECT 1 FROM session_events e
    WHERE e.session_id = r.session_id AND e.event = 'rename' AND lower(e.player) = lower(r.now))
),
nightly(session_id, person, result) AS (
  SELECT p.session_id, MIN(COALESCE(f.now, p.player)), SUM(p.amount) FROM postings p
    LEFT JOIN final f ON f.session_id = p.session_id AND lower(f.was) = lower(p.player)
  WHERE p.player IS NOT NULL GROUP BY p.session_id, lower(COALESCE(f.now, p.player))
)"""


def said(units: str, money: str = "m") -> str:
    """SQL for the integer amount `units` as text in the money of `money` (a row of `MONEY`), as `format_money`
    writes it: the sign, the currency, then the amount with as many places as the unit is written with."""
    whole = f"abs({units}) * {money}.mantissa"
    return (f"CASE WHEN {units} < 0 THEN '-' ELSE '' END || {money}.currency || ({whole} / {money}.scale) || "
            f"CASE WHEN {money}.scale > 1 THEN '.' || substr({money}.scale + {whole} % {money}.scale, 2) ELSE '' END")


def first_of(money: str = "m") -> str:
    """SQL for the first session kept in the money of `money`: the moneys in the order the ledger met them."""
    return (f"(SELECT MIN(o.session_id) FROM money o WHERE o.unit = {money}.unit AND o.currency = {money}.currency)")


QUERIES = {
    "standings": {
        "title": "Standings",
        "description": "Each player's season: nights played, the season's net from settled hands (loans and "
                       "settle-ups apart), the best and worst night; best first, for each money the sessions keep.",
        "sql": f"WITH RECURSIVE {MONEY},\n{NAMED}\n"
               f"SELECT MIN(n.person) AS player, COUNT(*) AS nights, {said('SUM(n.result)')} AS net,"
               f" {said('MAX(n.result)')} AS best, {said('MIN(n.result)')} AS worst"
               f" FROM nightly n JOIN money m ON m.session_id = n.session_id"
               f" GROUP BY lower(n.person), m.unit, m.currency"
               f" ORDER BY {first_of()}, SUM(n.result) DESC, lower(player)",
    },
    "nights": {
        "title": "Nights",
        "description": "Every session: when it began, its hands, and the biggest pot won in it.",
        "sql": f"WITH {MONEY}\nSELECT s.name AS session, s.created_at AS began, (SELECT COUNT(*) FROM hands h"
               f" WHERE h.session_id = s.id) AS hands, {said('w.biggest')} AS biggest_pot FROM sessions s"
               f" JOIN money m ON m.session_id = s.id LEFT JOIN (SELECT session_id, MAX(won) AS biggest FROM"
               f" (SELECT session_id, SUM(amount) AS won FROM postings WHERE kind = 'win' GROUP BY hand_id)"
               f" GROUP BY session_id) w ON w.session_id = s.id ORDER BY s.created_at",
    },
    "biggest_pots": {
        "title": "Biggest pots",
        "description": "The twenty largest pots won in each money the sessions keep, with their night, hand and "
                       "winners.",
        "sql": f"WITH {MONEY}\nSELECT session, hand, pot, winners FROM (SELECT s.name AS session, h.number AS hand,"
               f" {said('SUM(p.amount)')} AS pot, group_concat(p.player, ', ') AS winners, SUM(p.amount) AS units,"
               f" {first_of()} AS kept, ROW_NUMBER() OVER (PARTITION BY m.unit, m.currency ORDER BY SUM(p.amount)"
               f" DESC, p.hand_id) AS place FROM postings p JOIN hands h ON h.id = p.hand_id JOIN sessions s ON"
               f" s.id = p.session_id JOIN money m ON m.session_id = p.session_id WHERE p.kind = 'win' AND"
               f" p.amount > 0 GROUP BY p.hand_id) WHERE place <= 20 ORDER BY kept, place",
    },
    "player_record": {
        "title": "A player's record",
        "description": "One player's nights, each with its result, oldest first.",
        "sql": f"WITH RECURSIVE {MONEY},\n{NAMED}\n"
               f"SELECT s.name AS session, s.created_at AS began, {said('n.result')} AS result FROM nightly n"
               f" JOIN sessions s ON s.id = n.session_id JOIN money m ON m.session_id = n.session_id"
               f" WHERE lower(n.person) = lower(:player) ORDER BY s.created_at",
    },
    "settle_ups": {
        "title": "Settle-ups",
        "description": "Payments recorded with `bragref paid` (voided ones left out), each in the money of the "
                       "sessions recorded before it.",
        "sql": f"WITH {MONEY}\nSELECT p.at, p.payer, p.payee, {said('p.amount')} AS amount, p.note FROM payments p"
               f" LEFT JOIN money m ON m.session_id = (SELECT c.row_id FROM chain c WHERE c.tbl = 'sessions' AND c.seq <"
               f" (SELECT seq FROM chain WHERE tbl = 'payments' AND row_id = p.id) ORDER BY c.seq DESC LIMIT 1)"
               f" WHERE p.voids IS NULL AND NOT EXISTS (SELECT 1 FROM payments v WHERE v.voids = p.id) ORDER BY p.id",
    },
}


def metadata(database: str) -> dict:
    """Datasette's metadata for the ledger served as `database` (its file's name without `.db`)."""
    return {"title": "bragref: the club's ledger",
            "description": "Every hand, bet and settle-up, append-only and hash-chained (`bragref audit` checks it).",
            "databases": {database: {"queries": QUERIES}}}
