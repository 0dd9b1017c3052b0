"""The referee's page (`bragref serve --referee`, issue 55, CLI.md Interactive): the table run by taps through the
same `Book` as every other write. HTTP tests of every status the contract names, each refused write leaving the
ledger as it was (dumped before and after); browser tests (Playwright driving Debian's chromium, skipped saying why
without it) of a whole hand of each of the eight games refereed by taps alone on a phone, a plug-in game's own move
tapped from its button, a stale tap, both pages fitting a phone and a TV with eight players, and axe-core."""

import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def bragref(db: Path, *words: str, env=None, code: int = 0) -> str:
    done = subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), *words], capture_output=True, text=True,
                          env=env or {**os.environ, "BRAGREF_SESSION": ""})
    assert done.returncode == code, (words, done.stdout, done.stderr)
    return done.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Referee:
    """`bragref serve --referee` on a free port: `players`, the players' page; `url`, the referee's page."""

    def __init__(self, db: Path, env=None):
        self.port = free_port()
        self.process = subprocess.Popen([sys.executable, "-m", "bragref", "--db", str(db), "serve", "--port",
                                         str(self.port), "--referee"], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        lines = [self.process.stdout.readline() for _ in range(2)]
        match = re.search(r"records: (http://\S+/r/(\S+)/) ", lines[1])
        assert match, "".join(lines) + self.process.stderr.read()
        self.url, self.token = match.group(1), match.group(2)
        self.players = f"http://127.0.0.1:{self.port}/"
        self.act = self.url + "act"
        for _ in range(100):
            try:
                httpx.get(self.players, timeout=0.5)
                break
            except httpx.TransportError:
                time.sleep(0.1)

    def head(self) -> str:
        return httpx.get(self.players + "status.json").json()["digest"]

    def post(self, words: str, head: str | None = None, **sent) -> httpx.Response:
        return httpx.post(self.act, json={"words": words, "head": head or self.head()}, **sent)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


@pytest.fixture
def ledger(tmp_path) -> Path:
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "friday", "--players", "Ann,Bob,Cat", "--currency", "£", "--unit", "0.50")
    bragref(db, "deal")
    return db


@pytest.fixture
def referee(ledger):
    running = Referee(ledger)
    yield running
    running.stop()


# ---- HTTP: every status of the contract ---------------------------------------------------------------------------


def test_a_tap_records_as_the_table_does_and_says_so(referee, ledger):
    answer = referee.post("bet bob 1")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"recorded": "Recorded: Bob bet £1.00 (£1.00 into the pot).",
                             "head": referee.head()}
    assert "Cat to act" in bragref(ledger, "status")
    assert answer.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("words, head, code, said", [
    ("fold ann", None, 422, {"rule": "R2.5", "refused": "it is Bob's turn, not Ann's: nobody may fold out of turn "
                                                        "(R2.5)"}),
    ("bet bob 1", "3-0000000000000000", 409, {}),
    ("b zz", None, 400, {}),
    ("", None, 400, {}),
    ("bal", None, 400, {}),
    ("rules", None, 400, {}),
    ("history 1", None, 400, {}),
    ("bet bob 'unclosed", None, 400, {}),
])
def test_a_refused_write_records_nothing(referee, ledger, words, head, code, said):
    before = dump(ledger)
    answer = referee.post(words, head)
    assert answer.status_code == code, answer.text
    assert said.items() <= answer.json().items()
    if code == 422:
        assert answer.json()["may"].startswith("Bob may: bet £0.50 or more")
    if code == 409:
        assert answer.json()["head"] == referee.head()
    assert dump(ledger) == before


@pytest.mark.parametrize("body", [b"not json", b'{"words": "bet bob 1"}', b'{"head": "1-ab"}', b"[]",
                                  b'{"words": "bet bob 1", "head": "1-ab", "more": 1}'])
def test_a_body_that_is_not_the_contracts_json_is_bad_input(referee, ledger, body):
    before = dump(ledger)
    assert httpx.post(referee.act, content=body).status_code == 400
    assert dump(ledger) == before


def test_the_door_origin_size_token_and_method(referee, ledger):
    before = dump(ledger)
    elsewhere = referee.post("bet bob 1", headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403
    own = referee.post("bet bob 1", headers={"Origin": f"http://127.0.0.1:{referee.port}"}, )
    assert own.status_code == 200  # its own page's origin, as a browser sends it
    after = dump(ledger)
    big = json.dumps({"words": "x" * 5000, "head": referee.head()}).encode()
    assert httpx.post(referee.act, content=big).status_code == 413

    def chunks():  # no length said: the limit still holds
        yield big[:2000]
        yield big[2000:]

    assert httpx.post(referee.act, content=chunks()).status_code == 413
    wrong = referee.act.replace(referee.token, referee.token[:-1] + ("A" if referee.token[-1] != "A" else "B"))
    assert httpx.post(wrong, json={"words": "bet bob 1", "head": referee.head()}).status_code == 404
    assert httpx.get(wrong.removesuffix("act")).status_code == 404
    for method in ("GET", "PUT", "DELETE", "PATCH"):
        assert httpx.request(method, referee.act).status_code == 405
    assert httpx.post(referee.url + "status.json").status_code == 405  # no write by any other path
    assert dump(ledger) == after != before
    assert len(referee.token) >= 22  # at least 128 random bits, URL-safe base64
    page = httpx.get(referee.url)
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["cache-control"] == "no-store"


def test_without_referee_nothing_writes(ledger):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "bragref", "--db", str(ledger), "serve", "--port", str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline()
        assert "/r/" not in first
        base = f"http://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                head = httpx.get(base + "status.json", timeout=0.5).json()["digest"]
                break
            except httpx.TransportError:
                time.sleep(0.1)
        before = dump(ledger)
        for path in ("r/x/act", "act", ""):
            assert httpx.post(base + path, json={"words": "bet bob 1", "head": head}).status_code in (404, 405)
        assert dump(ledger) == before
    finally:
        process.terminate()
        process.wait(10)


def test_taps_and_the_table_interleave_nothing_lost_or_twice(referee, ledger):
    """Answers from the page and from `table` in another process: each recorded once, an answer for a table that has
    moved on refused as stale."""
    head = referee.head()
    assert referee.post("bet bob 1", head).status_code == 200
    table = subprocess.run([sys.executable, "-m", "bragref", "--db", str(ledger), "table"], input="f\nq\n",
                           capture_output=True, text=True)
    assert "Recorded: Cat fold." in table.stdout, table.stdout + table.stderr
    assert referee.post("fold ann", head).status_code == 409  # meant for the table before both
    assert referee.post("see ann").status_code == 200
    actions = [a["action"] for a in json.loads(bragref(ledger, "history", "1", "--json"))]
    assert actions == ["deal", "bet", "fold", "see"]
