"""The referee in the phone (docs/app.md; docs/reference.md, The referee in the phone): `bragref app build DIR`, and
the application it writes driven in Chromium at a phone's size with touch, served by a static file server on
loopback, bragref running in the page's Web Worker on Pyodide, its ledger in the browser's storage."""

from __future__ import annotations

import fcntl
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest


def build(*args: str, **env: str) -> subprocess.CompletedProcess:
    import os

    return subprocess.run([sys.executable, "-m", "bragref", "app", "build", *args], capture_output=True, text=True,
                          env={**os.environ, **env})


def once_a_run(tmp_path_factory, worker_id, name: str, make) -> Path:
    """`make(folder)` run once a run, by the first worker to need it (the others wait on its lock): the folder it
    made. A failure is kept and said to each test that needs it."""
    base = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    target, failed = base / name, base / f"{name}.failed"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists() and not failed.exists():
            said = make(target)
            if said is not None:
                failed.write_text(said)
                shutil.rmtree(target, ignore_errors=True)
    if failed.exists():
        pytest.fail(failed.read_text())
    return target


@pytest.fixture(scope="session")
def app_built(tmp_path_factory, worker_id) -> Path:
    """The application, built once a run."""
    def make(target: Path) -> str | None:
        result = build(str(target))
        return f"bragref app build failed: {result.stdout + result.stderr}" if result.returncode else None

    return once_a_run(tmp_path_factory, worker_id, "app-built", make)


@pytest.fixture(scope="session")
def app_rebuilt(app_built, tmp_path_factory, worker_id) -> Path:
    """`app_built` built over by the command (no --force), where Node is not installed: another build of the same
    bragref, its wheels shipped as they are (compiled in the phone at each start). Once a run; what the command
    said is kept beside the folder (`app-rebuilt.said`)."""
    def make(target: Path) -> str | None:
        shutil.copytree(app_built, target)
        result = build(str(target), PATH="")  # no Node on the way: quicker, and said
        if result.returncode:
            return f"bragref app build over a build failed: {result.stdout + result.stderr}"
        (target.parent / f"{target.name}.said").write_text(result.stdout)
        return None

    return once_a_run(tmp_path_factory, worker_id, "app-rebuilt", make)


