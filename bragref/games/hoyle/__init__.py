"""Hoyle's classical brag (R11, seed 004): the dealer's stake, equalising with call, raise and stand, a showdown of
everyone still in, split or eldest ties, and poker-style side pots for a player all in."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.games.base import RANKING_OPTIONS, Game, Option
from bragref.games.hoyle import betting
from bragref.games.hoyle.actions import Call, Raise, Stand
from bragref.games.hoyle.until import after_time
from bragref.engine.rules import TIES

HOYLE_OPTIONS = (
    Option("min_bet", "money", "Smallest dealer's stake [the ante, at least one unit]", "R11.1"),
    Option("max_bet", "money", "Largest dealer's stake", "R11.1"),
    Option("min_raise", "money", "Least a raise adds above the call [one unit]", "R11.2"),
    Option("raise_limit", "money", "Most a raise adds above the call", "R11.2"),
    Option("max_stake", "money", "The most one player may put in one hand", "R11.2"),
    Option("ties", "choice", "Equal best hands split the pot, or it goes to the eldest", "R11.4", TIES),
    Option("until", "text", "HH:MM, local time: after it, deal round until everyone has dealt equally, then stop",
           "R11.7"),
)


class Hoyle(Game):
    """>>> from bragref.games import find_game
    >>> find_game("classical brag").name
    'hoyle'
    """

    name = "hoyle"
    aliases = ("classical brag", "Hoyle's brag")
    title = "Hoyle's classical brag"
    rule = "R11"
    ranking = "brag"
    options = (*HOYLE_OPTIONS, *RANKING_OPTIONS)
    actions = (act.Bet, Call, Raise, Stand, act.Fold, act.Show, act.Concede, act.Award)
    presets = {"hoyle": {"ante": 0}}  # no ante by default (R11.1)
    reminder = "Cut the pack before the deal (R11.7)."
    takes_carried = False  # no blind play, so it never carries a pot (R11.2)
    end_rules = {**Game.end_rules, "showdown": "R11.4"}
    short = "the short player calls all in"

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return betting.deal(rules, seats, dealer, purses)

    def legal(self, hand):
        return betting.legal(hand)

    def apply(self, hand, action):
        return betting.apply(hand, action)

    def before_deal(self, rules, began, now, dealt, seats):
        return after_time(rules.until, began, now, dealt, seats)

    def table_keys(self, hand):
        acting = hand.acting
        return {"totals": {p.name: p.paid for p in hand.players},
                "to_call": hand.stake - acting.paid if acting is not None else None}

    def outcome(self, hand):
        rows = [(p.name, "stake", -p.paid) for p in hand.players if p.paid]
        return rows + [(name, "win", amount) for name, amount in hand.result.winnings]
