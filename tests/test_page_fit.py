"""What a newcomer's evening found left on the pages, each measured in a real browser by the page's own geometry
(`elementFromPoint`, bounding boxes): the seats' tray with more than one request waiting, a control being worked with
at the foot of the referee's screen, and the night's charts on a TV once the night is closed and while it is
open."""

import json

import pytest
from test_referee import BROKEN, PHONE, TV, Referee, bragref, opened

pytestmark = pytest.mark.slow  # a server and a browser: CI's whole run, not the quick subset

TV_720 = {"width": 1280, "height": 720}
SIX = "Andy,Bill,Chris,Dan,Eddie,Fred"

CHARTS = """() => [...document.querySelectorAll('figure')].filter(f => !f.hidden).map(figure => {
  const svg = figure.querySelector('svg'), box = svg.getBoundingClientRect();
  const scale = box.height / svg.viewBox.baseVal.height;  // the picture as drawn on the screen
  const labels = [...svg.querySelectorAll('text')].map(text => {
    const r = text.getBoundingClientRect();
    return [text.textContent, r.left, r.top, r.right, r.bottom];
  });
  const whole = labels.every(([, left, top, right, bottom]) => left >= box.left - 1 && right <= box.right + 1
    && top >= box.top - 1 && bottom <= box.bottom + 1);  // none cut off at the picture's edge
  const part = figure.closest('section').getBoundingClientRect();
  return {id: figure.id, whole, height: box.height, font: parseFloat(getComputedStyle(svg).fontSize) * scale,
          text: parseFloat(getComputedStyle(document.body).fontSize), labels,
          shown: box.top >= part.top - 1 && box.bottom <= part.bottom + 1 && box.bottom <= innerHeight + 1
                 && box.top >= 0};
})"""


def two_nights_closed(db) -> None:
    """Two nights among six, each closed: the night's chart and the season's, with everyone's name at their ends."""
    for seed in (3, 4):
        bragref(db, "simulate", "--hands", "6", "--seed", str(seed), "--players", SIX, "--currency", "£",
                "--unit", "0.50")
        bragref(db, "session", "close")


def serious(page) -> list:
    """What axe finds serious or critical on the page as it is."""
    from axe_playwright_python.sync_playwright import Axe

    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in Axe().run(page).response["violations"]
            if v["impact"] in ("serious", "critical")]


def overlapping(labels: list) -> list:
    """The pairs of labels whose boxes cross (a pixel's rounding allowed)."""
    return [(a[0], b[0]) for i, a in enumerate(labels) for b in labels[i + 1:]
            if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1]

def readable(chart: dict, names: int, font: float = 1.0, shown: bool = True) -> None:
    """A chart a room reads, as `CHARTS` measures it: a label for each of its `names` and its axis, no two over each
    other, none cut off at the picture's edge, each at least `font` of the page's text, the picture at least 10
    names high, and (`shown`) all of it on the screen."""
    assert len(chart["labels"]) == names + 1, chart["labels"]
    assert overlapping(chart["labels"]) == [], (chart["id"], overlapping(chart["labels"]))
    assert chart["whole"], chart
    assert chart["font"] >= font * chart["text"] - 0.5, chart
    line = chart["labels"][1][4] - chart["labels"][1][2]
    assert chart["height"] >= 10 * line, (chart["id"], chart["height"], line)
    assert chart["shown"] or not shown, chart



@pytest.mark.parametrize("viewport", [TV_720, PHONE], ids=["tv-1280x720", "phone"])
def test_a_closed_nights_charts_are_drawn_at_a_readable_height_their_labels_apart(browser, tmp_path, viewport):
    """The players' page after the night is closed, on a TV at 1280x720 (the night's chart was squeezed to a strip
    and the two charts' names were drawn over each other) and on a phone: each chart whole on the screen (a TV is
    not scrolled), at least 10 of its names' heights high, its names at least as large as 0.8 of the page's text,
    no two of its labels over each other, none cut off at its edge."""
    db = tmp_path / "ledger.db"
    two_nights_closed(db)
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.getElementById('turn').textContent === 'Session closed'")
        page.wait_for_function("[...document.querySelectorAll('figure')].every(f => !f.hidden)")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        charts = page.evaluate(CHARTS)
        assert [chart["id"] for chart in charts] == ["chart", "season-chart"]
        for chart in charts:  # each read as the page's text is; all on a TV's screen (a phone's page scrolls)
            readable(chart, names=6, font=0.8, shown=viewport is not PHONE)
        assert serious(page) == []
        if viewport is TV_720:
            assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
            assert "Chris pays Bill" in page.locator("#said").text_content()  # who pays whom, said on the screen
            balances = page.locator("#balances").bounding_box()
            assert balances["y"] + balances["height"] <= TV_720["height"]
    finally:
        running.stop()


