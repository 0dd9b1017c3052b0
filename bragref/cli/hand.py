"""The hot path: one command per thing that happens at the table."""

from __future__ import annotations

import click

from bragref.cli import complete, paint
from bragref.cli.output import legal_words
from bragref.engine import actions as act
from bragref.engine.errors import BadInput, Refused
from bragref.engine.game import legal
from bragref.engine.names import resolve
from bragref.engine.state import Hand
from bragref.games import game_of, ranking_for, specified_verbs
from bragref.games.hoyle.actions import Call, Raise


def name_in(hand: Hand, query: str) -> str:
    return resolve(query, [p.name for p in hand.players])


def situation(number: int, hand: Hand) -> str:
    """One line: what the table must do next."""
    rules = hand.rules
    if hand.phase == "betting":
        now = legal(hand)
        return (f"Pot {rules.money(hand.pot)}, stake {rules.money(hand.stake)}. "
                f"{paint(now.player, bold=True)} to act: {legal_words(now, rules)}.")
    if hand.phase == "showdown":
        return f"Pot {rules.money(hand.pot)}. {showing(hand)}"
    return outcome(number, hand)


def showing(hand: Hand) -> str:
    """Who shows next at a see, showdown or covered pot, and what has been shown."""
    shown = f"Shown: {shown_words(hand)}. " if hand.shown else ""
    who = legal(hand).show
    contest = hand.contest
    if contest is None or contest.how == "showdown":
        rule = game_of(hand.rules).showdown_rule
        award = "; the table may `award` without cards" if legal(hand).award else ""
        return f"{shown}Showdown: {', '.join(who)} to show (`show PLAYER CARDS`) or concede{award} ({rule})."
    challenger, money = contest.challenger, hand.rules.money
    if contest.how == "see":
        intro, role, rule = f"{challenger} saw {contest.holders[0]}: ", "seer", "R5.4"
    else:
        intro, role, rule = f"For the pot of {money(contest.amount)} covered by {challenger}: ", "coverer", "R7.3"
    if who and challenger not in who:
        first = f"{' and '.join(who)} {'shows' if len(who) == 1 else 'show'} first"
        if not hand.shown and contest.how == "see":
            return f"{intro}{first} (`show {who[0]} CARDS`) ({rule})."
        return f"{shown}{intro}{first} (`show PLAYER CARDS`), then {challenger} shows or concedes ({rule})."
    return (f"{shown}{intro}{challenger} shows (`show {challenger} CARDS`) or concedes; "
            f"equal hands lose for the {role} ({rule}).")


def shown_words(hand: Hand) -> str:
    from bragref.engine.cards import hand_text

    ranking = ranking_for(hand.rules)
    parts = []
    for s in hand.shown:
        discards = f", discards {hand_text(s.judged.discards)}" if s.judged.discards else ""
        parts.append(f"{s.player} {hand_text(s.judged.kept)} ({ranking.describe(s.judged)}{discards})")
    return "; ".join(parts)


def outcome(number: int, hand: Hand) -> str:
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
        pots = "; ".join(pot_words(pot, hand, i) for i, pot in enumerate(result.pots) if pot.amount)
        line = f"Hand {number} over: {won}. {pots[0].upper()}{pots[1:]}."
    else:
        line = f"Hand {number} over: {won} — {reason(result.pots[0], hand)}."
    if hand.shown:
        line += f" Shown: {shown_words(hand)}."
    if result.shuffle:
        line += " Won with a prial: shuffle before the next deal (R9.2)."
    return line


