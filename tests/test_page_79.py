"""The pages' breaks and confusing points of issue 79, each reproduced in a real browser first: a svara deal's boil-in
sent as the form shows it (R16.7), an emptied amount said and sent nowhere, a seat's request arriving that moves no
control under the referee's finger, and the pages' words and places a person meets."""

import json
import re
from pathlib import Path

import pytest
from test_referee import PHONE, TV, Referee, bragref, calmed, dump, opened, status
from test_seats import FOUR, Seated, dealt, phone
from test_serve import until, web

pytestmark = pytest.mark.slow  # a server and a browser: CI's whole run, not the quick subset


def svara(db) -> None:
    """Hand 1 of svara among Ann, Bob, Cat and Dan ends in a svara between Bob and Cat on 30 (R16.7)."""
    bragref(db, "session", "new", "s", "--players", ",".join(FOUR), "--game", "svara", "--currency", "£")
    for line in ("deal", "bet bob 2", "bet cat 2", "bet dan 2", "bet ann 2", "open bob", "show bob Ah Kh 9h",
                 "show cat As Ks 9s", "concede dan", "show ann 7c 8c 9c"):
        bragref(db, *line.split())


def boil_box(page, player: str):
    return page.locator("#forms fieldset.choices").get_by_label(player, exact=True)


def test_a_boil_in_chosen_after_a_refused_deal_is_the_one_sent_r16_7(browser, tmp_path):
    db = tmp_path / "ledger.db"
    svara(db)
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        boil = page.locator("#forms fieldset.choices")
        assert boil.locator("input").evaluate_all("boxes => boxes.map(b => b.value)") == ["Ann", "Dan"]  # Bob and
        # Cat are in free: the list offers only those who may boil in
        sent = []
        page.on("request", lambda request: sent.append(request.post_data) if request.url.endswith("/act") else None)
        refusal = {"rule": "R16.8", "refused": "Ann has less than the buy-in (R16.8)", "may": ""}
        page.route("**/act", lambda route: route.fulfill(status=422, content_type="application/json",
                                                         body=json.dumps(refusal)))
        calmed(page)
        boil_box(page, "Ann").check()
        deal = page.locator("#forms").get_by_role("button", name="deal", exact=True)
        deal.click()
        page.wait_for_function("document.getElementById('answer').className === 'refused'")
        page.unroute("**/act")
        calmed(page)
        assert boil_box(page, "Ann").is_checked()  # the form still shows what was sent
        boil_box(page, "Ann").uncheck()
        boil_box(page, "Dan").check()
        deal.click()
        page.wait_for_function("document.getElementById('answer').className === 'recorded'")
        assert json.loads(sent[-1])["words"] == "deal boil Dan"
        said = page.locator("#answer").text_content()
        assert "Dan boiled in" in said, said
        players = {p["name"]: p["state"] for p in json.loads(bragref(db, "status", "--json"))["players"]}
        assert players["Dan"] != "sitting-out" and players["Ann"] == "sitting-out"
    finally:
        running.stop()


@pytest.mark.parametrize("typed", ["", "-"])
def test_an_emptied_amount_is_said_and_sends_nothing(browser, tmp_path, typed):
    db = dealt(tmp_path / "ledger.db")
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        bet = page.locator("#moves").get_by_role("button", name="bet Bob", exact=True)
        bet.click()
        amount = page.get_by_label("amount", exact=True)
        assert amount.input_value() != ""  # the least filled in
        calmed(page)
        amount.fill("")
        if typed:
            amount.press_sequentially(typed)  # unreadable as a number
        before = dump(db)
        bet.click()
        page.wait_for_timeout(300)
        assert page.locator("#answer").get_attribute("class") == "refused"
        assert "amount?" in page.locator("#answer").text_content()
        assert dump(db) == before
    finally:
        running.stop()


