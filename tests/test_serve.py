"""`bragref serve` (issue 44, docs/reference.md, Interactive): the table live and read-only. The HTTP and Server-Sent
Events tests always run, against a real server in a process of its own with the ledger written by other processes; the
browser tests drive Debian's chromium with Playwright and skip, saying why, where there is none."""

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import served, typed

pytestmark = pytest.mark.slow  # a server and a browser in most of its tests: CI's whole run, not the quick subset

PLAYERS = "Andy,Bill,<b>Chris</b>"  # a name with markup: it must reach the page as text
web = httpx.Client(limits=httpx.Limits(max_keepalive_connections=0))  # every request the tests make of a server,
# each on a connection of its own: httpx's functions (`httpx.get`) make a client, and its TLS context, for each call
# (40 ms of CPU: 15 s of the run's)


def bragref(db: Path, *words: str):
    """A command as another terminal at the table would type it (`conftest.typed`), beside the server's process."""
    return typed(db, *words)


class Server:
    """`bragref serve` running until the test ends on a port the system gives it (`--port 0`: no other test's server
    can take it between choosing and binding); `url` is where its page is."""

    def __init__(self, db: Path, *options: str, session: str | None = None):
        self.db = db
        chosen = ["--session", session] if session else []
        self.process = served(["--db", str(db), *chosen, "serve", "--port", "0", *options])
        first = self.process.stdout.readline()
        match = re.search(r"at (http://\S+:(\d+)/\S*) ", first)
        assert match, first + self.process.stderr.read()
        self.printed, self.port = match.group(1), int(match.group(2))  # as printed: beyond loopback, an address of
        # this machine a phone can open
        self.url = re.sub(r"^http://[^/]+/", f"http://127.0.0.1:{self.port}/", self.printed)  # tests stay on loopback
        self.root = f"http://127.0.0.1:{self.port}/"
        for _ in range(100):
            try:
                web.get(self.root, timeout=0.5)
                break
            except httpx.TransportError:
                time.sleep(0.1)

    def stop(self) -> int:
        self.process.terminate()
        return self.process.wait(10)


@pytest.fixture
def ledger(tmp_path) -> Path:
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "friday", "--players", PLAYERS, "--currency", "£", "--unit", "0.50")
    bragref(db, "deal")
    return db


@pytest.fixture
def server(ledger):
    running = Server(ledger)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def standing(tmp_path_factory):
    """One server over one ledger for the tests that only read it, whose start is most of such a test's time."""
    db = tmp_path_factory.mktemp("standing") / "ledger.db"
    bragref(db, "session", "new", "friday", "--players", PLAYERS, "--currency", "£", "--unit", "0.50")
    bragref(db, "deal")
    running = Server(db)
    yield running
    running.stop()


def test_status_json_is_status_with_the_balances(standing):
    table = web.get(standing.url + "status.json").json()
    status = json.loads(bragref(standing.db, "status", "--json").stdout)
    assert {key: value for key, value in table.items() if key in status} == status
    assert table["balances"] == json.loads(bragref(standing.db, "balances", "--json").stdout)
    assert table["to_act"] == "Bill" and table["money"] == {"unit": "0.50", "currency": "£"}
    assert "Bill to act" in table["said"] and table["actions"][0]["action"] == "deal"


def test_every_method_but_get_is_refused_and_nothing_else_answers(standing):
    for path in ("", "status.json", "events", "page.js"):
        assert web.post(standing.url + path).status_code == 405
        assert web.delete(standing.url + path).status_code == 405
    assert web.get(standing.url + "admin").status_code == 404
    page = web.get(standing.url)
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]


def test_an_action_recorded_elsewhere_reaches_every_listener_within_a_second(server, ledger):
    heard: list[tuple[float, dict]] = []
    ready = threading.Event()

    def listen():
        mine = 0
        with web.stream("GET", server.url + "events", timeout=10) as events:
            for line in events.iter_lines():
                if line.startswith("data: "):
                    heard.append((time.monotonic(), json.loads(line[6:])))
                    ready.set()
                    mine += 1
                    if mine == 2:  # the table as it was, then after the bet
                        return

    listeners = [threading.Thread(target=listen, daemon=True) for _ in range(3)]
    for listener in listeners:
        listener.start()
    assert ready.wait(10)
    time.sleep(0.3)  # every listener has had the table as it was
    assert {table["to_act"] for _, table in heard} == {"Bill"}
    bragref(ledger, "bet", "bill", "1")
    recorded = time.monotonic()
    for listener in listeners:
        listener.join(5)
    after = [(at, table) for at, table in heard if table["to_act"] != "Bill"]
    assert len(after) == 3 and all(table["pot"] == 5 for _, table in after)  # 3 antes of 1 unit, a bet of 2
    assert max(at for at, _ in after) - recorded < 1.0


