"""Every phone a witness (issue 77, docs/serve.md): a seat's page keeps in the phone's own storage the newest ledger
digest it was shown and the closing digest of each night it saw closed, lists them (`witnessed`) after a reload, and
shows a night's closing digest when the referee closes it; `audit --digest` checks each."""

import json
import subprocess
import sys

import httpx
import pytest

from conftest import Bragref

def test_a_closed_nights_digest_goes_to_every_seat_and_is_the_one_close_gave(bragref):
    from bragref.serve.seats import Seats
    from bragref.serve.watch import Watcher

    bragref.lines("""
        session new friday --players "Ann,Bill"
        deal
        fold bill
    """)
    watcher = Watcher(str(bragref.db), seats=Seats("ask"))
    watcher.look()
    assert watcher.table_now["closing"] is None
    said = bragref("session close").stdout
    digest = said.split("Ledger digest: ")[1].split()[0]
    assert watcher.look()
    seats = list(watcher.seats.tokens.values())
    assert seats
    for token in seats:
        view = watcher.views[f"seat:{token}"].decode()
        assert f'"closing":"{digest}"' in view
    bragref("paid bill ann 1")  # after the close: the closing digest is still the close's
    watcher.look()
    assert watcher.table_now["closing"] == digest
    bragref(f"audit --digest {digest}")


def closed_night(bragref) -> str:
    """Friday between Ann and Bill, Bill's £0.50 bet folded to, closed: its closing digest."""
    bragref.lines("""
        session new friday --players "Ann,Bill" --currency £ --unit 0.01
        deal
        bet bill 0.50
        fold ann
    """)
    return bragref("session close").stdout.split("Ledger digest: ")[1].split()[0]


@pytest.mark.parametrize("kept", [True, False])
def test_a_seat_reopens_after_the_close_read_only_with_the_closing_digest_and_its_own_result(bragref, kept):
    """Issue 77's witness, after the night: a server started once the night is closed still serves each seat of that
    night (its kept code, under `--keep-address`; else a new one, which the referee's page lists to show), read-only,
    with the closing digest and the player's own result; the referee's `status.json` keeps the seats."""
    from bragref.serve.address import Kept
    from bragref.serve.seats import Seats
    from bragref.serve.watch import Watcher

    closing = closed_night(bragref)
    tokens = {"Ann": "a" * 32, "Bill": "b" * 32}
    if kept:  # the addresses a server kept before the close
        address = Kept(str(bragref.db))
        address.referee, address.seats = "r" * 32, dict(tokens)
        address.save()
    watcher = Watcher(str(bragref.db), seats=Seats("ask", kept=Kept(str(bragref.db)) if kept else None))
    watcher.look()
    referee = json.loads(watcher.views["referee"])
    assert sorted(referee["seats"]) == ["Ann", "Bill"], referee.get("seats")
    if kept:
        assert referee["seats"] == {player: f"/s/{token}/" for player, token in tokens.items()}
    for player, path in referee["seats"].items():
        view = json.loads(watcher.views[f"seat:{path.split('/')[2]}"])
        assert view["seat"] == player and view["closing"] == closing and view["closed"]
        assert view["told"]["moves"] == [] and view["told"]["forms"] == []  # read-only
        result = "+£0.01" if player == "Bill" else "\u2212\u2060£0.01"
        assert f"Your night's result: {result}." in view["said"], view["said"]


@pytest.mark.slow  # a server and a browser
def test_a_seat_keeps_its_witnesses_across_a_reload_and_audit_checks_them(browser, tmp_path):
    from test_referee import Referee, opened

    table = Bragref(tmp_path / "ledger.db")
    table.lines("""
        session new friday --players "Ann,Bill"
        deal
        fold bill
    """)
    running = Referee(table.db, more=("--seats", "ask"))
    try:
        status = httpx.get(running.url + "status.json").json()
        seat = opened(browser, running.players.rstrip("/") + status["seats"]["Bill"])
        seat.wait_for_selector("#witnessed:not([hidden])")
        assert status["digest"] in seat.locator("#witnessed").text_content()
        assert seat.locator("#closing").is_hidden()
        closed = running.post("close")
        assert closed.status_code == 200, closed.text
        seat.wait_for_selector("#closing:not([hidden])")
        said = seat.locator("#closing").text_content()
        assert "Keep this: it proves tonight's results" in said
        closing = seat.locator("#closing code").text_content()
        assert said.endswith(f" {closing}."), said  # the sentence ended
        assert closing == closed.json()["head"]  # the digest the close gave
        seat.reload()
        seat.wait_for_selector("#witnessed:not([hidden])")
        kept = seat.locator("#witnessed").text_content()
        assert closing in kept and "closed" in kept
        stored = seat.evaluate("JSON.parse(localStorage.getItem('bragref-witnessed'))")
        assert stored["closings"][0]["digest"] == closing and stored["closings"][0]["session"] == "friday"
        players = httpx.get(running.players + "status.json").json()
        assert "pay" not in players
    finally:
        running.stop()
    table("paid bill ann 1")  # recorded after the close: the closing digest still holds
    for digest in {closing, stored["newest"]["digest"], status["digest"]}:
        audited = subprocess.run([sys.executable, "-m", "bragref", "--db", str(table.db), "audit", "--digest",
                                  digest], capture_output=True, text=True)
        assert audited.returncode == 0, audited.stdout + audited.stderr


@pytest.mark.slow  # a server and a browser
def test_a_seats_witnessed_list_says_in_plain_words_what_it_is(browser, tmp_path):
    """A newcomer read `witnessed` on their phone as jargon. Its summary, shown closed, says what it is: the ledger's
    fingerprints this phone saw; opened, the line under it says what they are for (an audit of the ledger with one
    shows whether anything recorded before it was changed), above the digests themselves."""
    from axe_playwright_python.sync_playwright import Axe
    from test_referee import Referee, opened

    table = Bragref(tmp_path / "ledger.db")
    table.lines("""
        session new friday --players "Ann,Bill"
        deal
    """)
    running = Referee(table.db, more=("--seats", "ask"))
    try:
        status = httpx.get(running.url + "status.json").json()
        seat = opened(browser, running.players.rstrip("/") + status["seats"]["Bill"])
        seat.wait_for_selector("#witnessed:not([hidden])")
        summary = seat.locator("#witnessed > summary")
        assert summary.is_visible() and not seat.locator("#witnessed").evaluate("box => box.open")
        assert "fingerprints of the ledger" in summary.inner_text() and "this phone" in summary.inner_text()
        summary.click()
        seat.wait_for_function("document.querySelector('#witnessed li') !== null")
        said = seat.locator("#witnessed > p").inner_text()
        assert "an audit of the ledger with one" in said and "changed" in said, said
        assert status["digest"] in seat.locator("#witnessed li").first.inner_text()
        violations = Axe().run(seat).response["violations"]  # the seat's page, its list opened
        assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
    finally:
        running.stop()
