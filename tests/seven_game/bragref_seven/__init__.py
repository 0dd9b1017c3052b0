"""Seven-card brag, the game without betting that David Parlett describes (The Penguin Book of Card Games): each
player is dealt seven cards, makes two three-card brag hands of them, a front and a back, and discards the odd card;
fronts are compared with fronts and backs with backs, and a player who wins both scoops the pot, else it is carried
to the next deal.

The worked example of docs/adding-a-game.md, written from it and bragref's game protocol alone: a `PlainGame` (the
neutral base of a game without betting), one move of its own (`lay`), a hand of its own that remembers the hands
laid, and its own words for how a hand ends. Its rules are numbered R101 (a game installed beside bragref numbers its
rules from R100):

- R101.1 Every player antes (R2.3) and is dealt seven cards. There is no betting.
- R101.2 In turn from the dealer's left (R2.4), each player lays two hands of three of their cards, a front and a
  back, and discards the seventh unseen.
- R101.3 The front is the higher of the two, by brag's order of hands (R8): a back above its front is refused.
- R101.4 Once everyone has laid, fronts are compared with fronts and backs with backs. A player whose front and back
  are each better than everyone else's scoops the pot; otherwise (a tie for the best of either counts as no win)
  nobody takes it, and it is carried to the next deal of seven-card brag.
"""

from __future__ import annotations

from typing import ClassVar

from bragref.engine.cards import NATURALS, hand_text
from bragref.engine.errors import BadInput, Refused
from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal, Offer, PotResult, Result, check_turn, offers
from bragref.games import game_of, verbs
from bragref.games.base import RANKING_OPTIONS, Carried
from bragref.games.protocol import PlainGame
from bragref.structs import Struct, replace

SCOOP = "R101.4"
CARRIED = Carried("carried pot", "left in the middle when nobody won both hands", SCOOP,
                  "whoever scoops a later deal", only="seven-card-brag")


class Laid(Struct, frozen=True):
    """One player's two hands, as laid (R101.2)."""

    player: str
    front: tuple[int, ...]
    back: tuple[int, ...]


class SevenHand(Hand, frozen=True):
    """A hand of seven-card brag: a hand of the protocol's, and the hands laid so far, in the order laid."""

    laid: tuple[Laid, ...] = ()


class Lay(verbs.Verb, frozen=True):
    """At one's turn, lay a front and a back of three cards each (R101.2)."""

    player: str
    front: tuple[int, ...]
    back: tuple[int, ...]
    verb = "lay"
    params = (verbs.Param("front", "cards", "The front hand: three cards, the higher of the two", held=True, one=False),
              verbs.Param("back", "cards", "The back hand: three cards", keywords=("back",), option="--back",
                          held=True, one=False))
    summary = "A player lays their two hands, front and back."
    help = ("PLAYER lays FRONT, three cards, and the back, three more (--back, the cards together: Ah,Kh,Qh), at their "
            "turn; the front is the higher of the two (R101.2, R101.3).")
    examples = ("bill 7h 7d 7c --back Ah,Kh,Qh",)
    pick_weight = 1.0

    def told(self, before: Hand, after: Hand | None, called) -> str:
        return f"{called(self.player)} laid {hand_text(self.front)} in front and {hand_text(self.back)} behind."

    @classmethod
    def offered_moves(cls, hand: Hand, player: str | None, offer: Offer) -> list:
        """The first six cards of the pack nobody has laid, the better three in front."""
        return [cls.laid_from(hand, player, unseen(hand)[:6])]

    @classmethod
    def offered_pick(cls, hand: Hand, player: str | None, offer: Offer, rng) -> Lay:
        """Six cards nobody has laid, at random, the better three in front."""
        return cls.laid_from(hand, player, rng.sample(unseen(hand), 6))

    @classmethod
    def laid_from(cls, hand: Hand, player: str | None, six: list[int]) -> Lay:
        ranking = game_of(hand.rules).hand_ranking(hand)
        one, other = tuple(six[:3]), tuple(six[3:])
        if ranking.judge(one).key < ranking.judge(other).key:
            one, other = other, one
        return cls(player or "", one, other)


def unseen(hand: Hand) -> list[int]:
    """The cards of the pack no hand laid in this deal holds."""
    laid = {card for hand_laid in getattr(hand, "laid", ()) for card in (*hand_laid.front, *hand_laid.back)}
    return [card for card in range(NATURALS) if card not in laid]


