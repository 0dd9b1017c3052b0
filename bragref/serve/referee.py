"""The pages' writes: the referee's `POST /r/TOKEN/act`, a seat's `POST /s/SEAT/ask` and the referee's answer to it,
`POST /r/TOKEN/answer`. Each is the words the table takes as an answer, read and recorded by the answers below every
shell (`bragref.answers`, as `table` records them) and so through the same `Book` as every command, for the table as
the page showed it (the digest it was showing: anything recorded since, and nothing is, 409). Each write opens the
ledger for itself, in a thread of its own (SQLite's write lock keeps two at once apart), and says what the table
would have said: the confirmation line, or the refusal with its rule and what may be done instead. A seat's request
is judged the same way and rolled back (`Book.trying`): it is recorded only when the referee records it, or at once
where the table lets the player to act record their own moves (`--seats record`)."""

from __future__ import annotations

import os

import bragref.structs as structs

from bragref.answers import Answers, game_answers, shows, split
from bragref.api import Book
from bragref.engine.errors import BadInput, Refused, brief
from bragref.engine.names import key, resolve
from bragref.games import game_of
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.store import Ledger, Stale
from bragref.serve.seats import Seats, passed
from bragref.told import asked_words, legal_words, moved, moves, on_page

MAX_BODY = 4096  # bytes: an answer is a line; anything longer is not one (413)
OWN_MONEY = ("buy-in", "top-up", "cash-out")  # what a seat asks between hands, for its own player alone (R1.3)


class Answer(structs.Struct, forbid_unknown_fields=True):
    """The body of a write: the answer's words (`bet bill 2`) and the `digest` of the table the page showed."""

    words: str
    head: str


class Reply(structs.Struct, forbid_unknown_fields=True):
    """The body of the referee's answer to a request: its `id`, and `record` or `refuse`."""

    id: str
    answer: str


class Written(Exception):
    """Why a write was not made, as the page is answered: a status code and its JSON object."""

    def __init__(self, code: int, said: dict):
        super().__init__(code, said)
        self.code, self.said = code, said


