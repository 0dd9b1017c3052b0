"""The hot path: one command per thing that happens at the table."""

from __future__ import annotations

import click

from bragref.cli import complete, paint
from bragref.cli.output import legal_words
from bragref.engine.errors import Refused
from bragref.engine.names import resolve
from bragref.engine.state import Hand
from bragref.games import game_of, hand_ranking
from bragref.games.play import legal


def name_in(hand: Hand, query: str) -> str:
    return resolve(query, [p.name for p in hand.players])


def seats_words(seats: list[str]) -> str:
    """Who is seated now, in seat order: "Seats: Ann, Bob." (or that nobody is, once the last has left). Here, not beside
    `session`'s commands, whose options load every game: `status` needs only its hand's."""
    return f"Seats: {', '.join(seats)}." if seats else "Nobody is seated."


def situation(number: int, hand: Hand) -> str:
    """One line: what the table must do next, after what the last action decided where the game tells it (a side
    show's loser packing, R13.4)."""
    if hand.phase == "over":
        return outcome(number, hand)
    news = game_of(hand.rules).news(hand)
    return f"{news} {in_play(hand)}" if news else in_play(hand)


def in_play(hand: Hand) -> str:
    """The hand in play: whose turn and what they may do, or who shows."""
    rules = hand.rules
    if hand.phase == "showdown":
        return f"Pot {rules.money(hand.pot)}. {showing(hand)}"
    now = legal(hand)
    if now.player is None:  # two hands compared in the middle of the betting (a side show, R13.4)
        shown_to, show = now.told("show", "to"), now.names("show")
        who = f"{shown_to} has shown: {show[0]} to show their cards to {shown_to}" \
            if shown_to else f"{' and '.join(show)} to show each other their cards"
        return f"Pot {rules.money(hand.pot)}. {who} (`show PLAYER CARDS`) or concede: {legal_words(now, rules)}."
    if staked(hand, now):
        money = f"Pot {rules.money(hand.pot)}, stake {rules.money(hand.stake)}. "
    else:  # nobody bets: only what is in the pot, if anything (none before the dealer's stake or for lives)
        money = f"Pot {rules.money(hand.pot)}. " if hand.pot else ""
    return f"{money}{game_of(rules).now_words(hand)}{paint(now.player, bold=True)} to act: {legal_words(now, rules)}."


def paid_in(hand: Hand) -> bool:
    """Whether any money is in the hand: none in a match for lives without an entry (R14.4), where what each has
    paid and the pot of 0 go unsaid."""
    return bool(hand.pot or any(p.paid for p in hand.players))


def staked(hand: Hand, now) -> bool:
    """Whether the stake means anything yet: once a bet is made or while one may be, with money in (not before the
    dealer's stake where there is no ante, R11.1); not in Bastard Brag's exchanges, nor in a match for lives, which
    has no betting (R14.2, R14.4)."""
    return paid_in(hand) and bool(hand.stake or now.range("bet") or now.range("bet", blind=True)
                                  or now.cost("call") is not None or now.range("raise"))


def showing(hand: Hand) -> str:
    """Who shows next at a see, showdown or covered pot, and what has been shown."""
    shown = f"Shown: {shown_words(hand)}. " if hand.shown else ""
    now = legal(hand)
    who = now.names("show")
    contest = hand.contest
    if contest is None or contest.how == "showdown":
        rule = game_of(hand.rules).showdown_rule(hand)
        concede = " or concede" if now.may("concede") else ""
        award = "; the table may `award` without cards" if now.may("award") else ""
        return f"{shown}Showdown: {', '.join(who)} to show (`show PLAYER CARDS`){concede}{award} ({rule})."
    challenger, money = contest.challenger, hand.rules.money
    if contest.how in ("see", "show"):
        rule = game_of(hand.rules).end_rules[contest.how]
        intro = f"{challenger} {'saw' if contest.how == 'see' else 'asked for a show with'} {contest.holders[0]}: "
        role = "seer" if contest.how == "see" else "asker"
    else:
        intro, role, rule = f"For the pot of {money(contest.amount)} covered by {challenger}: ", "coverer", "R7.3"
    if who and challenger not in who:
        first = f"{' and '.join(who)} {'shows' if len(who) == 1 else 'show'} first"
        if not hand.shown and contest.how != "cover":
            return f"{intro}{first} (`show {who[0]} CARDS`) ({rule})."
        return f"{shown}{intro}{first} (`show PLAYER CARDS`), then {challenger} shows or concedes ({rule})."
    ties = "split the pot" if contest.split_ties else f"lose for the {role}"
    return f"{shown}{intro}{challenger} shows (`show {challenger} CARDS`) or concedes; equal hands {ties} ({rule})."


