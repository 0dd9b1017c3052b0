"""Every response carries the CSP, `nosniff` and `no-store` headers (issue 79.8, docs/reference.md, The referee's page
at a real table), the HTTP server's own answers to requests it cannot read included: a request line that is not
HTTP, a malformed header line, a bad Content-Length, HTTP/1.1 without a Host. Sent over raw sockets, as no HTTP client
would send them."""

import socket

import pytest
from test_referee import Referee, dealt

pytestmark = pytest.mark.slow  # a server of its own: CI's whole run, not the quick subset

BROKEN = {
    "not-http": b"HELLO\r\n\r\n",
    "malformed-header": b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nthis is no header\r\n\r\n",
    "bad-content-length": b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n",
    "no-host": b"GET / HTTP/1.1\r\n\r\n",
    "two-lengths": b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "space-before-colon": b"GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n",
}


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    served = Referee(dealt(tmp_path_factory.mktemp("raw") / "ledger.db"))
    yield served
    served.stop()


def raw(port: int, sent: bytes) -> tuple[str, dict[str, str]]:
    """The status line and headers the server answers `sent` with, read until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(sent)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = conn.recv(65536)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    return head[0], {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in head[1:])}


@pytest.mark.parametrize("sent", BROKEN.values(), ids=BROKEN.keys())
def test_the_servers_own_400_carries_every_responses_headers(running, sent):
    status, headers = raw(running.port, sent)
    assert status.startswith("HTTP/1.1 400"), status
    assert headers.get("content-security-policy", "").startswith("default-src 'none'"), headers
    assert headers.get("x-content-type-options") == "nosniff", headers
    assert headers.get("cache-control") == "no-store", headers


def test_a_request_it_reads_still_carries_them_once(running):
    status, headers = raw(running.port, f"GET /status.json HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\n"
                                        f"Connection: close\r\n\r\n".encode())
    assert status.startswith("HTTP/1.1 200") and headers["cache-control"] == "no-store"


def test_a_bug_while_answering_is_a_500_with_every_responses_headers(tmp_path):
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from bragref.serve.app import make_app

    class Broken:
        @property
        def views(self):
            raise RuntimeError("a bug")

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
             "path": "/status.json", "raw_path": b"/status.json", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    answered = make_app(str(tmp_path / "ledger.db"), watcher=Broken())(scope, receive, send)
    with ThreadPoolExecutor(1) as thread, pytest.raises(RuntimeError, match="a bug"):  # told to the server's log,
        # after the answer; in a thread of its own: a worker whose browser tests ran holds Playwright's loop running
        thread.submit(asyncio.run, answered).result()
    start = sent[0]
    headers = {name.decode(): value.decode() for name, value in start["headers"]}
    assert start["status"] == 500
    assert headers["cache-control"] == "no-store" and headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"].startswith("default-src 'none'")
