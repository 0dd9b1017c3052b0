"""What can happen in a hand, as plain values, each type declaring its verb once.

An action type is a frozen value (a `structs.Struct`) that says, beside its fields: its `verb`, whether a player or the table does
it (`subject`), its `answers` at `table`, its `params` (each field after the player: what kind of value, how it is
typed and written), its help, and how it is told (`told`). From that one declaration come the command line's
command (`cli.hand.verb_command`), the `table` answer (`from_words`), the hand history's line (`written`,
`from_history`), the ledger's row (`args`, `from_args`) and the replay's sentence (`told`). A type overrides a default only where its words carry more than its fields:
a see's history line says what it cost and whether it was blind, which the state knows and the history checks.

The action types every game of the family shares are here; a game's own are in its package.
"""

from __future__ import annotations

import re

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, cast

import bragref.structs as structs

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import resolve
from bragref.engine.state import Hand, Legal, held_by
from bragref.games import game_of, hand_ranking

if TYPE_CHECKING:
    from random import Random
    from types import ModuleType
    from typing import Self

    from bragref.engine.rules import Rules
    from bragref.engine.state import Offer
    from bragref.games.protocol import Game


@cache
def _cards() -> ModuleType:
    """The card module, loaded by the first action that has cards (betting never pays for it), and kept: an import
    said again in a function costs more than reading a show's cards."""
    from bragref.engine import cards

    return cards


def _read_cards(text: str) -> tuple[int, ...]:
    """Cards as an action's row keeps them (`Kh Qh Jh`), or none: the card module asked for once a show."""
    if not text:
        return ()
    cards = _cards()
    read: tuple[int, ...] = cards.parse_cards([text], cards.MAX_JOKERS)
    return read


def checked(move: object, rules: Rules) -> Verb:
    """A move made from Python, checked at the API's door as the command line's words are: one of
    bragref's moves, each field of its declared type (an amount an int of units, never a bool; a flag a bool), and
    its cards card numbers the rules can deal (R8.9: jokers only where the rules add them), none given twice (refused
    in the command line's words, `cards.shown_twice`): what typed words can only give. Which of those a game's pack
    holds, and which are seen in the deal, the game says with its own rule (`play.check_cards`, Svara's R16.1).
    `BadInput` otherwise, nothing done."""
    if not isinstance(move, Verb):
        raise BadInput(f"{move!r} is not a move: give one of bragref's (`bragref.Bet(\"Bill\", 2)`)")
    try:
        structs.convert(structs.asdict(move), type(move))
    except structs.ValidationError as error:
        raise BadInput(f"{type(move).__name__}: {error}") from None
    given = [card for param in move.params if param.kind == "cards" for card in getattr(move, param.name)]
    if not given:
        return move  # betting never loads the card module
    cards = _cards()
    pack = cards.NATURALS + cards.wild_cards(rules.wild)[1]
    for card in given:
        if not 0 <= card < pack:
            raise BadInput(f"{type(move).__name__}: card number {card} is not a card of this pack (0 to {pack - 1}: "
                           f"2c to As{', then the jokers' if pack > cards.NATURALS else ''}, R8.9)")
    if len(set(given)) < len(given):
        raise cards.shown_twice(cards.twice_in(tuple(given)))  # in the command line's words (R8.9): one telling
    return move


PARAM_KINDS = ("money", "flag", "choice", "toggle", "cards", "players")


class Param(structs.Struct, frozen=True):
    """One field of an action after its player.

    `kind`: `money` (an amount in the session's money, typed; units in the history and ledger), `flag` (on or off:
    `words` are how each is written, e.g. blind/open), `choice` (one of `words`), `toggle` (either of two `words`,
    or not given), `cards`, or `players` (one or more names). `keywords`: the word that introduces it in a history
    line or an answer (`discard`, or `/` at the table); `option`: typed as `--flag` on the command line rather than
    as an argument; `required`: a value must be given (else it may be left out, or the game fills it in at the table).
    `one`: cards, one card (a draw, R15.4) rather than a hand's; not said, one where the name is `card`
    (`single`).
    """

    name: str
    kind: str
    help: str = ""
    words: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    option: str = ""  # the command line's option, e.g. "--discard"; empty: an argument
    required: bool = True
    zero_at_table_stakes: bool = False  # money: 0 is an amount where table money may be all gone (R7.2)
    held: bool = False  # cards: a player's own, so none face up on the table (`Game.cards_up`)
    rule: str = ""  # a deal's parameter: the rule it is recorded under (`deal --boil`, R16.7)
    one: bool | None = None  # cards: one card (True) or a hand's (False); None: as the name says (`single`)
    ranks: bool = False  # a deal's card the order of hands depends on (the joker turned up, R13.7): `rank`,
    # `compare` and `odds` take it as the card turned up
    each: bool = False  # a deal's cards: one for each player dealt in, in turn from the eldest (three-stake's face-up
    # cards, R15.1): the referee's page says how many, and whose each one is

    def __post_init__(self) -> None:
        if self.kind not in PARAM_KINDS:
            raise ValueError(f"{self.name}: unknown parameter kind {self.kind!r} (kinds: {', '.join(PARAM_KINDS)})")
        if (self.one is not None or self.ranks or self.each) and self.kind != "cards":
            raise ValueError(f"{self.name}: `one`, `ranks` and `each` are said of cards alone, not of {self.kind}")

    @property
    def single(self) -> bool:
        """Whether it names one card (three-stake's draw, R15.4), not a hand's: as `one` declares, else where it is
        named `card` (for the parameters that do not say: docs/adding-a-game.md)."""
        return self.kind == "cards" and (self.name == "card" if self.one is None else self.one)

    @property
    def metavar(self) -> str:
        if self.single:
            return "CARD"
        return {"money": "AMOUNT", "cards": "CARDS", "players": "PLAYERS"}.get(self.kind, self.name.upper())

    def shown(self, value: Any, money: Callable[[int], str] = str, player: Callable[[str], str] = str) -> list[str]:
        """`value` as words: a flag its word for on or off; anything else its keyword, then the value (money as
        `money` writes it, each player as `player` does), or nothing where it was not given."""
        if self.kind == "flag":
            return [self.words[0] if value else self.words[1]]
        if value is None or value == ():
            return []
        if self.kind == "money":
            words = [money(value)]
        elif self.kind == "toggle":
            words = [self.words[0] if value else self.words[1]]
        elif self.kind == "choice":
            words = [value]
        elif self.kind == "cards":
            words = _cards().hand_text(value).split()
        else:
            words = [player(name) for name in value]
        return [*self.keywords[:1], *words]



