"""A ledger written by an earlier bragref stays readable and auditable, its chain intact (issue: games as plug-ins).

`data/ledger-0.6.0.sql` is a ledger bragref 0.6.0 wrote (schema 6: actions in Brag-shaped columns), dumped as SQL:
the sample evenings, a Hoyle's night with a raise, an all-in, a void and an award, and simulated brag (four cards,
deuces wild), hoyle, braggers and short-money sessions. Beside it, each session as 0.6.0 exported it.
`data/ledger-0.19.1.sql` is one 0.19.1 wrote (schema 11: payments that do not say their money): two nights in pence,
a settle-up, and another voided.
"""

import re
import sqlite3
from pathlib import Path

import pytest

from bragref.formats import bhh
from bragref.ledger.db import SCHEMA_VERSION, connect_like
from conftest import Bragref

DATA = Path(__file__).resolve().parent / "data"
DIGEST_0_6_0 = "895-b0ca957f4797e696"  # `status` printed it when 0.6.0 wrote the ledger
DIGEST_0_19_1 = "29-3ce12a9de21da755"  # and when 0.19.1 wrote its own
SESSIONS = ("friday", "short", "hoyle-night", "sim-brag", "sim-hoyle", "sim-braggers", "sim-short")
ENTERED_LIST = re.compile(r"^_entered = \[\n(?:  .*\n)*\]\n", re.MULTILINE)  # a hand's `_entered`, as bhh writes it


def written_by(tmp_path, version: str, schema: int) -> Bragref:
    """The ledger `data/ledger-VERSION.sql` holds, as that bragref left it (its schema's version set)."""
    db = tmp_path / f"{version}.db"
    with sqlite3.connect(db) as conn:
        conn.executescript((DATA / f"ledger-{version}.sql").read_text(encoding="utf-8"))
        conn.execute(f"PRAGMA user_version = {schema}")
    return Bragref(db)


@pytest.fixture
def old(tmp_path) -> Bragref:
    return written_by(tmp_path, "0.6.0", 6)