def eight_with_a_loan(db, closed: bool = False) -> None:
    """Two nights among eight (the longest names the fit tests know), Andy lending Bill 5 in the second, which is
    left open, or `closed`: who pays whom over both nights is eight lines and "Still owed…"."""
    for seed in (3, 4):
        if seed == 4:
            bragref(db, "session", "close")
        bragref(db, "simulate", "--hands", "6", "--seed", str(seed), "--players", EIGHT_SEATS, "--currency", "£",
                "--unit", "0.50")
    bragref(db, "lend", "andy", "bill", "5")
    if closed:
        bragref(db, "session", "close")


def nights_open(db, nights: int, dealt: bool) -> None:
    """`nights` among six, the last still open with six hands played and money owed: between hands, or with the
    next hand `dealt` and in play."""
    for seed in (3, 4)[:nights]:
        if seed != 3:
            bragref(db, "session", "close")
        bragref(db, "simulate", "--hands", "6", "--seed", str(seed), "--players", SIX, "--currency", "£",
                "--unit", "0.50")
    if dealt:
        bragref(db, "deal")


SHOWN = """part => {  // a part of the page as drawn: its box, and whether all of it is in sight (none scrolled away
  // inside it or past the screen's foot)
  const node = document.querySelector(part), r = node.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, inside: node.scrollHeight <= node.clientHeight + 1,
          font: parseFloat(getComputedStyle(node).fontSize), shown: r.bottom <= innerHeight + 1 && r.top >= 0};
}"""


@pytest.mark.parametrize(("nights", "dealt"), [(1, False), (2, True)], ids=["one-night-between-hands",
                                                                             "two-nights-in-a-hand"])
def test_an_open_nights_charts_on_a_tv_are_drawn_at_a_readable_height_their_labels_apart(
        browser, tmp_path, nights, dealt):
    """The players' page on a TV at 1280x720 while the night is open, who pays whom listed beside the balances (and,
    on a second night, the season's chart too): the night's chart was squeezed into the column's leftovers, a strip
    at its foot, its losing players' names over each other. Each chart is held to the closed night's measure (whole
    on the screen, at least 10 of its names' heights high, its names as large as 0.8 of the page's text, apart,
    none cut off), and the rest of the TV's page stays whole: the page not scrolled, the balances, who pays whom,
    the players and the pot read whole, each at least as large as the page's text at its smallest."""
    db = tmp_path / "ledger.db"
    nights_open(db, nights, dealt)
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.querySelectorAll('#settle li').length > 0")
        page.wait_for_function("document.getElementById('chart').hidden === false")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        assert not page.evaluate("document.body.hasAttribute('data-closed')")
        assert bool(page.locator("#pot").text_content()) is dealt  # in a hand, or between hands
        charts = page.evaluate(CHARTS)
        assert [chart["id"] for chart in charts] == ["chart", "season-chart"][:nights]
        for chart in charts:
            readable(chart, names=6, font=0.8)
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        for part in ("#balances", "#settle", "#players", "#now"):
            shown = page.evaluate(SHOWN, part)
            assert shown["shown"] and shown["inside"], (part, shown)
            assert shown["font"] >= 14, (part, shown)
        assert serious(page) == []
    finally:
        running.stop()


EIGHT_SEATS = "Andy,Bill,Christopher,Dan,Eddie,Francesca,Georgina,Harry"
LINES = """() => [...document.querySelectorAll('#settle li')].map(li => {  // each line of who pays whom: whether all of
  // it is in sight, neither scrolled away inside the list nor past the screen's foot
  const r = li.getBoundingClientRect(), list = document.getElementById('settle').getBoundingClientRect();
  return [li.textContent.slice(0, 24), r.top >= list.top - 1 && r.bottom <= list.bottom + 1 && r.bottom <= innerHeight
          && r.top >= 0];
})"""


