"""The ledger published with Datasette (the ecosystem's tool for publishing SQLite): the metadata `bragref
datasette-metadata` prints, with canned queries a club reads its season by. Each is plain SQL over the ledger's rows,
one person under every spelling of their name and under the name they have now (R2.6: `player rename` is followed
through a session's rename events; a name given up and taken again by another is beyond it).

Every amount is text in its own session's money, as bragref prints it (R1.1a: `£13.45`, `-£0.25`; `4` where the unit
is 1 and there is no currency), worked out in integers from the rows' units; what adds up over several sessions
(the standings) is added up for each money apart, as `season` reports it (docs/reference.md, The season). A settle-up
belongs to no session: it is in the money it records (`payments.money`, `kept_in`'s `£0.01`: its currency, then its
unit), or, where it records none, in that of the sessions recorded before it (R1.1)."""

from __future__ import annotations

from bragref.ledger.replay import MISDEALT

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

DATED = """dated(person, session_id, night, result, sessions) AS (
  SELECT MIN(n.person), MIN(n.session_id), date(s.created_at, 'localtime'), SUM(n.result), COUNT(*) FROM nightly n
    JOIN sessions s ON s.id = n.session_id JOIN money m ON m.session_id = n.session_id
  GROUP BY lower(n.person), m.unit, m.currency, date(s.created_at, 'localtime')
)"""  # each person's result on each date they played, per money: a night is a date (`season.night_of`, the local
# date: Datasette's machine's), two tables one evening one night of two sessions


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
        "description": "Each player's season: nights played (dates: two tables one evening are one night), the "
                       "season's net from settled hands (loans and settle-ups apart), the best and worst night (a "
                       "date's result, its sessions together), and the sessions played; best first, for each money "
                       "the sessions keep.",
        "sql": f"WITH RECURSIVE {MONEY},\n{NAMED},\n{DATED}\n"
               f"SELECT MIN(d.person) AS player, COUNT(*) AS nights, {said('SUM(d.result)')} AS net,"
               f" {said('MAX(d.result)')} AS best, {said('MIN(d.result)')} AS worst, SUM(d.sessions) AS sessions"
               f" FROM dated d JOIN money m ON m.session_id = d.session_id"
               f" GROUP BY lower(d.person), m.unit, m.currency"
               f" ORDER BY {first_of()}, SUM(d.result) DESC, lower(player)",
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
        "description": "Payments recorded with `bragref paid` (voided ones left out), each in the money it was paid "
                       "in (that of the sessions recorded before it, where it names none).",
        "sql": f"WITH {MONEY}\nSELECT p.at, p.payer, p.payee, {said('p.amount')} AS amount, p.note FROM payments p"
               f" LEFT JOIN money m ON m.session_id = COALESCE((SELECT MIN(k.session_id) FROM money k"
               f" WHERE k.currency || k.unit = p.money), (SELECT c.row_id FROM chain c WHERE c.tbl = 'sessions' AND"
               f" c.seq < (SELECT seq FROM chain WHERE tbl = 'payments' AND row_id = p.id) ORDER BY c.seq DESC LIMIT 1))"
               f" WHERE p.voids IS NULL AND NOT EXISTS (SELECT 1 FROM payments v WHERE v.voids = p.id) ORDER BY p.id",
    },
}


def shown_prial(cards: str) -> str:
    """SQL: whether the three cards `cards` (text as R8.9 writes them, `3h 3d 3s`) are one rank."""
    rest = f"substr({cards}, instr({cards}, ' ') + 1)"
    words = (f"substr({cards}, 1, instr({cards}, ' ') - 1)", f"substr({rest}, 1, instr({rest}, ' ') - 1)",
             f"substr({rest}, instr({rest}, ' ') + 1)")
    ranks = [f"substr({word}, 1, length({word}) - 1)" for word in words]
    return f"(instr({rest}, ' ') > 0 AND {ranks[0]} = {ranks[1]} AND {ranks[1]} = {ranks[2]})"


LIVE = """live(id, hand_id, player, verb, blind, amount, cards) AS (
  SELECT a.id, a.hand_id, a.player, a.verb,
    CASE WHEN a.verb IN ('bet', 'see') THEN COALESCE(a.blind, json_extract(a.args, '$.blind'), 0) ELSE 0 END,
    COALESCE(a.amount, 0), CASE WHEN a.verb = 'show' THEN trim(json_extract(a.args, '$.cards')) END
  FROM actions a WHERE a.verb != 'void' AND a.id NOT IN (SELECT voids FROM actions WHERE voids IS NOT NULL)
),
shows(hand_id, shown, prials, awarded) AS (
  SELECT hand_id, SUM(verb = 'show'), SUM(CASE WHEN verb = 'show' THEN {prial} ELSE 0 END), SUM(verb = 'award')
  FROM live GROUP BY hand_id
)"""  # every action standing (voids and the actions they void left out, R9.1); the hands shown in each hand, how
# many of them were three cards of one rank (`shown_prial`), and whether the table awarded a pot without cards
LIVE = LIVE.replace("{prial}", shown_prial("cards"))

