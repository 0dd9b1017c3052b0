"""One night is one night wherever it goes (issue 76, docs/reference.md, Beyond one machine): `import` and `club pull`
know a session by its identity first. A night pulled while it is played and again after is extended, never doubled;
two nights of the same content are two; a copy that differs from the club's is refused (exit 4), nothing recorded;
histories without an identity are known by their content, as before."""

import json
import sqlite3

import pytest

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
    assert club.json("settle --all") == old.json("settle --all")  # its settle-ups (one voided), pulled once each
    club("audit --all")


# ---- SOURCE@DIGEST ---------------------------------------------------------------------------------------------


def test_a_source_at_a_digest_is_pulled_only_where_it_holds_that_digest(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"], close=False)
    table("session close")
    closing = table.json("status")["digest"]  # photographed at the table
    club = Bragref(tmp_path / "club.db")
    wrong = closing.split("-")[0] + "-" + "0" * 16
    pulled = club(f"club pull {table.db}@{wrong}", code=4)
    assert f"error: {table.db}@{wrong}: its audit finds" in pulled.stderr and "nothing of it was imported" in \
        pulled.stderr and not club.db.exists()
    table(f"export -o {tmp_path / 'friday.bhh'}")
    said = club(f"club pull {tmp_path / 'friday.bhh'}@{closing}", code=4)
    assert "a hand history has no chain to hold digest" in said.stderr and not club.db.exists()
    assert club(f"club pull {table.db}@{closing}").stdout == f"{table.db}@{closing}: imported 1 session: friday\n"


# ---- settle-ups pulled with their nights ------------------------------------------------------------------------


def test_a_tables_payments_are_pulled_with_its_nights_each_once_and_paid_works_on_the_clubs_ledger(tmp_path):
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill", "Bill", "Bill", "Bill"])  # Andy owes Bill
    owed = table.json("settle --all")
    assert owed[0]["from"] == "Andy" and owed[0]["to"] == "Bill"
    table("paid andy bill 1")
    table("paid andy bill 1 --note twice")
    table("undo")  # a payment taken back: its void is pulled with it
    club = Bragref(tmp_path / "club.db")
    assert club(f"club pull {table.db}").stdout == f"{table.db}: imported 1 session: friday; 3 settle-ups (paid)\n"
    assert club.json("settle --all") == table.json("settle --all")
    assert club.json("balances --all") == table.json("balances --all")
    before = club.dump()
    assert club(f"club pull {table.db}").stdout == f"{table.db}: imported nothing; 1 session already there: friday\n"
    assert club.dump() == before
    club("audit --all")
    rest = club.json("settle --all")[0]["amount"]
    assert club(f"paid andy bill {rest}").stdout.startswith("Recorded: Andy paid Bill")  # no session is current here
    assert club.json("settle --all") == []
    club("audit --all")


# ---- sources that are not files ------------------------------------------------------------------------------------


def test_a_fifo_a_device_or_standard_output_as_a_source_is_bad_input_at_once(tmp_path):
    import os
    import time

    os.mkfifo(tmp_path / "fifo")
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"])
    club = Bragref(tmp_path / "club.db")
    for source in (tmp_path / "fifo", "/dev/zero", "/dev/stdout"):
        started = time.monotonic()
        said = club(f"import {source}", code=2)
        assert f"cannot read {str(source)!r}: it is a" in said.stderr and time.monotonic() - started < 1
        started = time.monotonic()
        pulled = club(f"club pull {source} {table.db}", code=2)
        assert time.monotonic() - started < 1 and f"error: {source}: it is a" in pulled.stderr
        assert pulled.stdout.startswith(f"{table.db}: ")  # the other source pulled all the same
    assert "a FIFO" in club(f"import {tmp_path / 'fifo'}", code=2).stderr
    assert "a device" in club("import /dev/zero", code=2).stderr
    assert "standard stream" in club("import /dev/stdout", code=2).stderr


@pytest.mark.slow
def test_a_store_that_hangs_ends_at_the_timeout_named_and_the_other_sources_are_pulled(litestream, tmp_path,
                                                                                      monkeypatch):
    """A replica URL whose store accepts the connection and never answers (an S3-compatible endpoint that hangs):
    `--timeout` ends its restore, the source is named, exit 2, and the next source is pulled all the same."""
    import socket
    import threading
    import time

    server = socket.create_server(("127.0.0.1", 0))
    held = []
    threading.Thread(target=lambda: [held.append(server.accept()) for _ in range(50)], daemon=True).start()
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "club")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)  # Litestream 0.5 cannot load its S3 settings beside it
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill"])
    club = Bragref(tmp_path / "club.db")
    hung = f"s3://club/table-1?endpoint=http://127.0.0.1:{server.getsockname()[1]}&region=us-east-1"
    started = time.monotonic()
    pulled = club(f"club pull --timeout 1.5 {hung} {table.db}", code=2)
    assert time.monotonic() - started < 10
    assert f"error: {hung}: Litestream did not restore it within 1.5 s" in pulled.stderr
    assert pulled.stdout == f"{table.db}: imported 1 session: friday\n"
    server.close()