def test_eight_players_a_loan_and_a_second_night_open_on_a_tv_show_every_line_and_two_equal_charts(browser, tmp_path):
    """A 1280x720 TV, eight players, a loan, the second night open: the settle list's last line ("Still owed over
    every night…") was partly scrolled out of its list, and the season's chart was a strip of 209 px under the
    night's (335 px) with its names drawn smaller (18 px) and the longest cut off at its edge. Every line of who
    pays whom is in sight, not scrolled; the two charts share their column in equal halves, each with every name
    apart, whole and as large as the page's text, at least 10 names high; the page is not scrolled."""
    db = tmp_path / "ledger.db"
    eight_with_a_loan(db)
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.querySelectorAll('#settle li').length > 0")
        page.wait_for_function("[...document.querySelectorAll('figure')].every(f => !f.hidden)")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        lines = page.evaluate(LINES)
        assert lines[-1][0].startswith("Still owed"), lines
        assert all(shown for _, shown in lines), lines
        settle = page.evaluate(SHOWN, "#settle")
        assert settle["shown"] and settle["inside"] and settle["font"] >= 14, settle
        charts = page.evaluate(CHARTS)
        assert [chart["id"] for chart in charts] == ["chart", "season-chart"]
        boxes = [page.locator(f"#{chart['id']} svg").bounding_box() for chart in charts]
        assert boxes[0]["x"] == boxes[1]["x"] and boxes[0]["width"] == boxes[1]["width"], boxes  # one column
        assert abs(boxes[0]["height"] - boxes[1]["height"]) <= 1, boxes  # in equal halves
        for chart in charts:
            readable(chart, names=8)  # as large as the page's text
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        for part in ("#balances", "#players", "#now"):
            shown = page.evaluate(SHOWN, part)
            assert shown["shown"] and shown["inside"] and shown["font"] >= 14, (part, shown)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert serious(page) == []
        for words in ("paid christopher harry 20", "paid eddie harry 10"):  # what was paid since, said too: longer
            bragref(db, *words.split())  # than its place, the list scrolls, and is reached from the keyboard
        page.wait_for_function("document.getElementById('settle').textContent.includes('Eddie paid Harry')")
        assert page.evaluate("(s => s.scrollHeight > s.clientHeight)(document.getElementById('settle'))")
        assert page.locator("#settle").get_attribute("aria-label") == "who pays whom"
        page.locator("#settle").focus()
        page.keyboard.press("End")  # scrolled by the keyboard: its last line comes into sight
        page.wait_for_function(f"({LINES})().at(-1)[1]", timeout=3000)
        assert serious(page) == []
    finally:
        running.stop()


def test_a_closed_night_of_eight_with_a_loan_keeps_its_balances_clear_of_its_chart_on_a_tv(browser, tmp_path):
    """The same evening closed, on the 1280x720 TV: its balances (six columns, money having been lent) ran 22 px under
    the night's chart beside them. The balances are whole and clear of the charts, each chart's names whole and
    apart, the page not scrolled."""
    db = tmp_path / "ledger.db"
    eight_with_a_loan(db, closed=True)
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.getElementById('turn').textContent === 'Session closed'")
        page.wait_for_function("[...document.querySelectorAll('figure')].every(f => !f.hidden)")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        assert page.locator("#balances th").count() == 6  # paid, won, result, loans, net
        balances = page.locator("#balances").bounding_box()
        chart = page.locator("#running").bounding_box()
        assert balances["x"] + balances["width"] <= chart["x"], (balances, chart)
        assert page.evaluate("document.getElementById('night').scrollWidth <= "
                             "document.getElementById('night').clientWidth")
        for drawn in page.evaluate(CHARTS):
            assert overlapping(drawn["labels"]) == [] and drawn["whole"] and drawn["shown"], drawn
            assert drawn["font"] >= 0.8 * drawn["text"] - 0.5, drawn
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    finally:
        running.stop()


