"""The season page of `serve` (issue 77, docs/serve.md, The season page): what `bragref stats` reports, drawn by the
server as inline SVG a room can read (per-player bars, the hand types shown against their odds, per dealer the cases
below 1 in 100, said as chance, not proof), each picture with its figures as a table; over the nights `stats --from
--to` takes, zeros drawn, following the ledger as hands are dealt and end."""

import gzip
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import Bragref
from test_stats import EVENING, rigged

SVG = "{http://www.w3.org/2000/svg}"


def served(db: Path, path: str = "/season", **made):
    from starlette.testclient import TestClient

    from bragref.serve.app import make_app

    with TestClient(make_app(str(db), **made)) as client:
        return client.get(path)


def parsed(html: str) -> ET.Element:
    """The page as XML: the server writes it well-formed (every attribute quoted, every element closed), so that
    whatever a name holds is text, never markup."""
    return ET.fromstring(re.sub(r"^<!doctype html>", "", html))


def figure(tree: ET.Element, name: str) -> ET.Element:
    return next(f for f in tree.iter("figure") if f.get("id") == name)


def bars(svg: ET.Element, kind: str) -> dict[str, tuple[float, float]]:
    """Each bar of a kind, by what it is for: its left edge and its width."""
    return {rect.get("data-for"): (float(rect.get("x")), float(rect.get("width")))
            for rect in svg.iter(SVG + "rect") if rect.get("class") == kind}


def table_rows(fig: ET.Element) -> list[list[str]]:
    table = next(fig.iter("table"))
    return [["".join(cell.itertext()).strip() for cell in row] for row in table.iter("tr")]


def test_the_hand_computed_evening_drawn_from_the_figures_stats_reports(bragref):
    """test_stats' evening, worked out by hand: Ann -2 (two early folds), Bill -5 (looked in hand 1, won hand 2 without
    a showdown), Cat +7 (blind, won hand 1 at the see with a prial). The bars are those figures to scale, and each
    picture's table says them."""
    bragref.lines(EVENING)
    answer = served(bragref.db)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in answer.headers["content-security-policy"]
    scripts = re.findall(r"<script[^>]*>", answer.text)  # drawn by the server: its one script, a file of its own,
    assert scripts == ['<script src="season-page.js" defer="">']  # only follows the ledger (season.js)
    tree = parsed(answer.text)

    net = figure(tree, "net")
    svg = net.find(SVG + "svg")
    assert svg.get("role") == "img" and svg.get("aria-labelledby")
    drawn = bars(svg, "gain") | bars(svg, "loss")
    (ann_x, ann), (bill_x, bill), (cat_x, cat) = (drawn[f"{p} brag"] for p in ("Ann", "Bill", "Cat"))
    assert (ann / cat, bill / cat) == (pytest.approx(2 / 7, abs=0.01), pytest.approx(5 / 7, abs=0.01))
    assert set(bars(svg, "loss")) == {"Ann brag", "Bill brag"}
    assert ann_x + ann == pytest.approx(cat_x) and bill_x + bill == pytest.approx(cat_x)  # losses end at zero
    assert table_rows(net)[1:] == [["Cat", "Three Card Brag", "7"], ["Ann", "Three Card Brag", "−\u20602"],
                                   ["Bill", "Three Card Brag", "−\u20605"]]  # the pages' words and minus sign

    won = figure(tree, "won")
    assert table_rows(won)[1:] == [["Ann", "2", "0", "0"], ["Bill", "2", "1", "0"], ["Cat", "2", "1", "1"]]
    svg = won.find(SVG + "svg")
    dealt, hands_won, at_showdown = bars(svg, "track"), bars(svg, "won"), bars(svg, "showdown")
    assert hands_won["Cat"][1] == pytest.approx(dealt["Cat"][1] / 2) and hands_won["Ann"][1] == 0
    assert at_showdown["Cat"][1] == pytest.approx(hands_won["Cat"][1]) and at_showdown["Bill"][1] == 0

    looked = figure(tree, "looked")
    assert table_rows(looked)[1:] == [["Ann", "2", "0%", "0%"], ["Bill", "2", "50%", "0%"], ["Cat", "2", "0%", "50%"]]
    svg = looked.find(SVG + "svg")
    assert bars(svg, "looked")["Bill"][1] == pytest.approx(bars(svg, "track")["Bill"][1] / 2)
    assert bars(svg, "blind")["Cat"][1] == pytest.approx(bars(svg, "track")["Cat"][1] / 2)

    types = figure(tree, "types-brag")
    rows = table_rows(types)
    assert rows[0] == ["hand type", "shown", "expected", "odds"]
    assert rows[1] == ["prial", "1", "0.0047", "0.24%"] and rows[-1] == ["high card", "1", "1.5", "74.39%"]  # 2 shown
    assert [row[0] for row in rows[1:]] == brag_types()  # those never shown at zero, in R8's order
    assert all(row[1] == "0" for row in rows[2:-1])
    svg = types.find(SVG + "svg")
    shown, expected = bars(svg, "shown"), bars(svg, "expected")
    assert expected["high card"][1] > shown["high card"][1] == pytest.approx(shown["prial"][1])
    assert "Only hands shown at a see or a showdown count" in answer.text

    # Cat's prial in Ann's one deal of three hands: at least one prial in 3 dealt is 1 in 140, below 1 in 100, and
    # said as what it is, chance, not proof (docs/season.md)
    flagged = figure(tree, "flagged")
    assert table_rows(flagged)[1:] == [["Ann", "Three Card Brag", "prial", "1", "0.0071", "1 in 140", "yes"]]
    dealers = next(s for s in tree.iter("section") if s.get("id") == "dealers")
    said = " ".join(dealers.itertext())
    assert "chance, not proof" in said and "Bill dealt 1 hand of Three Card Brag (3 dealt in, 0 shown)" in said


