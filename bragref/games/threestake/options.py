"""Three-stake brag's house rules (R15), declared once: its own (how aces count in the thirty-one, a draw limit), and
those it borrows from Hoyle's brag (the brag's raises and stake, R11.2) and from brag's order of hands (R8)."""

from __future__ import annotations

from bragref.engine.rules import TIES
from bragref.games.base import RANKING_OPTIONS, Option
from bragref.games.hoyle.options import HOYLE_OPTIONS, MAX_STAKE, MIN_RAISE

ACE_POINTS = Option("ace_points", "choice", "An ace counts 11 in the thirty-one, or 1 or 11, whichever is best",
                    "R15.4", ("11", "1-or-11"), own=True, fallback="11", ranks=True)
DRAW_LIMIT = Option("draw_limit", "number", "The most cards a player may draw in the thirty-one [none]", "R15.4",
                    own=True, span=(1, 49))
THREE_STAKE_OPTIONS = (
    ACE_POINTS, DRAW_LIMIT,
    Option("ties", "choice", "Equal best in any pot: the eldest takes it, or it is split", "R15.6", TIES),
    MIN_RAISE, *(o for o in HOYLE_OPTIONS if o.name == "raise_limit"), MAX_STAKE,
    *(o for o in RANKING_OPTIONS if o.name in ("threes_high", "a23")),
)
