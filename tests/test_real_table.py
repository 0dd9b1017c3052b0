"""The referee's page at a real table (issue 67, docs/reference.md, The referee's page at a real table): a tap means
one thing, every move by taps (R6.3's look included), irreversible steps asked twice, forms kept open, words not
commands, private stays private (a side show's cards, R13.4), the next game shown, a stopped server said, the evening
started on the phone, pictures a room can read, and the security headers on every response. HTTP tests with the
ledger dumped before and after each refused write; browser tests (Playwright driving Debian's chromium, skipped
saying why without it) at 360×740 beside a TV at 1920×1080."""

import contextlib
import json
import os
import re
import signal
import time
from pathlib import Path

import pytest
from test_referee import PHONE, TV, Referee, bragref, calmed, dump, opened, status, tap, waited
from test_serve import until, web
import itertools

pytestmark = pytest.mark.slow  # a server and browsers: CI's whole run, not the quick subset

FOLK = ["Ann", "Bob", "Cat", "Dan", "Eve"]
COMMAND_SYNTAX = re.compile(r"`|--\w|\bPLAYER\b|\bCARDS\b|\bbragref\b|\w\|\w")


def sideshow(db: Path) -> None:
    """A hand of Teen Patti to the cards of a side show (R13.4): Cat's Kh Kd 4c beat Ann's 2c 3d 5h, and Ann packs,
    Bob and Cat still in."""
    bragref(db, "session", "new", "patti", "--players", ",".join(FOLK), "--game", "teen-patti")
    for line in ["deal", "look bob", "chaal bob 2", "look cat", "chaal cat 2", "pack dan", "pack eve", "look ann",
                 "sideshow ann 2", "accept cat", "show cat Kh Kd 4c", "show ann 2c 3d 5h"]:
        bragref(db, *line.split())


# ---- HTTP ------------------------------------------------------------------------------------------------------------


def test_a_side_shows_cards_never_reach_the_players_page_while_the_hand_is_in_play(tmp_path):
    db = tmp_path / "ledger.db"
    sideshow(db)
    running = Referee(db)
    try:
        players, referee = status(running.players), status(running.url)
        said = json.dumps(players)
        for card in ("Kh", "Kd", "4c", "2c", "3d", "5h"):  # as a word: a digest's hex may hold "3d" by chance
            assert not re.search(rf"\b{card}\b", said), card  # not in the actions, the lines, the moves or anything
        with web.stream("GET", running.players + "events") as events:
            first = next(line for line in events.iter_lines() if line.startswith("data:"))
        assert not re.search(r"\b(Kh|2c)\b", first)
        assert "Kh Kd 4c" in json.dumps(referee)  # the referee sees them
        assert any("side show" in line["text"] or "show" in line["text"] for line in players["told"]["lines"])
        bragref(db, "pack", "bob")  # the hand is over: the cards may be told
        assert until(lambda: status(running.players)["phase"] == "over")
        assert "Kh Kd 4c" in json.dumps(status(running.players)["told"]["lines"])
    finally:
        running.stop()


def test_the_evening_starts_on_an_empty_path_and_makes_no_ledger_for_a_refused_word(tmp_path):
    db = tmp_path / "night" / "ledger.db"
    db.parent.mkdir()
    running = Referee(db)
    try:
        now = status(running.url)
        assert now["session"] is None and now["digest"] == ""
        assert [form["verb"] for form in now["told"]["forms"]] == ["session new"]
        for words, head in (("bet ann 2", ""), ("deal", ""), ("session new x players Ann", "")):
            answer = web.post(running.act, json={"words": words, "head": head})
            assert answer.status_code == 400, answer.text
            assert not db.exists()  # a refused first answer makes no ledger
        made = web.post(running.act, json={"words": "session new friday players Ann,Bob game svara ante 0.10 "
                                                    "unit 0.01 currency £ stakes pocket", "head": ""})
        assert made.status_code == 200, made.text
        assert made.json()["recorded"] == "Session friday is current: Ann, Bob. Ante £0.10."
        assert until(lambda: status(running.url)["session"] == "friday")
        before = dump(db)
        again = web.post(running.act, json={"words": "session new other players Cy,Di", "head": ""})
        assert again.status_code == 409 and dump(db) == before  # a session was opened since the page showed none
        bragref(db, "session", "close")
        assert until(lambda: status(running.url)["session"] is None)  # none open: the next one is started here
        assert status(running.players)["session"] == "friday"  # the TV keeps the night's last table
        assert web.post(running.act, json={"words": "session new saturday players Cy,Di", "head": ""}
                        ).status_code == 200
    finally:
        running.stop()


