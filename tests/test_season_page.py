"""The season page of `serve` (issue 77, docs/serve.md, The season page): what `bragref stats` reports, drawn by the
server as inline SVG a room can read (per-player bars, the hand types shown against their odds, per dealer the cases
below 1 in 100, said as chance, not proof), each picture with its figures as a table, no script."""

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
    assert "<script" not in answer.text  # drawn by the server: nothing to run
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
    assert hands_won["Cat"][1] == pytest.approx(dealt["Cat"][1] / 2) and "Ann" not in hands_won
    assert at_showdown["Cat"][1] == pytest.approx(hands_won["Cat"][1]) and "Bill" not in at_showdown

    looked = figure(tree, "looked")
    assert table_rows(looked)[1:] == [["Ann", "2", "0%", "0%"], ["Bill", "2", "50%", "0%"], ["Cat", "2", "0%", "50%"]]
    svg = looked.find(SVG + "svg")
    assert bars(svg, "looked")["Bill"][1] == pytest.approx(bars(svg, "track")["Bill"][1] / 2)
    assert bars(svg, "blind")["Cat"][1] == pytest.approx(bars(svg, "track")["Cat"][1] / 2)

    types = figure(tree, "types-brag")
    rows = table_rows(types)
    assert rows[0] == ["hand type", "shown", "expected", "odds"]
    assert rows[1:] == [["prial", "1", "0.0047", "0.24%"], ["high card", "1", "1.5", "74.39%"]]  # 2 shown in all
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