LISTS = ("cards", "players")  # the kinds read as several words: up to the next parameter's keyword
WORD = re.compile(r"[a-z][a-z0-9-]*")  # a verb, as a command and an answer are typed
OPTION = re.compile(r"--[a-z][a-z0-9-]*")  # a parameter's option, as click and the quick path read it


def declaration_faults(kind: object) -> list[str]:
    """What is wrong with an action type's declaration, each said naming the declaration at fault; nothing where the
    command line, `table`, the ledger and the hand history can all be made from it (`verb_command`,
    `cli.argv.answer_words`, `Verb.from_words`). Checked of every game when it loads (`games.Registry`), so that a
    plug-in's mistake is refused as the game's, naming it, not found later as a failure of bragref's own."""
    if not (isinstance(kind, type) and issubclass(kind, Verb)):
        return [f"{kind!r} in `actions` is not an action type (a subclass of `bragref.games.verbs.Verb`)"]
    verb = getattr(kind, "verb", None)
    if not (isinstance(verb, str) and WORD.fullmatch(verb)):
        return [f"{kind.__name__}.verb = {verb!r}: a verb is one lower-case word (`stick`, `side-show`)"]
    where = f"{verb!r} ({kind.__module__}.{kind.__name__})"
    faults = [f"{where}: {fault}" for fault in _faults(kind)]
    return faults


def _faults(kind: type[Verb]) -> list[str]:
    faults: list[str] = []
    if kind.subject not in ("player", "table"):
        faults.append(f"subject = {kind.subject!r}: a move is a player's (\"player\") or the table's (\"table\")")
    params = kind.params
    if not (isinstance(params, tuple) and all(isinstance(param, Param) for param in params)):
        return faults + [f"params = {params!r}: a tuple of `Param`s"]
    names = [param.name for param in params]
    fields = tuple(field for field in kind.__struct_fields__  # a table's move may keep a `player` of None (a
                   if kind.subject == "player" or field != "player")  # showdown agreed, brag's R6.5)
    wanted = (("player",) if kind.subject == "player" else ()) + tuple(names)
    if kind.subject == "player" and fields[:1] != ("player",):
        faults.append(f"fields {', '.join(fields) or 'none'}: a player's move has `player` as its first field")
    if sorted(fields) != sorted(wanted):
        faults.append(f"fields ({', '.join(fields)}) and `params` ({', '.join(names) or 'none'}) differ: each field "
                      f"{'after the player ' if kind.subject == 'player' else ''}is declared by a `Param` of "
                      f"its name, and each `Param` names a field")
    options: list[str] = []
    for index, param in enumerate(params):
        if not param.name.isidentifier() or param.name in ("player", "argv"):
            faults.append(f"{_said(param)}: a parameter's name is a field's (a Python name, and not `player`)")
        if names.count(param.name) > 1 and names.index(param.name) == index:
            faults.append(f"{_said(param)}: two parameters are named {param.name!r}")
        if param.kind in ("flag", "toggle") and len(param.words) != 2:
            faults.append(f"{_said(param)}: a {param.kind} is written as one of two words, `words` (on, off): "
                          f"(\"blind\", \"open\")")
        if param.kind == "choice" and not param.words:
            faults.append(f"{_said(param)}: a choice is one of its `words`, and it declares none")
        if param.kind == "flag" and not OPTION.fullmatch(param.option):
            faults.append(f"{_said(param)}: a flag is typed as an option: `option=\"--{param.name.replace('_', '-')}\"`")
        elif param.kind == "toggle" and not (param.option.count("/") == 1 and all(
                OPTION.fullmatch(part) for part in param.option.split("/"))):
            faults.append(f"{_said(param)}: a toggle is typed as either of two options: `option=\"--keep/--fold\"`")
        elif param.kind not in ("flag", "toggle") and param.option and not OPTION.fullmatch(param.option):
            faults.append(f"{_said(param)}: an option is `--` and a lower-case word (`option=\"--discard\"`), or none")
        for option in param.option.split("/") if param.option else ():
            if option in options or option in ("--help", "-h"):
                faults.append(f"{_said(param)}: the option {option} is taken already")
            options.append(option)
        if param.kind in LISTS:
            later = [other for other in params[index + 1:] if not (other.keywords or other.kind in
                                                                   ("flag", "choice", "toggle"))]
            if later:
                faults.append(f"{_said(param)} is read as words up to the next parameter's keyword, and "
                              f"{later[0].name!r} after it has none: give it `keywords` (`keywords=(\"discard\",)`)")
    listed = [param for param in params if param.kind in LISTS and not param.option]
    if len(listed) > 1:
        faults.append(f"{', '.join(repr(param.name) for param in listed)} are each several words typed as arguments "
                      f"(cards or players without `option`): a command reads one such; give the others "
                      f"`option` (`option=\"--{listed[1].name.replace('_', '-')}\"`)")
    answers = kind.answers
    if not isinstance(answers, dict):
        return faults + [f"answers = {answers!r}: a dict of `table` answers, each with the values it sets"]
    for answer, values in answers.items():
        if not (isinstance(answer, str) and answer and " " not in answer and isinstance(values, dict)
                and set(values) <= set(names)):
            faults.append(f"answers[{answer!r}] = {values!r}: an answer is a word, with the values it sets of the "
                          f"parameters ({', '.join(names) or 'none'})")
    return faults