def test_the_next_game_is_shown_as_soon_as_it_is_set(tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob,Cat")
    for line in ("deal", "fold bob", "fold cat"):
        bragref(db, *line.split())
    running = Referee(db)
    try:
        assert status(running.players)["told"]["title"] == "Three Card Brag"
        assert web.post(running.act, json={"words": "rules game svara", "head": running.head()}).status_code == 200
        assert until(lambda: status(running.players)["told"]["title"] == "Svara")
        assert status(running.players)["told"]["turn"] == "Hand 1 over: next, Svara"
    finally:
        running.stop()


def test_the_nights_settle_up_counts_what_was_paid_since_and_the_closed_night_stays_in_its_money(tmp_path):
    """A settle-up recorded tonight (R1.2) is said beside the night's who-pays-whom, with what is still owed net of
    it (`settle --all`); a carried pot is explained as `settle` explains it (R6.2); once the session is closed the
    referee's page still shows the night in its money, its chart too."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "fri", "--players", "Ann,Bob,Cat", "--unit", "0.10", "--currency", "£")
    for line in ("deal --dealer cat", "fold ann", "bet bob 1", "fold cat"):
        bragref(db, *line.split())
    paid = json.loads(bragref(db, "settle", "--json"))[0]
    bragref(db, "paid", paid["from"], paid["to"], "0.10")
    for line in ("deal", "bet bob 1 --blind", "fold cat", "fold ann"):  # to a blind player: the pot carried (R6.2)
        bragref(db, *line.split())
    running = Referee(db)
    try:
        settle = status(running.players)["told"]["settle"]
        assert f"Paid since the night began: {paid['from']} paid {paid['to']} £0.10." in settle
        owed = json.loads(bragref(db, "settle", "--all", "--json"))
        still = "; ".join(f"{p['from']} pays {p['to']} £{p['amount'] / 10:.2f}" for p in owed)
        assert f"Still owed over every night, net of every payment: {still}." in settle
        assert any(line.startswith("The carried pot is the £") for line in settle), settle
        bragref(db, "session", "close")
        assert until(lambda: status(running.url)["session"] is None)
        closed = status(running.url)
        assert closed["money"] == {"unit": "0.10", "currency": "£"} and closed["told"]["chart"] is not None
        assert closed["told"]["settle"] and closed["balances"]
    finally:
        running.stop()


def test_every_response_carries_the_security_headers_a_404_too(tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob")
    running = Referee(db)
    try:
        for url in (running.players + "nothing-here", running.players + "r/wrong/", running.url + "nothing",
                    running.players, running.url + "status.json"):
            answer = web.get(url)
            assert answer.headers["content-security-policy"].startswith("default-src 'none'"), url
            assert answer.headers["cache-control"] == "no-store" and answer.headers["x-content-type-options"] == \
                "nosniff", url
        assert web.put(running.players + "status.json").headers["cache-control"] == "no-store"
    finally:
        running.stop()


def test_a_page_is_told_the_server_has_stopped(tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob")
    running = Referee(db)
    with web.stream("GET", running.url + "events", timeout=10) as events:
        lines = events.iter_lines()
        assert next(lines).startswith("retry")
        running.process.send_signal(signal.SIGTERM)
        assert "event: ended" in list(lines)  # the last event: this address has ended
    running.process.wait(10)


# ---- in a real browser --------------------------------------------------------------------------------------------


def shown_moves(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('#moves button')].map(b => b.textContent)")


def double_tap(page, label: str, gap_ms: int) -> None:
    """Two taps at the same spot `gap_ms` apart, as a finger lands them: wherever the button is then, or what has
    been drawn there since."""
    box = page.locator("#moves").get_by_role("button", name=label, exact=True).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)
    page.mouse.click(x, y)


@contextlib.contextmanager
def refereed(browser, tmp_path, players: str, *lines: str):
    """A session of `players` in pounds, `lines` typed at the table, and the referee's page open on a phone: the
    ledger's path and the page, the server stopped after."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", players, "--currency", "£")
    for line in lines:
        bragref(db, *line.split())
    running = Referee(db)
    try:
        yield db, opened(browser, running.url)
    finally:
        running.stop()


@pytest.mark.parametrize("gap", [60, 150, 400])
def test_a_double_tap_on_fold_records_one_fold_for_the_player_it_named(browser, tmp_path, gap):
    with refereed(browser, tmp_path, "Ann,Bob,Cat,Dan", "deal") as (db, page):
        assert "fold Bob" in shown_moves(page)  # the button names whose move it is
        double_tap(page, "fold Bob", gap)
        page.wait_for_function("document.getElementById('answer').className === 'recorded'")
        page.wait_for_timeout(900)  # whatever a second tap would have done, it has done
        actions = [(a["player"], a["action"]) for a in json.loads(bragref(db, "history", "1", "--json"))]
        assert actions == [("Ann", "deal"), ("Bob", "fold")], actions
        assert page.locator("#answer").text_content().startswith("Recorded: Bob folds")
        assert "Cat to act" in page.locator("#whose").text_content()  # whose turn, beside the buttons


def test_a_double_tap_on_a_two_tap_bet_records_one_bet_and_leaves_nothing_armed(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob,Cat", "deal") as (db, page):
        page.locator("#moves").get_by_role("button", name="bet Bob", exact=True).click()  # opens its amount
        page.get_by_label("amount", exact=True).fill("2")
        calmed(page)
        double_tap(page, "bet Bob", 150)
        page.wait_for_function("document.getElementById('answer').className === 'recorded'")
        page.wait_for_timeout(900)
        said = page.locator("#answer").text_content()
        assert said.startswith("Recorded: Bob bets £2") and "Stale" not in said, said
        actions = [(a["player"], a["action"]) for a in json.loads(bragref(db, "history", "1", "--json"))]
        assert actions == [("Ann", "deal"), ("Bob", "bet")], actions
        assert page.get_by_label("amount", exact=True).count() == 0  # no field left open for Cat
        assert page.locator("#moves button[aria-pressed='true']").count() == 0


def test_a_double_tap_on_a_move_not_yet_opened_opens_its_amount_and_records_nothing(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob,Cat", "deal") as (db, page):
        before = dump(db)
        double_tap(page, "bet Bob", 150)  # the second tap would have recorded the least bet, unasked
        page.wait_for_timeout(900)
        assert dump(db) == before
        assert page.get_by_label("amount", exact=True).count() == 1  # open for the amount, as one tap leaves it


def test_a_tap_just_after_close_asks_to_be_confirmed_closes_nothing(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob") as (db, page):
        box = page.locator("#forms details").filter(has=page.locator("summary:text-is('close')"))
        box.locator("summary").click()
        before = dump(db)
        page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # the page's time stands: however slow the machine,
        box.get_by_role("button", name="close", exact=True).click()  # the second tap is within the first's calm
        box.get_by_role("button", name="confirm close", exact=True).click(force=True)  # a double tap's second,
        # wherever it is: the page marks its controls as taking no tap (aria-disabled), which a finger does not read
        page.wait_for_timeout(900)
        assert dump(db) == before
        assert box.get_by_role("button", name="confirm close", exact=True).count() == 1


def test_a_double_tap_on_a_card_leaves_it_picked(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob", "deal", "bet bob 1", "see ann") as (_db, page):
        page.locator("#moves").get_by_role("button", name="show Bob", exact=True).click()
        calmed(page)
        card = page.locator("#picked").get_by_role("button", name="Kh", exact=True)
        spot = card.bounding_box()
        page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
        page.wait_for_timeout(150)
        page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)  # not put back unasked
        assert card.get_attribute("aria-pressed") == "true"


def test_a_form_short_of_a_field_says_which_and_sends_nothing(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob") as (db, page):
        box = page.locator("#forms details").filter(has=page.locator("summary:text-is('lend')"))
        box.locator("summary").click()
        box.get_by_label("lend lender", exact=True).select_option("Ann")
        before = dump(db)
        box.get_by_role("button", name="lend", exact=True).click()
        assert page.locator("#answer").text_content() == "Choose or fill in borrower first."  # words, not a command
        assert dump(db) == before


def test_a_kept_blind_hand_is_looked_at_by_taps_r6_3(browser, tmp_path):
    with refereed(browser, tmp_path, "Ann,Bob,Cat", "deal", "bet bob 1 --blind", "fold cat", "fold ann", "deal",
                  "bet cat 1", "fold ann") as (db, page):
        assert {"look at the old hand and keep it (Bob)", "look at the old hand and fold it (Bob)",
                "look at the new hand and keep it (Bob)", "look at the new hand and fold it (Bob)"} <= \
            set(shown_moves(page))  # in words, as the page's may-line says the choice (R6.3), not `look Bob new fold`
        assert tap(page, "look at the new hand and fold it (Bob)") == \
            "Recorded: Bob looks at the new hand and folds it."
        last = json.loads(bragref(db, "history", "2", "--json"))[-1]
        assert (last["action"], last["detail"]) == ("look", "new fold")


BUTTONS = {"rules": "change rule"}  # a form's record button, where it says more than the form's name


def form(page, verb: str, confirm: str | None = None, **fields) -> str:
    """Fill a form of the referee's page and tap its button (twice where it asks, `confirm` the words it must say
    first); what the page said once it shows the table recorded."""
    calmed(page)
    box = page.locator("#forms > *").filter(has=page.locator(f"legend:text-is('{verb}'), summary:text-is('{verb}')"))
    if box.evaluate("node => node.tagName") == "DETAILS" and not box.evaluate("node => node.open"):
        box.locator("summary").click()
    for name, value in fields.items():
        field = box.get_by_label(name if verb in ("deal", "session new") else f"{verb} {name}", exact=True)
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.evaluate("document.getElementById('answer').className = 'waiting'")
    button = box.get_by_role("button", name=BUTTONS.get(verb, verb), exact=True)
    button.click()
    if confirm is not None:
        assert confirm in box.locator(".confirm").text_content()
        calmed(page)
        box.get_by_role("button", name=f"confirm {verb}", exact=True).click()
    waited(page, "!['waiting', ''].includes(document.getElementById('answer').className)", verb)
    said = page.locator("#answer").text_content()
    assert page.locator("#answer").get_attribute("class") == "recorded", said
    shown = "''" if verb == "close" else "document.getElementById('answer').dataset.head"  # none open: no head
    waited(page, f"document.body.dataset.head === {shown}", verb)
    return said


EVENING = [  # the moves of four hands, tapped: (button, amount, cards, fields)
    ("bet Bob", "2"), ("fold Cat",), ("fold Dan",), ("fold Eve",), ("fold Ann",),  # Bob takes the antes, 5, and his 2
    "svara",
    ("deal",), ("bet Cat", "1"), ("pass Dan",), ("pass Eve",), ("pass Ann",), ("pass Bob",),  # Cat's 1 unanswered
    "teen-patti",
    ("deal",), ("look Dan",), ("chaal Dan", "2"), ("look Eve",), ("chaal Eve", "2"), ("pack Ann",), ("pack Bob",),
    ("look Cat",), ("sideshow Cat", "2"), ("accept Eve",), ("show Eve", None, ("Kh", "Kd", "4c")),
    ("show Cat", None, ("2c", "3d", "5h")), "side show seen", ("pack Dan",),  # Eve takes 11
    "three-card-poker",
    ("deal",), ("wager Eve", "2"), ("pass Ann",), ("pass Bob",), ("pass Cat",), ("play Eve for £2",),
    ("show Dan", None, ("2h", "3h", "9c")), ("show Eve", None, ("5s", "5d", "7c")),  # the bank does not qualify
]
NETS = {"Ann": -3, "Bob": 2, "Cat": 0, "Dan": -7, "Eve": 8}  # worked out beside each hand above: antes and boots of 1


def test_a_whole_evening_refereed_from_a_phone_beside_a_tv_starting_on_an_empty_path(browser, tmp_path):
    db = tmp_path / "ledger.db"
    running = Referee(db)
    try:
        page = opened(browser, running.url, PHONE)
        tv = browser.new_page(viewport=TV, bypass_csp=True)
        tv.goto(running.players)
        form(page, "session new", name="thursday", players=", ".join(FOLK), game="brag", ante="1", unit="1",
             currency="£", stakes="table")
        for name in FOLK:  # five buy-ins in one form kept open, the amount kept, no player chosen in advance
            box = page.locator("#forms details").filter(has=page.locator("summary:text-is('buy-in')"))
            if box.evaluate("node => node.open"):
                assert box.get_by_label("buy-in name", exact=True).input_value() == ""
                assert box.get_by_label("buy-in amount", exact=True).input_value() == "20"
            form(page, "buy-in", name=name, amount="20")
        assert [r["table_money"] for r in status(running.players)["players"]] == [20] * 5
        form(page, "deal")
        for step in EVENING:
            if step == "side show seen":
                tv.wait_for_function("document.body.dataset.head === " + json.dumps(status(running.players)["digest"]))
                text = tv.locator("body").text_content()
                assert "Kh" not in text and "2c 3d" not in text, "a side show's cards on the TV"
                assert "Kh Kd 4c" in page.locator("#actions").text_content()  # the referee's page shows them
                continue
            if isinstance(step, str):
                form(page, "rules", option="game", value=step)
                page.wait_for_function(f"document.querySelector('[aria-label=\\'rules value\\']').value === "
                                       f"{json.dumps(step)}")  # the list shows the game in force, not the first
                tv.wait_for_function(f"document.getElementById('title').textContent.includes({json.dumps(step)}) || "
                                     f"document.getElementById('turn').textContent.includes('next')")
                continue
            tap(page, step[0], step[1] if len(step) > 1 else None, step[2] if len(step) > 2 else ())
            for shown in (page.locator("main").text_content(), tv.locator("main").text_content()):
                found = COMMAND_SYNTAX.search(shown)  # words, not commands
                assert not found, shown[max(0, found.start() - 80):found.end() + 80]
        tv.wait_for_function("document.body.dataset.head === " + json.dumps(status(running.players)["digest"]))
        whole = tv.evaluate("""(list => [...list.children].every(line => line.getBoundingClientRect().top >=
                                 list.getBoundingClientRect().top - 1))(document.getElementById('actions'))""")
        assert whole, "a line of the hand's list half above the TV's box"  # a TV is not scrolled
        said = form(page, "close", confirm="close thursday: cash out Ann £17, Bob £22, Cat £20, Dan £13, Eve £28")
        tv.wait_for_function("document.getElementById('turn').textContent === 'Session closed'")
        night = page.locator("#forms fieldset").filter(has=page.locator("legend:text-is('session new')"))
        assert [night.get_by_label(name, exact=True).input_value() for name in ("currency", "stakes")] == [
            "£", "table"]  # the next night's form in this night's money
        assert "Session thursday is closed" in said
        assert {r["player"]: r["net"] for r in json.loads(bragref(db, "balances", "--json"))} == NETS
        assert "sound" in bragref(db, "audit")
    finally:
        running.stop()


def test_a_long_hand_on_a_tv_shows_its_newest_lines_whole(browser, tmp_path):
    """A TV cannot be scrolled: the list of a long hand shows as many of its newest lines as fit, each whole, the
    oldest given way (each line keeps its number), never one cut in half at the top."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", ",".join(FOLK), "--currency", "£")
    bragref(db, "deal")
    for name in (FOLK[1:] + FOLK[:1]) * 8:
        bragref(db, "bet", name, "1")
    running = Referee(db)
    try:
        tv = opened(browser, running.players, TV)
        lines = tv.evaluate("""(list => [...list.children].map(line => [line.value,
            line.getBoundingClientRect().top >= list.getBoundingClientRect().top - 1,
            line.getBoundingClientRect().bottom <= list.getBoundingClientRect().bottom + 1]))(
            document.getElementById('actions'))""")
        assert lines[-1][0] == 41 and lines[0][0] > 1  # the newest, and not all of them
        assert all(top and bottom for _, top, bottom in lines), lines
    finally:
        running.stop()


def test_a_stopped_servers_page_says_so_within_5_seconds(browser, tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob")
    running = Referee(db)
    page = opened(browser, running.url)
    running.process.send_signal(signal.SIGKILL)  # the laptop's lid shut, the server gone without a word
    running.process.wait(10)
    started = time.monotonic()
    page.wait_for_function("document.getElementById('live').textContent.startsWith('This address has ended')",
                           timeout=6000)
    assert time.monotonic() - started < 5.5


def test_the_nights_chart_on_a_tv_has_labels_a_room_can_read(browser, tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "simulate", "--hands", "12", "--seed", "5", "--players", ",".join(FOLK), "--currency", "£")
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV)
        page.wait_for_function("document.querySelectorAll('#running text').length > 0")
        heights = page.evaluate("[...document.querySelectorAll('#running text')].map(t => "
                                "t.getBoundingClientRect().height)")
        assert min(heights) >= 24, heights
        boxes = page.evaluate("[...document.querySelectorAll('#running text')].slice(1).map(t => { const r = "
                              "t.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })")
        for one, other in itertools.pairwise(boxes):
            assert one[1] <= other[0] + 1 or one[3] <= other[2] or other[3] <= one[2], (one, other)
        chart = page.evaluate("document.getElementById('running').getBoundingClientRect().height")
        assert chart >= 0.3 * TV["height"]  # it fills the space it has
    finally:
        running.stop()


def test_the_season_charts_labels_are_never_clipped_or_drawn_over_each_other(browser, tmp_path):
    db = tmp_path / "ledger.db"
    for night in ("the-first-monday-night", "tuesday", "wednesday-evening-long", "thursday", "fri", "saturday-late"):
        bragref(db, "simulate", "--hands", "3", "--seed", str(len(night)), "--players", ",".join(FOLK), "--name", night)
    bragref(db, "season", "--chart", str(tmp_path / "season.svg"))
    page = browser.new_page(viewport={"width": 760, "height": 420})
    page.set_content((tmp_path / "season.svg").read_text())
    if os.environ.get("BRAGREF_SCREENSHOTS"):  # the docs' picture of it
        page.screenshot(path=str(Path(os.environ["BRAGREF_SCREENSHOTS"]) / "season-chart.png"))
    width = page.evaluate("document.querySelector('svg').getBoundingClientRect().right")
    boxes = page.evaluate("[...document.querySelectorAll('text')].map(t => { const r = t.getBoundingClientRect(); "
                          "return [r.left, r.right, r.top, r.bottom]; })")
    assert all(box[0] >= 0 and box[1] <= width + 0.5 for box in boxes), boxes  # nothing cut at an edge
    for i, one in enumerate(boxes):
        for other in boxes[i + 1:]:
            apart = one[1] <= other[0] or other[1] <= one[0] or one[3] <= other[2] or other[3] <= one[2]
            assert apart, (one, other)


@pytest.mark.parametrize("which", ["players", "url"])
def test_axe_finds_nothing_serious_with_the_charts_drawn(browser, tmp_path, which):
    from axe_playwright_python.sync_playwright import Axe

    db = tmp_path / "ledger.db"
    bragref(db, "simulate", "--hands", "4", "--seed", "2", "--players", "Ann,Bob,Cat", "--name", "one")
    bragref(db, "simulate", "--hands", "4", "--seed", "3", "--players", "Ann,Bob,Cat", "--name", "two")
    bragref(db, "deal")
    running = Referee(db)
    try:
        page = opened(browser, getattr(running, which))
        page.wait_for_function("document.querySelectorAll('#running polyline').length > 0")
        violations = Axe().run(page).response["violations"]
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in violations
                   if v["impact"] in ("serious", "critical")]
        assert serious == []
    finally:
        running.stop()


def test_what_a_show_recorded_from_below_the_picker_says_is_in_view(browser, tmp_path):
    """The picker is taller than a phone: its button that records is tapped scrolled down to it, and the picker
    closes with the hand. The answer (who won) is brought into view, not left above the screen."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", ",".join(FOLK), "--currency", "£", "--stakes", "table")
    for line in (*(f"buy-in {name} 20" for name in FOLK), "deal", "fold bob", "fold cat", "fold dan", "bet eve 1",
                 "see ann"):
        bragref(db, *line.split())
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        tap(page, "show Eve", cards=("Ah", "Ad", "As"))
        calmed(page)
        page.locator("#moves").get_by_role("button", name="show Ann", exact=True).click()
        for card in ("2c", "3d", "5h"):
            page.locator("#picked .pack").get_by_role("button", name=card, exact=True).click()
        page.evaluate("scrollTo(0, document.body.scrollHeight)")  # the referee's thumb, down to the page's end
        calmed(page)
        page.locator("#picked").get_by_role("button", name="record show Ann", exact=True).click()
        waited(page, "document.getElementById('answer').textContent.includes('Hand 1 over')", "record show Ann")
        page.wait_for_function("document.getElementById('picked').childElementCount === 0")  # closed with the hand
        assert page.evaluate("(box => box.top > -1 && box.top < innerHeight)("
                             "document.getElementById('answer').getBoundingClientRect())")
    finally:
        running.stop()


def test_the_card_picker_shows_each_suit_by_its_symbol_and_colour(browser, tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob")
    for line in ("deal", "bet bob 1", "see ann"):
        bragref(db, *line.split())
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        page.locator("#moves").get_by_role("button", name="show Bob", exact=True).click()
        heart = page.locator("#picked").get_by_role("button", name="Kh", exact=True)
        assert "♥" in heart.text_content()
        red = heart.locator(".suit").evaluate("node => getComputedStyle(node).color")
        spade = page.locator("#picked").get_by_role("button", name="Ks", exact=True).locator(".suit")
        assert red != spade.evaluate("node => getComputedStyle(node).color") and red.startswith("rgb(")
        record = page.locator("#picked").get_by_role("button", name="record show Bob", exact=True)
        grid = page.locator("#picked .pack").bounding_box()
        assert record.bounding_box()["y"] > grid["y"]  # the button that records is below the grid, not above it
    finally:
        running.stop()