def test_beyond_loopback_only_the_secret_path_answers(ledger):
    server = Server(ledger, "--host", "0.0.0.0")
    try:
        assert re.fullmatch(rf"http://[^/]+:{server.port}/t/[\w-]{{20,}}/", server.printed)
        for path in ("", "status.json", "events", "t/", "t/guess/status.json"):
            assert web.get(server.root + path).status_code == 404
        assert web.get(server.url + "status.json").json()["session"] == "friday"
    finally:
        assert server.stop() in (0, -15)


def test_serve_needs_a_ledger_and_starting_it_costs_other_commands_nothing(tmp_path, ledger):
    missing = subprocess.run([sys.executable, "-m", "bragref", "--db", str(tmp_path / "none.db"), "serve"],
                             capture_output=True, text=True)
    assert missing.returncode == 2 and "no ledger at" in missing.stderr and not (tmp_path / "none.db").exists()
    loaded = subprocess.run([sys.executable, "-c", ("import atexit, sys; from bragref.__main__ import main; "
                             "atexit.register(lambda: print(sorted(m for m in sys.modules if sys.modules[m] is not None "
                             "and m.split('.')[0] in ('starlette', 'uvicorn', 'segno', 'typing_extensions')))); "
                             f"sys.argv = ['bragref', '--db', {str(ledger)!r}, 'bet', 'bill', '1']; main()")],
                            capture_output=True, text=True)
    assert loaded.returncode == 0 and loaded.stdout.strip().splitlines()[-1] == "[]", loaded.stdout + loaded.stderr


# ---- trust at the edges (issue 59) ---------------------------------------------------------------------------------

def until(check, seconds: float = 5.0):
    """`check()`'s first true answer within `seconds` (the page follows the ledger every 0.2 s)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer or time.monotonic() > deadline:
            return answer
        time.sleep(0.1)


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_only_a_host_naming_this_server_is_answered(ledger, host):
    """DNS rebinding: a page at evil.example whose name now points at this machine must not read the table."""
    server = Server(ledger, "--host", host)
    try:
        printed_host = re.match(r"http://([^/]+)/", server.printed).group(1)
        assert not printed_host.startswith("0.0.0.0")
        for path in ("", "status.json", "events"):
            for evil in (f"evil.example:{server.port}", "evil.example", f"127.0.0.1.evil.example:{server.port}",
                         f"localhost:{server.port + 1}", ""):
                assert web.get(server.url + path, headers={"Host": evil}).status_code == 400, (path, evil)
        for good in (f"localhost:{server.port}", f"127.0.0.1:{server.port}", f"LOCALHOST.:{server.port}",
                     printed_host):
            assert web.get(server.url + "status.json", headers={"Host": good}).status_code == 200, good
    finally:
        server.stop()


def test_an_older_ledger_is_served_as_it_is(tmp_path):
    """`serve` reads the ledger read-only, as `audit` does: an older bragref's schema-6 ledger is shown and left
    exactly as it was (no migration, no journal change), so that older bragref can still open it."""
    from test_ledger_versions import written_by

    db = written_by(tmp_path, "0.6.0", 6).db
    before = db.read_bytes()
    server = Server(db, session="friday")
    try:
        table = web.get(server.url + "status.json").json()
        assert table["session"] == "friday" and table["balances"], table
    finally:
        server.stop()
    assert db.read_bytes() == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 6
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_ledger_replaced_cut_or_gone_is_followed_and_a_read_error_recovered(ledger, tmp_path):
    """The page follows the file at the path, not the file it first opened: another ledger renamed into its place
    shows; one cut short or gone is said on the page and on stderr, and the table shows again once it is back."""
    server = Server(ledger)
    try:
        def table():
            return web.get(server.url + "status.json").json()

        assert table()["session"] == "friday"
        other = tmp_path / "other.db"
        bragref(other, "session", "new", "saturday", "--players", "Dan,Eve")
        os.replace(other, ledger)
        assert until(lambda: table()["session"] == "saturday")
        kept = ledger.read_bytes()
        ledger.write_bytes(b"")  # cut short, in place
        assert until(lambda: "cannot be read" in table()["said"])
        ledger.write_bytes(kept)
        assert until(lambda: table()["session"] == "saturday")
        ledger.unlink()
        assert until(lambda: "cannot be read" in table()["said"])
        ledger.write_bytes(kept)
        assert until(lambda: table()["session"] == "saturday")
    finally:
        server.stop()
    stderr = server.process.stderr.read()
    assert "cannot be read" in stderr and "can be read again" in stderr and "Traceback" not in stderr, stderr


def test_ctrl_c_with_a_page_listening_stops_at_once_and_quietly(server):
    """docs/reference.md: Ctrl-C stops it, exit 0, no traceback — with a page's event stream open."""
    with web.stream("GET", server.url + "events", timeout=10) as events:
        lines = events.iter_lines()
        assert next(lines).startswith("retry")
        started = time.monotonic()
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(10) == 0
    assert time.monotonic() - started < 3
    stderr = server.process.stderr.read()
    assert stderr == "", stderr


