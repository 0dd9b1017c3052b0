"""Every player's own phone (`serve --referee --seats`): a seat page per seated player, under a path of its own
(`/s/SEAT/`: 192 random bits, new at every start, found in constant time), and the requests those pages make. A
request is not the ledger: it lives here, in the server, until the referee records or refuses it (`--seats ask`), or
is recorded at once where it is the move of the player to act (`--seats record`); the ledger holds only what was
recorded, through the same `Book` as every other write, each action with where it was entered."""

from __future__ import annotations

import itertools
import secrets
import threading

import bragref.structs as structs

MODES = ("ask", "record")  # the referee records or refuses each request; or the player to act's moves record


class Request(structs.Struct):
    """A seat's request: its words (`bet Ann 2`), what it asks in a line (`Ann asks: bet £2`), the digest of the table
    it was asked at, and its fate: `waiting`, `recorded`, `refused` or `stale`."""

    id: str
    player: str
    words: str
    line: str
    head: str
    state: str = "waiting"
    said: str = ""  # what the fate said: the confirmation line, or why it was refused
    hand: int = 0  # the number of the hand it was asked in (0: before the first)
    since: int = -1  # the last action of that hand when it was asked (its `seq`): a move of the player's after it
    # is their move made, and the request goes as moved past
    taken: bool = False  # an answer has it (`Seats.take`): no other answer, nor the referee's own move, takes it


class Seats:
    """The seats of the table served, each player's path and request, under `mode` (one of `MODES`); `reached`:
    whether a phone on the network can open them (the server listens beyond this machine)."""

    def __init__(self, mode: str, reached: bool = True, kept=None):
        self.mode, self.reached = mode, reached
        self.kept = kept  # the addresses kept beside the ledger (`address.Kept`), where they are
        self.tokens: dict[str, str] = {}  # player -> token
        self.requests: dict[str, Request] = {}  # player -> their request, the last asked
        self.numbers = itertools.count(1)
        self.lock = threading.Lock()  # the writes' threads take a request, or make a move, one at a time
        self.phoned: dict | None = None  # the move a phone recorded last (`--seats record`): its line and new head

    def seat(self, players: list[str]) -> bool:
        """Give each seated player without a seat one; whether any was given."""
        new = [player for player in players if player not in self.tokens]
        for player in new:
            self.tokens[player] = (self.kept.seats.get(player) if self.kept else None) or secrets.token_urlsafe(24)
        if new and self.kept:
            self.kept.keep_seats(self.tokens)
        return bool(new)

    def issue(self, player: str) -> str:
        """A new seat for `player` (a lost phone): the old path is not served from now on. Its token."""
        self.tokens[player] = secrets.token_urlsafe(24)
        if self.kept:
            self.kept.keep_seats(self.tokens)
        return self.tokens[player]

    def player_of(self, token: str) -> str | None:
        """The player whose seat `token` is, compared with every seat's in constant time; None for no seat."""
        found = None
        for player, own in self.tokens.items():
            if secrets.compare_digest(own.encode(), token.encode()):
                found = player
        return found

    def paths(self, players: list[str]) -> dict[str, str]:
        """Each seated player's seat path, as the referee's page is given them."""
        return {player: f"/s/{self.tokens[player]}/" for player in players if player in self.tokens}

    def asked(self, player: str, words: str, line: str, head: str, hand: int = 0, since: int = -1) -> Request:
        """`player`'s request, waiting: it replaces any they had waiting."""
        request = Request(f"{player[:1].lower()}{next(self.numbers)}-{secrets.token_hex(4)}", player, words, line,
                          head, hand=hand, since=since)
        with self.lock:
            self.requests[player] = request
        return request

    def waiting(self) -> list[dict]:
        """The requests waiting for the referee, as the referee's page is given them."""
        return [{"id": r.id, "player": r.player, "words": r.words, "line": r.line, "head": r.head, "hand": r.hand,
                 "since": r.since} for r in self.requests.values() if r.state == "waiting" and not r.taken]

    def take(self, request_id: str) -> Request | None:
        """The waiting request `request_id`, taken for one answer, or None (unknown, answered already, or being
        answered): finding it and taking it are one step, so of two answers sent at once (a double tap, the referee's
        page on two devices) exactly one has it and the other is told it waits no more (404)."""
        with self.lock:
            request = next((r for r in self.requests.values() if r.id == request_id and r.state == "waiting"
                            and not r.taken), None)
            if request is not None:
                request.taken = True
            return request

    def made(self, line: str, said: str) -> None:
        """The referee made a move a seat is waiting on (`line`, as its request says it: `Ann asks: play £0.20`): that
        request is recorded, as `said`, not left to go stale."""
        with self.lock:
            for request in self.requests.values():
                if request.state == "waiting" and not request.taken and request.line == line:
                    request.state, request.said, request.taken = "recorded", said, True

    def recorded(self, player: str, told: list[str], head: str) -> None:
        """`player`'s phone recorded a move itself (`--seats record`), or a settle-up paid to them: the referee's page
        says so, naming the phone (`Ann's phone recorded: Ann looks at their cards.`, `Ann's phone recorded: Bill paid
        Ann £0.50.`), while the table stands at `head`."""
        first, *rest = told or [""]
        self.phoned = {"line": "\n".join([f"{player}'s phone recorded: {first.removeprefix('Recorded: ')}", *rest]),
                       "head": head}

    def fate(self, player: str) -> dict | None:
        """What `player`'s seat page is told of their last request."""
        request = self.requests.get(player)
        return None if request is None else {"id": request.id, "player": request.player, "words": request.words,
                                             "line": request.line, "head": request.head, "hand": request.hand,
                                             "since": request.since, "state": request.state, "said": request.said}


def passed(request: dict, table: dict | None) -> bool:
    """Whether the table has moved past a waiting `request` (as `Seats.waiting` gives it), as `table` stands now: its
    player has moved since, or its move is no longer theirs to make. Not whenever anything was recorded since it was
    asked: at a showdown, another player's show changes the table but leaves this player's own show on offer (R16.5).
    Moved past: no table, another hand dealt since, any move of that player's recorded since it was asked (Bob asks
    to bet, the referee records his look: his bet is not made after it), or, a move of the game, no move of that
    verb on offer to that player now; a seat's own money (`buy-in`) waits while the table is between the same
    hands."""
    if not table or table.get("closed"):
        return True
    if request["head"] == table["digest"]:
        return False
    if table.get("hand", 0) != request.get("hand", 0):
        return True
    if any(entry.get("player") == request["player"] and entry.get("seq") is not None
           and entry["seq"] > request.get("since", -1) and not entry.get("voided")
           and entry.get("action") not in ("void", "loan") for entry in table.get("actions", [])):
        return True
    verb = request["words"].split()[0].lower() if request["words"].split() else ""
    moves = table["told"]["moves"]
    if verb in ("buy-in", "top-up", "cash-out"):
        return bool(moves)  # a hand in play since: asked between hands, for between hands
    return not any(move.get("own") and move["words"][0].lower() == verb and move["words"][1:2] == [request["player"]]
                   for move in moves)
