"""bhh, the Brag hand history: a session as a readable TOML document (man 5 bragref-bhh).

Pure text work, no ledger: a document (plain dicts, lists, strings and integers) to and
from bhh or JSON text, the line grammar of its action lists, and its rules tables. The
ledger side (which facts become which lines, and recording them again) is
`bragref.ledger.exchange`.

A line is `SUBJECT VERB ARGS…`: the subject is a player, or `table` for what the table
does as a whole. In a hand, `p1`, `p2`, … are its players in seat order; anyone else is
a name in double quotes (JSON's escapes). Amounts are integer units of the session.
"""

from __future__ import annotations

import codecs
import itertools
from functools import cache, partial
import json
import re
from datetime import datetime
from typing import Any
from collections.abc import Callable, Iterable, Iterator, Sequence
import tomllib

import bragref.structs as structs

from bragref.engine.errors import BadInput
from bragref.engine.money import check_units
from bragref.engine.rules import DEFAULTS, Rules
from bragref.games import GAMES, checked, every_option, game_of
from bragref.formats import toml

FORMAT = 1
HEADER = f"# bhh {FORMAT}: a Brag hand history, written by bragref (man 5 bragref-bhh)"
LINE_LISTS = frozenset({"before", "actions", "result", "after", "_before_at", "_at", "_entered", "_after_at"})
TABLE = "table"  # the subject of what the table does together: showdown, award, void, rules, close

_TOKEN = re.compile(r'[^\s"]*"(?:[^"\\]|\\.)*"|\S+')
_POSITION = re.compile(r"p([1-9][0-9]*)")
_BARE = re.compile(r'[^\s"=]+')


# ---- documents ------------------------------------------------------------------


def dumps(document: dict) -> str:
    return toml.dumps(document, LINE_LISTS, HEADER)


PRETTY = json.JSONEncoder(indent=2, ensure_ascii=False)  # made once: `json.dumps` makes one a call


def dumps_json(document: dict) -> str:
    return PRETTY.encode(document) + "\n"


def dump_chunks(head: dict, hands: Iterable[dict], as_json: bool = False) -> Iterator[str]:
    """`dumps` (or `dumps_json`) of `head` with `hands` as its hands, written a hand at a time: the same text,
    never held whole."""
    hands = iter(hands)
    first = next(hands, None)
    whole = dumps_json if as_json else dumps
    if first is None:
        yield whole(head)
        return
    if as_json:
        text = whole({**head, "hands": []})
        yield text[:text.rindex("[]")] + "[\n    "
    else:
        yield toml.dumps({name: item for name, item in head.items() if name != "hands"}, LINE_LISTS, HEADER)
    for index, hand in enumerate(itertools.chain([first], hands)):
        if as_json:
            yield (",\n    " if index else "") + PRETTY.encode(hand).replace("\n", "\n    ")
        else:
            yield "\n[[hands]]\n" + "\n".join(toml.pairs(hand, LINE_LISTS)) + "\n"
    if as_json:
        yield "\n  ]\n}\n"


def loads(text: str) -> dict:
    """A bhh or JSON document, its shape checked (the rules of Brag are checked when it is recorded)."""
    _size(text)
    return _parsed(text)


def _size(text: str | int) -> None:
    """Bad input where a text (or one of this many characters) is longer than a hand history may be."""
    if (text if isinstance(text, int) else len(text)) > MAX_TEXT:
        raise BadInput(f"a hand history is at most {MAX_TEXT // 2**20} MiB of text, and this one is larger")


def _parsed(text: str) -> dict:
    document = _read(lambda: json.loads(text, object_pairs_hook=_no_duplicates) if text.lstrip().startswith("{")
                     else tomllib.loads(text))  # a table of fields either way: JSON's object, TOML's document
    check_shape(document)
    return document


HANDS = re.compile(r"^\[\[\s*hands\s*\]\][ \t]*(?:#.*)?$", re.MULTILINE)  # a hand's table begins
BRACKETED = re.compile(r"^[ \t]*\[", re.MULTILINE)  # a line a table's header may begin


