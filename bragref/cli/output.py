"""Words and tables for people; JSON and CSV for programs."""

from __future__ import annotations

import functools
import io
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import repeat

import click
import bragref.structs as structs

from bragref.cli import cell


class Output(structs.Struct, frozen=True):
    """How a report prints: a table for people (any tabulate format), or JSON or CSV for programs.

    Money in JSON and CSV is integer units; tables print it in the session's currency and unit.
    """

    form: str = "table"  # table | json | csv
    fmt: str | None = None  # a tabulate format; None: the report's own way, a `simple` table for most

    def data(self, data, rows: list[dict] | None = None, columns: Iterable[str] | None = None) -> bool:
        """Print `data` as JSON, or `rows` (else `data`) as CSV, when asked: True if printed, and no table is due.
        `columns`: the CSV's, where the report's keys are known without a row (its header printed with none)."""
        if self.form == "json":
            emit_json(data)
        elif self.form == "csv":
            emit_csv(data if rows is None else rows, columns)
        return self.form != "table"

    def table(self, rows: list[dict]) -> None:
        emit_table(rows, self.fmt or "simple")


class TableFormat(click.ParamType):
    """A tabulate format, checked when one is given: tabulate itself loads only for a table in a format other than
    `simple` (`emit_table`)."""

    name = "format"

    def convert(self, value, param, ctx):
        from tabulate import tabulate_formats

        if value not in tabulate_formats:
            self.fail(f"{value!r} is not a table format: one of {', '.join(sorted(tabulate_formats))}", param, ctx)
        return value

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem
        from tabulate import tabulate_formats

        return [CompletionItem(name) for name in sorted(tabulate_formats) if name.startswith(incomplete)]


def output_options(command):
    """`--json`, `--csv` and `--fmt` on a report, handed to it as one `out: Output`."""

    @functools.wraps(command)
    def with_output(*args, as_json: bool, as_csv: bool, fmt: str, **kwargs):
        if as_json and as_csv:
            raise click.UsageError("choose --json or --csv, not both")
        return command(*args, out=Output("json" if as_json else "csv" if as_csv else "table", fmt), **kwargs)

    for option in (
        click.option("--fmt", type=TableFormat(), metavar="FORMAT",
                     help="Table format: any tabulate format, e.g. github, grid, plain. [simple]"),
        click.option("--csv", "as_csv", is_flag=True, help="Print CSV (money in integer units)."),
        click.option("--json", "as_json", is_flag=True, help="Print JSON (money in integer units)."),
    ):
        with_output = option(with_output)
    return with_output


HAND_NUMBERS = 2**63 - 1  # the most a hand number can be (SQLite's integers): a larger one is bad input, not a crash

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may run as a formula


def csv_cell(value):
    """A CSV cell: text escaped as for the terminal and kept from running as a spreadsheet formula; numbers as they are."""
    if not isinstance(value, str):
        return value
    return "'" + cell(value) if value.startswith(FORMULA_STARTS) else cell(value)


@functools.cache
def pretty():
    """The encoder of every JSON a command prints, made once (`json.dumps` makes one a call), and only by a command
    that prints JSON: an action's, and a report printed as text or CSV, never imports `json`."""
    import json

    return json.JSONEncoder(indent=2, ensure_ascii=False)


def emit_json(data) -> None:
    click.echo(pretty().encode(data))


JSON_BETWEEN = ",\n  "  # between two items of a list as `emit_json` prints it


def json_item(row) -> str:
    """One item of a list as `emit_json` prints it, indented."""
    return pretty().encode(row).replace("\n", "\n  ")


def json_listed(items) -> Iterator[str]:
    """`emit_json`'s text of a list whose items come encoded (`json_item`), an item at a time; several items joined
    by `JSON_BETWEEN` count as one (a piece of a long list made elsewhere), and an empty one as none."""
    first = True
    for item in items:
        if item:
            yield ("[\n  " if first else JSON_BETWEEN) + item
            first = False
    yield "[]\n" if first else "\n]\n"


