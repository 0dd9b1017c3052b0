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
its name or the game's word for it: `book.exchange("bill", "1")`, `book.chaal("bina", "2")`):

>>> book.rules_set("game", "hoyle").game
'hoyle'
>>> _ = book.deal()          # Bill deals, and puts up the dealer's stake (R11.1)
>>> _ = book.bet("bill", "0.20")
>>> book.call("andy").phase, book.act("stand", "bill").phase
('betting', 'showdown')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import check_name, resolve
from bragref.engine.rules import Rules
from bragref.engine.seating import check_seats
from bragref.engine.state import Hand, Legal
from bragref.games import GAMES, find_game, from_preset, game_verbs, rules_changed, rules_from_text, verb_aliases
from bragref.games import play as engine
from bragref.games.verbs import Award, Bet, Concede, Fold, Show, Typed, Verb as Action, checked

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
        self.states.append(engine.apply(self.hand, checked(move, self.hand.rules)))
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
    """The ledger file at `path` as `bragref audit` reads it, changing nothing (CLI.md "Promises about history"):
    opened read-only, with no migration and no change of journal mode (a ledger an older bragref wrote is read
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


class Book:
    """A ledger and its current session, spoken to in the command line's verbs: the command line is a shell over
    these calls. Each recording verb is one durable write, refused (`Refused`, `BadInput`) with nothing written,
    exactly as the command would be; what it recorded, as the ledger gives it back, is then `last` (as sqlite-utils
    keeps `last_rowid` after an insert): what the command line prints from, each verb saying what it holds."""

    def __init__(self, ledger, session: str | None = None):
        """`ledger`: a `ledger.store.Ledger`, or what opens one when first needed (the command line's, so that a
        command refused before it reads or writes makes no ledger)."""
        self._ledger = ledger
        self.session = session
        self.last = None

    @property
    def ledger(self):
        if callable(self._ledger):
            self._ledger = self._ledger()
        return self._ledger

    def close(self) -> None:
        """Close the ledger's file."""
        if not callable(self._ledger):
            self._ledger.close()

    def _recorded(self, record):
        self.last = record
        return record

    # ---- sessions and seats ------------------------------------------------------

    def session_new(self, name: str, players: list[str], game: str | None = "brag", preset: str | None = None,
                    rules: Rules | None = None, **options: str):
        """Make a session and make it current; `options` as the command line takes them (`ante="0.10"`), or the
        `rules` themselves."""
        rules = rules or rules_from_text(game, preset, **options)
        check_name(name, "session name")
        check_seats(players)  # before the ledger is opened: a first command mistyped makes no ledger
        made = self._recorded(self.ledger.create_session(name, rules, players))
        self.session = made.name
        return made

    def session_use(self, name: str):
        """Make another session current, as `session use` does."""
        self.session = self._recorded(self.ledger.use(name)).name
        return self.current_session()

    def session_close(self) -> str:
        """Close the session between hands, as `session close` does; the ledger's digest (R9.1). `last`: the
        session, the digest and the cash-outs recorded with the close (at table stakes, R1.3)."""
        return self._recorded(self.ledger.close_session(self.session))[1]

    def simulate(self, name: str, players: list[str], hands: int, seed: int, game: str | None = "brag",
                 preset: str | None = None, advance=None, **options: str):
        """A session of `hands` random legal hands (`seed` makes it again), recorded like typed ones, all or
        nothing, as `bragref simulate` does; it becomes current. `advance()` is called after each hand."""
        from bragref.ledger.simulate import simulate

        rules = rules_from_text(game, preset, **options)
        made = self._recorded(simulate(self.ledger, name, rules, players, hands, seed, advance and (lambda _: advance())))
        self.session = made.name
        return made

    def action_count(self) -> int:
        """How many actions the session's hands hold."""
        return self.ledger.action_count(self.current_session())

    def sessions(self) -> list[dict]:
        """Every session of the ledger, as `session list --json` gives them."""
        return self.ledger.sessions()

    def session_names(self) -> list[str]:
        """The names of the ledger's sessions, oldest first."""
        return self.ledger.session_names()

    def current_session(self):
        """The session itself (`ledger.seats.Session`): its name, seats, rules for the next hand, whether closed."""
        return self.ledger.session(self.session)

    def join(self, player: str, after: str | None = None):
        """Seat a player between hands, as `player join` does (R2.1)."""
        return self._recorded(self.ledger.join(self.session, player, after))

    def leave(self, player: str):
        """A player leaves between hands, as `player leave` does (R2.1). `last`: the session and who left."""
        return self._recorded(self.ledger.leave(self.session, player))[0]

    def rename(self, old: str, new: str):
        """A seated player takes a new name between hands, as `player rename` does (R2.6). `last`: the session, the
        old name and the new."""
        return self._recorded(self.ledger.rename(self.session, old, new))[0]

    def rules_set(self, option: str, value: str) -> Rules:
        """Change one house rule between hands, as `rules set` does (R9.3); `game` is dealer's choice. Set to what
        it is already, nothing is recorded. `last`: the rules before, and the session after."""
        before: list[Rules] = []

        def change(rules: Rules) -> Rules | None:
            before.append(rules)
            return rules_changed(rules, option, value)

        session = self.ledger.set_rules(self.session, change)
        return self._recorded((before[-1], session))[1].rules

    # ---- money off the hand ------------------------------------------------------

    def buy_in(self, player: str, amount: str) -> int:
        """Money onto the table at table stakes, as `buy-in` does (R1.3): the player's table money after. `last`:
        the session, the player, the amount and the table money after."""
        return self.purse("buy-in", player, amount)

    def top_up(self, player: str, amount: str) -> int:
        """More money onto the table between hands, as `top-up` does (R1.3): the table money after."""
        return self.purse("top-up", player, amount)

    def cash_out(self, player: str, amount: str | None = None) -> int:
        """Money off the table, all of it without `amount`, as `cash-out` does (R1.3): the table money after."""
        return self.purse("cash-out", player, amount)

    def purse(self, kind: str, player: str, amount: str | None) -> int:
        """`buy-in`, `top-up` or `cash-out`, by name."""
        return self._recorded(self.ledger.purse(self.session, kind, player, amount))[3]

    def table_money(self) -> dict[str, int]:
        """At table stakes, what each player has on the table between hands (R1.3)."""
        return self.ledger.table_money(self.current_session())

    def lend(self, lender: str, borrower: str, amount: str, bystander: bool = False):
        """A loan, as `lend` does (R7.5): the session, the lender and borrower as named, the amount."""
        return self._recorded(self.ledger.lend(self.session, lender, borrower, amount, bystander))

    def repay(self, borrower: str, lender: str, amount: str):
        """A loan repaid, as `repay` does (R7.5): the session, the borrower and lender, the amount."""
        return self._recorded(self.ledger.repay(self.session, borrower, lender, amount))

    def loans(self, all_sessions: bool = False) -> list[tuple[str, str, str, int]]:
        """Every loan and repayment: (kind, lender, borrower, amount)."""
        return self.ledger.loan_entries(self.scope(all_sessions))

    # ---- hands -------------------------------------------------------------------

    def match_new(self):
        """Call a new match for lives between hands, as `match new` does (R14.4)."""
        return self._recorded(self.ledger.match_new(self.session))

    def match(self) -> dict:
        """The match for lives now, as `match --json` gives it; `Refused` where the game is played for money
        (R14.4)."""
        session = self.current_session()
        current = self.ledger.current(session)
        data = find_game(session.rules.game).match_of(current and current.hand, session.rules, session.seats,
                                                      self.ledger.match_called(session, current),
                                                      lambda: self.ledger.last_match(session))
        if data is None:
            raise Refused(f"{session.name} plays {session.rules.game} for money: there is no match", "R14.4")
        return data

    def deal(self, dealer: str | None = None, **dealt: str) -> Hand:
        """The next hand, as `bragref deal` deals it (`joker="7h"`: the card turned up, R13.7), with the move the
        deal decides by itself recorded in the same write (`Game.decided_at_deal`: a svara deal left with one player
        is theirs, R16.7). `last`: the session, the hand as it then stands and the hand before it
        (`ledger.replay.Current`, None at the first deal)."""
        with self.ledger.write():
            session, current, previous = self.ledger.deal(self.session, dealer, dealt or None)
            decided = GAMES[current.hand.rules.game].decided_at_deal(current.hand)
            if decided is not None:
                session, current, _ = self.ledger.act(self.session, lambda hand: decided)
        return self._recorded((session, current, previous))[1].hand

    def reminder(self) -> str | None:
        """What the game's housekeeping says after a deal (the evening's end coming, R11.7), or None; `Refused`
        when the hand just dealt is the evening's last."""
        return self.ledger.deal_reminder(self.current_session())

    def act(self, verb: str, *words: str, fill: bool = True) -> Hand:
        """Any verb of the session's game, in the words of a `table` answer after it: `act("stand", "bill")`,
        `act("raise", "andy", "2")`, `act("show", "bill", "Kh", "Kd", "4c")`. The verbs below are this. With `fill`,
        what an answer may leave out the game fills in (a cover of all the table money left, R7.2); without, every
        value is as given, as the command line's arguments are. `last`: the session, the hand after it
        (`ledger.replay.Current`) and the action recorded."""
        def build(hand: Hand):
            kind = _verb_type(hand, verb)
            player, rest = (words[0], words[1:]) if kind.subject == "player" and words else (None, words)
            return kind.from_words(player and _name(hand, player), list(rest), Typed(hand), hand=hand,
                                   now=engine.legal(hand) if fill else None)

        return self.record(build)

    def record(self, build) -> Hand:
        """A move (`Fold("Bill")`), or one made by `build` from the hand as it stands when the write begins (what a
        shell that reads its own words gives, as `table` does): checked as the command line's words are (its
        fields' types, its cards in the pack), then recorded, or refused with nothing written. `last` as `act`'s."""
        def made(hand: Hand):
            return checked(build(hand) if callable(build) else build, hand.rules)

        return self._recorded(self.ledger.act(self.session, made))[1].hand

    def __getattr__(self, name: str):
        """Every other verb of every game, by its name or a game's word for it (`book.exchange("bill", "1")`,
        `book.sideshow("chris", "2")`, `book.chaal("bina", "2")`): `act` with that verb, as the command line has
        a command for each (`show_for` is `show-for`)."""
        verb = name.replace("_", "-")
        kind = game_verbs().get(verb) or verb_aliases().get(verb)
        if kind is None or name.startswith("_"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return lambda *words: self.act(kind.verb if verb in game_verbs() else verb, *words)

    def bet(self, player: str, amount: str, blind: bool = False) -> Hand:
        return self.act("bet", player, amount, "blind" if blind else "open")

    def fold(self, player: str) -> Hand:
        return self.act("fold", player)

    def look(self, player: str, which: str | None = None, keep: bool | None = None) -> Hand:
        return self.act("look", player, *([which, "keep" if keep else "fold"] if which else []))

    def see(self, player: str) -> Hand:
        return self.act("see", player)

    def cover(self, player: str, amount: str) -> Hand:
        return self.act("cover", player, amount)

    def showdown(self) -> Hand:
        return self.act("showdown")

    def show(self, player: str, *cards: str, discards: tuple[str, ...] = ()) -> Hand:
        return self.act("show", player, *cards, *(["discard", *discards] if discards else []))

    def concede(self, player: str) -> Hand:
        return self.act("concede", player)

    def award(self, *players: str) -> Hand:
        return self.act("award", *players)

    def call(self, player: str, all_in: str | None = None) -> Hand:
        """Hoyle's call (R11.2), or all in with `all_in` (R11.6)."""
        return self.act("call", player, *(["all-in", all_in] if all_in is not None else []))

    def raise_(self, player: str, amount: str) -> Hand:
        """Hoyle's raise: call, then add `amount` above it (R11.2)."""
        return self.act("raise", player, amount)

    def undo(self, reason: str | None = None):
        """Void the last action (R9.1), as `undo` does: what was voided (`ledger.store.Voided`). `last`: the
        session, the hand after the void (None after a first deal voided) and what was voided."""
        return self._recorded(self.ledger.undo(self.session, reason))[2]

    def status(self) -> dict:
        """The table now, the object `bragref status --json` prints (CLI.md): the hand, phase, dealer, pot, stake,
        each player and what the player to act may do, with the game's own keys."""
        from bragref.ledger.status import status_data

        session = self.current_session()
        return status_data(self.ledger, session, self.ledger.current(session))

    def hand(self) -> Hand | None:
        """The current hand itself, an `engine.state.Hand` (None before the first deal)."""
        current = self.current()
        return current.hand if current else None

    def current(self):
        """The current hand with its number (`ledger.replay.Current`: `number`, `hand`), None before the first deal."""
        return self.ledger.current(self.current_session())

    def hand_numbers(self) -> list[int]:
        """The numbers of the session's hands, misdeals included."""
        return self.ledger.hand_numbers(self.current_session())

    def reading(self):
        """A context in which every read sees one state of the ledger, even while another terminal writes."""
        return self.ledger.reading()

    def pin(self, digest: str | None = None) -> None:
        """From now on a recording verb is refused as stale (`ledger.store.Stale`, nothing written) once another
        terminal has recorded anything since this call (or since the ledger's `digest` was the one given): `table`'s
        answer is for the table as its prompt showed it, the referee's page's for the table as the page showed it."""
        self.ledger.expect = digest or self.ledger.digest()

    def balances(self, all_sessions: bool = False) -> list[dict]:
        """Each player's paid, won, result, loans and net over the settled hands, as `balances --json` (R1.2); over
        every session, `paid_up` and `owed` too (the settle-ups recorded, `paid`)."""
        return self.ledger.balances(self.scope(all_sessions), settle_ups=all_sessions)

    def paid(self, payer: str, payee: str, amount: str | int, note: str | None = None):
        """Record a settle-up (`bragref paid`): `payer` paid `payee` `amount`; refused (`Refused`, R1.2) above what
        `settle(all_sessions=True)` shows `payer` owing `payee`. The `ledger.money.Payment` recorded."""
        return self._recorded(self.ledger.pay(payer, payee, amount, note))

    def season(self, first: str | None = None, last: str | None = None) -> list[dict]:
        """The standings over the sessions created (local date) from `first` to `last`, `YYYY-MM-DD`, both inclusive
        (either left open), as `season --json` gives them, each with `games` too (hands dealt in per game): best net
        first, one person under every spelling of their name (R2.6)."""
        from bragref.ledger.season import standings

        return standings(self.ledger, self._nights(first, last))

    def nightly(self, first: str | None = None, last: str | None = None) -> list[dict]:
        """One row per player per night over the same sessions as `season`: `player`, `session`, `date`, `paid`,
        `won`, `net` (what `season --nights --csv` gives a spreadsheet)."""
        from bragref.ledger.season import nightly

        return nightly(self.ledger, self._nights(first, last))

    def season_chart(self, first: str | None = None, last: str | None = None) -> dict:
        """Each player's cumulative result night by night over the same sessions as `season`: `{"nights": [session
        names], "players": {name: [result after each night]}}`."""
        from bragref.ledger.season import progress

        return progress(self.ledger, self._nights(first, last))

    def _nights(self, first: str | None, last: str | None) -> list:
        """The sessions created (local date) from `first` to `last`, `YYYY-MM-DD`, both inclusive (either left open),
        oldest first; bad input where they keep money in different units (R1.1)."""
        from bragref.ledger.season import in_range

        sessions = in_range(self.ledger, _date(first, "--from"), _date(last, "--to"))
        self.ledger.one_money(sessions)
        return sessions

    def settle(self, all_sessions: bool = False) -> list[dict]:
        """Who pays whom in the fewest payments, as `settle --json`; a pot still carried is a payee of its own. Over
        every session, net of the settle-ups recorded: what is still owed."""
        return self.ledger.payments(self.scope(all_sessions), settle_ups=all_sessions)

    def carried(self, all_sessions: bool = False) -> dict:
        """The money carried forward and not yet won, by what its game calls it (`Game.carried`: brag's carried pot,
        R6.2; a match's kitty, R14.4)."""
        kinds: dict = {}
        for session in self.scope(all_sessions):
            amount = self.ledger.carried([session])
            if amount:
                kind = find_game(session.rules.game).carried(session.rules)
                kinds[kind] = kinds.get(kind, 0) + amount
        return kinds

    def in_play(self, all_sessions: bool = False) -> list:
        """Each session's hand still being played, as (session, `Current`): its pot is in nobody's balance yet."""
        return self.ledger.in_play(self.scope(all_sessions))

    def running(self) -> dict:
        """Each player's running result over the session's settled hands (the page's chart): `{"hands": [numbers],
        "players": {name: [result after each hand]}}`."""
        return self.ledger.running(self.current_session())

    def night(self, all_sessions: bool = False) -> dict:
        """What `summary` tells: hands played and the biggest pot won."""
        return self.ledger.night(self.scope(all_sessions))

    def matches_won(self, all_sessions: bool = False) -> list[dict]:
        """Each match for lives won with a kitty (R14.4)."""
        return self.ledger.matches_won(self.scope(all_sessions))

    def on_table(self, all_sessions: bool = False) -> dict:
        """What hands at table stakes moved, per player: money that changed hands on the table (R1.3)."""
        return self.ledger.on_table(self.scope(all_sessions))

    def history(self, number: int | None = None) -> Iterator[dict]:
        """Every action of hand `number` (default: of every hand of the session, read a few hundred hands at a time)
        as `history --json` gives them: the pot and stake after each, voids marked (R9.1), where each pot went."""
        from bragref.ledger.history import hand_history, named_now

        session = self.current_session()
        replays = self.ledger.replays(session, number)  # `BadInput` now for a hand the session does not have
        return (entry for row, steps in replays for entry in named_now(session, hand_history(row, steps)[0]))

    def replays(self, number: int | None = None):
        """Hand `number` (default: every hand of the session), each as (its row, its steps: `ledger.replay.Step`,
        each action with the hand before and after it): the one replay `history`, `replay`, export and audit read."""
        return self.ledger.replays(self.current_session(), number)

    def replays_between(self, first: int, last: int):
        """`replays` of the hands numbered `first` to `last`, read together."""
        return self.ledger.replays_between(self.current_session(), first, last)

    def last_number(self) -> int:
        """The number of the session's last hand; 0 before the first deal."""
        return self.ledger.last_number(self.current_session())

    def replay(self, number: int) -> list[str]:
        """Hand `number` told as `bragref replay` tells it, for a dispute: a sentence for the deal, one for each
        action and void, one for how it ended, each citing its rule."""
        from bragref.ledger.story import story

        return story(self.ledger, self.current_session(), number)

    def export(self, form: str = "bhh") -> str:
        """The session's whole hand history as `bragref export` writes it: `"bhh"` (man 5 bragref-bhh) or `"json"`,
        either of which `import_history` records again (under its own name, it exports to the same text)."""
        with self.reading():  # one state of the ledger throughout
            return "".join(self.export_chunks(form))

    def export_chunks(self, form: str = "bhh") -> Iterator[str]:
        """`export`, a piece at a time, as the session is read hand by hand (inside `reading()` for one state)."""
        from bragref.formats import bhh
        from bragref.ledger.exchange import export_stream

        if form not in ("bhh", "json"):
            raise BadInput(f"export writes bhh or json, not {form!r}")
        head, hands = export_stream(self.ledger, self.current_session())
        return bhh.dump_chunks(head, hands, as_json=form == "json")

    def import_history(self, text: str, name: str | None = None, use: bool = False) -> str:
        """Record a hand history `export` wrote (bhh or JSON text) as a new session called `name` (default: the name
        in it), every line judged by the rules again, as `bragref import` does: all of it or nothing. A line the
        rules refuse raises `Refused`, one that cannot be read `BadInput`, each naming the hand and the line. The
        new session's name; it becomes the current one, and this book's, only with `use`."""
        from bragref.formats import bhh
        from bragref.ledger.exchange import Located

        try:
            return self.import_document(bhh.loads_lazily(text), name, use).name
        except Located as located:
            where = f"hand {located.hand}, " if located.hand is not None else ""
            error = located.error
            if isinstance(error, Refused):
                raise Refused(f"{where}{located.text}: {error.reason}", error.rule, error.legal, error.rules) from None
            raise BadInput(f"{where}{located.text}: {error}") from None

    def import_document(self, document: dict, name: str | None = None, use: bool = False, advance=None):
        """`import_history` of a history already read (`formats.bhh.loads`), `advance()` called after each hand;
        the new session. A line refused or unreadable raises `ledger.exchange.Located`: the error, with the hand
        and the line it was found at."""
        from bragref.ledger.exchange import import_judged

        made = self._recorded(import_judged(self.ledger, document, name, use, *([advance] if advance else [])))
        if use:
            self.session = made.name
        return made

    def audit(self, all_sessions: bool = False, digest: str | None = None) -> list[str]:
        """What `bragref audit` finds, one line each (none: the ledger is sound): the hash chain over every row, the
        session's hands (`all_sessions`: every session's) replayed and their postings compared, conservation (R1.2);
        with `digest`, one given out earlier, that the ledger still holds what it held then."""
        from bragref.ledger.audit import audit, sessions_to_audit

        return audit(self.ledger.conn, sessions_to_audit(self.ledger, self.session, all_sessions), digest)

    def digest(self) -> str:
        """The ledger's digest now (`1234-3f9ab2c1d4e5f607`), as `status` prints it: keep it outside the ledger, and
        `audit(digest=…)` shows later whether anything recorded up to it has changed."""
        return self.ledger.digest()

    def scope(self, all_sessions: bool = False) -> list:
        """The sessions a report covers: the current one, or (`all_sessions`) every one; `BadInput` when there is
        none."""
        sessions = self.ledger.all_sessions() if all_sessions else [self.current_session()]
        if not sessions:
            raise BadInput("no session yet: start one with `bragref session new NAME --players A,B,C`")
        return sessions


def _verb_type(hand: Hand, verb: str) -> type:
    """The action type `verb` names in `hand`: its game's, by the verb or the game's word for it (`chaal`), loading
    no other game; else any game's, which the hand's game then refuses, naming what it allows."""
    game = GAMES[hand.rules.game]
    own = game.verbs.get(verb) or game.verbs.get(game.aliases_of_verbs.get(verb, ""))
    kind = own or game_verbs().get(verb) or verb_aliases().get(verb)
    if kind is None:
        raise BadInput(f"{verb!r} is not a verb of any game (verbs: {', '.join(game_verbs())})")
    return kind


def _name(hand: Hand, query: str) -> str:
    return resolve(query, [p.name for p in hand.players])


def _date(text: str | None, option: str):
    """`YYYY-MM-DD` as a date, None for none; bad input otherwise."""
    if text is None:
        return None
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return date.fromisoformat(text)
    except ValueError:
        pass
    raise BadInput(f"{option} is a date, YYYY-MM-DD, like 2026-11-28, not {text[:20]!r}")