def _read(parse):
    """What `parse()` makes of a text, or bad input saying why it cannot."""
    try:
        return parse()
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise BadInput(f"not a bhh or JSON hand history: {str(error)[:200]}") from None
    except RecursionError:
        raise BadInput("not a bhh or JSON hand history: nested too deep") from None
    except ValueError as error:  # an integer of thousands of digits, among others
        raise BadInput(f"not a bhh or JSON hand history: {str(error)[:200]}") from None


class Hands(Sequence):
    """A bhh document's hands, each read from its text (and its shape checked) only when it is asked for, and not
    kept: an import of a long history holds one batch of hands at a time. `spans`: where each hand's
    table is, as `part(start, end)` reads it (from the text, or from the file)."""

    def __init__(self, part: Callable[[int, int], str], spans: list[tuple[int, int]], path: str | None = None):
        self.part, self.spans, self.path = part, spans, path  # `path`: the file `part` reads, if it reads one

    def __len__(self) -> int:
        return len(self.spans)

    BATCH = 64  # hands read at once as they are gone through: one TOML parse each, not one a hand

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError("no such hand")
        index %= len(self)
        return self._read(index, index + 1)[0]

    def __iter__(self):
        for first in range(0, len(self), self.BATCH):
            yield from self._read(first, min(first + self.BATCH, len(self)))

    def _read(self, first: int, last: int) -> list[dict]:
        """Hands `first` to `last` (not included), each one table of a hand, its shape checked."""
        return _batch(self.part(self.spans[first][0], self.spans[last - 1][1]), first, last)

    def read_ahead(self, in_order: Callable, foresee: Callable[[dict], Any]) -> Iterator[tuple[dict, Any]]:
        """The hands in order, as iterating gives them, each with what `foresee(hand)` makes of it (picklable: a
        module's function, or a partial of one), but each batch of a file's read, checked and foreseen by
        `in_order(work, jobs)` (`ledger.pieces.in_order`: in other processes, ahead of the one taking them, which is
        left the judging); a text's as iterating reads them, foreseeing nothing (None)."""
        if self.path is None:
            yield from ((hand, None) for hand in self)
            return
        jobs = [(self.path, self.spans[first][0], self.spans[min(first + self.BATCH, len(self)) - 1][1], first,
                 min(first + self.BATCH, len(self))) for first in range(0, len(self), self.BATCH)]
        for hands in in_order(partial(read_batch, foresee=foresee), jobs):
            yield from hands


def read_batch(job: tuple[str, int, int, int, int], foresee: Callable[[dict], Any]) -> list[tuple[dict, Any]]:
    """Hands `first` to `last` of a file, whose tables are its bytes `start` to `end`, each with what `foresee` makes
    of it: a job of `Hands.read_ahead`."""
    path, start, end, first, last = job
    with open(path, "rb") as handle:
        handle.seek(start)
        return [(hand, foresee(hand)) for hand in _batch(handle.read(end - start).decode("utf-8"), first, last)]


def _batch(text: str, first: int, last: int) -> list[dict]:
    """The tables of hands `first` to `last` (not included) of a document, in `text`, each its shape checked."""
    read = _parsed_part(text)
    hands = read.get("hands", [])  # (none: refused just below)
    if set(read) != {"hands"} or len(hands) != last - first or not all(isinstance(h, dict) for h in hands):
        raise BadInput(f"hands {first + 1} to {last} of the history are not {last - first} tables of hands")
    for number, hand in enumerate(hands, first + 1):
        _text_only(hand, "the history")
        _check(hand, hand_shape(), f"hand {hand.get('number', number)}")
    return hands


def loads_lazily(text: str) -> dict:
    """`loads`, but of a bhh text without multi-line strings (as `export` writes it) the hands are a `Hands`: read
    one at a time as they are used. Anything else is read whole, as `loads` reads it."""
    _size(text)
    starts = [match.start() for match in HANDS.finditer(text)]
    if text.lstrip().startswith("{") or not starts or '"""' in text or "'''" in text or \
            len(BRACKETED.findall(text, starts[0])) != len(starts):  # another table among the hands
        return _parsed(text)
    return _lazily(lambda start, end: text[start:end], starts, len(text)) or _parsed(text)


