"""The referee in the phone (docs/app.md; docs/reference.md, The referee in the phone): `bragref app build DIR`, and
the application it writes driven in Chromium at a phone's size with touch, served by a static file server on
loopback, bragref running in the page's Web Worker on Pyodide, its ledger in the browser's storage."""

from __future__ import annotations

import fcntl
import json
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest


def build(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bragref", "app", "build", *args], capture_output=True, text=True)


@pytest.fixture(scope="session")
def app_built(tmp_path_factory, worker_id) -> Path:
    """The application, built once a run by the first worker to need it (the others wait on its lock)."""
    folder = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    target, failed = folder / "app-built", folder / "app-built.failed"
    with open(folder / "app-built.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists() and not failed.exists():
            result = build(str(target))
            if result.returncode:
                failed.write_text(result.stdout + result.stderr)
                shutil.rmtree(target, ignore_errors=True)
    if failed.exists():
        pytest.fail(f"bragref app build failed: {failed.read_text()}")
    return target


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
    sw = (app_built / "sw.js").read_text()
    about = json.loads((app_built / "bragref-app.json").read_text())
    assert '"bragref-${VERSION}"' not in sw and about["version"] in sw  # the cache is named for this build
    cached = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert sorted(set(cached) - {"./"}) == sorted(set(files) - {"sw.js"})
    wheels = {name.split("-")[0] for name in about["wheels"]}
    assert {"bragref", "click", "sqlite_utils", "tabulate", "segno"} <= wheels
    assert not wheels & {"msgspec", "starlette", "uvicorn"}  # compiled, or HTTP serving: not in the phone
    own = next(wheel for wheel in about["wheels"] if wheel.startswith("bragref-"))
    with zipfile.ZipFile(app_built / "wheels" / own) as bragref:
        names = bragref.namelist()
    assert "bragref/serve/phone/table.py" in names and not any(name.endswith(".pyc") for name in names)
    assert any(name.endswith(".dist-info/entry_points.txt") for name in names)  # the games are found by them
    manifest = json.loads((app_built / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["icons"]
    page = (app_built / "index.html").read_text()
    static = Path(__file__).parent.parent / "bragref/serve/static"
    served = "\n".join((static / name).read_text() for name in ("transport.js", "chart.js", "page.js", "referee.js",
                                                                "pay.js", "witness.js"))
    assert (app_built / "referee-page.js").read_text() == served  # the same page, not a fork of it
    assert 'src="referee-page.js"' in page and 'src="table.js"' not in page
    assert 'id="ledger-file"' in page and 'name="ledger file"' in page and "export ledger" in page
    assert sum(p.stat().st_size for p in app_built.rglob("*") if p.is_file()) <= 20e6


def test_a_folder_built_before_is_built_over_without_force(app_built, tmp_path):
    again = tmp_path / "again"
    shutil.copytree(app_built, again)
    result = build(str(again))
    assert result.returncode == 0, result.stderr
    assert "Built the referee in the phone" in result.stdout


# The application driven in Chromium: a phone's screen, touch, a profile of its own kept in a folder (so that the
# browser can be closed and opened again on the same storage), the app served on loopback by a static file server.

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "accept_downloads": True}


@pytest.fixture(scope="module")
def app_url(app_built):
    """The application served by `python -m http.server` on loopback (a service worker registers there)."""
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                               str(app_built)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    page.get_by_label("rules option", exact=True).select_option("game")
    page.get_by_label("rules value", exact=True).select_option(game)
    rules = page.locator("#forms").get_by_role("button", name="change rule", exact=True)  # the form is `rules`
    page.evaluate("document.getElementById('answer').className = 'waiting'")
    rules.click()
    page.wait_for_function("!['waiting', ''].includes(document.getElementById('answer').className)")
    assert page.locator("#answer").get_attribute("class") == "recorded", page.locator("#answer").text_content()
    return page.locator("#answer").text_content()


@pytest.mark.slow
def test_an_evening_in_the_phone_offline_survives_a_reload_and_a_killed_browser_and_exports_a_sound_ledger(
        chromium, app_url, tmp_path):
    from test_referee import HANDS, tap

    profile = tmp_path / "profile"
    context = phone(chromium, profile)
    try:
        page = opened(context, app_url)
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
        before = shown(page)
        assert before["hand"] == 3 and before["game"] == "hoyle"

        context.set_offline(True)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.app !== undefined", timeout=180_000)
        page.wait_for_function(f"document.body.dataset.head === {json.dumps(before['digest'])}")
        assert shown(page)["balances"] == before["balances"]

        tap(page, "deal")  # acknowledged: the browser is closed at once
        acknowledged = page.locator("#answer").get_attribute("data-head")
    finally:
        context.close()

    context = phone(chromium, profile, offline=True)  # opened again with no network at all
    try:
        page = opened(context, app_url)
        after = shown(page)
        assert after["digest"] == acknowledged and after["hand"] == 4
        with page.expect_download() as downloading:
            page.get_by_role("button", name="export ledger").click()
        download = downloading.value
        assert download.suggested_filename == "night.db"
        exported = tmp_path / "night.db"
        download.save_as(exported)
        audited = subprocess.run([sys.executable, "-m", "bragref", "--db", str(exported), "audit", "--all"],
                                 capture_output=True, text=True)
        assert audited.returncode == 0 and "sound" in audited.stdout, audited.stdout + audited.stderr
        balances = subprocess.run([sys.executable, "-m", "bragref", "--db", str(exported), "balances", "--json"],
                                  capture_output=True, text=True, check=True)
        assert {row["player"]: row["net"] for row in json.loads(balances.stdout)} == \
            {row["player"]: row["net"] for row in after["balances"]}
        entered = subprocess.run([sys.executable, "-m", "bragref", "--db", str(exported), "history", "1", "--json"],
                                 capture_output=True, text=True, check=True)
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
        assert "Nothing was replaced" in page.locator("#kept").text_content()
        assert shown(page)["digest"] == acknowledged

        other = tmp_path / "other.db"  # a ledger from the command line, opened over one not exported since it changed
        subprocess.run([sys.executable, "-m", "bragref", "--db", str(other), "session", "new", "friday", "--players",
                        "Dee,Eve"], capture_output=True, check=True)
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
    subprocess.run([sys.executable, "-m", "bragref", "--db", str(other), "session", "new", "friday", "--players",
                    "Dee,Eve"], capture_output=True, check=True)
    phone.replace(str(other))
    assert json.loads(phone.status())["session"] == "friday" and not other.exists()


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