def csv_chunks(rows, header: bool = True, columns: Iterable[str] | None = None) -> Iterator[str]:
    """`csv_text` of the rows, a row at a time, the header first (unless `header` is false: a later piece of a long
    table made elsewhere). The columns are `columns`, a report's keys in their order where they are known without a
    row: its header is written even with no row (a spreadsheet finds its columns whatever the rows); else the first
    row's (a later piece's first row has the same keys in the same order), and no row, no header."""
    buffer = io.StringIO()
    writer = None if columns is None else _csv_writer(buffer, columns, header)
    for row in rows:
        if writer is None:
            writer = _csv_writer(buffer, row, header)
        writer.writerow({key: csv_cell(value) for key, value in row.items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    if buffer.tell():  # the header alone: no row
        yield buffer.getvalue()


def _csv_writer(buffer: io.StringIO, columns: Iterable[str], header: bool):
    import csv
    writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n")
    if header:
        writer.writeheader()
    return writer


def csv_text(rows: list[dict], columns: Iterable[str] | None = None) -> str:
    """`csv_chunks` of rows held whole: without `columns`, every row's keys in the order met (a report whose later
    rows have a key its first has not, `settle`'s `pay`, has its column; a row without it, an empty cell)."""
    if columns is None and rows:
        columns = dict.fromkeys(key for row in rows for key in row)
    return "".join(csv_chunks(rows, columns=columns))


def emit_csv(rows: list[dict], columns: Iterable[str] | None = None) -> None:
    """The rows as CSV: `csv_chunks`' (with no row, the header of the `columns` given, else nothing)."""
    click.echo(csv_text(rows, columns), nl=False)


@contextmanager
def progress(length: int, label: str):
    """Advance a progress bar (click's own, on stderr) when stderr is a terminal; elsewhere do nothing."""
    if not sys.stderr.isatty():
        yield lambda steps=1: None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield lambda steps=1: bar.update(steps)


# Columns that hold numbers or money: printed right-aligned, so that the units line up.
NUMBER_COLUMNS = frozenset({"#", "amount", "pot", "stake", "paid", "won", "result", "loans", "net", "count", "probability",
                            "hands", "nights", "best", "worst", "biggest pot", "paid up", "owed",
                            "place", "of", "table money", "into pot"})


def emit_table(rows: list[dict], fmt: str = "simple") -> None:
    if rows:
        click.echo(table_text(rows, fmt))


def table_text(rows: list[dict], fmt: str = "simple") -> str:
    """`rows` (not empty) as a table in `fmt`, numbers and money right-aligned."""
    return grid_text(list(rows[0]), [list(r.values()) for r in rows], fmt)


def grid_text(headers: list[str], rows: list[list], fmt: str = "simple") -> str:
    """A table in `fmt` of rows given as their cells' values in the order of `headers` (`table_text` of rows made
    without a dict each: a whole session's `history`). A printable text, nearly every cell's, is `cell`'s own."""
    align = ["right" if h in NUMBER_COLUMNS else "left" for h in headers]
    if fmt == "simple":
        return simple_table(headers, [[(v if v.isprintable() else cell(v)).strip() if isinstance(v, str) else
                                       "" if v is None else str(v) for v in r] for r in rows], align)
    from tabulate import tabulate

    text = csv_cell if fmt == "tsv" else (lambda v: md_escape(cell(v))) if fmt in MARKDOWN else cell
    cells = [[text(v) if isinstance(v, str) else v for v in r] for r in rows]
    return tabulate(cells, headers=headers, tablefmt=fmt, disable_numparse=True, colalign=align)


def plain(text: str) -> str:
    """A text cell as `grid_text` prints it in the simple format: every unprintable character escaped (`cell`),
    stripped. The texts of a long report repeat (names, verbs, notes): each is worked out once, of the last few
    thousand."""
    done = PLAINED.get(text)
    if done is None:
        if len(PLAINED) >= PLAIN_KEPT:
            PLAINED.clear()
        done = PLAINED[text] = plained(text)
    return done


def plained(text: str) -> str:
    """`plain`'s text, worked out (not looked up)."""
    return (text if text.isprintable() else cell(text)).strip()


PLAINED: dict[str, str] = {}  # each text `plain` has worked out, of the last few thousand
PLAIN_KEPT = 4096


class Cells(dict):
    """Table cells (`plain`) by the value each is made from (`made`, given the value; a text as it is, where None),
    each worked out once, of the last few thousand, and an empty one for None: a long report's cells are looked up,
    not made again (`reports.hand_table`, a whole session's `history`). `known` holds the same in a dict of Python's
    own, for a loop of a hundred thousand lookups where every cell is known already (a dict of a class's own is
    looked up through its class, several times slower); a cell not known is a `KeyError` there, made here."""

    def __init__(self, made: Callable | None = None):
        super().__init__()
        self.made = made
        self.known: dict = {None: ""}
        self[None] = ""

    def __missing__(self, value) -> str:
        known = self.known
        if len(self) >= PLAIN_KEPT:
            self.clear()
            known.clear()
            self[None] = known[None] = ""
        text = self[value] = known[value] = plained(value if self.made is None else self.made(value))  # kept here,
        return text  # not in `plain`'s


def _money_text(unit: str, currency: str) -> Callable[[int], str]:
    from bragref.engine.money import format_money

    return lambda units: format_money(units, unit, currency)


@functools.lru_cache(maxsize=16)
def amount_texts(unit: str, currency: str) -> dict[int | None, str]:
    """Each amount in the money of `unit` and `currency` as `Rules.money` writes it, as a table's cell (`Cells`; none
    for None): looked up, not formatted again, for every cell of a long report."""
    return Cells(_money_text(unit, currency))


MARKDOWN = frozenset({"github", "pipe"})  # tabulate's formats that are Markdown, where a cell's text is escaped
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def md_escape(text: str) -> str:
    """Text for Markdown: each character Markdown could read as markup (a link, emphasis, a table's `|`) escaped
    with a backslash, so a name prints as itself and never as a link or a new column."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", text)


def simple_table(headers: list[str], texts: list[list[str]], align: list[str]) -> str:
    """The table tabulate's `simple` format prints (without `wcwidth`), made here from each cell's text, stripped:
    every report's default, so a report pays neither for importing tabulate nor for its general formatter, a whole
    session's `history` most. While a report is printed to fit a width (`fitting`: at the table), a last column of
    text too wide for it is wrapped at spaces within its own column."""
    widths = [max(len(header) + 2, *map(len, column))
              for header, column in zip(headers, zip(*texts, strict=False), strict=False)]
    room = FIT[-1] - sum(widths[:-1]) - 2 * (len(widths) - 1) if FIT and len(widths) > 1 else None
    if room is not None and widths[-1] > room >= MIN_WRAPPED and align[-1] == "left":
        widths[-1] = room
        texts = [[*row[:-1], part] if index == 0 else [""] * (len(row) - 1) + [part]
                 for row in texts for index, part in enumerate(textwrap.wrap(row[-1], room, break_long_words=False,
                                                                             break_on_hyphens=False) or [""])]
    pattern = "  ".join(f"{{:{'>' if side == 'right' else '<'}{width}}}"
                        for width, side in zip(widths, align, strict=False))
    lines = [pattern.format(*headers).rstrip(), "  ".join("-" * width for width in widths)]
    lines += [pattern.format(*row).rstrip() for row in texts]
    return "\n".join(lines)


class SimpleShapes:
    """The shapes of one kind of simple table (its headers and their alignment), each worked out once a width of its
    columns, of the last few hundred: `text` makes `simple_table` of a table given as its rows' cell texts (each
    stripped), its lines by one format (`_shape`), each column's width found by its own (`map`, not
    a loop over its cells in Python): a whole session's `history` is ten thousand tables of a few kinds."""

    def __init__(self, headers: tuple[str, ...], align: tuple[str, ...]):
        self.headers, self.align, self.least = headers, align, _least(headers)
        self.shapes: dict[tuple[int, ...], tuple[str, str]] = {}

    def text(self, rows: list[tuple[str, ...]]) -> str:
        if FIT or not rows:
            return simple_table(list(self.headers), list(map(list, rows)), list(self.align))
        widths = tuple(map(max, self.least, map(max, map(map, repeat(len), zip(*rows, strict=True)))))
        shape = self.shapes.get(widths)
        if shape is None:
            if len(self.shapes) >= SHAPES_KEPT:
                self.shapes.clear()
            shape = self.shapes[widths] = _shape(self.headers, self.align, widths)
        pattern, head = shape
        return head + "\n".join(map(str.rstrip, map(pattern.__mod__, rows)))


