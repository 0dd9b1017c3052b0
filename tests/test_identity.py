"""A session's identity (issue 76, docs/reference.md, Beyond one machine): minted at `session new` (128 random bits),
chained, in `status --json`, `session show`/`session list`, every JSON and bhh export; kept by `import`; an older
bragref's open session is given one at its next write, chained, its ledger auditing as it is."""

import json
import re
import sqlite3

import pytest

from bragref.formats import bhh
from conftest import Bragref
from test_entered import forged
from test_ledger_versions import DIGEST_0_19_1, written_by

IDENTITY = re.compile(r"[0-9a-f]{32}")


def test_session_new_mints_an_identity_chained_and_shown_by_status_and_session_show(tmp_path):
    table = Bragref(tmp_path / "table.db")
    table('session new friday --players "Andy,Bill"')
    first = table.json("status")["session_id"]
    assert IDENTITY.fullmatch(first)
    assert table.json("session show")["session_id"] == first
    table('session new saturday --players "Andy,Bill"')  # the same players, rules and (no) hands: another night
    second = table.json("status")["session_id"]
    assert IDENTITY.fullmatch(second) and second != first
    assert [row["session_id"] for row in table.json("session list")] == [first, second]
    with sqlite3.connect(table.db) as conn:  # a row of the log, chained as every row is
        rows = conn.execute("SELECT e.detail, c.seq FROM session_events e JOIN chain c ON c.tbl = 'session_events'"
                            " AND c.row_id = e.id WHERE e.event = 'identity' ORDER BY e.id").fetchall()
    assert [detail for detail, _ in rows] == [first, second]
    table("audit --all")


def test_every_export_carries_the_identity_and_an_import_keeps_it(tmp_path):
    table = Bragref(tmp_path / "table.db")
    table('session new friday --players "Andy,Bill"')
    table("deal")
    table("fold bill")
    identity = table.json("status")["session_id"]
    as_json = json.loads(table("export --format json").stdout)
    assert as_json["session_id"] == identity and list(as_json)[:5] == ["bhh", "variant", "session", "players", "session_id"]
    table(f"export -o {tmp_path / 'friday.bhh'}")
    text = (tmp_path / "friday.bhh").read_text()
    assert f"session_id = '{identity}'" in text and bhh.loads(text)["session_id"] == identity
    copy = Bragref(tmp_path / "copy.db")
    copy(f"import {tmp_path / 'friday.bhh'} --use")
    assert copy.json("status")["session_id"] == identity
    copy(f"export -o {tmp_path / 'again.bhh'}")
    assert (tmp_path / "again.bhh").read_text() == text  # byte for byte, the identity with it
    copy("audit --all")


def test_a_history_whose_session_id_is_not_an_identity_is_bad_input(tmp_path):
    table = Bragref(tmp_path / "table.db")
    table('session new friday --players "Andy,Bill"')
    document = json.loads(table("export --format json").stdout)
    document["session_id"] = "not-an-identity"
    (tmp_path / "bad.json").write_text(json.dumps(document))
    other = Bragref(tmp_path / "other.db")
    said = other(f"import {tmp_path / 'bad.json'}", code=2)
    assert "session_id" in said.output and not other.db.exists()


def test_an_older_ledger_audits_as_it_is_and_its_open_session_gains_an_identity_at_its_next_write(tmp_path):
    old = written_by(tmp_path, "0.19.1", 11)
    old(f"audit --all --digest {DIGEST_0_19_1}")
    assert old.json("status")["session_id"] is None  # read only: nothing written
    assert "session_id" not in old("export --format bhh").stdout  # exported as the bragref that wrote it did
    assert {row["session_id"] for row in old.json("session list")} == {None}
    old("deal")
    identity = old.json("status")["session_id"]
    assert IDENTITY.fullmatch(identity)
    with sqlite3.connect(old.db) as conn:  # chained first of that write, right after the old head
        first_new = conn.execute("SELECT tbl, row_id FROM chain WHERE seq = ?",
                                 (int(DIGEST_0_19_1.split("-")[0]) + 1,)).fetchone()
        assert conn.execute(f"SELECT event, detail FROM {first_new[0]} WHERE id = ?",
                            (first_new[1],)).fetchone() == ("identity", identity)
    old(f"audit --all --digest {DIGEST_0_19_1}")
    old("fold chris")
    assert old.json("status")["session_id"] == identity  # given once
    assert f"session_id = '{identity}'" in old("export --format bhh").stdout
    closed = [row for row in old.json("session list") if row["closed"]]
    assert all(row["session_id"] is None for row in closed)  # a closed night is final: known by its content