def shown_words(hand: Hand) -> str:
    from bragref.engine.cards import hand_text

    ranking = hand_ranking(hand)
    parts = []
    for s in hand.shown:
        discards = f", discards {hand_text(s.judged.discards)}" if s.judged.discards else ""
        parts.append(f"{s.player} {hand_text(s.judged.kept)} ({ranking.describe(s.judged)}{discards})")
    return "; ".join(parts)


def outcome(number: int, hand: Hand) -> str:
    said = game_of(hand.rules).over_words(hand)
    if said:
        return f"Hand {number} over: {said}"
    result, money = hand.result, hand.rules.money
    if result.how == "carried":
        return (f"Hand {number} over: everyone folded to {result.retained_by}, who is blind. "
                f"The pot of {money(result.carried)} is carried forward and {result.retained_by} retains the hand (R6.2).")
    if result.how == "faceup":
        name, won = result.winnings[0]
        return (f"Hand {number} over: all folded against the face-up hand; {name} takes the antes, {money(won)}, "
                f"keeps the blind hand, and {money(result.carried)} stays carried (R6.4).")
    won = " and ".join(f"{name} {money(amount)}" for name, amount in result.winnings or result.pots[0].winnings)
    if len(result.pots) > 1:
        pots = game_of(hand.rules).pots_words(hand)
        line = f"Hand {number} over: {won}. {pots[0].upper()}{pots[1:]}."
    else:
        line = f"Hand {number} over: {won} — {game_of(hand.rules).pot_reason(result.pots[0], hand)}."
    if hand.shown:
        line += f" Shown: {shown_words(hand)}."
    if result.shuffle:
        line += f" Won with a {game_of(hand.rules).say('prial')}: shuffle before the next deal (R9.2)."
    return line


def record(app, verb: str, *words: str) -> None:
    """One action, its words as typed (`bet bill 2 blind`): recorded, then where the hand stands."""
    book = app.book()
    book.act(verb, *words, fill=False)
    _, current, _ = book.last
    click.echo(situation(current.number, current.hand))
    if current.hand.phase == "over":
        click.echo(witness(book.digest()))


def witness(digest: str) -> str:
    """The ledger's digest, to keep outside it: `bragref audit --digest` then proves nothing before it changed."""
    return f"Ledger digest {digest} (`bragref audit --digest {digest}` checks nothing before it has changed)."


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
    click.echo(voided_words(voided, current, session.now_called))
    if voided.action is not None:
        click.echo(situation(current.number, current.hand))


def voided_words(voided, current, called) -> str:
    """`Voided: Andy bet £0.50 blind.`, the action told as `replay` tells one voided later, from the hand as it
    stood before it (`current`'s, as the void leaves it); or a misdeal: the deal itself voided (R9.1)."""
    if voided.action is None:
        return (f"Voided: the deal of hand {voided.number}, a misdeal (R9.1): the antes go back, any carried pot and "
                f"retained hand stand as they were, and {voided.dealer} deals again.")
    return f"Voided: {voided.action.told(current.hand, None, called)}"


def typed_words(kind, values: dict) -> list[str]:
    """The command line's values as the words of a `table` answer (`2 blind`, `Kh Qh Jh discard 2c`): one reading
    of them, the declaration's (`Verb.from_words`)."""
    words: list[str] = []
    for param in kind.params:
        value = values[param.name]
        if value is None or value == () or value is False and param.kind == "flag":
            continue
        words += param.keywords[:1]
        if param.kind in ("flag", "toggle"):
            words.append(param.words[0] if value else param.words[1])
        elif param.kind in ("cards", "players"):
            words += value
        else:
            words.append(value)
    return words


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
    def callback(app, player: str | None = None, **values) -> None:
        record(app, name, *([player] if kind.subject == "player" else []), *typed_words(kind, values))

    return click.Command(name, callback=callback, params=params, short_help=kind.summary,
                         help=f"{helps}{also}\n\n\b\nExample:\n{examples}")


COMMANDS = [undo]  # and a command for each verb a game declares, made when it is asked for (`verb_command`)
