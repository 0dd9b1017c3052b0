"""The hot path: one command per thing that happens at the table."""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.cli.argv import answer_words, asks_help
from bragref.cli.lines import recorded, situation
from bragref.told import voided_words


def record(app, verb: str, *words: str) -> None:
    """One action, its words as typed (`bet bill 2 blind`): recorded, then where the hand stands."""
    for line in recorded(app.book(), verb, words):
        click.echo(line)


@click.command(short_help="Void the last action of the current hand.")
@click.option("--reason", help="Why, for the record.")
@click.pass_obj
def undo(app, reason: str | None) -> None:
    """Void the last action of the current hand; nothing is deleted (R9.1).

    Right after a deal, voids the deal (a misdeal). Between hands it voids the
    action that settled the last hand, its payments reversed, but only while
    nothing has been recorded since: once a later deal, a loan, a repayment,
    table money, a seat or rules change or a close follows, settled is final
    and undo is refused (R9.1). Nothing is undone in a closed session. A
    settle-up (`paid`), which belongs to no session, is voided while it is
    the ledger's last event, after a close too.

    \b
    Example:
      bragref undo --reason "Bill bet 3, not 2"
    """
    book = app.book()
    book.undo(reason)
    session, current, voided = book.last
    click.echo(voided_words(voided, current, session.now_called, session.rules.game))
    if voided.action is not None:
        click.echo(situation(current.number, current.hand))


def verb_command(kind, name: str | None = None, games: dict | None = None) -> click.Command:
    """The command for an action type, made from its declaration (`games.verbs`): `bragref bet PLAYER AMOUNT
    [--blind]`, `bragref show PLAYER CARDS… [--discard CARD]…`; `name`, where it is called by a game's alias
    (`chaal`); `games`: each game's move by the verb, by the game's title, where they differ (three games `pass`):
    the help gives each (the hand's own game's is the one played)."""
    params: list[click.Parameter] = []
    if kind.subject == "player":
        params.append(click.Argument(["player"], shell_complete=complete.players))
    for param in kind.params:
        if param.kind == "flag":
            params.append(click.Option([param.option, param.name], is_flag=True, help=param.help))
        elif param.kind == "toggle":
            params.append(click.Option([param.option, param.name], default=None, help=param.help))
        elif param.kind == "choice" and param.option:
            params.append(click.Option([param.option, param.name], type=click.Choice(param.words), help=param.help))
        elif param.kind == "choice":
            params.append(click.Argument([param.name], type=click.Choice(param.words), required=param.required))
        elif param.option:
            multiple = param.kind != "money"
            params.append(click.Option([param.option, param.name], multiple=multiple, help=param.help,
                                       metavar=None if multiple else param.metavar))
        else:
            many = param.kind in ("cards", "players")
            params.append(click.Argument([param.name], nargs=-1 if many else 1, required=param.required,
                                         shell_complete=complete.players if param.kind == "players" else None))
    name = name or kind.verb
    examples = "\n".join(f"  bragref {name} {example}".rstrip() for example in kind.examples)
    helps = kind.help
    told: dict[str, list[str]] = {}  # each help, with the games whose move it is
    for title, other in (games or {}).items():
        told.setdefault(other.help, []).append(title)
    if len(told) > 1:
        helps = "\n\n".join(f"In {', '.join(titles[:-1]) + ' and ' if len(titles) > 1 else ''}{titles[-1]}: {text}"
                              for text, titles in told.items())
    also = f"\n\nThe same as `bragref {kind.verb}`: {name} is its name in the game's own words." if name != kind.verb else ""

    @click.pass_obj
    def callback(app, argv: list[str]) -> None:
        record(app, name, *answer_words(kind, argv))

    return MoveCommand(name, callback=callback, params=params, short_help=kind.summary,
                       help=f"{helps}{also}\n\n\b\nExample:\n{examples}")


class MoveCommand(click.Command):
    """A game's move as a command: its declaration shown by click as its help, and completed by click, but its words
    read one way, the declaration's (`argv.answer_words`), as the quick path reads them."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.resilient_parsing or asks_help(args):  # completing a word, or help: click's, from the declaration
            return super().parse_args(ctx, args)
        ctx.params = {"argv": list(args)}
        return []


COMMANDS = [undo]  # and a command for each verb a game declares, made when it is asked for (`verb_command`)
