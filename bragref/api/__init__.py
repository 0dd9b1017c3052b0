"""bragref from Python, in the manner of python-chess: find a game, deal a hand, list its legal moves, push a move
(a refusal raises `Refused`, naming the rule), pop it, read the result; or open a ledger and use the verbs the
command line uses. The command line is a shell over the same calls.

A hand, played in memory:

>>> import bragref
>>> hand = bragref.deal("brag", ["Andy", "Bill", "Chris"], ante=1)
>>> hand.to_act
'Bill'
>>> hand.legal_moves().range("bet")
Range(min=1, max=None, min_rule='R4.2', max_rule=None)
>>> hand.push(bragref.Bet("Bill", 2))
>>> hand.push(bragref.Fold("Andy"))
Traceback (most recent call last):
...
bragref.engine.errors.Refused: it is Chris's turn, not Andy's: nobody may fold out of turn (R2.5)
>>> hand.push(bragref.Fold("Chris"))
>>> hand.push(bragref.Fold("Andy"))
>>> hand.over, hand.outcome()
(True, [('Bill', 'stake', -3), ('Chris', 'stake', -1), ('Andy', 'stake', -1), ('Bill', 'win', 5)])
>>> hand.pop()
Fold(player='Andy')
>>> hand.over
False
>>> hand.push(bragref.See("Andy"))               # unlooked, Andy sees at the blind price (R3.1)
>>> hand.push(bragref.Show("Bill", "Kh Kd 4c"))  # cards as a person writes them (R8.9)
>>> hand.push(bragref.Show("Andy", ["2c", "3d", "5h"]))
>>> hand.outcome()
[('Bill', 'stake', -3), ('Chris', 'stake', -1), ('Andy', 'stake', -3), ('Bill', 'win', 7)]

A ledger, with the command line's verbs (amounts as a person types them, in the session's money):

>>> import tempfile, os
>>> book = bragref.open_ledger(os.path.join(tempfile.mkdtemp(), "ledger.db"))
>>> _ = book.session_new("friday", ["Andy", "Bill"], unit="0.01", currency="£", ante="0.10")
>>> _ = book.deal()
>>> book.bet("bill", "0.50").stake
50
>>> book.fold("andy").phase
'over'
>>> book.balances()[1]
{'player': 'Bill', 'paid': 60, 'won': 70, 'result': 10, 'loans': 0, 'net': 10}
>>> book.settle()
[{'from': 'Andy', 'to': 'Bill', 'amount': 10}]
>>> [(e["player"], e["action"], e["amount"], e["pot"]) for e in book.history(1)]
[('Andy', 'deal', 20, 20), ('Bill', 'bet', 50, 70), ('Andy', 'fold', None, 70), ('Bill', 'won', 70, None)]
>>> book.replay(1)[1:3]           # the hand told for a dispute, as `bragref replay 1` tells it
['1. Bill bet £0.50 open, opening the betting: the stake is £0.50 (R4.2); the pot £0.70.', '2. Andy folded.']
>>> kept = book.digest()             # a witness kept outside the ledger
>>> book.audit(digest=kept)          # nothing found: the ledger is what bragref wrote
[]

Another game, between hands (dealer's choice, R9.3), with its own verbs (every verb of every game is a method, by
its name or the game's word for it, found from the game's declaration: `book.exchange("bill", "1")`,
`book.chaal("bina", "2")`, `book.raise_("andy", "1")` for Python's keyword):

>>> book.rules_set("game", "hoyle").game
'hoyle'
>>> _ = book.deal()          # Bill deals, and puts up the dealer's stake (R11.1)
>>> _ = book.bet("bill", "0.20")
>>> book.call("andy").phase, book.act("stand", "bill").phase
('betting', 'showdown')
"""

from __future__ import annotations

from bragref.api.book import Book
from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal
from bragref.games import GAMES, find_game, from_preset
from bragref.games import play as engine
from bragref.games.verbs import Award, Bet, Concede, Fold, Show, Verb as Action, checked

__all__ = ["GAMES", "Audit", "Award", "BadInput", "Bet", "Book", "Concede", "Deal", "Fold", "Refused", "Rules", "Show",
           "deal", "find_game", "open_ledger"]  # and every game's own action types, by name (`game_action`)


def __getattr__(name: str):
    kind = game_action(name)
    if kind is None:
        raise AttributeError(f"module 'bragref.api' has no attribute {name!r}")
    return kind


def game_action(name: str) -> type | None:
    """A game's action type by its class name (`Cover`, `Call`, an installed game's own), as its game declares it:
    the first game found that declares a type so named (`Registry.installed`: bragref's own first), the games
    loaded on first use, so that a command pays nothing for them; None where no game declares one."""
    if not name[:1].isupper():  # a class's name: anything else (a submodule `from bragref import told` looks for
        return None  # first) is no action type, and no game is loaded to say so
    return next((kind for game in GAMES.installed for kind in game.actions if kind.__name__ == name), None)


def game_actions() -> list[str]:
    """The names `game_action` finds, for `dir(bragref)`."""
    return sorted({kind.__name__ for game in GAMES.installed for kind in game.actions} - set(__all__))