def _lazily(part: Callable[[int, int], str], starts: list[int], end: int, path: str | None = None) -> dict | None:
    """The document whose head is `part(0, starts[0])` and whose hands begin at `starts`, the last ending at `end`
    (of the file at `path`, if `part` reads one); None where its head holds hands of its own (to be read whole)."""
    head = _parsed_part(part(0, starts[0]))
    if "hands" in head:
        return None
    document = {**head, "hands": []}
    check_shape(document)
    document["hands"] = Hands(part, list(zip(starts, [*starts[1:], end], strict=True)), path)
    return document


BLOCK = 2**20  # bytes of a file looked through at once (`load_lazily`)
FILE_HANDS = re.compile(HANDS.pattern.encode(), re.MULTILINE)
FILE_BRACKETED = re.compile(BRACKETED.pattern.encode(), re.MULTILINE)


def load_lazily(path: str) -> dict:
    """`loads_lazily` of a UTF-8 file (past a byte order mark), without holding its text: it is looked through a
    block at a time for where its hands begin, and each batch of hands is read from the file when it is asked for,
    so that an import's memory does not grow with the file. A file `loads_lazily` would read whole (JSON,
    a multi-line string, another table among the hands) is read whole; one longer than a history may be is bad
    input, read no further. `OSError` or `UnicodeDecodeError` where the file cannot be read as UTF-8 text."""
    starts: list[int] = []
    size = others = 0
    opening, whole = b"", False
    with open(path, "rb") as handle:
        offset = skip = len(codecs.BOM_UTF8) if handle.read(len(codecs.BOM_UTF8)) == codecs.BOM_UTF8 else 0
        handle.seek(offset)
        for block in _blocks(handle):
            size += len(block.decode("utf-8"))  # each block checked as UTF-8 as it is read
            _size(size)
            opening = opening or block.lstrip()[:1]
            whole = whole or opening == b"{" or b'"""' in block or b"'''" in block
            found = [offset + match.start() for match in FILE_HANDS.finditer(block)]
            if starts or found:  # the lines a table may begin from the first hand's on
                others += len(FILE_BRACKETED.findall(block, 0 if starts else found[0] - offset))
            starts += found
            offset += len(block)
    if whole or not starts or others != len(starts):
        with open(path, encoding="utf-8-sig") as text:
            return loads(text.read())

    def part(start: int, end: int) -> str:  # the text begins past the byte order mark
        with open(path, "rb") as handle:
            handle.seek(max(start, skip))
            return handle.read(end - max(start, skip)).decode("utf-8")

    return _lazily(part, starts, offset, path) or _parsed(part(0, offset))


def _blocks(handle) -> Iterator[bytes]:
    """The rest of a binary file in blocks of about `BLOCK` bytes, each ending where a line does (a UTF-8 character
    never spans two)."""
    rest = b""
    for chunk in iter(lambda: handle.read(BLOCK), b""):
        chunk = rest + chunk
        cut = chunk.rfind(b"\n") + 1
        if cut:
            yield chunk[:cut]
        rest = chunk[cut:]
    if rest:
        yield rest


