"""`bragref table`: the referee's live mode.

The table runs turn by turn: each prompt shows the hand in a line and names who
acts with what they may do; the referee types only what happened (`b 4`, `f`,
`s`, cards at a showdown). Every answer goes through the same ledger calls as
the one-shot commands, so it is refused, cited and recorded the same way, and
is durable before the next prompt. The state lives in the ledger alone:
quitting, a crash or a closed lid loses nothing, and `bragref table` resumes.
"""

from __future__ import annotations

import sys

import click

from bragref.cli import brief, printable, refusal_text
from bragref.cli.hand import dealt_words, name_in, outcome, situation, voided_words, witness
from bragref.cli.output import emit_table, legal_parts
from bragref.engine import actions as act
from bragref.engine.errors import BadInput, Refused
from bragref.engine.game import legal
from bragref.engine.money import parse_amount
from bragref.engine.rules import from_preset, parse_option
from bragref.engine.state import Hand
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.store import Stale

EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report a SIGINT

HELP = """\
In a hand (the player named in the prompt acts; add a NAME to name someone else):
  b [AMOUNT]       bet open (the minimum if no amount)     bb [AMOUNT]  bet blind
  l                look (retained hands: l old keep | l new fold)
  f                fold           s   see            sd  agree a showdown
  c [AMOUNT]       cover: all the player has, short of the minimum (R7.2)
At a see or showdown (the player named in the prompt shows):
  CARDS            show, e.g. Kh Kd 4c  (4/5-card: Kh Qh Jh / 2c, discards after /)
  show NAME CARDS  show for another   concede [NAME]   award NAME [NAME…]
Between hands:
  d [DEALER]       deal           j NAME [after NAME]  join    leave NAME
  rules            show them      rules OPTION VALUE   change one (R9.3)
Any time:
  u [REASON]  undo the last action    st  the table    bal  balances    settle
  ?  this help                        q   quit (everything is already saved)"""

VERBS = ("b", "bb", "l", "f", "s", "c", "sd", "show", "concede", "award", "d", "j", "leave", "rules", "u", "st", "bal",
         "settle", "?", "q")