class SevenCardBrag(PlainGame):
    """Seven-card brag (R101): no betting, two hands each, a scoop or a carried pot."""

    name = "seven-card-brag"
    aliases = ("seven-card brag", "seven card brag", "7-card brag")
    title = "Seven-card brag"
    rule = "R101"
    protocol = (1, 2)  # the game protocol it is written for: `PlainGame` came with 1.2
    players = (2, 7)  # seven cards each from one pack
    options = tuple(option for option in RANKING_OPTIONS if option.name in ("threes_high", "a23"))  # brag's order
    presets: ClassVar[dict[str, dict[str, object]]] = {"parlett": {}}
    actions = (Lay,)
    end_rules: ClassVar[dict[str, str]] = {**PlainGame.end_rules, "scoop": SCOOP}
    won_ways: ClassVar[dict[str, tuple[str, str]]] = {**PlainGame.won_ways,
                                                      "scoop": ("won front and back", "by a scoop")}

    def deal(self, rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
             purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
        if len(seats) > 7:
            raise Refused(f"seven cards each for {len(seats)} players is more than a pack: seven play at most",
                          "R101.1")
        hand = super().deal(rules, seats, dealer, carried_in, retained_by, purses, dealt)
        return SevenHand(**{field: getattr(hand, field) for field in hand.__struct_fields__})

    def legal(self, hand: Hand) -> Legal:
        if hand.phase == "over" or hand.to_act is None:
            return Legal()
        return Legal(hand.players[hand.to_act].name, offers(Offer("lay")))

    def apply(self, hand: Hand, action) -> Hand:
        if not isinstance(action, Lay):
            raise Refused(f"{action.verb} is not a move of seven-card brag: players lay their hands", "R101.2")
        index = check_turn(hand, action.player, "R101.2", "lay")
        if len(action.front) != 3 or len(action.back) != 3:
            raise BadInput(f"{action.player} lays two hands of three cards, a front and a back, not "
                           f"{len(action.front)} and {len(action.back)} (R101.2)")
        ranking = self.hand_ranking(hand)
        front, back = ranking.judge(action.front), ranking.judge(action.back)
        if back.key > front.key:
            raise Refused(f"the front is the higher hand: {hand_text(action.back)} ({ranking.describe(back)}) behind "
                          f"beats {hand_text(action.front)} ({ranking.describe(front)}) in front", "R101.3")
        laid = replace(hand, laid=(*hand.laid, Laid(action.player, action.front, action.back)))
        if index + 1 < len(hand.players):
            return replace(laid, to_act=index + 1)
        return self.decided(laid)

    def decided(self, hand: SevenHand) -> Hand:
        """Everyone has laid: fronts against fronts, backs against backs (R101.4)."""
        best = {self.best(hand, "front"), self.best(hand, "back")}
        if len(best) == 1 and None not in best:
            (winner,) = best
            won = ((winner, hand.pot),)
            pot = PotResult(hand.pot, None, "scoop", "cards", won, tuple(p.name for p in hand.players))
            result = Result("scoop", won, decided_by="cards", pots=(pot,))
        else:
            result = Result("no-scoop", carried=hand.pot)
        return replace(hand, phase="over", to_act=None, result=result)

    def best(self, hand: SevenHand, which: str) -> str | None:
        """The one player whose front (or back) beats every other, or None where the best is tied."""
        ranking = self.hand_ranking(hand)
        keys = {laid.player: ranking.judge(getattr(laid, which)).key for laid in hand.laid}
        top = max(keys.values())
        winners = [name for name, key in keys.items() if key == top]
        return winners[0] if len(winners) == 1 else None

    def cards_seen(self, hand: Hand, player: str | None = None) -> dict[int, str]:
        """A card laid is seen (R8.9): nobody else names it."""
        laid = {card: f"laid by {each.player}" for each in getattr(hand, "laid", ())
                for card in (*each.front, *each.back)}
        return {**laid, **super().cards_seen(hand, player)}

    def carried(self, rules: Rules) -> Carried:
        return CARRIED

    def over_words(self, hand: Hand) -> str | None:
        """How the hand ended: a scoop, or the pot carried, with each best hand (R101.4)."""
        if hand.result is None:
            return None
        money, ranking = hand.rules.money, self.hand_ranking(hand)

        def best(which: str) -> str:
            name = self.best(hand, which)
            if name is None:
                return f"the best {which} was tied"
            cards = next(getattr(laid, which) for laid in hand.laid if laid.player == name)
            return f"{name}'s {which} won ({hand_text(cards)}, {ranking.describe(ranking.judge(cards))})"

        if hand.result.how == "scoop":
            (winner, amount), = hand.result.winnings
            laid = next(each for each in hand.laid if each.player == winner)
            hands = "; ".join(f"{hand_text(cards)}, {ranking.describe(ranking.judge(cards))}"
                              for cards in (laid.front, laid.back))
            return f"{winner} won front and back ({hands}) and scoops the pot of {money(amount)} ({SCOOP})."
        return (f"{best('front')} and {best('back')}: nobody won both, and the pot of {money(hand.result.carried)} is "
                f"carried to the next deal ({SCOOP}).")

    def pot_reason(self, pot, hand: Hand) -> str:
        return f"{pot.winnings[0][0]} won front and back ({SCOOP})"

    def carried_note(self, result, rules: Rules | None = None) -> str | None:
        return f"carried forward: nobody won both hands ({SCOOP})" if result.how == "no-scoop" else None