def _said(param: Param) -> str:
    """A parameter's declaration as a fault names it: `Param('cards', 'cards', option='--more')`."""
    return f"Param({param.name!r}, {param.kind!r}{f', option={param.option!r}' if param.option else ''})"


def game_faults(game: Game) -> list[str]:
    """What is wrong with a game's declarations of its moves and of what its deal records (`deal_params`, each typed
    as `bragref deal --NAME`), each said naming the declaration; nothing for a game that declares them soundly."""
    faults: list[str] = []
    actions = getattr(game, "actions", ())
    verbs = [getattr(kind, "verb", None) for kind in actions]
    for kind in actions:
        faults += [f"its verb {fault}" for fault in declaration_faults(kind)]
    for verb in {verb for verb in verbs if verbs.count(verb) > 1}:
        faults.append(f"{verb!r} is the verb of {verbs.count(verb)} of its `actions`: one type a verb")
    for alias, verb in game.aliases_of_verbs.items():
        if verb not in verbs or not (isinstance(alias, str) and WORD.fullmatch(alias)):
            faults.append(f"aliases_of_verbs[{alias!r}] = {verb!r}: another name (one lower-case word) for one of its "
                          f"verbs ({', '.join(map(str, verbs))})")
    for param in game.deal_params:
        if not isinstance(param, Param):
            faults.append(f"deal_params holds {param!r}: a `Param` each")
        elif not OPTION.fullmatch(param.option) or param.option == "--dealer":
            faults.append(f"deal_params' Param({param.name!r}, {param.kind!r}): what a deal records is typed as "
                          f"`bragref deal --{param.name.replace('_', '-')} …`: `option=\"--{param.name.replace('_', '-')}\"`")
    return faults


def guessed(game: Game) -> list[tuple[str, type]]:
    """What a game's declarations leave to a guess that is deprecated (kept through protocol 1.x), each said naming
    the declaration and what to write instead, with the class that declares it: a parameter of cards named `card`
    that does not say `one`, read as one card by its name, as 0.19 read it (`Param.single`). Warned of when the game
    loads (`games.Registry`)."""
    said: list[tuple[str, type]] = []
    kinds = [kind for kind in getattr(game, "actions", ()) if isinstance(kind, type) and issubclass(kind, Verb)]
    for where, params, owner in [*((f"its verb {kind.verb!r} ({kind.__module__}.{kind.__qualname__})", kind.params,
                                    kind) for kind in kinds), ("its deal_params", game.deal_params, type(game))]:
        for param in params:
            if isinstance(param, Param) and param.kind == "cards" and param.one is None and param.name == "card":
                message = (f"the game {game.name!r}: {where}: {_said(param)} does not say whether it names one "
                           f"card, and is read as one by its name `card` (deprecated, kept through game protocol "
                           f"1.x): say `one=True` (docs/adding-a-game.md, section 3)")
                said.append((message, owner))
    return said


@cache
@cache
def first_param(kind: type[Verb], of: str) -> str | None:
    """The name of the first parameter of kind `of` (`money`, `flag`) a type of action declares, None where it
    declares none: the field `Verb.stated_amount` and `Verb.flagged` say (and `history`, for every action of a kind
    that keeps them)."""
    return next((param.name for param in kind.params if param.kind == of), None)


def card_params(kind: type[Verb]) -> tuple[Param, ...]:
    """The parameters of kind `cards` an action type declares, read once a type: most declare none, and every
    action made or replayed asks (the audit's replay too)."""
    return tuple(param for param in kind.params if param.kind == "cards")


@cache
def listed_params(kind: type[Verb]) -> tuple[Param, ...]:
    """The parameters of kind `cards` or `players` an action type declares, read once a type: what its ledger's row
    keeps otherwise than as they are (`Verb.from_args`)."""
    return tuple(param for param in kind.params if param.kind in ("cards", "players"))


@cache
def held_cards(kind: type[Verb]) -> tuple[str, ...]:
    """The names of the parameters of kind `cards` an action type declares as a player's own (`Param.held`: a show's,
    a draw's), read once a type: what R8.9 checks of every action replayed (`play.check_cards`)."""
    return tuple(param.name for param in card_params(kind) if param.held)


