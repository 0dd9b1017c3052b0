"""Hoyle's end of the evening (R11.7): once the time set (`--until HH:MM`, local time, its next occurrence after
the session began) has passed, the deal goes round until every seated player has dealt as often as the others,
and then no more deals."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bragref.engine.errors import Refused

def deadline(until: str, began: str) -> datetime:
    """The first `until` (local time) after the session began (an ISO time)."""
    start = datetime.fromisoformat(began).astimezone()
    hour, minute = map(int, until.split(":"))
    at = start.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return at if at > start else at + timedelta(days=1)


def after_time(until: str | None, began: str, now: str, dealt: Callable[[], dict[str, int]],
               seats: list[str]) -> str | None:
    """Before a deal: None while the time has not passed; once it has, what the table is told, or `Refused` when
    every seated player has dealt as often as the others (R11.7). `dealt()` counts the hands each has dealt."""
    if until is None or datetime.fromisoformat(now) < deadline(until, began):
        return None
    done = dealt()
    counts = [done.get(name, 0) for name in seats]
    if len(set(counts)) <= 1:
        each = counts[0] if counts else 0
        raise Refused(f"it is past {until}, and every player has dealt {each} hand{'s' if each != 1 else ''}: the "
                      f"evening is over (session close)", "R11.7")
    most = max(counts)
    owing = [name for name, count in zip(seats, counts, strict=False) if count < most]
    return (f"It is past {until}: deal on until every player has dealt {most} hand{'s' if most != 1 else ''}; "
            f"still to deal: {', '.join(owing)} (R11.7).")
