"""Teen Patti (R13, seeds 000 and 002): Brag's Indian cousin. The boot, blind and seen chaals bounded in seen terms,
the show and the side show, no retained hands, a pot cap, its own ranking and its variants (muflis, AK47, joker)."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.engine.errors import BadInput
from bragref.games.protocol import Game, TurnsUpWild
from bragref.games.verbs import Param
from bragref.games.teenpatti import betting
from bragref.games.teenpatti.options import CHAAL_LIMIT, TEEN_PATTI_OPTIONS, VARIANT
from bragref.games.teenpatti.actions import (Accept, Chaal, Look, Pack, Refuse, ShowFor, SideConceded, SideShown,
                                             Sideshow, packed)

JOKER = Param("joker", "cards", "The card turned up after the deal: the other cards of its rank are wild (variant "
                              "joker, R13.7)", option="--joker", required=False,
               rule="R13.7", ranks=True)

def turned_card(rules, text: str | None) -> int | None:
    """The card turned up, which the joker variant needs and no other has (R13.7)."""
    if VARIANT.of(rules) != "joker":
        if text is not None:
            raise BadInput(f"a card is turned up only under the joker variant, and this hand's is "
                           f"{VARIANT.of(rules)} (R13.7)")
        return None
    if text is None:
        raise BadInput("under the joker variant the deal names the card turned up: deal --joker CARD (R13.7)")
    from bragref.engine.cards import parse_card

    return parse_card(text)


class TeenPatti(Game):
    """>>> from bragref.games import find_game
    >>> find_game("teen patti").terms["bet"]
    'chaal'
    """

    name = "teen-patti"
    aliases = ("teen patti", "teenpatti", "flush", "three cards")
    title = "Teen Patti"
    rule = "R13"
    claims = (TurnsUpWild,)
    ranking = "teen-patti"
    takes_carried = False  # the last player in takes the pot, blind or seen (R13.5): it never carries one
    options = TEEN_PATTI_OPTIONS
    actions = (Chaal, Pack, Look, ShowFor, Sideshow, Accept, Refuse, SideShown, SideConceded, act.Award)
    presets = {"teen-patti": {"a23": "second"}}
    end_rules = {**Game.end_rules, "folds": "R13.5", "show": "R13.3", "showdown": "R13.5", "cards": "R13.6"}
    won_ways = {**Game.won_ways, "show": ("{challenger} asked {holders} for a show", "at the show")}
    terms = {"bet": "chaal", "fold": "pack", "see": "show", "open": "seen", "folded": "packed", "ante": "boot",
             "antes": "boot", "prial": "trail"}
    aliases_of_verbs = {"chaal": "bet", "pack": "fold", "show-for": "see"}
    short = "the short player packs: Teen Patti has no covers"

    deal_params = (JOKER,)

    def check_rules(self, rules):
        limit = CHAAL_LIMIT.of(rules)
        if limit is not None and limit < 2 * rules.ante:
            raise BadInput(f"chaal-limit {rules.money(limit)} is below the first stake, twice the boot (R13.2)")

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return betting.deal(rules, seats, dealer, purses, turned_card(rules, (dealt or {}).get("joker")))

    def deal_wants(self, rules):
        return (JOKER,) if VARIANT.of(rules) == "joker" else ()

    def dealt_record(self, hand):
        from bragref.engine.cards import card_text

        return {} if hand.turned is None else {"joker": card_text(hand.turned)}

    def dealt_words(self, hand):
        turned = self.dealt_record(hand).get("joker")
        return f"{turned} was turned up: the other cards of its rank are wild (R13.7)." if turned else ""

    def legal(self, hand):
        return betting.legal(hand)

    def apply(self, hand, action):
        return betting.apply(hand, action)

    def ranking_for(self, rules, turned=None):
        from bragref.games.teenpatti.ranking import teen_patti_ranking  # only commands that rank cards load it

        return teen_patti_ranking(rules.a23, VARIANT.of(rules), turned)

    def class_counts(self, rules, turned=None):
        if VARIANT.of(rules) == "joker" and turned is None:  # before the card is turned: over every card it may be
            from bragref.games.teenpatti.ranking import counts_over_turns

            return counts_over_turns()
        return super().class_counts(rules, turned)

    def counted(self, rules, turned=None):
        if VARIANT.of(rules) == "joker":
            from bragref.engine.cards import card_text

            if turned is None:
                return "every card that may be turned up, then three cards from the 51 left (R13.7)"
            return f"three cards from the 51 left when {card_text(turned)} is turned up (R13.7)"
        return super().counted(rules, turned)

    def hand_ranking(self, hand):
        return betting.ranking(hand)

    def cards_seen(self, hand, player=None):
        exposed = {card: f"shown by {name} at a side show" for name, card in hand.exposed if name != player}
        return {**exposed, **super().cards_seen(hand, player)}

    def cards_up(self, hand):
        return {} if hand.turned is None else {hand.turned: "is the card turned up, in nobody's hand (R13.7)"}

    def entry_line(self, entry, note, money):
        """A show asked for and the cards shown are two things (R13.3), a side show asked of someone (R13.4):
        `Dan asks Cat for a show, £2`, `Cat shows Kd Kc 8s`, `Bob accepts Cat's side show`."""
        player, action, detail = entry["player"], entry["action"], entry["detail"]
        if action in ("see", "sideshow") and detail:
            return f"{player} {detail}" + (f", {money(entry['amount'])}" if entry["amount"] is not None else "")
        if action in ("accept", "refuse") and detail:
            return f"{player} {action}s {detail}"
        if action == "show" and player:
            return f"{player} shows {note}" if note else f"{player} shows their cards"
        return None

    def news(self, hand):
        side = hand.sideshow
        return "" if side is None or side.loser is None else packed(side) + "."

    def table_keys(self, hand):
        side = hand.sideshow
        return {"sideshow": None if side is None else {"asker": side.asker, "asked": side.asked,
                                                       "accepted": side.accepted, "packed": side.loser}}

    def key_words(self, hand, key, value):
        """The side show as the referee says it, at each step: `Ann asked Dan; Dan to accept or refuse`, then
        `accepted`, then who packed (R13.4)."""
        if key != "sideshow" or value is None:
            return None
        steps = [f"{value['asker']} asked {value['asked']}"]
        steps.append("accepted" if value["accepted"] else f"{value['asked']} to accept or refuse")
        if value["packed"] is not None:
            steps.append(f"{value['packed']} packed")
        return [("Side show", "; ".join(steps) + " (R13.4)")]

    def outcome(self, hand):
        rows = [(p.name, "stake", -p.paid) for p in hand.players if p.paid]
        return rows + [(name, "win", amount) for name, amount in hand.result.winnings]