@cache
def hand_cards(kind: type[Verb]) -> tuple[str, ...]:
    """The names of the parameters of kind `cards` an action type declares as a player's whole hand (held, none of
    one card: a show's cards and discards), read once a type: what R8.10 checks (`play.check_hand`); none where a
    held parameter names one card (a draw, a flash)."""
    held = [param for param in card_params(kind) if param.held]
    return () if any(param.single for param in held) else tuple(param.name for param in held)


class Reader(ABC):
    """How the words of an answer or a history line become values: money as typed or in units, names as the
    table knows them or as `p1`, `p2`…, and whether every word must be there as written (`strict`)."""

    strict: bool

    @abstractmethod
    def money(self, text: str, param: Param) -> int:
        """An amount, in units."""

    @abstractmethod
    def player(self, text: str) -> str:
        """A player of the hand, by the name it knows them by."""

    @abstractmethod
    def cards(self, texts: list[str], taken: set[int], param: Param) -> tuple[int, ...]:
        """Cards (R8.9); `taken` holds those read already for the same action, which these may not repeat."""


class Typed(Reader):
    """How a person's words become an action's values (a `Reader`): amounts in the session's money (R1.1), names
    as the hand knows them (R2.6), cards as R8.9 spells them, wild jokers included; `k` for keep and the like."""

    strict = False

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def money(self, text: str, param: Param) -> int:
        rules = self.hand.rules
        return rules.amount(text, allow_zero=param.zero_at_table_stakes and rules.stakes == "table")

    def player(self, text: str) -> str:
        return resolve(text, [p.name for p in self.hand.players])

    def cards(self, texts: list[str], taken: set[int], param: Param) -> tuple[int, ...]:
        """A player's cards may be none face up on the table: in Bastard Brag's centre (R14.1), Teen Patti's joker
        (R13.7). A card shown already the rules refuse, after whose turn it is to show (R5.4)."""
        cards = _cards()
        read: tuple[int, ...] = cards.parse_cards(texts, cards.wild_cards(self.hand.rules.wild)[1], taken=taken)
        if param.held:
            up = game_of(self.hand.rules).cards_up(self.hand)
            for card in read:
                if card in up:
                    raise BadInput(f"{cards.card_text(card)} {up[card]}: a pack holds one of each card")
        return read


