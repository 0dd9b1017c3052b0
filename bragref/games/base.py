"""What a game is: a value that declares its parts, the way python-chess's variants are classes found by name.

A game names its pack, its ranking, its house-rule options (each with its flag, default, help and rule number),
its action types, and how a hand is dealt, what is legal, what an action does (or the `Refused` citing the rule
that forbids it) and where a settled hand's money goes. `session new`'s options, `rules show`, `bragref games` and
the hand history's checks are generated from the options; the front door to play (`games.play`) dispatches to
the game a hand was dealt under (R10.1).

The table's own rules (ante, unit, currency, stakes, short money) are not any game's: `TABLE_OPTIONS`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cached_property
from typing import ClassVar

import msgspec

from bragref.engine.errors import BadInput
from bragref.engine.money import MAX_UNITS, parse_amount
from bragref.engine.rules import A23, CARDS, DEFAULTS, RETAINED_BLIND, SEE_COSTS, SHORT_MONEY, STAKES, Rules
from bragref.engine.state import Hand, Legal

_TIME = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")  # HH:MM (R11.7)


class Option(msgspec.Struct, frozen=True):
    """One house rule: the `Rules` field it sets, how its value is written, its default, help and rule number.

    `kind` is how a value is read from text: `money` (in the session's money; `none` where the default is none),
    `bool` (on or off), `choice` (one of `choices`), `count` (a whole number among `choices`), `number` (a whole
    number within `span`, or `none`), `time` (HH:MM, R11.7), `wild` (R8.7), or `text`. A game's own rule
    (`own=True`) is checked by its declaration (`check`) whenever rules are made (`games.checked`).
    """

    name: str
    kind: str
    help: str
    rule: str
    choices: tuple = ()
    own: bool = False  # a rule of the game's own, kept in `Rules.own`, not a field of `Rules` (an installed game's)
    fallback: object = None  # an own rule's default (a field's is `Rules`' own default)
    span: tuple[int, int] | None = None  # the least and most a `number` or `money` may be (money: in units)
    ranks: bool = False  # it orders or counts hands: `rank`, `compare` and `odds` take it
    zero: bool = False  # money: 0 is a value it may take (no ante, no entry), not only amounts above it

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def key(self) -> str:
        """How `rules show`, `games` and hand histories name it: `see-cost`."""
        return self.name.replace("_", "-")

    @property
    def default(self):
        return self.fallback if self.own else DEFAULTS[self.name]

    def of(self, rules: Rules):
        """Its value under `rules`: the default where none is set."""
        return rules.value(self.name, self.default)

    def check(self, value, rules: Rules) -> None:
        """`BadInput` unless `value` is one this rule may have (its kind, its choices, its span)."""
        if value is None and self.default is None:
            return
        allowed = value is not None and self.accepts(value)
        if allowed and self.kind in ("choice", "count"):
            allowed = value in self.choices
        if allowed and self.kind == "time":
            allowed = isinstance(value, str) and _TIME.fullmatch(value) is not None
        span = self.span or ((int(not self.zero), MAX_UNITS) if self.kind == "money" else None)
        if allowed and span is not None:
            allowed = span[0] <= value <= span[1]
        if not allowed:
            raise BadInput(f"{self.key} is {self._expected(rules)}, not {str(value)[:40]!r} ({self.rule})")

    def _expected(self, rules: Rules) -> str:
        if self.kind in ("choice", "count"):
            return f"one of {', '.join(map(str, self.choices))}"
        if self.kind == "time":
            return "a time of day, HH:MM, like 23:30"
        low, high = self.span or (int(not self.zero), MAX_UNITS)
        if self.kind == "money":
            return f"an amount from {rules.money(low)} to {rules.money(high)}"
        return f"a whole number from {low} to {high}" if self.span else "a whole number"

    def shown(self, rules: Rules) -> str:
        """The option's value as a person reads it, money in the session's money (R1.1a)."""
        value = rules.value(self.name, self.default)
        if self.kind == "money":
            if self.name == "min_bet":
                return rules.money(rules.first_bet_min)
            return "none" if value is None else rules.money(value)
        if self.kind == "number" and value is None:
            return "none"
        if self.kind == "bool":
            return "on" if value else "off"
        return "none" if value is None else str(value)

    def read(self, text: str, rules: Rules):
        """The value `text` gives this option under `rules` (for the unit and currency of its money)."""
        text = text.strip()
        if self.default is None and text.lower() in ("none", "off", ""):
            return None  # a rule that is off by default is turned off again so (`max-bet none`, `until none`)
        if self.kind == "money":
            return parse_amount(text, rules.unit, allow_zero=self.zero, currency=rules.currency)
        if self.kind == "number":
            if text.lower() in ("none", "off", ""):
                return None
            if not (text.isascii() and text.isdigit()):
                raise BadInput(f"{self.key} is a whole number or none, not {text!r} ({self.rule})")
            return int(text)
        if self.kind == "time" and not _TIME.fullmatch(text):
            raise BadInput(f"{self.key} is a time of day, HH:MM, like 23:30, not {text[:20]!r} ({self.rule})")
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("on", "yes", "true", "1"):
                return True
            if lowered in ("off", "no", "false", "0"):
                return False
            raise BadInput(f"{self.key} is on or off, not {text!r} ({self.rule})")
        if self.kind in ("choice", "count"):
            allowed = [str(c) for c in self.choices]
            value = next((c for c in allowed if c.lower() == text.lower()), None)  # as declared: `q` is Q
            if value is None:
                raise BadInput(f"{self.key} must be one of {', '.join(allowed)}, not {text!r} ({self.rule})")
            return int(value) if self.kind == "count" else value
        if self.kind == "wild":
            from bragref.engine.cards import parse_wild

            return parse_wild(text)
        return text

    def accepts(self, value) -> bool:
        """Whether a value as a hand history holds it (JSON or TOML) has this option's type."""
        if self.kind == "money":
            return (value is None and self.default is None) or (isinstance(value, int) and not isinstance(value, bool))
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "count":
            return isinstance(value, int) and not isinstance(value, bool)
        if self.kind == "number":
            return value is None or (isinstance(value, int) and not isinstance(value, bool))
        return isinstance(value, str) or (value is None and self.default is None)


# The table's rules: every game is played under them (R1, R2, R7).
TABLE_OPTIONS = (
    Option("ante", "money", "Each player's ante, in the session's money", "R2.3", zero=True),
    Option("short_money", "choice", "A player short of the minimum covers, borrows, or either", "R7.1", SHORT_MONEY),
    Option("stakes", "choice", "Players pay from their pockets, or from table money", "R1.3", STAKES),
    Option("unit", "text", "What one unit of money is worth, e.g. 0.01", "R1.1"),
    Option("currency", "text", "Printed before amounts, e.g. £", "R1.1a"),
)

# Options more than one game will share, declared once.
RANKING_OPTIONS = (
    Option("cards", "count", "Cards dealt to each player; the best three are kept", "R8.6", CARDS, ranks=True),
    Option("wild", "wild", "Wild cards: none, deuces, black-deuces, one-eyed-jacks, suicide-king, jokers:N, braggers, "
                           "or a card list such as 'Ah,Kd'", "R8.7", ranks=True),
    Option("threes_high", "bool", "3-3-3 is the best prial", "R8.2", ranks=True),
    Option("a23", "choice", "A-2-3 is the best sequence, or the lowest", "R8.3", A23, ranks=True),
)
BRAG_BETTING_OPTIONS = (
    Option("min_bet", "money", "Smallest first bet [the ante]", "R4.2"),
    Option("max_bet", "money", "Largest first bet", "R4.2"),
    Option("raise_limit", "money", "Most a bet may exceed the stake by", "R4.3"),
    Option("pot_limit", "bool", "A bet may not exceed the pot", "R4.4"),
    Option("blind", "bool", "Blind play allowed", "R3.2"),
    Option("see_cost", "choice", "What a see costs", "R5.3", SEE_COSTS),
    Option("retained_blind", "choice", "How a retained blind hand plays", "R6.4", RETAINED_BLIND),
)


DECIDED = {"cards": "the cards decided", "concede": "conceded", "award": "awarded by the table without cards"}


class Carried(msgspec.Struct, frozen=True):
    """Money a game carries from one hand to a later one, in the table's words: its name, where it came from (after
    an amount: "4 left in the middle when …"), the rule that carries it, and who takes it."""

    name: str
    why: str
    rule: str
    goes_to: str
    only: str | None = None  # the one game whose deals take it in (three-stake's thirty-one, R15.5); None: any game
    # that takes in carried pots


POT_CARRIED = Carried("carried pot", "left in the middle when everyone folded to a blind player", "R6.2",
                      "whoever wins the next hand")


class Game(ABC):
    """A game bragref referees. Subclasses declare the class attributes and implement the four methods; the
    registry (`bragref.games`) finds them by name or alias.

    >>> from bragref.games import find_game
    >>> find_game("Three Card Brag").name
    'brag'
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    rule: ClassVar[str]  # the rulebook's section for this game
    pack: ClassVar[int] = 52  # cards in the pack, jokers aside
    players: ClassVar[tuple[int, int | None]] = (2, None)  # how many may be dealt in: the least, the most
    ranking: ClassVar[str]  # the order of hands it is judged by
    options: ClassVar[tuple[Option, ...]]  # its own house rules, beside the table's
    actions: ClassVar[tuple[type, ...]]  # the action types a hand of it takes, each naming its `verb`
    presets: ClassVar[dict[str, dict]] = {}
    reminder: ClassVar[str] = ""  # said at every deal, e.g. Hoyle's cut (R11.7)
    shuffles: ClassVar[bool] = False  # its pack is shuffled before every deal, as its reminder says, instead of R9.2
    end_rules: ClassVar[dict[str, str]] = {  # the rule each way a pot is won by (`engine.state.PotResult.how`),
        "folds": "R6.1", "see": "R5.4", "cover": "R7.3", "showdown": "R6.5", "cards": "R8"}  # and hands' order
    won_ways: ClassVar[dict[str, tuple[str, str]]] = {  # how a pot is won (`engine.state.PotResult.how`), told
        # in `history`'s note ({challenger} and {holders} filled in) and where `replay` says it was won
        "folds": ("all others folded", ""), "faceup": ("all folded to the face-up hand (R6.4)", ""),
        "see": ("{challenger} saw {holders}", "at the see"), "showdown": ("showdown", "at the showdown"),
        "cover": ("covered by {challenger}, against {holders}", "against its coverer")}
    takes_carried: ClassVar[bool] = True  # whether its deal takes in a pot carried from the hand before (R6.2)
    labels: ClassVar[dict[str, str]] = {}  # a person's words for its own keys (`pair_plus`: "Pair Plus")
    banked: ClassVar[bool] = False  # each player bets against the dealer's bank, not for a pot (R17): reports say
    # what the bank and the players won, never a "biggest pot"
    terms: ClassVar[dict[str, str]] = {}  # the game's own words for the family's (Teen Patti's chaal for bet)
    aliases_of_verbs: ClassVar[dict[str, str]] = {}  # more names for its verbs, as commands and answers
    short: ClassVar[str] = "the short player covers"  # how one short of money stays in under short-money cover, a
    # loan onto the table waiting for the hand's end (R7.1, R7.2, R7.5)
    deal_params: ClassVar[tuple] = ()  # what a deal may record beside the seats (`verbs.Param`s): Teen Patti's joker
    dealt_keys: ClassVar[tuple[str, ...]] = ()  # what else its deals record, following from the hands before (a
    # match's lives, R14.4; a svara's tied players, R16.7): hand histories carry these as they carry `deal_params`
    money_keys: ClassVar[tuple[str, ...]] = ()  # which of `player_keys` are amounts (Three Card Poker's wagers)
    table_money_keys: ClassVar[tuple[str, ...]] = ()  # which of `table_keys` hold amounts, every number in them
    # (three-stake's pots, Hoyle's totals): what the live page shows in the session's money

    @abstractmethod
    def deal(self, rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
             purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
        """A new hand: every seated player's ante in, the carried pot and retained hand of the hand before (R2, R6);
        `dealt` holds the values of its `deal_params` as written (`{"joker": "7h"}`)."""

    @abstractmethod
    def legal(self, hand: Hand) -> Legal:
        """What may be done now: by the player to act, or by the table at a showdown."""

    @abstractmethod
    def apply(self, hand: Hand, action) -> Hand:
        """The next state, or `Refused` citing the rule that forbids the action."""

    @abstractmethod
    def outcome(self, hand: Hand) -> list[tuple[str | None, str, int]]:
        """Where a settled hand's money went: (account, kind, amount) postings that sum to zero (R1.2); an account
        is a player, or None for a pot carried to the next hand."""

    def check_rules(self, rules: Rules) -> None:
        """`BadInput` where its rules, each allowed alone (`Option.check`), do not go together (a chaal limit below
        the first stake, R13.2). A game with no such rules checks nothing more: each was checked alone."""
        return None

    def check_given(self, name: str, value, rules: Rules) -> None:
        """`BadInput` where the table may not set house rule `name` to `value` under this game (`session new`'s
        options, `rules set`): a rule it may hold, kept from another game (R9.3), but not one to set here (Three
        Card Poker's ante, R17.1). By default every value `check_rules` allows may be set."""
        return None

    def preset_for(self, given: dict) -> str:
        """The preset a new session starts from when none is named, given the options typed (by default the
        game's first; Bastard Brag's for lives where `--scoring lives` is given)."""
        return next(iter(self.presets))

    def fixed_dealer(self, rules: Rules, seats: list[str]) -> str | None:
        """Who deals every hand under `rules`, whatever R2.2 passes the deal to (a named banker, R17.1), or None;
        `Refused` where that player is not seated."""
        return None

    def deal_follows(self, rules: Rules, seats: list[str], previous: Hand | None, restart: Callable[[], bool],
                     called: Callable[[str], str] = str, played: Callable[[], int] = lambda: 0) -> dict[str, str]:
        """What a deal carries from the hands before it, beyond a carried pot (a match's lives, R14.4), as its
        `dealt` record; `restart()` says whether a new match was called since the hand before and `played()` the
        number of the session's last match (0 before any; reads: ask only where it matters), `called` each
        player's name now (R2.6)."""
        return {}

    def match_of(self, hand: Hand | None, rules: Rules, seats: list[str], called: bool,
                 played: Callable[[], int] = lambda: 0) -> dict | None:
        """`bragref match --json`: the match the last hand belongs to, or where none is going on (or a new one was
        `called`) the one the next deal starts (`played()` as for `deal_follows`); None where the game plays
        none."""
        return None

    def plays_matches(self, rules: Rules) -> bool:
        """Whether hands under `rules` are played in matches across hands (`bragref match`, R14.4)."""
        return False

    def carried(self, rules: Rules) -> Carried:
        """What money carried forward under `rules` is: brag's pot carried when all fold to a blind player (R6.2)."""
        return POT_CARRIED

    def takes(self, carried: Carried) -> bool:
        """Whether its deal takes in money carried forward by a hand (of its own or another game, R6.2, R9.3)."""
        return self.takes_carried and carried.only in (None, self.name)

    def hand_facts(self, rules: Rules, cards: tuple[int, ...]) -> dict:
        """What `rank --json` adds for a hand under this game beside its class and place (three-stake's thirty-one
        points, R15.4); nothing by default."""
        return {}

    def class_facts(self, rules: Rules, name: str) -> dict:
        """What `odds --json` adds to the row of a class beside its count (Svara's points, R16.2); nothing by
        default."""
        return {}

    def random_dealt(self, rules: Rules, seats: list[str], rng) -> dict[str, str]:
        """What a deal must record beside the seats (`deal_wants`), at random, for random play: a card each."""
        from bragref.engine.cards import NATURALS, card_text

        return {param.name: card_text(rng.randrange(NATURALS)) for param in self.deal_wants(rules)}

    def random_action(self, hand: Hand, rng) -> object | None:
        """A move for random play that names cards where no offer can (a draw), or None: random play then picks
        among the offers (`games.randomplay`)."""
        return None

    def over_words(self, hand: Hand) -> str | None:
        """How a settled hand ended, in the game's own words, where the family's do not fit (lives, R14.4)."""
        return None

    def ended(self, hand: Hand, called: Callable[[str], str] = str) -> str:
        """How a settled hand ended, as `replay` tells it: by default the family's telling (`games.telling`),
        `over_words` first."""
        from bragref.games import telling

        return telling.ended(self, hand, called)

    def pot_reason(self, pot, hand: Hand) -> str:
        """Why a pot (`engine.state.PotResult`) went where it did, the cards and the rule: the family's telling."""
        from bragref.games import telling

        return telling.reason(self, pot, hand)

    def pots_words(self, hand: Hand) -> str:
        """Every pot of a settled hand, each with where it went and why (`pot_reason`)."""
        from bragref.games import telling

        return telling.pots_words(self, hand)

    def pot_note(self, pot) -> str:
        """`history`'s note on a pot won: how (`won_ways`), and what decided it where the cards might not have."""
        how = self.won_ways[pot.how][0].format(challenger=pot.challenger, holders=", ".join(pot.holders))
        return f"{how}; {DECIDED[pot.decided_by]}" if pot.decided_by else how

    def carried_note(self, result) -> str | None:
        """`history`'s note on money a settled hand left carried, by how it ended (R6.2, R6.4), or None."""
        return {"carried": "carried forward (R6.2)", "faceup": "stays carried (R6.4)"}.get(result.how)

    def news(self, hand: Hand) -> str:
        """What the last action decided that the table should hear before what comes next (a side show's loser
        packing, R13.4), or nothing."""
        return ""

    def now_words(self, hand: Hand) -> str:
        """What the table sees of a hand in play beyond its pot and stake, said before whose turn it is (Bastard
        Brag's exchange round and centre, R14.2), or nothing."""
        return ""

    def result_notes(self, hand: Hand) -> list[tuple[str, str, str]]:
        """What `history` notes at a settled hand's end beside where the money went: (player, action, detail)."""
        return []

    def player_keys(self, hand: Hand, name: str) -> dict:
        """What `status --json` carries per player for this game (a player's lives, R14.4)."""
        return {}

    def ante_of(self, hand: Hand) -> int:
        """What each player dealt in anted: the rules' ante, by default (none at a svara deal, R16.7)."""
        return hand.rules.ante

    def deal_cost(self, rules: Rules) -> int:
        """The most a player pays when dealt in: the ante, by default."""
        return rules.ante

    def not_dealt(self, rules: Rules) -> tuple[str, str]:
        """How a seated player without cards in the hand is said to be, and the rule (out of a match, R14.4)."""
        return "not dealt into this hand", "R2.5"

    def deal_wants(self, rules: Rules) -> tuple:
        """The `deal_params` a deal under `rules` must be given (none by default)."""
        return ()

    def decided_at_deal(self, hand: Hand):
        """The move a deal decides by itself, recorded with the deal as part of it (Svara's deal left with one
        player, whose pot it is: R16.7), or None (by default: none)."""
        return None

    def deal_may(self, rules: Rules, previous: Hand | None) -> tuple:
        """The `deal_params` the next deal may be given after `previous` (the table offers them by name): by
        default every one it must be given."""
        return self.deal_wants(rules)

    def dealt_record(self, hand: Hand) -> dict[str, str]:
        """What a deal recorded beside the seats, as the ledger and hand histories keep it (`{"joker": "7h"}`)."""
        return {}

    def dealt_words(self, hand: Hand) -> str:
        """That record in a sentence for the table, or nothing."""
        return ""

    def cards_out(self, hand: Hand) -> set[int]:
        """The cards nobody may show now: every card seen in the deal (`cards_seen`)."""
        return set(self.cards_seen(hand))

    def cards_seen(self, hand: Hand, player: str | None = None) -> dict[int, str]:
        """Every card seen in this deal so far, each with how (R8.9): shown (discards too), and face up on the table
        (`cards_up`); a game adds its own (exposed at a side show, drawn). `player`: the one about to name cards,
        where a card seen is still theirs to show (three-stake's own face-up card)."""
        seen = {card: how for card, how in self.cards_up(hand).items()}
        for shown in hand.shown:
            seen.update(dict.fromkeys((*shown.judged.kept, *shown.judged.discards), f"shown by {shown.player}"))
        return seen

    def cards_known(self, hand: Hand, player: str | None) -> tuple[int, ...]:
        """The cards `player` is known to hold, which their show names (three-stake's own face-up card, R15.4): none
        by default."""
        return ()

    def in_pack(self, rules: Rules, card: int) -> bool:
        """Whether `card` is in the pack this game deals under `rules` (R8.9): the 52, and the jokers its wild cards
        add."""
        from bragref.engine.cards import NATURALS, wild_cards

        return 0 <= card < NATURALS + wild_cards(rules.wild)[1]

    def check_cards(self, hand: Hand, action) -> None:
        """R8.9 for every game: bad input where an action names a card of a player's own (a show's, a draw's: a
        `held` parameter) that is not in the game's pack, or that has been seen already in the deal (one named twice
        in the same move its reading refuses)."""
        named = [card for param in action.params if param.kind == "cards" and param.held
                 for card in getattr(action, param.name)]
        if not named:
            return
        from bragref.engine.cards import card_text

        player = getattr(action, "player", None)
        seen = self.cards_seen(hand, player)
        for card in named:
            if not self.in_pack(hand.rules, card):
                raise BadInput(f"{card_text(card)} is not in the pack of {self.title} (R8.9)")
            if card in seen:
                raise BadInput(f"{card_text(card)} has been seen already in this deal ({seen[card]}): a pack holds "
                               f"one of each card (R8.9)")

    def cards_up(self, hand: Hand) -> dict[int, str]:
        """The cards face up on the table, in nobody's hand (Bastard Brag's centre, Teen Patti's joker), each with
        what it is: a show naming one is a mistyped card."""
        return {}

    def before_deal(self, rules: Rules, began: str, now: str, dealt: Callable[[], dict[str, int]],
                    seats: list[str]) -> str | None:
        """What the table is told before a deal (a reminder), or `Refused` where no deal may come; None: nothing.
        `dealt()` counts the hands each player has dealt this session (a read over them all: ask only if needed)."""
        return None

    def actions_under(self, rules: Rules) -> tuple[type, ...]:
        """The action types a hand under `rules` may take (the table's help lists these): all of `actions` unless a
        house rule leaves some out (Bastard Brag for lives has no betting, R14.4)."""
        return self.actions

    @cached_property
    def verbs(self) -> dict[str, type]:
        """Its action types by verb: where it declares its own type for a verb of the family (Teen Patti's `see`, a
        show asked for), that type tells and judges the action in its hands."""
        return {kind.verb: kind for kind in self.actions}

    def say(self, word: str) -> str:
        """A word of the family's (`bet`, `open`) in the game's own terms (`chaal`, `seen`)."""
        return self.terms.get(word, word)

    def ranking_for(self, rules: Rules, turned: int | None = None):
        """The order hands under `rules` are judged by, built once per rule set; `turned` is a card turned up after
        the deal, for a game whose wild cards it names (R13.7)."""
        from bragref.engine.ranking import brag_ranking  # only commands that rank cards load the card tables

        return brag_ranking(rules.threes_high, rules.a23, rules.wild, rules.cards)

    def class_counts(self, rules: Rules, turned: int | None = None) -> list[tuple[str, int]]:
        """`odds`: exact counts of every class over every hand the pack can deal, best first."""
        return self.ranking_for(rules, turned).class_counts()

    def counted(self, rules: Rules, turned: int | None = None) -> str:
        """What `class_counts` counted, in words: said from the rules, as counts read from the cache need no
        ranking built (braggers' takes a quarter of a second)."""
        from bragref.engine.cards import NATURALS, wild_cards

        return f"{rules.cards} cards from a pack of {NATURALS + wild_cards(rules.wild)[1]}"

    def showdown_rule(self, hand: Hand) -> str:
        """The rule a showdown of everyone still in this hand is decided by."""
        return self.end_rules["showdown"]

    def hand_ranking(self, hand: Hand):
        """The order this hand is judged by (its rules', and whatever its deal recorded)."""
        return self.ranking_for(hand.rules)

    def table_keys(self, hand: Hand) -> dict:
        """What `status --json` carries for this game beside the keys every game has (CLI.md)."""
        return {}

    def option(self, name: str) -> Option | None:
        return next((o for o in (*TABLE_OPTIONS, *self.options) if o.name == name), None)

