"""Words and tables for people; JSON and CSV for programs."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager

import click

from bragref.cli import printable
from bragref.engine.rules import Rules
from bragref.engine.state import Legal, Range


def output_options(*, csv: bool = True):
    def decorate(command):
        command = click.option("--fmt", default="simple", show_default=True,
                               help="Table format: any tabulate format, e.g. github.")(command)
        if csv:
            command = click.option("--csv", "as_csv", is_flag=True, help="Print CSV.")(command)
        return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(command)

    return decorate


def span(rng: Range, rules: Rules) -> str:
    if rng.max is None:
        return f"{rules.money(rng.min)} or more"
    if rng.max == rng.min:
        return rules.money(rng.min)
    return f"{rules.money(rng.min)}–{rules.money(rng.max)}"


def legal_words(legal: Legal, rules: Rules | None = None) -> str:
    """`bet 4–14, bet blind 2–7, see for 8, look, fold`: what may be done now."""
    return ", ".join(legal_parts(legal, rules or Rules()))


def legal_parts(legal: Legal, rules: Rules) -> list[str]:
    parts = []
    if legal.bet:
        parts.append(f"bet {span(legal.bet, rules)}")
    if legal.blind_bet:
        parts.append(f"bet blind {span(legal.blind_bet, rules)}")
    if legal.see is not None:
        parts.append(f"see for {rules.money(legal.see)}")
    if legal.look:
        parts.append("look")
    if legal.look_retained:
        parts.append("look --hand old|new --keep|--fold")
    if legal.cover and not (legal.bet or legal.blind_bet):  # named only when no bet is within reach (R7.2)
        parts.append(f"cover with {span(legal.cover, rules)}")
    if legal.showdown:
        parts.append("agree a showdown")
    if legal.fold:
        parts.append("fold")
    if legal.show:
        parts.append(f"show ({', '.join(legal.show)})")
    if legal.concede:
        parts.append(f"concede ({', '.join(legal.concede)})")
    if legal.award:
        parts.append(f"award ({', '.join(legal.award)})")
    return parts


def legal_json(legal: Legal) -> dict:
    def rng(r: Range | None):
        return None if r is None else {"min": r.min, "max": r.max}

    return {
        "fold": legal.fold,
        "look": legal.look or legal.look_retained,
        "bet": rng(legal.bet),
        "blind_bet": rng(legal.blind_bet),
        "see": None if legal.see is None else {"cost": legal.see},
        "cover": legal.cover is not None,
        "cover_range": rng(legal.cover),
        "showdown": legal.showdown,
        "show": list(legal.show),
        "concede": list(legal.concede),
        "award": list(legal.award),
    }


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may run as a formula


def csv_cell(value):
    """A CSV cell: text escaped as for the terminal and kept from running as a spreadsheet formula; numbers as they are."""
    if not isinstance(value, str):
        return value
    return "'" + value if value.startswith(FORMULA_STARTS) else printable(value)


def emit_json(data) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def csv_text(rows: list[dict]) -> str:
    import csv
    import io

    if not rows:
        return ""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows({key: csv_cell(value) for key, value in row.items()} for row in rows)
    return buffer.getvalue()


def emit_csv(rows: list[dict]) -> None:
    click.echo(csv_text(rows), nl=False)


@contextmanager
def progress(length: int, label: str):
    """Advance a progress bar (click's own, on stderr) when stderr is a terminal; elsewhere do nothing."""
    if not sys.stderr.isatty():
        yield lambda steps=1: None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


def emit_table(rows: list[dict], fmt: str = "simple") -> None:
    from tabulate import tabulate

    if rows:
        cells = [[printable(v) if isinstance(v, str) else v for v in r.values()] for r in rows]
        click.echo(tabulate(cells, headers=list(rows[0]), tablefmt=fmt, disable_numparse=True))