def _parsed_part(text: str) -> dict:
    """Part of a bhh text, read as TOML (a part is itself TOML: a table's header line starts it)."""
    return _read(lambda: tomllib.loads(text))


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object in which each key appears once, as TOML requires of its tables."""
    table = dict(pairs)
    if len(table) != len(pairs):
        seen: set[str] = set()
        for twice, _ in pairs:  # the first given again
            if twice in seen:
                break
            seen.add(twice)
        raise BadInput(f"not a bhh or JSON hand history: the key {twice[:40]!r} is given twice")
    return table


SESSION_ID = re.compile(r"[0-9a-f]{32,64}")  # a session's identity, as `session new` mints it (`ledger.seats`)
MAX_TEXT = 64 * 2**20  # a hand history's size: a year of weekly evenings is under 5 MiB
SCALARS = ("_created_at", "_dealt_at")  # custom fields that are one text, not a list
ITEMS = {"players": str, "antes": int, "table_money": int, "before": str, "actions": str, "result": str, "after": str,
         "_before_at": str, "_at": str, "_entered": str, "_after_at": str, "_created_at": str, "_dealt_at": str,
         "_handles": str}
SHAPE = {  # field: (type, required)
    "bhh": (int, True), "variant": (str, True), "session": (str, True), "session_id": (str, False),
    "players": (list, True),
    "rules": (dict, True), "hands": (list, True), "before": (list, False),
}
HAND_SHAPE = {
    "number": (int, True), "dealer": (str, True), "players": (list, True), "antes": (list, True),
    "actions": (list, True), "carried": (int, False), "retained_by": (str, False), "table_money": (list, False),
    "result": (list, False), "after": (list, False),
}


@cache
def dealt_fields() -> tuple[str, ...]:
    """What the games' deals record beside the seats, each a text: their `deal_params` and `dealt_keys` (a card
    turned up R13.7, face-up cards R14.1, a match's lives R14.4, a svara's players R16.7)."""
    return tuple(sorted({name for game in GAMES.values()
                         for name in (*(p.name for p in game.deal_params), *game.dealt_keys)}))


@cache
def hand_shape() -> dict:
    """`HAND_SHAPE` with `dealt_fields`."""
    return {**HAND_SHAPE, **{name: (str, False) for name in dealt_fields()}}


def _check(table: dict, shape: dict, where: str) -> None:
    for name, (kind, required) in shape.items():
        if name not in table:
            if required:
                raise BadInput(f"{where} has no `{name}`")
        elif not isinstance(table[name], kind) or (isinstance(table[name], bool) and kind is int):
            raise BadInput(f"{where}: `{name}` should be {kind.__name__}, not {_brief(table[name])}")
    for name, given in table.items():
        if name not in shape and not name.startswith("_"):
            raise BadInput(f"{where}: unknown field `{name}` (custom fields start with _)")
        if name in SCALARS and not isinstance(given, str):
            raise BadInput(f"{where}: `{name}` should be a text, not {_brief(given)}")
        kind = ITEMS.get(name)
        items = given if isinstance(given, list) else [given]
        if kind and any(not isinstance(item, kind) or isinstance(item, bool) for item in items):
            raise BadInput(f"{where}: `{name}` should hold {kind.__name__}s, not {_brief(given)}")
        if name in TIMES:
            bad = next((item for item in items if not _a_time(item)), None)
            if bad is not None:
                raise BadInput(f"{where}: `{name}` holds {_brief(bad)}, which is not a time with its zone "
                               f"(as bragref writes them: 2026-11-24T21:05:00.000000+00:00)")


TIMES = frozenset({"_created_at", "_dealt_at", "_before_at", "_at", "_after_at"})  # stamped on the rows as given


def _a_time(text: str) -> bool:
    """Whether `text` is an ISO 8601 time with its zone, as rows are stamped (`ledger.store.now`)."""
    try:
        return datetime.fromisoformat(text).tzinfo is not None and text.isascii()
    except ValueError:
        return False


def _text_only(value, where: str) -> None:
    """Every text in the document is text: JSON's `\\ud800` escapes make a lone surrogate, which is none (and which
    no ledger can store)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput(f"{where} holds {_brief(value)}, which is not text (a lone surrogate)") from None
    elif isinstance(value, list):
        for item in value:
            _text_only(item, where)
    elif isinstance(value, dict):
        for name, item in value.items():
            _text_only(name, where)
            _text_only(item, where)


def _brief(value) -> str:
    """A value quoted in a message, cut short: a hostile file does not print megabytes."""
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def check_shape(document: dict) -> None:
    _text_only(document, "the history")
    _check(document, SHAPE, "the history")
    if document["bhh"] != FORMAT:
        raise BadInput(f"this is bhh {document['bhh']}; bragref reads bhh {FORMAT}")
    if "session_id" in document and not SESSION_ID.fullmatch(document["session_id"]):
        raise BadInput(f"the history's `session_id` is {_brief(document['session_id'])}, not a session's identity "
                       f"(32 to 64 lowercase hex digits, as bragref writes it)")
    for number, hand in enumerate(document["hands"], 1):
        if not isinstance(hand, dict):
            raise BadInput(f"hand {number} is not a table")
        _check(hand, hand_shape(), f"hand {hand.get('number', number)}")


def variant(rules: Rules) -> str:
    """What the history's `variant` says: its game's (`Game.variant`), the family's by the cards dealt
    (`three-card brag`) unless the game says its own."""
    return game_of(rules).variant(rules)