def reason(pot, hand: Hand) -> str:
    """Why a pot went where it did, in words a table can check: the cards each showed and the rule that decided
    (`equal hands (pair of kings): the seer loses (R5.4)`)."""
    if pot.how == "folds":
        return "everyone else folded (R6.1)"
    if pot.how == "faceup":
        return "all folded against the face-up hand (R6.4)"
    winners = [name for name, _ in pot.winnings]
    rule = {"see": "R5.4", "cover": "R7.3", "showdown": game_of(hand.rules).showdown_rule}[pot.how]
    where = f"at the showdown ({rule})" if pot.how == "showdown" else HOW[pot.how]
    role = {"see": "seer", "cover": "coverer"}.get(pot.how)
    if pot.decided_by == "award":
        return f"{where}, as awarded by the table without cards"
    if pot.decided_by == "concede":
        gave_up = [name for name in (*pot.holders, *([pot.challenger] if pot.challenger else [])) if name not in winners]
        return f"{where}: {' and '.join(gave_up)} conceded without showing ({rule})"
    judged = {s.player: s.judged for s in hand.shown}
    describe = ranking_for(hand.rules).describe
    best = judged[winners[0]]
    if pot.how == "showdown":
        shown = "; ".join(f"{name} {describe(judged[name])}" for name in pot.holders if name in judged)
        if len(winners) > 1:
            return f"at the showdown ({rule}), equal best hands ({describe(best)}) split the pot: {shown}"
        if any(judged[name].key == best.key for name in pot.holders if name in judged and name not in winners):
            return f"at the showdown ({rule}), equal best hands ({describe(best)}): the eldest, {winners[0]}, takes it " \
                   f"(R11.4, R10.3): {shown}"
        return f"at the showdown ({rule}), {winners[0]}'s {describe(best)} is the best hand: {shown}"
    losers = [name for name in (*pot.holders, pot.challenger) if name not in winners and name in judged]
    other = judged[losers[0]] if losers else None
    if other is not None and other.key == best.key:
        return f"{where}, equal hands ({describe(best)}): the {role} loses ({rule}, R8)"
    beaten = f" beats {losers[0]} ({describe(other)})" if other is not None else ""
    return f"{where}, {winners[0]} ({describe(best)}){beaten} (R8)"


HOW = {"folds": "everyone else folded (R6.1)", "see": "at the see (R5.4)", "showdown": "at the showdown (R6.5)",
       "cover": "against its coverer (R7.3)"}


def pot_words(pot, hand: Hand, index: int = 0) -> str:
    """`the pot covered by Dan (£12) to Andy — against its coverer (R7.3), Andy (pair of kings, …) beats Dan (…)`;
    without covers, the `index`th pot is the main pot or a side pot (R11.6)."""
    money = hand.rules.money
    if pot.covered_by is not None:
        which = f"the pot covered by {pot.covered_by}"
    elif hand.covered:
        which = "the last pot"
    else:
        which = "the main pot" if index == 0 else f"side pot {index}"
    names = " and ".join(f"{name} {money(amount)}" if len(pot.winnings) > 1 else name for name, amount in pot.winnings)
    return f"{which} ({money(pot.amount)}) to {names} — {reason(pot, hand)}"


def record(app, build) -> None:
    ledger = app.ledger()
    _, current, _ = ledger.act(app.session, build)
    click.echo(situation(current.number, current.hand))
    if current.hand.phase == "over":
        click.echo(witness(ledger.digest()))


def witness(digest: str) -> str:
    """The ledger's digest, to keep outside it: `bragref audit --digest` then proves nothing before it changed."""
    return f"Ledger digest {digest} (`bragref audit --digest {digest}` checks nothing before it has changed)."


@click.command(short_help="Deal the next hand: antes in, who acts first.")
@click.option("--dealer", shell_complete=complete.players, help="Who deals. Default: the first seat, then the next on the left (R2.2).")
@click.pass_obj
def deal(app, dealer: str | None) -> None:
    """Start the next hand: every seated player antes (R2.3), a carried pot joins it (R6.2).

    \b
    Example:
      bragref deal --dealer Eddie
    """
    ledger = app.ledger()
    session, current, previous = ledger.deal(app.session, dealer)
    click.echo(dealt_words(current, previous, time_words(ledger, session)))
    click.echo(situation(current.number, current.hand))


def time_words(ledger, session) -> str:
    """What the game's housekeeping says after a deal: the evening's end coming (R11.7), or nothing."""
    try:
        return ledger.deal_reminder(session) or ""
    except Refused:
        return "This is the evening's last hand: with it every player has dealt as often as the others (R11.7)."


