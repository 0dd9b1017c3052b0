"""A `Book`'s play: the next hand dealt, a move recorded (by its verb and words, or made in Python), the last action
voided (R9.1), a match for lives called (R14.4), and the table now."""

from __future__ import annotations

from bragref.engine.errors import Refused
from bragref.engine.state import Hand
from bragref.games import find_game, game_verbs, verb_aliases
from bragref.games.verbs import Said


class Play:
    """The hands: a part of `Book`, recording in its `ledger`'s current hand of its `session`."""

    def deal(self, dealer: str | None = None, **dealt: str) -> Hand:
        """The next hand, as `bragref deal` deals it (`joker="7h"`: the card turned up, R13.7), with the move the
        deal decides by itself recorded in the same write (`Game.decided_at_deal`: a svara deal left with one player
        is theirs, R16.7). `last`: the session, the hand as it then stands and the hand before it
        (`ledger.replay.Current`, None at the first deal)."""
        return self._recorded(self.ledger.deal(self.session, dealer, dealt or None, decided=True))[1].hand

    def reminder(self) -> str | None:
        """What the game's housekeeping says after a deal (the evening's end coming, R11.7), or None; `Refused`
        when the hand just dealt is the evening's last."""
        return self.ledger.deal_reminder(self.current_session())

    def act(self, verb: str, *words: str, fill: bool = True, **named) -> Hand:
        """Any verb of the session's game, or the game's word for one, in the words of a `table` answer after it:
        `act("stand", "bill")`, `act("raise", "andy", "2")`, `act("show", "bill", "Kh", "Kd", "4c")`; `named`, any
        value by its field's name, as text the way it is typed (`act("call", "andy", all_in="3")`). Every move
        method is this. The words travel to the write as they are (`games.verbs.Said`), where the hand's game reads
        them against the hand as it then stands. With `fill`, what an answer may leave out the game fills in (a
        cover of all the table money left, R7.2); without, every value is as given, as the command line's arguments
        are. `last`: the session, the hand after it (`ledger.replay.Current`) and the action recorded."""
        return self.record(Said(verb, words, named, fill=fill))

    def record(self, move) -> Hand:
        """A move (`Fold("Bill")`), words said (`games.verbs.Said`: what `act` and the table's answers give), or
        what makes a move from the hand as it stands when the write begins (`build(hand)`): made in the hand by its
        game at the write (`games.play.made`), checked as the command line's words are (its fields' types, its cards
        in the pack), then recorded, or refused with nothing written. `last` as `act`'s."""
        return self._recorded(self.ledger.act(self.session, move))[1].hand

    def bet(self, player: str, amount: str, blind: bool = False) -> Hand:
        """A bet, open or `blind` (R3, R4): a verb every game shares (`games.verbs`), as the four below are."""
        return self.act("bet", player, amount, "blind" if blind else "open")

    def fold(self, player: str) -> Hand:
        return self.act("fold", player)

    def show(self, player: str, *cards: str, discards: tuple[str, ...] = ()) -> Hand:
        return self.act("show", player, *cards, *(["discard", *discards] if discards else []))

    def concede(self, player: str) -> Hand:
        return self.act("concede", player)

    def award(self, *players: str) -> Hand:
        return self.act("award", *players)

    def __getattr__(self, name: str):
        """A game's own moves are not written here: each is its game's declaration, found by its verb or the game's
        word for it when asked for (`book.stand("bill")`, `book.exchange("bill", "1")`, `book.chaal("bina", "2")`;
        `raise_` and `pass_`, a trailing underscore, for Python's keywords; `show_for` for `show-for`), as the
        command line has a command for each: `act` with that word, the words after it as `act` takes them and any
        value by its field's name (`book.call("andy", all_in="3")`, `book.look("dan", hand="new", keep=True)`)."""
        verb = name.removesuffix("_").replace("_", "-")
        kind = None if name.startswith("_") else game_verbs().get(verb) or verb_aliases().get(verb)
        if kind is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def move(*words: str, **named) -> Hand:
            return self.act(verb, *words, **named)

        move.__name__, move.__doc__ = name, kind.help or kind.summary
        return move

    def __dir__(self) -> list[str]:
        """The Book's own names, and every game's moves by the names `__getattr__` finds them by."""
        import keyword

        moves = (verb.replace("-", "_") for verb in (*game_verbs(), *verb_aliases()))
        return sorted({*super().__dir__(), *(f"{name}_" if keyword.iskeyword(name) else name for name in moves)})

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
        """The table now, the object `bragref status --json` prints (docs/reference.md, The table now): the hand, phase,
        dealer, pot, stake, each player and what the player to act may do, with the game's own keys."""
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

    def due_dealer(self) -> str | None:
        """Who deals the next hand (R2.2, R9.1, R17.1); None where the first dealer is chosen at the deal."""
        return self.ledger.due_dealer(self.current_session())
