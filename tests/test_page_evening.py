"""A newcomer's evening refereed by taps (`serve --referee --seats`), each thing found reproduced first: the words
about who owes whom after a night that nets to nothing, a seat's `ask again` for a move no longer allowed, the
forms and the seats' tray after a close, and a request the pages make that the server does not serve."""

import json
import time

import pytest
from test_referee import PHONE, Referee, bragref, calmed, status
from test_seats import Seated, ask, dealt, phone
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


# ---- a seat's "ask again" --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("label, amount, offered", [("bet blind", "1", False), ("fold", None, True)])
def test_ask_again_is_offered_only_for_a_move_the_seat_may_still_make(browser, tmp_path, label, amount, offered):
    """Bob asks to bet blind; the referee records his look at the terminal, which moves past the request: a blind bet
    is no longer his to make, and his phone offered `ask again: bet £1 blind` all the same (refused if tapped, R3.5).
    A fold, moved past the same way, is still his to make: asked again by one tap."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        bob = phone(browser, running.seat("Bob"))
        ask(bob, label, amount)
        bragref(db, "look", "bob")  # typed at the table meanwhile: Bob has seen his cards
        bob.wait_for_function("document.getElementById('answer').textContent.includes('moved on')", timeout=3000)
        bob.wait_for_timeout(300)  # the table's next arrival too: nothing more is drawn
        again = bob.locator("#answer button")
        if not offered:
            assert again.count() == 0, again.all_text_contents()
            assert "bet blind" not in [b.text_content() for b in bob.locator("#moves button").all()]  # not on offer
            return
        assert again.all_text_contents() == ["ask again: fold"]
        calmed(bob)
        again.click()
        bob.wait_for_function("document.getElementById('answer').className === 'asked'")
        assert [r["line"] for r in status(running.url)["requests"]] == ["Bob asks: fold"]
    finally:
        running.stop()


@pytest.mark.parametrize("how", ["move", "below"])
def test_a_seats_amount_field_shuts_once_its_ask_is_sent(browser, tmp_path, how):
    """Bob opens his bet, types 2 and asks (tapping `bet` again, or `ask bet` below the field): the request waited
    for the referee while the field he typed into stayed open under his moves, as if nothing had been sent. It shuts
    once the ask is sent, as a field shuts once the referee's tap records; the request waits as before."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        bob = phone(browser, running.seat("Bob"))
        calmed(bob)
        bet = bob.locator("#moves").get_by_role("button", name="bet", exact=True)
        bet.click()
        bob.get_by_label("amount", exact=True).fill("2")
        calmed(bob)
        (bet if how == "move" else bob.get_by_role("button", name="ask bet", exact=True)).click()
        bob.wait_for_function("document.getElementById('answer').className === 'asked'")
        assert [r["line"] for r in status(running.url)["requests"]] == ["Bob asks: bet £2"]
        assert bob.get_by_label("amount", exact=True).count() == 0  # shut
        assert bob.locator("#picked").inner_text() == ""
        assert bet.get_attribute("aria-pressed") == "false"
        calmed(bob)
        bet.click()  # opened again: ready for another ask, at its least
        assert bob.get_by_label("amount", exact=True).input_value() == "1"
    finally:
        running.stop()


def test_a_showdown_tapped_is_undone_by_the_pages_undo_until_the_hand_settles(tmp_path):
    """The referee's `showdown` records at one tap, unlike the page's final taps (`close`, a misdeal's undo), which
    ask to be confirmed: an agreed showdown settles nothing (R6.5: the hands are then shown, or the table awards the
    pot), so a showdown tapped by mistake is undone from the page (R9.1) while the hand is in play."""
    from test_referee import Referee
    from test_referee import dealt as three_dealt

    running = Referee(three_dealt(tmp_path / "ledger.db"))
    try:
        offered = status(running.url)["told"]["moves"]
        assert "showdown" in [move["label"] for move in offered]
        assert running.post("showdown").status_code == 200
        after = status(running.url)
        assert after["phase"] == "showdown" and "undo" in [form["verb"] for form in after["told"]["forms"]]
        assert not any(form["confirm"] for form in after["told"]["forms"] if form["verb"] == "undo")
        undone = running.post("undo")
        assert undone.status_code == 200, undone.text
        assert status(running.url)["phase"] == "betting"
    finally:
        running.stop()


# ---- the referee's page after a close --------------------------------------------------------------------------------


def fields_of(page) -> dict:
    """What the session new form's fields hold, by name."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#forms [data-name]')]
      .map(input => [input.dataset.name, input.value]))""")


def tapped(page, name: str) -> None:
    calmed(page)
    page.locator("#forms").get_by_role("button", name=name, exact=True).click()


def start(page, night: str, first: bool) -> None:
    """A night started by taps: its name, its players (the first night's; the next nights' are the last night's,
    prefilled) and an ante of £0.02 typed as a newcomer types them."""
    calmed(page)
    page.get_by_label("name", exact=True).fill(night)
    if first:
        page.get_by_label("players", exact=True).fill("Ann,Bob")
    page.get_by_label("unit", exact=True).select_option("0.01")
    page.get_by_label("currency", exact=True).select_option("£")
    ante = page.get_by_label("ante", exact=True)
    ante.click()
    ante.press_sequentially("0.02")  # typed where the finger lands, as a person types it
    assert ante.input_value() == "0.02"  # what was typed, not added to what the form held
    tapped(page, "session new")
    page.wait_for_function(f"document.getElementById('answer').textContent.includes('Session {night} is current')"
                           " && document.querySelector('#forms details') !== null"
                           " || document.getElementById('answer').className === 'refused'", timeout=3000)
    assert page.locator("#answer").get_attribute("class") == "recorded", page.locator("#answer").text_content()


