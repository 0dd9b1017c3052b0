"""Hoyle's classical brag (R11, seed 004): the dealer's stake, equalising with call, raise and stand, a showdown of
everyone still in, split or eldest ties, and poker-style side pots for a player all in."""

from __future__ import annotations

from bragref.engine.errors import BadInput
from bragref.games import verbs as act
from bragref.games.base import RANKING_OPTIONS
from bragref.games.protocol import EndsOnTime, Game
from bragref.games.hoyle import betting
from bragref.games.hoyle.actions import Call, Raise, Stand
from bragref.games.hoyle.options import HOYLE_OPTIONS, MAX_STAKE, UNTIL
from bragref.games.hoyle.until import after_time

class Hoyle(Game):
    """>>> from bragref.games import find_game
    >>> find_game("classical brag").name
    'hoyle'
    """

    name = "hoyle"
    aliases = ("classical brag", "Hoyle's brag")
    title = "Hoyle's classical brag"
    rule = "R11"
    claims = (EndsOnTime,)
    ranking = "brag"
    options = (*HOYLE_OPTIONS, *RANKING_OPTIONS)
    actions = (act.Bet, Call, Raise, Stand, act.Fold, act.Show, act.Concede, act.Award)
    presets = {"hoyle": {"ante": 0}}  # no ante by default (R11.1)
    reminder = "Cut the pack before the deal (R11.7)."
    takes_carried = False  # no blind play, so it never carries a pot (R11.2)
    end_rules = {**Game.end_rules, "showdown": "R11.4"}
    short = "the short player calls all in"

    def check_rules(self, rules):
        cap = MAX_STAKE.of(rules)
        if cap is not None and cap < rules.first_bet_min:
            least = rules.money(rules.first_bet_min)
            raise BadInput(f"max-stake {rules.money(cap)} is below the least first bet, {least} (R11.2)")

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return betting.deal(rules, seats, dealer, purses)

    def legal(self, hand):
        return betting.legal(hand)

    def apply(self, hand, action):
        return betting.apply(hand, action)

    def before_deal(self, rules, began, now, dealt, seats):
        return after_time(UNTIL.of(rules), began, now, dealt, seats)

    table_money_keys = ("totals", "to_call")
    labels = {"totals": "put in", "to_call": "to call"}

    def table_keys(self, hand):
        acting = hand.acting
        return {"totals": {p.name: p.paid for p in hand.players},
                "to_call": hand.stake - acting.paid if acting is not None else None}

    def outcome(self, hand):
        rows = [(p.name, "stake", -p.paid) for p in hand.players if p.paid]
        return rows + [(name, "win", amount) for name, amount in hand.result.winnings]
