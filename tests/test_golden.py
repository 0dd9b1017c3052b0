"""Golden tests: what bragref prints and writes for recorded evenings of every game, kept byte for byte in
`tests/golden/`, so that a restructuring inside (issue 40: an open game protocol) shows any change a user would see.

For each evening (the sample sessions, and `tests/golden/scripts/` for the games the samples leave out) the
goldens hold: the one-shot commands' lines as `run` prints them, `status --json` at the end, `history` as text
and as JSON, the export as bhh and as JSON, the `replay` of every hand, and the live table answering the same
lines at 80 columns. Times and digests (which cover the rows' times) are written as TIME and DIGEST, a session's
(random) identity as SESSION_ID.

After a change meant to alter what users see, write the goldens again and read the diff:
    BRAGREF_GOLDEN=write python -m pytest tests/test_golden.py
"""

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragref.cli import cli
from conftest import SAMPLES

GOLDEN = Path(__file__).resolve().parent / "golden"
EVENINGS = sorted([*SAMPLES.glob("*.brag"), *(GOLDEN / "scripts").glob("*.brag")])
KINDS = ("run", "status", "history", "history-json", "export", "export-json", "replay", "table")
TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(\+\d\d:\d\d| [A-Z][A-Za-z]{1,4}\b)?")
DIGEST = re.compile(r"\b\d+-[0-9a-f]{16}\b")
IDENTITY = re.compile(r"\b[0-9a-f]{32}\b")  # a session's identity: random, minted at `session new`


def normal(text: str) -> str:
    return IDENTITY.sub("SESSION_ID", DIGEST.sub("DIGEST", TIME.sub("TIME", text)))


def lines_of(evening: Path) -> list[str]:
    """The command lines of a run file, as `run` reads them."""
    return [line for line in (shlex.join(shlex.split(raw, comments=True)) for raw in evening.read_text(
        encoding="utf-8").splitlines()) if line]


def played(evening: Path, folder: Path) -> dict[str, str]:
    """Every golden of `evening`, played into ledgers of its own in `folder`."""
    runner = CliRunner()
    db = folder / "ledger.db"

    def bragref(*args: str, input: str | None = None) -> str:
        result = runner.invoke(cli, ["--db", str(db), *args], input=input)
        return normal(result.output)

    out = {"run": bragref("run", str(evening))}
    out["status"] = bragref("status", "--json")
    out["history"] = bragref("history")
    out["history-json"] = bragref("history", "--json")
    out["export"] = bragref("export")
    out["export-json"] = bragref("export", "--format", "json")
    numbers = range(1, int(re.search(r'"hand": (\d+)', out["status"])[1]) + 1)
    out["replay"] = "".join(bragref("replay", str(number)) for number in numbers)
    lines = lines_of(evening)
    db = folder / "table.db"
    bragref(*shlex.split(lines[0]))  # the session, made at the command line; every other line is an answer
    out["table"] = bragref("table", input="".join(f"{line}\n" for line in lines[1:] + ["q"]))
    return out


@pytest.fixture(scope="module", autouse=True)
def columns():
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"
    yield
    if previous is None:
        del os.environ["COLUMNS"]
    else:
        os.environ["COLUMNS"] = previous


@pytest.mark.slow
@pytest.mark.parametrize("evening", EVENINGS, ids=lambda path: path.stem)
def test_every_game_prints_and_writes_what_it_did(evening, tmp_path):
    got = played(evening, tmp_path)
    for kind in KINDS:
        path = GOLDEN / f"{evening.stem}.{kind}.txt"
        if os.environ.get("BRAGREF_GOLDEN") == "write":
            path.write_text(got[kind], encoding="utf-8")
        assert got[kind] == path.read_text(encoding="utf-8"), f"{path.name} differs: see the module's docstring"


def test_the_goldens_cover_every_game_bragref_declares():
    import tomllib

    own = tomllib.loads((GOLDEN.parent.parent / "pyproject.toml").read_text())["project"]["entry-points"]
    games = set()
    for evening in EVENINGS:
        games |= set(re.findall(r"--game (\S+)", evening.read_text(encoding="utf-8")))
        games |= set(re.findall(r"rules set game (\S+)", evening.read_text(encoding="utf-8")))
        if "--game" not in evening.read_text(encoding="utf-8"):
            games.add("brag")
    assert set(own["bragref.games"]) <= games
