"""The table now, as `status --json` gives it (docs/reference.md, The table now): one object read from the ledger's
rows, for the command line, the Python `Book` and anything else that shows the table."""

from __future__ import annotations

from functools import cache

from bragref.engine.state import Hand, Legal
from bragref.games import GAMES, find_game, game_of, kind_in


def status_data(ledger, session, current) -> dict:
    """The keys of docs/reference.md, The table now, for the session's current hand (`current`, None before the first
    deal), each game's own keys with them, and the ledger's digest."""
    hand = current.hand if current else None
    playing = hand if hand is not None and hand.phase != "over" else None  # the hand, while it is in play
    table_money = ledger.table_money(session) if (
        session.rules if playing is None else playing.rules).stakes == "table" else None
    if hand is None:
        players = [{"name": n, "state": "sitting-out", "hands": 0, "paid": 0} for n in session.seats]
        data = {"session": session.name, "hand": 0, "phase": "no-hand", "dealer": None, "to_act": None, "pot": 0,
                "carried": 0, "stake": 0, "shuffle": True, "players": players, "pots": [], "live_pot": 0, "shown": [],
                "legal": legal_json(Legal(), find_game("brag"))}
    else:
        game = game_of(hand.rules)
        dealt_in = {p.name for p in hand.players}
        players = [{"name": p.name, "state": p.status, "hands": p.hands, "paid": p.paid} for p in hand.players]
        players += [{"name": n, "state": "sitting-out", "hands": 0, "paid": 0} for n in session.seats if n not in dealt_in]
        result = hand.result
        data = {"session": session.name, "hand": current.number, "phase": hand.phase, "dealer": hand.dealer,
                "to_act": hand.acting.name if hand.acting else None, "pot": hand.pot,
                "carried": result.carried if result else hand.carried_in, "stake": hand.stake,
                "shuffle": bool(result and result.shuffle), "players": players, "pots": pots_json(hand),
                "live_pot": hand.live_pot, "shown": shown_json(hand, game),
                "legal": legal_json(game.legal(hand), game)}
    data["game"] = (hand.rules if hand is not None else session.rules).game  # R10.1
    if hand is not None:
        data.update(game.table_keys(hand))  # each game's own keys (docs/reference.md, The table now)
        for player in players:
            player.update(game.player_keys(hand, player["name"]))
    data["digest"] = ledger.digest()  # a witness the table can keep (README, Trust)
    data["session_id"] = session.identity  # the night's own identity (docs/reference.md, Beyond one machine)
    if table_money is not None:  # table stakes: in a hand, what each has left; between hands, what each has (R1.3)
        purses = {p.name: p.purse for p in playing.players} if playing is not None else {}
        for player in players:
            player["table_money"] = purses.get(player["name"], table_money.get(player["name"], 0))
    return data


@cache
def unoffered() -> dict:
    """What `status --json` carries under `legal` for each move not offered, in every hand: each move's own
    declaration (`Verb.unoffered`), the games in the rulebook's order, each game's moves in its order
    (docs/reference.md, The table now: the keys, in this order, are the contract)."""
    keys: dict = {}
    for game in GAMES.values():
        for kind in game.actions:
            for key, value in kind.unoffered.items():
                keys.setdefault(key, value)
    return keys


def legal_json(legal: Legal, game) -> dict:
    """`legal` as `status --json` carries it: every key of the family's moves, then the game's own moves (`game`: the
    hand's, brag's before the first deal; false while not offered: three-stake's `draw`), each move offered as its
    verb declares it (`Verb.offered_json`)."""
    data = {key: list(value) if isinstance(value, list) else value for key, value in unoffered().items()}
    for kind in game.actions:
        data.setdefault(kind.verb, False)
    for offer in legal.offers:
        data.update(kind_in(game, offer.verb).offered_json(offer))
    return data


def pots_json(hand: Hand) -> list[dict]:
    """The covered pots, oldest first (R7.2), each with who may still win it; the rest of `pot` is `live_pot`."""
    out = [p.name for p in hand.players if p.status == "folded"]
    return [{"amount": c.amount, "covered_by": c.covered_by, "contenders": [n for n in c.eligible if n not in out]}
            for c in hand.covered]


def shown_json(hand: Hand, game) -> list[dict]:
    """The hands shown at a see or showdown, as judged (R8) by the ranking of `game` (the hand's)."""
    if not hand.shown:
        return []
    from bragref.engine.cards import hand_text
    ranking = game.hand_ranking(hand)
    return [{"player": s.player, "cards": hand_text(s.judged.kept), "discards": hand_text(s.judged.discards),
             "class": s.judged.cls, "hand": ranking.describe(s.judged)} for s in hand.shown]
