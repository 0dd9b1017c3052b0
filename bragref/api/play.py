"""A `Book`'s play: the next hand dealt, a move recorded (by its verb and words, or made in Python), the last action
voided (R9.1), a match for lives called (R14.4), and the table now."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import resolve
from bragref.engine.state import Hand
from bragref.games import GAMES, find_game, game_verbs, verb_aliases
from bragref.games import play as engine
from bragref.games.verbs import Typed, checked


class Play:
    """The hands: a part of `Book`, recording in its `ledger`'s current hand of its `session`."""

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
