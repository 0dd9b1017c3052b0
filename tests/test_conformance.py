"""The conformance suite bragref ships (`bragref.testing`, issue 56), run here over every registered game: its
checks are this module's tests."""

import pytest

from bragref.testing import conformance

pytestmark = pytest.mark.slow  # the shipped suite over every game: CI's whole run, not the quick subset

globals().update({name: check for name, check in vars(conformance).items() if name.startswith("test_")})


def test_pytests_own_options_follow_the_games_named(tmp_path):
    """`python -m bragref.testing GAME -x` (issue 66.3): the games first, then pytest's own arguments from the first
    word that is an option; after `--`, everything is pytest's. 0.19 took `-x` for a game."""
    import subprocess
    import sys

    from bragref.testing import arguments

    assert arguments(["brag", "hoyle", "-x", "-k", "legal"]) == (["brag", "hoyle"], ["-x", "-k", "legal"])
    assert arguments(["brag", "--", "-x"]) == (["brag"], ["-x"]) and arguments(["-x"]) == ([], ["-x"])
    run = subprocess.run([sys.executable, "-m", "bragref.testing", "brag", "-x", "-k", "declares"],
                         capture_output=True, text=True, cwd=tmp_path)  # outside the checkout, as its author runs it
    assert run.returncode == 0 and run.stdout.strip().splitlines()[-1].startswith("1 passed"), run.stdout[-2000:]
