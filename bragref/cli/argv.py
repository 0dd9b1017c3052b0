"""A move's command line read by its declaration: what follows `bragref VERB`, read once, as click reads
a command's arguments (options anywhere, `--hand old` or `--hand=old`, `--discard` again for each card, `--` before
words that begin with a dash), and given as the words of a `table` answer (`bill 2 blind`), which `Book.act` reads
into values. The quick path (`cli.quick`) and the move's command (`hand.verb_command`, whose click declaration
gives its help and completion) both read through here: a move typed is read one way whichever runs it."""

from __future__ import annotations

import re

from bragref.engine.errors import BadInput

HELP = ("-h", "--help")
NEGATIVE = re.compile(r"-\d+(\.\d*)?")  # `-1`, `-1.50`: an amount below 0, not an option (R1.1)


def below_zero(word: str) -> str:
    """What is said of a value typed below 0 (`bet bob -1`), by the move's reading and by click's for other commands."""
    return f"{word} is below 0: an amount is more than 0 (R1.1), and so is a hand's number"


def asks_help(args: list[str]) -> bool:
    """Whether `args` ask for the command's help (before any `--`), which click gives."""
    options = args[:args.index("--")] if "--" in args else args
    return any(word in HELP for word in options)


def answer_words(kind, args: list[str]) -> list[str]:
    """The words of a `table` answer that the command line's `args` give for an action of `kind`: its player (where a
    player does it), then each parameter's words in the declaration's order (`typed_words`); bad input, with the
    command's usage, where they are not its arguments and options."""
    options: dict[str, tuple] = {}  # each spelling → (the parameter, the value it sets, or None: the next word)
    for param in kind.params:
        if param.kind == "toggle":
            on, _, off = param.option.partition("/")
            options.update({on: (param, True), off: (param, False)})
        elif param.option:
            options[param.option] = (param, True if param.kind == "flag" else None)
    values: dict = {param.name: () if param.kind in ("cards", "players") else None for param in kind.params}
    values.update({param.name: False for param in kind.params if param.kind == "flag"})
    typed: list[str] = []
    at, only_arguments = 0, False
    while at < len(args):
        word = args[at]
        at += 1
        if only_arguments or not word.startswith("-") or word == "-":
            typed.append(word)
            continue
        if word == "--":
            only_arguments = True
            continue
        if NEGATIVE.fullmatch(word):
            raise BadInput(below_zero(word))
        name, equals, value = word.partition("=")
        if name not in options:
            raise BadInput(f"{kind.verb} has no option {name} ({command_usage(kind)})")
        param, sets = options[name]
        if sets is not None:
            if equals:
                raise BadInput(f"{name} takes no value ({command_usage(kind)})")
            values[param.name] = sets
            continue
        if not equals:
            if at == len(args):
                raise BadInput(f"{name} wants {param.metavar} after it ({command_usage(kind)})")
            value, at = args[at], at + 1
        values[param.name] = (*values[param.name], value) if param.kind == "cards" else value
    wanted = [("PLAYER", None)] if kind.subject == "player" else []
    wanted += [(param.metavar, param) for param in kind.params if not param.option]
    player = None
    for metavar, param in wanted:
        many = param is not None and param.kind in ("cards", "players")
        if not typed:
            if param is None or param.required:
                raise BadInput(f"{kind.verb} wants {metavar} ({command_usage(kind)})")
            continue
        if param is None:
            player, typed = typed[0], typed[1:]
        elif many:
            values[param.name], typed = tuple(typed), []
        else:
            values[param.name], typed = typed[0], typed[1:]
    if typed:
        raise BadInput(f"unexpected {' '.join(typed)!r} after {kind.verb} ({command_usage(kind)})")
    return [*([player] if player is not None else []), *typed_words(kind, values)]


def command_usage(kind) -> str:
    """`bragref bet PLAYER AMOUNT [--blind]`: a move's command, from its declaration."""
    words = ["bragref", kind.verb, *(["PLAYER"] if kind.subject == "player" else [])]
    for param in kind.params:
        if param.kind in ("flag", "toggle"):
            words.append(f"[{param.option.replace('/', '|')}]")
        elif param.option:
            words.append(f"[{param.option} {'|'.join(param.words) if param.kind == 'choice' else param.metavar}]")
        else:
            shown = "|".join(param.words) if param.kind == "choice" else param.metavar
            shown += "…" if param.kind in ("cards", "players") else ""
            words.append(shown if param.required else f"[{shown}]")
    return " ".join(words)


def typed_words(kind, values: dict) -> list[str]:
    """The command line's values as the words of a `table` answer (`2 blind`, `Kh Qh Jh discard 2c`): one reading
    of them, the declaration's (`Verb.from_words`)."""
    words: list[str] = []
    for param in kind.params:
        value = values[param.name]
        if value is None or value == () or (value is False and param.kind == "flag"):
            continue
        words += param.keywords[:1]
        if param.kind in ("flag", "toggle"):
            words.append(param.words[0] if value else param.words[1])
        elif param.kind in ("cards", "players"):
            words += value
        else:
            words.append(value)
    return words