SHAPES_KEPT = 256


def _least(headers: tuple[str, ...]) -> tuple[int, ...]:
    """The least width of each column of a simple table: its header's, and two more."""
    return tuple(len(header) + 2 for header in headers)


def _shape(headers: tuple[str, ...], align: tuple[str, ...], widths: tuple[int, ...]) -> tuple[str, str]:
    """A simple table's format for a line of cells (`%` of their tuple) and its first two lines, as `simple_table`
    makes them."""
    pattern = "  ".join(f"%{'' if side == 'right' else '-'}{width}s" for width, side in zip(widths, align, strict=True))
    if align[-1] != "right":  # a last column padded on its right only to be stripped again: not padded
        pattern = pattern[:pattern.rindex("%")] + "%s"
    return pattern, f"{(pattern % headers).rstrip()}\n{'  '.join('-' * width for width in widths)}\n"


FIT: list[int] = []  # the width reports' tables are made to fit while the table prints one (`fitting`)
MIN_WRAPPED = 12  # the narrowest a last column is wrapped to; narrower, the table is left as it is


@contextmanager
def fitting(width: int):
    """Reports printed meanwhile make their tables fit `width` (`simple_table`): the table's, whose every line fits
    the terminal (docs/reference.md, Interactive)."""
    FIT.append(width)
    try:
        yield
    finally:
        FIT.pop()
