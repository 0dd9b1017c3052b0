"""One night is one night wherever it goes (issue 76, docs/reference.md, Beyond one machine): `import` and `club pull`
know a session by its identity first. A night pulled while it is played and again after is extended, never doubled;
two nights of the same content are two; a copy that differs from the club's is refused (exit 4), nothing recorded;
histories without an identity are known by their content, as before."""

import json
import sqlite3

from conftest import Bragref
from test_club import hands, night, nets, season_nets
from test_ledger_versions import written_by


def test_an_open_night_pulled_twice_is_one_night_of_all_its_hands_extended_with_its_close(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill", "Andy"], close=False)
    table("deal")
    table("bet bill 1")  # a hand begun when the club pulls
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {table.db}")
    table("bet andy 2")
    table("fold bill")
    hands(table, "friday", ["Andy", "Bill", "Bill"])
    table("session close")
    pulled = club(f"club pull {table.db}")
    assert pulled.stdout == f"{table.db}: imported nothing; friday: 3 more hands, and its close\n"
    assert [(row["session"], row["hands"], row["closed"]) for row in club.json("session list")] == \
        [("friday", 6, True)]
    assert club.json("session list")[0]["session_id"] == table.json("status")["session_id"]
    assert season_nets(club) == nets(table)
    assert {row["player"]: (row["nights"], row["hands"]) for row in club.json("season")} == \
        {"Andy": (1, 6), "Bill": (1, 6)}
    club("audit --all")
    assert club("--session friday export --format json").stdout == table("export --format json").stdout
    before = club.dump()
    assert club(f"club pull {table.db}").stdout == f"{table.db}: imported nothing; 1 session already there: friday\n"
    assert club.dump() == before


def test_a_night_extended_by_import_and_a_history_that_is_a_beginning_of_the_copy_is_there(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"], close=False)
    table(f"export -o {tmp_path / 'early.bhh'}")
    hands(table, "friday", ["Andy"])
    table(f"export -o {tmp_path / 'late.bhh'}")
    club = Bragref(tmp_path / "club.db")
    club(f"import {tmp_path / 'early.bhh'}")
    assert club(f"import {tmp_path / 'late.bhh'}").stdout.startswith("Extended session friday: 1 more hand")
    said = club(f"import {tmp_path / 'early.bhh'}", code=3)  # the copy here holds it all, and more
    assert "already imported as session friday" in said.output
    assert [row["hands"] for row in club.json("session list")] == [2]


def test_two_nights_of_the_same_content_are_two(tmp_path):
    one, two = Bragref(tmp_path / "one.db"), Bragref(tmp_path / "two.db")
    night(one, "tuesday", ["Bill"])
    night(two, "tuesday", ["Bill"])  # the same players, rules and hand: another night
    club = Bragref(tmp_path / "club.db")
    assert club(f"club pull {one.db} {two.db}").stdout.splitlines() == [
        f"{one.db}: imported 1 session: tuesday", f"{two.db}: imported 1 session: tuesday as tuesday-2"]
    assert season_nets(club) == nets(one, two)
    two(f"export -o {tmp_path / 'two.bhh'}")
    other = Bragref(tmp_path / "other.db")
    other(f"import {one.db.parent / 'two.bhh'}")
    one(f"export -o {tmp_path / 'one.bhh'}")
    assert other(f"import {tmp_path / 'one.bhh'}").stdout.startswith("Imported session tuesday-2")


def test_a_copy_that_diverges_from_the_clubs_is_refused_4_naming_the_hand_and_both_digests(tmp_path):
    laptop = Bragref(tmp_path / "laptop.db")
    night(laptop, "friday", ["Bill", "Andy"], close=False)
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {laptop.db}")
    with sqlite3.connect(laptop.db) as live, sqlite3.connect(tmp_path / "old.db") as copy:
        live.backup(copy)  # the old laptop, back from the dead with its own copy
    old = Bragref(tmp_path / "old.db")
    hands(laptop, "friday", ["Andy"])  # the replacement plays hand 3 one way
    laptop("session close")
    hands(old, "friday", ["Bill"])  # the old laptop records hand 3 another
    club(f"club pull {laptop.db}")
    before = club.dump()
    pulled = club(f"club pull {old.db}", code=4)
    assert pulled.stdout == ""
    message = pulled.stderr
    assert f"error: {old.db}: its copy of session friday differs from the one here from hand 3 on" in message
    here = club.json("--session friday status")["digest"]
    assert f"here: digest {here}" in message  # the club's copy ends its ledger: its digest there
    assert f"the source's: {old.json('status')['digest']}" in message  # as `audit --digest` there checks it
    assert "nothing of it was recorded" in message
    assert club.dump() == before
    old(f"export -o {tmp_path / 'old.bhh'}")
    said = club(f"import {tmp_path / 'old.bhh'}", code=4)
    assert "differs from the one here from hand 3 on" in said.stderr and club.dump() == before


def test_histories_without_an_identity_are_known_by_their_content(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"])
    document = json.loads(table("export --format json").stdout)
    del document["session_id"]  # as an older bragref wrote it
    (tmp_path / "old.json").write_text(json.dumps(document))
    club = Bragref(tmp_path / "club.db")
    club(f"import {tmp_path / 'old.json'}")
    assert club.json("session list")[0]["session_id"] is None
    before = club.dump()
    assert "already imported as session friday" in club(f"import {tmp_path / 'old.json'}", code=3).output
    assert club(f"club pull {tmp_path / 'old.json'}").stdout.endswith("1 session already there: friday\n")
    assert club.dump() == before


def test_an_older_bragrefs_open_night_pulled_then_given_its_identity_is_extended_not_doubled(tmp_path):
    old = written_by(tmp_path, "0.19.1", 11)
    current = old.json("status")["session"]
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {old.db}")
    assert {row["session_id"] for row in club.json("session list")} == {None}
    old("deal")  # the table's bragref, upgraded: its night is given an identity, chained
    old("fold chris")
    pulled = club(f"club pull {old.db}")
    assert f"{current}: 1 more hand" in pulled.stdout
    sessions = club.json("session list")
    assert len(sessions) == len(old.json("session list"))
    assert [row["session_id"] for row in sessions if row["session"] == current] == [old.json("status")["session_id"]]
    club("audit --all")