# ---- audit judges each session's identity: minted once, of the promised shape, never changed, one night's alone ------


def given_again(db, session: str, identity: str) -> None:
    """An `identity` event for `session` written as bragref writes every row (chained): a second one."""
    from bragref.ledger.store import Ledger

    ledger = Ledger(str(db), create=False)
    try:
        with ledger.write():
            ledger._event(ledger._read_session(session).id, "identity", detail=identity)
    finally:
        ledger.conn.close()


def identity_rows(db) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT id, detail FROM session_events WHERE event = 'identity' ORDER BY id").fetchall()


@pytest.fixture
def two_nights(tmp_path):
    table = Bragref(tmp_path / "table.db")
    table('session new friday --players "Andy,Bill"')
    table("deal")
    table("fold bill")
    table('session new saturday --players "Andy,Bill"')
    table("deal")
    table("audit --all")
    return table


@pytest.mark.parametrize("same", [True, False], ids=["the-same-again", "another"])
def test_audit_finds_a_session_given_a_second_identity(two_nights, same):
    """Minted once, at the night's start (or an older bragref's night's next write): a second identity, the same
    again or another (the night's identity changed), is unsound, the row named."""
    first = two_nights.json("status")["session_id"]
    given_again(two_nights.db, "saturday", first if same else "ab" * 16)
    row = identity_rows(two_nights.db)[-1][0]
    found = two_nights("audit", code=4).stdout
    assert f"session_events row {row}" in found and "saturday" in found and "second identity" in found, found
    assert len(found.splitlines()) == 1, found


def test_audit_finds_an_identity_shared_by_two_sessions(two_nights):
    """Two nights are two: an identity altered to another session's (the chain made again over it) is unsound."""
    (_friday_row, friday), (saturday_row, _) = identity_rows(two_nights.db)
    forged(two_nights.db, "UPDATE session_events SET detail = ? WHERE id = ?", friday, saturday_row)
    found = two_nights("audit --all", code=4).stdout
    assert f"session_events row {saturday_row}" in found and "friday" in found and "saturday" in found, found
    assert len(found.splitlines()) == 1, found


@pytest.mark.parametrize("value", ["'abc'", "'" + "AB" * 16 + "'", "'" + "a" * 31 + "'", "'" + "g" * 32 + "'",
                                   "NULL", "7", "X'" + "61" * 32 + "'",
                                   "'" + "ab" * 16 + " '"],
                         ids=["short", "upper", "odd", "not-hex", "null", "integer", "blob", "space"])
def test_audit_finds_a_malformed_identity(two_nights, value):
    """Of the promised shape: 128 random bits or more, written as lower-case hex digits (32 to 64 of them)."""
    (_, _), (saturday_row, _) = identity_rows(two_nights.db)
    forged(two_nights.db, f"UPDATE session_events SET detail = {value} WHERE id = ?", saturday_row)
    found = two_nights("audit --all", code=4).stdout
    assert f"session_events row {saturday_row}" in found and "identity" in found, found
    assert len(found.splitlines()) == 1, found
    two_nights("session list --json")  # every report still reads it


def test_audit_finds_an_identity_that_names_a_player(two_nights):
    (_, _), (saturday_row, _) = identity_rows(two_nights.db)
    forged(two_nights.db, "UPDATE session_events SET player = 'Andy' WHERE id = ?", saturday_row)
    found = two_nights("audit --all", code=4).stdout
    assert f"session_events row {saturday_row}" in found, found


def test_an_identity_given_at_the_next_write_of_an_older_night_and_an_extended_copy_audit_sound(tmp_path):
    old = written_by(tmp_path, "0.19.1", 11)
    old("deal")  # the open night given its identity now, once
    old("fold chris")
    old("audit --all")
    assert len(identity_rows(old.db)) == 1