def test_a_night_held_whole_is_known_from_its_rows_without_replaying_a_hand(tmp_path, monkeypatch):
    """A re-pull of a ledger whose nights the club holds whole compares their rows (`exchange.held_as_rows`): no
    export, no replay; a night that grew is still judged from its history and extended."""
    from bragref.ledger import exchange

    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill", "Andy"], close=False)
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {table.db}")
    before = club.dump()
    with monkeypatch.context() as patched:
        patched.setattr(exchange, "export", lambda *args: pytest.fail("a night held whole was exported"))
        assert club(f"club pull {table.db}").stdout.endswith("1 session already there: friday\n")
    assert club.dump() == before
    hands(table, "friday", ["Bill"])
    assert club(f"club pull {table.db}").stdout == f"{table.db}: imported nothing; friday: 1 more hand\n"


def test_a_club_night_of_two_tables_pulled_during_play_with_a_replaced_laptop_that_comes_back(tmp_path):
    """Issue 76's club night, on ledger files: two tables one evening, Andy at both; pulls during play; table 1's
    laptop replaced from a copy mid-night, and the old one coming back with a hand of its own. The season is the sum
    of the tables' own nights, nothing doubled; the returning laptop is refused with the hand named."""
    one, two = Bragref(tmp_path / "table-1.db"), Bragref(tmp_path / "table-2.db")
    night(one, "friday", ["Bill", "Andy"], close=False)
    two('session new friday --players "Andy,Bill"')
    hands(two, "friday", ["Andy"])
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {one.db} {two.db}")  # during play
    with sqlite3.connect(one.db) as live, sqlite3.connect(tmp_path / "replacement.db") as copy:
        live.backup(copy)  # table 1 moves to a replacement laptop, restored from its replica
    replacement = Bragref(tmp_path / "replacement.db")
    hands(replacement, "friday", ["Andy"])
    hands(two, "friday", ["Bill", "Andy"])
    assert club(f"club pull {replacement.db} {two.db}").stdout.splitlines() == [  # during play again
        f"{replacement.db}: imported nothing; friday: 1 more hand",
        f"{two.db}: imported nothing; friday-2: 2 more hands"]
    hands(replacement, "friday", ["Andy"])
    replacement("session close")
    hands(one, "friday", ["Bill"])  # the old laptop, back, records hand 3 of its own
    two("session close")
    pulled = club(f"club pull {replacement.db} {two.db} {one.db}", code=4)
    assert pulled.stdout.splitlines() == [
        f"{replacement.db}: imported nothing; friday: 1 more hand, and its close",
        f"{two.db}: imported nothing; friday-2: its close"]
    assert f"error: {one.db}: its copy of session friday differs from the one here from hand 3 on" in pulled.stderr
    assert season_nets(club) == nets(replacement, two)
    rows = {row["player"]: row for row in club.json("season")}
    assert {name: (row["nights"], row["sessions"], row["hands"]) for name, row in rows.items()} == \
        {"Andy": (1, 2, 7), "Bill": (1, 2, 7)}
    club("audit --all")


# ---- a night whose identity was changed in place ---------------------------------------------------------------


