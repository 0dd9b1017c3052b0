"""`bragref table`: the referee's live mode.

The table runs turn by turn: each prompt shows the hand in a line and names who
acts with what they may do; the referee types only what happened (`b 4`, `f`,
`s`, cards at a showdown). Every answer goes through the same calls (`api.Book`)
as the one-shot commands, so it is refused, cited and recorded the same way, and
is durable before the next prompt. The state lives in the ledger alone:
quitting, a crash or a closed lid loses nothing, and `bragref table` resumes.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import sys
import textwrap

import click

from bragref.answers import ANSWERS, QUITTING, SHOWING, Answers, in_table_words, shows, split
from bragref.cli import ANSI, EXIT_INTERRUPTED, cli, paint, refusal_text
from bragref.cli.lines import situation
from bragref.cli.matches import print_match
from bragref.cli.output import emit_table, fitting
from bragref.cli.reports import print_balances, print_payments
from bragref.engine.errors import BadInput, Refused, brief, printable
from bragref.engine.loans import outstanding, positions
from bragref.engine.money import parse_amount, parse_unit
from bragref.engine.names import check_name
from bragref.engine.rules import SHORT_MONEY, STAKES, Rules
from bragref.engine.seating import check_seats
from bragref.games import GAMES, find_game, from_preset, game_of
from bragref.games.play import legal, legal_phrases
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.store import Stale
from bragref.told import describe_rules, own_phrases, paid_in, staked

def help_text(rules) -> str:
    """`?`: the answers of the session's game under its rules, each from its declaration, then the table's own;
    every line within the terminal's width, and never wider than 80 columns (docs/reference.md, Interactive)."""
    game = game_of(rules)
    kinds = game.actions_under(rules)
    width = min(80, shutil.get_terminal_size((80, 24)).columns)

    def names(kind) -> str:
        return "|".join((*kind.answers, kind.verb, *(a for a, v in game.aliases_of_verbs.items() if v == kind.verb)))

    lines = wrapped(f"In a hand of {game.title}: leave PLAYER out for the player the prompt names, AMOUNT for the "
                    f"least allowed; at a showdown, CARDS alone (Kh Kd 4c) show for the player named.", width=width)
    column = max(len(names(kind)) for kind in kinds) + 4
    for kind in kinds:
        usage = f"  {names(kind):<{column - 2}}{kind.usage().partition(' ')[2]}"
        lines += wrapped(f"{usage:<{max(len(usage) + 2, 2 * column)}}{kind.summary}", " " * (2 * column),
                         width) if len(usage) + 2 < width // 2 else [usage, *wrapped(
                             f"{' ' * column}{kind.summary}", " " * column, width)]
    return "\n".join([*lines, *wrapped(table_help(rules), "      ", width)])


def deal_words(session, current) -> str:
    """What the next deal is given by name (` up CARDS`, ` [boil PLAYERS]`): what it must be given (three-stake's
    face-up cards, R15.1), and what it may be given after this hand (a svara deal's boil-in, R16.7)."""
    game = game_of(session.rules)
    wants = game.deal_wants(session.rules)
    may = [p for p in game.deal_may(session.rules, current and current.hand) if p not in wants]
    return "".join(f" {p.name} {p.metavar}" for p in wants) + "".join(f" [{p.name} {p.metavar}]" for p in may)


