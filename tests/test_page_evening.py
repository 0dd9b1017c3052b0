"""A newcomer's evening refereed by taps (`serve --referee --seats`), each thing found reproduced first: the words
about who owes whom after a night that nets to nothing, a seat's `ask again` for a move no longer allowed, the
forms and the seats' tray after a close, and a request the pages make that the server does not serve."""

import json

import pytest
from test_referee import bragref
from test_serve import until

pytestmark = pytest.mark.slow  # a server and a browser: CI's whole run, not the quick subset


# ---- the words after a night that nets to nothing --------------------------------------------------------------------


def two_nights(db) -> None:
    """Night one: Bob folds at once, Ann wins the antes (Bob owes Ann £0.02); night two: no hand, closed."""
    bragref(db, "session", "new", "one", "--players", "Ann,Bob", "--currency", "£", "--unit", "0.01", "--ante", "0.02")
    bragref(db, "deal")
    bragref(db, "fold", "bob")
    bragref(db, "session", "close")
    bragref(db, "session", "new", "two", "--players", "Ann,Bob", "--currency", "£", "--unit", "0.01", "--ante",
            "0.02")


def test_a_square_night_never_says_nobody_owes_anybody_beside_earlier_nights_debts(tmp_path):
    """After a night of no hands the pages said "All square: nobody owes anybody." above a Settle up list of an earlier
    night's debt (`settle --all`): the words say the night is square, and what is still owed over every night, on the
    referee's page, each seat and the players' page, open and closed."""
    from starlette.testclient import TestClient

    from bragref.serve.app import make_app
    from bragref.serve.seats import Seats

    db = tmp_path / "ledger.db"
    two_nights(db)
    owed = json.loads(bragref(db, "settle", "--all", "--json"))
    assert [(p["from"], p["to"], p["amount"]) for p in owed] == [("Bob", "Ann", 2)]
    token = "t" * 32
    with TestClient(make_app(str(db), referee=token, seats=Seats("ask"))) as client:
        referee = f"/r/{token}/"
        seats = client.get(referee + "status.json").json()["seats"]
        for closed in (False, True):
            if closed:
                bragref(db, "session", "close")
                assert until(lambda: client.get(referee + "status.json").json()["session"] is None)
            for path in (referee, seats["Ann"], seats["Bob"], "/"):
                shown = client.get(path + "status.json").json()
                words = " ".join([shown["said"], *shown["told"]["settle"]])
                assert "nobody owes anybody." not in words.replace("nobody owes anybody for", ""), (path, words)
                assert "Still owed over every night, net of every payment: Bob pays Ann £0.02." in words, (path, words)
                assert "This night is square" in words, (path, words)
                if path != "/":  # the Settle up list, on the referee's page and the payer's and the payee's seats
                    assert [row["said"] for row in shown["pay"]] == ["Bob pays Ann £0.02"], path


def test_a_night_owing_what_every_night_owes_says_it_once(tmp_path):
    """The first night's debts are every night's: nothing more is said than the night's who pays whom."""
    from bragref.serve.watch import Watcher

    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "one", "--players", "Ann,Bob", "--currency", "£", "--unit", "0.01", "--ante", "0.02")
    bragref(db, "deal")
    bragref(db, "fold", "bob")
    watcher = Watcher(str(db))
    try:
        watcher.look()
        assert json.loads(watcher.views["players"])["told"]["settle"] == ["Bob pays Ann £0.02"]
        bragref(db, "session", "close")
        bragref(db, "session", "new", "two", "--players", "Ann,Bob", "--currency", "£", "--unit", "0.01", "--ante",
                "0.02")
        bragref(db, "deal")
        bragref(db, "fold", "bob")  # Bob owes Ann another £0.02: £0.04 over both nights
        watcher.look()
        assert json.loads(watcher.views["players"])["told"]["settle"] == [
            "Bob pays Ann £0.02", "Still owed over every night, net of every payment: Bob pays Ann £0.04."]
    finally:
        watcher._close()
