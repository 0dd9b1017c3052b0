"""The section-1 man pages, generated from the commands themselves by click-man.

    python -m bragref.cli.manpages man/

click-man walks a group's `commands`; bragref's group loads its commands lazily, so the
pages are written from an eager copy of it. `tests/test_docs.py` fails when a page in
`man/` no longer matches what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from bragref import __version__
from bragref.cli import cli

MAN_DATE = "2026-11-21"  # in every page's header; moved with a release, so pages change only when the CLI does


def every_command() -> click.Group:
    """The `bragref` group with every command loaded, as click-man expects it."""
    ctx = click.Context(cli, info_name="bragref")
    commands = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return click.Group("bragref", commands=commands, params=cli.params, help=cli.help, short_help=cli.short_help)


def write(target: str) -> None:
    from click_man.core import write_man_pages

    write_man_pages("bragref", every_command(), version=__version__, target_dir=target, date=MAN_DATE)
    for page in Path(target).glob("bragref*.1"):
        page.write_text(unwrapped(page.read_text(encoding="utf-8")), encoding="utf-8")


def unwrapped(page: str) -> str:
    """click's `\\b` (keep these lines as written) as roff's no-fill block, `.nf` up to the next paragraph."""
    lines, filling = [], True
    for line in page.split("\n"):
        if line.strip() == "\b":
            lines.append(".nf")
            filling = False
            continue
        if not filling and line.startswith((".PP", ".SH")):
            lines.append(".fi")
            filling = True
        lines.append(line)
    return "\n".join(lines)


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else "man")