PLAYED = f"""dealt(hand_id, session_id, game, player) AS (
  SELECT h.id, h.session_id, COALESCE(json_extract(h.rules, '$.game'), 'brag'), j.value
  FROM hands h, json_each(h.seats) j WHERE NOT {MISDEALT}
),
acts(hand_id, player, looked, blind, sees, first_paid, first_fold, first_pass) AS (
  SELECT hand_id, player, MAX(verb = 'look'), MAX(blind = 1), SUM(verb IN ('see', 'open')),
    MIN(CASE WHEN amount > 0 THEN id END), MIN(CASE WHEN verb = 'fold' THEN id END),
    MIN(CASE WHEN verb = 'pass' THEN id END)
  FROM live GROUP BY hand_id, player
),
hand_play(session_id, game, person, looked, blind, folded_early, sees, won, at_cards, net) AS (
  SELECT d.session_id, d.game, COALESCE(f.now, d.player), COALESCE(a.looked, 0), COALESCE(a.blind, 0),
    COALESCE(a.first_fold, CASE WHEN d.game = 'svara' THEN a.first_pass END) IS NOT NULL AND (a.first_paid IS NULL
      OR a.first_paid > COALESCE(a.first_fold, CASE WHEN d.game = 'svara' THEN a.first_pass END)),
    COALESCE(a.sees, 0),
    COALESCE(w.won, 0) > 0, COALESCE(w.won, 0) > 0 AND COALESCE(s.shown, 0) >= 2 AND COALESCE(s.awarded, 0) = 0,
    COALESCE(w.net, 0)
  FROM dealt d
  LEFT JOIN final f ON f.session_id = d.session_id AND lower(f.was) = lower(d.player)
  LEFT JOIN acts a ON a.hand_id = d.hand_id AND a.player = d.player
  LEFT JOIN shows s ON s.hand_id = d.hand_id
  LEFT JOIN (SELECT hand_id, player, SUM(CASE WHEN kind = 'win' THEN amount ELSE 0 END) AS won, SUM(amount) AS net
             FROM postings WHERE player IS NOT NULL GROUP BY hand_id, player) w
    ON w.hand_id = d.hand_id AND w.player = d.player
)"""  # per player and hand dealt in (misdeals left out), what `bragref stats` counts (docs/season.md)

PRIAL_GAMES = ("brag", "hoyle", "teen-patti", "three-card-poker")  # three cards from 52, their prial (trail, three of
# a kind) 52 hands in 22,100: counted only without wild cards or jokers


PLAY_QUERIES = {
    "play": {
        "title": "Play",
        "description": "Per player and game, read from the actions standing: hands dealt in (misdeals left out), "
                       "hands they looked in, bet blind in, folded in before putting anything in, sees asked, hands "
                       "won in which two hands or more were shown and none awarded, hands won, and the net, for each "
                       "money the "
                       "sessions keep. `bragref stats` gives the same and the hand types shown against their odds.",
        "sql": f"WITH RECURSIVE {MONEY},\n{NAMED},\n{LIVE},\n{PLAYED}\n"
               f"SELECT MIN(p.person) AS player, p.game, COUNT(*) AS hands, SUM(p.looked) AS looked,"
               f" SUM(p.blind) AS blind, SUM(p.folded_early) AS folded_early, SUM(p.sees) AS sees,"
               f" SUM(p.at_cards) AS showdowns_won, SUM(p.won) AS won_hands, {said('SUM(p.net)')} AS net"
               f" FROM hand_play p JOIN money m ON m.session_id = p.session_id"
               f" GROUP BY lower(p.person), p.game, m.unit, m.currency"
               f" ORDER BY {first_of()}, lower(player), p.game",
    },
    "dealers": {
        "title": "Dealers and prials",
        "description": "Per dealer and game (three cards from 52, no wild cards: brag, hoyle, classic teen-patti, "
                       "three-card-poker), the hands dealt, the players dealt in, the hands shown, the prials (trails, "
                       "three of a kind) shown and the prials a fair deal makes in that many (52 in 22,100 each). "
                       "More shown than expected is chance until it is far more: `bragref stats` gives the chance of "
                       "at least that many, flagged below 1 in 100, and says why a flag is chance, not proof.",
        "sql": f"WITH RECURSIVE {MONEY},\n{NAMED},\n{LIVE}\n"
               f"SELECT MIN(COALESCE(f.now, h.dealer)) AS dealer, COALESCE(json_extract(h.rules, '$.game'), 'brag')"
               f" AS game, COUNT(*) AS hands, SUM(json_array_length(h.seats)) AS dealt_in,"
               f" SUM(COALESCE(s.shown, 0)) AS shown, SUM(COALESCE(s.prials, 0)) AS prials_shown,"
               f" ROUND(SUM(json_array_length(h.seats)) * 52.0 / 22100, 4) AS prials_expected"
               f" FROM hands h LEFT JOIN final f ON f.session_id = h.session_id AND lower(f.was) = lower(h.dealer)"
               f" LEFT JOIN shows s ON s.hand_id = h.id"
               f" WHERE NOT {MISDEALT} AND COALESCE(json_extract(h.rules, '$.game'), 'brag') IN"
               f" ({', '.join(repr(game) for game in PRIAL_GAMES)}) AND COALESCE(json_extract(h.rules, '$.cards'), 3)"
               f" = 3 AND COALESCE(json_extract(h.rules, '$.wild'), 'none') = 'none'"
               f" AND COALESCE(json_extract(h.rules, '$.variant'), 'classic') IN ('classic', 'muflis')"
               f" GROUP BY lower(COALESCE(f.now, h.dealer)), game ORDER BY lower(dealer), game",
    },
}
QUERIES.update(PLAY_QUERIES)


def metadata(database: str) -> dict:
    """Datasette's metadata for the ledger served as `database` (its file's name without `.db`)."""
    return {"title": "bragref: the club's ledger",
            "description": "Every hand, bet and settle-up, append-only and hash-chained (`bragref audit` checks it).",
            "databases": {database: {"queries": QUERIES, "allow_sql": False,
                                     "tables": {"handles": {"hidden": True, "allow": False}}}}}
    # a pay-to handle is shown on the referee's page and the payer's own seat page alone (docs/season.md): its table
    # is hidden and refused, and arbitrary SQL, which could read it, is off: the canned queries are the publication
