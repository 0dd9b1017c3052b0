"""Frozen values and JSON, the names bragref takes from msgspec: from msgspec where it imports, else from a pure-Python
path of the same behaviour (a browser's Python, where msgspec has no build: docs/design.md, The two paths). A leaf
every layer may import, chosen once, at import: `BRAGREF_PURE=1` in the environment takes the pure path with msgspec
installed (the tests that hold the two paths equal, the benchmarks).

What the two paths must give alike, and `tests/test_structs.py` holds: `encode`'s bytes (a hand's JSON is hashed into
every action's row, `actions.state`, and an action's arguments are its row's text: the hash chain runs over both),
`convert`'s refusals and their words (a move from Python checked at the API's door), and the values' equality,
order of fields, defaults, `__post_init__` and `replace`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

__all__ = ["PURE", "DecodeError", "Struct", "ValidationError", "asdict", "convert", "decode", "encode", "field",
           "force_setattr", "replace"]

if TYPE_CHECKING:  # the type checker's view: msgspec's names and their stubs (the pure path gives the same behaviour)
    from msgspec import DecodeError, Struct, ValidationError, convert, field
    from msgspec.json import decode, encode
    from msgspec.structs import asdict, force_setattr, replace

    PURE: bool
else:
    msgspec = None
    if not os.environ.get("BRAGREF_PURE"):
        try:
            import msgspec
        except ImportError:  # no build for this Python (Pyodide): the pure path
            msgspec = None

    PURE = msgspec is None  # which path this process took

    if msgspec is not None:
        Struct = msgspec.Struct
        field = msgspec.field
        replace = msgspec.structs.replace
        asdict = msgspec.structs.asdict
        force_setattr = msgspec.structs.force_setattr
        encode = msgspec.json.encode
        decode = msgspec.json.decode
        convert = msgspec.convert
        DecodeError = msgspec.DecodeError
        ValidationError = msgspec.ValidationError
    else:
        from bragref.pure import (DecodeError, Struct, ValidationError, asdict, convert, decode, encode, field,
                                   force_setattr, replace)
