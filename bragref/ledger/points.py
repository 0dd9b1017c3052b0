"""What bragref keeps beside a ledger so that the next command need not work it out again (issue 19): replay
points, each session's current hand as last replayed, so that the next action starts from it rather than from the
deal (a long hand's 2,000th bet costs what its first did).

A point is never the truth, and never trusted (CLI.md "Promises about history"). It is keyed by the chain link
of the last row the hand is replayed from and by the bragref that wrote it, so a row added, a ledger swapped or
restored, or a new bragref all miss it; and it is used only if its digest is the one the ledger's own row records
for the hand after that action (`actions.state`, chained with the row), so a point edited by hand is ignored and
the hand replayed from its rows. A file that cannot be read or written is worked around. Audit, history, replay and
export never read points: they replay every hand from its rows; audit checks the points it finds.

A state is written as JSON, never pickled (the file is as untrusted as any other): each engine value is a frozen
`msgspec.Struct` of numbers, text, `None`, tuples and other such values, named by its class in `bragref`.
"""

from __future__ import annotations

import os
from contextlib import suppress
from functools import cache
from importlib import import_module

import msgspec

from bragref.engine.errors import BadInput
from bragref.ledger.chain import sha256  # CPython's own, as the chain's links are made
from bragref.ledger.db import read_cache
from bragref.version import __version__

SUFFIX = "-replay.json"  # beside the ledger file, as SQLite keeps its `-wal` file


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


def digest(data) -> str:
    """What a row records of the hand after it (`actions.state`): the SHA-256 of the point's JSON, as `plain` makes
    it, which a point read back must match to be used."""
    return sha256(msgspec.json.encode(data)).hexdigest()


class Points:
    """The replay points kept beside the ledger at `ledger_path`, `<ledger>-replay.json` (as SQLite keeps its
    `-wal`): an entry per session, its current hand, under the key it was made at and the bragref that made it.
    Beside a ledger in memory (an import's judge) there is no file: the ledger holds its current hands itself."""

    def __init__(self, ledger_path: str | os.PathLike):
        # a text path, not pathlib's: importing pathlib would cost every command more than a short replay
        self.path = None if str(ledger_path) == ":memory:" else f"{os.fspath(ledger_path)}{SUFFIX}"

    def entries(self) -> dict[str, tuple[str, object]]:
        """Every entry this bragref made, by session id: (key, data)."""
        try:
            kept = self._read()
        except OSError:
            return {}
        found = {}
        for session_id, entry in kept.items():
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                made_by, _, key = entry["key"].partition(" ")
                if made_by == __version__:
                    found[session_id] = (key, entry.get("data"))
        return found

    def get(self, session_id: int, key: str, state: str | None):
        """The hand kept for `session_id` at `key` whose digest is `state`, what the ledger's row records; else
        None (none kept, kept at another key, edited, or no digest recorded to check it by)."""
        if self.path is None or state is None:
            return None
        kept = self.entries().get(str(session_id))
        if kept is None or kept[0] != key:
            return None
        try:
            return unplain(kept[1]) if digest(kept[1]) == state else None
        except (ValueError, TypeError, ImportError, RecursionError):
            return None

    def put(self, session_id: int, key: str, data) -> None:
        """Keep `data` (`plain` of a hand) as `session_id`'s point at `key`, in place of its last; other sessions'
        stay. Written whole to a spare file and renamed over the last, whichever terminal writes last; a spare a
        killed command left behind is removed by the next write."""
        if self.path is None:
            return
        try:
            kept = self._read()
        except OSError:
            kept = {}
        self._sweep()
        spare = f"{self.path}.{os.getpid()}"
        try:
            kept[str(session_id)] = {"key": f"{__version__} {key}", "data": data}
            with open(spare, "wb") as file:
                file.write(msgspec.json.encode(kept))
            os.replace(spare, self.path)
        except OSError:
            with suppress(OSError):
                os.remove(spare)

    def _sweep(self) -> None:
        """Remove the spares (`<points>.PID`) of processes that are gone: killed between writing and renaming."""
        folder, name = os.path.split(self.path)
        try:
            names = os.listdir(folder or ".")
        except OSError:
            return
        for other in names:
            pid = other[len(name) + 1:] if other.startswith(f"{name}.") else ""
            if pid.isdigit() and int(pid) != os.getpid() and not alive(int(pid)):
                with suppress(OSError):
                    os.remove(os.path.join(folder, other))

    def _read(self) -> dict:
        try:
            kept = msgspec.json.decode(read_cache(self.path))
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # not JSON, text not UTF-8, or nested
            return {}  # deeper than any entry bragref writes
        return kept if isinstance(kept, dict) else {}


def alive(pid: int) -> bool:
    """Whether process `pid` is running (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's: alive
    return True