def test_a_rigged_dealer_is_drawn_flagged_as_chance_not_proof(tmp_path):
    """test_stats' rigged ledger, built by import: Dan's ten deals each give him a prial. His prials stand out on the
    page, with the chance stats gives and the words that say what a flag means."""
    club = rigged(tmp_path)
    answer = served(club.db)
    tree = parsed(answer.text)
    flagged = figure(tree, "flagged")
    svg = flagged.find(SVG + "svg")
    shown, expected = bars(svg, "shown"), bars(svg, "expected")
    assert set(shown) == {"Dan brag prial"}
    assert shown["Dan brag prial"][1] > 100 * expected["Dan brag prial"][1]
    drawn = " ".join(svg.itertext())
    assert "Dan, Three Card Brag: prial" in drawn and "10 shown, 0.047 expected" in drawn and "1 in more than a trillion" in drawn
    assert table_rows(flagged)[1:] == [["Dan", "Three Card Brag", "prial", "10", "0.047", "1 in more than a trillion", "yes"]]
    caption = "".join(flagged.find("figcaption").itertext())
    assert caption.startswith("Below 1 in 100") and "chance, not proof" in caption and "chance, not proof" in answer.text


def test_names_are_text_and_each_page_reaches_it(tmp_path):
    """A name that looks like markup is drawn as text (the page stays well-formed); the players' page, the referee's
    and a seat's each serve it beside themselves and link to it; an empty ledger says so."""
    from bragref.serve.seats import Seats

    table = Bragref(tmp_path / "ledger.db")
    table('session new n1 --players "<b>Al</b>,Bo&Co"')
    table("deal")
    table("fold bo&co")
    token = "t" * 32
    answer = served(table.db, referee=token)
    assert "&lt;b&gt;Al&lt;/b&gt;" in answer.text and "<b>" not in answer.text
    dealers = next(s for s in parsed(answer.text).iter("section") if s.get("id") == "dealers")
    assert "No dealer's deals hold a hand type at a chance below 1 in 100" in " ".join(dealers.itertext())
    from starlette.testclient import TestClient

    from bragref.serve.app import make_app

    with TestClient(make_app(str(table.db), referee=token, seats=Seats("ask"))) as client:
        seat = client.get(f"/r/{token}/status.json").json()["seats"]["Bo&Co"]
        for base in ("/", f"/r/{token}/", seat):
            assert 'href="season"' in client.get(base).text
            page = client.get(base + "season")
            assert page.status_code == 200 and "Net by game" in page.text
            assert client.get(base + "season.css").status_code == 200
    empty = served(tmp_path / "none.db")
    assert empty.status_code == 200 and "No hand recorded yet" in empty.text
    (tmp_path / "bad.db").write_bytes(b"not a ledger at all" * 100)
    bad = served(tmp_path / "bad.db")
    assert bad.status_code == 503 and "The ledger cannot be read" in bad.text and "<script" not in bad.text