class Referee:
    """Records the pages' answers in the ledger at `path` (its current session, or `session`): where there is no
    ledger yet, the first answer, `session new`, makes it. `seats`: the seat pages' requests, where they are served;
    `entered`: where the referee's own answers are entered (`ledger.store.ENTERED`: `app` in the referee in the
    phone)."""

    def __init__(self, path: str, session: str | None, seats: Seats | None = None, entered: str = "referee"):
        self.path, self.session, self.seats, self.entered = path, session, seats, entered

    def act(self, body: bytes) -> tuple[int, dict]:
        """The status code and JSON object that answer a write's `body` (docs/reference.md, The referee's page: 200,
        409, 422, 400)."""
        try:
            answer, words = read(body, Answer)
            if not words or shows(words):
                raise Written(400, {"error": "those words record nothing: the page shows the table, its reports and "
                                             "rules"})
            told, head, line = self._write(words, answer.head, self.entered)
        except Written as written:
            return written.code, written.said
        if self.seats is not None and line:
            self.seats.made(line, "\n".join(told))
        return 200, {"recorded": "\n".join(told), "head": head}

    def ask(self, player: str, body: bytes) -> tuple[int, dict]:
        """A request from `player`'s seat (docs/reference.md, A page for each seat): 403 for words not of the seat's own
        moves and money, else judged at once at its head (409, 422, 400), and then waiting for the referee (202), or,
        the player to act's move under `--seats record`, recorded (200)."""
        try:
            answer, words = read(body, Answer)
            if self._received(player, words):  # the payee says they were paid: theirs to say, recorded at once
                told, head, _ = self._write(words, answer.head, "seat-self")
                self.seats.recorded(player, told, head)  # the referee's page names the phone: `Ann's phone recorded`
                return 200, {"recorded": "\n".join(told), "head": head}
            hand, since = self._own(player, words)
            _, _, line = self._write(words, answer.head, "seat-self", trying=True)
            if self.seats.mode == "record" and self._acting(player, words):
                told, head, _ = self._write(words, answer.head, "seat-self")
                self.seats.recorded(player, told, head)
                return 200, {"recorded": "\n".join(told), "head": head}
        except Written as written:
            return written.code, written.said
        request = self.seats.asked(player, answer.words, line, answer.head, hand, since)
        return 202, {"asked": line, "id": request.id}

    def answer(self, body: bytes) -> tuple[int, dict]:
        """The referee records or refuses a request (docs/reference.md, A page for each seat): 200 (recorded at the
        table as it is now where the table changed since it was asked but its move is still its player's to make:
        `seats.passed`), 409 (the table has moved past it: it is dropped as stale), 404 (no request waits by that
        id)."""
        try:
            reply = read(body, Reply)[0]
        except Written as written:
            return written.code, written.said
        if reply.answer not in ("record", "refuse"):
            return 400, {"error": 'the answer to a request is "record" or "refuse"'}
        request = self.seats.take(reply.id) if self.seats else None
        if request is None:
            return 404, {"error": "no request waits by that id: answered already, replaced, or never asked"}
        if reply.answer == "refuse":
            request.state, request.said = "refused", "The referee refused it: nothing was recorded."
            return 200, {"refused": request.line}
        try:
            try:
                told, head, _ = self._write(split(request.words), request.head, "seat")
            except Written as written:  # the table changed since it was asked: still its player's move, it is made
                if written.code != 409 or not written.said.get("head") or self._passed(request, written.said["head"]):
                    raise
                request.head = written.said["head"]  # asked again at the table as it now stands
                told, head, _ = self._write(split(request.words), request.head, "seat")
        except Written as written:
            request.state = "stale" if written.code == 409 else "refused"
            request.said = written.said.get("stale") or written.said.get("refused") or written.said.get("error", "")
            return written.code, written.said
        request.state, request.said = "recorded", "\n".join(told)
        return 200, {"recorded": request.said, "head": head}

    def _passed(self, request, head: str) -> bool:
        """Whether the table at `head` has moved past `request` (`seats.passed`, as the pages judge it)."""
        book = Book(lambda: Ledger(self.path, create=False), self.session)
        try:
            session, current = book.current_session(), book.current()
            hand = current.hand if current is not None else None
            table = {"digest": head, "closed": session.closed, "hand": current.number if current else 0,
                     "actions": list(book.history(current.number, private=True)) if current else [],
                     "told": {"moves": moves(hand) if hand is not None and hand.phase != "over" else []}}
        finally:
            book.close()
        return passed({"head": request.head, "hand": request.hand, "words": request.words,
                       "player": request.player, "since": request.since}, table)

    @staticmethod
    def _received(player: str, words: list[str]) -> bool:
        """Whether `words` are `paid FROM TO AMOUNT` with TO the seat's own player, named in full: a payee confirming
        a settle-up they received (docs/serve.md, Settling up from the phones), judged as `paid` judges it (R1.2)."""
        return len(words) >= 4 and words[0].lower() == "paid" and key(words[2]) == key(player)

    def _own(self, player: str, words: list[str]) -> tuple[int, int]:
        """Refused (403) unless the words are a move of the game or a seat's own money, naming `player` (a seat never
        asks for another, nor deals, lends or undoes); the number of the hand they are asked in (0: none dealt), and
        its last action's `seq` (-1: none): a move of the player's after it drops the request (`seats.passed`)."""
        if not words:
            raise Written(400, {"error": "those words ask nothing"})
        book = Book(lambda: Ledger(self.path, create=False), self.session)
        try:
            session = book.current_session()
            current = book.current()
            ours = words[0].lower() in game_answers(game_of(session.rules)) or words[0].lower() in OWN_MONEY
            money = words[0].lower() in OWN_MONEY or current is None
            named = len(words) > 1 and _named(list(session.seats) if money else [p.name for p in current.hand.players],
                                              words[1])
            since = max((entry["seq"] for entry in book.history(current.number, private=True)
                         if entry["seq"] is not None), default=-1) if current is not None else -1
        except (BadInput, LedgerUnavailable) as error:
            raise Written(400, {"error": on_page(brief(str(error)))}) from None
        finally:
            book.close()
        if not ours or named != player:
            raise Written(403, {"error": f"a seat asks for its own moves and money alone, naming {player}: nothing "
                                         f"was asked"})
        return (current.number if current is not None else 0), since

    def _acting(self, player: str, words: list[str]) -> bool:
        """Whether `words` are a move of the player to act: what `--seats record` records at once."""
        book = Book(lambda: Ledger(self.path, create=False), self.session)
        try:
            current = book.current()
            return words[0].lower() not in OWN_MONEY and current is not None and current.hand.acting is not None \
                and current.hand.acting.name == player
        finally:
            book.close()

    def _write(self, words: list[str], head: str, entered: str, trying: bool = False) -> tuple[list[str], str, str]:
        """Record `words` for the table the page showed (`head`), entered from `entered` (or only try them): what the
        table is told, the new head, and the move in a line as a seat would ask it (`Ann asks: bet £2`; empty for an
        answer that is no move). `Written` where it is not."""
        starting = [word.lower() for word in words[:2]] == ["session", "new"]
        if not os.path.isfile(self.path) and not starting:
            raise Written(400, {"error": "no session yet: start one with session new"})
        book = Book(lambda: Ledger(self.path), self.session)
        book.entered = entered
        told: list[str] = []
        try:
            self._pin(book, head, starting)
            before = None if starting or self.seats is None else book.current()  # the hand as it stood: what a
            before = before.hand if before is not None else None  # move costs, said in a seat's request's line
            if trying:
                with book.trying():
                    Answers(book, told.append, page=True).record(words)
                    line = asked_words(words, book.last, before)
            else:
                Answers(book, told.append, page=True).record(words)
                line = asked_words(words, book.last, before) if moved(book.last) else ""
        except Stale:
            raise Written(409, {"stale": "the table has changed since the page showed it: nothing was recorded; the "
                                         "page shows it as it is now",
                                "head": book.digest() if os.path.isfile(self.path) else ""}) from None
        except Refused as refused:
            legal = refused.legal
            may = legal_words(legal, refused.rules, "page") if legal is not None else ""
            raise Written(422, {"rule": refused.rule, "refused": on_page(brief(str(refused))),
                                "may": f"{legal.player or 'The table'} may: {may}" if may else ""}) from None
        except BadInput as error:
            raise Written(400, {"error": on_page(brief(str(error)))}) from None
        except LedgerUnavailable as error:  # busy past the wait, or gone: nothing recorded, try again
            raise Written(503, {"error": brief(str(error))}) from None
        finally:
            head = book.digest() if book.wrote else None
            book.close()
        if head is None and not trying:
            raise Written(400, {"error": "those words record nothing here"})
        return [on_page(line) for line in told], head or "", line

    def _pin(self, book, head: str, starting: bool) -> None:
        """The answer is for the table the page showed: the digest it gave (`head`), or, empty, a table with no
        session open (`starting` one), which a session opened since makes stale."""
        if head:
            if starting:
                raise BadInput("a session is started from a table with none open: its head is empty")
            book.session = book.current_session().name
            book.pin(head)
            return
        if not starting:
            raise BadInput("nothing was recorded: this page did not say which table it was showing. Reload the "
                           "page and tap again")
        if os.path.isfile(self.path):
            if book.session_names() and not book.current_session().closed:
                raise Stale("a session has been opened since the page showed none")
            book.pin()


def read(body: bytes, kind) -> tuple:
    """A write's body as `kind` (`Answer`: with its words read as the table reads them), or `Written` (400)."""
    try:
        decoded = structs.decode(body, type=kind)
        return decoded, split(decoded.words) if kind is Answer else None
    except (structs.DecodeError, structs.ValidationError) as error:
        fields = ", ".join(f'"{name}": "…"' for name in kind.__struct_fields__)
        raise Written(400, {"error": f"the body is JSON {{{fields}}}: {error}"}) from None
    except BadInput as error:
        raise Written(400, {"error": str(error)}) from None


def _named(players: list[str], query: str) -> str | None:
    """The player of `players` that `query` names (a unique prefix, any case), or None."""
    try:
        return resolve(query, players)
    except BadInput:
        return None
