"""A random legal player for every game: picks one of the moves `legal` offers, each as its verb declares how
often and how (`Verb.offered_weight`, `offered_pick`), and shows cards dealt at random where hands are shown.
Feeds simulate, the property and conformance tests and the benchmarks."""

from __future__ import annotations

import random

from bragref.engine.cards import NATURALS, wild_cards
from bragref.engine.state import Hand, held_by
from bragref.games import game_of, verb_of
from bragref.games.play import legal
from bragref.games.verbs import Award, Concede, Show, Verb


def random_action(hand: Hand, rng: random.Random, patience: float = 0.15) -> Verb:
    """One legal action for the hand as it stands; `patience` is the chance of a fold each turn."""
    own = game_of(hand.rules).random_action(hand, rng)
    if own is not None:
        return own  # type: ignore[return-value]  # a game's own move is one of its verbs, as random play's every
        # user reads it (`bragref.testing`: its `verb`, its `args`); `Game.random_action` declares it any object
    now = legal(hand)
    show, concede, award = now.names("show"), now.names("concede"), now.names("award")
    if hand.phase == "showdown" or (now.player is None and show):  # a showdown, or a side show's compare
        if show and rng.random() < 0.7:
            return random_show(hand, rng, rng.choice(show))
        if len(concede) > 1 and rng.random() < 0.3:
            return Concede(rng.choice(concede))
        if not award:  # the cards must decide (side pots, R11.6; lives, R14.4): show, or concede where allowed
            if concede and rng.random() >= 0.9:
                return Concede(show[0])
            return random_show(hand, rng, rng.choice(show))
        winners = 1 if hand.contest and hand.contest.challenger else rng.choice((1, 1, 2))
        return Award(tuple(rng.sample(award, min(winners, len(award)))))
    offers = [offer for offer in now.offers if offer.verb not in ("show", "concede", "award")]
    kinds = [verb_of(hand.rules, offer.verb) for offer in offers]
    weights = [patience if offer.verb == "fold" else kind.offered_weight(offer)
               for offer, kind in zip(offers, kinds, strict=True)]
    chosen = rng.choices(range(len(offers)), weights)[0]  # each move as its verb picks it
    return kinds[chosen].offered_pick(hand, now.player, offers[chosen], rng)


def random_dealt(rules, rng: random.Random, seats: list[str]) -> dict[str, str]:
    """What a deal of `seats` under `rules` must record beside them, at random, as its game draws it
    (`Game.random_dealt`): a card turned up (R13.7), each player's face-up card (R15.1)."""
    return game_of(rules).random_dealt(rules, seats, rng)


def random_show(hand: Hand, rng: random.Random, name: str) -> Show:
    """`name` shows cards dealt at random from what is left of the pack after the hands already shown (and a card
    turned up, or shown at a side show under way), with the cards known to be theirs (a face-up card); a player whose
    hand was seen in the deal shows it again (R8.10)."""
    held = held_by(hand, name)
    if held is not None:
        return Show(name, held.cards)  # the hand of theirs already seen: a player holds one hand (R8.10)
    pack, game = NATURALS + wild_cards(hand.rules.wild)[1], game_of(hand.rules)
    known = tuple(game.cards_known(hand, name))  # theirs already, face up: in their show (R8.10)
    gone = set(game.cards_seen(hand)) | set(known)
    cards = known + tuple(rng.sample([c for c in range(pack) if c not in gone], hand.rules.cards - len(known)))
    if hand.rules.cards > 3 and rng.random() < 0.5:
        return Show(name, cards[:3], cards[3:])  # kept three and discards, as a player who chose them
    return Show(name, cards)