class Table:
    """One session at the table: renders the prompt and applies one answer at a time."""

    def __init__(self, app, session_name: str):
        self.app = app
        self.ledger = app.ledger()
        self.session_name = session_name

    def now(self):
        session = self.ledger.session(self.session_name)
        return session, self.ledger.current(session)

    # ---- what the referee sees -------------------------------------------------

    def render(self) -> tuple[str, str]:
        """The two lines shown before each answer, from one read of the ledger.

        The answer that follows is for the table as drawn: if another terminal records anything first, the
        answer's write is refused as stale (`ledger.Stale`) and the prompt drawn again (CLI.md, Interactive).
        """
        with self.ledger.reading():
            session, current = self.now()
            self.ledger.expect = self.ledger.head()
        return self.header(session, current), self.prompt(current)

    def header(self, session, current) -> str:
        """The table in one line: hand, dealer, pot, stake, and each player's state and money in."""
        if current is None or current.hand.phase == "over":
            last = f" · hand {current.number} over" if current else ""
            return f"Session {session.name}{last} · seated: {', '.join(session.seats)}"
        hand, money = current.hand, current.hand.rules.money
        carried = f" (carried {money(hand.carried_in)})" if hand.carried_in else ""
        players = " · ".join(f"{p.name} {p.status}{'×2' if p.hands == 2 else ''} {money(p.paid)}"
                             f"{'' if p.purse is None else f' (table {money(p.purse)})'}" for p in hand.players)
        covered = "".join(f" · covered by {c.covered_by} {money(c.amount)}" for c in hand.covered)
        return (f"Hand {current.number} · {hand.dealer} dealt · pot {money(hand.pot)}{carried}{covered} · "
                f"stake {money(hand.stake)} · {players}")

    def prompt(self, current) -> str:
        """Whose turn, and exactly what they may do: ``Andy (open) — bet 2–12 · see 8 · fold > ``.

        Each choice is typed short (b, bb for a blind bet, s, l, sd, f), as `?` lists.
        """
        if current is None or current.hand.phase == "over":
            return "Between hands — d deal · j NAME · leave NAME · rules · bal · ? · q > "
        hand = current.hand
        now, rules = legal(hand), hand.rules
        if hand.phase == "showdown":
            who = now.show[0] if now.show else hand.contenders[0]
            contest = hand.contest
            if contest.how == "showdown":
                role = "showdown"
            elif who == contest.challenger:
                role = "seer" if contest.how == "see" else f"covered {rules.money(contest.amount)}"
            else:
                role = "seen" if contest.how == "see" else f"against {contest.challenger}'s cover"
            choices = ["show CARDS"] if now.show else []
            return f"{who} ({role}) — {' · '.join([*choices, 'concede', 'award NAME'])} > "
        player = hand.acting
        return f"{player.name} ({player.status}) — {' · '.join(legal_parts(now, rules))} > "

    # ---- answers ------------------------------------------------------------------

    def answer(self, line: str) -> bool:
        """Apply one answer; False means the referee quits. Refusals raise the engine's errors."""
        words = line.split()
        if not words:
            return True
        verb, args = words[0].lower(), words[1:]
        if verb in ("q", "quit", "exit"):
            return False
        handler = ANSWERS.get(verb)
        if handler is None:
            if self._looks_like_cards(words):
                return self._show(words)
            raise BadInput(f"{words[0]!r} is not an answer here: ? lists them")
        handler(self, args)
        return True

    def _record(self, build) -> None:
        _, current, _ = self.ledger.act(self.session_name, build)
        if current.hand.phase == "over":
            click.echo(outcome(current.number, current.hand))
            click.echo(witness(self.ledger.digest()))

    def _actor(self, hand: Hand, args: list[str], keywords: tuple[str, ...] = ()) -> tuple[str, list[str]]:
        """The player named first in `args`, if a name is there; else the player the prompt names."""
        if args and not _is_amount(args[0]) and args[0].lower() not in keywords:
            return name_in(hand, args[0]), args[1:]
        now = legal(hand)
        if now.player:
            return now.player, args
        if now.show:
            return now.show[0], args
        raise BadInput("name the player: nobody is to act now")

    def _bet(self, args: list[str], blind: bool) -> None:
        def build(hand: Hand) -> act.Bet:
            name, rest = self._actor(hand, args)
            if len(rest) > 1:
                raise BadInput(f"{'bb' if blind else 'b'} [NAME] [AMOUNT]: one amount, not {' '.join(rest)!r}")
            if rest:
                amount = hand.rules.amount(rest[0])
            else:
                allowed = legal(hand).blind_bet if blind else legal(hand).bet
                amount = allowed.min if allowed else max(hand.stake, 1)  # no bet open: the engine says why (R3.4, R4)
            return act.Bet(name, amount, blind)

        self._record(build)

    def _cover(self, args: list[str]) -> None:
        def build(hand: Hand) -> act.Cover:
            name, rest = self._actor(hand, args)
            if len(rest) > 1:
                raise BadInput(f"c [NAME] [AMOUNT]: one amount, not {' '.join(rest)!r}")
            if rest:
                return act.Cover(name, hand.rules.amount(rest[0], allow_zero=hand.rules.stakes == "table"))
            allowed = legal(hand).cover
            if allowed is None or allowed.min != allowed.max:  # from the pocket the referee says how much (R7.2)
                raise BadInput("c AMOUNT: cover with all the player has, less than the minimum (R7.2)")
            return act.Cover(name, allowed.min)

        self._record(build)

    def _look(self, args: list[str]) -> None:
        def build(hand: Hand) -> act.Look:
            words = [w.lstrip("-") for w in args if w != "--hand"]  # `l old keep`, or as the prompt says it
            name, rest = self._actor(hand, words, keywords=("old", "new"))
            if not rest:
                return act.Look(name)
            if len(rest) != 2 or rest[0] not in ("old", "new") or rest[1] not in ("keep", "k", "fold", "f"):
                raise BadInput("a retained hand: l old keep, l old fold, l new keep or l new fold (R6.3)")
            return act.Look(name, rest[0], rest[1].startswith("k"))

        self._record(build)

    def _simple(self, kind, args: list[str]) -> None:
        def build(hand: Hand):
            name, rest = self._actor(hand, args)
            if rest:
                raise BadInput(f"{kind.verb} takes at most a name, not {' '.join(args)!r}")
            return kind(name)

        self._record(build)

    def _looks_like_cards(self, words: list[str]) -> bool:
        from bragref.engine.cards import MAX_JOKERS, parse_card

        try:
            parse_card(words[0], jokers=MAX_JOKERS)
        except BadInput:
            return False
        return True

    def _show(self, words: list[str]) -> bool:
        if not words:
            raise BadInput("show CARDS, or show NAME CARDS (R8.9)")

        def build(hand: Hand) -> act.Show:
            from bragref.engine.cards import parse_cards, wild_cards

            if self._looks_like_cards(words):
                name, rest = self._actor(hand, [])[0], words
            else:
                name, rest = name_in(hand, words[0]), words[1:]
            text = " ".join(rest)
            kept, _, discards = text.partition("/")
            jokers = wild_cards(hand.rules.wild)[1]
            cards = parse_cards([kept], jokers)
            return act.Show(name, cards, parse_cards([discards], jokers, taken=set(cards)))

        self._record(build)
        return True

    def _award(self, args: list[str]) -> None:
        if not args:
            raise BadInput("award whom? award NAME [NAME…]")
        self._record(lambda hand: act.Award(tuple(name_in(hand, a) for a in args)))

    def _undo(self, args: list[str]) -> None:
        session, _, voided = self.ledger.undo(self.session_name, " ".join(args) or None)
        click.echo(voided_words(voided, session.rules))

    def _deal(self, args: list[str]) -> None:
        _, current, previous = self.ledger.deal(self.session_name, args[0] if args else None)
        click.echo(dealt_words(current, previous))

    def _join(self, args: list[str]) -> None:
        if len(args) not in (1, 3) or (len(args) == 3 and args[1].lower() != "after"):
            raise BadInput("j NAME, or j NAME after NAME")
        seated = self.ledger.join(self.session_name, args[0], args[2] if len(args) == 3 else None)
        click.echo(f"Seats: {', '.join(seated.seats)}.")

    def _leave(self, args: list[str]) -> None:
        if len(args) != 1:
            raise BadInput("leave NAME")
        seated, gone = self.ledger.leave(self.session_name, args[0])
        click.echo(f"{gone} leaves. Seats: {', '.join(seated.seats)}.")

    def _rules(self, args: list[str]) -> None:
        from bragref.cli.sessions import describe_rules

        if args:
            if len(args) != 2:
                raise BadInput("rules OPTION VALUE, e.g. rules ante 2")
            self.ledger.set_rules(self.session_name, lambda current: parse_option(current, args[0], args[1]))
        emit_table(describe_rules(self.now()[0].rules))

    def _status(self, _args: list[str]) -> None:
        _, current = self.now()
        if current is not None:
            click.echo(situation(current.number, current.hand))

    def _balances(self, _args: list[str]) -> None:
        from bragref.cli.reports import print_balances

        session, _ = self.now()
        print_balances(self.ledger, [session], self.ledger.balances([session]))

    def _settle(self, _args: list[str]) -> None:
        from bragref.cli.reports import payments_for, print_payments

        session, _ = self.now()
        print_payments([session], payments_for(self.ledger, [session]))