def table_help(rules, games=None) -> str:
    """The table's own answers, those the session's game and stakes take: a match only in a game for lives (R14.4),
    table money only at table stakes (R1.3), what its deal records by name (a svara deal's boil-in, R16.7); with
    `games`, the deals of each of those (the man page's)."""
    params = {(p.name, p.help): p for game in (games or [game_of(rules)]) for p in game.deal_params}
    lines = ["Between hands:",
             "  d [DEALER]            deal the next hand",
             *(f"  d {p.name} {p.metavar}".ljust(24) + p.help for p in params.values()),
             "  j NAME [after NAME]   a player joins        leave NAME   a player leaves",
             "  rename OLD NEW        a new name (R2.6)",
             "  rules                 show them       rules OPTION VALUE  change one (R9.3)"]
    if rules.stakes == "table":
        lines += ["  buy-in|top-up NAME AMOUNT   cash-out NAME [AMOUNT]   table money (R1.3)"]
    lines.append("  close                 close the session and print the ledger's digest (R9.1)")
    if game_of(rules).plays_matches(rules):
        lines.append("  match [new]           a match for lives: show it, or call a new one (R14.4)")
    return "\n".join([*lines,
                      "Any time:",
                      "  lend LENDER BORROWER AMOUNT [bystander]  repay BORROWER LENDER AMOUNT (R7.5)",
                      "  paid PAYER PAYEE AMOUNT [--note TEXT]  a settle-up, between hands (R1.2)",
                      "  pay-to PLAYER HANDLE|remove  how PLAYER is paid (upi:ann@okbank, a link)",
                      "  u [REASON]   undo (R9.1)         st   the table",
                      "  history [N]  a hand's actions     replay N  a hand told for a dispute",
                      "  summary      the night           bal  balances     settle  who pays whom",
                      "  ?            this help           q    quit (all is already saved)",
                      ("Each command's own words work too: rules set ante 2, player join Dan --after Andy, "
                      "session close.")])


