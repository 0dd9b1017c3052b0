"""What a game implements, as a few small protocols, each with the family's defaults (docs/adding-a-game.md).

`Game` is all of them together. A game writes four methods (`Dealing.deal`, `Playing.legal`, `Playing.apply`,
`Settling.outcome`) and names six things (`name`, `title`, `rule`, `ranking`, `options`, `actions`); everything else
has the family's default and is overridden only where the game differs, in the protocol the difference belongs to:
how a hand is dealt, played, settled, judged, told, shown, or played in matches. The counts, before and after the
split, are in docs/design.md.

The hooks that only a kind of game the family's defaults know nothing of answers (a bank, matches for lives, a
re-deal of tied players…) are grouped again, below `Game`, into optional protocols (`OPTIONAL`): `typing.Protocol`s
a game claims by naming them (`Identity.claims`), which the conformance suite then holds it to. Every hook keeps its
default on `Game` all the same, so a game overrides any of them without claiming anything.

`PROTOCOL` is the protocol's version, (major, minor): within a major nothing is removed, renamed or narrowed, and a
minor adds only what has a default. A game says the version it was written for (`Identity.protocol`); one written
for a later minor or another major is not loaded (`games.Registry`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cache, cached_property, lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from bragref.engine import state
from bragref.engine.rules import DEFAULTS, Rules
from bragref.engine.state import Hand, Legal, Player, PotResult, Result
from bragref.games import telling
from bragref.games.base import DECIDED, POT_CARRIED, TABLE_OPTIONS, Carried, Option

if TYPE_CHECKING:  # names for the type checker alone: loaded at run time where they are used
    from random import Random

    from bragref.engine.ranking import BragRanking, Ranking
    from bragref.games.verbs import Param, Verb

_reason = cast("Callable[[Telling, PotResult, Hand], str]", telling.reason)  # a part of the game it tells: the
# family's telling of a pot, called as it is (`cast` is a call of its own, once here, not once a pot)

PROTOCOL = (1, 4)  # the game protocol's version, (major, minor): docs/adding-a-game.md, section 8


class Identity(ABC):
    """What the game is: its names, the rulebook's section, its pack, how many play and the protocol it was written
    for. `name`, `title` and `rule` have no default."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    rule: ClassVar[str]  # the rulebook's section for this game
    pack: ClassVar[int] = 52  # cards in the pack, jokers aside
    players: ClassVar[tuple[int, int | None]] = (2, None)  # how many may be dealt in: the least, the most
    protocol: ClassVar[tuple[int, int]] = (1, 0)  # the `PROTOCOL` it was written for: none said, the first, whose
    # hooks are 0.19's
    claims: ClassVar[tuple[type, ...]] = ()  # the optional protocols it keeps (`Banked`…), each of `OPTIONAL`

    def variant(self, rules: Rules) -> str:
        """What a hand history's `variant` says of a session under `rules` (`three-card brag`): by default the
        family's, by the cards each player is dealt (R8.6)."""
        return VARIANTS[rules.cards]


class HouseRules(ABC):
    """Its house rules beside the table's (`Option`s) and its presets; `options` has no default."""

    options: ClassVar[tuple[Option, ...]]  # its own house rules, beside the table's
    presets: ClassVar[dict[str, dict[str, Any]]] = {}

    def written_rules(self) -> tuple[str, ...]:
        """The rules a hand history's rules table writes, by name (`see_cost`), beside the game's own
        (`Option(own=True)`, written where set): by default every rule of the family's, each a field of `Rules`, as
        bragref's games write them. A rule left out here is written all the same where it is not at its default,
        so that nothing a session played under is lost."""
        return tuple(DEFAULTS)

    def check_rules(self, rules: Rules) -> None:
        """`BadInput` where its rules, each allowed alone (`Option.check`), do not go together (a chaal limit below
        the first stake, R13.2). A game with no such rules checks nothing more: each was checked alone."""
        return

    def check_given(self, name: str, value: object, rules: Rules) -> None:
        """`BadInput` where the table may not set house rule `name` to `value` under this game (`session new`'s
        options, `rules set`): a rule it may hold, kept from another game (R9.3), but not one to set here (Three
        Card Poker's ante, R17.1). By default every value `check_rules` allows may be set."""
        return

    def preset_for(self, given: dict[str, Any]) -> str:
        """The preset a new session starts from when none is named, given the options typed (by default the
        game's first; Bastard Brag's for lives where `--scoring lives` is given)."""
        return next(iter(self.presets))


