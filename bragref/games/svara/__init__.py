"""Svara (R16, seed 002): the Russian vying game scored in points on a 36-card pack. Dark play at half price until
someone plays light, support or raise without equalising, the open once everyone has had a turn, and the svara:
equal top scores leave the pot for a free re-deal of the tied players, the others boiling in if they will."""

from __future__ import annotations

from bragref.games import verbs as act
from bragref.games.base import Carried
from bragref.games.protocol import Game, OwnPack, Redeals, ScoresHands
from bragref.games.brag import Brag
from bragref.games.svara import play
from bragref.games.svara.actions import Bet, Look, Open, Pass
from bragref.games.svara.options import JOKERS, SVARA_OPTIONS
from bragref.games.verbs import Award, Concede, Param, Show

BOIL = Param("boil", "players", "At a svara deal: who boils in, paying the buy-in, names joined by commas (svara, "
                                "R16.7)", option="--boil", required=False,
             rule="R16.7")
SVARA_POT = Carried("svara pot", "left in the middle at a svara", "R16.7", "whoever wins the svara deal",
                    only="svara")


class Svara(Game):
    """>>> from bragref.games import find_game
    >>> find_game("Svara").pack
    36
    """

    name = "svara"
    aliases = ("swara", "svarka")
    title = "Svara"
    rule = "R16"
    claims = (Redeals, OwnPack, ScoresHands)
    pack = 36
    players = play.PLAYERS
    ranking = "svara"
    options = SVARA_OPTIONS
    actions = (Bet, Look, Pass, Open, act.Show, act.Concede, act.Award)
    presets = {"svara": {}}
    reminder = "Shuffle the pack: svara's is shuffled before every deal (R16.1)."
    shuffles = True
    end_rules = {**Game.end_rules, "folds": "R16.6", "showdown": "R16.5", "cards": "R16.2", "alone": "R16.7"}
    won_ways = {**Game.won_ways, "folds": ("all others passed (R16.6)", ""),
                "showdown": ("the shows after an open (R16.5)", "at the shows"),
                "alone": ("alone at the svara deal (R16.7)", "alone at the svara deal")}
    terms = {"fold": "pass", "folded": "passed", "see": "open", "blind": "dark", "prial": "three of a kind"}
    aliases_of_verbs = {"fold": "pass", "see": "open"}
    short = "the short player passes or borrows: svara has no covers"
    deal_params = (BOIL,)
    dealt_keys = ("svara",)

    def check_rules(self, rules):
        from bragref.games.svara.points import jokers_of

        jokers_of(JOKERS.of(rules))  # cards of the 36-card pack, or none (R16.2)

    def deal(self, rules, seats, dealer, carried_in=0, retained_by=None, purses=None, dealt=None):
        return play.deal(rules, seats, dealer, carried_in, purses, dealt)

    def deal_follows(self, rules, seats, previous, restart, called=str, played=lambda: 0):
        tied = getattr(previous, "svara", ())
        return {"svara": ",".join(called(name) for name in tied)} if tied else {}

    def ante_of(self, hand):
        return 0 if hand.svara_deal else hand.rules.ante  # nobody antes at a svara deal (R16.7)

    def dealt_record(self, hand):
        record = {"svara": ",".join(hand.tied)} if hand.tied else {}
        if hand.boiled:
            record["boil"] = ",".join(hand.boiled)
        return record

    def dealt_words(self, hand):
        if not hand.svara_deal:
            return "Dark play is open: bet dark at half price, or look (R16.3)." if hand.dark else ""
        money = hand.rules.money
        free = [p.name for p in hand.players if p.name in hand.tied]
        each = " each" if len(hand.boiled) > 1 else ""
        boiled = f"; {' and '.join(hand.boiled)} boiled in for {money(hand.buy_in)}{each}" if hand.boiled else ""
        return (f"The svara deal (R16.7): {' and '.join(free) or 'none of the tied players'} dealt in "
                f"free{boiled}.")

    def deal_note(self, hand):
        if not hand.svara_deal:
            return None
        free = [p.name for p in hand.players if p.name in hand.tied]
        each = " each" if len(hand.boiled) > 1 else ""
        boiled = f"{' and '.join(hand.boiled)} boiled in for {hand.rules.money(hand.buy_in)}{each}" if hand.boiled \
            else "nobody boiled in"
        return f"{' and '.join(free) or 'none of the tied players'} in free; {boiled} (R16.7)"

    def legal(self, hand):
        return play.legal(hand)

    def apply(self, hand, action):
        return play.apply(hand, action)

    def carried(self, rules):
        return SVARA_POT

    def takes(self, carried):
        return carried.only == self.name  # the svara's own pot, into the svara deal (R16.7, R6.2)

    def not_dealt(self, rules):
        return "not dealt into this svara deal: only the tied players and those who boil in are", "R16.7"

    def in_pack(self, rules, card):
        return 0 <= card < 52 and card >> 2 >= 4  # 36 cards, 6 to A: a card's rank is its number over 4 (R16.1)

    def deal_may(self, rules, previous):
        return (BOIL,) if getattr(previous, "svara", ()) else ()  # the svara deal: who boils in (R16.7)

    def ranking_for(self, rules, turned=None):
        from bragref.games.svara.points import svara_ranking  # only commands that rank cards load it

        return svara_ranking(JOKERS.of(rules))

    def hand_ranking(self, hand):
        return self.ranking_for(hand.rules)

    def counted(self, rules, turned=None):
        jokers = JOKERS.of(rules)
        wild = "no jokers" if jokers.lower() == "none" else f"jokers {jokers} counting 11 and joining any suit"
        return f"three cards from svara's pack of 36, 6 to A, {wild} (R16.2)"

    def hand_facts(self, rules, cards):
        from bragref.games.svara.points import points_number

        return {"points": points_number(self.ranking_for(rules).judge(cards).key)}

    def class_facts(self, rules, name):
        return {"points": float(name) if "." in name else int(name)}

    table_money_keys = ("svara",)  # its buy-in

    def table_keys(self, hand):
        svara = None
        if hand.svara:
            svara = {"players": list(hand.svara), "buy_in": play.buy_in(hand.rules, hand.result.carried,
                                                                         len(hand.svara)), "boiled": []}
        elif hand.svara_deal:
            svara = {"players": list(hand.tied), "buy_in": hand.buy_in, "boiled": list(hand.boiled)}
        return {"dark": hand.dark and hand.phase == "betting", "svara": svara}

    def key_words(self, hand, key, value):
        """Dark play while it is open, and a svara, as the referee says them: `Dark play: open (R16.3)`; `Svara
        between Bob and Dan: boil in £0.70; Cat boiled in (R16.7)`, in the deal's own words (`deal --boil`)."""
        if key == "dark":
            return [("Dark play", "open (R16.3)")] if value else []
        if key != "svara" or value is None:
            return None if key != "svara" else []
        between = _listed(value["players"])
        boiled = f"; {_listed(value['boiled'])} boiled in" if value["boiled"] else ""
        return [(f"Svara between {between}", f"boil in {hand.rules.money(value['buy_in'])}{boiled} (R16.7)")]

    def player_keys(self, hand, name):
        from bragref.games.svara.points import points_number

        judged = next((s.judged for s in hand.shown if s.player == name), None)
        return {"points": None if judged is None else points_number(judged.key)}

    def random_action(self, hand, rng):
        """At the shows, cards dealt at random from what is left of the 36-card pack; now and then a concession, or
        an award to one or two players (a svara)."""
        from bragref.games.svara.points import PACK
        if hand.phase != "showdown":
            return None
        now, chance = play.legal(hand), rng.random()
        waiting = now.names("show")
        if chance < 0.1:
            return Award(tuple(rng.sample(now.names("award"), min(rng.choice((1, 2)), len(now.names("award"))))))
        if chance < 0.25 and now.names("concede"):
            return Concede(rng.choice(now.names("concede")))
        gone = set(self.cards_seen(hand))
        return Show(rng.choice(waiting), tuple(rng.sample([c for c in PACK if c not in gone], 3)))

    def over_words(self, hand):
        money, result = hand.rules.money, hand.result
        if result.how == "svara":
            tied = " and ".join(hand.svara)
            from bragref.games.svara.points import points_text

            score = next((s.judged.key for s in hand.shown if s.player == hand.svara[0]), 0)
            how = "were awarded a svara by the table" if result.decided_by == "award" else \
                f"tied on {points_text(score)} points"
            cost = money(play.buy_in(hand.rules, result.carried, len(hand.svara)))
            return (f"a svara: {tied} {how}, so nobody takes the pot; its {money(result.carried)} is carried whole "
                    f"to the svara deal, where they are dealt in free and anyone else may boil in for {cost} (R16.7).")
        if result.how == "folds" and not hand.pot:  # no ante, and everyone passed before a bet
            return "everyone passed before anyone put money in: the pot is empty, nobody's win (R16.6)."
        return None

    def news(self, hand):
        name = play.alone(hand)  # only where the deal's own decision was undone: it is theirs all the same
        return f"{name} alone is dealt into the svara deal, and the pot is theirs: shown, or awarded (R16.7)." \
            if name else ""

    def decided_at_deal(self, hand):
        name = play.alone(hand)
        return None if name is None else act.Award((name,))  # the pot is theirs: no turn, no show (R16.7)

    def pot_reason(self, pot, hand):
        if pot.how == "alone":
            return ("alone at the svara deal: no other tied player seated and nobody boiling in, the deal itself "
                    "decided it (R16.7)")
        return super().pot_reason(pot, hand)

    def entry_line(self, entry, note, money):
        """An award of two or more is a svara among them (R16.5, R16.7), and its pot is carried whole to the svara
        deal: `the table awards a svara between Bob and Dan (R16.7)`, `£1.40 carried whole to the svara deal`."""
        names = (entry["detail"] or "").split(",")
        if entry["action"] == "award" and len(names) > 1:
            return f"the table awards a svara between {_listed(names)} (R16.7)"
        if entry["action"] == "carried" and note == f"a svara: {CARRIED_WHOLE}" and entry["amount"] is not None:
            return f"{money(entry['amount'])} {CARRIED_WHOLE}"
        return None

    def carried_note(self, result):
        return f"a svara: {CARRIED_WHOLE}" if result.how == "svara" else None

    outcome = Brag.outcome  # stakes, winnings, and the svara's pot carried in and out, as brag's pot (R1.2, R6.2)


CARRIED_WHOLE = "carried whole to the svara deal (R16.7)"  # a svara's pot (`Svara.carried_note`)


def _listed(names: list[str]) -> str:
    """`Ann, Bob and Cat`: names as a sentence lists them."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
