"""A stable address across restarts (issue 79, docs/reference.md, The referee's page): `serve --referee --keep-address`
keeps the referee's token, each seat's and the players' secret path in a file beside the ledger, private to its owner
(0600), so that after a restart the referee's phone, every seat and the TV carry on where they were, no code scanned
again; `--new-address` makes new ones (the old 404 from then on). A page says to the room only what is true after a
restart: that it carries on by itself where its address is kept, that a new code must be scanned where it is not."""

import json
import os
import re
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from test_referee import Referee, dealt, status
from test_seats import FOUR, dealt as seated_dealt
from test_serve import web

pytestmark = pytest.mark.slow  # servers of their own: CI's whole run, not the quick subset


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def kept_file(db) -> str:
    return f"{db}-address.json"


def serving(db, port: int, *more: str) -> Referee:
    return Referee(db, more=("--port", str(port), *more))


def test_the_referees_and_every_seats_address_are_kept_across_a_restart(tmp_path):
    db, port = seated_dealt(tmp_path / "ledger.db"), free_port()
    first = serving(db, port, "--seats", "--keep-address")
    try:
        seats = status(first.url)["seats"]
        url = first.url
    finally:
        first.stop()
    kept = kept_file(db)
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600  # the secrets are the owner's alone
    again = serving(db, port, "--seats", "--keep-address")
    try:
        assert again.url == url  # the referee's phone carries on: no code scanned again
        assert status(again.url)["seats"] == seats  # nor any seat's
        for player in FOUR:
            assert web.get(f"http://127.0.0.1:{port}{seats[player]}status.json").json()["seat"] == player
        issued = web.post(again.url + "seats", json={"player": "Bob"})  # a lost phone: a new seat, kept too
        assert issued.status_code == 200
    finally:
        again.stop()
    third = serving(db, port, "--seats", "--keep-address")
    try:
        assert status(third.url)["seats"]["Bob"] == issued.json()["path"] != seats["Bob"]
        assert web.get(f"http://127.0.0.1:{port}{seats['Bob']}status.json").status_code == 404
    finally:
        third.stop()


def test_a_seats_kept_code_opens_its_page_after_the_night_is_closed_and_the_server_restarted(tmp_path):
    """Issue 77's witness after the night: the night closed from the referee's page, the server started again on
    the closed ledger, each seat's kept code still opens its page, read-only, with the closing digest and the
    player's own result; the referee's page still lists the seats, to show their codes."""
    db, port = seated_dealt(tmp_path / "ledger.db"), free_port()
    first = serving(db, port, "--seats", "--keep-address")
    try:
        seats = status(first.url)["seats"]
        for words in ("fold bob", "fold cat", "fold dan"):  # Ann takes the antes
            assert first.post(words).status_code == 200
        closed = first.post("close")
        assert closed.status_code == 200, closed.text
        assert status(first.url)["seats"] == seats
    finally:
        first.stop()
    again = serving(db, port, "--seats", "--keep-address")
    try:
        assert status(again.url)["seats"] == seats
        for player in FOUR:
            seat = web.get(f"http://127.0.0.1:{port}{seats[player]}status.json")
            assert seat.status_code == 200, (player, seat.status_code)
            shown = seat.json()
            assert shown["seat"] == player and shown["closing"] == closed.json()["head"]
            assert shown["told"]["moves"] == [] and shown["told"]["forms"] == []
            assert "Your night's result: " in shown["said"], shown["said"]
    finally:
        again.stop()


def test_a_new_address_only_when_asked(tmp_path):
    db, port = dealt(tmp_path / "ledger.db"), free_port()
    first = serving(db, port, "--keep-address")
    first.stop()
    os.chmod(kept_file(db), 0o644)  # made readable by others meanwhile: private again at the next start
    renewed = serving(db, port, "--keep-address", "--new-address")
    try:
        assert renewed.url != first.url
        assert web.get(first.url + "status.json").status_code == 404
        assert stat.S_IMODE(os.stat(kept_file(db)).st_mode) == 0o600
    finally:
        renewed.stop()
    plain = serving(db, port)  # not asked to keep it: new at this start, and the kept one left as it is
    try:
        assert plain.url not in (first.url, renewed.url)
    finally:
        plain.stop()
    assert renewed.token in Path(kept_file(db)).read_text(encoding="utf-8")


def test_nothing_is_kept_unless_asked(tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Referee(db)
    running.stop()
    assert not os.path.exists(kept_file(db))


def test_a_kept_address_file_that_is_not_one_is_bad_input(tmp_path):
    db = dealt(tmp_path / "ledger.db")
    with open(kept_file(db), "w", encoding="utf-8") as file:
        file.write("not json")
    done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), "serve", "--referee", "--keep-address",
                           "--port", "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--new-address" in done.stderr and "Traceback" not in done.stderr


def test_the_page_is_told_whether_its_address_outlives_the_server(tmp_path):
    """The page says, when the server stops, what is true: a kept address carries on by itself when the server
    is back; one that is not kept must be scanned again. The players' page on this machine, at a port given, is
    the same address at every start."""
    db, port = seated_dealt(tmp_path / "ledger.db"), free_port()
    kept = serving(db, port, "--seats", "--keep-address")
    try:
        for url in (kept.url, kept.players, f"http://127.0.0.1:{port}{status(kept.url)['seats']['Bob']}"):
            assert re.search(r'<body[^>]* data-address="kept"', web.get(url).text), url
    finally:
        kept.stop()
    fresh = Referee(db, more=("--seats",))  # a port of the system's choosing: nothing outlives it
    try:
        for url in (fresh.url, fresh.players, fresh.players.rstrip("/") + status(fresh.url)["seats"]["Bob"]):
            assert 'data-address="kept"' not in web.get(url).text, url
    finally:
        fresh.stop()


def test_a_seat_issued_anew_is_told_it_was_replaced_not_that_the_server_stopped(tmp_path):
    db, port = seated_dealt(tmp_path / "ledger.db"), free_port()
    running = serving(db, port, "--seats", "--keep-address")
    try:
        old = f"http://127.0.0.1:{port}{status(running.url)['seats']['Bob']}"
        with web.stream("GET", old + "events", timeout=10) as events:
            lines = events.iter_lines()
            assert next(lines).startswith("retry")
            assert web.post(running.url + "seats", json={"player": "bob"}).status_code == 200
            said = list(lines)
        data = said[said.index("event: ended") + 1]
        assert json.loads(data.removeprefix("data: ")) == {"replaced": True}
    finally:
        running.stop()


def test_a_page_at_a_kept_address_says_it_carries_on_and_does(browser, tmp_path):
    """The server gone without a word: the referee's page and the TV say the server has stopped and that they carry
    on by themselves (not "scan the new code", untrue here), and do once it is back."""
    import signal

    from test_referee import TV, opened

    db, port = dealt(tmp_path / "ledger.db"), free_port()
    running = serving(db, port, "--keep-address")
    pages = [opened(browser, running.url), opened(browser, running.players, TV)]
    running.process.send_signal(signal.SIGKILL)
    running.process.wait(10)
    for page in pages:
        page.wait_for_function("document.getElementById('live').textContent.startsWith('The server has stopped. "
                               "This page carries on')", timeout=6000)
    again = serving(db, port, "--keep-address")
    try:
        for page in pages:
            page.wait_for_function("document.getElementById('live').textContent.startsWith('Live')", timeout=10000)
    finally:
        again.stop()