def close(page) -> None:
    """The night closed by taps: `close` opened, tapped, confirmed."""
    calmed(page)
    page.locator("#forms details > summary").get_by_text("close", exact=True).click()
    tapped(page, "close")
    tapped(page, "confirm close")
    page.wait_for_function("document.body.dataset.head === '' && [...document.querySelectorAll('#forms legend')]"
                           ".map(legend => legend.textContent).join() === 'session new'", timeout=3000)


def test_after_a_close_the_next_night_starts_as_the_first_did(browser, tmp_path):
    """After a close the session new form kept the last night's ante ("0.02"; typed into, "0.02002") where the night
    was started by taps, and nothing else of it (name and players empty); the next night showed its `close` opened
    under `deal`; the seats' tray kept its band (93 px of a phone) though no request can wait any more. After every
    close the form holds the closed night's players, game, ante and money, its name empty, a prefilled field selected
    when tapped so that typing replaces it (docs/serve.md); each night starts with `close` closed; the tray shows
    only while seats may ask."""
    db = tmp_path / "ledger.db"
    running = Referee(db, more=("--seats", "ask"))
    try:
        page = phone(browser, running.url, PHONE)
        page.locator("#forms [data-name='name']").wait_for()
        first = fields_of(page)
        assert (first["name"], first["players"], first["ante"]) == ("", "", "")  # nothing to prefill yet
        after = {**first, "players": "Ann, Bob", "ante": "0.02", "unit": "0.01", "currency": "£"}  # the closed night's
        assert not page.evaluate("document.body.classList.contains('trayed')")  # no session: no seat asks
        for night in ("one", "two", "three"):
            start(page, night, night == "one")
            shown = json.loads(bragref(db, "session", "show", "--json"))
            assert (shown["session"], shown["players"], shown["rules"]["ante"]) == (night, ["Ann", "Bob"], "£0.02")
            assert page.locator("#forms details[open]").count() == 0, night  # `close` and the rest closed
            page.wait_for_function("document.body.classList.contains('trayed')")  # seats may ask: the band
            close(page)
            assert fields_of(page) == after, night  # the same after every close
            page.wait_for_function("!document.body.classList.contains('trayed')", timeout=3000)  # none may now
            assert page.locator("#requests").evaluate("list => list.getBoundingClientRect().height") == 0
    finally:
        running.stop()


# ---- every request the pages make is served -------------------------------------------------------------------------


def test_no_request_the_pages_make_over_an_evening_is_refused_404(browser, tmp_path):
    """The referee's page logged one 404 early on, just after the phones' codes were opened: the browser asking for
    the site's icon. Every request the referee's page, a seat's page and the players' page make over an evening (the
    icon among them, which Playwright's own events never see: watched through the browser's network log) is
    served."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    refused = []
    try:
        pages = []
        for url in (running.url, running.seat("Bob"), running.players, running.players + "season"):
            context = browser.new_context(viewport=PHONE, bypass_csp=True)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.on("Network.responseReceived",
                   lambda event: refused.append(event["response"]["url"]) if event["response"]["status"] >= 400
                   else None)
            page.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
            page.clock.install()
            page.goto(url)
            pages.append(page)
        referee, bob = pages[0], pages[1]
        referee.wait_for_function("document.body.dataset.head !== undefined")
        referee.locator("#seats summary").click()
        referee.get_by_role("button", name="code for Ann", exact=True).click()
        referee.locator("#seats img").first.wait_for()
        ask(bob, "fold")
        referee.get_by_role("button", name="Record Bob's fold", exact=True).wait_for(timeout=3000)
        calmed(referee)
        referee.get_by_role("button", name="Record Bob's fold", exact=True).click()
        referee.wait_for_function("document.getElementById('answer').className === 'recorded'")
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and not refused:  # the icon is asked for a moment after the page loads
            referee.wait_for_timeout(100)
        assert refused == []
    finally:
        running.stop()


def test_the_close_asked_for_over_a_carried_pot_says_what_becomes_of_it(tmp_path):
    """The referee's close, asked while a pot is carried forward (R6.2: everyone folded to Bob, blind), says before it
    is recorded that the pot stays unwon and how the table deals with it, as the closed night's words say it then;
    with nothing carried it says only the close (R9.1)."""
    from bragref.serve.watch import Watcher

    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob,Cat", "--currency", "£", "--unit", "0.01", "--ante",
            "0.02")
    watcher = Watcher(str(db))
    try:
        def close() -> str:
            watcher.look()
            forms = json.loads(watcher.views["referee"])["told"]["forms"]
            return next(form["confirm"] for form in forms if form["verb"] == "close")

        assert close() == "close n: nothing more is recorded in it (R9.1)"
        for words in ("deal", "bet bob 0.04 --blind", "fold cat", "fold ann"):
            bragref(db, *words.split())
        assert close() == ("close n: the carried pot of £0.10 stays unwon, for the table to share out as it agrees "
                           "(R6.2); nothing more is recorded in it (R9.1)")
    finally:
        watcher.stop()
