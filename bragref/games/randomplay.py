"""A random legal player for every game: picks one of the moves `legal` offers. Feeds simulate, the property and
conformance tests and the benchmarks."""

from __future__ import annotations

import random

from bragref.games.bastard.actions import Exchange, Knock, Pass
from bragref.games.brag.actions import Cover, Look, See, Showdown
from bragref.engine.cards import NATURALS, card_text, wild_cards
from bragref.games import game_of, verb_of
from bragref.games.play import legal
from bragref.engine.state import Hand, Range
from bragref.games.hoyle.actions import Call, Raise, Stand
from bragref.games.teenpatti.actions import Accept, Refuse, Sideshow
from bragref.games.verbs import Award, Bet, Concede, Fold, Show, Verb


def _amount(rng: random.Random, allowed: Range) -> int:
    amount = allowed.min + rng.choice((0, 0, 0, 1, 2, allowed.min))
    return amount if allowed.max is None else min(amount, allowed.max)


def random_action(hand: Hand, rng: random.Random, patience: float = 0.15) -> Verb:
    """One legal action for the hand as it stands; `patience` is the chance of a fold each turn."""
    now = legal(hand)
    if hand.phase == "showdown" or (now.player is None and now.show):  # a showdown, or a side show's compare
        if now.show and rng.random() < 0.7:
            return random_show(hand, rng, rng.choice(now.show))
        if len(now.concede) > 1 and rng.random() < 0.3:
            return Concede(rng.choice(now.concede))
        if not now.award:  # the cards must decide (side pots, R11.6; lives, R14.4): show, or concede where allowed
            if now.concede and rng.random() >= 0.9:
                return Concede(now.show[0])
            return random_show(hand, rng, rng.choice(now.show))
        winners = 1 if hand.contest and hand.contest.challenger else rng.choice((1, 1, 2))
        return Award(tuple(rng.sample(now.award, min(winners, len(now.award)))))
    name = now.player
    if now.accept:
        return Accept(name) if rng.random() < 0.5 else Refuse(name)
    if now.exchange:  # an exchange turn (R14.2): now and then the centre's face-up cards with it
        if now.knock and rng.random() < 0.3:
            return Knock(name)
        if now.pass_turn and rng.random() < 0.3:
            return Pass(name)
        up = tuple(rng.sample(range(NATURALS), hand.rules.centre_up)) if rng.random() < 0.3 else ()
        return Exchange(name, rng.choice(("1", "3")), up)
    choices: list[tuple[float, Verb]] = [(patience, Fold(name))] if now.fold else []
    if now.bet:
        choices.append((0.45, Bet(name, _amount(rng, now.bet))))
    if now.blind_bet:
        choices.append((0.25, Bet(name, _amount(rng, now.blind_bet), blind=True)))
    if now.see is not None:
        choices.append((0.25, See(name)))
    if now.look:
        choices.append((0.1, Look(name)))
    if now.look_retained:
        choices.append((0.2, Look(name, rng.choice(("old", "new")), rng.random() < 0.5)))
    if now.call is not None:
        choices.append((0.5, Call(name)))
    if now.all_in:
        choices.append((0.5, Call(name, rng.randint(now.all_in.min, now.all_in.max))))
    if now.raise_by:
        choices.append((0.2, Raise(name, _amount(rng, now.raise_by))))
    if now.stand:
        choices.append((0.5, Stand(name)))
    if now.sideshow:
        choices.append((0.15, Sideshow(name, _amount(rng, now.sideshow))))
    if now.showdown:
        choices.append((0.03, Showdown()))
    if now.cover:
        choices.append((0.04 if now.bet or now.blind_bet else 0.5, Cover(name, rng.randint(now.cover.min, now.cover.max))))
    for offer in now.offers:  # a game's own moves, as each verb names them (`Verb.offered_moves`)
        moves = verb_of(hand.rules, offer.verb).offered_moves(name, offer)
        choices += [(0.3 / len(moves), move) for move in moves]
    weights, actions = zip(*choices)
    return rng.choices(actions, weights)[0]


def random_dealt(rules, rng: random.Random) -> dict[str, str]:
    """What a deal under `rules` must record beside the seats, at random: a card turned up (R13.7)."""
    return {param.name: card_text(rng.randrange(NATURALS)) for param in game_of(rules).deal_wants(rules)}


def random_show(hand: Hand, rng: random.Random, name: str) -> Show:
    """`name` shows cards dealt at random from what is left of the pack after the hands already shown (and a card
    turned up, or shown at a side show under way)."""
    pack = NATURALS + wild_cards(hand.rules.wild)[1]
    gone = game_of(hand.rules).cards_out(hand)
    cards = tuple(rng.sample([c for c in range(pack) if c not in gone], hand.rules.cards))
    if hand.rules.cards > 3 and rng.random() < 0.5:
        return Show(name, cards[:3], cards[3:])  # kept three and discards, as a player who chose them
    return Show(name, cards)
