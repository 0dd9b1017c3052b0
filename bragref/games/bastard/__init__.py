"""Bastard Brag (R14, seed 001): a centre hand the players exchange cards with, then Brag's betting for money with
blind play off (R14.3), or a showdown where the worst hand loses a life, in a match for lives (R14.4); exactly
two rounds of exchanges, or rounds until someone knocks (R14.5)."""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.games import verbs as act
from bragref.games.base import Carried
from bragref.games.protocol import Game, PlaysMatches
from bragref.games.bastard import exchange, lives
from bragref.games.bastard.actions import Exchange, Knock, Pass
from bragref.games.bastard.options import BASTARD_OPTIONS, ENTRY, EXCHANGES, LIVES, SCORING
from bragref.games.brag import Brag
from bragref.games.brag.actions import Cover, See, Showdown
from bragref.games.verbs import Param

KITTY = Carried("match's kitty", "in the match's kitty", "R14.4", "whoever wins the match")
UP = Param("up", "cards", "The centre's face-up cards as dealt (bastard, R14.1)", option="--up", required=False,
           rule="R14.1")

class Bastard(Game):
    """>>> from bragref.games import find_game
    >>> find_game("Bastard Brag").name
    'bastard'
    """

    name = "bastard"
    aliases = ("Bastard Brag", "bastard brag")
    title = "Bastard Brag"
    rule = "R14"
    claims = (PlaysMatches,)
    ranking = "brag"
    players = exchange.PLAYERS
    options = BASTARD_OPTIONS
    actions = (Exchange, Pass, Knock, act.Bet, act.Fold, See, Cover, Showdown, act.Show, act.Concede, act.Award)
    end_rules = {**Game.end_rules, "lives": "R14.4"}
    won_ways = {**Game.won_ways, "lives": ("the last with lives (R14.4)", "at the showdown for lives")}
    presets = {"money": {"blind": False},  # R14.3: Brag's betting with blind play off; a see costs double
               "lives": {"blind": False, "scoring": "lives", "exchanges": "knock", "ante": 0}}  # R14.4
    deal_params = (UP,)
    dealt_keys = ("match", "lives", "entry")  # a match's, following from the hands before (R14.4)

    def deal_cost(self, rules):
        return rules.ante + ENTRY.of(rules)  # a match's entry into the kitty at its first deal (R14.4)

    def not_dealt(self, rules):
        if SCORING.of(rules) == "lives":
            return "out of the match, and dealt no cards", "R14.4"
        return super().not_dealt(rules)

    def check_rules(self, rules):
        if SCORING.of(rules) == "lives" and rules.ante:
            raise BadInput("the game for lives has no ante: its money is the entry into the match's kitty (R14.4); "
                           "set the ante to 0")

    def preset_for(self, given):
        return "lives" if given.get("scoring") == "lives" else "money"

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return exchange.deal(rules, seats, dealer, purses, carried_in, dealt)

    def deal_follows(self, rules, seats, previous, restart, called=str, played=lambda: 0):
        return lives.follows(rules, seats, previous, restart(), called, played) if SCORING.of(rules) == "lives" else {}

    def actions_under(self, rules):
        if SCORING.of(rules) == "lives":  # no betting; everyone shows, no concession or award (R14.4)
            return (Exchange, Pass, Knock, act.Show)
        return self.actions

    def plays_matches(self, rules):
        return SCORING.of(rules) == "lives"

    def carried(self, rules):
        return KITTY if self.plays_matches(rules) else super().carried(rules)

    def match_of(self, hand, rules, seats, called, played=lambda: 0):
        if not self.plays_matches(rules):
            return None
        if getattr(hand, "match", 0) and not called:
            return lives.match_json(hand)
        players = [{"name": name, "lives": LIVES.of(rules), "out": False} for name in seats]
        return {"match": played() + 1, "entry": ENTRY.of(rules), "kitty": 0, "winner": None, "started": False,
                "players": players}

    def dealt_record(self, hand):
        from bragref.engine.cards import hand_text

        record = {"up": hand_text(hand.centre)} if hand.centre else {}
        if hand.match:
            record["match"], record["lives"] = str(hand.match), " ".join(str(n) for _, n in hand.lives)
            if hand.entry is not None:
                record["entry"] = str(hand.entry)
        return record

    def dealt_words(self, hand):
        up = self.dealt_record(hand).get("up")
        words = [f"Face up in the centre: {up} (R14.1)."] if up else []
        if hand.match:
            out = [name for name, count in hand.lives if count == 0]
            entry = f", each paying the entry of {hand.rules.money(hand.entry)} into the kitty" if hand.entry else ""
            words.append(f"Match {hand.match}{entry}: {', '.join(f'{n} {c}' for n, c in hand.lives if c)} "
                         f"lives{'; out: ' + ', '.join(out) if out else ''} (R14.4).")
        return " ".join(words)

    def legal(self, hand):
        if hand.exchanging:
            return exchange.legal(hand)
        return lives.legal(hand) if hand.match else _BRAG.legal(hand)

    def apply(self, hand, action):
        if hand.exchanging:
            return exchange.apply(hand, action)
        if hand.match:
            return lives.apply(hand, action, self.hand_ranking(hand).judge)
        if isinstance(action, (Exchange, Pass, Knock)):
            raise Refused("the exchanges are over: bet, see or fold", "R14.2")
        return _BRAG.apply(hand, action)

    def showdown_rule(self, hand):
        return self.end_rules["lives"] if hand.match else super().showdown_rule(hand)

    def over_words(self, hand):
        if not hand.match:
            return None
        shown = {s.player: s.judged for s in hand.shown}
        describe = self.hand_ranking(hand).describe
        left = ", ".join(f"{name} {count}" for name, count in hand.lives if count)
        text = f"{hand.lost} has the worst hand ({describe(shown[hand.lost])}) and loses a life (R14.4)"
        kitty = hand.rules.money(hand.pot)
        if hand.winner is not None:
            won = f" and the kitty of {kitty}" if hand.pot else ""
            return text + f": {hand.winner} is the last with lives and wins match {hand.match}{won} (R14.4)."
        carried = f" The kitty, {kitty}, is carried (R14.4)." if hand.pot else ""
        return text + f"; lives left: {left}.{carried}"

    def result_notes(self, hand):
        return [(hand.lost, "life", "lost a life: the worst hand (R14.4)")] if hand.match else []

    def pot_note(self, pot):
        if pot.how == "lives":  # a match is decided by the cards alone (R14.4)
            return self.won_ways["lives"][0]
        return super().pot_note(pot)

    def carried_note(self, result):
        return "the match's kitty, carried (R14.4)" if result.how == "lives" else super().carried_note(result)

    def player_keys(self, hand, name):
        return {"lives": dict(hand.lives).get(name)} if hand.match else {}

    def table_keys(self, hand):
        from bragref.engine.cards import card_text

        return {"round": hand.round if hand.exchanging else None, "centre_up": [card_text(c) for c in hand.centre],
                "knocked_by": hand.knocked_by}

    def now_words(self, hand):
        if not hand.exchanging:
            return ""
        from bragref.engine.cards import hand_text

        when = (f"The last turns after {hand.knocked_by}'s knock" if hand.knocked_by else
                f"Exchange round {hand.round}{' of 2' if EXCHANGES.of(hand.rules) == 'two' else ''}")
        centre = f"; face up in the centre: {hand_text(hand.centre)}" if hand.centre else ""
        return f"{when}{centre} ({'R14.4' if hand.knocked_by else 'R14.2'}). "

    def cards_up(self, hand):
        return dict.fromkeys(hand.centre, "is face up in the centre (R14.1, R14.2)")

    def outcome(self, hand):
        return _BRAG.outcome(hand)


_BRAG = Brag()
