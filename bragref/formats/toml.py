"""Writing the small part of TOML that a bhh file uses; reading is the standard library's `tomllib`.

Strings, integers, booleans, arrays of those, tables and arrays of tables: written the same
way every time, so that an export is byte-for-byte repeatable. Arrays named in `one_per_line`
are written an element a line, as a hand history reads best.
"""

from __future__ import annotations

import json

# Characters a TOML string cannot hold raw: control characters other than tab, and DEL.
_CONTROL = {chr(c) for c in (*range(0x09), *range(0x0A, 0x20), 0x7F)}


def string(text: str) -> str:
    """A literal string ('…') when it can be one, which keeps double quotes readable; else a basic string."""
    if "'" not in text and not _CONTROL.intersection(text):
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def value(item) -> str:
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, list):
        return "[" + ", ".join(value(element) for element in item) + "]"
    raise TypeError(f"no TOML for {item!r}")


def key(name: str) -> str:
    return name if name and all(c.isascii() and (c.isalnum() or c in "-_") for c in name) else string(name)


def pairs(table: dict, one_per_line: frozenset[str]) -> list[str]:
    """`key = value` lines for a table's plain values (its tables are written apart, after)."""
    lines = []
    for name, item in table.items():
        if isinstance(item, dict) or (isinstance(item, list) and item and isinstance(item[0], dict)):
            continue
        if name in one_per_line and isinstance(item, list) and item:
            lines.append(f"{key(name)} = [")
            lines += [f"  {value(element)}," for element in item]
            lines.append("]")
        else:
            lines.append(f"{key(name)} = {value(item)}")
    return lines


def dumps(document: dict, one_per_line: frozenset[str] = frozenset(), header: str = "") -> str:
    """The document as TOML: plain values first, then each table, then each array of tables."""
    lines = [header] if header else []
    lines += pairs(document, one_per_line)
    for name, item in document.items():
        if isinstance(item, dict):
            lines += ["", f"[{key(name)}]", *pairs(item, one_per_line)]
        elif isinstance(item, list) and item and isinstance(item[0], dict):
            for element in item:
                lines += ["", f"[[{key(name)}]]", *pairs(element, one_per_line)]
    return "\n".join(lines) + "\n"
