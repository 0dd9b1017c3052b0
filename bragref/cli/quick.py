"""The quick path: a move typed at the command line (`bragref bet bill 2`, `bragref fold ann`, `bragref call
andy`) recorded and told without loading click, the command line's framework, which is a third of such a command's
time.

It takes the options every command takes (`--db`, `--session`, or their variables), then any game's move, its words
read as the move's command reads them, by its declaration (`argv.answer_words`). Anything else (another
command, help, an option every command does not take, a word that is not text) it leaves to the command line. What
it takes is judged once: a refusal, bad input, or a ledger busy past the timeout it tells as the command line does
(`group.refused_or_bad`, which loads click for its words), never handing the words on to be judged again. Once it
has recorded, it tells it in the command line's words (`lines.recorded`), and a failure is reported as the command
line reports one (`group.failed`, `group.output_failed`)."""

from __future__ import annotations

import codecs
import os
import sys

from bragref.cli import COMMAND_MODULES, App, default_db, interrupted, plain
from bragref.cli.argv import answer_words, asks_help
from bragref.engine.errors import BadInput, Refused
from bragref.games.verbs import FAMILY_VERBS
from bragref.ledger.db import LedgerUnavailable

GLOBAL = {"--db": "BRAGREF_DB", "--session": "BRAGREF_SESSION"}  # the options every command takes, and their variables


def recorded(words: list[str]) -> int | None:
    """Record the command `words` (what follows `bragref`) where this path reads it: the exit code. None leaves it
    to the command line, nothing recorded."""
    read = _read(words)
    if read is None:
        return None
    app, verb, kind, args = read
    try:
        from bragref.cli.lines import recorded as told

        try:
            said = answer_words(kind, args)  # read before the ledger is opened, as the move's command reads them
            lines = told(app.book(), verb, said)
        except (Refused, BadInput, LedgerUnavailable) as error:  # told here, as the command line tells it: a refusal
            from bragref.cli.group import refused_or_bad  # is judged once, a busy ledger waited for once

            return refused_or_bad(error)
        for line in lines:
            sys.stdout.write(plain(line, sys.stdout) + "\n")
        sys.stdout.flush()
        return 0
    except KeyboardInterrupt:  # as the command line tells it (a write under way is rolled back)
        return interrupted(app.wrote)
    except OSError as error:  # printing failed: a closed pipe, a full disk
        from bragref.cli.group import output_failed

        return output_failed(app.wrote, error)
    except Exception as bug:
        if os.environ.get("BRAGREF_DEBUG"):
            raise
        from bragref.cli.group import failed

        return failed(app.wrote, bug)
    finally:
        app.close()


def _read(words: list[str]) -> tuple[App, str, type, list[str]] | None:
    """The ledger, the move's word as typed, its action type and the words after it (`bet`, `Bet`, `['bill', '2',
    '--blind']`), where the command line would read `words` as a move; else None."""
    if sys.stdout is None or codecs.lookup(sys.stdout.encoding or "ascii").name != "utf-8" or \
            sys.platform == "win32" or any(name.startswith("_BRAGREF") for name in os.environ):
        return None  # output click would write otherwise (its Windows console), shell completion asking
    given: dict[str, str] = {}
    while words and words[0].startswith("-"):
        name, equals, value = words[0].partition("=")
        if name not in GLOBAL or name in given or (not equals and (len(words) < 2 or words[1].startswith("-"))):
            return None
        given[name], words = (value, words[1:]) if equals else (words[1], words[2:])
    if not words or words[0] in COMMAND_MODULES or asks_help(words[1:]) or \
            not all(_text(word) for word in (*words, *given.values())):
        return None  # a command that is no move, help, or words no ledger row can hold: the command line's to say
    kind = FAMILY_VERBS.get(words[0])
    if kind is None:  # a game's own move, or its word for one (`chaal`): every game loaded, as for its command
        from bragref.games import game_verbs, verb_aliases

        kind = game_verbs().get(words[0]) or verb_aliases().get(words[0])
        if kind is None:
            return None  # no such command: the command line names the nearest
    db, session = (given.get(name) if name in given else os.environ.get(variable) or None
                   for name, variable in GLOBAL.items())
    if db == "" or session == "" or (db is not None and os.path.isdir(db)):
        return None  # what the command line says of these is its own
    return App(db or default_db(), session, "--session" in given), words[0], kind, words[1:]


def _text(word: str) -> bool:
    """Whether a word typed is UTF-8 text (not bytes Python kept as lone surrogates)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