class Verb(structs.Struct, frozen=True, gc=False):
    """The declaration every action type makes (class attributes), and what is made from it by default."""

    verb: ClassVar[str]
    subject: ClassVar[str] = "player"  # "player": a player does it; "table": the table as a whole does it
    answers: ClassVar[dict[str, dict[str, Any]]] = {}  # `table` answers beyond the verb itself, each with the values it sets
    params: ClassVar[tuple[Param, ...]] = ()
    summary: ClassVar[str] = ""  # the command's one-line help
    help: ClassVar[str] = ""  # what it does, citing the rules
    examples: ClassVar[tuple[str, ...]] = ()  # the command's arguments in examples, e.g. ("dan",)
    unoffered: ClassVar[dict[str, Any]] = {}  # what `status --json` carries under `legal` for the move in a hand of any game
    # while it is not offered (docs/reference.md, The table now); nothing: its key is in its own game's hands alone,
    # false till offered

    def __post_init__(self) -> None:
        """Cards may be given as a person writes them, from Python (`Show("Bill", "Kh Kd 4c")`, a plug-in's
        `Flash("Bob", "7h")`): every parameter of kind `cards` is read as R8.9 writes cards."""
        for param in card_params(type(self)):
            value = getattr(self, param.name)
            if type(value) is tuple:  # most are card numbers already: nothing to read
                for card in value:
                    if isinstance(card, str):
                        break
                else:
                    continue
            if not isinstance(value, (str, tuple, list)):
                raise BadInput(f"cards are written as text (`Kh Kd 4c`) or a list of cards, not {value!r} (R8.9)")
            if isinstance(value, str) or any(isinstance(card, str) for card in value):
                words = [value] if isinstance(value, str) else list(value)
                structs.force_setattr(self, param.name, _cards().parse_cards(words, _cards().MAX_JOKERS))

    # ---- the ledger's row ---------------------------------------------------------

    def args(self) -> dict[str, Any]:
        """The action's values after its player, as the ledger keeps them (JSON)."""
        stored: dict[str, Any] = {}
        for param in self.params:
            value = getattr(self, param.name)
            if param.kind == "cards":
                value = _cards().hand_text(value) if value else ""
            elif param.kind == "players":
                value = list(value)
            stored[param.name] = value
        return stored

    @classmethod
    def from_args(cls, player: str | None, args: dict[str, Any]) -> Self:
        if not listed_params(cls):  # stored as they are (audit's path)
            return cls(**args) if cls.subject == "table" else cls(player, **args)
        values: dict[str, Any] = {}
        for param in cls.params:
            value: Any = args.get(param.name)
            if param.kind == "cards":
                value = _read_cards(value)
            elif param.kind == "players":
                value = tuple(value)
            values[param.name] = value
        return cls(**values) if cls.subject == "table" else cls(player, **values)

    # ---- words: the hand history's lines and the table's answers --------------------

    def written(self, before: Hand, after: Hand, who: Callable[[str], str]) -> list[str]:
        """The words after the verb in a history line (`2 blind`), amounts in units, each player as `who` writes
        them (`p1`)."""
        return [word for param in self.params for word in param.shown(getattr(self, param.name), player=who)]

    @classmethod
    def from_words(cls, subject: str | None, words: list[str], read: Reader, given: dict[str, Any] | None = None,
                   hand: Hand | None = None, now: Legal | None = None) -> Self:
        """The action these words say (`2 blind`, `old keep`, `Kh Qh Jh discard 2c`), each read by `read`; values in
        `given` are set already (the answer `bb` is a blind bet). Where `hand` and what is legal in it (`now`) are
        given, what is left out is filled in as the game says (`fill`: the smallest bet, say)."""
        values, at = dict(given or {}), 0
        taken: set[int] = set()
        for index, param in enumerate(cls.params):
            later = {word for p in cls.params[index + 1:] for word in (*p.keywords, *p.words)}
            if param.name in values:
                continue
            if param.keywords:
                if at < len(words) and words[at] in param.keywords:
                    value, at = _take(param, words, at + 1, read, later, taken)
                    values[param.name] = value
                    if value is None:
                        raise BadInput(f"{words[at - 1]!r} wants {param.metavar} after it")
                continue
            value, at = _take(param, words, at, read, later, taken)
            if value is not None:
                values[param.name] = value
        if at < len(words):
            raise BadInput(f"unexpected {' '.join(words[at:])!r} after {cls.verb} ({cls.usage()})")
        if hand is not None and now is not None:
            values = cls.fill(hand, now, values)
        for param in cls.params:
            if param.name not in values:
                if param.required and (param.kind != "flag" or read.strict):
                    raise BadInput(f"{cls.verb} wants {param.metavar} ({cls.usage()})")
                values[param.name] = False if param.kind == "flag" else () if param.kind in ("cards", "players") else None
        return cls(**values) if cls.subject == "table" else cls(subject, **values)

    @classmethod
    def from_history(cls, subject: str | None, words: list[str], read: Reader, hand: Hand,
                     apply: Callable[[Hand, Verb], Hand]) -> Self:
        """The action a history line's words say, checked against the hand it is played in (`apply` gives the state
        after an action) where the words say more than the action (what a see cost); by default they are read as an
        answer is, every word as written."""
        return cls.from_words(subject, words, read)

    @classmethod
    def fill(cls, hand: Hand, now: Legal, values: dict[str, Any]) -> dict[str, Any]:
        """What the table may leave out, filled in from the hand (by default, nothing is)."""
        return values

    @classmethod
    def usage(cls) -> str:
        """`bet PLAYER AMOUNT [blind|open]`: the words of an answer or a history line."""
        words = [cls.verb] + (["PLAYER"] if cls.subject == "player" else [])
        for param in cls.params:
            shown = "|".join(param.words) if param.kind in ("flag", "choice", "toggle") else param.metavar
            if param.keywords:
                shown = f"{param.keywords[0]} {shown}"
            words.append(shown if param.required and param.kind != "flag" else f"[{shown}]")
        return " ".join(words)

    # ---- an offer: the move as `legal` offers it (`engine.state.Offer`) -----------------

    @classmethod
    def offered_words(cls, offer: Offer, rules: Rules, say: Callable[[str], str] = str,
                      table: bool | str = False) -> str:
        """How the move reads where what may be done is listed (a refusal's "may" line, a prompt; `table`: as
        `bragref table` takes it, or `"page"`: in words, with nothing of a command in them): its verb in the game's
        words, with the money it takes or costs, or the players it may name; nothing for a move said with another (a
        refusal of a side show, with its acceptance)."""
        words = say(cls.verb)
        if offer.range is not None:
            return f"{words} {offer.range.said(rules.money)}"
        if offer.cost is not None:
            return f"{words} for {rules.money(offer.cost)}"
        return f"{words} ({', '.join(offer.names)})" if offer.names else words

    @classmethod
    def offered_json(cls, offer: Offer) -> dict[str, Any]:
        """What `status --json` carries for the move under `legal`, by its verb: the money it takes (`{"min": 1,
        "max": null}`), its cost (`{"cost": 4}`), the players it may name, or true. A verb whose keys the contract
        names otherwise (a blind bet's `blind_bet`) says its own."""
        if offer.range is not None:
            return {cls.verb: offer.range.json()}
        if offer.cost is not None:
            return {cls.verb: {"cost": offer.cost}}
        return {cls.verb: list(offer.names) if offer.names else True}

    @classmethod
    def offered_params(cls, offer: Offer, rules: Rules) -> tuple[Param, ...]:
        """The parameters a move under `offer` may be given where it is made, beside what the offer gives itself: by
        default those it must be given (`required`) and those a word introduces (`all-in`, `pp`). A move says its
        own where others are wanted under some offers (a look at one of two hands, with keep or fold, R6.3), or
        none under some rules (no discards but in 4- and 5-card brag, R8.6)."""
        return tuple(param for param in cls.params if param.required or param.keywords)

    pick_weight: ClassVar[float] = 0.3  # how often random play makes the move, against the others offered

    @classmethod
    def offered_weight(cls, offer: Offer) -> float:
        """How often random play makes the offered move, against the others offered (`pick_weight`)."""
        return cls.pick_weight

    @classmethod
    def offered_pick(cls, hand: Hand, player: str | None, offer: Offer, rng: Random) -> Self:
        """One move of the offer at random, for random play: an amount near the least the offer takes (now and then
        more), else one of `offered_moves`."""
        given = dict(offer.values)
        money = [param for param in cls.params if param.kind == "money" and param.name not in given]
        if offer.range is None or not money:
            return rng.choice(cls.offered_moves(hand, player, offer))
        amount = offer.range.min + rng.choice((0, 0, 0, 1, 2, offer.range.min))
        amount = amount if offer.range.max is None else min(amount, offer.range.max)
        return cls(**given, **{money[0].name: amount}) if cls.subject == "table" else \
            cls(player, **given, **{money[0].name: amount})

    @classmethod
    def offered_moves(cls, hand: Hand, player: str | None, offer: Offer) -> list[Self]:
        """The moves the offer names outright, with the values it is offered with, at the ends of the money it
        takes (a range without an end tried 5 above its least), and the cards it names, where it names any: the
        first of the game's pack not seen in the deal (`hand`, R8.9). What the conformance suite tries (`bragref
        .testing`). A type whose moves need more than that says its own."""
        names = {param.name for param in cls.params}
        given = {name: value for name, value in offer.values if name in names}
        money = [param for param in cls.params if param.kind == "money" and param.name not in given]
        amounts: list[dict[str, int]] = [{}] if offer.range is None or not money else [
            {money[0].name: amount} for amount in sorted({offer.range.min, offer.range.max if offer.range.max is not
                                                          None else offer.range.min + 5})]
        cards = {param.name: _unseen(hand, player, not param.single)  # one card drawn, or a hand shown
                 for param in cls.params if param.kind == "cards" and param.required and param.name not in given}
        return [cls(**given, **amount, **cards) if cls.subject == "table" else
                cls(player, **given, **amount, **cards) for amount in amounts]

    # ---- judged when recorded ---------------------------------------------------------

    def refused_now(self, before: Hand) -> Refused | None:
        """Why the rules, as read now, refuse this move made on `before`, where the game's `apply` still takes it
        from a row an earlier bragref wrote (a reading of a rule made stricter since: docs/rulings.md). Every move
        recorded now, or pushed on a hand in memory, is held to it (`play.apply_now`); the replay every reader, `audit`
        and `import` go through is not, so an old ledger replays and audits as it did. None (the default): the
        game's `apply` says all there is."""
        return None

    # ---- what `history` shows -------------------------------------------------------

    def private(self, before: Hand) -> bool:
        """Whether what the action shows (its cards), played on `before`, is its players' own business while the
        hand is in play, kept off the players' page: none is by default (a Teen Patti side show's is, R13.4)."""
        return False

    def stated_amount(self) -> int | None:
        """The money the action states (a bet's amount, an all-in), if any: `history`'s amount beside what it cost."""
        name = first_param(type(self), "money")
        return None if name is None else getattr(self, name)

    def flagged(self) -> bool | None:
        """Its on-or-off value (a bet blind or open), None for an action without one."""
        name = first_param(type(self), "flag")
        return None if name is None else getattr(self, name)

    def detail(self, money: Callable[[int], str] = str) -> str | None:
        """What `history` notes of the action beyond its amount and flag (`old keep`, `all-in`), any amount in it as
        `money` writes it (the session's money, R1.1a)."""
        words: list[str] = []
        for param in self.params:
            value = getattr(self, param.name)
            if param.kind == "money":  # the amount has a column of its own; an all-in keeps its word
                words += param.keywords[:1] if value is not None else []
            elif param.kind != "flag":
                words += param.shown(value)
        return " ".join(words) or None

    def noted(self, before: Hand, detail: str | None) -> str | None:
        """What `history` notes of the action played on `before`: its `detail`, or, where the verb alone does not
        say whom it concerns, that too (a Teen Patti show asked of Cat, R13.3; a side show asked of Bob, R13.4)."""
        return detail

    # ---- sentences -------------------------------------------------------------------

    def said(self, money: Callable[[int], str], called: Callable[[str], str] = str,
             say: Callable[[str], str] = str) -> str:
        """The action in a few words, money in the session's money, each player as `called` names them and the verb
        as `say` words it (`Bill bet £0.50 blind`; Teen Patti's `Bina chaal 1 blind`): what `undo` voided, what the
        table recorded. An off flag goes unsaid (an open bet is just a bet)."""
        words = [called(cast(Any, self).player)] if self.subject == "player" else ["the table"]  # a player's verb
        # declares its `player` field
        words.append(say(self.verb))
        for param in self.params:
            value = getattr(self, param.name)
            if param.kind != "flag" or value:
                shown = param.shown(value, money, called)
                words += [say(word) for word in shown] if param.kind in ("flag", "toggle") else shown  # svara's dark
        return " ".join(words)

    def said_at(self, before: Hand, money: Callable[[int], str], say: Callable[[str], str] = str) -> str:
        """`said`, played on `before`: what the table is told was recorded (`Recorded: …`). A game whose verb alone
        does not say what was done says it here (Teen Patti's `Dan asks Cat for a show`, not `Dan show`, R13.3)."""
        return self.said(money, say=say)

    def asked_at(self, before: Hand, money: Callable[[int], str], say: Callable[[str], str] = str) -> str | None:
        """What a seat asking for the move on `before` asks, after `Ann asks: `, where `said` without the player does
        not say it (Teen Patti's side show, with whom: `chaal £0.40 and a side show with Dan (R13.4)`). None: that."""
        return None

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        """The replay's sentence: what the action cost, what it changed and the rule for it; `after` is None for
        an action later voided; `called` gives each player's name now (R2.6)."""
        text = self.said(before.rules.money, called)
        return text[0].upper() + text[1:] + "."