def test_a_long_season_stays_light(tmp_path, monkeypatch):
    """Eight players over two games and a hundred hands: the page, gzipped as it is sent, under 30 KiB, the same bound
    as every other page; its figures read once for each state of the ledger, not at every request."""
    from bragref.api.season import Season

    read = []
    stats = Season.stats
    monkeypatch.setattr(Season, "stats", lambda self, *a: read.append(1) or stats(self, *a))
    db = tmp_path / "ledger.db"
    table = Bragref(db)
    players = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal"
    table(f"simulate --hands 50 --seed 5 --players {players} --name one")
    table(f"simulate --hands 50 --seed 6 --players {players} --name two --game teen-patti")
    from starlette.testclient import TestClient

    from bragref.serve.app import make_app

    with TestClient(make_app(str(db))) as client:
        sent = client.get("/season", headers={"Accept-Encoding": "gzip"})
        assert sent.headers["content-encoding"] == "gzip"
        weight = len(gzip.compress(sent.content, 9))  # httpx unzipped it: zipped again, as the server does
        again = client.get("/season")  # the figures are made once per state of the ledger
        assert len(read) == 1 and again.text == sent.text and "100 hands dealt" in again.text
        table("simulate --hands 1 --seed 7 --players Ann,Bob --name three")
        assert "101 hands dealt" in client.get("/season").text and len(read) == 2  # the ledger moved on: drawn again
    assert weight < 30 * 1024, weight


@pytest.mark.slow  # a server and a browser
def test_readable_across_a_room_and_on_a_phone_and_axe_clean(browser, tmp_path):
    """At 360 x 740 nothing scrolls sideways and the pictures' words are at least 12 px; on a 1920 x 1080 TV at least
    24 px; axe finds nothing serious or critical."""
    from axe_playwright_python.sync_playwright import Axe

    from test_referee import PHONE, TV, Referee

    club = rigged(tmp_path)
    club("simulate --hands 20 --seed 4 --players Ann,Dan,Eve,Fay --name more")
    running = Referee(club.db)
    try:
        for viewport, least in ((PHONE, 12), (TV, 24)):
            page = browser.new_page(viewport=viewport, bypass_csp=True)
            page.goto(running.players + "season")
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            sizes = page.evaluate("[...document.querySelectorAll('svg text')].map(t => t.getBoundingClientRect().height)")
            assert sizes and min(sizes) >= least, (viewport, min(sizes))
            boxes = page.evaluate("[...document.querySelectorAll('svg')].map(s => [s.getBoundingClientRect().left,"
                                  " s.getBoundingClientRect().right, s.querySelectorAll('text').length,"
                                  " Math.max(...[...s.querySelectorAll('text')].map(t => t.getBoundingClientRect()"
                                  ".right))])")
            for _left, right, _texts, furthest in boxes:
                assert furthest <= right + 0.5  # no word runs out of its picture
            shots = os.environ.get("BRAGREF_SCREENSHOTS")
            if shots:
                page.screenshot(path=str(Path(shots) / f"season-{'phone' if viewport is PHONE else 'tv'}.png"),
                                full_page=viewport is PHONE)
            violations = Axe().run(page).response["violations"]
            serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in violations
                       if v["impact"] in ("serious", "critical")]
            assert serious == []
            page.close()
    finally:
        running.stop()


