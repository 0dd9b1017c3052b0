"""Bastard Brag for lives, "stop the bus" (R14.4): a match across hands. Each player starts it with `lives`
lives and pays the `entry` into its kitty with its first deal; after the exchanges everyone shows, the worst hand
loses a life (equal worst hands told apart by R8.8's suits), a player with none left is out, and the last with
lives takes the kitty.

The kitty is the hand's pot, carried from hand to hand as Brag carries a pot (R6.2) until the match is won; the
lives each player has are what a deal records (`dealt`), so every hand of a match is judged from its own row.
"""

from __future__ import annotations

from bragref.engine.errors import BadInput, Refused
from bragref.engine.state import Legal, PotResult, Result, Shown, showing
from bragref.structs import replace as evolve  # the protocol's name: state.evolve is deprecated
from bragref.games import hand_ranking
from bragref.games.bastard.options import ENTRY, LIVES
from bragref.games.verbs import Show


def lives_text(lives: dict[str, int], seats: list[str]) -> str:
    """`3 2 0`: each seated player's lives, in seat order, as a deal records them."""
    return " ".join(str(lives.get(name, 0)) for name in seats)


def lives_of(text: str, seats: list[str]) -> dict[str, int]:
    """Each seated player's lives from what a deal recorded (`lives_text`)."""
    counts = text.split()
    if len(counts) != len(seats) or not all(c.isascii() and c.isdigit() for c in counts):
        raise BadInput(f"a match's lives are a count for each seated player ({len(seats)}), not {text!r} (R14.4)")
    return dict(zip(seats, map(int, counts), strict=False))


def follows(rules, seats: list[str], previous, restart: bool, called=str, played=lambda: 0) -> dict[str, str]:
    """The match a deal belongs to and each seated player's lives: the match of the hand before, lives as it left
    them (by each player's name now, `called`), unless that match was won, was for money, or a new one was called
    (then a new match, numbered after the session's last, `played()`, every seated player with the house rule's
    lives). A player who joined during a match waits for the next (0 lives)."""
    going_on = (not restart and previous is not None and getattr(previous, "match", 0)
                and previous.phase == "over" and previous.winner is None)
    if not going_on:
        return {"match": str(played() + 1), "lives": lives_text(dict.fromkeys(seats, LIVES.of(rules)), seats),
                "entry": str(ENTRY.of(rules))}
    return {"match": str(previous.match),
            "lives": lives_text({called(name): count for name, count in previous.lives}, seats)}


def match_json(hand) -> dict:
    """The match a hand of it belongs to, as `bragref match --json` gives it (docs/reference.md, The table now)."""
    players = [{"name": name, "lives": count, "out": count == 0} for name, count in hand.lives]
    return {"match": hand.match, "entry": ENTRY.of(hand.rules), "kitty": hand.pot, "winner": hand.winner,
            "started": True, "players": players}


def legal(hand) -> Legal:
    shown = {s.player for s in hand.shown}
    return Legal(offers=showing(tuple(p.name for p in hand.players if p.name not in shown)))


def apply(hand, action, judge):
    if not isinstance(action, Show):
        raise Refused("the exchanges are over: everyone shows, and the worst hand loses a life", "R14.4")
    if action.player not in legal(hand).names("show"):
        hand.index(action.player)  # not dealt in: bad input
        raise Refused(f"{action.player} has shown already", "R14.4")
    hand = evolve(hand, shown=hand.shown + (Shown(action.player, judge(action.cards, action.discards)),))
    return _decided(hand) if len(hand.shown) == len(hand.players) else hand


def worst(hand, suit_key) -> str:
    """The worst hand shown; between equal hands, the one whose highest card's suit is lowest (R8.8)."""
    return min(hand.shown, key=lambda s: (s.judged.key, suit_key(s.judged)[:1])).player


def _decided(hand):
    loser = worst(hand, hand_ranking(hand).suit_key)
    lives = dict(hand.lives)
    lives[loser] -= 1
    left = [name for name, count in lives.items() if count > 0]
    hand = evolve(hand, phase="over", to_act=None, lives=tuple(lives.items()), lost=loser)
    if len(left) > 1:
        return evolve(hand, result=Result("lives", carried=hand.pot, decided_by="cards"))
    winner = left[0]
    won = PotResult(hand.pot, None, "lives", "cards", ((winner, hand.pot),), tuple(p.name for p in hand.players))
    return evolve(hand, winner=winner, decided=(won,),
                  result=Result("lives", ((winner, hand.pot),), decided_by="cards", pots=(won,)))


def dealt_in(seats: list[str], lives: dict[str, int], dealer: str) -> tuple[list[str], str]:
    """The players still in the match, and who deals: the dealer due, or the next still in (R14.4)."""
    alive = [name for name in seats if lives.get(name, 0) > 0]
    if dealer not in alive:
        at = seats.index(dealer) if dealer in seats else 0
        dealer = next((seats[(at + step) % len(seats)] for step in range(1, len(seats) + 1)
                       if seats[(at + step) % len(seats)] in alive), dealer)
    return alive, dealer


def check_alive(alive: list[str]) -> None:
    """A match's deal needs two players still in it (the others left the table): else a new match is called."""
    if len(alive) < 2:
        raise Refused(f"{len(alive)} player{'s' if len(alive) != 1 else ''} still in the match at the table: call a new "
                      f"one (`bragref match new`) to play on", "R14.4")

