"""The hot path: one command per thing that happens at the table."""

from __future__ import annotations

import click

from bragref.cli import complete
from bragref.cli.argv import answer_words, asks_help
from bragref.cli.lines import recorded, situation
from bragref.engine.errors import Refused
from bragref.engine.names import resolve
from bragref.engine.state import Hand
from bragref.games import game_of, games_using


def name_in(hand: Hand, query: str) -> str:
    return resolve(query, [p.name for p in hand.players])


def seats_words(seats: list[str]) -> str:
    """Who is seated now, in seat order: "Seats: Ann, Bob." (or that nobody is, once the last has left). Here, not beside
    `session`'s commands, whose options load every game: `status` needs only its hand's."""
    return f"Seats: {', '.join(seats)}." if seats else "Nobody is seated."


def record(app, verb: str, *words: str) -> None:
    """One action, its words as typed (`bet bill 2 blind`): recorded, then where the hand stands."""
    for line in recorded(app.book(), verb, words):
        click.echo(line)


def time_words(book) -> str:
    """What the game's housekeeping says after a deal: the evening's end coming (R11.7), or nothing."""
    try:
        return book.reminder() or ""
    except Refused:
        return "This is the evening's last hand: with it every player has dealt as often as the others (R11.7)."


def dealt_words(current, previous, told: str = "") -> str:
    """The deal in one line: dealer, antes, a carried pot, a shuffle due (R9.2), a retained hand (R6.3, R6.4)."""
    hand = current.hand
    money = hand.rules.money
    game = game_of(hand.rules)
    ante = f"{game.say('antes').capitalize()} {money(game.ante_of(hand))} each" if game.ante_of(hand) else \
        f"No {game.say('ante')}"
    line = f"Hand {current.number}: {hand.dealer} deals. {ante}"
    if hand.carried_in:
        line += f", with {money(hand.carried_in)} carried forward"
    if not game.shuffles:  # a game shuffling before every deal says so in its reminder (R16.1), instead of R9.2
        if previous is None:
            line += ". Shuffle the pack: first deal of the session (R9.2)"
        elif previous.hand.result.shuffle:
            line += (f". Shuffle the pack: hand {previous.number} was won with a "
                     f"{game_of(previous.hand.rules).say('prial')} (R9.2)")
    if hand.retained_by:
        kept = "plays a face-up second hand (R6.4)" if hand.faceup else "holds the retained hand and a new one (R6.3)"
        line += f". {hand.retained_by} {kept}"
    return line + "." + "".join(f" {words}" for words in (game.dealt_words(hand), game.reminder, told) if words)


@click.command(short_help="Void the last action of the current hand.")
@click.option("--reason", help="Why, for the record.")
@click.pass_obj
def undo(app, reason: str | None) -> None:
    """Void the last action of the current hand; nothing is deleted (R9.1).

    Right after a deal, voids the deal (a misdeal). Between hands it voids the
    action that settled the last hand, its payments reversed, but only while
    nothing has been recorded since: once a later deal, a loan, a repayment,
    table money, a seat or rules change or a close follows, settled is final
    and undo is refused (R9.1). Nothing is undone in a closed session.

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


def voided_words(voided, current, called, game: str) -> str:
    """`Voided: Andy bet £0.50 blind.`, the action told as `replay` tells one voided later, from the hand as it
    stood before it (`current`'s, as the void leaves it); or a misdeal of a deal of `game`: the deal itself voided
    (R9.1); or a settle-up, owed again."""
    if voided.payment is not None:
        return f"Voided: {voided.payment.said()[:-1]}; it is owed again (R9.1)."
    if voided.action is None:
        kept = "any carried pot and retained hand stand as they were" if game in games_using("retained_blind") \
            else "any carried pot stands as it was"  # a retained hand is brag's alone (R6.2)
        return f"Voided: the deal of hand {voided.number}, a misdeal (R9.1): the antes go back, {kept}, and " \
               f"{voided.dealer} deals again."
    return f"Voided: {voided.action.told(current.hand, None, called)}"


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
    read one way, the declaration's (`argv.answer_words`), as the quick path reads them (issue 56)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.resilient_parsing or asks_help(args):  # completing a word, or help: click's, from the declaration
            return super().parse_args(ctx, args)
        ctx.params = {"argv": list(args)}
        return []


COMMANDS = [undo]  # and a command for each verb a game declares, made when it is asked for (`verb_command`)