# ---- rules ----------------------------------------------------------------------------

RULE_FIELDS = tuple(DEFAULTS)
RULES_ORDER = ("game", "preset", "ante", "min_bet", "max_bet", "raise_limit", "max_stake", "min_raise", "ties",
               "natural_pair", "until", "variant", "chaal_limit", "blind_rounds", "pot_cap", "show_tie", "scoring",
               "lives", "entry", "exchanges", "centre_up", "knock_from", "after_knock", "pot_limit", "blind",
               "see_cost", "retained_blind", "short_money", "stakes", "cards", "wild", "threes_high", "a23", "unit",
               "currency")  # the order bhh 1 has always written a rules table in; any rule added since, after, by name


def _placed(names) -> list[str]:
    """Rules in the order a rules table and a rules line write them (`RULES_ORDER`)."""
    return sorted(names, key=lambda name: (RULES_ORDER.index(name), "") if name in RULES_ORDER else
                  (len(RULES_ORDER), name))


def written(rules: Rules) -> frozenset[str]:
    """The rules of `RULE_FIELDS` a rules table under `rules` writes: those its game declares (`Game.written_rules`:
    every one, for bragref's games), and any other not at its default, so that nothing is lost."""
    declared = game_of(rules).written_rules()
    return frozenset(name for name in RULE_FIELDS if name in declared or getattr(rules, name) != DEFAULTS[name])


def rules_table(rules: Rules) -> dict:
    """Every rule the game writes (`written`) by its option name (`see-cost`), a game's own among them where set
    (`Rules.own`: the rules a game declares are left out at their default, so a history of any other game reads as it
    always has); a rule that is off (None) is left out."""
    kept = written(rules)
    values = {**{name: getattr(rules, name) for name in RULE_FIELDS if name in kept}, **dict(rules.own)}
    return {name.replace("_", "-"): values[name] for name in _placed(values) if values[name] is not None}


LEGACY_RULES = {"betting": "brag", "ranking": "brag"}  # written by bragref before games were plug-ins: brag's


def rules_from_table(table: dict) -> Rules:
    values = {}
    for name, given in table.items():
        field = name.replace("-", "_")
        if LEGACY_RULES.get(field) == given:
            continue
        if field not in RULE_FIELDS and field not in every_option():  # a game's own rule, where its game is here
            raise BadInput(f"unknown rule {name[:40]!r}")
        values[field] = given
    _check_types(values)
    return checked(Rules().with_values(**values))


_KIND_WORDS = {"money": "an amount in units", "bool": "true or false", "count": "a whole number",
               "number": "a whole number or none"}


def _check_types(values: dict) -> None:
    """Each rule's value has the type its declaration gives it (`Option.accepts`); game and preset are words."""
    options = every_option()
    for field, given in values.items():
        option = options.get(field)
        if not (option.accepts(given) if option else isinstance(given, str)):
            kind = _KIND_WORDS.get(option.kind if option else "", "a word")
            raise BadInput(f"rule {field.replace('_', '-')} should be {kind}, not {_brief(given)}")


def rules_change(before: Rules, after: Rules) -> list[str]:
    """`ante=2`, `max-bet=none`, `currency=""`: the words of a rules line, one per rule changed."""
    words = []
    options = every_option()
    for field in _placed({*RULE_FIELDS, *(name for name, _ in (*before.own, *after.own))}):
        default = getattr(options.get(field), "default", None)  # a game's own rule unset is at its default
        new = after.value(field, default)
        if new == before.value(field, default):
            continue
        if new is None or isinstance(new, bool):
            text = {None: "none", True: "true", False: "false"}[new]
        elif isinstance(new, int) or _BARE.fullmatch(new):
            text = str(new)
        else:
            text = json.dumps(new, ensure_ascii=False)
        words.append(f"{field.replace('_', '-')}={text}")
    return words