class Dealing(ABC):
    """How a hand begins: `deal` (to write), and what a deal records, is told and costs."""

    deal_params: ClassVar[tuple[Param, ...]] = ()  # what a deal may record beside the seats (`verbs.Param`s): Teen Patti's joker
    dealt_keys: ClassVar[tuple[str, ...]] = ()  # what else its deals record, following from the hands before (a
    # match's lives, R14.4; a svara's tied players, R16.7): hand histories carry these as they carry `deal_params`
    reminder: ClassVar[str] = ""  # said at every deal, e.g. Hoyle's cut (R11.7)
    shuffles: ClassVar[bool] = False  # its pack is shuffled before every deal, as its reminder says, instead of R9.2

    @abstractmethod
    def deal(self, rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
             purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
        """A new hand: every seated player's ante in, the carried pot and retained hand of the hand before (R2, R6);
        `dealt` holds the values of its `deal_params` as written (`{"joker": "7h"}`)."""

    def deal_wants(self, rules: Rules) -> tuple[Param, ...]:
        """The `deal_params` a deal under `rules` must be given (none by default)."""
        return ()

    def deal_may(self, rules: Rules, previous: Hand | None) -> tuple[Param, ...]:
        """The `deal_params` the next deal may be given after `previous` (the table offers them by name): by
        default every one it must be given."""
        return self.deal_wants(rules)

    def dealt_record(self, hand: Hand) -> dict[str, str]:
        """What a deal recorded beside the seats, as the ledger and hand histories keep it (`{"joker": "7h"}`)."""
        return {}

    def dealt_words(self, hand: Hand) -> str:
        """That record in a sentence for the table, or nothing."""
        return ""

    def decided_at_deal(self, hand: Hand) -> Verb | None:
        """The move a deal decides by itself, recorded with the deal as part of it (Svara's deal left with one
        player, whose pot it is: R16.7), or None (by default: none)."""
        return None

    def fixed_dealer(self, rules: Rules, seats: list[str]) -> str | None:
        """Who deals every hand under `rules`, whatever R2.2 passes the deal to (a named banker, R17.1), or None;
        `Refused` where that player is not seated."""
        return None

    def before_deal(self, rules: Rules, began: str, now: str, dealt: Callable[[], dict[str, int]],
                    seats: list[str]) -> str | None:
        """What the table is told before a deal (a reminder), or `Refused` where no deal may come; None: nothing.
        `dealt()` counts the hands each player has dealt this session (a read over them all: ask only if needed)."""
        return None

    def ante_of(self, hand: Hand) -> int:
        """What each player dealt in anted: the rules' ante, by default (none at a svara deal, R16.7)."""
        return hand.rules.ante

    def deal_cost(self, rules: Rules) -> int:
        """The most a player pays when dealt in: the ante, by default."""
        return rules.ante

    def not_dealt(self, rules: Rules) -> tuple[str, str]:
        """How a seated player without cards in the hand is said to be, and the rule (out of a match, R14.4)."""
        return "not dealt into this hand", "R2.5"

    def random_dealt(self, rules: Rules, seats: list[str], rng: Random) -> dict[str, str]:
        """What a deal must record beside the seats (`deal_wants`), at random, for random play: a card each."""
        from bragref.engine.cards import NATURALS, card_text

        return {param.name: card_text(rng.randrange(NATURALS)) for param in self.deal_wants(rules)}


class Playing(ABC):
    """What may be done and what it does: `actions`, `legal` and `apply` (to write), and the cards a move may name
    (R8.9)."""

    actions: ClassVar[tuple[type[Verb], ...]]  # the action types a hand of it takes, each naming its `verb`

    def actions_under(self, rules: Rules) -> tuple[type[Verb], ...]:
        """The action types a hand under `rules` may take (the table's help lists these): all of `actions` unless a
        house rule leaves some out (Bastard Brag for lives has no betting, R14.4)."""
        return self.actions

    @cached_property
    def verbs(self) -> dict[str, type[Verb]]:
        """Its action types by verb: where it declares its own type for a verb of the family (Teen Patti's `see`, a
        show asked for), that type tells and judges the action in its hands."""
        return {kind.verb: kind for kind in self.actions}

    @abstractmethod
    def legal(self, hand: Hand) -> Legal:
        """What may be done now: by the player to act, or by the table at a showdown."""

    @abstractmethod
    def apply(self, hand: Hand, action: Verb) -> Hand:
        """The next state, or `Refused` citing the rule that forbids the action."""

    def random_action(self, hand: Hand, rng: Random) -> object | None:
        """A move for random play that names cards where no offer can (a draw), or None: random play then picks
        among the offers (`games.randomplay`)."""
        return None

    def news(self, hand: Hand) -> str:
        """What the last action decided that the table should hear before what comes next (a side show's loser
        packing, R13.4), or nothing."""
        return ""

    def cards_up(self, hand: Hand) -> dict[int, str]:
        """The cards face up on the table, in nobody's hand (Bastard Brag's centre, Teen Patti's joker), each with
        what it is: a show naming one is a mistyped card."""
        return {}

    def cards_seen(self, hand: Hand, player: str | None = None) -> dict[int, str]:
        """Every card seen in this deal so far, each with how (R8.9): shown (discards too), and face up on the table
        (`cards_up`); a game adds its own (exposed at a side show, drawn). `player`: the one about to name cards,
        where a card seen is still theirs to show (three-stake's own face-up card)."""
        seen = dict(self.cards_up(hand))
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
        return 0 <= card < pack_of(rules.wild)


@lru_cache(maxsize=16)
def brag_ranking_of(threes_high: bool, a23: str, wild: str, cards: int) -> BragRanking:
    """Brag's order under these house rules (`engine.ranking.brag_ranking`), its module loaded the first time a hand
    is judged: only commands that rank cards load the card tables, and an import said again in a function costs
    more than finding the order (every show asks for it)."""
    from bragref.engine.ranking import brag_ranking

    return brag_ranking(threes_high, a23, wild, cards)


@cache
def pack_of(wild: str) -> int:
    """The cards in the pack under the house rule `wild` (R8.7): the 52, and the jokers it adds; worked out once a
    rule, as every card a show names is asked about."""
    from bragref.engine.cards import NATURALS, wild_cards  # here: a command that names no card never loads them

    return NATURALS + wild_cards(wild)[1]


class Settling(ABC):
    """Where a settled hand's money goes: `outcome` (to write), money carried to a later hand, a bank."""

    if TYPE_CHECKING:  # what it reads of the game it is part of (`Identity`'s), for the type checker alone
        name: ClassVar[str]

    banked: ClassVar[bool] = False  # each player bets against the dealer's bank, not for a pot (R17): reports say
    # what the bank and the players won, never a "biggest pot"
    short: ClassVar[str] = "the short player covers"  # how one short of money stays in under short-money cover, a
    # loan onto the table waiting for the hand's end (R7.1, R7.2, R7.5)
    takes_carried: ClassVar[bool] = True  # whether its deal takes in a pot carried from the hand before (R6.2)
    end_rules: ClassVar[dict[str, str]] = {  # the rule each way a pot is won by (`engine.state.PotResult.how`),
        "folds": "R6.1", "see": "R5.4", "cover": "R7.3", "showdown": "R6.5", "cards": "R8"}  # and hands' order

    @abstractmethod
    def outcome(self, hand: Hand) -> list[tuple[str | None, str, int]]:
        """Where a settled hand's money went: (account, kind, amount) postings that sum to zero (R1.2); an account
        is a player, or None for a pot carried to the next hand."""

    def carried(self, rules: Rules) -> Carried:
        """What money carried forward under `rules` is: brag's pot carried when all fold to a blind player (R6.2)."""
        return POT_CARRIED

    def takes(self, carried: Carried) -> bool:
        """Whether its deal takes in money carried forward by a hand (of its own or another game, R6.2, R9.3)."""
        return self.takes_carried and carried.only in (None, self.name)


class Judging(ABC):
    """The order hands are judged by: `ranking` (to name) and what `rank`, `compare` and `odds` add."""

    if TYPE_CHECKING:  # what it reads of the game it is part of (`Settling`'s), for the type checker alone
        end_rules: ClassVar[dict[str, str]]

    ranking: ClassVar[str]  # the order of hands it is judged by

    def ranking_for(self, rules: Rules, turned: int | None = None) -> Ranking:
        """The order hands under `rules` are judged by, built once per rule set; `turned` is a card turned up after
        the deal, for a game whose wild cards it names (R13.7)."""
        return brag_ranking_of(rules.threes_high, rules.a23, rules.wild, rules.cards)

    def hand_ranking(self, hand: Hand) -> Ranking:
        """The order this hand is judged by (its rules', and whatever its deal recorded)."""
        return self.ranking_for(hand.rules)

    def class_counts(self, rules: Rules, turned: int | None = None) -> list[tuple[str, int]]:
        """`odds`: exact counts of every class over every hand the pack can deal, best first."""
        return self.ranking_for(rules, turned).class_counts()

    def counted(self, rules: Rules, turned: int | None = None) -> str:
        """What `class_counts` counted, in words: said from the rules, as counts read from the cache need no
        ranking built (braggers' takes a quarter of a second)."""
        from bragref.engine.cards import NATURALS, wild_cards

        return f"{rules.cards} cards from a pack of {NATURALS + wild_cards(rules.wild)[1]}"

    def hand_facts(self, rules: Rules, cards: tuple[int, ...]) -> dict[str, Any]:
        """What `rank --json` adds for a hand under this game beside its class and place (three-stake's thirty-one
        points, R15.4); nothing by default."""
        return {}

    def class_facts(self, rules: Rules, name: str) -> dict[str, Any]:
        """What `odds --json` adds to the row of a class beside its count (Svara's points, R16.2); nothing by
        default."""
        return {}

    def showdown_rule(self, hand: Hand) -> str:
        """The rule a showdown of everyone still in this hand is decided by."""
        return self.end_rules["showdown"]


class Telling(ABC):
    """The game's own words, where the family's (`games.telling`) do not fit."""

    terms: ClassVar[dict[str, str]] = {}  # the game's own words for the family's (Teen Patti's chaal for bet)
    aliases_of_verbs: ClassVar[dict[str, str]] = {}  # more names for its verbs, as commands and answers
    labels: ClassVar[dict[str, str]] = {}  # a person's words for its own keys (`pair_plus`: "Pair Plus")
    move_help: ClassVar[dict[str, str]] = {}  # what a family verb is as this game plays it, where the verb's own
    # `help` would mislead (three-stake's show and concede, R15.4): said beside its move on the referee's page
    won_ways: ClassVar[dict[str, tuple[str, str]]] = {  # how a pot is won (`engine.state.PotResult.how`), told
        # in `history`'s note ({challenger} and {holders} filled in) and where `replay` says it was won
        "folds": ("all others folded", ""), "faceup": ("all folded to the face-up hand (R6.4)", ""),
        "see": ("{challenger} saw {holders}", "at the see"), "showdown": ("showdown", "at the showdown"),
        "cover": ("covered by {challenger}, against {holders}", "against its coverer")}

    def say(self, word: str) -> str:
        """A word of the family's (`bet`, `open`) in the game's own terms (`chaal`, `seen`)."""
        return self.terms.get(word, word)

    def deal_note(self, hand: Hand) -> str | None:
        """What `history` notes of a deal beyond its dealer and antes, in the session's money, or None (Svara's
        svara deal: who is in free and who boiled in, R16.7)."""
        return None

    def entry_line(self, entry: dict[str, Any], note: str, money: Callable[[int], str]) -> str | None:
        """A `history` entry as a page's list of the hand says it, where the game words it whole (Teen Patti's show
        asked for, said apart from the cards shown, R13.3); `note` is what the page may say of it (its detail, or
        nothing where that is its players' own business, R13.4), `money` writes amounts. None: the family's
        `Bob · bet £2 · note`."""
        return None

    def over_words(self, hand: Hand) -> str | None:
        """How a settled hand ended, in the game's own words, where the family's do not fit (lives, R14.4)."""
        return None

    def pot_reason(self, pot: PotResult, hand: Hand) -> str:
        """Why a pot (`engine.state.PotResult`) went where it did, the cards and the rule: the family's telling."""
        return _reason(self, pot, hand)

    def pot_note(self, pot: PotResult) -> str:
        """`history`'s note on a pot won: how (`won_ways`), and what decided it where the cards might not have."""
        how = self.won_ways[pot.how][0].format(challenger=pot.challenger, holders=", ".join(pot.holders))
        return f"{how}; {DECIDED[pot.decided_by]}" if pot.decided_by else how

    def carried_note(self, result: Result, rules: Rules | None = None) -> str | None:
        """`history`'s note on money a settled hand under `rules` left carried, by how it ended, or None: carried
        forward under the rule the game's `carried(rules)` names (brag's R6.2, as `settle` says it), or a pot that
        stays carried with a retained hand face up (R6.4). An override may take `result` alone: it is then called so."""
        game = cast(Settling, self)  # a `Game` is both: its money carried is `Settling.carried`'s
        rule = game.carried(rules).rule if rules is not None else POT_CARRIED.rule
        return {"carried": f"carried forward ({rule})", "faceup": "stays carried (R6.4)"}.get(result.how)

    def now_words(self, hand: Hand) -> str:
        """What the table sees of a hand in play beyond its pot and stake, said before whose turn it is (Bastard
        Brag's exchange round and centre, R14.2), or nothing."""
        return ""

    def result_notes(self, hand: Hand) -> list[tuple[str, str, str]]:
        """What `history` notes at a settled hand's end beside where the money went: (player, action, detail)."""
        return []


class Showing(ABC):
    """What the game's `status --json` and live page carry beside every game's (docs/reference.md, The table now)."""

    money_keys: ClassVar[tuple[str, ...]] = ()  # which of `player_keys` are amounts (Three Card Poker's wagers)
    table_money_keys: ClassVar[tuple[str, ...]] = ()  # which of `table_keys` hold amounts, every number in them
    # (three-stake's pots, Hoyle's totals): what the live page shows in the session's money

    def table_keys(self, hand: Hand) -> dict[str, Any]:
        """What `status --json` carries for this game beside every game's keys (docs/reference.md, The table now)."""
        return {}

    def player_keys(self, hand: Hand, name: str) -> dict[str, Any]:
        """What `status --json` carries per player for this game (a player's lives, R14.4)."""
        return {}

    def key_words(self, hand: Hand, key: str, value: Any) -> list[tuple[str, str]] | None:
        """One of `table_keys` (`key`, holding `value`) as the pages say it under the players, where the family's
        words (the key's label, its value's items joined) are not what a referee would say: lines of (label, words),
        none where it says nothing (three-stake's pots, each a line of its own, R15). None: the family's words."""
        return None

    def out_of_hand(self, hand: Hand, name: str) -> bool:
        """Whether player `name`, dealt in `hand`, is out of it (the pages strike them through): the family's, a
        player who folded (R2.5), sits the hand out (R17) or is out of the match (R14.4)."""
        return hand.player(name).status in ("folded", "sitting-out", "out")


class Matches(ABC):
    """Play in matches across hands (a match for lives, R14.4): none by default."""

    def plays_matches(self, rules: Rules) -> bool:
        """Whether hands under `rules` are played in matches across hands (`bragref match`, R14.4)."""
        return False

    def match_of(self, hand: Hand | None, rules: Rules, seats: list[str], called: bool,
                 played: Callable[[], int] = lambda: 0) -> dict[str, Any] | None:
        """`bragref match --json`: the match the last hand belongs to, or where none is going on (or a new one was
        `called`) the one the next deal starts (`played()` as for `deal_follows`); None where the game plays
        none."""
        return None

    def deal_follows(self, rules: Rules, seats: list[str], previous: Hand | None, restart: Callable[[], bool],
                     called: Callable[[str], str] = str, played: Callable[[], int] = lambda: 0) -> dict[str, str]:
        """What a deal carries from the hands before it, beyond a carried pot (a match's lives, R14.4), as its
        `dealt` record; `restart()` says whether a new match was called since the hand before and `played()` the
        number of the session's last match (0 before any; reads: ask only where it matters), `called` each
        player's name now (R2.6)."""
        return {}


VARIANTS = {3: "three-card brag", 4: "four-card brag", 5: "five-card brag"}  # the family's `variant`, by its cards


class Game(Identity, HouseRules, Dealing, Playing, Settling, Judging, Telling, Showing, Matches):
    """A game bragref referees: every protocol, the family's defaults where the game says nothing else. The registry
    (`bragref.games`) finds a game by name or alias.

    >>> from bragref.games import find_game
    >>> find_game("Three Card Brag").name
    'brag'
    """


def postings(hand: Hand) -> list[tuple[str | None, str, int]]:
    """A finished hand's postings (`Game.outcome`): what each player paid (`stake`), took (`win`), and the money carried
    in and left carried (`carry-in`, `carry-out`; R1.2): the family's, and `PlainGame`'s."""
    result = hand.result
    assert result is not None, "a hand settles once it is over"
    rows: list[tuple[str | None, str, int]] = [(p.name, "stake", -p.paid) for p in hand.players if p.paid]
    rows += [(name, "win", amount) for name, amount in result.winnings]
    if hand.carried_in:
        rows.append((None, "carry-in", -hand.carried_in))
    if result.carried:
        rows.append((None, "carry-out", result.carried))
    return rows


class PlainGame(Game):
    """The neutral base of a game without brag's betting: subclass it, name the game and write its moves (`actions`,
    `legal`, `apply`). Its deal puts each player's ante and any carried pot in (R2.3), everyone's cards open to
    their holder (`Player.status` `open`), nothing retained, and the hand's first player to act, phase `betting`
    (what `status --json` calls a hand in play); its `outcome` is the postings of `Result`; money it leaves carried
    is its own (`carried`: cited by its `rule`, taken in by its own deals alone). Its hand history says its own
    `variant` (its `title`) and writes only the rules it declares: the table's, and its `options`."""

    options: ClassVar[tuple[Option, ...]] = ()  # the table's rules alone, unless the game declares its own
    ranking: ClassVar[str] = "brag"  # three-card hands, judged by brag's order (R8)

    def variant(self, rules: Rules) -> str:
        """Its `title`: a hand history of it says what it is, not the family's `three-card brag`."""
        return self.title

    def written_rules(self) -> tuple[str, ...]:
        """The game and its preset, the table's rules (ante, short money, stakes, unit, currency) and its
        `options`."""
        return ("game", "preset", *(option.name for option in TABLE_OPTIONS), *(option.name for option in self.options))

    def deal(self, rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
             purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
        """Every seated player's ante in, with the money carried in (R2.3), each player `open`, the dealer's left
        to act first (R2.4); no hand is retained."""
        hand = state.deal(rules, seats, dealer, carried_in, None, purses)
        players = tuple(Player(p.name, "open", p.paid, p.hands, p.purse) for p in hand.players)
        return Hand(hand.rules, players, hand.dealer, hand.pot, hand.carried_in)

    def outcome(self, hand: Hand) -> list[tuple[str | None, str, int]]:
        """What each player paid (`stake`), took (`win`), and the money carried in and left carried (R1.2)."""
        return postings(hand)

    def carried(self, rules: Rules) -> Carried:
        """Money its hands leave carried: the game's own, under its `rule`, for a later deal of its own."""
        return Carried("carried pot", "left in the middle, nobody taking it", self.rule, "whoever wins a later hand",
                       only=self.name)


# ---- optional protocols: kinds of game the family's defaults know nothing of --------------------------------------
# Each names hooks `Game` has with a default; a game that names one in its `claims` (`claims = (Banked,)`) says it is
# such a game, and the conformance suite checks that it writes every hook named here, and what the protocol promises.


class Banked(Protocol):
    """Every wager is settled against a bank, none vied for in a pot (R17): the bank's dealer, the rules the bank
    fixes, each player's wagers in money. Three Card Poker's."""

    banked: ClassVar[bool]  # True
    money_keys: ClassVar[tuple[str, ...]]

    def fixed_dealer(self, rules: Rules, seats: list[str]) -> str | None: ...

    def check_given(self, name: str, value: object, rules: Rules) -> None: ...


class PlaysMatches(Protocol):
    """Hands played in matches across hands, for lives (R14.4): a rule that chooses the match's preset and leaves
    moves out, and a showdown decided by the match's rule. Bastard Brag's."""

    def plays_matches(self, rules: Rules) -> bool: ...

    def match_of(self, hand: Hand | None, rules: Rules, seats: list[str], called: bool,
                 played: Callable[[], int] = lambda: 0) -> dict[str, Any] | None: ...

    def preset_for(self, given: dict[str, Any]) -> str: ...

    def actions_under(self, rules: Rules) -> tuple[type[Verb], ...]: ...

    def showdown_rule(self, hand: Hand) -> str: ...


class Redeals(Protocol):
    """A tie dealt again among the tied players, others buying in (R16.7): what that deal may be given, the pot it
    decides by itself, and how that pot is told. Svara's."""

    def deal_may(self, rules: Rules, previous: Hand | None) -> tuple[Param, ...]: ...

    def decided_at_deal(self, hand: Hand) -> Verb | None: ...

    def pot_reason(self, pot: PotResult, hand: Hand) -> str: ...


class DealtFaceUp(Protocol):
    """A card of each player's dealt face up and recorded with the deal (R15.1): drawn for random play, and known
    to be its holder's. Three-stake brag's."""

    def random_dealt(self, rules: Rules, seats: list[str], rng: Random) -> dict[str, str]: ...

    def cards_known(self, hand: Hand, player: str | None) -> tuple[int, ...]: ...


class OwnPack(Protocol):
    """A pack other than the 52 (R16.1: 36 cards): how many, and which. Svara's."""

    pack: ClassVar[int]

    def in_pack(self, rules: Rules, card: int) -> bool: ...


class ScoresHands(Protocol):
    """Hands that score beside their class (R16.2: points), said by `rank` and `odds`. Svara's."""

    def hand_facts(self, rules: Rules, cards: tuple[int, ...]) -> dict[str, Any]: ...

    def class_facts(self, rules: Rules, name: str) -> dict[str, Any]: ...


class TurnsUpWild(Protocol):
    """Wild cards named by a card turned up after the deal (R13.7): the order each hand is judged by, and `odds`
    before the card is turned. Teen Patti's."""

    def hand_ranking(self, hand: Hand) -> Ranking: ...

    def class_counts(self, rules: Rules, turned: int | None = None) -> list[tuple[str, int]]: ...


class EndsOnTime(Protocol):
    """A session with an end time, told at each deal and then refusing deals (R11.7). Hoyle's."""

    def before_deal(self, rules: Rules, began: str, now: str, dealt: Callable[[], dict[str, int]],
                    seats: list[str]) -> str | None: ...


OPTIONAL = (Banked, PlaysMatches, Redeals, DealtFaceUp, OwnPack, ScoresHands, TurnsUpWild, EndsOnTime)


def claimed(game: Identity | type[Identity]) -> tuple[type, ...]:
    """The optional protocols `game` claims (`Identity.claims`), in `OPTIONAL`'s order."""
    return tuple(protocol for protocol in OPTIONAL if protocol in game.claims)


def hooks_of(protocol: type) -> tuple[str, ...]:
    """The hooks an optional protocol names, in its order: its methods and attributes."""
    from inspect import get_annotations  # here: only the conformance suite and the tests ask

    names = [*get_annotations(protocol),
             *(name for name, value in vars(protocol).items() if callable(value) and not name.startswith("_"))]
    return tuple(dict.fromkeys(names))
