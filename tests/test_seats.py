"""Every player's phone (issue 68, docs/reference.md, A page for each seat): a seat page per seated player, whose
taps are requests judged at once by the same reader as `table` and the referee's page, and recorded only by the
referee's tap (`ask`) or, the player to act's moves, at once (`record`). HTTP tests of every status code, the ledger
dumped before and after each write that must record nothing; browser tests of one referee phone, four seat phones
and a TV."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from test_referee import PHONE, TV, Referee, bragref, calmed, dump, status
from test_serve import until, web

pytestmark = pytest.mark.slow  # a server and browsers for seats: CI's whole run, not the quick subset

FOUR = ["Ann", "Bob", "Cat", "Dan"]


class Seated(Referee):
    """`serve --referee --seats MODE` over a dealt hand of brag among four, Ann dealing: Bob acts first."""

    def __init__(self, db: Path, mode: str = "ask"):
        super().__init__(db, more=("--seats", mode))
        self.root = self.players.rstrip("/")

    def seat(self, player: str) -> str:
        return self.root + status(self.url)["seats"][player]

    def ask(self, player: str, words: str, head: str | None = None, **sent) -> httpx.Response:
        return web.post(self.seat(player) + "ask", json={"words": words, "head": head or self.head()}, **sent)

    def answer(self, request: str, answer: str = "record") -> httpx.Response:
        return web.post(self.url + "answer", json={"id": request, "answer": answer})


def dealt(db: Path) -> Path:
    bragref(db, "session", "new", "friday", "--players", ",".join(FOUR), "--currency", "£")
    bragref(db, "deal")
    return db


@pytest.fixture
def seated(tmp_path):
    running = Seated(dealt(tmp_path / "ledger.db"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def standing(tmp_path_factory):
    """One seated table for the requests that must ask and record nothing: each such test checks that nothing waits
    for the referee and the ledger is as it was, so they share the server, whose start is most of such a test's
    time."""
    running = Seated(dealt(tmp_path_factory.mktemp("standing") / "ledger.db"))
    yield running
    running.stop()


# ---- HTTP ------------------------------------------------------------------------------------------------------------


def test_each_seated_player_has_a_seat_of_their_own_new_at_every_start(tmp_path):
    db = dealt(tmp_path / "ledger.db")
    first = Seated(db)
    try:
        seats = status(first.url)["seats"]
        assert sorted(seats) == sorted(FOUR)
        tokens = {re.fullmatch(r"/s/([\w-]+)/", path)[1] for path in seats.values()}
        assert len(tokens) == 4 and all(len(token) >= 22 for token in tokens)  # at least 128 random bits
        bob = status(first.seat("Bob"))
        assert bob["seat"] == "Bob" and bob["request"] is None
        assert [move["label"] for move in bob["told"]["moves"]] == ["bet", "bet blind", "look",
                                                                     "fold"]  # their moves, without their own name
        assert status(first.seat("Cat"))["told"]["moves"] == []  # the table does not wait for Cat
        assert "requests" not in bob and "seats" not in bob  # a seat never sees the referee's page
        assert "requests" not in status(first.players) and "seats" not in status(first.players)
    finally:
        first.stop()
    second = Seated(db)
    try:
        assert set(status(second.url)["seats"].values()).isdisjoint(seats.values())
        assert web.get(second.root + seats["Bob"]).status_code == 404
    finally:
        second.stop()


def test_a_request_is_judged_at_once_and_waits_for_the_referee(seated):
    before = dump(seated.db)
    asked = seated.ask("Bob", "bet bob 2")
    assert asked.status_code == 202, asked.text
    assert asked.json()["asked"] == "Bob asks: bet £2"
    assert dump(seated.db) == before  # nothing recorded
    waiting = status(seated.url)["requests"]
    assert [(r["player"], r["words"], r["line"]) for r in waiting] == [("Bob", "bet bob 2", "Bob asks: bet £2")]
    again = seated.ask("Bob", "bet bob 3")  # a new one replaces it
    assert again.status_code == 202
    assert [r["words"] for r in status(seated.url)["requests"]] == ["bet bob 3"]
    assert seated.answer(asked.json()["id"]).status_code == 404  # replaced: no longer waiting
    recorded = seated.answer(again.json()["id"])
    assert recorded.status_code == 200, recorded.text
    assert recorded.json()["recorded"] == "Recorded: Bob bets £3 (£3 into the pot)."
    assert recorded.json()["head"] == seated.head()
    assert until(lambda: status(seated.seat("Bob"))["request"]["state"] == "recorded", 1)
    assert seated.answer(again.json()["id"]).status_code == 404  # answered already
    assert status(seated.url)["requests"] == []


@pytest.mark.parametrize("player, words, code", [
    ("Bob", "bet cat 2", 403),  # another player's move
    ("Bob", "deal", 403), ("Bob", "undo", 403), ("Bob", "lend bob cat 2", 403),  # the table's, not a seat's
    ("Bob", "buy-in cat 5", 403),
    ("Cat", "fold cat", 422),  # Cat's own, out of turn (R2.5)
    ("Bob", "bet bob two", 400), ("Bob", "bet bob 'unclosed", 400), ("Bob", "", 400),
])
def test_a_request_refused_asks_and_records_nothing(standing, player, words, code):
    before = dump(standing.db)
    answer = standing.ask(player, words)
    assert answer.status_code == code, answer.text
    if code == 422:
        assert answer.json()["rule"] == "R2.5" and answer.json()["may"].startswith("Bob may:")
    assert status(standing.url)["requests"] == [] and dump(standing.db) == before


def test_the_doors_of_a_seat(standing):
    before = dump(standing.db)
    assert standing.ask("Bob", "bet bob 1", head="4-0000000000000000").status_code == 409
    assert standing.ask("Bob", "bet bob 1", headers={"Origin": "http://evil.example"}).status_code == 403
    big = json.dumps({"words": "x" * 5000, "head": standing.head()})
    assert web.post(standing.seat("Bob") + "ask", content=big).status_code == 413
    assert web.post(standing.seat("Bob") + "ask", content=b"not json").status_code == 400
    assert web.get(standing.seat("Bob") + "ask").status_code == 405
    assert web.post(standing.root + "/s/not-a-seat/ask", json={"words": "fold bob", "head": ""}).status_code == 404
    for path in ("answer", "seats", "act"):  # the referee's writes are not a seat's
        assert web.post(standing.seat("Bob") + path, json={}).status_code == 404
    assert status(standing.url)["requests"] == [] and dump(standing.db) == before


def test_the_referees_answer_refuses_drops_stale_and_knows_no_other_id(seated):
    asked = seated.ask("Bob", "fold bob").json()["id"]
    before = dump(seated.db)
    assert seated.answer(asked, "refuse").status_code == 200
    assert dump(seated.db) == before
    assert until(lambda: status(seated.seat("Bob"))["request"]["state"] == "refused", 1)
    assert seated.answer("no-such-id").status_code == 404
    assert web.post(seated.url + "answer", json={"id": asked, "answer": "maybe"}).status_code == 400
    stale = seated.ask("Bob", "bet bob 1").json()["id"]
    bragref(seated.db, "fold", "bob")  # typed at the table meanwhile
    before = dump(seated.db)
    dropped = seated.answer(stale)
    assert dropped.status_code == 409 and dump(seated.db) == before
    assert until(lambda: status(seated.seat("Bob"))["request"]["state"] == "stale", 1)
    assert status(seated.url)["requests"] == []


def test_a_request_the_referee_makes_at_the_table_is_recorded_not_stale(seated):
    """The referee taps on their own page the very move a seat is waiting on (`bet bob 2` while Bob's phone asks
    it): his phone is told his move was recorded, not that the table moved on without it. Another move made instead
    leaves the request to go stale."""
    assert seated.ask("Bob", "bet bob 2").status_code == 202
    made = seated.post("bet bob 2")
    assert made.status_code == 200, made.text
    fate = status(seated.seat("Bob"))["request"]
    assert (fate["state"], fate["said"]) == ("recorded", made.json()["recorded"])
    assert status(seated.url)["requests"] == []
    assert seated.ask("Cat", "bet cat 2").status_code == 202
    assert seated.post("fold cat").status_code == 200  # not what Cat asked
    assert status(seated.seat("Cat"))["request"]["state"] == "waiting"  # until the referee drops it, as stale
    assert status(seated.url)["requests"][0]["stale"]


def showdown(db: Path) -> Path:
    """Svara among Ann, Bob and Cat, hand 2 at its showdown: Ann and Bob to show (R16.5)."""
    bragref(db, "session", "new", "x", "--players", "Ann,Bob,Cat", "--currency", "£", "--game", "svara")
    for words in ("deal", "pass bob", "pass cat", "deal", "look cat", "bet cat 1", "bet ann 1", "bet bob 1",
                  "pass cat", "see ann"):
        bragref(db, *words.split())
    return db


def test_under_seats_record_a_seat_page_says_its_show_waits_for_the_referee(browser, tmp_path):
    """`--seats record` records the player to act's moves at once, but a show (nobody to act: the referee sees the
    cards) still waits for the referee: the seat page says so beside its moves (the evening after issue 79)."""
    running = Seated(showdown(tmp_path / "ledger.db"), "record")
    try:
        ann = status(running.seat("Ann"))
        assert [move["label"] for move in ann["told"]["moves"]] == ["show", "concede"]
        assert "show is recorded by the referee" in ann["told"]["asks"], ann["told"].get("asks")
        assert status(running.seat("Cat"))["told"].get("asks", "") == ""  # nothing of Cat's is on offer
        page = phone(browser, running.seat("Ann"))
        page.locator("#moves p.asks").wait_for()
        assert "recorded by the referee" in page.locator("#moves p.asks").text_content()
        assert running.ask("Ann", "show ann Ah Kh Qh").status_code == 202  # as said: it waits
    finally:
        running.stop()
    brag = Seated(dealt(tmp_path / "brag.db"), "record")
    try:
        assert status(brag.seat("Bob"))["told"].get("asks", "") == ""  # Bob to act: his moves record at once
    finally:
        brag.stop()


def test_two_seats_asking_at_a_showdown_keep_each_others_request(tmp_path):
    """Svara's showdown waits for Ann and Bob both to show (R16.5): both ask from their phones; recording Ann's show
    changes the table's digest but not what Bob may do, so his request still waits, not moved past (issue 79, the
    evening's break 3), and the referee records it. A request goes as moved past only once its move is no longer
    the player's to make: the hand over, or that move no longer on offer to them."""
    db = showdown(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        ann = running.ask("Ann", "show ann Ah Kh Qh")
        bob = running.ask("Bob", "show bob 6c 7d 9s")
        assert (ann.status_code, bob.status_code) == (202, 202), (ann.text, bob.text)
        assert running.answer(ann.json()["id"]).status_code == 200
        waiting = status(running.url)["requests"]
        assert [(r["player"], r["stale"]) for r in waiting] == [("Bob", False)]
        fate = status(running.seat("Bob"))["request"]
        assert (fate["state"], fate["stale"]) == ("waiting", False)
        recorded = running.answer(bob.json()["id"])
        assert recorded.status_code == 200, recorded.text
        assert status(running.seat("Bob"))["request"]["state"] == "recorded"
        shows = [a["action"] for a in json.loads(bragref(db, "history", "2", "--json"))].count("show")
        assert shows == 2
    finally:
        running.stop()


def test_a_request_goes_once_the_referee_records_another_move_of_its_player(tmp_path):
    """Bob asks to bet; the referee records his look instead: his move was made, so his request goes as moved past
    (stale on both pages), and its `record` records nothing after the look. A request of player P goes once any move
    of P's is recorded, or its move is no longer offered; another player's move leaves it waiting (one seat's request
    never drops another's: the showdown's test above)."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        asked = running.ask("Bob", "bet bob 1")
        assert asked.status_code == 202, asked.text
        assert running.post("look bob").status_code == 200  # Bob's other move, bet still on offer to him
        assert [(r["player"], r["stale"]) for r in status(running.url)["requests"]] == [("Bob", True)]
        assert status(running.seat("Bob"))["request"]["stale"]
        before = dump(db)
        dropped = running.answer(asked.json()["id"])
        assert dropped.status_code == 409, dropped.text
        assert dump(db) == before  # no bet recorded after the look
        assert status(running.seat("Bob"))["request"]["state"] == "stale"
    finally:
        running.stop()


def test_under_seats_record_the_player_to_act_records_their_own_move(tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db, "record")
    try:
        recorded = running.ask("Bob", "bet bob 1")
        assert recorded.status_code == 200 and recorded.json()["recorded"].startswith("Recorded: Bob bets £1")
        assert [a["action"] for a in json.loads(bragref(db, "history", "1", "--json"))] == ["deal", "bet"]
        before = dump(db)
        assert running.ask("Dan", "fold dan").status_code == 422  # not Dan's turn: refused, never recorded
        assert dump(db) == before
    finally:
        running.stop()


def test_a_seat_issued_anew_leaves_the_old_path_ended(seated):
    old = seated.seat("Bob")
    with web.stream("GET", old + "events", timeout=10) as events:
        lines = events.iter_lines()
        assert next(lines).startswith("retry")
        issued = web.post(seated.url + "seats", json={"player": "bob"})
        assert issued.status_code == 200 and issued.json()["player"] == "Bob"
        assert "event: ended" in list(lines)
    assert web.get(old + "status.json").status_code == 404
    assert web.get(seated.root + issued.json()["path"] + "status.json").json()["seat"] == "Bob"
    assert web.post(seated.url + "seats", json={"player": "Zed"}).status_code == 404
    qr = web.get(seated.url + "qr.svg", params={"player": "Bob"})
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")


def test_seats_go_with_the_referees_page(tmp_path):
    db = dealt(tmp_path / "ledger.db")
    done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), "serve", "--seats"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "--seats goes with --referee" in done.stderr


# ---- in real browsers ----------------------------------------------------------------------------------------------


def phone(browser, url: str, viewport=PHONE):
    """A page in a browser context of its own: a phone of its own."""
    page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
    page.clock.install()  # as `test_referee.opened`'s, for `calmed`
    page.goto(url)
    page.wait_for_function("document.body.dataset.head !== undefined")
    return page


def ask(page, label: str, amount: str | None = None) -> None:
    """A player taps their own move on their seat's page: a request."""
    calmed(page)
    button = page.locator("#moves").get_by_role("button", name=label, exact=True)
    if amount is not None:
        button.click()
        page.get_by_label("amount", exact=True).fill(amount)
        calmed(page)
    button.click()
    page.wait_for_function("document.getElementById('answer').className === 'asked'")


def approve(referee, line: str) -> None:
    """The referee records a request by one tap, once it shows."""
    button = referee.get_by_role("button", name="Record " + line.replace(" asks: ", "'s ", 1), exact=True)
    button.wait_for(timeout=3000)
    calmed(referee)
    button.click()
    referee.wait_for_function("document.getElementById('answer').className === 'recorded'")


def test_four_phones_ask_a_hand_of_brag_and_the_referee_records_each_by_one_tap(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee = phone(browser, running.url)
        tv = phone(browser, running.players, TV)
        seats = {name: phone(browser, running.seat(name)) for name in FOUR}
        assert seats["Bob"].locator("tr.me").text_content().startswith("Bob (you)")  # their own row marked
        asked = (("Bob", "bet", "2", "Bob asks: bet £2"), ("Cat", "fold", None, "Cat asks: fold"),
                 ("Dan", "bet", "2", "Dan asks: bet £2"), ("Ann", "fold", None, "Ann asks: fold"),
                 ("Bob", "fold", None, "Bob asks: fold"))
        for name, label, amount, line in asked:
            seats[name].wait_for_function(f"[...document.querySelectorAll('#moves button')].some(b => "
                                          f"b.textContent === {json.dumps(label)})")
            ask(seats[name], label, amount)
            approve(referee, line)
            seats[name].wait_for_function("document.getElementById('answer').className === 'recorded'",
                                          timeout=2000)  # the fate, on the phone that asked
        tv.wait_for_function("document.getElementById('turn').textContent.includes('over')")
        nets = {r["player"]: r["net"] for r in json.loads(bragref(db, "balances", "--json"))}
        assert nets == {"Ann": -1, "Bob": -3, "Cat": -1, "Dan": 5}  # antes 4, Bob's 2, Dan's 2: Dan takes 8
        assert "sound" in bragref(db, "audit")
        entered = [(a["player"], a["action"], a["entered"]) for a in json.loads(bragref(db, "history", "1", "--json"))]
        assert entered == [("Ann", "deal", "command"), *((name, label.split()[0], "seat") for name, label, *_ in asked),
                           ("Dan", "won", None)]  # each move as its phone asked it; the deal typed; the pot no move
    finally:
        running.stop()


def test_a_tap_just_after_a_request_is_recorded_is_taken_by_nothing(browser, tmp_path):
    """A double tap on `record`: its line goes, and what was drawn below moves up under the finger (the next
    player's moves, a form). The second tap, 150 ms after, records nothing."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee, bob = phone(browser, running.url), phone(browser, running.seat("Bob"))
        ask(bob, "fold")
        record = referee.get_by_role("button", name="Record Bob's fold", exact=True)
        record.wait_for(timeout=3000)
        referee.clock.pause_at(referee.evaluate("Date.now()") + 1000)  # the page's time stands: however slow the
        record.click()  # machine, the next tap is within this one's calm
        referee.locator("#moves").get_by_role("button", name="fold Cat", exact=True).click(force=True)  # faded
        referee.wait_for_timeout(900)
        actions = [(a["player"], a["action"]) for a in json.loads(bragref(db, "history", "1", "--json"))]
        assert actions == [("Ann", "deal"), ("Bob", "fold")], actions
    finally:
        running.stop()


def test_a_request_overtaken_at_the_table_is_stale_on_both_phones(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee, bob = phone(browser, running.url), phone(browser, running.seat("Bob"))
        ask(bob, "bet", "2")
        referee.get_by_role("button", name="Record Bob's bet £2", exact=True).wait_for()
        bragref(db, "fold", "bob")  # typed at the table meanwhile
        referee.locator("#requests li.stale").wait_for()  # it leaves by itself, said as moved past
        assert "moved past" in referee.locator("#requests li.stale").text_content()
        assert referee.locator("#requests button").count() == 0  # nothing to tap
        bob.wait_for_function("document.getElementById('answer').textContent.includes('moved on')", timeout=3000)
    finally:
        running.stop()


def test_under_seats_record_a_hand_is_played_with_no_referee_tap(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db, "record")
    try:
        seats = {name: phone(browser, running.seat(name)) for name in FOUR}
        for name, label in (("Bob", "fold"), ("Cat", "fold"), ("Dan", "fold")):
            seats[name].wait_for_function(f"[...document.querySelectorAll('#moves button')].some(b => "
                                          f"b.textContent === {json.dumps(label)})")
            seats[name].locator("#moves").get_by_role("button", name=label, exact=True).click()
            seats[name].wait_for_function("document.getElementById('answer').className === 'recorded'")
        nets = {r["player"]: r["net"] for r in json.loads(bragref(db, "balances", "--json"))}
        assert nets == {"Ann": 3, "Bob": -1, "Cat": -1, "Dan": -1}
        entered = [(a["player"], a["entered"]) for a in json.loads(bragref(db, "history", "1", "--json"))]
        assert entered == [("Ann", "command"), ("Bob", "seat-self"), ("Cat", "seat-self"), ("Dan", "seat-self"),
                           ("Ann", None)]  # the deal typed at the table; the pot won is no move: entered by nobody
    finally:
        running.stop()


def test_a_seat_issued_anew_says_on_the_old_phone_that_it_has_ended(browser, tmp_path):
    """Its code was replaced, and it says so: not that the server stopped (issue 79), which it has not."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        old = phone(browser, running.seat("Bob"))
        assert web.post(running.url + "seats", json={"player": "Bob"}).status_code == 200
        old.wait_for_function("document.getElementById('live').textContent.startsWith(\"This seat's code was "
                              "replaced\")", timeout=5000)  # not that the server has stopped: it has not
    finally:
        running.stop()


def test_a_request_shows_on_the_referees_phone_beside_the_seat_that_asked_it(browser, seated):
    bob, referee = phone(browser, seated.seat("Bob")), phone(browser, seated.url)
    ask(bob, "bet", "2")
    referee.get_by_role("button", name="Record Bob's bet £2", exact=True).wait_for(timeout=2000)
    assert "Bob asks: bet £2" in referee.locator("#requests").text_content()
    assert "waiting for the referee" in bob.locator("#answer").text_content()
    shots = os.environ.get("BRAGREF_SCREENSHOTS")  # docs/serve.md's pictures: BRAGREF_SCREENSHOTS=docs pytest -k beside
    if shots:
        calmed(bob)  # at rest: the fields it asked from shut, its moves taking taps again
        bob.screenshot(path=str(Path(shots) / "seat-phone.png"))
        referee.screenshot(path=str(Path(shots) / "referee-request-phone.png"))


def test_axe_finds_nothing_serious_on_a_seat_page(browser, standing):
    from axe_playwright_python.sync_playwright import Axe

    page = phone(browser, standing.seat("Bob"))
    page.locator("#moves").get_by_role("button", name="bet", exact=True).click()
    calmed(page)  # the page at rest: faded for a moment after the tap, its controls take none
    violations = Axe().run(page).response["violations"]
    assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []


def test_under_seats_record_the_referees_answer_line_says_what_a_phone_recorded(browser, tmp_path):
    """The referee's answer line kept its own last "Recorded: …" while the phones played on (the evening after issue
    79): a move a phone records is said there, naming the phone, as soon as the table shows it."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db, "record")
    try:
        referee = phone(browser, running.url)
        referee.locator("#moves").get_by_role("button", name="look Bob", exact=True).click()
        referee.wait_for_function("document.getElementById('answer').textContent.startsWith('Recorded: Bob')")
        assert running.ask("Bob", "bet bob 1").status_code == 200
        referee.wait_for_function("document.getElementById('answer').textContent.startsWith("
                                  "\"Bob's phone recorded: Bob \")", timeout=3000)
        assert running.ask("Cat", "fold cat").status_code == 200
        referee.wait_for_function("document.getElementById('answer').textContent.startsWith("
                                  "\"Cat's phone recorded: Cat \")", timeout=3000)
        assert referee.locator("#answer").get_attribute("class") == "recorded"
    finally:
        running.stop()


def lines_of(page, selector: str, pattern: str) -> list[int]:
    """How many lines each match of `pattern` (a JavaScript regular expression) in the text under `selector` is laid
    out on: 1 where it is whole on one line."""
    return page.evaluate("""([selector, pattern]) => {
        const counts = [], walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(new RegExp(pattern, "g"))) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            counts.push(new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size);
          }
        }
        return counts;
      }""", [selector, pattern])


def test_a_closed_nights_result_and_digest_are_never_broken_on_a_phone(browser, tmp_path):
    """The evening refereed by taps: at 360 px a seat's `Your night's result: +` ended one line and `£2.00.` began
    the next, and the digest to keep broke at its hyphen (`169-` / `f701…`). At every width of a phone an amount
    stays whole with its sign, and a digest whole, on the seat's page and on the referee's; the referee's line says
    the digest as a sentence, with its full stop."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        seat = phone(browser, running.seat("Bob"))
        referee = phone(browser, running.url)
        for words in ("bet bob 1", "fold cat", "fold dan", "fold ann"):
            bragref(db, *words.split())
        closed = running.post("close", json.loads(bragref(db, "status", "--json"))["digest"])
        assert closed.status_code == 200, closed.text
        seat.wait_for_function("document.getElementById('said').textContent.includes(\"night's result\")",
                               timeout=5000)
        seat.wait_for_function("!document.getElementById('closing').hidden", timeout=5000)
        digest = seat.locator("#closing code").text_content()
        assert re.fullmatch(r"\d+-[0-9a-f]{16}", digest), digest
        referee.evaluate("said => say('recorded', said)", closed.json()["recorded"])  # as a tap on it says it
        for width in range(300, 421, 4):
            seat.set_viewport_size({"width": width, "height": 740})
            result = lines_of(seat, "#said", r"[+\u2212]\u2060?£[\d.]+\.?")
            assert result == [1], (width, result, seat.locator("#said").text_content())
            assert lines_of(seat, "#closing", digest) == [1], width
            referee.set_viewport_size({"width": width, "height": 740})
            assert lines_of(referee, "#answer", digest) == [1], width
        assert seat.locator("#closing").text_content().endswith(f"{digest}."), seat.locator("#closing").text_content()
        assert re.search(rf"Ledger digest: {digest}\.\s+Keep it", closed.json()["recorded"]), closed.json()  # ended
    finally:
        running.stop()