def changed_rules(rules: Rules, words: list[str]) -> Rules:
    """The rules after a rules line's `name=value` words."""
    values: dict[str, object] = {}
    for word in words:
        name, equals, text = word.partition("=")
        field = name.replace("-", "_")
        if not equals or (field not in RULE_FIELDS and field not in every_option()):
            raise BadInput(f"{word!r} is not rule=value")
        option = every_option().get(field)
        kind = getattr(option, "kind", "text")
        if text.startswith('"'):
            values[field] = _unquote(text)
        elif kind in ("money", "count", "number"):
            values[field] = None if text == "none" else units(text)
        elif text == "none" and option is not None and option.default is None:
            values[field] = None  # a rule turned off (`until`, R11.7), as `rules_change` writes it
        elif kind == "bool":
            if text not in ("true", "false"):
                raise BadInput(f"{word!r}: {name} is true or false")
            values[field] = text == "true"
        else:
            values[field] = text
    _check_types(values)
    return checked(rules.with_values(**values))


# ---- lines ---------------------------------------------------------------------------------


def quoted(name: str) -> str:
    return json.dumps(name, ensure_ascii=False)


def who(name: str, players: list[str]) -> str:
    """A player in a line: `p2` for the hand's second player, else the name quoted."""
    return f"p{players.index(name) + 1}" if name in players else quoted(name)


def _unquote(text: str) -> str:
    try:
        name = json.loads(text)
    except json.JSONDecodeError:
        name = None
    if not isinstance(name, str):
        raise BadInput(f"{text} is not a quoted name")
    return name


def units(text: str) -> int:
    """A count of units in ASCII digits, within R1.1's cap (0 passes: the rules judge it where it is used)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 13:
        raise BadInput(f"{text[:24]!r} is not a whole number of units (R1.1)")
    return check_units(int(text), allow_zero=True)


class Line(structs.Struct, frozen=True):
    """One parsed line: its subject (a name, or `table`), verb and the words after."""

    text: str
    subject: str
    verb: str
    words: tuple[str, ...]
    players: tuple[str, ...]

    def name(self, index: int) -> str:
        return self.player(self.word(index))

    def player(self, word: str) -> str:
        position = _POSITION.fullmatch(word)
        if position:
            number = int(position.group(1))
            if number > len(self.players):
                raise BadInput(f"{self.text!r}: there is no {word} in this hand of {len(self.players)} players")
            return self.players[number - 1]
        if word.startswith('"'):
            return _unquote(word)
        raise BadInput(f"{self.text!r}: {word!r} is not a player (p1, p2, … or a quoted name)")

    def word(self, index: int) -> str:
        if index >= len(self.words):
            raise BadInput(f"{self.text!r} is too short for {self.verb}")
        return self.words[index]

    def amount(self, index: int) -> int:
        return units(self.word(index))

    def flag(self, index: int, flag: str) -> bool:
        if index >= len(self.words):
            return False
        if self.words[index] != flag or index + 1 < len(self.words):
            raise BadInput(f"{self.text!r}: unexpected {' '.join(self.words[index:])!r}")
        return True

    def end(self, index: int) -> None:
        if index < len(self.words):
            raise BadInput(f"{self.text!r}: unexpected {' '.join(self.words[index:])!r}")


def parse(text: str, players: list[str] | tuple[str, ...] = ()) -> Line:
    if not isinstance(text, str):
        raise BadInput(f"{text!r} is not a line of text")
    tokens = _TOKEN.findall(text)
    if len(tokens) < 2:
        raise BadInput(f"{text!r} is not SUBJECT VERB …")
    line = Line(text, TABLE, tokens[1], tuple(tokens[2:]), tuple(players))
    if tokens[0] == TABLE:
        return line
    return Line(text, line.player(tokens[0]), tokens[1], tuple(tokens[2:]), tuple(players))


def text_words(line: Line, start: int) -> str | None:
    """The rest of a line as one quoted text (an undo's reason), or None."""
    if start >= len(line.words):
        return None
    line.end(start + 1)
    return _unquote(line.words[start])


def line_of(source: str, hand: int | None, text: str) -> int | None:
    """The line of a bhh or JSON file that holds `text`, searched from where hand number `hand` begins."""
    start = 0
    if hand is not None:
        marker = re.search(rf'^\s*("number"\s*:|number\s*=)\s*{hand}\b', source, re.MULTILINE)
        if marker is None:
            return None
        start = marker.start()
    found = -1
    for form in (toml.string(text), quoted(text), text):
        found = source.find(form, start)
        if found >= 0:
            break
    return source.count("\n", 0, found) + 1 if found >= 0 else None
