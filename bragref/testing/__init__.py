"""bragref's conformance suite, shipped: what every game must do, run against any installed game (docs/reference.md,
Python; docs/adding-a-game.md). Random legal play conserves money exactly (R1.2) and audits clean; every verb is a
command, an answer, a ledger row and a sentence; what `legal` offers, each move at the ends of its range and with cards
where it names them (the hand in view), `apply` takes, typed as a command it records exactly that; a refused action
changes nothing; export, import and export again give the same bytes.

    python -m bragref.testing GAME [GAME ...] [PYTEST_ARGS]     exit 0 when every check passes

or, in a game's own tests, the pytest plug-in: `pytest -p bragref.testing.plugin --pyargs
bragref.testing.conformance --bragref-game GAME`. The suite needs pytest and hypothesis (`pip install
bragref[testing]`)."""

from __future__ import annotations

import importlib.util
import sys
import warnings


def arguments(words: list[str]) -> tuple[list[str], list[str]]:
    """The games named on the command line, and the arguments for pytest after them: those from the first word
    that is an option (`-x`, `-k check`), or every word after `--`."""
    if "--" in words:
        at = words.index("--")
        return words[:at], words[at + 1:]
    at = next((index for index, word in enumerate(words) if word.startswith("-")), len(words))
    return words[:at], words[at:]


def deprecated(caught: list[warnings.WarningMessage]) -> list[warnings.WarningMessage]:
    """The warnings of names and guesses of the game protocol that are deprecated (docs/adding-a-game.md, section
    8), each once: what a game's author is to change."""
    said: dict[str, warnings.WarningMessage] = {}
    for warning in caught:
        if issubclass(warning.category, DeprecationWarning) and "game protocol" in str(warning.message):
            said.setdefault(f"{warning.filename}:{warning.lineno}:{warning.message}", warning)
    return list(said.values())


def run(games: list[str], *pytest_args: str) -> int:
    """Run the suite over `games` (names or aliases; every registered game where none is given): pytest's exit
    status, 0 when every check passes, 2 for a game that is not installed."""
    missing = [name for name in ("pytest", "hypothesis") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"bragref.testing needs {' and '.join(missing)}: pip install 'bragref[testing]'", file=sys.stderr)
        return 2
    import pytest

    from bragref.engine.errors import BadInput
    from bragref.games import find_game

    with warnings.catch_warnings(record=True) as caught:  # what a game reads that is deprecated, said as it loads
        warnings.simplefilter("always", DeprecationWarning)
        try:
            names = [find_game(game).name for game in games]
        except BadInput as error:
            print(f"bragref.testing: {error}", file=sys.stderr)
            return 2
    for warning in deprecated(caught):
        print(f"bragref.testing: {warning.filename}:{warning.lineno}: DeprecationWarning: {warning.message}",
              file=sys.stderr)
    suite = importlib.util.find_spec("bragref.testing.conformance").origin  # not imported here: pytest imports it
    chosen = [word for name in names for word in ("--bragref-game", name)]
    return int(pytest.main([suite, "-p", "bragref.testing.plugin", "-o", "addopts=", "-p",
                            "no:cacheprovider", "-q", *chosen, *pytest_args]))
