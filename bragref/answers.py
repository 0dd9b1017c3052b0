"""The one language of answers: the words a referee types at `table` (`b 4`, `f`, `lend andy bill 5`), taps on the
referee's page (`fold Ann`) or a player asks from a seat, read by one reader and recorded through one `Book`, below
every shell. A shell splits a line into words (`split`), shows what only shows (`shows`: reports, help, the rules)
in its own way, and gives every other answer to `Answers.record`, which records it as the one-shot command would,
refused or cited the same way, and tells what was recorded in the table's words (`bragref.told`).

A game's moves are read from their declarations (each verb's `Param`s, its short answers and the game's words for
it); the table's own answers (deal, seating, money, rules, undo, close) are the table's, the same in every game."""

from __future__ import annotations

import re
import shlex

from bragref.engine.errors import BadInput, Refused, did_you_mean
from bragref.engine.names import resolve
from bragref.games import deal_params, game_of, game_verbs, verb_aliases
from bragref.games.play import apply_now, looks_like_cards, made
from bragref.games.verbs import Said
from bragref.told import (closed_words, dealt_words, left_words, lent_words, match_words, outcome, payto_words,
                          purse_words, recorded_words, renamed_words, repaid_words, rules_set_words, seats_words,
                          started_words, voided_words, witness)


