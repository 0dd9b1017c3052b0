"""Replay points: each session's current hand as last replayed, kept in a file beside the ledger, so that the next
command (a new process) starts from it rather than replaying the hand from its deal (issue 19).

A point is a convenience, never the truth. It is keyed by the chain link of the last row the hand was replayed
from and by the bragref that wrote it, so a row added, a ledger swapped or restored, or a new bragref all miss it
and replay in full; a file that cannot be read or written is replayed around. Audit, history, replay and export
never read it: they replay every hand from its rows.

The state is written as JSON, never pickled (the file is as untrusted as any other): each engine value is a frozen
dataclass of numbers, text, `None`, tuples and other such values, named by its class in `bragref`.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import fields, is_dataclass
from functools import cache
from importlib import import_module

from bragref import __version__

SUFFIX = "-replay.json"  # beside the ledger file, as SQLite keeps its `-wal` file


def plain(value):
    """An engine value as JSON's values: a tuple as `{"t": [...]}`, a dataclass as `{"d": "module:Class", "v": [its
    fields in order]}`; anything else is `TypeError` (a state holding it is not kept)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return {"t": [plain(item) for item in value]}
    if is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        return {"d": f"{kind.__module__}:{kind.__qualname__}", "v": [plain(getattr(value, name)) for name in _names(kind)]}
    raise TypeError(f"a replay point cannot keep a {type(value).__name__}")


def unplain(data):
    """The value `plain` wrote; `ValueError` for anything it would not have written."""
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, dict) and data.keys() == {"t"} and isinstance(data["t"], list):
        return tuple(unplain(item) for item in data["t"])
    if isinstance(data, dict) and data.keys() == {"d", "v"} and isinstance(data["v"], list):
        kind = _kind(data["d"])
        names = _names(kind)
        if len(names) != len(data["v"]):
            raise ValueError(f"{data['d']} has {len(names)} fields, not {len(data['v'])}")
        value = object.__new__(kind)  # as `engine.state.evolve` makes them: the values check nothing in __init__
        for name, item in zip(names, data["v"]):
            object.__setattr__(value, name, unplain(item))
        return value
    raise ValueError(f"not a value a replay point holds: {str(data)[:60]}")


@cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


@cache
def _kind(name: str) -> type:
    """A dataclass of bragref's, by `module:Class`: no other class is ever made from a point."""
    module, _, qualname = name.partition(":")
    if not (module == "bragref" or module.startswith("bragref.")) or not qualname.isidentifier():
        raise ValueError(f"not a bragref value: {name}")
    kind = getattr(import_module(module), qualname, None)
    if not (isinstance(kind, type) and is_dataclass(kind)):
        raise ValueError(f"not a bragref value: {name}")
    return kind


class Points:
    """The replay points of the ledger at `ledger_path`: one per session, its current hand."""

    def __init__(self, ledger_path: str | os.PathLike):
        # a text path, not pathlib's: importing pathlib would cost every command more than a short replay
        self.path = None if str(ledger_path) == ":memory:" else f"{os.fspath(ledger_path)}{SUFFIX}"

    def get(self, session_id: int, key: str):
        """The hand kept for `session_id` at `key`, or None."""
        if self.path is None:
            return None
        try:
            kept = self._read().get(str(session_id))
            if isinstance(kept, dict) and kept.get("key") == f"{__version__} {key}":
                return unplain(kept["hand"])
        except (OSError, ValueError, TypeError, KeyError, ImportError):
            pass
        return None

    def put(self, session_id: int, key: str, hand) -> None:
        """Keep `hand` as `session_id`'s point at `key`, in place of its last; other sessions' points stay."""
        if self.path is None:
            return
        try:
            kept = self._read()
        except (OSError, ValueError):
            kept = {}
        spare = f"{self.path}.{os.getpid()}"
        try:
            kept[str(session_id)] = {"key": f"{__version__} {key}", "hand": plain(hand)}
            with open(spare, "w", encoding="utf-8") as file:
                json.dump(kept, file, separators=(",", ":"))
            os.replace(spare, self.path)  # whole or not at all, whichever terminal writes last
        except (OSError, TypeError):
            with suppress(OSError):
                os.remove(spare)

    def _read(self) -> dict:
        with open(self.path, encoding="utf-8") as file:
            kept = json.load(file)
        return kept if isinstance(kept, dict) else {}