def test_an_old_ledger_is_migrated_with_its_chain_and_digest_intact(old):
    assert old.json("status")["digest"] == DIGEST_0_6_0  # opening migrates; the chain's head is where it was
    with sqlite3.connect(old.db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    old("audit --all")
    old(f"audit --all --digest {DIGEST_0_6_0}")


@pytest.mark.parametrize("session", SESSIONS)
def test_an_old_ledger_exports_the_same_bytes_as_the_bragref_that_wrote_it(old, tmp_path, session):
    out = tmp_path / f"{session}.bhh"
    old(f"--session {session} export -o {out}")
    assert out.read_bytes() == (DATA / f"ledger-0.6.0.{session}.bhh").read_bytes()


def test_new_actions_beside_old_ones_are_written_by_verb_and_arguments(old, tmp_path):
    old("--session hoyle-night deal")
    for line in ("bet chris 2", "raise andy 3", "call bill --all-in 2", "call chris", "stand andy",
                 "show andy Kh Kd 2c", "show bill Qh Qd 3c", "concede chris"):
        old(f"--session hoyle-night {line}")
    with sqlite3.connect(old.db) as conn:
        rows = conn.execute("SELECT verb, player, amount, blind, detail, args FROM actions ORDER BY id DESC LIMIT 8")
        newest = list(rows)[::-1]  # `args` as stored: JSON without spaces, as every ledger since schema 7 holds
        pots = [pot for (pot,) in conn.execute("SELECT pot_after FROM actions_with_pot ORDER BY action_id DESC LIMIT 8")]
    assert newest[:3] == [("bet", "Chris", 2, None, None, '{"amount":2,"blind":false}'),
                          ("raise", "Andy", 5, None, None, '{"amount":3}'),  # `amount`: what it put in
                          ("call", "Bill", 2, None, None, '{"all_in":2}')]
    assert newest[5][5] == '{"cards":"Kh Kd 2c","discards":""}'
    assert pots[::-1][:4] == [5, 10, 12, 15]  # three antes, then each action's money, old rows and new alike
    old("audit --all")
    out = tmp_path / "again.bhh"
    old(f"--session hoyle-night export -o {out}")
    fresh = type(old)(tmp_path / "fresh.db")  # in the old ledger the same hands are recognised, and refused
    fresh(f"import {out} --as copy")
    again = tmp_path / "copy.bhh"
    fresh(f"--session copy export -o {again}")
    said, kept = (bhh.loads(path.read_text(encoding="utf-8"))["hands"] for path in (out, again))
    assert [hand.get("_entered") for hand in said] == [None] * (len(said) - 1) + [["command"] * 8]
    assert [hand["_entered"] for hand in kept] == [["import"] * len(hand["actions"]) for hand in said[:-1]] + \
        [["command"] * 8]  # the old hands say nowhere: here their rows were entered by the import (issue 68.3)
    texts = [ENTERED_LIST.sub("", path.read_text(encoding="utf-8")) for path in (out, again)]
    assert texts[1].replace("session = 'copy'", "session = 'hoyle-night'") == texts[0]


def test_payments_0_19_1_recorded_keep_their_links_and_are_in_the_first_sessions_money(tmp_path):
    """Issue 65: a payment now says its money (schema 12). 0.19.1's do not (every session kept one money then): the
    ledger migrates with every link holding, and each is in the first session's money, beside a night in chips."""
    old = written_by(tmp_path, "0.19.1", 11)
    assert old.json("status")["digest"] == DIGEST_0_19_1  # opening migrates; the chain's head is where it was
    old(f"audit --all --digest {DIGEST_0_19_1}")
    old('session new chips --players "Andy,Bill"')
    old("deal")
    old("fold bill")  # the antes to Andy: Andy +1, Bill -1
    rows = [(r["player"], r["net"], r["paid_up"], r["owed"], r["money"]) for r in old.json("balances --all")]
    assert rows == [("Andy", -20, 5, -15, "£0.01"), ("Bill", 10, 0, 10, "£0.01"), ("Chris", 10, -5, 5, "£0.01"),
                    ("Andy", 1, 0, 1, "1"), ("Bill", -1, 0, -1, "1")]
    assert old("paid andy bill 0.10").stdout == "Recorded: Andy paid Bill £0.10.\n"  # owed in pence alone
    old("audit --all")


def test_actions_0_19_1_recorded_say_nowhere_and_audit_as_they_are_and_new_ones_say_where(tmp_path):
    """Issue 68.3: an action row says where it was entered (schema 13), chained with it. 0.19.1's rows do not: the
    ledger migrates with every link holding, they keep nothing there (`history --json`'s `entered` is null, and their
    hands are exported without `_entered`), and an action or void recorded after says where it was entered."""
    old = written_by(tmp_path, "0.19.1", 11)
    old(f"audit --all --digest {DIGEST_0_19_1}")  # as it is, read through a copy brought up to date in memory
    assert old.json("status")["digest"] == DIGEST_0_19_1  # opening migrates; the chain's head is where it was
    with sqlite3.connect(old.db) as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(entered) FROM actions").fetchone() == (6, 0)
    assert {e["entered"] for e in old.json("history")} == {None}
    assert "_entered" not in old("export --format bhh").stdout
    old("deal")
    old("bet chris 0.20")  # the quick path
    old("undo")
    old("fold chris")
    assert [(e["hand"], e["action"], e["entered"]) for e in old.json("history") if e["hand"] == 2] == \
        [(2, "deal", "command"), (2, "bet", "command"), (2, "void", "command"), (2, "fold", "command")]
    assert "_entered" in old("export --format bhh").stdout
    old(f"audit --all --digest {DIGEST_0_19_1}")


def test_a_hand_of_old_and_new_rows_says_where_its_new_lines_were_entered(tmp_path):
    """A hand 0.13.0 left at its showdown, played on now: its export says "" for the lines its rows do not say, where
    the new ones were entered for the others; imported, the lines that said nothing are the import's."""
    old13 = written_by(tmp_path, "0.13.0", 10)
    for line in ("show bill Ah Ad Kc", "show chris Kh Kd 4c", "show andy 2h 3d 5c"):
        old13(f"--session bus {line}")
    out = tmp_path / "bus.bhh"
    old13(f"--session bus export -o {out}")
    last = bhh.loads(out.read_text(encoding="utf-8"))["hands"][-1]
    assert last["_entered"][-3:] == ["command"] * 3 and set(last["_entered"][:-3]) == {""}
    fresh = Bragref(tmp_path / "fresh.db")
    fresh(f"import {out} --as copy")
    again = tmp_path / "copy.bhh"
    fresh(f"--session copy export -o {again}")
    assert bhh.loads(again.read_text(encoding="utf-8"))["hands"][-1]["_entered"] == \
        [where or "import" for where in last["_entered"]]
    fresh("audit --all")


def test_an_old_row_changed_after_the_migration_is_caught(old):
    old("status")  # migrated
    with sqlite3.connect(old.db) as conn:
        conn.execute("DROP TRIGGER actions_no_update")
        conn.execute("UPDATE actions SET args = '{}' WHERE id = 1")  # an old row given arguments afterwards
    result = old("audit --all", code=4)
    assert "actions row 1 does not match" in result.stdout


def test_an_import_is_judged_in_a_ledger_made_like_the_one_it_goes_into(old, tmp_path):
    """The ledger in memory an import is judged in (`db.connect_like`) has the schema of the ledger it goes into,
    one migrated from 0.6.0 too: every table, column, index, view and trigger, and the schema's version."""
    old("status")  # migrated
    schema = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    with sqlite3.connect(old.db) as conn:
        like = connect_like(conn)
        assert [tuple(row) for row in like.execute(schema)] == conn.execute(schema).fetchall()
        assert like.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        like.execute("INSERT INTO sessions (name, created_at, rules) VALUES ('a', 'now', '{}')")
        with pytest.raises(sqlite3.IntegrityError):  # its triggers too: corrections are voids (R9.1)
            like.execute("DELETE FROM sessions")
    out = tmp_path / "friday.bhh"
    old(f"--session friday export -o {out}")
    out.write_text(out.read_text().replace("Andy", "Andrew"))  # another history: the same hands it holds are refused
    old(f"import {out} --as again")
    old("audit --all")


# `data/ledger-0.13.0.sql`: a ledger bragref 0.13.0 wrote, when every game's house rules were fields of the rules
# each row holds (0.14 keeps Teen Patti's, Bastard Brag's and Hoyle's own rules with the game): Teen Patti under
# muflis with a chaal limit, blind rounds and split show ties (its variant set back to classic between hands), a
# match of Bastard Brag for lives left at its showdown, a Hoyle's night with a most stake, a least raise and an end
# time, and simulated Teen Patti (AK47, a pot cap) and Bastard Brag (knocking, passing after a knock). Beside it,
# each session as 0.13.0 exported it.
DIGEST_0_13_0 = "615-8cebd5417ba06113"
SESSIONS_0_13 = ("patti", "bus", "night", "sim-patti", "sim-bus")
# Its simulated Teen Patti's hand 8 gives Dan two hands, which 0.13's random players named and R8.10 refuses (issue
# 79): shown at a side show as 3h Jh 7c, then at the show as 7h Jh 5d. The one finding its audit makes now.
TWO_HANDS_0_13 = ("session sim-patti: hand 8: its action 12 (Dan show 7h Jh 5d) is refused on replay: Dan's hand was "
                  "seen at the side show as 3h Jh 7c, not 7h Jh 5d: a player holds one hand (R8.10)")


@pytest.fixture
def old13(tmp_path) -> Bragref:
    return written_by(tmp_path, "0.13.0", 10)


@pytest.mark.parametrize("session", SESSIONS_0_13)
def test_a_ledger_of_games_own_rules_exports_what_0_13_wrote(old13, tmp_path, session):
    out = tmp_path / f"{session}.bhh"
    if session == "sim-patti":  # a hand the rules refuse is not exported as if it were sound (R8.10)
        said = old13(f"--session {session} export -o {out}", code=5).stderr
        assert "hand 8 cannot be replayed" in said and TWO_HANDS_0_13.split(": ", 2)[2] in said, said
        assert not out.exists()
        return
    old13(f"--session {session} export -o {out}")
    assert out.read_bytes() == (DATA / f"ledger-0.13.0.{session}.bhh").read_bytes()


def test_a_ledger_of_games_own_rules_audits_and_plays_on(old13):
    assert old13(f"audit --all --digest {DIGEST_0_13_0}", code=4).stdout == f"audit: {TWO_HANDS_0_13}\n"
    patti = old13.json("--session patti rules show")
    assert (patti["variant"], patti["chaal-limit"], patti["blind-rounds"], patti["show-tie"]) == \
        ("classic", "8", "2", "split")
    assert "variant is already classic" in old13("--session patti rules set variant classic").stdout
    night = old13.json("--session night rules show")
    assert (night["max-stake"], night["min-raise"], night["until"]) == ("20", "2", "23:30")
    assert old13.json("--session bus match")["players"][0]["lives"] == 2
    old13("--session bus show bill Ah Ad Kc")
    old13("--session bus show chris Kh Kd 4c")
    over = old13("--session bus show andy 2h 3d 5c").stdout  # the worst hand loses a life (R14.4)
    assert "Andy" in over and old13.json("--session bus match")["players"][0] == {"name": "Andy", "lives": 1,
                                                                                   "out": False}
    assert old13("audit --all", code=4).stdout == f"audit: {TWO_HANDS_0_13}\n"  # the rest as sound as it was


def test_a_side_show_0_13_took_from_a_player_not_looked_replays_as_it_was_recorded_r13_4(old13):
    """0.13's simulated Teen Patti has Bill ask a side show in hand 2 with neither a look nor a chaal before it,
    the chaal declaring him seen, as bragref then read R13.4. Refused if recorded now (docs/rulings.md), it replays,
    reads and audits as it was recorded: the one finding `audit` makes in that ledger is hand 8's (above)."""
    bill = [e["action"] for e in old13.json("--session sim-patti history 2") if e["player"] == "Bill"]
    assert bill[:2] == ["deal", "sideshow"], bill  # Bill dealt, and asked with his first chaal, never having looked
    assert "5. Bill chaalled 7 seen and asked Andy for a side show (R13.4)" in \
        old13("--session sim-patti replay 2").stdout
    assert old13("audit --all", code=4).stdout == f"audit: {TWO_HANDS_0_13}\n"