def reidentified(table: Bragref, path) -> Bragref:
    """A copy of `table`'s ledger whose night's identity row was rewritten, every chain link made again after it: a
    ledger consistent in itself (`audit` finds it sound), its night the same but for its identity."""
    from test_entered import forged

    with sqlite3.connect(table.db) as live, sqlite3.connect(path) as copy:
        live.backup(copy)
    forged(path, "UPDATE session_events SET detail = ? WHERE event = 'identity'", "cd" * 16)
    copy = Bragref(path)
    copy("audit --all")  # sound: only a digest photographed at the table, or the club's copy, can tell
    assert copy.json("status")["session_id"] != table.json("status")["session_id"]
    return copy


@pytest.mark.parametrize("more", ["source", "club", "neither"])
def test_a_night_whose_identity_was_changed_in_place_is_refused_against_the_clubs_copy(tmp_path, more):
    """The same night (created at the same moment, to the microsecond, with the same players, rules and hands, or a
    beginning or an extension of them) under another identity is not another night: `club pull` and `import` refuse
    it (exit 4), naming the night and both digests, nothing recorded; whichever copy holds more."""
    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill", "Andy"], close=False)
    club = Bragref(tmp_path / "club.db")
    if more == "club":
        copy = reidentified(table, tmp_path / "copy.db")
        hands(table, "friday", ["Andy"])
        club(f"club pull {table.db}")
    else:
        club(f"club pull {table.db}")
        copy = reidentified(table, tmp_path / "copy.db")
        if more == "source":
            hands(copy, "friday", ["Andy"])
    before = club.dump()
    pulled = club(f"club pull {copy.db}", code=4)
    message = pulled.stderr
    assert pulled.stdout == "" and club.dump() == before, pulled.output
    assert f"error: {copy.db}:" in message and "session friday" in message and "another identity" in message, message
    assert f"here: digest {club.json('--session friday status')['digest']}" in message, message
    assert f"the source's: {copy.json('status')['digest']}" in message, message
    assert "nothing of it was recorded" in message
    copy(f"export -o {tmp_path / 'copy.bhh'}")
    said = club(f"import {tmp_path / 'copy.bhh'}", code=4)
    assert "another identity" in said.stderr and club.dump() == before, said.output
    assert [row["session"] for row in club.json("session list")] == ["friday"]


def test_a_night_whose_identity_and_creation_time_were_both_rewritten_is_found_only_by_a_photographed_digest(tmp_path):
    """What is not detected (docs/club.md, A replaced laptop): a copy whose identity and creation time were both
    rewritten, the chain made again, is another night to the club (pulled as `friday-2`), as is any rewritten copy
    pulled into a club that does not hold the night; only the table's photographed digest tells (`audit --digest`:
    "does not match"), before it is pulled, or `SOURCE@DIGEST`, which refuses it."""
    from test_entered import forged

    table = Bragref(tmp_path / "table.db")
    night(table, "friday", ["Bill", "Andy"], close=False)
    photographed = table.json("status")["digest"]
    club = Bragref(tmp_path / "club.db")
    club(f"club pull {table.db}")
    copy = reidentified(table, tmp_path / "copy.db")
    with sqlite3.connect(copy.db) as conn:
        created = conn.execute("SELECT created_at FROM sessions WHERE name = 'friday'").fetchone()[0]
    moved = created[:20] + f"{(int(created[20:26]) + 1) % 10**6:06d}" + created[26:]  # a microsecond on
    forged(copy.db, "UPDATE sessions SET created_at = ? WHERE name = 'friday'", moved)
    forged(copy.db, "UPDATE session_events SET at = ? WHERE at = ?", moved, created)  # its players seated then
    copy("audit --all")
    assert "does not match" in copy(f"audit --all --digest {photographed}", code=4).output
    before = club.dump()
    assert "does not match" in club(f"club pull {copy.db}@{photographed}", code=4).output
    assert club.dump() == before
    assert club(f"club pull {copy.db}").stdout.startswith(f"{copy.db}: imported 1 session: friday as friday-2")
    fresh = Bragref(tmp_path / "fresh.db")  # a club that does not hold the night: nothing to compare it with
    assert fresh(f"club pull {reidentified(table, tmp_path / 'other.db').db}").stdout.startswith(
        f"{tmp_path / 'other.db'}: imported 1 session: friday")