def dealt_words(current, previous, told: str = "") -> str:
    """The deal in one line: dealer, antes, a carried pot, a shuffle due (R9.2), a retained hand (R6.3, R6.4)."""
    hand = current.hand
    money = hand.rules.money
    line = f"Hand {current.number}: {hand.dealer} deals. Antes {money(hand.rules.ante)} each"
    if hand.carried_in:
        line += f", with {money(hand.carried_in)} carried forward"
    if previous is None:
        line += ". Shuffle the pack: first deal of the session (R9.2)"
    elif previous.hand.result.shuffle:
        line += f". Shuffle the pack: hand {previous.number} was won with a prial (R9.2)"
    if hand.retained_by:
        kept = "plays a face-up second hand (R6.4)" if hand.faceup else "holds the retained hand and a new one (R6.3)"
        line += f". {hand.retained_by} {kept}"
    reminder = game_of(hand.rules).reminder
    return line + "." + "".join(f" {words}" for words in (reminder, told) if words)


@click.command(short_help="Record a bet, open or blind.")
@click.argument("player", shell_complete=complete.players)
@click.argument("amount")
@click.option("--blind", is_flag=True, help="A blind bet: worth double (R3.3).")
@click.pass_obj
def bet(app, player: str, amount: str, blind: bool) -> None:
    """PLAYER bets AMOUNT, open (they have looked) or --blind (R3, R4).

    \b
    Example:
      bragref bet andy 2
      bragref bet bill 1 --blind
    """
    record(app, lambda hand: act.Bet(name_in(hand, player), hand.rules.amount(amount), blind))


@click.command(short_help="A blind player looks at their cards.")
@click.argument("player", shell_complete=complete.players)
@click.option("--hand", "which", type=click.Choice(["old", "new"]), help="With a retained hand: which to look at (R6.3).")
@click.option("--keep/--fold", default=None, help="With --hand: keep it (and fold the other) or fold it.")
@click.pass_obj
def look(app, player: str, which: str | None, keep: bool | None) -> None:
    """PLAYER looks at their cards at their own turn and plays open from now (R3.4, R6.3).

    \b
    Example:
      bragref look bill
      bragref look dan --hand new --keep
    """
    if (which is None) != (keep is None):
        raise BadInput("--hand and --keep/--fold go together (R6.3)")
    record(app, lambda hand: act.Look(name_in(hand, player), which, keep))


@click.command(short_help="Pay to see the other player left.")
@click.argument("player", shell_complete=complete.players)
@click.pass_obj
def see(app, player: str) -> None:
    """PLAYER pays to see the only other player still betting; the cost is computed (R5).

    \b
    Example:
      bragref see andy
    """
    record(app, lambda hand: act.See(name_in(hand, player)))


@click.command(short_help="A player short of the minimum covers the pot.")
@click.argument("player", shell_complete=complete.players)
@click.argument("amount")
@click.pass_obj
def cover(app, player: str, amount: str) -> None:
    """PLAYER cannot meet the minimum and puts in all they have, AMOUNT: the pot as it stands is
    frozen for them and their hand stays in (R7.2). Two or more others bet on into a new pot; with
    one left, betting ends and that player shows first (R7.4). From the pocket the referee takes the
    player's word; under table stakes AMOUNT is exactly their table money (R1.3).

    \b
    Example:
      bragref cover dan 3
    """
    record(app, lambda hand: act.Cover(name_in(hand, player), hand.rules.amount(amount, allow_zero=hand.rules.stakes == "table")))


@click.command(short_help="All still betting agree to show.")
@click.pass_obj
def showdown(app) -> None:
    """Three or more still betting agree to show their hands (R6.5).

    \b
    Example:
      bragref showdown
    """
    record(app, lambda hand: act.Showdown())


@click.command(short_help="Show a player's cards at a see or showdown.")
@click.argument("player", shell_complete=complete.players)
@click.argument("cards", nargs=-1, required=True)
@click.option("--discard", "discards", multiple=True, help="4/5-card brag: a card discarded (R8.6). Repeat for each.")
@click.pass_obj
def show(app, player: str, cards: tuple[str, ...], discards: tuple[str, ...]) -> None:
    """PLAYER's CARDS are exposed at a see (the seen player first) or an agreed showdown.

    When every hand needed is shown, the referee decides: at a see the seer
    wins only with a strictly better hand (R5.4); at a showdown the best hand
    takes the pot and equal best hands split it (R6.5). In 4- and 5-card brag
    give the three kept and each --discard, or all the cards (the best three
    are kept, R8.6). Cards as in R8.9: 3h, 10s, Td, A♦, X1.

    \b
    Example:
      bragref show bill 3h 3d 3s
      bragref show andy Kh Qh Jh --discard 2c
    """

    def build(hand: Hand) -> act.Show:
        from bragref.engine.cards import parse_cards, wild_cards

        jokers = wild_cards(hand.rules.wild)[1]
        kept = parse_cards(cards, jokers)
        return act.Show(name_in(hand, player), kept, parse_cards(discards, jokers, taken=set(kept)))

    record(app, build)