def test_a_port_it_cannot_listen_on_is_said_and_never_served(ledger):
    """`serve` binds before it prints its address: a port in use is exit 5, a host that is not this machine's exit
    2, each with why, and no "Serving … at" line."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for host, code, why in (("127.0.0.1", 5, "in use"), ("no-such-host.invalid", 2, "no such host"),
                                ("192.0.2.254", 2, "not an address of this machine")):
            done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(ledger), "serve", "--host", host,
                                   "--port", str(port)], capture_output=True, text=True, timeout=30)
            assert done.returncode == code and why in done.stderr and "Serving" not in done.stdout, done


# ---- in a real browser -------------------------------------------------------------------------------------------


def test_the_page_follows_the_ledger_without_a_reload(browser, server, ledger):
    page = browser.new_page(bypass_csp=True)
    page.goto(server.url)
    page.wait_for_function("document.getElementById('said').textContent.includes('Bill to act')")
    page.evaluate("window.sameDocument = true")
    assert page.locator("tr.acting td").first.text_content() == "Bill"
    bragref(ledger, "bet", "bill", "1")
    started = time.monotonic()
    page.wait_for_function("document.getElementById('said').textContent.includes('to act') && "
                           "!document.getElementById('said').textContent.includes('Bill to act')", timeout=2000)
    assert time.monotonic() - started < 1.5
    assert page.evaluate("window.sameDocument") is True  # no reload
    assert page.locator("#pot").text_content() == "Pot £2.50 · stake £1.00"
    assert "Bill · bet £1.00" in page.locator("#actions").text_content()


def test_a_name_with_markup_shows_as_text(browser, standing):
    page = browser.new_page(bypass_csp=True)
    page.goto(standing.url)
    page.wait_for_selector("#players tbody tr")
    names = page.locator("#players tbody td:first-child").all_text_contents()
    assert any("<b>Chris</b>" in name for name in names)
    assert page.locator("#players b").count() == 0  # never read as markup


@pytest.mark.parametrize("width, height, name", [(360, 740, "phone"), (1920, 1080, "tv")])
def test_the_page_fits_a_phone_and_a_tv(browser, server, ledger, width, height, name):
    bragref(ledger, "bet", "bill", "1", "--blind")
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)
    page.goto(server.url)
    page.wait_for_function("document.getElementById('actions').children.length >= 2")
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_a_games_own_amounts_show_in_the_sessions_money(browser, tmp_path):
    """Hoyle's totals and what the player to act must put in to call (R11), amounts the game keeps for the whole
    table (`Game.table_money_keys`), are shown in pounds, not in units (R1.1a)."""
    db = tmp_path / "hoyle.db"
    bragref(db, "session", "new", "h", "--players", "Ann,Bob", "--game", "hoyle", "--currency", "£", "--unit", "0.50")
    bragref(db, "deal")
    bragref(db, "bet", "ann", "3")
    running = Server(db)
    try:
        told = web.get(running.url + "status.json").json()["told"]["keys"]
        assert told == [["put in", "Bob £0.00, Ann £3.00"], ["to call", "£3.00"]]  # said once, by the server
        page = browser.new_page(bypass_csp=True)
        page.goto(running.url)
        page.wait_for_function("document.querySelectorAll('#keys dd').length >= 2")  # each a line of its own
        shown = page.locator("#keys").text_content()
        assert "put inBob £0.00, Ann £3.00" in shown and "to call£3.00" in shown, shown  # 6 units of 50p, not 6
    finally:
        running.stop()
