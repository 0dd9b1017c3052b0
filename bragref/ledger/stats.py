"""Play read from the chain (`bragref stats`, docs/season.md): per player and game, what they did with the hands they
were dealt, and the hand types shown against their odds; per dealer, the hand types shown in the hands they dealt
against what a fair deal makes, with the chance of at least that many. Read from the rows alone: every hand of the
sessions in range replayed as every reader replays it (`ledger.replay`), misdeals left out, voided actions not
counted; money from the postings, as `season` sums them. One person under every spelling of their name (R2.6)."""

from __future__ import annotations

from collections import Counter

from bragref.engine.chance import at_least, flagged, one_in
from bragref.engine.names import key
from bragref.games import game_of
from bragref.ledger.money import kept_in
from bragref.ledger.replay import rules_of

PLAYER_COLUMNS = ("player", "game", "money", "hands", "looked", "blind", "folded_early", "sees", "showdowns_won",
                  "won_hands", "net")
SHOWN_ONLY = ("Only hands shown at a see or a showdown count: a hand folded, conceded or won unseen is never known, "
              "and a shown hand is more often a strong one than a dealt one.")
CHANCE_NOT_PROOF = ("A chance below 1 in 100 is flagged. It is chance, not proof: among many dealers and hand types "
                    "some will fall below 1 in 100 by luck alone, about once in every hundred looked at; a flag says "
                    "where to look, not that anyone cheated.")
NOT_A_SHOWDOWN = ("folds", "faceup", "card", "thirty-one")  # pots decided otherwise than by hands compared at a
# see or a showdown: three-stake's card pot and thirty-one (R15.4)
CHANGED = ("exchange", "draw")  # verbs by which the cards a player shows are not the cards dealt (R14.2, R15.4)
SEES = ("see", "open")  # a player asking for the show: brag's and Teen Patti's see, Svara's open (R5.2, R13.3, R16.5)


