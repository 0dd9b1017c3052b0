"""Three Card Poker (R17, seed 002): a banked game. Nobody bets against each other: each player's Ante, Pair Plus
and Play are settled against a banker (the dealer, the bank passing with the deal, or a named banker who deals every
hand), the banker qualifying on a queen high, with the ante bonus and the Pair Plus paid from their paytables."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import check_name, resolve
from bragref.games import verbs as act
from bragref.games.protocol import Banked, Game
from bragref.games.threecardpoker import play
from bragref.games.threecardpoker.actions import Pass, Play, Wager
from bragref.games.threecardpoker.options import (ANTE_BONUS, BANKER, PAIR_PLUS, PAYTABLES, QUALIFY,
                                                  THREE_CARD_POKER_OPTIONS)
from bragref.games.verbs import Show


class ThreeCardPoker(Game):
    """>>> from bragref.games import find_game
    >>> find_game("three card poker").takes_carried
    False
    """

    name = "three-card-poker"
    aliases = ("three card poker", "3 card poker", "tcp")
    title = "Three Card Poker"
    rule = "R17"
    claims = (Banked,)
    players = play.PLAYERS
    ranking = "three-card-poker"
    takes_carried = False  # there is no pot to carry (R17.1)
    banked = True  # each player against the bank (R17): no pot to vie for
    options = THREE_CARD_POKER_OPTIONS
    actions = (Wager, Pass, Play, act.Fold, act.Show)
    presets = {"three-card-poker": {"ante": 0}}  # R17.1: no table ante
    reminder = "Shuffle the pack: it is shuffled before every deal (R17.1)."
    shuffles = True
    end_rules = {**Game.end_rules, "showdown": "R17.4", "cards": "R17.5"}
    terms = {"ante": "table ante", "antes": "table antes"}
    move_help = {"show": "PLAYER shows their three cards, in any order: the banker (where someone played) and every "
                         "player still in, each wager then settled by the cards against the bank's (R17.4, R17.6)."}
    short = "the short player folds, or borrows: there are no covers"

    def check_given(self, name, value, rules):
        if name == "ante" and value:  # a table's ante kept from another game is held, never charged (R17.1)
            raise BadInput(f"three-card-poker has no table ante: its deals take none, so an ante of "
                           f"{rules.money(value)} cannot be set while it is the game (R17.1)")

    def check_rules(self, rules):
        for option in (PAIR_PLUS, ANTE_BONUS):
            numbers = option.of(rules).split("-")
            if len(numbers) != PAYTABLES[option.name] or not all(n.isascii() and n.isdigit() for n in numbers):
                raise BadInput(f"{option.key} is {PAYTABLES[option.name]} whole numbers joined by -, like "
                               f"{option.default}, not {option.of(rules)[:40]!r} ({option.rule})")
        banker = BANKER.of(rules)
        if banker != "dealer":
            check_name(banker, "banker's name")

    def fixed_dealer(self, rules, seats):
        banker = BANKER.of(rules)
        if banker == "dealer":
            return None
        try:
            return resolve(banker, seats)
        except BadInput:
            raise Refused(f"{banker} banks every hand (house rule banker) and is not seated: seat them, or "
                          f"`rules set banker dealer`", "R17.1") from None

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return play.deal(rules, seats, dealer, purses)

    def ante_of(self, hand):
        return 0

    def dealt_words(self, hand):
        return (f"{hand.banker} banks (R17.1): wagers first, before the cards, from {hand.players[0].name} "
                f"(R17.2).")

    def legal(self, hand):
        return play.legal(hand)

    def apply(self, hand, action):
        return play.apply(hand, action)

    def outcome(self, hand):
        return play.outcome(hand)

    def ranking_for(self, rules, turned=None):
        from bragref.games.threecardpoker.ranking import poker_ranking  # only commands that rank cards load it

        return poker_ranking(QUALIFY.of(rules))

    def hand_ranking(self, hand):
        return self.ranking_for(hand.rules)

    def counted(self, rules, turned=None):
        return "three cards from a pack of 52 (R17.5)"

    def hand_facts(self, rules, cards):
        ranking = self.ranking_for(rules)
        return {"qualifies": ranking.qualifies(ranking.judge(cards))}  # as the banker's hand (R17.6)

    def random_action(self, hand, rng):
        """At the shows, cards dealt at random from what is left of the pack."""
        waiting = play.to_show(hand)
        if hand.stage != "show" or not waiting:
            return None
        gone = set(self.cards_seen(hand))
        return Show(rng.choice(waiting), tuple(rng.sample([c for c in range(52) if c not in gone], 3)))

    def now_words(self, hand):
        return {"wagers": f"{hand.banker} banks. ", "decisions": "Each player with an Ante plays or folds. "}.get(
            hand.stage, "")

    def table_keys(self, hand):
        return {"banker": hand.banker, "stage": None if hand.phase == "over" else hand.stage,
                "qualifies": play.qualifies(hand)}

    money_keys = ("ante", "pair_plus", "play")
    labels = {"ante": "Ante", "pair_plus": "Pair Plus", "play": "Play"}  # the wagers' own names (R17.2, R17.3)

    def player_keys(self, hand, name):
        if name not in {p.name for p in hand.players}:
            return {"ante": 0, "pair_plus": 0, "play": 0}
        ante, pair_plus, played = hand.wagers(name)
        return {"ante": ante, "pair_plus": pair_plus, "play": played}

    def not_dealt(self, rules):
        return "not dealt into this hand", "R17.1"

    def over_words(self, hand):
        money = hand.rules.money
        if not hand.settled:
            return "nobody wagered, and no money moved (R17.7)."
        qualified = play.qualifies(hand)
        bank = ("" if qualified is None else
                f"the bank ({hand.banker}) {'qualifies' if qualified else 'does not qualify'} (R17.6); ")
        parts = [f"{s.name} {signed(s.won - s.lost, money)} ({s.words})" for s in hand.settled]
        net = sum(s.lost - s.won for s in hand.settled)
        return (f"{bank}{'; '.join(parts)}. The bank, {hand.banker}, "
                f"{'takes' if net >= 0 else 'pays'} {money(abs(net))} on the deal (R17.6, R17.7).")

    def result_notes(self, hand):
        money = hand.rules.money
        notes = [(s.name, "settled", f"{signed(s.won - s.lost, money)}: {s.words}") for s in hand.settled]
        net = sum(s.lost - s.won for s in hand.settled)
        return notes + ([(hand.banker, "bank", f"{signed(net, money)} (R17.6, R17.7)")] if notes else [])


def signed(amount: int, money) -> str:
    """`+£5`, `-£2`, `even`: a result against the bank in the session's money."""
    return f"+{money(amount)}" if amount > 0 else f"-{money(-amount)}" if amount < 0 else "even"
