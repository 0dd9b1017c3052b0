"""Every move by taps (issue 67, docs/reference.md, The referee's page at a real table): in every state of random legal
play of every game, each legal move can be recorded from the controls the server sends the referee's page
(`told.moves`): some button's words, with its fields filled as the page fills them (an amount within the field's bounds,
cards the picker offers and does not disable), are read by the table's own reader (`bragref.answers`) as exactly that
move. Not game by game: the games' own declarations, walked as the conformance suite walks them."""

import random

import pytest

from bragref.answers import Answers
from bragref.engine.cards import card_text
from bragref.engine.rules import Rules
from bragref.games import GAMES, from_preset, verb_of
from bragref.games import play as engine
from bragref.games.randomplay import random_action, random_dealt
from bragref.told import moves


class Captured(Exception):
    """The move the reader built, caught before anything would be recorded."""

    def __init__(self, move):
        self.move = move


class Reading:
    """A `Book` as far as the reader needs one: the hand as it stands; a move is caught, not recorded."""

    def __init__(self, hand):
        self.hand = hand

    def current_session(self):
        return self

    @property
    def rules(self):
        return self.hand.rules

    def current(self):
        return self

    def record(self, move):
        raise Captured(engine.made(self.hand, move, GAMES[self.hand.rules.game]))  # as the write makes it


def filled(button: dict, move, rules: Rules) -> list[str] | None:
    """The words the page sends for `button` with its fields filled to make `move`, or None where its fields cannot
    hold `move`'s values (an amount out of bounds, a card the picker disables or lacks)."""
    plain = lambda units: Rules(unit=rules.unit).money(units)  # noqa: E731 - as a field takes an amount
    words = []
    fields = {field["name"]: field for field in button["fields"]}
    for word in button["words"]:
        field = fields.get(word[1:-1]) if word.startswith("{") else None
        if field is None:
            words.append(word)
            continue
        value = getattr(move, field["name"], None)
        if value in (None, ()):
            if not field["optional"]:
                return None
            continue
        if field["kind"] == "amount":
            low = round(float(field["min"]) / float(rules.unit))
            high = None if field["max"] is None else round(float(field["max"]) / float(rules.unit))
            if value < low or (high is not None and value > high):
                return None
            given = [plain(value)]
        elif field["kind"] == "players":
            if any(player not in field["options"] for player in value):
                return None
            given = list(value)
        else:
            offered = {card: seen for card, seen in field["pack"]}
            given = [card_text(card) for card in value]
            if any(card not in offered or offered[card] for card in given) or \
                    (field["count"] is not None and len(given) > field["count"]):
                return None
        words += [*([field["keyword"]] if field["keyword"] else []), *given]
    return words


def read(words: list[str], hand):
    """The move the table's reader makes of `words` in `hand`, or None where it refuses them."""
    try:
        Answers(Reading(hand), lambda line: None).record(words)
    except Captured as captured:
        return captured.move
    except Exception:  # noqa: BLE001 - any move the game refuses: none
        return None


def whose(move) -> str | None:
    return getattr(move, "player", None)


def candidates(hand, rng: random.Random) -> list:
    """Legal moves of the state: a few random picks, and every offer's moves at its extremes (`offered_moves`)."""
    found = [random_action(hand, rng) for _ in range(4)]
    now = engine.legal(hand)
    for offer in now.offers:
        kind = verb_of(hand.rules, offer.verb)
        for name in (offer.names or (now.player,)) if now.player is None else (now.player,):
            found += kind.offered_moves(hand, name, offer)
    return found


@pytest.mark.parametrize("name", list(GAMES))
def test_every_legal_move_of_every_state_can_be_recorded_by_taps(name):
    game, rng = GAMES[name], random.Random(name)
    checked = 0
    for preset in game.presets:
        for deal in range(12):
            money = {"unit": "0.01", "currency": "£"} if deal % 2 else {}
            rules = from_preset(preset, game=game.name, **money)
            seats = ["Ann", "Bob", "Cy", "Di"][:max(3 + deal % 2, game.players[0])]
            dealt = {**game.deal_follows(rules, seats, None, lambda: True), **random_dealt(rules, rng, seats)}
            hand = engine.deal(rules, seats, seats[deal % len(seats)], dealt=dealt)
            while hand.phase != "over":
                buttons = moves(hand)
                for move in candidates(hand, rng):
                    try:
                        engine.apply(hand, move)
                    except Exception:  # noqa: BLE001, S112 - a pick the game refuses: nothing to record
                        continue  # not legal here after all (a pick the game refuses): nothing to record
                    made = [read(words, hand) for words in (filled(b, move, rules) for b in buttons)
                            if words is not None and words[0] == move.verb]
                    after = engine.apply(hand, move)  # the same move, whichever of its game's types reads it
                    assert any(m is not None and m.args() == move.args() and whose(m) == whose(move)
                               and engine.apply(hand, m) == after for m in made), \
                        (game.name, move, [b["words"] for b in buttons])
                    checked += 1
                hand = engine.apply(hand, random_action(hand, rng))
    assert checked > 50
