"""The front door to play: deal a hand, ask what is legal, apply an action, each by the game the hand is played
under (R10.1). The engine below knows no game; this is where a hand's rules find theirs."""

from __future__ import annotations

from collections.abc import Iterable

from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal, credit
from bragref.games import GAMES, verb_of
from bragref.games.verbs import Credit, held_cards

__all__ = ["apply", "deal", "keep_carried", "legal", "legal_phrases", "outcome", "replay", "require_dealt",
           "require_move"]


def _game(rules: Rules):
    return GAMES[rules.game]


def deal(rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
         purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
    return _game(rules).deal(rules, seats, dealer, carried_in, retained_by, purses, dealt)


def legal(hand: Hand) -> Legal:
    return _game(hand.rules).legal(hand)


def apply(hand: Hand, action) -> Hand:
    """The next state, or `Refused` naming the rule and carrying what is legal instead.

    Games raise plain `Refused`; the legal moves are attached here, once, for every refusal.
    """
    game = GAMES[hand.rules.game]
    try:
        return _step(game, hand, action)
    except Refused as refused:
        if refused.legal is None:
            refused.legal, refused.rules = game.legal(hand), hand.rules
        raise


def legal_phrases(legal: Legal, rules: Rules, table: bool = False) -> list[str]:
    """What may be done, a phrase each (`bet 4–14`, `see for 8`, `look`), every move as its verb declares it
    (`Verb.offered_words`) in the game's own words (Teen Patti's chaal, show, pack); `table` gives each as `bragref
    table` takes it (a retained hand's look)."""
    say = _game(rules).say
    phrases = (verb_of(rules, offer.verb).offered_words(offer, rules, say, table) for offer in legal.offers
               if offer.said)
    return [phrase for phrase in phrases if phrase]


def require_move(hand: Hand, verb: str) -> None:
    """`Refused`, with what is legal instead, where the hand's game has no move `verb` (a cover in Hoyle's brag):
    said before an answer's words are read by a verb the game never takes."""
    game = _game(hand.rules)
    if verb not in game.verbs:
        refused = _not_a_move(game, verb)
        refused.legal, refused.rules = game.legal(hand), hand.rules
        raise refused


def require_dealt(rules: Rules, given: dict[str, str]) -> None:
    """`Refused` where a deal is given what no deal of its game records (`deal --boil` at a deal of brag), citing
    the rule of the games whose deals do."""
    game = _game(rules)
    for name in given:
        if all(param.name != name for param in game.deal_params):
            takes = [(other.name, param.rule) for other in GAMES.values() for param in other.deal_params
                     if param.name == name]
            raise Refused(f"a deal of {game.title} records no --{name}: the deals of "
                          f"{', '.join(other for other, _ in takes)} do", takes[0][1] if takes else game.rule)


def keep_carried(previous: Hand | None, rules: Rules, instead: str, stakes_too: bool = False) -> None:
    """`Refused` where a pot `previous` carried forward (R6.2, a match's kitty R14.4) would go into no hand under
    `rules`: their game's deal takes none in, so it waits until the pot is won; with `stakes_too`, a change of
    stakes waits too, the pot being money of the table's or of the pockets' (R1.3) and its winner's alike."""
    result = previous.result if previous else None
    if not (result and result.carried):
        return
    game, was = _game(rules), previous.rules
    carried = _game(was).carried(was)
    said = f"the {carried.name} of {rules.money(result.carried)} is carried forward ({carried.rule})"
    if not game.takes_carried:
        raise Refused(f"{said}, and {game.title} takes in no carried pot: {instead}", "R9.3")
    if not game.takes(carried):
        raise Refused(f"{said}, and {game.title} does not take it in: {instead}", "R9.3")
    if stakes_too and rules.stakes != was.stakes:
        where = "the table money" if was.stakes == "table" else "the pockets"
        raise Refused(f"{said}, put in from {where} (R1.3): change the stakes once it is won", "R9.3")


def replay(hand: Hand, actions: Iterable) -> Hand:
    game = _game(hand.rules)
    for action in actions:
        hand = _step(game, hand, action)
    return hand


def _step(game, hand: Hand, action) -> Hand:
    """A loan onto the table during a hand is no move of any game: every game takes it, at any moment (R7.5). A
    game's move names only cards of its pack not seen in the deal (R8.9)."""
    if isinstance(action, Credit):
        return credit(hand, action.player, action.amount)
    own = _own(game, action)
    after = game.apply(hand, own)
    if held_cards(type(own)):  # R8.9, for every game alike, once the rules have had their say (the rule first)
        check_cards(game, hand, own)
    return after


def check_cards(game, hand: Hand, action) -> None:
    """R8.9 for every game, by what `game` declares of its pack and of the cards seen in a deal: bad input where an
    action names a card of a player's own (a show's, a draw's: a `held` parameter) that is not in the game's pack,
    or that has been seen already in the deal (one named twice in the same move its reading refuses)."""
    named = [card for name in held_cards(type(action)) for card in getattr(action, name)]
    seen = game.cards_seen(hand, getattr(action, "player", None))
    for card in named:
        fault = (f"is not in the pack of {game.title}" if not game.in_pack(hand.rules, card) else
                 f"has been seen already in this deal ({seen[card]}): a pack holds one of each card" if card in seen
                 else None)
        if fault:
            from bragref.engine.cards import card_text  # here: only a refusal writes a card

            raise BadInput(f"{card_text(card)} {fault} (R8.9)")


def _own(game, action):
    """The action as the game's own type for its verb (the family's `see` is Teen Patti's show asked for), or
    `Refused` for a verb the game does not have (a `call` in Three Card Brag)."""
    kind = game.verbs.get(action.verb)
    if kind is None:
        raise _not_a_move(game, action.verb)
    if type(action) is kind:
        return action
    return kind.from_args(action.player if action.subject == "player" else None, action.args())


def _not_a_move(game, verb: str) -> Refused:
    return Refused(f"{verb} is not a move of {game.title}: {', '.join(game.verbs)}", game.rule)


def outcome(hand: Hand) -> list[tuple[str | None, str, int]]:
    """Where a settled hand's money went: postings that sum to zero (R1.2)."""
    return _game(hand.rules).outcome(hand)
