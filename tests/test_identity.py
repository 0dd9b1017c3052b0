"""A session's identity (issue 76, docs/reference.md, Beyond one machine): minted at `session new` (128 random bits),
chained, in `status --json`, `session show`/`session list`, every JSON and bhh export; kept by `import`; an older
bragref's open session is given one at its next write, chained, its ledger auditing as it is."""

import json
import re
import sqlite3

from bragref.formats import bhh
from conftest import Bragref
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