def test_the_season_page_says_games_and_money_as_the_table_page_does(bragref):
    """Evening 1: the season page said game keys (`teen-patti`) and a hyphen for a loss (`-£0.10`) where the table's
    page says the game's title and `−£0.10` (a minus sign, joined to its amount). The same words and money here."""
    bragref('session new tp --players "Ann,Bob,Cat" --unit 0.01 --currency £ --ante 0.10 --game teen-patti')
    bragref.lines("""
        deal
        fold bob
        fold cat
    """)  # Ann wins the boots: Ann +£0.20, Bob and Cat −£0.10
    tree = parsed(served(bragref.db).text)
    net = figure(tree, "net")
    assert table_rows(net)[1:] == [["Ann", "Teen Patti", "£0.20"], ["Bob", "Teen Patti", "−\u2060£0.10"],
                                   ["Cat", "Teen Patti", "−\u2060£0.10"]]
    labels = [text.text for text in net.iter(SVG + "text")]
    assert "Bob · Teen Patti" in labels and "−\u2060£0.10" in labels and "+£0.20" in labels, labels
    body = " ".join(next(tree.iter("body")).itertext())
    assert "teen-patti" not in body and "-£" not in body, body
    assert "Ann dealt 1 hand of Teen Patti" in body, body


# ---- issue 77's leftovers: the page takes --from/--to as `stats` does, draws zeros, and follows the ledger ----------

NIGHT_TWO = """
    session new n2 --players "Ann,Bill,Dan"
    deal                      # Ann deals: Bill first
    fold bill
    fold dan                  # Ann wins the antes; nothing shown
"""


def two_nights(bragref) -> None:
    """test_stats' evening on 1 November (Ann, Bill, Cat: 2 hands, a prial and a high card shown), then on 8 November
    Ann, Bill and Dan (1 hand, nothing shown). The ledger's clock set back: a night is its date."""
    from itertools import count

    from bragref.ledger import store

    clock = store.now
    try:
        for day, lines in ((1, EVENING), (8, NIGHT_TWO)):
            seconds = count()
            store.now = lambda day=day, seconds=seconds: f"2026-11-{day:02}T20:00:{next(seconds):02}.000000+00:00"
            bragref.lines(lines)
    finally:
        store.now = clock


def brag_types() -> list[str]:
    from bragref.engine.rules import Rules
    from bragref.games import game_of

    rules = Rules(game="brag")
    return [cls for cls, _ in game_of(rules).class_counts(rules)]