def _is_amount(word: str) -> bool:
    return word.replace(".", "", 1).isdigit()


ANSWERS = {
    **dict.fromkeys(("b", "bet"), lambda t, a: t._bet(a, blind=False)),
    **dict.fromkeys(("bb", "blind"), lambda t, a: t._bet(a, blind=True)),
    **dict.fromkeys(("l", "look"), Table._look),
    **dict.fromkeys(("f", "fold"), lambda t, a: t._simple(act.Fold, a)),
    **dict.fromkeys(("s", "see"), lambda t, a: t._simple(act.See, a)),
    **dict.fromkeys(("c", "cover"), Table._cover),
    **dict.fromkeys(("sd", "showdown"), lambda t, a: t._record(lambda hand: act.Showdown())),
    "show": lambda t, a: t._show(a),
    **dict.fromkeys(("concede", "cn"), lambda t, a: t._simple(act.Concede, a)),
    **dict.fromkeys(("a", "award"), Table._award),
    **dict.fromkeys(("u", "undo"), Table._undo),
    **dict.fromkeys(("d", "deal"), Table._deal),
    **dict.fromkeys(("j", "join"), Table._join),
    "leave": Table._leave,
    "rules": Table._rules,
    **dict.fromkeys(("st", "status"), Table._status),
    **dict.fromkeys(("bal", "balances"), Table._balances),
    "settle": Table._settle,
    **dict.fromkeys(("?", "help"), lambda t, a: click.echo(HELP)),
}


