"""Three Card Brag (R3–R9), the pagat.com game: blind and open play, no equalising, seeing, covering, retained
blind hands, four- and five-card brag and wild cards."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.engine import state
from bragref.games.base import BRAG_BETTING_OPTIONS, RANKING_OPTIONS
from bragref.games.protocol import Game, postings
from bragref.games.brag.actions import Cover, Look, See, Showdown
from bragref.games.brag.betting import _MOVES, BragBetting

_BETTING = BragBetting()


class Brag(Game):
    """>>> from bragref.games.brag import Brag
    >>> [a.verb for a in Brag.actions]
    ['fold', 'look', 'bet', 'see', 'cover', 'showdown', 'show', 'concede', 'award']
    """

    name = "brag"
    aliases = ("Three Card Brag", "pagat", "three-card-brag")
    title = "Three Card Brag"
    rule = "R3–R9"
    ranking = "brag"
    options = (*BRAG_BETTING_OPTIONS, *RANKING_OPTIONS)
    actions = (act.Fold, Look, act.Bet, See, Cover, Showdown, act.Show, act.Concede, act.Award)
    presets = {"pagat": {}, "bastard": {"blind": False}}  # R10.2: pagat's defaults; Bastard Brag's betting, no blind

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return state.deal(rules, seats, dealer, carried_in, retained_by, purses)

    def legal(self, hand):
        return _BETTING.legal(hand)

    def apply(self, hand, action):
        move = _MOVES.get(type(action))  # `BragBetting.apply`'s first step, taken here: a call fewer a move
        return move(_BETTING, hand, action) if move is not None else _BETTING.apply(hand, action)

    def outcome(self, hand):
        return postings(hand)