def test_the_page_takes_the_range_stats_takes(bragref):
    """`?from=&to=` on the page is `stats --from --to`: the same nights, the same figures; the form that chooses it
    holds the range shown; a date that is not one is said on the page (400), never a server error; empty fields are
    no range."""
    two_nights(bragref)
    answer = served(bragref.db, "/season?from=2026-11-08&to=2026-11-08")
    assert answer.status_code == 200, answer.text
    tree = parsed(answer.text)
    assert "1 hand dealt" in " ".join(next(tree.iter("header")).itertext())
    ranged = bragref.json("stats --from 2026-11-08 --to 2026-11-08")
    assert {tuple(r) for r in table_rows(figure(tree, "won"))[1:] if r[1] != "0"} == {
        (r["player"], str(r["hands"]), str(r["won_hands"]), str(r["showdowns_won"])) for r in ranged["players"]}
    form = next(f for f in tree.iter("form") if f.get("id") == "range")
    assert form.get("method") == "get" and form.get("action") == "season"
    fields = {i.get("name"): i for i in form.iter("input")}
    assert (fields["from"].get("type"), fields["from"].get("value")) == ("date", "2026-11-08")
    assert (fields["to"].get("type"), fields["to"].get("value")) == ("date", "2026-11-08")
    assert all(next((lab for lab in form.iter("label") if lab.get("for") == i.get("id")), None) is not None
               for i in fields.values())  # each field named for a screen reader
    assert "form-action 'self'" in answer.headers["content-security-policy"]  # the form may load this page again

    first = parsed(served(bragref.db, "/season?from=2026-11-01&to=2026-11-01").text)
    assert "2 hands dealt" in " ".join(next(first.iter("header")).itertext())
    assert table_rows(figure(first, "net"))[1:4] == [["Cat", "Three Card Brag", "7"], ["Ann", "Three Card Brag", "−\u20602"],
                                                     ["Bill", "Three Card Brag", "−\u20605"]]
    whole = parsed(served(bragref.db, "/season?from=&to=").text)  # a form sent with nothing filled in: every night
    assert "3 hands dealt" in " ".join(next(whole.iter("header")).itertext())

    bad = served(bragref.db, "/season?from=01/11/2026")
    assert bad.status_code == 400
    said = " ".join(parsed(bad.text).itertext())
    assert "from is a date, YYYY-MM-DD" in said and "01/11/2026" in said
    assert next(f for f in parsed(bad.text).iter("form") if f.get("id") == "range") is not None  # chosen again there
    later = served(bragref.db, "/season?from=2026-11-09")
    assert later.status_code == 200 and "No hand in this range" in later.text


def test_a_player_without_hands_and_a_hand_type_never_shown_are_drawn_at_zero(bragref):
    """Over 8 November alone Cat played no hand and nothing was shown: Cat is still in every picture of players (a
    bar of nothing, a row in its table, a line of its words), and every hand type of brag is in the picture of
    types at 0 shown. Over 1 November Dan is the one at zero, and the types never shown there are too."""
    two_nights(bragref)
    tree = parsed(served(bragref.db, "/season?from=2026-11-08&to=2026-11-08").text)
    net = figure(tree, "net")
    assert ["Cat", "no hands", "0"] in table_rows(net)
    assert bars(net.find(SVG + "svg"), "gain")["Cat"][1] == 0
    assert "Cat · no hands" in [t.text for t in net.iter(SVG + "text")]
    won = figure(tree, "won")
    assert ["Cat", "0", "0", "0"] in table_rows(won)
    assert bars(won.find(SVG + "svg"), "won")["Cat"][1] == 0
    assert any((t.text or "").startswith("won 0 of 0") for t in won.iter(SVG + "text"))
    looked = figure(tree, "looked")
    assert ["Cat", "0", "no hands", "no hands"] in table_rows(looked)
    assert bars(looked.find(SVG + "svg"), "looked")["Cat"][1] == 0
    types = figure(tree, "types-brag")
    every = brag_types()
    assert [r[:3] for r in table_rows(types)[1:]] == [[cls, "0", "0"] for cls in every]
    shown = bars(types.find(SVG + "svg"), "shown")
    assert set(shown) == set(every) and all(width == 0 for _, width in shown.values())
    assert all(f"{cls}" in [t.text for t in types.iter(SVG + "text")] for cls in every)

    first = parsed(served(bragref.db, "/season?to=2026-11-01").text)
    assert ["Dan", "0", "0", "0"] in table_rows(figure(first, "won"))
    rows = {r[0]: r[1] for r in table_rows(figure(first, "types-brag"))[1:]}
    assert list(rows) == every and rows["prial"] == rows["high card"] == "1"
    assert all(count == "0" for cls, count in rows.items() if cls not in ("prial", "high card"))