@click.command(short_help="The table says who won a see or showdown.")
@click.argument("players", nargs=-1, required=True, shell_complete=complete.players)
@click.pass_obj
def award(app, players: tuple[str, ...]) -> None:
    """Settle a see or showdown without cards: PLAYERS take the pot; several split it (R6.5).

    \b
    Example:
      bragref award eddie
      bragref award andy chris
    """
    record(app, lambda hand: act.Award(tuple(name_in(hand, p) for p in players)))


@click.command(short_help="Void the last action of the current hand.")
@click.option("--reason", help="Why, for the record.")
@click.pass_obj
def undo(app, reason: str | None) -> None:
    """Void the last action of the current hand; nothing is deleted (R9.1).

    \b
    Example:
      bragref undo --reason "Bill bet 3, not 2"
    """
    session, current, voided = app.ledger().undo(app.session, reason)
    click.echo(voided_words(voided, session.rules))
    if voided.action is not None:
        click.echo(situation(current.number, current.hand))


def voided_words(voided, rules) -> str:
    """`Voided: Andy bet £0.50 blind.`, or a misdeal: the deal itself voided (R9.1)."""
    action = voided.action
    if action is None:
        return (f"Voided: the deal of hand {voided.number}, a misdeal (R9.1): the antes go back, any carried pot and "
                f"retained hand stand as they were, and {voided.dealer} deals again.")
    words = [] if action.player is None else [action.player]
    words.append(action.verb)
    if isinstance(action, (act.Bet, act.Cover)):
        words.append(rules.money(action.amount))
    if isinstance(action, act.Bet) and action.blind:
        words.append("blind")
    if isinstance(action, act.Award):
        words[1:] = ["award to", " and ".join(action.players)]
    return f"Voided: {' '.join(words)}."


@click.command("call", short_help="Call: bring one's total up to the highest (hoyle).")
@click.argument("player", shell_complete=complete.players)
@click.option("--all-in", "all_in", metavar="AMOUNT", help="All the player has, short of the call (R11.6).")
@click.pass_obj
def call(app, player: str, all_in: str | None) -> None:
    """PLAYER brings their total up to the highest total (R11.2); a player short of that puts in all they have
    with --all-in AMOUNT and is all in: the money is then split into side pots (R11.6).

    \b
    Example:
      bragref call bill
      bragref call chris --all-in 3
    """
    record(app, lambda hand: Call(name_in(hand, player), None if all_in is None else hand.rules.amount(all_in)))


@click.command("raise", short_help="Raise: call, then add AMOUNT above it (hoyle).")
@click.argument("player", shell_complete=complete.players)
@click.argument("amount")
@click.pass_obj
def raise_(app, player: str, amount: str) -> None:
    """PLAYER calls, then adds AMOUNT above the call: at least min-raise, at most raise-limit, no total past
    max-stake (R11.2). PLAYER is then the last raiser, who stands or raises when the turn comes back (R11.3).

    \b
    Example:
      bragref raise andy 2
    """
    record(app, lambda hand: Raise(name_in(hand, player), hand.rules.amount(amount)))


def specified_command(kind) -> click.Command:
    """The command for a verb that names one player (`fold PLAYER`), made from its `Spec`."""
    spec = kind.spec

    @click.command(kind.verb, short_help=spec.summary,
                   help=f"{spec.help}\n\n\b\nExample:\n  bragref {kind.verb} {spec.example}")
    @click.argument("player", shell_complete=complete.players)
    @click.pass_obj
    def command(app, player: str) -> None:
        record(app, lambda hand: kind(name_in(hand, player)))

    return command


COMMANDS = [deal, bet, look, see, cover, showdown, show, award, undo, call, raise_,
            *(specified_command(kind) for kind in specified_verbs().values())]