class Table:
    """One session at the table, on a terminal: renders the prompt, shows what only shows, and gives every other
    answer to the answers below every shell (`bragref.answers`), which tell what they record here (`say`)."""

    def __init__(self, app, session_name: str):
        self.app = app
        self.book = app.book(create=True)
        self.book.session = session_name  # the table keeps to it, until it starts the next (`session new`)
        self.book.entered = "table"
        self.answers = Answers(self.book, say)

    def now(self):
        return self.answers.now()

    # ---- what the referee sees -------------------------------------------------

    def render(self) -> tuple[str, str]:
        """The two lines shown before each answer, from one read of the ledger.

        The answer that follows is for the table as drawn: if another terminal records anything first, the
        answer's write is refused as stale (`ledger.Stale`) and the prompt drawn again (docs/reference.md, Interactive).
        """
        with self.book.reading():
            session, current = self.now()
            self.book.pin()
        return self.header(session, current), self.prompt(current, session)

    def header(self, session, current) -> str:
        """The table as a block that fits the terminal: the hand on one line (pot, stake, covered pots), then a row
        per player with labelled columns, the player to act marked (and bold where colour is allowed)."""
        width = shutil.get_terminal_size((80, 24)).columns
        loans = positions(outstanding(self.book.loans()))
        if current is None or current.hand.phase == "over":
            last = f"hand {current.number} over" if current else "no hand yet"
            line = f"Session {session.name} · closed (R9.1)" if session.closed else \
                f"Session {session.name} · {last} · next: `d{deal_words(session, current)}` to deal a hand of " \
                f"{game_of(session.rules).title} (R10)"
            money = session.rules.money
            table = self.book.table_money() if session.rules.stakes == "table" else {}
            rows = [(name, "seated", None, table.get(name), loans.get(name, 0)) for name in session.seats]
            return block(line, rows, money, None, width)
        hand, money = current.hand, current.hand.rules.money
        moved = paid_in(hand)  # none yet before the dealer's stake without an ante (R11.1), none for lives (R14.4)
        bets = staked(hand, legal(hand))
        parts = [f"Hand {current.number}", f"{hand.dealer} dealt", *([f"pot {money(hand.pot)}"] if moved else [])]
        if hand.carried_in:
            parts.append(f"carried in {money(hand.carried_in)}")
        if bets:
            parts.append(f"stake {money(hand.stake)}")
        parts += [f"covered by {c.covered_by}: {money(c.amount)}" for c in hand.covered]
        game = game_of(hand.rules)
        if now := game.now_words(hand).strip():  # Bastard Brag's round, centre and knocker (R14.2, R14.4)
            parts.append(now)
        parts.append(game.title)  # dealer's choice: the game of this hand (R9.3, R10)

        def state(p) -> str:  # with what the game adds: `bust`; `lives 2` (R14.4); `Ante £1.50`
            own = "".join(f" · {phrase}" for phrase in own_phrases(hand, p.name))
            return game.say(p.status) + (" ×2 hands" if p.hands == 2 else "") + own

        rows = [(p.name, state(p), p.paid if moved else None, p.purse, loans.get(p.name, 0)) for p in hand.players]
        acting = hand.acting.name if hand.acting else None
        return block(" · ".join(parts), rows, money, acting, width)

    def prompt(self, current, session) -> str:
        """Whose turn, and exactly what they may do: ``Andy (open) — bet 2–12 · see 8 · fold > ``; in a closed
        session, where nothing more is recorded (R9.1), the reports.

        Each choice is typed short (b, bb for a blind bet, s, l, sd, f), as `?` lists.
        """
        if session.closed:
            return "Closed — bal · settle · ? · q > "
        if current is None or current.hand.phase == "over":
            deal = deal_words(session, current)
            return f"Between hands — d{deal} deal · j NAME · leave NAME · rules · bal · ? · q > "
        hand = current.hand
        now, rules = legal(hand), hand.rules
        if hand.phase == "showdown":
            show = now.names("show")
            who = show[0] if show else hand.contenders[0]
            contest = hand.contest
            if contest is None or contest.how == "showdown":
                role = "showdown"
            elif who == contest.challenger:
                role = {"see": "seer", "show": "asker"}.get(contest.how, f"covered {rules.money(contest.amount)}")
            else:
                role = {"see": "seen", "show": "asked"}.get(contest.how, f"against {contest.challenger}'s cover")
            choices = [*(["show CARDS"] if show else []), *(["concede"] if now.may("concede") else []),
                       *(["award NAME"] if now.may("award") else [])]
            return f"{who} ({role}) — {' · '.join(choices)} > "
        if now.player is None:  # two hands compared in the middle of the betting (a side show, R13.4)
            return f"{' or '.join(now.names('show'))} — show NAME CARDS · concede NAME > "
        status = game_of(rules).say(hand.player(now.player).status)
        return f"{now.player} ({status}) — {' · '.join(legal_phrases(now, rules, table=True))} > "

    # ---- answers ------------------------------------------------------------------

    def answer(self, line: str) -> bool:
        """Apply one answer; False means the referee quits. Refusals raise the engine's errors."""
        words = split(line)
        if not words:
            return True
        verb, args = words[0].lower(), words[1:]
        if verb in QUITTING:
            return False
        if shows(words):
            SHOWN[verb](self, args)
        else:
            self.answers.record(words)
        return True

    def _rules(self, _args: list[str]) -> None:
        emit_table(describe_rules(self.now()[0].rules))

    def _match(self, _args: list[str]) -> None:
        print_match(self.book.match(), self.now()[0].rules.money)

    def _status(self, _args: list[str]) -> None:
        _, current = self.now()
        if current is not None:
            say(situation(current.number, current.hand))

    def _balances(self, _args: list[str]) -> None:
        with told_here():
            print_balances(self.book, False, self.book.balances())

    def _report(self, command: str, args: list[str]) -> None:
        """`history [N]`, `replay N`, `summary`: the report itself, as the command prints it for this session, so a
        dispute is settled without leaving the table."""
        usage = {"history": "history [N]: N, a hand's number, like 3", "replay": "replay N: N, a hand's number, like 3",
                 "summary": "summary takes nothing more"}[command]
        most = {"history": 1, "replay": 1, "summary": 0}[command]
        if len(args) > most or (command == "replay" and not args) or (args and not args[0].isdigit()):
            raise BadInput(usage)
        with told_here():
            cli.main(["--db", str(self.app.db), "--session", self.book.session, command, *args], prog_name="bragref",
                     standalone_mode=False)

    def _settle(self, _args: list[str]) -> None:
        with told_here():
            print_payments(self.book, False, self.book.settle())


@contextlib.contextmanager
def told_here():
    """A report printed at the table as it prints on its own, then told as the table tells everything (`say`): any
    line wider than the terminal wrapped at spaces, the others as they are (a table's rows)."""
    told = io.StringIO()
    with contextlib.redirect_stdout(told), fitting(shutil.get_terminal_size((80, 24)).columns):
        yield
    text = told.getvalue().rstrip("\n")
    if text:
        say(text)


def say(text: str, err: bool = False) -> None:
    """What the table tells, refusals and errors (`err`) too, each line wrapped to the terminal's width at spaces
    (a word never split): nothing the table prints is wider than the terminal (docs/reference.md, Interactive)."""
    click.echo("\n".join(wrapped(text)), err=err)