class Deal:
    """One hand in memory: the state after each move pushed, so that moves can be popped again."""

    def __init__(self, start: Hand):
        self.start = start
        self.moves: list[Action] = []
        self.states: list[Hand] = [start]

    @property
    def hand(self) -> Hand:
        """The state now, an `engine.state.Hand`: players, pot, stake, phase, result."""
        return self.states[-1]

    @property
    def to_act(self) -> str | None:
        acting = self.hand.acting
        return acting.name if acting else None

    @property
    def over(self) -> bool:
        return self.hand.phase == "over"

    def __repr__(self) -> str:
        hand, money = self.hand, self.hand.rules.money
        now = (f"{self.to_act} to act" if self.to_act else "over" if self.over else hand.phase)
        return (f"<Deal {hand.rules.game}: {', '.join(p.name for p in hand.players)}; {hand.dealer} dealt; "
                f"pot {money(hand.pot)}, stake {money(hand.stake)}; {len(self.moves)} moves; {now}>")

    def legal_moves(self) -> Legal:
        """What may be done now: by the player to act while betting, by the table at a showdown."""
        return engine.legal(self.hand)

    def push(self, move: Action) -> None:
        """Make a move; `Refused` (naming the rule, with `.legal` what may be done instead) leaves the hand as it was,
        and so does `BadInput`: a move that is not one of bragref's, or whose values are not of its kind (an amount
        that is not a whole number of units, R1.1)."""
        self.states.append(engine.apply_now(self.hand, checked(move, self.hand.rules)))
        self.moves.append(move)

    def pop(self) -> Action:
        """Take back the last move."""
        if not self.moves:
            raise IndexError("no move to take back")
        self.states.pop()
        return self.moves.pop()

    def outcome(self) -> list[tuple[str | None, str, int]] | None:
        """Once the hand is over, where its money went: (player, or None for a carried pot; kind; amount)
        postings that sum to zero (R1.2). None while it is being played."""
        return engine.outcome(self.hand) if self.over else None


def deal(game: str = "brag", players: list[str] | tuple[str, ...] = (), dealer: str | None = None, *,
         carried_in: int = 0, retained_by: str | None = None, dealt: dict[str, str] | None = None,
         **options) -> Deal:
    """A new hand of `game` (a name or alias) for `players` in seat order, dealt by `dealer` (default: the first
    seat, R2.2), under the game's default rules with `options` (typed values: `ante=2`, `see_cost="equal"`);
    `dealt` is what the game's deal records beside the seats (`{"joker": "7h"}` under Teen Patti's joker, R13.7)."""
    chosen = find_game(game)
    rules = from_preset(chosen.preset_for(options), game=chosen.name, **options)
    seats = list(players)
    dealt = {**chosen.deal_follows(rules, seats, None, lambda: True), **(dealt or {})}  # a match's first deal
    return Deal(engine.deal(rules, seats, dealer or seats[0], carried_in, retained_by, dealt=dealt))


class Audit:
    """The ledger file at `path` as `bragref audit` reads it (docs/reference.md, Promises about history), changing
    nothing: opened read-only, with no migration and no change of journal mode (a ledger an older bragref wrote is read
    through a copy in memory brought up to this one's schema), and the sessions it replays: `session` (default: the
    current one), or every one. A file that is not a ledger raises `sqlite3.DatabaseError` here."""

    def __init__(self, path: str, session: str | None = None, all_sessions: bool = False):
        from bragref.ledger.audit import sessions_to_audit
        from bragref.ledger.store import Ledger

        self.ledger = Ledger.read_only(path)
        self.file = self.ledger.file
        self.sessions = sessions_to_audit(self.ledger, session, all_sessions)

    def findings(self, digest: str | None = None, deep: bool = False, progress=None, checked=None) -> list[str]:
        """Every finding, one line each, none where the ledger is sound (`Book.audit` says what is checked); SQLite's
        full integrity check with `deep`. `progress(length, label)` gives what to call as each check is done;
        `checked(what, found)` hears what each check looked at and its findings."""
        from bragref.ledger.audit import audit, described

        told = {} if checked is None else {"checked": lambda task, found: checked(described(self.ledger.conn, task),
                                                                               found)}
        return audit(self.ledger.conn, self.sessions, digest, **({"progress": progress} if progress else {}),
                     **told, file=self.file, deep=deep)

    def sound(self, digest: str | None = None) -> str:
        """What a clean audit checked, in one line: the rows chained, the hands replayed, the chain's head (and the
        digest it still holds, where one was given; and that Litestream replicates the ledger, where its tables are
        there)."""
        from bragref.ledger.audit import replicated

        conn = self.ledger.conn
        rows = conn.execute("SELECT COUNT(*) FROM chain").fetchone()[0]
        marks = ",".join("?" * len(self.sessions))
        hands = conn.execute(f"SELECT COUNT(*) FROM hands WHERE session_id IN ({marks})", self.sessions).fetchone()[0]
        sessions = f"{len(self.sessions)} session{'s' * (len(self.sessions) != 1)}"
        held = f"; it still holds digest {digest}" if digest else ""
        litestream = "; replicated by Litestream" if replicated(self.file) else ""
        return (f"sound: {rows} rows chained, {hands} hand{'s' * (hands != 1)} of {sessions} replayed, chain head "
                f"{self.ledger.digest()}{held}{litestream}")


def open_ledger(path: str, session: str | None = None, read_only: bool = False) -> Book:
    """The ledger file at `path` (made on first use), with the command line's verbs, speaking of `session` (default:
    the current one); `read_only`, an existing ledger opened only to read it."""
    from bragref.ledger.store import Ledger

    return Book(Ledger.read_only(path) if read_only else Ledger(path), session)