def test_a_closed_first_night_of_eight_with_a_loan_and_payments_shows_every_balance_on_a_tv(browser, tmp_path):
    """The first night (no season yet) of eight, money lent, four settle-ups recorded, closed, on the 1280x720 TV: the
    closing words (who pays whom, what was paid, what is still owed) took the screen's height, and the balances' last
    two rows were under the page's foot. Every player's balance row is whole in its part and on the screen, the
    closing words and the chart's names read; the page not scrolled."""
    db = tmp_path / "ledger.db"
    bragref(db, "simulate", "--hands", "6", "--seed", "3", "--players", EIGHT_SEATS, "--currency", "£", "--unit",
            "0.50")
    bragref(db, "lend", "andy", "bill", "5")
    for payer, payee in (("christopher", "harry"), ("eddie", "harry"), ("andy", "harry"), ("bill", "dan")):
        bragref(db, "paid", payer, payee, "1")
    bragref(db, "session", "close")
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.getElementById('turn').textContent === 'Session closed'")
        page.wait_for_function("document.getElementById('chart').hidden === false")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        rows = page.evaluate("""() => [...document.querySelectorAll('#balances tr')].map(row => {
          const r = row.getBoundingClientRect(), part = row.closest('section').getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
          return [row.cells[0].textContent, r.bottom <= part.bottom + 1 && r.bottom <= innerHeight + 1
                  && row.contains(hit)];
        })""")
        assert len(rows) == 9 and all(whole for _, whole in rows), rows  # the header and eight players
        for part in ("#balances", "#said"):
            shown = page.evaluate(SHOWN, part)
            assert shown["shown"] and shown["inside"] and shown["font"] >= 14, (part, shown)
        assert "Still owed" in page.locator("#said").text_content()
        for drawn in page.evaluate(CHARTS):
            assert overlapping(drawn["labels"]) == [] and drawn["whole"] and drawn["shown"], drawn
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        assert serious(page) == []
    finally:
        running.stop()


TRAY = """() => {  // the tray as drawn: its box, whether anything in it is scrolled out of sight, and each control
  // in it with whether a tap at its centre lands on it
  const tray = document.getElementById('requests'), box = tray.getBoundingClientRect();
  return {text: tray.innerText, top: box.top, bottom: box.bottom, hidden: tray.scrollHeight > tray.clientHeight + 1,
    controls: [...tray.querySelectorAll('button')].map(b => {
      const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return [b.getAttribute('aria-label') || b.innerText, b.disabled, r.top >= box.top && r.bottom <= box.bottom
              && r.bottom <= innerHeight && (hit === b || b.contains(hit))];
    })};
}"""


def tray(page) -> dict:
    return page.evaluate(TRAY)


def tapped(page, name: str) -> None:
    """A finger on the control of that name in the tray, at its centre, once the page takes taps."""
    from test_referee import calmed

    button = page.locator("#requests").get_by_role("button", name=name, exact=True)
    button.wait_for(timeout=3000)
    page.wait_for_function("[...document.querySelectorAll('#requests button')].every(b => !b.disabled)")
    calmed(page)
    box = button.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("viewport", [PHONE, TV_720], ids=["phone", "tv-1280x720"])