def _unseen(hand: Hand, player: str | None, whole: bool) -> tuple[int, ...]:
    """Cards `player` may name: a card (the first of the hand's game's pack not seen in the deal, R8.9), or a
    `whole` hand: the one of theirs seen in the deal (R8.10), else those they are known to hold
    (`Game.cards_known`) first."""
    from bragref.engine.cards import MAX_JOKERS, NATURALS

    held = held_by(hand, player) if whole and player is not None else None
    if held is not None:
        return held.cards
    game = game_of(hand.rules)
    known, seen = game.cards_known(hand, player) if whole else (), game.cards_seen(hand, player)
    return (*known, *(card for card in range(NATURALS + MAX_JOKERS) if game.in_pack(hand.rules, card)
                      and card not in seen and card not in known))[:hand.rules.cards if whole else 1]


def _take(param: Param, words: list[str], at: int, read: Reader, later: set[str], taken: set[int]) -> tuple[Any, int]:
    """One parameter's value from `words[at:]`, and where the next begins; None where it is not there."""
    here = words[at] if at < len(words) else None
    if here is None or (here in later and param.kind not in ("cards", "players")):
        return None, at
    if param.kind == "money":
        return read.money(here, param), at + 1
    if param.kind in ("flag", "toggle", "choice"):
        chosen = [w for w in param.words if w == here or (not read.strict and len(here) == 1 and w.startswith(here))]
        if not chosen:
            if param.kind == "choice" or read.strict:
                raise BadInput(f"{param.name} is {' or '.join(param.words)}, not {here!r}")
            return None, at
        return (chosen[0] == param.words[0] if param.kind != "choice" else chosen[0]), at + 1
    end = at
    while end < len(words) and (param.kind == "players" or words[end] not in later):
        end += 1
    if param.kind == "players":
        return tuple(read.player(word) for word in words[at:end]), end
    cards = read.cards(words[at:end], taken, param)
    taken.update(cards)
    return cards, end


