"""The layers (docs/design.md): each part of the package imports only the parts below it, so a reader can take the
functional core without the shells and a shell without another. Read from the modules' own import statements (at
the top and inside functions alike), not from what happens to be loaded."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "bragref"

BELOW = {  # each part, and the parts it may import (`version` and `structs` are leaves every part may read)
    "engine": {"engine"},
    "games": {"engine", "games"},
    "formats": {"engine", "games", "formats"},
    "told": {"engine", "games", "told"},
    "answers": {"engine", "games", "told", "answers"},
    "ledger": {"engine", "games", "formats", "told", "ledger"},
    "api": {"engine", "games", "formats", "told", "ledger", "api"},
    "package": {"engine", "games", "formats", "told", "ledger", "api", "package"},
    "cli": {"engine", "games", "formats", "told", "answers", "ledger", "api", "package", "cli"},
    "serve": {"engine", "games", "formats", "told", "answers", "ledger", "api", "package", "serve"},
    "testing": {"engine", "games", "formats", "told", "answers", "ledger", "api", "package", "cli", "testing"},
    "main": {"engine", "package", "cli", "main"},
    "version": set(),
    "structs": {"pure"},  # msgspec's names, from msgspec or from the pure path (`pure`), which only it imports
    "pure": set(),
}


def part(module: str) -> str:
    """The part a module of the package (`bragref.cli.table`) belongs to."""
    name = module.split(".")[1] if "." in module else "package"
    return {"__init__": "package", "__version__": "package", "__main__": "main"}.get(name, name)


def imported(path: Path) -> set[str]:
    """Every module of bragref that the file at `path` imports, wherever the statement stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name == "bragref" or name.startswith("bragref.")}


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE.parent)))
def test_each_module_imports_only_the_layers_below_it(path):
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    allowed = BELOW[part(module)] | {"version", "structs"}
    above = sorted(name for name in imported(path) if part(name) not in allowed and name != "bragref")
    assert above == [], f"{module} ({part(module)}) imports {above}"


def test_neither_shell_imports_the_other():
    """The terminal and the pages are both shells over the answers below them (`bragref.answers`)."""
    for path in (PACKAGE / "serve").rglob("*.py"):
        assert not any(part(name) == "cli" for name in imported(path)), path
    for path in (PACKAGE / "cli").rglob("*.py"):
        assert not any(part(name) == "serve" for name in imported(path)), path


def test_no_module_outside_a_games_package_imports_it():
    """No game named in the core (issue 66.4): a game's package (`bragref.games.brag`) is imported by its own modules
    and by the games built on it alone; the ledger's old rows, the conformance suite and the command line find
    every move through the games' declarations."""
    games = {path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py")}
    for path in MODULES:
        inside = path.parent.parent == PACKAGE / "games" and path.parent.name in games
        named = {name.split(".")[2] for name in imported(path) if name.count(".") >= 2 and
                 name.startswith("bragref.games.") and name.split(".")[2] in games}
        assert inside or not named, f"{path.relative_to(PACKAGE)} imports the games {sorted(named)}"