def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = build(str(tmp_path))
    assert result.returncode == 2, result.stderr
    assert "notes.txt" in result.stderr and "--force" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_the_application_holds_every_file_it_runs_on_and_its_service_worker_caches_them_all(app_built):
    files = sorted(p.relative_to(app_built).as_posix() for p in app_built.rglob("*") if p.is_file())
    for needed in ("index.html", "manifest.webmanifest", "sw.js", "worker.js", "app.js", "referee-page.js",
                   "page.css", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip"):
        assert needed in files
    index = (app_built / "index.html").read_text()
    linked = set(re.findall(r'(?:href|src)="([^"#:]+)"', index))
    assert linked and linked <= set(files), linked - set(files)  # no link the phone cannot follow offline (season)
    sw = (app_built / "sw.js").read_text()
    about = json.loads((app_built / "bragref-app.json").read_text())
    assert '"bragref-${VERSION}"' not in sw and about["version"] in sw  # the cache is named for this build
    cached = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert sorted(set(cached) - {"./"}) == sorted(set(files) - {"sw.js"})
    wheels = {name.split("-")[0] for name in about["packed"]}
    assert {"bragref", "click", "sqlite_utils", "tabulate", "segno"} <= wheels
    assert not wheels & {"msgspec", "starlette", "uvicorn"}  # compiled, or HTTP serving: not in the phone
    assert about["site"] == "wheels/site.pack" and about["wheels"] == []  # Node is here: compiled at build
    packed = unpack((app_built / about["site"]).read_bytes())
    assert "bragref/serve/phone/table.pyc" in packed and "bragref/serve/phone/table.py" not in packed
    assert any(name.startswith("bragref-") and name.endswith(".dist-info/entry_points.txt") for name in packed)
    pyc = packed["bragref/serve/phone/table.pyc"]
    assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 1  # bytecode, its source's hash unchecked
    assert not [name for name in packed if name.endswith(".py") and name + "c" not in packed]  # each module compiled
    manifest = json.loads((app_built / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["icons"]
    page = (app_built / "index.html").read_text()
    static = Path(__file__).parent.parent / "bragref/serve/static"
    served = "\n".join(line for name in ("transport.js", "chart.js", "page.js", "referee.js", "pay.js", "witness.js")
                       for line in (static / name).read_text().split("\n") if not line.lstrip().startswith("//"))
    assert (app_built / "referee-page.js").read_text() == served  # the same page, not a fork of it (as `serve`
    # sends it: its lines of comment alone left out)
    assert 'src="referee-page.js"' in page and 'src="table.js"' not in page
    assert 'id="ledger-file"' in page and 'name="ledger file"' in page and "export ledger" in page
    assert 'id="live"' not in page and "Live:" not in page  # no server whose changes come live: no such footer
    assert sum(p.stat().st_size for p in app_built.rglob("*") if p.is_file()) <= 20e6


def unpack(data: bytes) -> dict[str, bytes]:
    """`app build`'s pack (`build.pack`), each file by its path."""
    import gzip

    data = gzip.decompress(data)
    length = int.from_bytes(data[:4], "big")
    files, at = {}, 4 + length
    for name, size in json.loads(data[4:at]):
        files[name], at = data[at:at + size], at + size
    assert at == len(data)
    return files


def test_a_folder_built_before_is_built_over_without_force_and_without_node_ships_the_wheels(app_built, app_rebuilt):
    """A folder holding a build is built over without --force. Where Node is not installed the build says so and
    ships the wheels as they are (the phone unpacks and compiles them at each start): another build of the same
    bragref, its own version."""
    said = (app_rebuilt.parent / f"{app_rebuilt.name}.said").read_text()
    assert "Built the referee in the phone" in said
    assert "Node is not installed here" in said
    about = json.loads((app_rebuilt / "bragref-app.json").read_text())
    assert about["site"] is None and about["wheels"] == about["packed"]
    assert about["version"] != json.loads((app_built / "bragref-app.json").read_text())["version"]
    assert not (app_rebuilt / "wheels" / "site.pack").exists()  # the folder `wheels/` replaced, not added to
    own = next(wheel for wheel in about["wheels"] if wheel.startswith("bragref-"))
    with zipfile.ZipFile(app_rebuilt / "wheels" / own) as bragref:
        names = bragref.namelist()
    assert "bragref/serve/phone/table.py" in names and not any(name.endswith(".pyc") for name in names)
    assert any(name.endswith(".dist-info/entry_points.txt") for name in names)  # the games are found by them
    sw = (app_rebuilt / "sw.js").read_text()
    assert f'"wheels/{own}"' in sw and "site.pack" not in sw


# The application driven in Chromium: a phone's screen, touch, a profile of its own kept in a folder (so that the
# browser can be closed and opened again on the same storage), the app served on loopback by a static file server.

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "accept_downloads": True}


@pytest.fixture(scope="module")
def app_url(app_built):
    """The application served by `python -m http.server` on loopback (a service worker registers there)."""
    yield from served(app_built)


def served(folder: Path):
    """`folder` served by `python -m http.server` on loopback: its address, until the generator is closed."""
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                               str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait()


def phone(chromium, profile: Path, offline: bool = False):
    """The phone's browser, opened on its profile folder (its storage, its service worker, its cache)."""
    return chromium.browser_type.launch_persistent_context(str(profile), executable_path=chromium_path(),
                                                           args=["--no-sandbox"], offline=offline, **PHONE)


def chromium_path() -> str:
    from conftest import CHROMIUM

    return CHROMIUM


def opened(context, url: str):
    """The app's page, once bragref runs in it and the page shows the table (or none yet)."""
    page = context.pages[0] if context.pages else context.new_page()
    page.clock.install()  # the page's own clock, which `tap` moves past the calm after a tap
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.app !== undefined || "
                           "document.getElementById('kept').className === 'refused'", timeout=180_000)
    assert page.locator("#kept").get_attribute("class") != "refused", page.locator("#kept").text_content()
    page.wait_for_function("document.body.dataset.head !== undefined")
    return page


def shown(page) -> dict:
    """The table the page shows, as the worker gives it (`status.json`)."""
    return page.evaluate("bragrefApp.get('status.json').then(r => r.json())")


def folded_out(page) -> str:
    """A hand dealt (where none is), and played by whoever is to act folding where they may (else their first move,
    at its least) until it is over: what the page said last."""
    from test_referee import tap

    said = tap(page, "deal") if not page.locator("#moves > button").count() else ""  # or the hand dealt already
    while "over" not in said:
        moves = page.locator("#moves > button")
        labels = [label.strip() for label in moves.all_text_contents()]
        said = tap(page, next((label for label in labels if label.startswith("fold ")), labels[0]))
    return said


def game_set(page, game: str) -> str:
    """The game changed between hands, from the `rules` form (R10)."""
    from test_referee import calmed

    calmed(page)
    page.locator("#forms summary", has_text="rules").click()  # a form between hands: opened, then filled in
    page.get_by_label("rules option", exact=True).select_option("game")  # at once: the forms drawn again by the
    # choice (a rule's values follow its option) keep it open, known open at the tap, not at its `toggle` event
    page.get_by_label("rules value", exact=True).select_option(game)
    rules = page.locator("#forms").get_by_role("button", name="change rule", exact=True)  # the form is `rules`
    page.evaluate("document.getElementById('answer').className = 'waiting'")
    rules.click()
    page.wait_for_function("!['waiting', ''].includes(document.getElementById('answer').className)")
    assert page.locator("#answer").get_attribute("class") == "recorded", page.locator("#answer").text_content()
    return page.locator("#answer").text_content()


def until(page, expression: str, timeout: float = 120, shown: str = "null") -> None:
    """`expression` evaluated in the page until it is true, where its value is a promise's: Playwright's
    `wait_for_function` takes a promise itself for true, without waiting for its value. Where it times out, what
    `shown` evaluates to, for the failure to say."""
    import time

    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"waited {timeout} s in vain for {expression}: {page.evaluate(shown)}"
        time.sleep(0.2)


WORKERS = """navigator.serviceWorker.getRegistration().then(async r => ({caches: await caches.keys(),
  controlled: Boolean(navigator.serviceWorker.controller), installing: r.installing && r.installing.state,
  waiting: r.waiting && r.waiting.state, active: r.active && r.active.state}))"""  # what a failed wait says


LISTED = """(async () => {  // the builds whose snapshot of Pyodide's memory the phone keeps, as the page sees its storage
  const names = [];
  for await (const [name, handle] of (await navigator.storage.getDirectory()).entries()) {
    const size = name.startsWith("snapshot-") && (await handle.getFile()).size;  // empty until written whole
    if (size) names.push(`${name.slice(9, -3)}${size > 1e6 ? "" : " (small)"}`);
  }
  return names.sort();
})()"""


def snapshots(page, awaited: list[str]) -> list[str]:
    """The builds whose snapshot of Pyodide's memory the phone keeps whole, once they are `awaited` (each is written
    after its start, and a build's start lets the others' go); one of a megabyte or less is listed as small."""
    until(page, f"{LISTED}.then(names => JSON.stringify(names) === {json.dumps(json.dumps(awaited))})")
    return page.evaluate(LISTED)


def published(build: Path, folder: Path) -> None:
    """`build`'s files put in place of `folder`'s, as a new build is published on a static host: written now, not
    with the times of `build`'s files (the server answers a revalidation by the time a file was changed, to the
    second: one of a build made within the second of the one it replaces would be answered "not modified")."""
    for old in folder.iterdir():
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    shutil.copytree(build, folder, dirs_exist_ok=True, copy_function=shutil.copyfile)


@pytest.mark.slow
def test_an_evening_in_the_phone_offline_a_killed_browser_and_a_new_build_lose_nothing_and_its_ledger_exports_sound(
        chromium, app_built, app_rebuilt, tmp_path):
    """Issue 75's evening: three hands by taps in two games from `session new`; a new build published while the tab
    is open is fetched in the background and not taken (taps recorded by the old one, a reload mid-hand with the
    network off keeping it); the browser killed right after an acknowledged tap and opened again with no network nor
    any server starts the new build on the same ledger, the tap there, the old build's files let go; `export ledger`
    (a download: this browser has no share sheet) sound by `bragref audit --all`, its balances the page's; `open
    ledger` of a tampered file refused; another ledger opened over one not exported only once confirmed twice. The
    new build is the one made where Node is not installed (its wheels compiled in the phone), so that the phone's
    other way in is run too."""
    from conftest import typed
    from test_referee import HANDS, tap

    folder = tmp_path / "app"
    shutil.copytree(app_built, folder)
    serving = served(folder)
    url = next(serving)
    profile = tmp_path / "profile"
    context = phone(chromium, profile)
    try:
        page = opened(context, url)
        old = page.evaluate("document.documentElement.dataset.app")
        assert page.evaluate("bragrefApp.restored") is False  # the first start: Python started, bragref imported
        assert snapshots(page, [old]) == [old]  # and its memory kept for the next (made in the phone, after the start)
        assert "session new" in page.locator("#forms").text_content()  # no ledger yet: it offers one
        page.wait_for_function("document.documentElement.dataset.persisted !== undefined")  # asked, and said
        promised = page.evaluate("document.documentElement.dataset.persisted") == "true"
        page.wait_for_function("document.getElementById('kept').textContent.includes('promised')")
        assert ("has not promised" in page.locator("#kept").text_content()) != promised
        said = tap(page, "session new", name="night", players="Ann, Bob, Cat")
        assert "Session night is current" in said
        for step in HANDS["brag"][0]:  # a whole hand of brag, by taps (tests/test_referee.py)
            step = step + (None, (), {})[len(step) - 1:]
            said = tap(page, step[0], step[1], step[2], **step[3])
        assert "Hand 1 over" in said
        assert "hoyle" in game_set(page, "hoyle").lower() or "Hoyle" in page.locator("#where").text_content()
        assert "over" in folded_out(page)
        assert "over" in folded_out(page)
        page.evaluate("navigator.serviceWorker.ready")  # every file kept for offline use
        page.wait_for_function("navigator.serviceWorker.controller !== null")  # and the tab in its charge (it
        # claims the page that installed it once active): a new build waits for it to close

        published(app_rebuilt, folder)  # a new build, while the tab is open
        new = json.loads((folder / "bragref-app.json").read_text())["version"]
        assert new != old
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")  # as a start with network does
        until(page, "navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)", shown=WORKERS)  # new
        # one fetched, waiting: not taken
        tap(page, "deal")  # hand 4 under way, recorded by the old build
        assert page.evaluate("document.documentElement.dataset.app") == old
        before = shown(page)
        assert before["hand"] == 4 and before["game"] == "hoyle"

        context.set_offline(True)
        page.reload()  # mid-hand, with no network: the old build still, the ledger as it was
        page.wait_for_function("document.documentElement.dataset.app !== undefined", timeout=180_000)
        assert page.evaluate("document.documentElement.dataset.app") == old
        assert page.evaluate("bragrefApp.restored") is True  # restored from it, not Python started again
        page.wait_for_function(f"document.body.dataset.head === {json.dumps(before['digest'])}")
        assert shown(page)["balances"] == before["balances"]

        page.wait_for_function("document.querySelector('#moves > button') !== null")
        labels = [label.strip() for label in page.locator("#moves > button").all_text_contents()]
        tap(page, next((label for label in labels if label.startswith("fold ")), labels[0]))
        acknowledged = page.locator("#answer").get_attribute("data-head")  # the browser is closed at once
        assert acknowledged != before["digest"]
    finally:
        context.close()
    serving.close()  # the next start has no network, nor any server: every file from the phone

    context = phone(chromium, profile, offline=True)  # opened again with no network at all
    try:
        page = opened(context, url)
        assert page.evaluate("document.documentElement.dataset.app") == new  # the new build, at the next start
        after = shown(page)
        assert after["digest"] == acknowledged and after["hand"] == 4  # the same ledger, the tap in it
        assert page.evaluate("caches.keys()") == [f"bragref-{new}"]  # the old build's files let go
        assert page.evaluate("bragrefApp.restored") is False  # another build: its own snapshot, made now
        assert snapshots(page, [new]) == [new]  # and the old build's let go
        with page.expect_download() as downloading:
            page.get_by_role("button", name="export ledger").click()
        download = downloading.value
        assert download.suggested_filename == "night.db"
        exported = tmp_path / "night.db"
        download.save_as(exported)
        assert "sound" in typed(exported, "audit", "--all").stdout  # the commands in the test's own process
        balances = typed(exported, "balances", "--json")
        assert {row["player"]: row["net"] for row in json.loads(balances.stdout)} == \
            {row["player"]: row["net"] for row in after["balances"]}
        entered = typed(exported, "history", "1", "--json")
        moves = [(action["action"], action["entered"]) for action in json.loads(entered.stdout)]
        assert all(where == "app" for verb, where in moves if verb in ("bet", "fold", "see", "show")), moves

        tampered = tmp_path / "tampered.db"
        shutil.copy(exported, tampered)
        with sqlite3.connect(tampered) as conn:  # a win made larger by hand, outside bragref
            conn.execute("DROP TRIGGER postings_no_update")
            conn.execute("UPDATE postings SET amount = amount + 1 WHERE player = 'Bob' AND kind = 'win'")
        conn.close()
        page.get_by_label("ledger file").set_input_files(str(tampered))
        page.get_by_role("button", name="open ledger").click()
        page.wait_for_function("document.getElementById('kept').className === 'refused'")
        assert "tampered.db was refused" in page.locator("#kept").text_content()
        assert "(it says now: session night, hand 1: Bob win 7)" in page.locator("#kept").text_content()
        assert "Nothing was replaced" in page.locator("#kept").text_content()
        assert shown(page)["digest"] == acknowledged

        other = tmp_path / "other.db"  # a ledger from the command line, opened over one not exported since it changed
        typed(other, "session", "new", "friday", "--players", "Dee,Eve")
        folded_out(page)
        changed = shown(page)["digest"]
        page.get_by_label("ledger file").set_input_files(str(other))
        page.get_by_role("button", name="open ledger").click()
        page.wait_for_function("document.getElementById('kept').className === 'confirm'")
        assert "not been exported" in page.locator("#kept").text_content()
        page.get_by_role("button", name="replace the ledger here").click()
        assert shown(page)["digest"] == changed  # once is not enough
        page.get_by_role("button", name="tap again: the ledger here is lost").click()
        page.wait_for_function("document.getElementById('kept').className === 'recorded'")
        assert shown(page)["session"] == "friday"
        page.wait_for_function("document.getElementById('title').textContent.includes('friday') || "
                               "document.body.textContent.includes('Dee')")
    finally:
        context.close()


def test_the_workers_python_answers_as_the_referees_page_is_answered(tmp_path):
    """`Phone` (what the worker runs) gives `POST act`'s codes and JSON, enters its actions as `app`, keeps the ledger
    in its one file after each write, audits a file before it replaces the ledger, and refuses one with findings."""
    from conftest import typed

    from bragref.serve.phone.table import Phone

    path = tmp_path / "bragref.db"
    phone = Phone(str(path))
    assert json.loads(phone.status())["session"] is None
    answer = json.loads(phone.act(json.dumps({"words": "deal", "head": ""})))
    assert answer["status"] == 400 and not path.exists()
    answer = json.loads(phone.act(json.dumps({"words": "session new night --players Ann,Bob,Cat", "head": ""})))
    assert answer["status"] == 200 and answer["wrote"] and "Session night" in answer["body"]["recorded"]
    head = json.loads(phone.status())["digest"]
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0  # the one file is the ledger
    answer = json.loads(phone.act(json.dumps({"words": "deal", "head": head})))
    assert answer["status"] == 200
    stale = json.loads(phone.act(json.dumps({"words": "fold bob", "head": head})))
    assert stale["status"] == 409 and "stale" in stale["body"] and not stale["wrote"]
    now = json.loads(phone.status())["digest"]
    refused = json.loads(phone.act(json.dumps({"words": "see ann", "head": now})))
    assert refused["status"] == 422 and refused["body"]["rule"] and refused["body"]["may"]
    assert json.loads(phone.act("{}"))["status"] == 400
    history = json.loads(phone.history())
    assert history["name"] == "night.bhh" and "deal" in history["text"]
    assert phone.name() == "night"
    assert json.loads(phone.audit(str(path))) == []
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a ledger at all" * 100)
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    for wrong in (junk, empty):  # said in a person's words: no exception's name, no path inside the phone
        said = json.loads(phone.audit(str(wrong)))
        assert said == [("this file is not a bragref ledger (choose the .db file that export ledger or a table's "
                        "laptop made)")], said
    other = tmp_path / "other.db"
    typed(other, "session", "new", "friday", "--players", "Dee,Eve")
    phone.replace(str(other))
    assert json.loads(phone.status())["session"] == "friday" and not other.exists()


def test_the_workers_python_draws_a_pay_links_qr_code_as_serve_draws_it(tmp_path):
    """`pay.svg` in the phone (issue 77's pay buttons): the worker draws the QR code of a payment the referee's page
    shows, with the link that pays it, as serve's `pay.svg` draws it; none for a payment not shown or with no link."""
    from bragref.serve.phone.table import Phone
    from bragref.serve.watch import pay_picture

    phone = Phone(str(tmp_path / "bragref.db"))
    for words in ("session new n1 --players Ann,Bill --unit 0.01 --currency ₹ --ante 12.50", "deal", "fold bill",
                  "pay-to ann upi:ann@okbank"):
        answer = json.loads(phone.act(json.dumps({"words": words, "head": json.loads(phone.status())["digest"]})))
        assert answer["status"] == 200, answer
    [row] = json.loads(phone.status())["pay"]
    assert row["link"].startswith("upi://pay?pa=ann@okbank")
    svg = phone.pay("Bill", "Ann")
    assert svg.startswith("<?xml") and "<svg" in svg and "Bill pays Ann ₹12.50" in svg
    assert svg.encode() == pay_picture(phone.watcher.views["referee"], "Bill", "Ann")
    assert phone.pay("Ann", "Bill") is None and phone.pay("Bill", "Cat") is None


@pytest.mark.filterwarnings("ignore:Using `httpx`")  # Starlette's test client, on the httpx installed
def test_serve_serves_the_application_at_app_and_its_code_on_the_referees_page(app_built, tmp_path, monkeypatch):
    from bragref.serve.command import admit_typing_extensions

    admit_typing_extensions()
    from starlette.testclient import TestClient

    from bragref.serve import app as served
    from bragref.serve.phone import build

    monkeypatch.setattr(build, "built", lambda: app_built.resolve())
    with TestClient(served.make_app(str(tmp_path / "ledger.db"), referee="token", phone=True)) as client:
        page = client.get("/r/token/")
        assert "this referee on your phone" in page.text and 'src="app.svg"' in page.text
        code = client.get("/r/token/app.svg")
        assert code.status_code == 200 and code.headers["content-type"].startswith("image/svg+xml")
        index = client.get("/app/")
        assert index.status_code == 200 and index.text == (app_built / "index.html").read_text()
        assert "'wasm-unsafe-eval'" in index.headers["content-security-policy"]
        wasm = client.get("/app/pyodide/pyodide.asm.wasm")
        assert wasm.headers["content-type"] == "application/wasm"
        assert client.get("/app/../pyproject.toml").status_code == 404
        assert client.get("/app/nothing.js").status_code == 404
    with TestClient(served.make_app(str(tmp_path / "ledger.db"), referee="token")) as client:  # not asked for
        assert "this referee on your phone" not in client.get("/r/token/").text
        assert client.get("/app/").status_code == 404


# The phone's share sheet stood in for (headless Chromium on Linux has no Web Share API), as strict as a browser's:
# `navigator.share` refuses a call made outside a tap's user activation (NotAllowedError) and files the sheet does not
# take (TypeError), as Chrome does. `sheet.takes`: whether `canShare` says the sheet takes the files; `sheet.ends`: how
# the next share ends ("shared", or the name of the error it rejects with: AbortError, the sheet closed by the
# referee). Every call is listed in `sheet.calls` in order, and what was shared in `sheet.shared`.
SHARE_SHEET = """() => {
  const sheet = window.sheet = { calls: [], shared: [], takes: true, ends: "shared" };
  const taken = data => Boolean(sheet.takes && data && data.files && data.files.length);
  navigator.canShare = data => { sheet.calls.push(["canShare", data.files.map(f => f.name)]); return taken(data); };
  navigator.share = async data => {
    sheet.calls.push(["share", data.files.map(f => f.name)]);
    if (!navigator.userActivation.isActive) throw new DOMException("not in a tap's activation", "NotAllowedError");
    if (!taken(data)) throw new TypeError("the share sheet does not take these files");
    if (sheet.ends !== "shared") throw new DOMException("the share sheet was closed", sheet.ends);
    sheet.shared.push(...await Promise.all(data.files.map(async file => ({ name: file.name, type: file.type,
      title: data.title, text: await file.text(), size: file.size }))));
  };
}"""


def exported_by(page, button: str) -> str:
    """What the ledger's line said after `button` was tapped and its answer came (an opened file's audit done)."""
    page.evaluate("document.getElementById('kept').className = 'waiting'")
    page.get_by_role("button", name=button).click()
    page.wait_for_function("document.getElementById('kept').className !== 'waiting' && "
                           "!document.getElementById('kept').textContent.startsWith('Auditing')")
    return page.locator("#kept").text_content()


def sheet(page, **set_to) -> list:
    """The share sheet's calls since the last look (emptied), after setting how it answers next (`takes`, `ends`)."""
    return page.evaluate("set => { Object.assign(sheet, set); return sheet.calls.splice(0); }", set_to)


@pytest.mark.slow
def test_in_the_phone_a_pay_links_qr_code_draws_and_exports_go_to_the_share_sheet_where_it_takes_them(
        chromium, app_url, tmp_path):
    """Issue 77's pay buttons in the app: the QR code of a payment's link is drawn by the worker (no server to fetch
    `pay.svg` from). Issue 75's Web Share, each way it can go: a browser with no Web Share API downloads; one whose
    share sheet does not take the file (`canShare` false: Chrome on Android for a .db) downloads without asking the
    sheet; where it takes it, `canShare` is asked first and the file shared in the tap's activation; a share the
    referee closes (AbortError) exports nothing and is no failure (no download; the ledger not marked exported, so
    opening another over it still asks twice); a share the browser refuses otherwise downloads instead. And a
    snapshot of Pyodide's memory that cannot be restored is dropped at the start, Python started anew, and one made
    in its place; all the above is done in a start restored from that one (the QR code, the exports and the audit
    import what they need then)."""
    from conftest import typed
    from test_referee import tap

    context = chromium.new_context(**PHONE)  # no profile kept: a context of the running browser, not a browser
    downloads: list[str] = []
    try:
        page = context.new_page()  # a snapshot of this build that cannot be restored, in the phone before it starts:
        page.goto(app_url + "bragref-app.json")  # a page of the application's origin, to reach its storage
        version = json.loads(page.text_content("body"))["version"]
        page.evaluate("""name => navigator.storage.getDirectory().then(root => root.getFileHandle(name, {create: true}))
          .then(file => file.createWritable()).then(async out => { await out.write("not a snapshot"); await out.close(); })""",
                      f"snapshot-{version}.gz")
        page = opened(context, app_url)
        assert page.evaluate("bragrefApp.restored") is False  # it was dropped, and Python started anew
        assert snapshots(page, [version]) == [version]  # and a whole one made in its place
        page.reload()  # restored from it: what follows imports the rest of bragref it needs after a restore
        page.wait_for_function("document.documentElement.dataset.app !== undefined", timeout=180_000)
        assert page.evaluate("bragrefApp.restored") is True
        kept = page.locator("#kept").text_content()  # what a person with only a phone reads: no timing, no command
        assert kept.startswith("bragref runs in this phone") and not re.search(r"\d\.\d s\b|Started", kept), kept
        assert page.locator("#live").count() == 0  # nor a footer saying changes come live from a server
        page.on("download", lambda download: downloads.append(download.suggested_filename))
        tap(page, "session new", name="n1", players="Ann, Bill")
        for words in ("rules ante 10", "deal", "fold bill", "pay-to ann https://pay.example.org/ann"):
            head = shown(page)["digest"]
            answer = page.evaluate("([words, head]) => bragrefApp.post('act', {words, head}).then(r => r.json())",
                                   [words, head])
            assert "recorded" in answer, answer
        page.wait_for_function("document.body.dataset.head !== undefined && "
                               "document.querySelector('#pay img') !== null")
        code = page.locator("#pay img").first
        assert "Bill pays Ann" in code.get_attribute("alt")
        page.wait_for_function("document.querySelector('#pay img').complete && "
                               "document.querySelector('#pay img').naturalWidth > 0")  # drawn, not a broken image
        assert code.get_attribute("src").startswith("blob:")

        assert page.evaluate("typeof navigator.canShare") == "undefined"  # no Web Share API here: a download
        with page.expect_download() as downloading:
            assert exported_by(page, "export history") == "Exported n1.bhh."
        assert downloading.value.suggested_filename == "n1.bhh"
        assert "fold" in Path(downloading.value.path()).read_text().lower()

        page.evaluate(SHARE_SHEET)
        sheet(page, takes=False)  # the sheet does not take the file: downloaded, the sheet never opened
        with page.expect_download() as downloading:
            assert exported_by(page, "export history") == "Exported n1.bhh."
        assert downloading.value.suggested_filename == "n1.bhh"
        assert sheet(page, takes=True, ends="AbortError") == [["canShare", ["n1.bhh"]]]

        # the referee closes the share sheet: nothing exported, no download, not said as a failure
        assert exported_by(page, "export history") == ("Not exported: the share of n1.bhh was closed. Tap export "
                                                        "history again to send it.")
        assert sheet(page, ends="shared") == [["canShare", ["n1.bhh"]], ["share", ["n1.bhh"]]]
        assert exported_by(page, "export history") == "Exported n1.bhh."
        assert sheet(page) == [["canShare", ["n1.bhh"]], ["share", ["n1.bhh"]]]
        [history] = page.evaluate("sheet.shared.splice(0)")
        assert history["name"] == "n1.bhh" and history["title"] == "n1.bhh" and history["type"] == "text/plain"
        assert "pay-to" not in history["text"] and "fold" in history["text"].lower()

        other = tmp_path / "other.db"  # the test of "exported": another ledger opened over this one
        typed(other, "session", "new", "friday", "--players", "Dee,Eve")
        sheet(page, ends="AbortError")
        assert exported_by(page, "export ledger").startswith("Not exported: the share of n1.db was closed.")
        page.get_by_label("ledger file").set_input_files(str(other))
        assert "not been exported" in exported_by(page, "open ledger")  # the closed share sheet exported nothing
        sheet(page, ends="NotAllowedError")  # a share the browser refuses: downloaded instead
        with page.expect_download() as downloading:
            assert exported_by(page, "export ledger").startswith("Exported n1.db")
        assert downloading.value.suggested_filename == "n1.db"
        assert sheet(page, ends="shared") == [["canShare", ["n1.db"]], ["share", ["n1.db"]]]
        said = exported_by(page, "export ledger")
        assert said.startswith("Exported n1.db")
        assert not re.search(r"--db|\baudit\b|club pull|bragref ", said), said  # words for a phone, not commands
        assert "open ledger" in said, said  # what the phone can do with it
        [ledger] = page.evaluate("sheet.shared.splice(0)")
        assert ledger["name"] == "n1.db" and ledger["type"] == "application/vnd.sqlite3" and ledger["size"] > 4096
        assert sheet(page) == [["canShare", ["n1.db"]], ["share", ["n1.db"]]]
        assert page.locator("#answer").text_content().startswith("Session n1 is current")  # said of n1's
        assert "Opened other.db" in exported_by(page, "open ledger")  # exported: replaced without asking
        assert page.locator("#answer").text_content() == ""  # nothing said of the ledger replaced stays
        assert downloads == ["n1.bhh", "n1.bhh", "n1.db"]  # the closed sheets and the shares downloaded nothing
    finally:
        context.close()