class Counts:
    """Class counts per rule set (`Judging.class_counts`), each worked out once: a session deals under a few."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[dict[str, int], int, list[str]]] = {}

    def of(self, rules_json: str):
        """(count per class, the total, the classes best first) under the rules `rules_json`."""
        if rules_json not in self.kept:
            rules = rules_of(rules_json)
            counted = game_of(rules).class_counts(rules)
            self.kept[rules_json] = ({name: count for name, count in counted}, sum(c for _, c in counted),
                                     [name for name, _ in counted])
        return self.kept[rules_json]


def stats(ledger, sessions: list, player: str | None = None) -> dict:
    """`stats --json`: `players` (a row per person per game, `PLAYER_COLUMNS`, with `shown`: each hand type they
    showed, how often, its share of their shows and its odds), `dealers` (per dealer and game, the hands they dealt,
    the players dealt in, the hands shown, and per hand type shown the count, the expectation, the chance of at least
    that many and whether it is flagged; `tested` False, and no types, for a game whose cards change after the deal,
    by exchange or draw, so that a hand shown is not a hand dealt), and the notes the report says. `player` (a name as `resolve` found it):
    that person's rows alone, as player and as dealer."""
    counts = Counts()
    people: dict[str, str] = {}  # key -> the name they have now, as first met
    rows: dict[tuple[str, str, str], dict] = {}
    shown: dict[tuple[str, str], Counter] = {}
    odds: dict[tuple[str, str], tuple[dict[str, int], int, list[str]]] = {}
    dealing: dict[tuple[str, str, tuple], dict] = {}  # by dealer, game and the odds (`_signature`)

    def person(session, name: str) -> str:
        name = session.now_called(name)
        return people.setdefault(key(name), name)

    def row(who: str, game: str, money: str) -> dict:
        return rows.setdefault((key(who), game, money), {
            "player": who, "game": game, "money": money, "hands": 0, "looked": 0, "blind": 0, "folded_early": 0,
            "sees": 0, "showdowns_won": 0, "won_hands": 0, "net": 0})

    for session in sessions:
        money = kept_in(session.rules)
        for hand_row, steps in ledger.replays(session):
            steps = list(steps)
            if any(step.misdeal for step in steps):
                continue
            game = rules_of(hand_row["rules"]).game
            first = steps[0].before if steps else None
            if first is None:
                from bragref.ledger.replay import dealt

                first = dealt(hand_row)
            final = steps[-1].after if steps else first
            at_deal = {p.name: p.paid for p in first.players}
            names = {p.name: person(session, p.name) for p in first.players}
            looked, blind, early = set(), set(), set()
            sees: Counter[str] = Counter()
            for step in steps:
                action = step.action
                if not step.live or action is None or step.loan:
                    continue
                who = getattr(action, "player", None)
                if who not in names:
                    continue
                verb = type(action).verb
                if verb == "look":
                    looked.add(who)
                if getattr(action, "blind", False):
                    blind.add(who)
                if verb in SEES:
                    sees[who] += 1
                before = next((p for p in step.before.players if p.name == who), None)
                after = next((p for p in step.after.players if p.name == who), None)
                if (before is not None and after is not None and before.status != "folded"
                        and after.status == "folded" and before.paid == at_deal.get(who)):
                    early.add(who)
            won_at_cards = set()
            if final.result is not None:
                for pot in final.result.pots:
                    if pot.decided_by == "cards" and pot.how not in NOT_A_SHOWDOWN:
                        won_at_cards |= {name for name, amount in pot.winnings if amount > 0}
            for name, who in names.items():
                totals = row(who, game, money)
                totals["hands"] += 1
                totals["looked"] += name in looked
                totals["blind"] += name in blind
                totals["folded_early"] += name in early
                totals["sees"] += sees[name]
                totals["showdowns_won"] += name in won_at_cards
            by_class, total, order = counts.of(hand_row["rules"])
            dealer = person(session, hand_row["dealer"])
            signature = (key(dealer), game, _signature(by_class))
            deal = dealing.setdefault(signature, {"dealer": dealer, "game": game, "hands": 0, "dealt": 0,
                                                  "shown": Counter(), "odds": (by_class, total, order),
                                                  "tested": not any(verb in game_of(rules_of(hand_row["rules"])).verbs
                                                                    for verb in CHANGED)})
            deal["hands"] += 1
            deal["dealt"] += len(first.players)
            for each in final.shown:
                cls = getattr(each.judged, "cls", None)
                who = names.get(each.player)
                if cls not in by_class or who is None:
                    continue
                deal["shown"][cls] += 1
                shown.setdefault((key(who), game), Counter())[cls] += 1
                odds.setdefault((key(who), game), (by_class, total, order))
        for game, name, won in ledger._q(
                "SELECT COALESCE(json_extract(h.rules, '$.game'), 'brag'), p.player, SUM(CASE WHEN p.kind = 'win'"
                " THEN p.amount ELSE 0 END) FROM postings p JOIN hands h ON h.id = p.hand_id WHERE p.session_id = ?"
                " AND p.player IS NOT NULL GROUP BY p.hand_id, p.player", (session.id,)):
            if won > 0:  # a split pot counts for each winner, as in `season`
                row(person(session, name), game, money)["won_hands"] += 1
        for game, name, net in ledger._q(
                "SELECT COALESCE(json_extract(h.rules, '$.game'), 'brag'), p.player, SUM(p.amount) FROM postings p"
                " JOIN hands h ON h.id = p.hand_id WHERE p.session_id = ? AND p.player IS NOT NULL GROUP BY 1, 2",
                (session.id,)):
            who = person(session, name)
            row(who, game, money)["net"] += net

    wanted = None if player is None else key(player)
    players = []
    for (who, game, _), totals in rows.items():
        if wanted is not None and who != wanted:
            continue
        by_class, total, order = odds.get((who, game), ({}, 0, []))  # none shown: no odds read
        got = shown.get((who, game), Counter())
        count = sum(got.values())
        players.append({**totals, "shown": [
            {"class": cls, "shown": got[cls], "share": round(got[cls] / count, 4),
             "odds": round(by_class[cls] / total, 6)} for cls in order if got[cls]]})
    dealers = []
    for (who, game, _), deal in dealing.items():
        if wanted is not None and who != wanted:
            continue
        by_class, total, order = deal["odds"]
        types = []
        for cls in order[:-1] if deal["tested"] else ():  # the lowest type (high card) is never a dealer's gift
            seen = deal["shown"][cls]
            if not seen:
                continue
            chance = at_least(seen, deal["dealt"], by_class[cls], total)
            types.append({"class": cls, "shown": seen, "expected": round(deal["dealt"] * by_class[cls] / total, 4),
                          "chance": float(chance), "one_in": one_in(chance), "flagged": flagged(chance)})
        dealers.append({"dealer": deal["dealer"], "game": game, "hands": deal["hands"], "dealt": deal["dealt"],
                        "shown": sum(deal["shown"].values()), "tested": deal["tested"], "types": types})
    players.sort(key=lambda r: (key(r["player"]), r["game"], r["money"]))
    dealers.sort(key=lambda r: (key(r["dealer"]), r["game"]))
    return {"players": players, "dealers": dealers, "shown_only": SHOWN_ONLY, "chance_not_proof": CHANCE_NOT_PROOF}


def _signature(by_class: dict[str, int]) -> tuple:
    """What a dealer's deals are grouped by within a game: the odds their rules make (4-card brag's are not 3-card
    brag's)."""
    return tuple(sorted(by_class.items()))


def cast(ledger, sessions: list) -> dict:
    """Who and what `sessions` hold, hands or none: `players`, everyone seated at any of them once each, by the name
    they have now (R2.6), as first met; `games`, every game dealt in them, as first dealt. The season page draws each
    at zero where a range holds none of their hands (docs/season.md)."""
    players: dict[str, str] = {}
    games: dict[str, None] = {}
    for session in sessions:
        for (name,) in ledger._q("SELECT player FROM session_events WHERE session_id = ? AND event = 'seat' ORDER BY id",
                                 (session.id,)):
            name = session.now_called(name)
            players.setdefault(key(name), name)
        for (game,) in ledger._q("SELECT COALESCE(json_extract(rules, '$.game'), 'brag') FROM hands WHERE session_id = ?"
                                 " GROUP BY 1 ORDER BY MIN(id)", (session.id,)):
            games.setdefault(game)
    return {"players": list(players.values()), "games": list(games)}


def idle(rows: list[dict], everyone: list[str]) -> list[str]:
    """Those of `everyone` (`cast`'s players: the season's) with none of `rows` (`stats`' players: those dealt in over
    a range), one person under every spelling of their name (R2.6), in `everyone`'s order: whom `stats` and the season
    page show at zero, after those dealt in."""
    dealt_in = {key(row["player"]) for row in rows}
    return [player for player in everyone if key(player) not in dealt_in]
