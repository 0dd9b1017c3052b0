"""The referee's page's one write, `POST /r/TOKEN/act`: the words the table takes as an answer, read and recorded by
the answers below every shell (`bragref.answers`, as `table` records them) and so through the same `Book` as every
command, for the table as the page showed it (the digest it was showing: anything recorded since, and nothing is,
409). Each answer opens the ledger for itself, in a thread of its own (SQLite's write lock keeps two at once apart),
and says what the table would have said: the confirmation line, or the refusal with its rule and what may be done
instead."""

from __future__ import annotations

import os

import msgspec

from bragref.answers import Answers, shows, split
from bragref.api import Book
from bragref.engine.errors import BadInput, Refused, brief
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.store import Ledger, Stale
from bragref.told import legal_words, on_page

MAX_BODY = 4096  # bytes: an answer is a line; anything longer is not one (413)


class Answer(msgspec.Struct, forbid_unknown_fields=True):
    """The body of a write: the answer's words (`bet bill 2`) and the `digest` of the table the page showed."""

    words: str
    head: str


class Referee:
    """Records the page's answers in the ledger at `path` (its current session, or `session`): where there is no
    ledger yet, the first answer, `session new`, makes it."""

    def __init__(self, path: str, session: str | None):
        self.path, self.session = path, session

    def act(self, body: bytes) -> tuple[int, dict]:
        """The status code and JSON object that answer a write's `body` (CLI.md: 200, 409, 422, 400)."""
        try:
            answer = msgspec.json.decode(body, type=Answer)
            words = split(answer.words)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            return 400, {"error": f'the body is JSON {{"words": "…", "head": "…"}}: {error}'}
        except BadInput as error:
            return 400, {"error": str(error)}
        if not words or shows(words):
            return 400, {"error": "those words record nothing: the page shows the table, its reports and rules"}
        starting = [word.lower() for word in words[:2]] == ["session", "new"]
        if not os.path.isfile(self.path) and not starting:
            return 400, {"error": "no session yet: start one with session new"}
        book = Book(lambda: Ledger(self.path), self.session)
        told: list[str] = []
        try:
            self._pin(book, answer.head, starting)
            Answers(book, told.append).record(words)
        except Stale:
            return 409, {"stale": "the table has changed since the page showed it: nothing was recorded; the page "
                                  "shows it as it is now", "head": book.digest() if os.path.isfile(self.path) else ""}
        except Refused as refused:
            legal = refused.legal
            may = legal_words(legal, refused.rules, "page") if legal is not None else ""
            return 422, {"rule": refused.rule, "refused": on_page(brief(str(refused))),
                         "may": f"{legal.player or 'The table'} may: {may}" if may else ""}
        except BadInput as error:
            return 400, {"error": on_page(brief(str(error)))}
        except LedgerUnavailable as error:  # busy past the wait, or gone: nothing recorded, try again
            return 503, {"error": brief(str(error))}
        finally:
            head = book.digest() if book.wrote else None
            book.close()
        if head is None:
            return 400, {"error": "those words record nothing here"}
        return 200, {"recorded": "\n".join(on_page(line) for line in told), "head": head}

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
            raise BadInput("no head: the digest of the table the page showed is what an answer is for")
        if os.path.isfile(self.path):
            if book.session_names() and not book.current_session().closed:
                raise Stale("a session has been opened since the page showed none")
            book.pin()
