"""What a newcomer's evening found left on the pages, each measured in a real browser by the page's own geometry
(`elementFromPoint`, bounding boxes): the seats' tray with more than one request waiting, a control being worked with
at the foot of the referee's screen, and the night's charts on a TV once the night is closed."""

import pytest
from test_referee import PHONE, Referee, bragref, opened

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
        for chart in charts:
            assert len(chart["labels"]) == 7, chart["labels"]  # six names and the axis
            assert overlapping(chart["labels"]) == [], (chart["id"], overlapping(chart["labels"]))
            assert chart["whole"], chart  # each label whole inside its picture
            assert chart["font"] >= 0.8 * chart["text"] - 0.5, chart  # read as the page's text is
            line = chart["labels"][1][4] - chart["labels"][1][2]
            assert chart["height"] >= 10 * line, (chart["id"], chart["height"], line)
            assert chart["shown"] or viewport is PHONE, chart  # a phone's page scrolls; a TV's is all there is
        assert serious(page) == []
        if viewport is TV_720:
            assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
            assert "Chris pays Bill" in page.locator("#said").text_content()  # who pays whom, said on the screen
            balances = page.locator("#balances").bounding_box()
            assert balances["y"] + balances["height"] <= TV_720["height"]
    finally:
        running.stop()