# ---- the verbs every game of the family has ------------------------------------------


class Bet(Verb, frozen=True):
    """A bet, open or blind (R3, R4); in Hoyle's game the dealer's stake (R11.1)."""

    player: str
    amount: int
    blind: bool = False
    verb = "bet"
    answers = {"b": {}, "bb": {"blind": True}, "blind": {"blind": True}}
    params = (Param("amount", "money", "What the player puts in"),
              Param("blind", "flag", "A blind bet: worth double (R3.3).", ("blind", "open"), option="--blind"))
    summary = "Record a bet, open or blind."
    help = "PLAYER bets AMOUNT, open (they have looked) or --blind (R3, R4)."
    examples = ("andy 2", "bill 1 --blind")
    unoffered = {"bet": None, "blind_bet": None}

    @classmethod
    def offered_words(cls, offer: Offer, rules: Rules, say: Callable[[str], str] = str,
                      table: bool | str = False) -> str:
        blind = " blind" if dict(offer.values).get("blind") else ""
        assert offer.range is not None, "a bet is offered with the money it may take"
        return f"{say(cls.verb)}{blind} {offer.range.said(rules.money)}"

    @classmethod
    def offered_json(cls, offer: Offer) -> dict[str, Any]:
        assert offer.range is not None, "a bet is offered with the money it may take"
        return {"blind_bet" if dict(offer.values).get("blind") else "bet": offer.range.json()}

    @classmethod
    def offered_weight(cls, offer: Offer) -> float:
        return 0.25 if dict(offer.values).get("blind") else 0.45

    @classmethod
    def fill(cls, hand: Hand, now: Legal, values: dict[str, Any]) -> dict[str, Any]:
        if "amount" not in values:  # at the table, no amount is the smallest the rules allow (R4.2)
            allowed = now.range("bet", blind=True) if values.get("blind") else now.range("bet")
            values["amount"] = allowed.min if allowed else max(hand.stake, 1)  # else the engine says why (R3.4, R4)
        return values

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        money = before.rules.money
        worth = f", worth {money(2 * self.amount)} open (R3.3)" if self.blind else ""
        text = f"{called(self.player)} bet {money(self.amount)} {'blind' if self.blind else 'open'}{worth}"
        if after is None:
            return text + "."
        if before.stake == 0 and self.player == before.dealer:
            return text + f": the dealer's stake (R11.1); the pot {money(after.pot)}."
        if before.stake == 0:
            return text + f", opening the betting: the stake is {money(after.stake)} (R4.2); the pot {money(after.pot)}."
        if after.stake > before.stake:
            return text + f", raising the stake from {money(before.stake)} to {money(after.stake)} (R4.1); the pot " \
                          f"{money(after.pot)}."
        return text + f", keeping the stake at {money(after.stake)} (R4.1); the pot {money(after.pot)}."


class Fold(Verb, frozen=True):
    player: str
    verb = "fold"
    answers = {"f": {}}
    summary = "Record a fold (in turn only)."
    help = "PLAYER folds; never out of turn (R2.5)."
    examples = ("dan",)
    unoffered = {"fold": False}

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        return f"{called(self.player)} folded."


