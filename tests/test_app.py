"""The referee in the phone (docs/app.md; docs/reference.md, The referee in the phone): `bragref app build DIR`, and
the application it writes driven in Chromium at a phone's size with touch, served by a static file server on
loopback, bragref running in the page's Web Worker on Pyodide, its ledger in the browser's storage."""

from __future__ import annotations

import fcntl
import json
import shutil
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
    for needed in ("index.html", "manifest.webmanifest", "sw.js", "worker.js", "app.js", "transport.js",
                   "referee.js", "page.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip"):
        assert needed in files
    sw = (app_built / "sw.js").read_text()
    about = json.loads((app_built / "bragref-app.json").read_text())
    assert f'"bragref-${{VERSION}}"' not in sw and about["version"] in sw  # the cache is named for this build
    cached = json.loads(sw.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert sorted(set(cached) - {"./"}) == sorted(set(files) - {"sw.js"})
    wheels = {name.split("-")[0] for name in about["wheels"]}
    assert {"bragref", "click", "sqlite_utils", "tabulate", "segno"} <= wheels
    assert not wheels & {"msgspec", "starlette", "uvicorn"}  # compiled, or HTTP serving: not in the phone
    with zipfile.ZipFile(app_built / "wheels" / next(w for w in about["wheels"] if w.startswith("bragref-"))) as bragref:
        names = bragref.namelist()
    assert "bragref/serve/phone/table.py" in names and not any(name.endswith(".pyc") for name in names)
    assert any(name.endswith(".dist-info/entry_points.txt") for name in names)  # the games are found by them
    manifest = json.loads((app_built / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["icons"]
    page = (app_built / "index.html").read_text()
    served = (Path(__file__).parent.parent / "bragref/serve/static/referee.js").read_text()
    assert (app_built / "referee.js").read_text() == served  # the same page, not a fork of it
    assert 'id="ledger-file"' in page and 'name="ledger file"' in page and "export ledger" in page
    assert sum(p.stat().st_size for p in app_built.rglob("*") if p.is_file()) <= 20e6


def test_a_folder_built_before_is_built_over_without_force(app_built, tmp_path):
    again = tmp_path / "again"
    shutil.copytree(app_built, again)
    result = build(str(again))
    assert result.returncode == 0, result.stderr
    assert "Built the referee in the phone" in result.stdout
