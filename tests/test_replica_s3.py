"""`replica status` against an S3-compatible store (issue 76, docs/club.md, S3-compatible stores): a real Litestream
replicating to moto's S3 server on loopback through an `endpoint` in the replica URL, http. moto is among the test
extras (with boto3, botocore and `cryptography`, wheels for the tests only: bragref itself needs none of them); where
it cannot be installed, these tests skip, saying so."""

import json
import os
import socket
import subprocess
import sys
import time

import pytest

from conftest import Bragref
from test_club import Replicating, waited
from test_replica import night, seq


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def s3(tmp_path, monkeypatch):
    """moto's S3 server on a free loopback port with a bucket `club`, and the credentials Litestream reads from its
    environment; the replica URL of a path in it, by name."""
    pytest.importorskip("moto.server", reason="moto is not installed (`pip install 'moto[server]'`): the S3 case "
                                              "of replica status is not run")
    boto3 = pytest.importorskip("boto3", reason="boto3 comes with moto")
    for name, value in (("AWS_ACCESS_KEY_ID", "test"), ("AWS_SECRET_ACCESS_KEY", "test"),
                        ("AWS_DEFAULT_REGION", "us-east-1")):
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_CA_BUNDLE", raising=False)  # Litestream 0.5.17 fails with it set (docs/club.md)
    port = free_port()
    log = open(tmp_path / "moto.log", "w")  # noqa: SIM115 - the server's log, open while it runs, closed after
    server = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)], stdout=log,
                              stderr=subprocess.STDOUT)
    try:
        endpoint = f"http://127.0.0.1:{port}"
        client = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")

        def bucket() -> bool:
            try:
                client.create_bucket(Bucket="club")
                return True
            except Exception:  # noqa: BLE001 - boto's many errors of a server not listening yet
                return False

        waited(bucket, "moto's server", 30)
        yield lambda path, at=endpoint: f"s3://club/{path}?endpoint={at}&region=us-east-1"
    finally:
        server.terminate()
        server.wait(10)
        log.close()


def state(table: Bragref, url: str) -> str:
    """How `table`'s replica at `url` stands, as `replica status --json` says."""
    return json.loads(table(f"replica status --json --replica '{url}'", code=None).stdout)["state"]


def replicated_to(litestream: str, table: Bragref, url: str, hands: int = 1) -> None:
    """A night at `table` with Litestream replicating it to `url`, stopped once the replica holds all of it."""
    with Replicating(litestream, table, "--replica", f"'{url}'") as running:
        running.replica = table.db  # (no folder to wait for: the store is asked instead)
        night(table, hands)
        waited(lambda: state(table, url) == "current", "the night in the S3 replica", 30)
        running.stop()


@pytest.mark.slow
def test_replica_status_against_an_s3_compatible_store_current_behind_diverged_unreachable(tmp_path, bragref,
                                                                                            litestream, s3):
    url = s3("table-1")
    bragref('session new friday --players "Andy,Bill"')
    replicated_to(litestream, bragref, url)
    current = bragref.json(f"replica status --replica '{url}'")
    assert current["state"] == "current" and current["missing"] == 0 and current["age_s"] is not None
    before = seq(bragref)
    night(bragref)  # Litestream stopped: these rows are on this laptop only
    behind = bragref.json(f"replica status --replica '{url}'")
    assert behind["state"] == "behind" and behind["missing"] == seq(bragref) - before
    other = Bragref(tmp_path / "other.db")
    other('session new other --players "Cat,Dan"')
    replicated_to(litestream, other, s3("other"))
    result = bragref(f"replica status --replica '{s3('other')}'", code=4)
    assert "diverged: it holds a history that is not this ledger's" in result.stderr
    closed = s3("table-1", at=f"http://127.0.0.1:{free_port()}")  # nothing listens there: Litestream retries
    started = time.monotonic()
    result = bragref(f"replica status --timeout 5 --json --replica '{closed}'", code=5)
    assert json.loads(result.stdout)["state"] == "unreachable" and time.monotonic() - started < 15


@pytest.mark.slow
def test_a_returning_laptop_is_refused_before_it_writes_when_its_s3_replica_has_moved_on(tmp_path, bragref,
                                                                                         litestream, s3):
    """The replica in the store: the old laptop checked it once (`replica status --replica URL`); the table moved to
    a replacement restored from the store, which played on into it; back, the old laptop's next write is refused."""
    from bragref.ledger.litestream import restore

    url = s3("table-1")
    bragref('session new friday --players "Andy,Bill"')
    replicated_to(litestream, bragref, url)
    bragref(f"replica status --replica '{url}'")  # the replica its writes check from now on
    replacement = Bragref(tmp_path / "replacement.db")
    restore(url, str(replacement.db))
    with Replicating(litestream, replacement, "--replica", f"'{url}'") as running:
        running.replica = replacement.db
        night(replacement, 2)
        waited(lambda: state(replacement, url) == "current", "the replacement's night in the S3 replica", 30)
        running.stop()
    kept = f"{os.path.abspath(bragref.db)}-replica-checked.json"  # as if the old laptop had been off for a while
    with open(kept) as file:
        known = json.load(file)
    with open(kept, "w") as file:
        json.dump({**known, "at": "2020-01-01T00:00:00+00:00"}, file)
    before = seq(bragref)
    result = bragref("deal", code=4)
    assert "diverged" in result.stderr and "Nothing was recorded" in result.stderr
    assert seq(bragref) == before