def wrapped(text: str, indent: str = "", width: int | None = None) -> list[str]:
    """`text`'s lines wrapped to the terminal's width (or `width`) at spaces, later lines of each indented by
    `indent`."""
    width = width or shutil.get_terminal_size((80, 24)).columns
    return [part for line in text.split("\n") for part in _wrapped_line(line, indent, width)]


RULE_CITED = re.compile(r" (?=\(R\d)")  # the space before a rule cited, `(R2.5)`: never where a line breaks


def _wrapped_line(line: str, indent: str, width: int) -> list[str]:
    """One line wrapped at spaces, the colour's escapes (`refused:` painted red) taking no room on the screen, and a
    rule cited kept with the word before it (a no-break space while wrapping: printed text never holds one)."""
    hidden = len(line) - len(ANSI.sub("", line))  # escapes, at the start of a message (`paint`)
    line = RULE_CITED.sub("\xa0", line)
    wrap = textwrap.TextWrapper(width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    first, *rest = textwrap.TextWrapper(width + hidden, break_long_words=False, break_on_hyphens=False).wrap(line) \
        or [line]
    return [part.replace("\xa0", " ") for part in ([first, *wrap.wrap(indent + " ".join(rest))] if rest else [first])]


def block(line: str, rows: list[tuple], money, acting: str | None, width: int) -> str:
    """A title line wrapped to `width`, then a labelled row per player: (name, state, paid in, table money or
    None, loans). Columns that say nothing for anyone (no table money, no loans) are left out; names are cut
    before any line passes `width`."""
    columns = [("state", lambda r: r[1])]
    if any(r[2] is not None for r in rows):
        columns.append(("paid in", lambda r: "" if r[2] is None else money(r[2])))
    if any(r[3] is not None for r in rows):
        columns.append(("on table", lambda r: "" if r[3] is None else money(r[3])))
    if any(r[4] for r in rows):
        columns.append(("loans", lambda r: money(r[4]) if r[4] else ""))
    cells = [[get(r) for _, get in columns] for r in rows]
    widths = [max(len(title), *(len(c[i]) for c in cells)) for i, (title, _) in enumerate(columns)]
    rest = sum(w + 2 for w in widths)
    name_width = max(len("player"), min(max(len(r[0]) for r in rows), width - rest - 2))
    lines = textwrap.wrap(line, width, break_on_hyphens=False) or [""]
    head = "  " + "player".ljust(name_width) + "".join("  " + t.rjust(w) if t != "state" else "  " + t.ljust(w)
                                                        for (t, _), w in zip(columns, widths, strict=True))
    lines.append(head[:width].rstrip())
    for row, cell in zip(rows, cells, strict=True):
        name = row[0] if len(row[0]) <= name_width else row[0][:name_width - 1] + "…"
        text = name.ljust(name_width) + "".join(
            "  " + (c.ljust(w) if title == "state" else c.rjust(w))
            for (title, _), c, w in zip(columns, cell, widths, strict=True))
        marker = "> " if row[0] == acting else "  "
        text = (marker + text).rstrip()[:width]
        lines.append(paint(text, bold=True) if row[0] == acting else text)
    return "\n".join(lines)


SHOWN = {  # what the table only shows, by its first word (`answers.shows`)
    **dict.fromkeys(("st", "status"), Table._status),
    **dict.fromkeys(("bal", "balances"), Table._balances),
    "settle": Table._settle,
    **{report: lambda t, a, report=report: t._report(report, a) for report in ("history", "replay", "summary")},
    **dict.fromkeys(("?", "help"), lambda t, a: click.echo(help_text(t.now()[0].rules))),
    "rules": Table._rules,
    "match": Table._match,
}


def read_line(prompt: str, echo: bool) -> str:
    line = input(prompt)
    if echo:
        click.echo(printable(line))  # piped answers appear after their prompts, as on a terminal
    return line


def open_session(app, read) -> str:
    """The session meant, or, in a ledger with none, one made by asking the referee the few rules that change the
    evening, each with its default offered (Enter takes it)."""
    book = app.book(create=True)
    if app.session or book.session_names():
        return book.current_session().name
    say("No session yet: let us make one. Enter takes the default in brackets; q quits, recording nothing.")
    name = ask(read, "Session name", "", check_name)
    players = ask(read, "Players in seat order, comma-separated", "",  # refused at once, not after every question
                  lambda text: check_seats([p.strip() for p in text.split(",") if p.strip()]))
    chosen = ask(read, f"Game: {'|'.join(GAMES)} (R10)", "brag", find_game)
    game, preset = chosen.name, next(iter(chosen.presets))
    unit = ask(read, "Money unit: 1 for chips, 0.01 for pence (R1.1)", "1", lambda text: str(parse_unit(text)))
    currency = ask(read, "Currency symbol, if any (£, $, EUR)", "", lambda text: Rules(currency=text).currency)
    ante = ask(read, f"{chosen.say('ante').capitalize()} (R2.3)",  # Teen Patti's boot (R13.1); none in Hoyle's
               Rules(unit=unit, currency=currency).money(from_preset(preset, game=game).ante),  # in money (R1.1a)
               lambda text: parse_amount(text, unit, allow_zero=True, currency=currency))
    short = ask(read, f"Short of money: {'|'.join(SHORT_MONEY)} (R7.1)", "cover", lambda text: choice(text, SHORT_MONEY))
    stakes = ask(read, f"Stakes: {'|'.join(STAKES)} (R1.3)", "pocket", lambda text: choice(text, STAKES))
    rules = from_preset(preset, game=game, ante=ante, unit=unit, currency=currency, short_money=short, stakes=stakes)
    return book.session_new(name, players, rules=rules).name


class Quit(Exception):
    """`q` before the session is made: the table ends with nothing recorded."""


def ask(read, question: str, default: str, parse):
    """Ask until the answer parses; an empty answer is the default (offered in brackets, where there is one)."""
    while True:
        text = read(f"{question} [{default}] > " if default else f"{question} > ").strip() or default
        if text.lower() == "q":
            raise Quit
        try:
            return parse(text)
        except BadInput as bad:
            click.echo(f"error: {brief(str(bad))}", err=True)


def choice(text: str, choices: tuple[str, ...]) -> str:
    if text.lower() not in choices:
        raise BadInput(f"one of {', '.join(choices)}, not {text!r}")
    return text.lower()


def enable_line_editing(shell: Table) -> None:
    """On a terminal: line editing and history from readline, Tab completing answers and player names."""
    try:
        import readline
    except ImportError:  # not every Python has it (Windows); plain input still works
        return

    def complete(text: str, state: int) -> str | None:
        session, _ = shell.now()
        options = [w for w in (*ANSWERS, *SHOWING, *session.seats) if w.lower().startswith(text.lower())]
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
    before the next prompt: quit or crash, and `bragref table` resumes. In a
    ledger with no session it first asks for one: its name, the players, the
    game, the money, the ante, short money and stakes.

    \b
    Example:
      bragref table
      printf 'd\\nb 2\\nf\\n' | bragref table
    """
    interactive = sys.stdin.isatty()

    def read(prompt: str) -> str:
        return read_line(prompt, echo=not interactive)

    try:
        run_table(app, read, interactive)
    except KeyboardInterrupt:  # wherever Ctrl-C lands; a write it interrupts is rolled back whole
        click.echo()
        click.get_current_context().exit(EXIT_INTERRUPTED)  # everything answered before is already saved


def run_table(app, read, interactive: bool) -> None:
    """Make or open the session, then prompt and answer until the referee quits or the input ends."""
    try:
        shell = Table(app, open_session(app, read))
    except (EOFError, Quit):
        click.echo()
        return  # input ended, or the referee quit, before the session was made: nothing is written
    if interactive:
        enable_line_editing(shell)
    say("bragref table: ? for help, q to quit. Each answer is saved as soon as it is given.")
    while True:
        header, prompt = shell.render()
        click.echo(header)
        *above, prompt = wrapped(prompt.rstrip()) or [""]
        if above:
            click.echo("\n".join(above))
        try:
            line = read(prompt + " ")
        except EOFError:
            click.echo()
            return
        try:
            if not shell.answer(line):
                return
        except Refused as refused:
            say(in_table_words(refusal_text(refused)), err=True)
        except Stale as stale:
            say(f"stale: {stale}", err=True)
        except (BadInput, LedgerUnavailable) as error:
            say(f"error: {in_table_words(brief(str(error)))}", err=True)


COMMANDS = [table]
