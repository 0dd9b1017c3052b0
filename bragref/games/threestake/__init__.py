"""Three-stake brag (R15, seed 002's "Three-part Brag", Hoyle's "three-stake brag"): three contests on one deal,
each for a pot of its own — the best face-up card, a brag bet as Hoyle's equalising game, and thirty-one with draws."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.games.base import Carried
from bragref.games.protocol import DealtFaceUp, Game
from bragref.games.brag import Brag
from bragref.games.hoyle.actions import Raise
from bragref.games.threestake import play
from bragref.games.threestake.actions import Call, Draw, Stand, Stick
from bragref.games.threestake.options import ACE_POINTS, THREE_STAKE_OPTIONS
from bragref.games.threestake.thirtyone import points, points_of
from bragref.games.verbs import Concede, Param, Show

UP = Param("up", "cards", "Every player's face-up card, one each in turn from the eldest (three-stake, R15.1)",
           option="--up", required=False, rule="R15.1", each=True)
THIRTY_ONE = Carried("thirty-one", "in a thirty-one every player went bust in or conceded", "R15.5",
                     "whoever wins the next deal's thirty-one", only="three-stake")
POT_NAMES = {"card": "the card (pot 1)", "brag": "the brag (pot 2)", "folds": "the brag (pot 2)",
             "thirty-one": "the thirty-one (pot 3)"}
POT_TITLES = {"card": "the best card", "brag": "the brag", "thirty-one": "the thirty-one"}  # what each pot is for


class ThreeStake(Game):
    """>>> from bragref.games import find_game
    >>> find_game("three-part brag").name
    'three-stake'
    """

    name = "three-stake"
    aliases = ("three-stake brag", "three-part brag", "three stake")
    title = "Three-stake brag"
    rule = "R15"
    claims = (DealtFaceUp,)
    ranking = "brag"
    players = play.PLAYERS
    options = THREE_STAKE_OPTIONS
    actions = (Call, Raise, Stand, act.Fold, act.Show, act.Concede, Draw, Stick)
    presets = {"three-stake": {"ties": "eldest"}}  # R15.6: Hoyle's "eldest hand"
    deal_params = (UP,)
    terms = {"antes": "antes, one into each pot,", "folded": "out of the brag"}  # a fold gives up pot 2 alone (R15.3)
    move_help = {"show": "PLAYER turns their three cards face up for the thirty-one, their face-up card among them; "
                         "the brag (pot 2) goes to the best three as dealt (R15.4, R15.5).",
                 "concede": "PLAYER gives up the brag (pot 2) and the thirty-one (pot 3), their cards unseen (R15.4)."}
    won_ways = {**Game.won_ways, "card": ("the best face-up card (R15.2)", "with the best face-up card"),
                "folds": ("the brag: all others folded (R15.3)", "in the brag, all others folding"),
                "brag": ("the brag: the best three cards as dealt (R15.5)", "in the brag"),
                "thirty-one": ("the thirty-one: the best total not over 31 (R15.5)", "in the thirty-one")}

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return play.deal(rules, seats, dealer, carried_in, purses, dealt)

    def deal_wants(self, rules):
        return (UP,)

    def cards_seen(self, hand, player=None):
        """The face-up cards (a player's own is still theirs to show, R15.4) and the cards drawn, beside those
        shown (R8.9)."""
        seen = {card: f"face up for {p.name}"
                for p, card in zip(hand.players, hand.up, strict=False) if p.name != player}
        seen.update({card: f"drawn by {name}" for name, cards in hand.drawn for card in cards})
        return {**seen, **super().cards_seen(hand, player)}

    def cards_known(self, hand, player):
        return tuple(card for p, card in zip(hand.players, hand.up, strict=False)
                     if p.name == player)  # their face-up card

    def in_pack(self, rules, card):
        return 0 <= card < 52  # no jokers (R15.1)

    def deal_cost(self, rules):
        return 3 * rules.ante  # an ante into each pot (R15.1)

    def dealt_record(self, hand):
        from bragref.engine.cards import hand_text

        return {"up": hand_text(hand.up)}

    def dealt_words(self, hand):
        winners = " and ".join(play.card_winners(hand))
        return (f"Face up: {play.hand_words(hand)}; the card (pot 1, {hand.rules.money(play.antes(hand))}) goes to "
                f"{winners} (R15.2). The brag (pot 2) is bet from the eldest: a call costs nothing until someone "
                f"raises (R15.3).")

    def legal(self, hand):
        return play.legal(hand)

    def apply(self, hand, action):
        return play.apply(hand, action)

    def takes(self, carried):
        return carried.only == self.name  # its own thirty-one only (R15.5, R6.2)

    def carried(self, rules):
        return THIRTY_ONE

    def hand_facts(self, rules, cards):
        return {"points": points(cards, ACE_POINTS.of(rules))}  # the thirty-one's count (R15.4)

    def random_dealt(self, rules, seats, rng):
        from bragref.engine.cards import hand_text

        return {"up": hand_text(rng.sample(range(52), len(seats)))}

    def random_action(self, hand, rng):
        """The thirty-one's shows and draws name cards: dealt at random from what has not been seen."""
        acting = hand.acting
        if hand.stage != "thirty-one" or acting is None:
            return None
        unseen = [card for card in range(52) if card not in play.seen(hand)]
        name = acting.name
        if not any(s.player == name for s in hand.shown):
            if rng.random() < 0.1:
                return Concede(name)
            return Show(name, (play.up_of(hand, name), *rng.sample(unseen, 2)))
        return Draw(name, (rng.choice(unseen),)) if points_of(hand, name) < rng.randint(14, 30) else Stick(name)

    def now_words(self, hand):
        if hand.stage != "thirty-one":
            return "The brag (pot 2). "
        told = [f"{name} {self._points_words(hand, name)}" for name in hand.done]
        return f"The thirty-one (pot 3){': ' + ', '.join(told) if told else ''}. "

    @staticmethod
    def _points_words(hand, name) -> str:
        if name in hand.conceded:
            return "conceded"
        total = points_of(hand, name)
        return f"{total} bust" if total > 31 else str(total)

    table_money_keys = ("three_pots", "totals", "to_call")
    labels = {"three_pots": "the three pots", "totals": "put in", "to_call": "to call", "up": "face up"}

    def table_keys(self, hand):
        acting = hand.acting
        amounts = play.pot_amounts(hand)
        decided = {"card": play.card_winners(hand), "brag": (), "thirty-one": ()}
        brag = play.brag_decided(hand)
        if brag is not None:
            decided["brag"] = tuple(dict.fromkeys(name for _, winners, _ in brag for name in winners))
        if hand.phase == "over":
            decided["thirty-one"] = play.thirty_one_winners(hand)
        carried = hand.phase == "over" and bool(hand.result.carried)
        return {"stage": None if hand.phase == "over" else hand.stage,
                "three_pots": [{"pot": pot, "amount": amount, "winners": list(decided[pot]),
                                "carried": carried and pot == "thirty-one"}
                               for pot, amount in zip(play.POTS, amounts, strict=False)],
                "totals": {p.name: play.total(hand, p) for p in hand.players},
                "to_call": hand.stake - play.total(hand, acting) if acting is not None and hand.stage == "brag"
                else None}

    def key_words(self, hand, key, value):
        """Each pot on a line of its own, said as a referee says it: what it holds, and whose it is or how it is
        still to be decided (R15.2, R15.5); the stage said by them (the pot being played), not apart; while the brag
        is bet, what each has put in it and what the player to act must to call (R15.3)."""
        money = hand.rules.money
        if key == "three_pots":
            return [(f"Pot for {POT_TITLES[pot['pot']]} ({money(pot['amount'])})", self._pot_state(hand, pot))
                    for pot in value]
        betting = hand.phase != "over" and hand.stage == "brag"  # said only while the brag is bet: then its pot's
        if key == "totals":  # amount says what is in it
            put = [f"{name} {money(amount)}" for name, amount in value.items() if amount]
            return [("Put in the brag", ", ".join(put))] if betting and put else []  # a check costs nothing
        if key == "to_call":
            return [("To call", money(value) if value else "nothing: a check")] if betting and value is not None \
                else []
        return [] if key == "stage" else None  # the stage: said by the pots (the one being played)

    @staticmethod
    def _pot_state(hand, pot) -> str:
        if pot["carried"]:
            return "carried to the next deal: every player went bust or conceded"
        if pot["winners"]:
            return " and ".join(pot["winners"])
        if hand.phase == "over":
            return "nobody's"
        if pot["pot"] == "brag":
            return "being bet for" if hand.stage == "brag" else "at the show, the best three as dealt"
        return "played after the brag" if hand.stage == "brag" else "the best total not over 31"

    def out_of_hand(self, hand, name):
        """Out only with nothing left to win: a player who folds gives up the brag only (R15.3), and is out once
        they have conceded (out of pots 2 and 3, R15.4) or gone bust in the thirty-one as well; never the one whose
        face-up card took pot 1 (R15.2)."""
        if name in play.card_winners(hand):
            return False
        if name in hand.conceded:
            return True
        total = points_of(hand, name)
        return hand.player(name).status == "folded" and total is not None and total > 31

    def player_keys(self, hand, name):
        from bragref.engine.cards import card_text

        if name not in {p.name for p in hand.players}:  # seated since the deal: sitting this hand out
            return {"up": None, "points": None, "bust": False}
        total = points_of(hand, name)
        return {"up": card_text(play.up_of(hand, name)), "points": total, "bust": total is not None and total > 31}

    def over_words(self, hand):
        money = hand.rules.money
        parts = []
        for pot in hand.result.pots:
            names = " and ".join(f"{n} ({money(a)})" if len(pot.winnings) > 1 else n for n, a in pot.winnings)
            parts.append(f"{POT_NAMES[pot.how]}, {money(pot.amount)}, to {names} {self._why(pot, hand)}")
        if hand.result.carried:
            parts.append(f"the thirty-one (pot 3), {money(hand.result.carried)}, is carried to the next deal: every "
                         f"player went bust or conceded (R15.5)")
        shuffle = " The brag was won with a prial: shuffle before the next deal (R9.2)." if hand.result.shuffle else ""
        return ("; ".join(parts) or "no money was in any pot, so nobody won any (R15.7)") + "." + shuffle

    def _why(self, pot, hand) -> str:
        from bragref.engine.cards import card_text

        describe = self.hand_ranking(hand).describe
        judged = {s.player: s.judged for s in hand.shown}
        winner = pot.winnings[0][0]  # every pot kept has money, and so a winner
        if pot.how == "card":
            return f"(the best face-up card, {card_text(play.up_of(hand, winner))}: R15.2)"
        if pot.how == "folds":
            return "(all others folded: R15.3)"
        if pot.how == "brag":
            if pot.decided_by == "concede":
                return "(everyone in it conceded: a tie, R15.6)"
            said = describe(judged[winner])
            return self._tied(pot, said, [p for p in judged if describe(judged[p]) == said]) or f"({said}: R15.5)"
        total = points_of(hand, winner)
        return self._tied(pot, str(total), [s.player for s in hand.shown if points_of(hand, s.player) == total]) \
            or f"({total}: R15.5)"

    @staticmethod
    def _tied(pot, said: str, equal: list[str]) -> str | None:
        """How a pot won on a tie is said (R15.6): split among the equal, or the eldest of them taking it (`ties`);
        None where one hand was best."""
        winners = [name for name, _ in pot.winnings]
        others = [name for name in equal if name not in winners]
        if len(winners) > 1:
            return f"({said} each: a tie, split, R15.6)"
        if others:
            named = f"{', '.join(others[:-1])} and {others[-1]}" if len(others) > 1 else others[0]
            return f"({said}, equal with {named}: the eldest takes it, R15.6)"
        return None

    def pot_note(self, pot):
        return self.won_ways[pot.how][0]

    def carried_note(self, result):
        return "the thirty-one, carried to the next deal (R15.5)" if result.carried else None

    outcome = Brag.outcome  # stakes, winnings, and the thirty-one carried in and out, as brag's pot (R1.2, R6.2)
