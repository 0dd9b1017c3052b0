"""The section-1 man pages, generated from the commands themselves by click-man.

    python -m bragref.cli.manpages DIR

writes a page for every command there is where it runs, an installed game's commands and
answers included (`man -l DIR/bragref-stick.1`): a plug-in's pages are made at run time,
from its declarations, as its help is. `man/` holds bragref's own, written with only its
own games (`BRAGREF_OWN_GAMES_ONLY=1`, `games.OWN_ONLY`), and `tests/test_docs.py` fails
when a page there no longer matches what this writes so, whatever else is installed.

click-man walks a group's `commands`; bragref's group loads its commands lazily, so the
pages are written from an eager copy of it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from bragref import __version__
from bragref.cli import cli

MAN_DATE = "2026-12-07"  # in every page's header; moved with a release, so pages change only when the CLI does


def every_command() -> click.Group:
    """The `bragref` group with every command loaded, as click-man expects it."""
    ctx = click.Context(cli, info_name="bragref")
    commands = {name: cli.get_command(ctx, name) for name in cli.list_commands(ctx)}
    return click.Group("bragref", commands=commands, params=cli.params, help=cli.help, short_help=cli.short_help)


def write(target: str) -> None:
    from click_man.core import write_man_pages

    write_man_pages("bragref", every_command(), version=__version__, target_dir=target, date=MAN_DATE)
    for page in Path(target).glob("bragref*.1"):
        text = unwrapped(page.read_text(encoding="utf-8"))
        if page.name == "bragref.1":
            text = text.rstrip("\n") + "\n" + MAIN_PAGE_SECTIONS
        if page.name == "bragref-table.1":
            text = text.rstrip("\n") + "\n" + table_answers()
        page.write_text(text, encoding="utf-8")


def table_answers() -> str:
    """bragref-table.1's ANSWERS: each game's answers from its verbs' declarations (their short answers, words,
    arguments and summaries, as `?` lists them at the table), then the table's own."""
    from bragref.cli.table import table_help
    from bragref.engine.rules import Rules
    from bragref.games import GAMES, from_preset

    def roff(text: str) -> str:
        return text.replace("\\", "\\e").replace("-", "\\-")

    lines = [".SH ANSWERS", ("Leave PLAYER out for the player the prompt names, AMOUNT for the least allowed; at a "
             "showdown, CARDS alone show for the player named (at a side show, name the player).")]
    for game in GAMES.values():
        rules = from_preset(next(iter(game.presets)), game=game.name)
        lines.append(f'.SS "{roff(game.title)} (\\-\\-game {game.name})"')
        for kind in game.actions_under(rules):
            names = "|".join((*kind.answers, kind.verb, *(a for a, v in game.aliases_of_verbs.items()
                                                         if v == kind.verb)))
            usage = kind.usage().partition(" ")[2]
            lines += [".TP", f".B {roff(names)}" + (f" {roff(usage)}" if usage else ""), roff(kind.summary)]
    own = table_help(Rules(stakes="table"), GAMES.values())
    lines += [".SS \"The table's own\"", ".nf", *(roff(line) for line in own.split("\n")),
              ".fi"]
    return "\n".join(lines) + "\n"


# What bragref.1 says beyond the group's help: how the program meets its surroundings.
MAIN_PAGE_SECTIONS = r""".SH ENVIRONMENT
.TP
.B BRAGREF_DB
The ledger file, when
.B \-\-db
is not given.
.TP
.B BRAGREF_SESSION
The session meant, when
.B \-\-session
is not given; else the current one.
.TP
.B BRAGREF_OWN_GAMES_ONLY
Any value leaves out the games other distributions install: bragref's own alone, to tell
a plug-in's fault from bragref's.
.TP
.B BRAGREF_PURE
Any value runs bragref without msgspec where it is installed, on the pure-Python path a
browser's Python takes: the same ledgers, slower. Without it, msgspec is used wherever it
imports.
.TP
.B NO_COLOR
Any value turns colour off. Colour is never written where output is not a terminal.
.SH FILES
.TP
.I ~/.config/bragref/ledger.db
The ledger by default (click's application folder for bragref; on macOS
.IR "~/Library/Application Support/bragref" ).
.B bragref where
prints the one in use. Beside it SQLite keeps
.I ledger.db\-wal
and
.IR ledger.db\-shm ,
and bragref keeps what spares the next command work:
.I odds\-cache.json
(each rule set's counts for
.BR odds ,
used only for the bragref version that made them; it may be deleted at any time).
Balances, settle\-up and table money are summed from the ledger's rows every time, and the hand in
play is replayed from them by every command
.RI ( ledger.db\-replay.json ,
which an older bragref kept, is neither read nor written).
.SH EXIT STATUS
.TP
.B 0
Done. A command that has recorded something exits 0 even if printing, or telling what it recorded,
failed afterwards (said on stderr).
.TP
.B 2
Bad input: usage, an amount or card that cannot be read, an unknown name, no session or hand, an output file
that cannot be written there (a pipe, a folder bragref may not write in). Nothing written.
.TP
.B 3
Refused by the rules in the current state, citing the rule (R\&...). Nothing written.
.TP
.B 4
.B audit
found a problem.
.TP
.B 5
The ledger is busy, read\-only, on a full disk, from a newer bragref, or cannot be opened; or it holds a hand
the rules refuse on replay (changed outside bragref:
.B audit
names it); or the disk fails under an output file (full, an I/O error). Nothing written.
.TP
.B 130
Interrupted (Ctrl\-C), wherever it lands: nothing written (0 where a write had committed: it is kept);
.B table
keeps every answer given before.
.TP
.B 1
Anything else: a bug, in bragref or in a game installed beside it (the message names which), to be reported.
.PP
.B run
stops at the first line that does not exit 0 and exits with that line's code: the lines before it stand, each
recorded as its own command would have recorded it.
.SH SEE ALSO
.BR bragref\-rules (7),
.BR bragref\-bhh (5)
"""


def unwrapped(page: str) -> str:
    """click's `\\b` (keep these lines as written) as roff's no-fill block, `.nf` up to the next paragraph; a
    backslash of the help's own text (`printf 'd\\n'`) as roff's `\\e`, so that it prints as typed."""
    lines, filling = [], True
    page = re.sub(r"\\(?![-fe&(])", r"\\e", page)
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
