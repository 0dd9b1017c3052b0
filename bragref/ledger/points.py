"""What bragref keeps beside a ledger so that the next command need not work it out again (issue 19): replay
points, each session's current hand as last replayed, so that the next action starts from it rather than from the
deal; totals, each session's postings summed by player, so that `balances` and `settle` sum only what was
posted since; and, at table stakes, each player's table money summed likewise.

None is ever the truth. Each is keyed by chain links (the last row a hand is replayed from; the last posting,
and purse, summed) and by the bragref that wrote it, so a row added, a ledger swapped or restored, or a new bragref
all miss it and work it out in full; a file that cannot be read or written is worked around. Audit, history,
replay and export never read them: they replay every hand from its rows.

A state is written as JSON, never pickled (the file is as untrusted as any other): each engine value is a frozen
`msgspec.Struct` of numbers, text, `None`, tuples and other such values, named by its class in `bragref`.
"""

from __future__ import annotations

import os
from contextlib import suppress
from functools import cache
from importlib import import_module

import msgspec

from bragref import __version__
from bragref.engine.errors import BadInput

SUFFIX = "-replay.json"  # beside the ledger file, as SQLite keeps its `-wal` file
TOTALS = "-totals.json"  # each session's postings summed by player (`Ledger.balances`)
TABLE = "-table.json"  # each session's table money summed by player (`Ledger.at_table`: table stakes, R1.3)


def plain(value):
    """An engine value as JSON's values: a tuple as `{"t": [...]}`, a value type as `{"d": "module:Class", "v": [its
    fields in order]}`; anything else is `TypeError` (a state holding it is not kept)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, tuple):
        return {"t": [plain(item) for item in value]}
    if isinstance(value, msgspec.Struct):
        kind = type(value)
        return {"d": f"{kind.__module__}:{kind.__qualname__}",
                "v": [plain(getattr(value, name)) for name in kind.__struct_fields__]}
    raise TypeError(f"a replay point cannot keep a {type(value).__name__}")


def unplain(data):
    """The value `plain` wrote; `ValueError` for anything it would not have written."""
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, dict) and data.keys() == {"t"} and isinstance(data["t"], list):
        return tuple(unplain(item) for item in data["t"])
    if isinstance(data, dict) and data.keys() == {"d", "v"} and isinstance(data["v"], list):
        kind = _kind(data["d"])
        names = kind.__struct_fields__
        if len(names) != len(data["v"]):
            raise ValueError(f"{data['d']} has {len(names)} fields, not {len(data['v'])}")
        try:
            return kind(**{name: unplain(item) for name, item in zip(names, data["v"])})
        except BadInput as error:  # a value its type refuses (rules out of range)
            raise ValueError(str(error)) from None
    raise ValueError(f"not a value a replay point holds: {str(data)[:60]}")


@cache
def _kind(name: str) -> type:
    """A value type of bragref's, by `module:Class`: no other class is ever made from a point."""
    module, _, qualname = name.partition(":")
    if not (module == "bragref" or module.startswith("bragref.")) or not qualname.isidentifier():
        raise ValueError(f"not a bragref value: {name}")
    kind = getattr(import_module(module), qualname, None)
    if not (isinstance(kind, type) and issubclass(kind, msgspec.Struct)):
        raise ValueError(f"not a bragref value: {name}")
    return kind


class Beside:
    """A file kept beside the ledger, `<ledger><suffix>` (as SQLite keeps its `-wal`): an entry per session, each
    under the key it was made at and the bragref that made it. An entry whose key has moved on, or a file that
    cannot be read or written, is as good as none: what it spares is worked out again. Beside a ledger in memory
    (an import's judge), the entries are held in memory, for as long as it is open."""

    def __init__(self, ledger_path: str | os.PathLike, suffix: str):
        # a text path, not pathlib's: importing pathlib would cost every command more than a short replay
        self.path = None if str(ledger_path) == ":memory:" else f"{os.fspath(ledger_path)}{suffix}"
        self.held: dict[str, dict] = {}  # the entries, where there is no file

    def entry(self, session_id: int) -> tuple[str, object] | None:
        """The key and what was kept at it for `session_id`, by this bragref, or None."""
        try:
            kept = self._read().get(str(session_id))
        except OSError:
            return None
        if not isinstance(kept, dict) or not isinstance(kept.get("key"), str):
            return None
        made_by, _, key = kept["key"].partition(" ")
        return (key, kept.get("data")) if made_by == __version__ else None

    def keep(self, session_id: int, key: str, data) -> None:
        """Keep `data` (JSON's values) as `session_id`'s entry at `key`, in place of its last; other sessions' stay."""
        if self.path is None:
            self.held[str(session_id)] = {"key": f"{__version__} {key}", "data": data}
            return
        try:
            kept = self._read()
        except OSError:
            kept = {}
        spare = f"{self.path}.{os.getpid()}"
        try:
            kept[str(session_id)] = {"key": f"{__version__} {key}", "data": data}
            with open(spare, "wb") as file:
                file.write(msgspec.json.encode(kept))
            os.replace(spare, self.path)  # whole or not at all, whichever terminal writes last
        except OSError:
            with suppress(OSError):
                os.remove(spare)

    def _read(self) -> dict:
        if self.path is None:
            return self.held
        with open(self.path, "rb") as file:
            try:
                kept = msgspec.json.decode(file.read())
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # not JSON, text not UTF-8, or nested
                return {}  # deeper than any entry bragref writes
        return kept if isinstance(kept, dict) else {}


class Points(Beside):
    """The replay points of the ledger at `ledger_path`: one per session, its current hand."""

    def __init__(self, ledger_path: str | os.PathLike):
        super().__init__(ledger_path, SUFFIX)

    def get(self, session_id: int, key: str):
        """The hand kept for `session_id` at `key`, or None."""
        kept = self.entry(session_id)
        try:
            return unplain(kept[1]) if kept is not None and kept[0] == key else None
        except (ValueError, TypeError, ImportError, RecursionError):
            return None

    def put(self, session_id: int, key: str, hand) -> None:
        """Keep `hand` as `session_id`'s point at `key` (not in memory: there the ledger holds its current hands)."""
        if self.path is None:
            return
        try:
            data = plain(hand)
        except TypeError:
            return
        self.keep(session_id, key, data)
