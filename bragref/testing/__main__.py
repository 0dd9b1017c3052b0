"""`python -m bragref.testing GAME [GAME ...] [-- PYTEST_ARGS]`: the conformance suite against installed games."""

import sys

from bragref.testing import run

if __name__ == "__main__":
    arguments = sys.argv[1:]
    games, rest = (arguments[:arguments.index("--")], arguments[arguments.index("--") + 1:]) if "--" in arguments \
        else (arguments, [])
    sys.exit(run(games, *rest))