class Concede(Verb, frozen=True):
    """A player at a see or showdown gives up without showing (R5.4)."""

    player: str
    verb = "concede"
    answers = {"cn": {}}
    summary = "A player at a see or showdown gives up."
    help = "PLAYER throws in at a see or showdown without showing (R5.4)."
    examples = ("andy",)
    unoffered = {"concede": []}

    @classmethod
    def offered_moves(cls, hand: Hand, player: str | None, offer: Offer) -> list[Self]:
        return [cls(name) for name in offer.names]

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        """The rule of the contest given up: a see (R5.4), a showdown (R6.5; Hoyle's R11.4), a covered pot (R7.3)."""
        game = game_of(before.rules)
        contest = before.contest
        rule = game.end_rules.get(contest.how) if contest is not None else None
        return f"{called(self.player)} conceded without showing ({rule or game.showdown_rule(before)})."


class Show(Verb, frozen=True):
    """Cards exposed at a see or showdown (R5.4, R6.5): all those dealt, or the kept three and the discards (R8.6)."""

    player: str
    cards: tuple[int, ...]
    discards: tuple[int, ...] = ()
    verb = "show"
    params = (Param("cards", "cards", "The cards shown", held=True),
              Param("discards", "cards", "4/5-card brag: a card discarded (R8.6). Repeat for each.",
                    keywords=("discard", "/"), option="--discard", required=False, held=True))
    summary = "Show a player's cards at a see or showdown."
    help = ("PLAYER shows their CARDS at a see (the seen player first) or a showdown.\n\n"
            "When every hand needed is shown, the referee decides: at a see the seer wins only with a strictly "
            "better hand (R5.4); at a showdown the best hand takes the pot and equal best hands split it (R6.5). In "
            "4- and 5-card brag give the three kept and each --discard, or all the cards (the best three are kept, "
            "R8.6). Cards as in R8.9: 3h, 10s, Td, A♦, X1.")
    examples = ("bill 3h 3d 3s", "andy Kh Qh Jh --discard 2c")
    unoffered = {"show": []}

    @classmethod
    def offered_params(cls, offer: Offer, rules: Rules) -> tuple[Param, ...]:
        return cls.params if rules.cards > 3 else cls.params[:1]  # discards in 4- and 5-card brag alone (R8.6)

    def detail(self, money: Callable[[int], str] = str) -> str | None:
        hand_text: Callable[[Iterable[int]], str] = _cards().hand_text
        return hand_text(self.cards) + (f" / {hand_text(self.discards)}" if self.discards else "")

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        hand_text: Callable[[Iterable[int]], str] = _cards().hand_text
        if after is None:
            return f"{called(self.player)} showed {hand_text(self.cards)}."
        judged = next(s for s in after.shown if s.player == self.player).judged
        discarding = f", discarding {hand_text(judged.discards)}" if judged.discards else ""  # 4/5-card brag (R8.6)
        described = hand_ranking(before).describe(judged)
        return f"{called(self.player)} showed {hand_text(judged.kept)}{discarding}: {described}."


class Award(Verb, frozen=True):
    """The table settles a showdown without cards: these players take the pot (equal shares)."""

    players: tuple[str, ...]
    verb = "award"
    subject = "table"
    answers = {"a": {}}
    params = (Param("players", "players", "Who takes the pot"),)
    summary = "The table says who won a see or showdown."
    help = "Settle a see or showdown without cards: PLAYERS take the pot; several split it (R6.5)."
    examples = ("eddie", "andy chris")
    unoffered = {"award": []}

    @classmethod
    def offered_moves(cls, hand: Hand, player: str | None, offer: Offer) -> list[Self]:
        return [cls((name,)) for name in offer.names]

    @property
    def player(self) -> str:
        return self.players[0]

    def said(self, money: Callable[[int], str], called: Callable[[str], str] = str,
             say: Callable[[str], str] = str) -> str:
        return f"the table's award to {' and '.join(called(name) for name in self.players)}"

    def sentence(self) -> str:
        """As a page says it was recorded: `The table awards the pot to Cat and Dan` (R6.5)."""
        return f"awards the pot to {' and '.join(self.players)}"

    def detail(self, money: Callable[[int], str] = str) -> str | None:
        return ",".join(self.players)

    def told(self, before: Hand, after: Hand | None, called: Callable[[str], str]) -> str:
        return f"The table awarded the pot to {' and '.join(called(n) for n in self.players)} without cards."


class Said(structs.Struct, frozen=True):
    """A move as words, before the hand it is made in is known, carried to the write as it was said: its `verb` (a
    verb, or the game's word for one: `chaal`), the `words` after it, and `named` values by their fields, as text
    the way words are typed (from Python: `all_in="3"`, `keep=True`). The write makes it the action it says in the
    hand as it then stands, by that hand's game (`play.made`). `kind`: the action type already read from the verb
    (a table answer's: `c`, a cover or a call by the game); `given`: values set already (the answer `bb`: blind);
    `fill`: what may be left out filled in as the game says (a cover of all the table money left, R7.2); `answer`:
    the words read as the table reads an answer (the player named, else the one the prompt names), not as a
    command's (the player first)."""

    verb: str
    words: tuple[str, ...] = ()
    named: dict[str, Any] = {}
    kind: type[Verb] | None = None
    given: dict[str, Any] = {}
    fill: bool = True
    answer: bool = False


class Credit(structs.Struct, frozen=True, gc=False):
    """A loan put on a player's table money mid-hand (R7.5): not a turn, never refused, never typed as a verb.

    The ledger keeps loans apart from a hand's actions and weaves them back in where they happened.
    """

    player: str
    amount: int
    verb = "credit"


FAMILY_VERBS = {kind.verb: kind for kind in (Bet, Fold, Concede, Show, Award)}  # every game's, declared here