def read_line(prompt: str, echo: bool) -> str:
    line = input(prompt)
    if echo:
        click.echo(printable(line))  # piped answers appear after their prompts, as on a terminal
    return line


def open_session(app, read) -> str:
    """The session meant, or, in a ledger with none, one made by asking the referee."""
    ledger = app.ledger()
    if app.session or ledger.session_names():
        return ledger.session(app.session).name
    click.echo("No session yet: let us make one.")
    name = read("Session name > ").strip()
    players = [p.strip() for p in read("Players in seat order, comma-separated > ").split(",") if p.strip()]
    ante = read("Ante [1] > ").strip() or "1"
    return ledger.create_session(name, from_preset(ante=parse_amount(ante, "1", allow_zero=True)), players).name


def enable_line_editing(shell: Table) -> None:
    """On a terminal: line editing and history from readline, Tab completing answers and player names."""
    try:
        import readline
    except ImportError:  # not every Python has it (Windows); plain input still works
        return

    def complete(text: str, state: int) -> str | None:
        session, _ = shell.now()
        options = [w for w in (*VERBS, *session.seats) if w.lower().startswith(text.lower())]
        return options[state] if state < len(options) else None

    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


@click.command(short_help="The referee's live mode: prompts turn by turn.")
@click.pass_obj
def table(app) -> None:
    """Run the current session turn by turn: each prompt names who acts and what they may do.

    Type only what happened: b 4 (bet), bb 2 (blind bet), l (look), f (fold),
    s (see), cards at a showdown, u (undo), ? (help), q (quit). Every answer
    is refused or recorded exactly as the one-shot commands would, and saved
    before the next prompt: quit or crash, and `bragref table` resumes.

    \b
    Example:
      bragref table
      printf 'd\\nb 2\\nf\\n' | bragref table
    """
    interactive = sys.stdin.isatty()

    def read(prompt: str) -> str:
        return read_line(prompt, echo=not interactive)

    try:
        shell = Table(app, open_session(app, read))
    except EOFError:
        click.echo()
        return  # input ended before the session was made: nothing is written
    except KeyboardInterrupt:
        click.echo()
        click.get_current_context().exit(EXIT_INTERRUPTED)
    if interactive:
        enable_line_editing(shell)
    click.echo("bragref table: ? for help, q to quit. Each answer is saved as soon as it is given.")
    while True:
        header, prompt = shell.render()
        click.echo(header)
        try:
            line = read(prompt)
        except EOFError:
            click.echo()
            return
        except KeyboardInterrupt:
            click.echo()
            click.get_current_context().exit(EXIT_INTERRUPTED)  # everything answered is already saved
        try:
            if not shell.answer(line):
                return
        except Refused as refused:
            click.echo(refusal_text(refused), err=True)
        except Stale as stale:
            click.echo(f"stale: {stale}", err=True)
        except (BadInput, LedgerUnavailable) as error:
            click.echo(f"error: {brief(str(error))}", err=True)


COMMANDS = [table]