def split(line: str) -> list[str]:
    """An answer's words, read as a shell reads them: a name with a space kept whole in quotes."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise BadInput(f"cannot read that answer: {error}") from None


QUITTING = frozenset(("q", "quit", "exit"))
SHOWING = frozenset(("st", "status", "bal", "balances", "settle", "history", "replay", "summary", "?",
                     "help")) | QUITTING  # answers that show something (or quit) and record nothing


def shows(words: list[str]) -> bool:
    """Whether an answer (its words) only shows something, a report, the help, the rules or the match, or quits:
    it records nothing, whatever the ledger holds."""
    verb = words[0].lower()
    return verb in SHOWING or (verb in ("rules", "match") and words[1:] in ([], ["show"]))


def game_answers(game) -> dict[str, tuple[type, dict]]:
    """A game's own answers, each with its action type and the values it sets: its verbs, their short answers and its
    words for them (Hoyle's `c`, a call; Teen Patti's `chaal`). They come before the table's (`ANSWERS`), where
    another game may mean otherwise by the same word (brag's `c`, a cover)."""
    answers: dict[str, tuple[type, dict]] = {}
    for kind in game.actions:
        for answer, given in ((kind.verb, {}), *kind.answers.items()):
            answers.setdefault(answer, (kind, given))
    for alias, verb in game.aliases_of_verbs.items():
        answers.setdefault(alias, (game.verbs[verb], {}))
    return answers


def time_words(book) -> str:
    """What the game's housekeeping says after a deal: the evening's end coming (R11.7), or nothing."""
    try:
        return book.reminder() or ""
    except Refused:
        return "This is the evening's last hand: with it every player has dealt as often as the others (R11.7)."


def set_rule(book, option: str, value: str, page: bool = False) -> str:
    """Set one house rule from its words, between hands (R9.3); what the table is told (on a `page`, in its words). A
    rule set to what it is already records nothing (`rules_changed`)."""
    rules = book.rules_set(option, value)
    return rules_set_words(rules, book.last[0], option, page)


def leave(book, name: str) -> str:
    """A player leaves between hands (R2.1); what the table is told, with what they leave on the table at table
    stakes (R1.3)."""
    book.leave(name)
    chosen, gone = book.last
    return left_words(chosen, gone, book.table_money().get(gone, 0) if chosen.rules.stakes == "table" else 0)


class Answers:
    """One session's answers, recorded through `book` (`api.Book`, speaking of that session); what each records is
    told to `tell`, a line at a time, in the table's words."""

    def __init__(self, book, tell, page: bool = False):
        self.book, self.tell, self.page = book, tell, page  # page: told on a page, in its words (`told.rule_changed`)

    def now(self):
        return self.book.current_session(), self.book.current()

    def record(self, words: list[str]) -> None:
        """Record one answer (its words, not one that only shows: `shows`). Refusals raise the engine's errors
        (`Refused`, `BadInput`), a write meant for a table that has moved on `ledger.store.Stale`: nothing is
        recorded."""
        verb, args = words[0].lower(), words[1:]
        own = None if verb == "session" else game_answers(game_of(self.now()[0].rules)).get(verb)
        if own is not None:
            return self._verb(*own, args)
        handler = ANSWERS.get(verb)
        if handler is None:
            if looks_like_cards(words[0]) or (len(words) > 1 and looks_like_cards(words[1]) and self._names(words[0])):
                return self._verb(game_verbs()["show"], {}, words)  # CARDS, or NAME CARDS: a show
            raise BadInput(f"{words[0]!r} is not an answer here{did_you_mean(verb, (*ANSWERS, *SHOWING))}: ? lists "
                           f"them")
        handler(self, args)

    def fits_now(self, words: list[str]) -> bool:
        """Whether a move's `words` (a seat's request: `bet Bob 2 blind`) would be recorded on the hand as it stands
        now: read as `record` reads a game's move, and judged as a move made now (`play.apply_now`); nothing is
        written. Anything else (the table's own answers, no hand in play) is not such a move."""
        session, current = self.now()
        own = game_answers(game_of(session.rules)).get(words[0].lower()) if words else None
        if own is None or current is None:
            return False
        kind, given = own
        hand = current.hand
        game = game_of(hand.rules)
        try:
            said = Said(kind.verb, tuple(options_placed(kind, words[1:])), kind=kind, given=given, answer=True)
            apply_now(hand, made(hand, said, game), game)
        except (Refused, BadInput):
            return False
        return True

    def _names(self, word: str) -> bool:
        """Whether `word` names a player in the hand in play."""
        current = self.now()[1]
        try:
            return current is not None and bool(resolve(word, [p.name for p in current.hand.players]))
        except BadInput:
            return False

    def _record(self, move: Said) -> None:
        before = self.now()[1]
        self.book.record(move)
        _, current, action = self.book.last
        self.tell(recorded_words(action, before.hand if before else None, current.hand, self.page))
        if current.hand.phase == "over":
            self.tell(outcome(current.number, current.hand))
            self.tell(witness(self.book.digest()))
        elif news := game_of(current.hand.rules).news(current.hand):  # what the prompt does not show (R13.4)
            self.tell(news)

    def _verb(self, kind, given: dict, args: list[str]) -> None:
        """An answer for an action type, read as its declaration says (`b andy 2`, `l old keep`, `Kh Qh Jh / 2c`)
        against the hand as the write finds it (`play.made`)."""
        if kind.subject == "table" and kind.params and not args:
            raise BadInput(f"{kind.usage()}: whom?")
        self._record(Said(kind.verb, tuple(options_placed(kind, args)), kind=kind, given=given, answer=True))

    def _undo(self, args: list[str]) -> None:
        words = args[1:] if args[:1] == ["--reason"] else args
        self.book.undo(" ".join(words) or None)
        session, current, voided = self.book.last
        self.tell(voided_words(voided, current, session.now_called, session.rules.game))

    def _deal(self, args: list[str]) -> None:
        """`d [DEALER] [joker CARD] [up CARD…]`: what a game's deal records is named by its word, as at the command
        line, and its cards follow it."""
        names = {p.name for p in deal_params()}
        dealt, rest, naming = {}, [], None
        for word in args:
            if word == "--dealer":  # the command's own words: `deal --dealer Bill`
                continue
            if word.lstrip("-") in names:
                naming = word.lstrip("-")
                dealt[naming] = ""
            elif naming is not None:
                dealt[naming] = f"{dealt[naming]} {word}".strip()
            else:
                rest.append(word)
        if len(rest) > 1:
            raise BadInput(f"d [DEALER] {' '.join(f'[{p.name} {p.metavar}]' for p in deal_params())}: one dealer, not "
                           f"{rest}")
        self.book.deal(rest[0] if rest else None, **dealt)
        _, current, previous = self.book.last
        self.tell(dealt_words(current, previous, time_words(self.book)))

    def _join(self, args: list[str]) -> None:
        if len(args) not in (1, 3) or (len(args) == 3 and args[1].lower().lstrip("-") != "after"):
            raise BadInput("j NAME, or j NAME after NAME")
        seated = self.book.join(args[0], args[2] if len(args) == 3 else None)
        self.tell(seats_words(seated.seats))

    def _leave(self, args: list[str]) -> None:
        if len(args) != 1:
            raise BadInput("leave NAME")
        self.tell(leave(self.book, args[0]))

    def _rules(self, args: list[str]) -> None:
        words = args[1:] if args[0] == "set" else args  # the command's own words: `rules set ante 2`
        if len(words) != 2:
            raise BadInput("rules OPTION VALUE, e.g. rules ante 2")
        self.tell(set_rule(self.book, *words, page=self.page))

    def _player(self, args: list[str]) -> None:
        """`player join|leave|rename …`, the commands' own words for `j`, `leave` and `rename`."""
        answers = {"join": Answers._join, "leave": Answers._leave, "rename": Answers._rename}
        if not args or args[0].lower() not in answers:
            raise BadInput("player join NAME [after NAME], player leave NAME or player rename OLD NEW")
        answers[args[0].lower()](self, args[1:])

    def _session(self, args: list[str]) -> None:
        """`session close`, the command's own words for `close`; `session new`, where no session is open. The table
        keeps to its own session: others are chosen at the command line."""
        if args[:1] == ["new"]:
            return self._session_new(args[1:])
        if args[:1] != ["close"]:
            raise BadInput(f"the table plays session {self.book.session}: session close closes it; other sessions "
                           f"are chosen at the command line (`bragref session …`)")
        self._close(args[1:])

    def _session_new(self, args: list[str]) -> None:
        """`session new NAME players A,B,C [game G] [ante AMOUNT] [unit U] [currency C] [stakes S]`, each option by
        its word or as the command writes it (`--players`): the next session, made current, where none is open (the
        evening started from the referee's page, R9.1)."""
        if not args or len(args) % 2 == 0:
            raise BadInput("session new NAME players A,B,C [game G] [ante AMOUNT] [unit U] [currency C] [stakes S]")
        name, given = args[0], {key.lstrip("-").replace("-", "_"): value
                                for key, value in zip(args[1::2], args[2::2], strict=False)}
        players = [p.strip() for p in given.pop("players", "").split(",") if p.strip()]
        made = self.book.session_new(name, players, given.pop("game", None) or "brag", given.pop("preset", None),
                                     next_only=True, **given)
        self.tell(started_words(made))

    def _lend(self, args: list[str]) -> None:
        words = [w for w in args if w.lstrip("-") != "bystander"]
        if len(words) != 3:
            raise BadInput("lend LENDER BORROWER AMOUNT [bystander], e.g. lend andy bill 5 (R7.5)")
        bystander = len(words) != len(args)
        self.tell(lent_words(*self.book.lend(*words, bystander)))

    def _repay(self, args: list[str]) -> None:
        if len(args) != 3:
            raise BadInput("repay BORROWER LENDER AMOUNT, e.g. repay bill andy 5 (R7.5)")
        self.tell(repaid_words(*self.book.repay(*args)))

    def _paid(self, args: list[str]) -> None:
        """`paid PAYER PAYEE AMOUNT [--note TEXT]`: a settle-up, between hands (R1.2)."""
        words, note = (args[:args.index("--note")], " ".join(args[args.index("--note") + 1:]) or None) \
            if "--note" in args else (args, None)
        if len(words) != 3:
            raise BadInput("paid PAYER PAYEE AMOUNT [--note TEXT], e.g. paid bill andy 5 (R1.2)")
        self.tell(f"Recorded: {self.book.paid(*words, note).said()}")

    def _pay_to(self, args: list[str]) -> None:
        """`pay-to PLAYER HANDLE`, or `pay-to PLAYER --remove` (or `remove`): how PLAYER is paid, at any time."""
        words = [w for w in args if w.lstrip("-") != "remove"]
        removing = len(words) != len(args)
        if len(words) != (1 if removing else 2):
            raise BadInput("pay-to PLAYER HANDLE (upi:ann@okbank, paypal:NAME, revolut:NAME, monzo:NAME or an https "
                           "link), or pay-to PLAYER remove")
        self.tell(f"Recorded: {payto_words(*self.book.pay_to(words[0], None if removing else words[1]))}")

    def _purse(self, kind: str, args: list[str]) -> None:
        if len(args) not in (1, 2) or (kind != "cash-out" and len(args) != 2):
            raise BadInput(f"{kind} PLAYER {'[AMOUNT]' if kind == 'cash-out' else 'AMOUNT'} (R1.3)")
        self.book.purse(kind, args[0], args[1] if len(args) > 1 else None)
        self.tell(purse_words(kind, *self.book.last))

    def _close(self, args: list[str]) -> None:
        if args:
            raise BadInput("close takes nothing: it closes this session (R9.1)")
        self.book.session_close()
        self.tell(closed_words(*self.book.last, page=self.page))

    def _rename(self, args: list[str]) -> None:
        if len(args) != 2:
            raise BadInput("rename OLD NEW, e.g. rename bill William (R2.6)")
        self.book.rename(*args)
        self.tell(renamed_words(*self.book.last))

    def _match(self, args: list[str]) -> None:
        if args != ["new"]:
            raise BadInput("match, or match new: a new match for lives, between hands (R14.4)")
        session = self.book.match_new()
        self.tell(match_words(self.book.match(), session.rules.money))


def options_placed(kind, words: list[str]) -> list[str]:
    """An answer typed as the command would be (`l --hand new --keep`, `wager chris --ante 1 --pair-plus 0.50`) read
    as the table's words (`l new keep`, `wager chris 1 pair-plus 0.50`): an option that only introduces its value
    (`--hand`, or `--ante`, a value the table reads by its place) gives that value its place among the others."""
    options = {flag: param for param in kind.params if param.option for flag in param.option.split("/")}
    answer, placed, rest = [], {}, []
    words = iter(words)
    for word in words:
        param = options.get(word)
        if param is None:
            (rest if rest else answer).append(word)
        elif param.kind in ("money", "cards", "players") and not param.keywords:
            placed[param.name] = next(words, "")
        elif param.kind != "choice":  # `--hand` only introduces its value
            rest.append(param.keywords[0] if param.keywords else word.lstrip("-"))
    return answer + [placed[param.name] for param in kind.params if param.name in placed] + rest


ANSWERS = {  # the answers that record, by their first word; a game's own come first (`game_answers`)
    **dict.fromkeys(("u", "undo"), Answers._undo),
    **dict.fromkeys(("d", "deal"), Answers._deal),
    **dict.fromkeys(("j", "join"), Answers._join),
    "leave": Answers._leave,
    "rules": Answers._rules,
    "lend": Answers._lend,
    "paid": Answers._paid,
    "pay-to": Answers._pay_to,
    "repay": Answers._repay,
    **{kind: lambda a, args, kind=kind: a._purse(kind, args) for kind in ("buy-in", "top-up", "cash-out")},
    "close": Answers._close,
    "session": Answers._session,
    "player": Answers._player,
    "rename": Answers._rename,
    "match": Answers._match,
    **{answer: lambda a, args, kind=kind, given=given: a._verb(kind, given, args)  # from each declaration
       for kind in game_verbs().values() for answer, given in ((kind.verb, {}), *kind.answers.items())},
    **{alias: lambda a, args, kind=kind: a._verb(kind, {}, args)  # a game's words: chaal, pack
       for alias, kind in verb_aliases().items()},
}


def in_table_words(message: str) -> str:
    """A message that names a command the table answers (`bragref deal`, `bragref lend`) names the answer (`deal`,
    `lend`), and a command's options the answer's words (`l old keep`); what only the command line does (`bragref
    audit`, `bragref session new`) it names as it is."""
    def answer(named: re.Match) -> str:
        command, first = named[1], named[2]
        at_table = (first in ANSWERS or first in SHOWING) and (first != "session" or command.startswith("session close"))
        return f"`{command}`" if at_table else named[0]

    for option, answer_words in OPTION_WORDS.items():
        message = message.replace(option, answer_words)
    return re.sub(r"`bragref (([^`\s]+)[^`]*)`", answer, message)


OPTION_WORDS = {  # what a message says in the command line's options, as the table's answers say it (R6.3)
    "look at one (--hand old|new) and --keep or --fold it": "look at one and keep or fold it (`l old keep`, "
                                                              "`l new fold`)",
    "look without --hand": "look with `l` alone",
    "(--hand old|new) and --keep or --fold go together": "(`l old keep`, `l new fold`): which hand and keep or "
                                                         "fold go together",
}