def test_a_request_arriving_moves_no_control_and_takes_no_tap_at_once(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        bragref(db, "bet", "bob", "1")  # Cat to act
        referee = phone(browser, running.url)
        bet = referee.locator("#moves").get_by_role("button", name="bet Cat", exact=True)
        bet.wait_for()
        calmed(referee)
        was = bet.bounding_box()
        referee.clock.pause_at(referee.evaluate("Date.now()") + 100)  # the page's time stands while the request comes
        asked = running.ask("Cat", "fold cat")
        assert asked.status_code == 202, asked.text
        refuse = referee.get_by_role("button", name="Refuse Cat's fold", exact=True)
        refuse.wait_for(timeout=3000)
        assert bet.bounding_box() == was  # nothing already on the page moved
        box = refuse.bounding_box()
        referee.clock.fast_forward(150)
        referee.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a control just appeared
        referee.mouse.click(was["x"] + was["width"] / 2, was["y"] + was["height"] / 2)  # the tap meant for bet Cat
        referee.wait_for_timeout(400)
        assert [r["line"] for r in status(running.url)["requests"]] == ["Cat asks: fold"]  # not refused
        assert bet.get_attribute("aria-pressed") == "true"  # the tap opened bet Cat's amount, as meant
        referee.clock.fast_forward(600)
        calmed(referee)
        refuse.click()  # at rest, it takes a tap
        assert until(lambda: status(running.url)["requests"] == [], 2)
    finally:
        running.stop()


HITS = """() => [...document.querySelectorAll('button, summary')].filter(b => !b.closest('#requests'))
  .map(b => {
    const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!b.checkVisibility() || !r.width || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return null;
    const hit = document.elementFromPoint(x, y);
    return [b.textContent, hit === b || b.contains(hit)];
  }).filter(Boolean)"""


@pytest.mark.parametrize("before, move, cards, asks, said, action", [
    ((), "bet Bob", (), "fold bob", "Bob bet", "bet"),
    (("bet bob 1", "fold cat", "fold dan", "see ann"), "show Bob", ("7h", "6h", "5h"), "show bob Ah Kh Qh",
     "Bob show", "show"),  # the evening's: Bob's show being picked, his own request arriving
])
def test_a_request_appearing_covers_no_control_at_the_foot_of_the_screen(browser, tmp_path, before, move, cards,
                                                                          asks, said, action):
    """The seats' tray has its band at the foot of the screen the whole time seats may ask (a quiet line when no
    request waits), and the page's foot scrolls clear of it: a control scrolled to the foot of the screen is never
    covered by a request's `refuse` arriving under the finger (the newcomer's evening: `record show Bob` covered,
    and the tap a second later refused Bob's request). Every control visible at its centre before a request appears
    is the element there after it, at the foot as anywhere."""
    db = dealt(tmp_path / "ledger.db")
    for line in before:
        bragref(db, *line.split())
    running = Seated(db)
    try:
        referee = phone(browser, running.url)
        opening = referee.locator("#moves").get_by_role("button", name=move, exact=True)
        opening.wait_for()
        calmed(referee)
        opening.click()
        again = referee.get_by_role("button", name=f"record {move}", exact=True)
        again.wait_for()
        calmed(referee)
        for card in cards:
            referee.locator("#picked .pack").get_by_role("button", name=card, exact=True).click()
        tray = referee.locator("#requests")
        assert tray.is_visible() and "no requests" in tray.text_content().lower()  # its band there, said empty
        again.evaluate("b => b.scrollIntoView({block: 'end'})")  # the button at the foot of what can be seen
        seen = referee.evaluate(HITS)
        assert [f"record {move}", True] in seen, seen  # scrolled clear of the tray
        assert sum(shown for _, shown in seen) >= 3, seen
        referee.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        foot = referee.evaluate("""() => [Math.max(...[...document.body.querySelectorAll('*')]
          .filter(e => !e.closest('#requests') && e.checkVisibility()).map(e => e.getBoundingClientRect().bottom)),
          document.getElementById('requests').getBoundingClientRect().top]""")
        assert foot[0] <= foot[1], foot  # the page's very foot scrolls clear of the tray
        again.evaluate("b => b.scrollIntoView({block: 'end'})")
        asked = running.ask("Bob", asks)
        assert asked.status_code == 202, asked.text
        refuse = referee.get_by_role("button", name="Refuse " + asked.json()["asked"].replace(" asks: ", "'s ", 1), exact=True)
        refuse.wait_for(timeout=3000)
        assert referee.evaluate(HITS) == seen  # each control where it was, and the one at its centre still
        referee.clock.fast_forward(1000)  # a second later: the tap meant for `record bet Bob`
        box = again.bounding_box()
        referee.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        referee.wait_for_function("document.getElementById('answer').className === 'recorded'")
        assert said in referee.locator("#answer").text_content()
        assert [a["action"] for a in json.loads(bragref(db, "history", "1", "--json"))][-1] == action
    finally:
        running.stop()


def test_a_payment_recorded_is_said_on_the_referees_answer_line_before_and_after_the_close(browser, tmp_path):
    """The last payment recorded from the Settle up list is said on the answer line, though the list goes once
    nothing is owed; after the close, a payment the payee's phone records (`received £0.50 from Ann`) is said there
    as before it, naming the phone."""
    db = tmp_path / "ledger.db"
    for line in ("session new n1 --players Ann,Bill --unit 0.01 --currency £ --ante 0.50", "deal", "fold bill"):
        bragref(db, *line.split())
    running = Seated(db)
    try:
        referee = phone(browser, running.url)
        paid = referee.get_by_role("button", name="record: Bill paid Ann £0.50", exact=True)
        paid.wait_for()
        calmed(referee)
        paid.click()
        referee.wait_for_selector("#pay", state="hidden")  # nothing owed now: the list and its line gone
        referee.wait_for_function("document.getElementById('answer').textContent.startsWith('Recorded')")
        assert referee.locator("#answer").text_content() == "Recorded: Bill paid Ann £0.50."
        assert referee.locator("#answer").get_attribute("class") == "recorded"
        for line in ("deal", "fold ann", "session close"):  # Ann owes Bill, and the night is closed
            bragref(db, *line.split())
        referee.wait_for_function("document.body.dataset.ended !== undefined || "
                                  "document.getElementById('said').textContent.includes('closed')")
        bill = phone(browser, running.seat("Bill"))
        received = bill.get_by_role("button", name="received £0.50 from Ann", exact=True)
        received.wait_for()
        calmed(bill)
        received.click()
        bill.wait_for_function("document.getElementById('paid-answer').textContent.startsWith('Recorded')")
        referee.wait_for_function("document.getElementById('answer').textContent.includes(\"Bill's phone\")",
                                  timeout=3000)
        assert referee.locator("#answer").text_content() == "Bill's phone recorded: Ann paid Bill £0.50."
        assert json.loads(bragref(db, "settle", "--all", "--json")) == []
    finally:
        running.stop()


RUN_BROKEN = r"""() => {  // each place the hand's name is shown: at each width, on how many lines its ranks fall
  const run = /7-\u2060?6-\u2060?5/, broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) if (run.test(walker.currentNode.data)) nodes.push(walker.currentNode);
  nodes.forEach(node => {
    const box = node.parentElement, was = box.style.width, at = node.data.search(run);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + node.data.match(run)[0].length);
    const least = Math.ceil(range.getBoundingClientRect().width) + 24;  // the ranks and what ends them (`).`): a
    // narrower place breaks any word (overflow-wrap)
    for (let width = least; width <= 400; width += 2) {
      box.style.width = `${width}px`;
      const tops = new Set([...range.getClientRects()].filter(r => r.width).map(r => Math.round(r.top)));
      if (tops.size > 1) { broken.push([box.tagName + "#" + box.id, width]); break; }
    }
    box.style.width = was;
  });
  return [nodes.length, broken];
}"""


def test_a_hands_name_is_never_broken_at_its_hyphens_on_a_phone_or_the_tv(browser, tmp_path):
    """`running flush, 7-6-5` is read whole: at any width of the place it is shown in, its ranks stay on one line
    (the page's rendering alone: the terminal's words are as they were)."""
    db = dealt(tmp_path / "ledger.db")
    for line in ("bet bob 1", "fold cat", "fold dan", "see ann", "show bob 7h 6h 5h"):
        bragref(db, *line.split())
    assert "running flush, 7-6-5" in bragref(db, "status")
    running = Referee(db)
    try:
        for url, viewport in ((running.url, PHONE), (running.players, TV)):
            page = opened(browser, url, viewport)
            page.wait_for_function("document.body.textContent.includes('running flush')")
            shown, broken = page.evaluate(RUN_BROKEN)
            assert shown >= 1 and broken == [], (url, shown, broken)
    finally:
        running.stop()


def test_axe_finds_nothing_serious_while_the_page_takes_no_tap(browser, tmp_path):
    """During the half second after a tap the controls are faded: they are marked as taking no tap (disabled), so
    their faded colours are no contrast failure."""
    from axe_playwright_python.sync_playwright import Axe

    running = Referee(dealt(tmp_path / "ledger.db"))
    try:
        page = opened(browser, running.url)
        page.locator("#moves").get_by_role("button", name="bet Bob", exact=True).click()
        page.get_by_label("amount", exact=True).wait_for()
        page.evaluate("calm = Date.now() + 60000; calming()")  # the calm lasts while axe looks (its own timers run)
        assert page.evaluate("document.getElementById('referee').classList.contains('calming')")
        violations = Axe().run(page).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
    finally:
        running.stop()


def test_a_pages_script_is_sent_without_its_lines_of_comment_alone_and_nothing_else_changed():
    """Each page's one script is its files joined, each line that is a comment alone left out (the prose a reader of
    the source needs is a tenth of what a slow phone would download); every other line as written, a comment after
    code too. A line of comment inside a template literal would be text, not a comment: none is (the backticks
    before each such line pair up), so leaving them out changes no string."""
    from bragref.serve import app
    from bragref.serve.app import BUNDLES, bundled

    static = Path(app.__file__).parent / "static"
    sources = {path.name: path.read_bytes() for path in static.glob("*.js")}
    for name, script in bundled(sources).items():
        kept = [line for part in BUNDLES[name] for line in sources[part].split(b"\n")
                if not line.lstrip().startswith(b"//")]
        assert script.split(b"\n") == kept, name
        assert b"\n//" not in script and b"\n  //" not in script, name
    for part, source in sources.items():
        ticks = 0
        for number, line in enumerate(source.decode().split("\n"), 1):
            if line.lstrip().startswith("//"):
                assert ticks % 2 == 0, f"{part}:{number}: a line of comment inside a template literal"
            else:
                ticks += len(re.findall(r"(?<!\\)`", line.split(" // ")[0]))


def test_the_pages_files_are_sent_compressed_and_weigh_under_30_kib(tmp_path):
    """The referee's page, the players' and a seat's: each file gzipped where the browser takes it (every browser
    does), with every response's headers; as sent unzipped to a client that does not."""
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        for url, files in ((running.url, ("", "page.css", "referee-page.js")),
                           (running.players, ("", "page.css", "table.js")),
                           (running.seat("Cat"), ("", "page.css", "referee-page.js"))):
            weight = 0
            for file in files:
                zipped = web.get(url + file, headers={"Accept-Encoding": "gzip, deflate, br"})
                assert zipped.status_code == 200 and zipped.headers["content-encoding"] == "gzip", (url, file)
                assert zipped.headers["cache-control"] == "no-store" and "content-security-policy" in zipped.headers
                assert "accept-encoding" in zipped.headers["vary"].lower()
                weight += int(zipped.headers["content-length"])
                plain = web.get(url + file, headers={"Accept-Encoding": "identity"})
                assert "content-encoding" not in plain.headers and plain.content == zipped.content  # httpx unzips
            assert weight <= 30 * 1024, (url, weight)
    finally:
        running.stop()


def test_each_page_runs_one_script_made_of_the_files_as_written(browser, tmp_path):
    """A slow phone draws its first table sooner from one script than from six (docs/benchmarks.md): each page
    fetches one, the same files as written (but their lines of comment alone), in the order they ran as scripts of
    their own (one page, not a fork)."""
    from pathlib import Path

    static = Path(__file__).parent.parent / "bragref/serve/static"
    written = {name: (static / name).read_text() for name in
               ("transport.js", "chart.js", "page.js", "referee.js", "pay.js", "witness.js")}
    running = Seated(dealt(tmp_path / "ledger.db"))
    try:
        for url, script, parts in (
                (running.url, "referee-page.js", ("transport.js", "chart.js", "page.js", "referee.js", "pay.js",
                                                  "witness.js")),
                (running.players, "table.js", ("transport.js", "chart.js", "page.js")),
                (running.seat("Cat"), "referee-page.js", ("transport.js", "chart.js", "page.js", "referee.js", "pay.js",
                                                          "witness.js"))):
            assert web.get(url + script).text == "\n".join(line for part in parts for line in written[part].split("\n")
                                                         if not line.lstrip().startswith("//"))  # comments alone out
            page = browser.new_page(viewport=PHONE, bypass_csp=True)
            fetched = []
            page.on("request", lambda request, fetched=fetched: fetched.append(request.url.rsplit("/", 1)[1])
                    if request.resource_type == "script" else None)
            page.goto(url)
            page.wait_for_function("Boolean(document.body.dataset.head)")
            assert fetched == [script], url
            if url == running.url:  # the referee's controls drawn with the first table, by the same script
                assert page.locator("#moves button").count() > 0 and page.locator("#forms > *").count() > 0
            page.close()
    finally:
        running.stop()


def test_each_page_is_sent_with_its_first_table_drawn_without_a_request_and_not_again(browser, tmp_path):
    """The referee's, the players' and a seat's page carry their first table (the object their stream sends, as
    data): drawn as the page's script has run, `status.json` never fetched, and the stream's first event, the same
    table, not drawn again (the scripts take over from it)."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "</script><!--x", "--players", ",".join(FOUR), "--currency", "£")
    bragref(db, "deal")
    running = Seated(db)
    try:
        for url, view in ((running.url, running.url), (running.players, running.players),
                          (running.seat("Cat"), running.seat("Cat"))):
            sent = web.get(url).text
            table = json.loads(sent.split('<script type="application/json" id="first-table">')[1].split("</script>")[0])
            assert table == status(view) and "</script><!--x" not in sent and 'rel="preload"' not in sent
            page = browser.new_page(viewport=PHONE, bypass_csp=True)
            page.add_init_script("window.drawn = 0; document.addEventListener('table', () => { window.drawn++; });")
            fetched = []
            page.on("request", lambda request, fetched=fetched: fetched.append(request.url.rsplit("/", 1)[1]))
            page.goto(url)
            page.wait_for_function("document.getElementById('live').textContent.startsWith('Live')")  # the stream
            page.wait_for_timeout(300)  # its first event, the same table, heard
            assert page.evaluate("window.drawn") == 1, url
            assert "status.json" not in fetched
            assert page.locator("#title").text_content() == "</script><!--x · Three Card Brag"  # text, never markup
            page.close()
    finally:
        running.stop()


ORDER = """window.order = [];
new MutationObserver(() => { if (document.body.dataset.head && !order.includes('drawn')) order.push('drawn'); })
  .observe(document, {attributes: true, subtree: true, attributeFilter: ['data-head']});
const Stream = window.EventSource;
window.EventSource = function (...given) { order.push('stream'); return new Stream(...given); };
Object.assign(window.EventSource, Stream);
const dated = Date.prototype.toLocaleString;
Date.prototype.toLocaleString = function (...given) { order.push('dates'); return dated.apply(this, given); };
for (const call of ['getItem', 'setItem']) {  // the phone's storage: a seat's witnessed digests, read and kept
  const own = Storage.prototype[call];
  Storage.prototype[call] = function (...given) { order.push('storage'); return own.apply(this, given); };
}
const styled = window.getComputedStyle;  // a style asked for: a layout forced in the middle of the first drawing
window.getComputedStyle = function (...given) { order.push('style'); return styled.apply(this, given); };"""


def test_a_pages_first_table_is_painted_before_its_stream_and_a_seats_witnessed_times(browser, tmp_path):
    """What a page's first table does not need waits until it is painted (docs/benchmarks.md): the stream of tables
    is opened after (its first event is that table again), a seat page's witnessed list writes its times after (a
    phone's first date in its own locale's words loads that locale's data, about 0.2 s on a slow phone) and reads
    and keeps its digests in the phone's storage after (5-25 ms); and no page asks for a style while it draws (each
    ask forces the page's layout, done again once it is drawn)."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "friday", "--players", ",".join(FOUR), "--currency", "£")
    bragref(db, "deal")
    running = Seated(db)
    try:
        for url in (running.url, running.players, running.seat("Cat")):
            page = browser.new_page(viewport=PHONE, bypass_csp=True)
            page.add_init_script(ORDER)
            page.goto(url)
            page.wait_for_function("document.getElementById('live').textContent.startsWith('Live')")  # the stream
            order = page.evaluate("order")
            assert order[0] == "drawn" and "stream" in order, (url, order)  # no stream, no date, no storage, no
            # style, before the table
            if url == running.seat("Cat"):
                page.wait_for_function("order.includes('dates') && order.includes('storage')")
                when = page.locator("#witnessed li").first.text_content()
                assert when.count(" · ") == 2, when  # the night, the hand, and the time it was shown
            page.close()
    finally:
        running.stop()


FIRST = """window.first = null;
window.PLACED = '#referee summary, #referee button:not(details button), #referee legend, #players, #hand';
new MutationObserver(() => {
  if (!document.body.dataset.head || window.first) return;
  const place = selector => [...document.querySelectorAll(selector)].map(node => {
    const box = node.getBoundingClientRect();
    return [Math.round(box.top), Math.round(box.left), Math.round(box.height)];
  });
  window.place = place;
  window.first = {bodies: [...document.querySelectorAll('#forms details')].map(box => box.children.length),
    summaries: [...document.querySelectorAll('#forms details > summary')].map(summary => summary.textContent),
    whole: [...document.querySelectorAll('#forms fieldset')].map(box => box.querySelectorAll('button').length),
    codes: document.querySelectorAll('#seats li').length, seats: !document.getElementById('seats').hidden,
    moves: document.querySelectorAll('#moves button').length,
    places: place(PLACED)};
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-head']});"""


def test_the_referees_closed_forms_and_seats_codes_are_filled_once_the_first_table_is_painted(browser, tmp_path):
    """What the referee's first table does not need waits until it is painted (docs/benchmarks.md): the bodies of the
    closed forms (lend, repay) and the seats' codes, each in a closed `details`, are filled after; their summaries,
    the moves and the forms always open (undo) are drawn with the table, and nothing filled after moves any of them
    or the table."""
    running = Seated(dealt(tmp_path / "ledger.db"))
    try:
        page = browser.new_page(viewport=PHONE, bypass_csp=True)
        page.add_init_script(FIRST)
        page.goto(running.url)
        page.wait_for_function("window.first !== null")
        first = page.evaluate("first")
        assert first["summaries"] == ["lend", "repay"] and first["bodies"] == [1, 1], first  # the summary alone
        assert first["whole"] == [1] and first["moves"] > 0 and first["seats"] and first["codes"] == 0, first
        page.wait_for_function("document.querySelectorAll('#seats li').length === 4")  # then filled
        page.wait_for_function("[...document.querySelectorAll('#forms details')].every(box => box.children.length > 1)")
        assert page.evaluate("place(PLACED)") == first["places"]  # nothing filled after moved any of them
        page.close()
    finally:
        running.stop()


def test_a_closed_form_or_the_seats_codes_opened_before_they_are_filled_open_filled(browser, tmp_path):
    """A summary tapped before the page has filled its body (the page's clock stands: nothing after the first paint
    runs) opens with its body in it, never empty."""
    running = Seated(dealt(tmp_path / "ledger.db"))
    try:
        page = browser.new_page(viewport=PHONE, bypass_csp=True)
        page.clock.install()
        page.clock.pause_at(1_800_000_000_000)  # the page's timers and frames stand still
        page.goto(running.url)
        page.wait_for_function("Boolean(document.body.dataset.head)")
        lend = page.locator("#forms details").filter(has=page.locator("summary:text-is('lend')"))
        assert lend.evaluate("box => box.children.length") == 1  # not filled yet
        lend.locator("summary").click()
        assert lend.get_by_label("lend lender", exact=True).count() == 1 and lend.evaluate("box => box.open")
        page.locator("#seats summary").click()
        assert page.locator("#seats").get_by_role("button", name="code for Dan", exact=True).count() == 1
        page.close()
    finally:
        running.stop()


def test_a_seats_code_stays_until_closed_and_a_new_one_is_asked_twice(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        referee, dan = phone(browser, running.url), phone(browser, running.seat("Dan"))
        fetched = []
        referee.on("request", lambda request: fetched.append(request.url) if "qr.svg" in request.url else None)
        referee.locator("#seats summary").click()
        calmed(referee)
        referee.get_by_role("button", name="code for Dan", exact=True).click()
        referee.locator("#seats img").wait_for()
        bragref(db, "bet", "bob", "1")  # something recorded while the code is being scanned
        referee.wait_for_function("document.getElementById('whose').textContent.includes('Cat')")
        assert referee.locator("#seats img").count() == 1  # still there
        assert [url.split("player=")[1] for url in fetched] == ["Dan"]  # once, and no other player's code
        referee.get_by_role("button", name="close Dan's code", exact=True).click()
        assert referee.locator("#seats img").count() == 0
        old = running.seat("Dan")
        calmed(referee)
        referee.get_by_role("button", name="new code for Dan", exact=True).click()  # asks first
        referee.wait_for_timeout(300)
        assert running.seat("Dan") == old and "cuts their phone off" in referee.locator("#answer").text_content()
        calmed(referee)
        referee.get_by_role("button", name="confirm new code for Dan", exact=True).click()
        assert until(lambda: running.seat("Dan") != old, 3)
        dan.wait_for_function("document.getElementById('live').textContent.includes('replaced')", timeout=8000)
        assert "stopped" not in dan.locator("#said").text_content()
    finally:
        running.stop()


def test_a_seat_page_reloaded_while_its_request_waits_says_its_fate(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        assert running.ask("Bob", "fold bob").status_code == 202
        bob = phone(browser, running.seat("Bob"))  # opened (a reload) after it asked
        bob.wait_for_function("document.getElementById('answer').className === 'asked'", timeout=3000)
        assert "waiting for the referee" in bob.locator("#answer").text_content()
        request = status(running.url)["requests"][0]["id"]
        assert running.answer(request).status_code == 200
        bob.wait_for_function("document.getElementById('answer').className === 'recorded'", timeout=3000)
    finally:
        running.stop()


def test_a_seat_offers_only_its_own_moves_named_without_its_player(tmp_path):
    """At a showdown of brag the table may award the pot (R6.5): the referee's page offers `award Cat`, Cat's seat
    does not (the pot to herself); her own moves there are named without her (`show`, not `show Cat`)."""
    db = dealt(tmp_path / "ledger.db")
    for line in ("bet bob 1", "bet cat 1", "fold dan", "fold ann", "see bob"):
        bragref(db, *line.split())
    running = Seated(db)
    try:
        refereed = [move["label"] for move in status(running.url)["told"]["moves"]]
        assert "award Cat" in refereed and "show Cat" in refereed, refereed
        cat = [move["label"] for move in status(running.seat("Cat"))["told"]["moves"]]
        assert cat and not any("award" in label or "Cat" in label for label in cat), cat
        assert "show" in cat
    finally:
        running.stop()


def test_the_tv_shows_the_nights_result_apart_from_loans_and_fills_its_screen(browser, tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "friday", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--currency", "£")
    bragref(db, "lend", "ann", "bob", "5")
    bragref(db, "deal")
    for name in ("bob", "cat", "dan", "eve", "fay", "gus", "hal"):
        bragref(db, "fold", name)  # Ann takes the antes: a result of £7, beside £5 lent
    running = Referee(db)
    try:
        tv = opened(browser, running.players, TV)
        tv.wait_for_function("document.querySelectorAll('#balances tbody tr').length === 8")
        heads = tv.locator("#balances thead th").all_text_contents()
        assert "result" in heads and "loans" in heads, heads
        ann = dict(zip(heads, tv.locator("#balances tbody tr").first.locator("td").all_text_contents(), strict=False))
        assert (ann["result"], ann["loans"], ann["net"]) == ("£7", "£5", "£12"), ann
        for part in ("#players td", "#actions li"):  # read across the room, not ~21 px with half the screen empty
            size = tv.evaluate(f"parseFloat(getComputedStyle(document.querySelector('{part}')).fontSize)")
            assert size >= 28, (part, size)
        assert tv.evaluate("document.documentElement.scrollHeight <= innerHeight")
        assert tv.evaluate("document.querySelector('#players').getBoundingClientRect().bottom <= innerHeight")
    finally:
        running.stop()


def test_the_session_forms_players_hint_is_whole_on_a_phone(browser, tmp_path):
    running = Referee(tmp_path / "ledger.db")  # an empty path: the page starts the session
    try:
        page = opened(browser, running.url, PHONE)
        field = page.get_by_label("players", exact=True)
        fits = field.evaluate("""input => { const style = getComputedStyle(input), pen = document.createElement('canvas')
          .getContext('2d'); pen.font = style.font; return pen.measureText(input.placeholder).width <=
          input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight); }""")
        assert fits, field.get_attribute("placeholder")
    finally:
        running.stop()


def test_the_pages_say_rules_and_states_in_words_not_command_terms(browser, tmp_path):
    db = tmp_path / "ledger.db"
    svara(db)
    bragref(db, "deal", "--boil", "dan")  # Ann sits this svara deal out (R16.7)
    running = Referee(db)
    try:
        page = opened(browser, running.players)
        page.wait_for_function("document.querySelectorAll('#players tbody tr').length === 4")
        states = page.locator("#players tbody td:nth-child(2)").all_text_contents()
        assert any(state.startswith("sitting out") for state in states) and not any("-" in s for s in states), states
        bragref(db, "pass", "cat")
        bragref(db, "pass", "dan")  # the last in takes it (R16.6): between hands, the rules form
        assert until(lambda: any(form["verb"] == "rules" for form in status(running.url)["told"]["forms"]), 3)
        rules = next(form for form in status(running.url)["told"]["forms"] if form["verb"] == "rules")
        options = [label for _, label in rules["fields"][0]["options"]]
        assert not [label for label in options if ":" in label and ("-" in label.split(":")[0]
                                                                    or "_" in label.split(":")[0])], options
    finally:
        running.stop()


def test_after_a_misdeal_the_tv_says_which_hand_number_was_voided_r9_1(browser, tmp_path):
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "s", "--players", "Ann,Bob", "--currency", "£")
    for line in ("deal", "fold bob", "deal", "undo --reason misdeal", "deal"):
        bragref(db, *line.split())
    running = Referee(db)
    try:
        tv = opened(browser, running.players, TV)
        tv.wait_for_function("document.getElementById('where').textContent.includes('Hand 3')")
        assert "hand 2 voided (misdealt)" in tv.locator("#where").text_content(), tv.locator("#where").text_content()
    finally:
        running.stop()


def test_the_referee_in_the_phone_is_offered_on_the_referees_page_alone_not_a_seats(tmp_path):
    """A player's own page offers no `this referee on your phone` (a newcomer's evening found it on every seat, with
    a file's path in its words): it is the referee's to run."""
    running = Seated(dealt(tmp_path / "ledger.db"))
    try:
        assert "this referee on your phone" in web.get(running.url).text
        seat = web.get(running.seat("Bob"))
        assert seat.status_code == 200 and "seat" in seat.text and "this referee on your phone" not in seat.text
    finally:
        running.stop()


# ---- a newcomer's nits at 360 × 740 (issue 79, the pages' polish) ------------------------------------------------


def test_the_amount_asked_for_is_in_the_sessions_money_and_a_deal_undone_asks_first_r9_1(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        bet = page.locator("#moves").get_by_role("button", name="bet Bob", exact=True)
        bet.click()
        calmed(page)
        page.get_by_label("amount", exact=True).fill("")
        bet.click()
        page.wait_for_function("document.getElementById('answer').className === 'refused'")
        assert "(at least £1)" in page.locator("#answer").text_content(), page.locator("#answer").text_content()
        before = dump(db)
        calmed(page)
        undo = page.locator("#forms").get_by_role("button", name="undo", exact=True)
        undo.click()  # only the deal to undo: a misdeal, asked first (R9.1)
        confirm = page.locator("#forms").get_by_role("button", name="confirm undo", exact=True)
        confirm.wait_for(timeout=3000)
        assert "deal of hand 1" in page.locator("#forms p.confirm").all_text_contents()[-1]
        assert dump(db) == before  # nothing voided yet
        calmed(page)
        confirm.click()
        page.wait_for_function("document.getElementById('answer').className === 'recorded'")
        assert "Voided: the deal of hand 1" in page.locator("#answer").text_content()
        bragref(db, "deal")
        bragref(db, "bet", "bob", "1")
        page.wait_for_function("document.body.dataset.head === document.getElementById('answer').dataset.head"
                               " || document.querySelector('#moves button') !== null")
        assert until(lambda: not next(form for form in status(running.url)["told"]["forms"]
                                      if form["verb"] == "undo")["confirm"], 3)  # a bet to undo: one tap, as ever
    finally:
        running.stop()


def test_a_card_reads_its_rank_and_suit_once_and_says_itself_in_words(browser, tmp_path):
    db = dealt(tmp_path / "ledger.db")
    for line in ("bet bob 1", "bet cat 1", "fold dan", "fold ann", "see bob"):
        bragref(db, *line.split())
    running = Referee(db)
    try:
        page = opened(browser, running.url)
        page.locator("#moves").get_by_role("button", name="show Cat", exact=True).click()
        ace = page.locator("#picked .pack").get_by_role("button", name="As", exact=True)  # named as written
        assert ace.text_content() == "A♠", ace.text_content()
        assert ace.get_attribute("aria-description") == "ace of spades"
        ten = page.locator("#picked .pack").get_by_role("button", name="10h", exact=True)
        assert (ten.text_content(), ten.get_attribute("aria-description")) == ("10♥", "ten of hearts")
    finally:
        running.stop()


def test_the_boil_in_boxes_are_a_fingers_width_on_a_phone(browser, tmp_path):
    db = tmp_path / "ledger.db"
    svara(db)
    running = Referee(db)
    try:
        page = opened(browser, running.url, PHONE)
        for label in page.locator("#forms fieldset.choices label").all():
            box = label.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, box  # the tap's target: the name and its box
            tick = label.locator("input").bounding_box()
            assert tick["width"] >= 24 and tick["height"] >= 24, tick  # the box itself drawn to be seen and hit
    finally:
        running.stop()


def test_a_seat_clears_what_it_recorded_once_the_night_is_closed_and_nobody_sits_out_before_the_deal(browser,
                                                                                                    tmp_path):
    db = dealt(tmp_path / "ledger.db")
    running = Seated(db, "record")
    try:
        bob = phone(browser, running.seat("Bob"))
        ask_ = bob.locator("#moves").get_by_role("button", name="fold", exact=True)
        calmed(bob)
        ask_.click()
        bob.wait_for_function("document.getElementById('answer').className === 'recorded'", timeout=3000)
        for name in ("cat", "dan"):
            bragref(db, "fold", name)  # Ann takes it
        bragref(db, "session", "close")
        bob.wait_for_function("!document.getElementById('answer').textContent.startsWith('Recorded')", timeout=3000)
        assert "closed" in bob.locator("#answer").text_content(), bob.locator("#answer").text_content()
        bragref(db, "session", "new", "saturday", "--players", "Ann,Bob", "--currency", "£")
        tv = opened(browser, running.players)
        tv.wait_for_function("document.querySelectorAll('#players tbody tr').length === 2")
        states = tv.locator("#players tbody td:nth-child(2)").all_text_contents()
        assert states == ["waiting for the deal"] * 2, states
    finally:
        running.stop()


def test_the_tvs_hand_list_shows_its_numbers_from_10_on_whole(browser, tmp_path):
    """On the TV (1920x1080) the hand's list was cut at its left edge from line 10 on (".0.", ".1.": the evening
    after issue 79): each line's number sits whole inside the list's box, however many digits."""
    db = dealt(tmp_path / "ledger.db")
    for _ in range(3):
        for player in ("bob", "cat", "dan", "ann"):
            bragref(db, "bet", player, "1")
    running = Referee(db)
    try:
        tv = opened(browser, running.players, TV)
        tv.wait_for_function("document.querySelectorAll('#actions li').length >= 12")
        cut = tv.evaluate("""() => {
            const list = document.getElementById('actions'), room = parseFloat(getComputedStyle(list).paddingLeft);
            return [...list.children].map(item => {
                const probe = document.createElement('span');  // the marker's words, in the line's own font
                probe.textContent = `${item.value}. `;
                probe.style.cssText = 'position:absolute;white-space:pre;font:' + getComputedStyle(item).font;
                document.body.append(probe);
                const wide = probe.getBoundingClientRect().width;
                probe.remove();
                return [item.value, wide, room];
            }).filter(([, wide, room]) => wide > room);
        }""")
        assert cut == [], cut
    finally:
        running.stop()


def test_the_tv_the_pages_script_asks_the_screen_for_is_the_style_sheets():
    """page.js asks the screen whether it is a TV (its hand's list scrolls in a place of the screen's height) rather
    than the list's style, which forces a layout in the middle of drawing: the same query as page.css's TV."""
    from pathlib import Path

    static = Path(__file__).parent.parent / "bragref/serve/static"
    query = (static / "page.js").read_text().split('const TV = matchMedia("')[1].split('")')[0]
    sheet = (static / "page.css").read_text()
    block = sheet.split(f"@media {query} {{")[1].split("\n}")[0]
    assert "#actions { overflow-y: auto;" in block and sheet.count("#actions {") == 1  # the list scrolls there alone


def test_on_a_tv_a_hidden_section_of_the_referees_page_stays_hidden(browser, tmp_path):
    """On a TV the page's sections are laid out as flex boxes, which once overrode `hidden`: an empty "Settle up"
    heading stood on the referee's page with nothing owed (the evening by taps of 7 December). Every section hidden
    on the page takes no room on a TV either."""
    db = dealt(tmp_path / "ledger.db")
    running = Referee(db)
    try:
        tv = opened(browser, running.url, TV)
        shown = tv.evaluate("""[...document.querySelectorAll('section[hidden]')]
            .filter(s => getComputedStyle(s).display !== 'none').map(s => s.id)""")
        assert tv.evaluate("document.querySelectorAll('section[hidden]').length") > 0  # one at least: the settle-up
        assert shown == [], shown
    finally:
        running.stop()