def test_two_requests_waiting_are_counted_and_each_is_reached_by_taps_nothing_scrolled_out_of_the_tray(
        browser, tmp_path, viewport):
    """Svara's showdown: Ann and Bob both ask to show from their phones (R16.5). The tray said the first and
    scrolled the second inside its band with no word of it. It says which is shown of how many wait ("1 of 2
    requests · next"), shows one whole, its `record` and `refuse` where a finger lands on them, nothing out of sight
    inside it (a phone's row: "1 of 2 · next"); `next` shows the other ("2 of 2"), and the one answered gives way to
    the next."""
    counted = "" if viewport is PHONE else " requests"  # a phone's row: "1 of 2 · next"
    from test_seats import Seated, phone, showdown

    db = showdown(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee = phone(browser, running.url, viewport)
        for player, words in (("Ann", "show ann Ah Kh Qh"), ("Bob", "show bob 6c 7d 9s")):
            asked = running.ask(player, words)
            assert asked.status_code == 202, asked.text
            record = "Record " + asked.json()["asked"].replace(" asks: ", "'s ", 1)  # "Record Ann's show Ah Kh Qh"
            referee.get_by_role("button", name=record, exact=True).wait_for(
                state="attached", timeout=3000) if player == "Ann" else None
        referee.wait_for_function("document.getElementById('requests').innerText.includes('1 of 2')",
                                  timeout=3000)
        referee.clock.fast_forward(1000)  # each at rest: it takes taps
        shown = tray(referee)
        assert f"1 of 2{counted}" in shown["text"] and "Ann asks: show" in shown["text"], shown
        assert "Bob asks" not in shown["text"] and not shown["hidden"], shown  # one at a time, all of it in sight
        assert [(name, reached) for name, _, reached in shown["controls"]] == [
            ("Record Ann's show Ah Kh Qh", True), ("Refuse Ann's show Ah Kh Qh", True),
            (f"1 of 2{counted} · next", True)], shown
        assert serious(referee) == [] or viewport is not PHONE  # as the referee's page is checked (test_referee)
        tapped(referee, f"1 of 2{counted} · next")
        referee.wait_for_function("document.getElementById('requests').innerText.includes('Bob asks')")
        shown = tray(referee)
        assert f"2 of 2{counted}" in shown["text"] and "Ann asks" not in shown["text"] and not shown["hidden"], shown
        assert all(reached for *_, reached in shown["controls"]), shown
        assert shown["controls"][-1][0] == f"2 of 2{counted} · next", shown  # which one is shown, of how many
        tapped(referee, "Record Bob's show 6c 7d 9s")
        referee.wait_for_function("document.getElementById('answer').className === 'recorded'")
        referee.wait_for_function("!document.getElementById('requests').innerText.includes('Bob asks')")
        shown = tray(referee)
        assert "Ann asks: show" in shown["text"] and " of " not in shown["text"] and not shown["hidden"], shown
        assert [name for name, *_ in shown["controls"]] == ["Record Ann's show Ah Kh Qh",
                                                             "Refuse Ann's show Ah Kh Qh"]
        tapped(referee, "Record Ann's show Ah Kh Qh")
        referee.wait_for_function("document.getElementById('requests').innerText.includes('No requests')",
                                  timeout=3000)
        shows = [a["player"] for a in json.loads(bragref(db, "history", "2", "--json")) if a["action"] == "show"]
        assert shows == ["Bob", "Ann"]  # each as tapped: Bob's reached first by `next`
    finally:
        running.stop()


UNDER = """name => {  // the control of that name in the open move's picker, and the tray's band: where each is
  const card = [...document.querySelectorAll('#picked .pack button')].find(b => b.getAttribute('aria-label') === name);
  const r = card.getBoundingClientRect(), band = document.getElementById('requests').getBoundingClientRect().top;
  const whose = document.getElementById('whose').getBoundingClientRect().bottom;
  return {top: r.top, bottom: r.bottom, left: r.left, width: r.width, band, whose,
          pressed: card.getAttribute('aria-pressed')};
}"""


@pytest.mark.parametrize("how", ["tapped", "tabbed"])
def test_a_control_worked_with_at_the_foot_is_brought_above_the_trays_band(browser, tmp_path, how):
    """The evening's show being picked: the third card's row at the foot of the screen, half under the seats' band.
    Tapped where it shows (or reached by the keyboard), it is picked and brought whole into view above the band, and
    the page, having moved, takes no tap for a moment (a double tap's second lands on nothing moved under it)."""
    from test_referee import calmed
    from test_seats import Seated, dealt, phone

    db = dealt(tmp_path / "ledger.db")
    for line in ("bet bob 1", "fold cat", "fold dan", "see ann"):
        bragref(db, *line.split())
    running = Seated(db)
    try:
        referee = phone(browser, running.url)
        show = referee.locator("#moves").get_by_role("button", name="show Bob", exact=True)
        show.wait_for()
        calmed(referee)
        show.click()
        referee.locator("#picked .pack").wait_for()
        calmed(referee)
        for card in ("7c", "6c"):  # the pack's last row: clubs from the seven down
            referee.locator("#picked .pack").get_by_role("button", name=card, exact=True).click()
        calmed(referee)
        referee.evaluate("window.scrollTo(0, 0)")
        at = referee.evaluate(UNDER, "5c")  # its row brought to the band: a third of it above, the rest under
        referee.evaluate(f"window.scrollBy(0, {at['top'] - at['band'] + (at['bottom'] - at['top']) / 3})")
        at = referee.evaluate(UNDER, "5c")
        assert at["top"] < at["band"] < at["bottom"], at  # under the band, its top showing
        if how == "tapped":
            x, y = at["left"] + at["width"] / 2, (at["top"] + at["band"]) / 2
            assert referee.evaluate(f"document.elementFromPoint({x}, {y}).closest('button')"
                                    f".getAttribute('aria-label')") == "5c"
            referee.mouse.click(x, y)
        else:
            referee.locator("#picked .pack").get_by_role("button", name="6c", exact=True).evaluate(
                "b => b.focus({preventScroll: true})")
            referee.keyboard.press("Tab")  # 5c, the next in the pack
            referee.keyboard.press("Enter")
        at = referee.evaluate(UNDER, "5c")
        assert at["pressed"] == "true", at
        assert at["whose"] <= at["top"] and at["bottom"] <= at["band"], at  # whole, above the band
        again = referee.get_by_role("button", name="record show Bob", exact=True)
        if how == "tapped":  # moved under the finger: its double tap's second is taken by nothing
            assert referee.evaluate("document.getElementById('referee').classList.contains('calming')")
        calmed(referee)
        again.click()
        referee.wait_for_function("document.getElementById('answer').className === 'recorded'")
        assert "Bob show" in referee.locator("#answer").text_content()
    finally:
        running.stop()


def test_a_request_shown_that_the_table_moves_past_gives_way_to_the_next_and_is_said(browser, tmp_path):
    """Ann's and Bob's shows wait, Ann's shown; Ann's show is typed at the table with other cards: her request goes
    as moved past, said on the answer line (the band is the next one's), and Bob's takes its place at once, alone."""
    from test_seats import Seated, phone, showdown

    db = showdown(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee = phone(browser, running.url)
        for player, words in (("Ann", "show ann Ah Kh Qh"), ("Bob", "show bob 6c 7d 9s")):
            assert running.ask(player, words).status_code == 202
        referee.wait_for_function("document.getElementById('requests').innerText.includes('1 of 2')")
        assert "Ann asks" in tray(referee)["text"]
        bragref(db, "show", "ann", "Ah", "Kh", "Jh")  # typed at the table: Ann's own show, not the one she asked
        referee.wait_for_function("document.getElementById('requests').innerText.includes('Bob asks')", timeout=3000)
        shown = tray(referee)
        assert "Ann" not in shown["text"] and " of " not in shown["text"] and not shown["hidden"], shown
        said = referee.locator("#answer").text_content()
        assert said.startswith("Recorded at the terminal: Ann shows Ah Kh Jh"), said  # the move, and what it moved past
        assert said.endswith("Ann's request to show Ah Kh Qh: the table moved past it, nothing was recorded."), said
    finally:
        running.stop()


HAND = """() => {  // the hand's column as drawn: its width, the players' table's beside it, and each of its lines with
  // how many rows of text it takes
  const column = document.getElementById('hand').getBoundingClientRect();
  const table = document.getElementById('table');
  return {width: column.width, cut: table.scrollWidth > table.clientWidth + 1,
          lines: [...document.querySelectorAll('#actions li')].map(li => [li.textContent,
            Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight))])};
}"""


@pytest.mark.parametrize(("viewport", "wide"), [(TV_720, 330), (TV, 480)], ids=["tv-1280x720", "tv-1920x1080"])
@pytest.mark.parametrize("dealt", [False, True], ids=["between-hands", "in-a-hand"])
def test_eight_players_a_loan_and_a_second_night_open_on_a_tv_read_each_move_of_the_hand_on_one_line(
        browser, tmp_path, viewport, wide, dealt):
    """The same evening on a TV across the room: the hand's column was 215 px wide at 1280x720 (326 at 1920x1080),
    its moves broken over two and three lines ("Georgina · show · / 10h 3s / 9s") and only the last three of the hand
    in sight; in a hand, the players' table ran past its column, its amounts cut off. The hand's column is wide
    enough for each move on one line (only the hand's outcome, a sentence, may run over), the players' table whole
    in its own; the night beside them keeps what the fit tests hold (every line of who pays whom, the two charts in
    equal halves, their names whole and apart)."""
    db = tmp_path / "ledger.db"
    eight_with_a_loan(db)
    if dealt:
        bragref(db, "deal")
        for words in ("bet harry 1", "bet andy 1 --blind", "bet bill 2", "bet christopher 1 --blind"):
            bragref(db, *words.split())
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.querySelectorAll('#settle li').length > 0")
        page.wait_for_function("[...document.querySelectorAll('figure')].every(f => !f.hidden)")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        hand = page.evaluate(HAND)
        assert hand["width"] >= wide, hand
        moves = [(line, rows) for line, rows in hand["lines"] if " won " not in line]  # the outcome is a sentence
        assert len(moves) >= (5 if dealt else 8), hand  # the hand's moves in sight, not its last three
        assert any("Christopher" in line for line, _ in moves), moves  # the longest name's move among them
        assert all(rows == 1 for _, rows in moves), [m for m in moves if m[1] != 1]  # each over more than one
        assert not hand["cut"], hand
        assert all(shown for _, shown in page.evaluate(LINES))
        charts = page.evaluate(CHARTS)
        boxes = [page.locator(f"#{chart['id']} svg").bounding_box() for chart in charts]
        assert boxes[0]["x"] == boxes[1]["x"] and abs(boxes[0]["height"] - boxes[1]["height"]) <= 1, boxes
        for chart in charts:
            assert overlapping(chart["labels"]) == [] and chart["whole"] and chart["shown"], chart
            assert chart["font"] >= chart["text"] - 0.5, chart
        balances, night = page.locator("#balances").bounding_box(), page.locator("#charts").bounding_box()
        assert balances["x"] + balances["width"] <= night["x"], (balances, night)  # clear of the charts
        assert balances["width"] <= page.locator("#settle").bounding_box()["width"] + 1, balances  # in their column
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert serious(page) == []
    finally:
        running.stop()


PLOTTED = """id => {  // a chart as drawn: its picture's width, and the width its players' lines take on the screen
  const svg = document.querySelector(`#${id} svg`), lines = [...svg.querySelectorAll('polyline')];
  const boxes = lines.map(line => line.getBoundingClientRect());
  return {width: svg.getBoundingClientRect().width, lines: lines.length,
          plotted: Math.max(...boxes.map(r => r.right)) - Math.min(...boxes.map(r => r.left))};
}"""


@pytest.mark.parametrize("viewport", [TV, TV_720], ids=["tv-1920x1080", "tv-1280x720"])
def test_one_nights_chart_on_a_tv_draws_its_lines_across_at_least_half_its_width(browser, tmp_path, viewport):
    """The first night open, no season yet: the night's chart alone took its column's whole height while its lines
    were drawn in a quarter of its width (a sparkline beside names and amounts three times as wide). Its lines take
    at least half the picture's width, its names and amounts read as the fit tests hold them (`readable`: apart,
    whole, as large as 0.8 of the page's text, ten names high, on the screen), the page not scrolled."""
    db = tmp_path / "ledger.db"
    nights_open(db, 1, dealt=False)
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.querySelectorAll('#settle li').length > 0")
        page.wait_for_function("document.getElementById('chart').hidden === false")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        charts = page.evaluate(CHARTS)
        assert [chart["id"] for chart in charts] == ["chart"]
        readable(charts[0], names=6, font=0.8)
        plotted = page.evaluate(PLOTTED, "chart")
        assert plotted["lines"] == 6 and plotted["plotted"] >= plotted["width"] / 2, plotted
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        for part in ("#balances", "#settle", "#players", "#now"):
            shown = page.evaluate(SHOWN, part)
            assert shown["shown"] and shown["inside"] and shown["font"] >= 14, (part, shown)
        assert serious(page) == []
    finally:
        running.stop()


LONGEST = "Alexandra Montgomery-Fitzwilliam Smythes"  # 40 characters: the longest name a player may have (R2.6)
ROWS = """() => {  // the players' part as drawn: each row of its table with whether all of it is in the part and on the
  // screen, the table's type, the page's text, and the hand's newest line with whether it is whole in its list
  const part = document.getElementById('table').getBoundingClientRect(), table = document.getElementById('players');
  const list = document.getElementById('actions'), newest = list.lastElementChild;
  const inside = (r, box) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1
    && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight + 1;
  return {rows: [...table.rows].map(row => [row.cells[0].textContent, inside(row.getBoundingClientRect(), part)]),
          font: parseFloat(getComputedStyle(table).fontSize),
          text: parseFloat(getComputedStyle(document.body).fontSize),
          wide: table.scrollWidth > table.parentElement.clientWidth + 1,
          newest: [newest.textContent, inside(newest.getBoundingClientRect(), list.getBoundingClientRect())]};
}"""


def thirty_one(db, seats: str) -> None:
    """Three-stake among eight (`seats`, the last dealt the 8d), its first hand in the thirty-one: three folded in
    the brag, each shown with their face-up card and points, two bust, one conceded; Georgina to act. The states
    are as long as the game's get (`out of the brag · face up 4d · points 34 · bust`) and the hand's line four lines long."""
    last = seats.split(",")[-1].split()[0].lower()
    bragref(db, "session", "new", "n", "--players", seats, "--game", "three-stake", "--currency", "£", "--unit",
            "0.50")
    bragref(db, "deal", "--up", "2s,3h,4d,5c,6s,7h,8d,9c")
    for words in ("raise bill 1", "call christopher", "fold dan", "raise eddie 1", "fold francesca",
                  "call georgina", f"fold {last}", "call andy", "call bill", "call christopher", "stand eddie",
                  "show bill 2s Ks Kh", "draw bill 9h", "show christopher 3h Qs Qh", "draw christopher 4h",
                  "draw christopher 2h", "stick christopher", "show dan 4d 10s 10h", "draw dan Jc", "concede eddie",
                  "show francesca 6s 5s 5h", "draw francesca Kd", "draw francesca Qd"):
        bragref(db, *words.split())


@pytest.mark.parametrize(("viewport", "seats"), [(TV_720, EIGHT_SEATS),
                                                 (TV, EIGHT_SEATS.replace("Harry", LONGEST)),
                                                 (PHONE, EIGHT_SEATS.replace("Harry", LONGEST))],
                         ids=["tv-1280x720", "tv-1920x1080-a-40-character-name", "phone-a-40-character-name"])
def test_eight_three_stake_players_long_states_each_read_whole_in_the_players_column(
        browser, tmp_path, viewport, seats):
    """Three-stake's thirty-one among eight, its states long: at 1280x720 the players' rows, each state over two
    and three lines in a column of 308 px, ran past the column's foot, one player of eight whole; at 1920x1080 a name
    of 40 characters, kept on one line, made the table wider than its column (the states and amounts cut off, the
    last rows past its foot), and a phone's page wider than its screen. Every player's row is whole in the
    players' part and on the screen, the table no wider than its part, its type at least 0.8 of the page's text (and
    14 px), no word broken over two lines, the hand's newest move whole in its list; a phone's page no wider than
    its screen."""
    db = tmp_path / "ledger.db"
    thirty_one(db, seats)
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.querySelectorAll('#players tbody tr').length === 8")
        page.wait_for_function("document.getElementById('turn').textContent === 'Georgina to act'")
        page.wait_for_timeout(300)  # at the size the page settles at
        shown = page.evaluate(ROWS)
        assert "out of the brag · face up 4d · points 34 · bust" in page.locator("#players").text_content()
        assert not shown["wide"], shown
        assert shown["font"] >= max(14, 0.8 * shown["text"] - 0.5), shown
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert page.evaluate("[...document.querySelectorAll('section')].every(s => s.scrollWidth <= s.clientWidth)")
        assert page.evaluate(BROKEN) == []
        if viewport is not PHONE:  # a TV is not scrolled: every row in sight, and the hand's newest move
            assert [name for name, whole in shown["rows"] if not whole] == [], shown
            assert shown["newest"][1], shown
            assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        assert serious(page) == []
    finally:
        running.stop()