@pytest.mark.slow  # a server and a browser
def test_the_page_follows_the_ledger_and_its_nights_are_chosen_on_a_phone(browser, tmp_path):
    """A hand recorded while the page is open shows without a reload (the same page, a table of figures left open as
    it was), through the pages' one stream; at 360 x 740 the nights are chosen with the page's form (nothing scrolls
    sideways, each control a finger's height), the range kept as it follows the ledger; axe finds nothing serious."""
    from datetime import date, timedelta

    from axe_playwright_python.sync_playwright import Axe

    from test_referee import PHONE, Referee

    table = Bragref(tmp_path / "ledger.db")
    running = Referee(table.db)  # no ledger yet: the evening starts with the page open
    try:
        page = browser.new_page(viewport=PHONE, bypass_csp=True)
        page.goto(running.players + "season")
        page.wait_for_function("document.getElementById('live').textContent.startsWith('Live')")
        assert "No hand recorded yet" in page.inner_text("main") and page.locator("#range").count() == 0
        table('session new n1 --players "Ann,Bill,Cat"')
        table.lines("deal\nfold bill\nfold cat")
        page.wait_for_function("document.querySelector('#won tbody tr')?.cells[1].textContent === '1'")
        assert page.locator("#range").count() == 1  # the first hand brings the form that chooses the nights
        page.click("#won summary")
        page.evaluate("window.kept = 'the same page'")
        won = "[...document.querySelectorAll('#won tbody tr')].map(r => [...r.cells].map(c => c.textContent))"
        assert page.evaluate(won)[0] == ["Ann", "1", "1", "0"]  # Ann deals, Bill and Cat fold
        table.lines("deal\nfold cat\nfold ann")  # Bill deals: Cat first; Bill wins
        page.wait_for_function("document.querySelector('#won tbody tr').cells[1].textContent === '2'")
        assert page.evaluate(won) == [["Ann", "2", "1", "0"], ["Bill", "2", "1", "0"], ["Cat", "2", "0", "0"]]
        assert page.evaluate("window.kept") == "the same page"  # not reloaded
        assert page.evaluate("document.querySelector('#won details').open")  # left open as it was
        assert "2 hands dealt" in page.inner_text("#summary")

        tomorrow = (date.today() + timedelta(days=1)).isoformat()
        page.fill("#range-from", tomorrow)
        page.click("#range button")
        page.wait_for_url(f"**/season?from={tomorrow}&to=")
        assert "No hand in this range" in page.inner_text("main")
        assert page.evaluate(won) == [["Ann", "0", "0", "0"], ["Bill", "0", "0", "0"], ["Cat", "0", "0", "0"]]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        heights = page.evaluate("[...document.querySelectorAll('#range input, #range button')]"
                                ".map(c => c.getBoundingClientRect().height)")
        assert len(heights) == 3 and min(heights) >= 44, heights
        violations = Axe().run(page).response["violations"]
        serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in violations
                   if v["impact"] in ("serious", "critical")]
        assert serious == []

        today = date.today().isoformat()
        page.goto(f"{running.players}season?from={today}&to={today}")
        page.wait_for_function("document.getElementById('live').textContent.startsWith('Live')")
        fetched = []
        page.on("request", lambda request: fetched.append(request.url) if "/season" in request.url else None)
        table("deal")  # a third hand, within the range: drawn for the range as it is dealt
        page.wait_for_function("document.querySelector('#won tbody tr').cells[1].textContent === '3'")
        assert page.input_value("#range-from") == today and "3 hands dealt" in page.inner_text("#summary")
        assert fetched == [f"{running.players}season?from={today}&to={today}"]
        table("bet ann 1")  # a bet is not `stats` over the whole ledger again: the page waits for the hand's end
        page.wait_for_timeout(600)  # the bet's event heard (a stream's event comes in tens of milliseconds)
        assert len(fetched) == 1, fetched
        table.lines("fold bill\nfold cat")  # Cat deals, Ann first: Ann wins
        page.wait_for_function("document.querySelector('#won tbody tr').cells[2].textContent === '2'")
        assert len(fetched) == 2, fetched
        page.close()
    finally:
        running.stop()
