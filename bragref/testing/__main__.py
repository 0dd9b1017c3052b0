"""`python -m bragref.testing [GAME ...] [PYTEST_ARGS]`: the conformance suite against installed games; the games
first, then pytest's own arguments (`stick-brag -x`), or after `--` (`stick-brag -- -x`)."""

import sys

from bragref.testing import arguments, run

if __name__ == "__main__":
    games, rest = arguments(sys.argv[1:])
    sys.exit(run(games, *rest))
