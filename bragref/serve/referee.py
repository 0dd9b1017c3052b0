"""The referee's page's one write, `POST /r/TOKEN/act`: the words the table takes as an answer, read and recorded by
the answers below every shell (`bragref.answers`, as `table` records them) and so through the same `Book` as every
command, for the table as the page showed it (the digest it was showing: anything recorded since, and nothing is,
409). Each answer opens the ledger for itself, in a thread of its own (SQLite's write lock keeps two at once apart),
and says what the table would have said: the confirmation line, or the refusal with its rule and what may be done
instead."""

from __future__ import annotations

import msgspec

from bragref.answers import Answers, in_table_words, shows, split
from bragref.api import open_ledger
from bragref.engine.errors import BadInput, Refused, brief
from bragref.ledger.db import LedgerUnavailable
from bragref.ledger.store import Stale
from bragref.told import legal_words

MAX_BODY = 4096  # bytes: an answer is a line; anything longer is not one (413)


class Answer(msgspec.Struct, forbid_unknown_fields=True):
    """The body of a write: the answer's words (`bet bill 2`) and the `digest` of the table the page showed."""

    words: str
    head: str


class Referee:
    """Records the page's answers in the ledger at `path` (its current session, or `session`)."""

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
        if not answer.head:
            return 400, {"error": "no head: the digest of the table the page showed is what an answer is for"}
        if not words or shows(words):
            return 400, {"error": "those words record nothing: the page shows the table, its reports and rules"}
        book = open_ledger(self.path, self.session)
        told: list[str] = []
        try:
            book.session = book.current_session().name
            book.pin(answer.head)
            Answers(book, told.append).record(words)
        except Stale:
            return 409, {"stale": "the table has changed since the page showed it: nothing was recorded; the page "
                                  "shows it as it is now", "head": book.digest()}
        except Refused as refused:
            legal = refused.legal
            may = legal_words(legal, refused.rules) if legal is not None else ""
            return 422, {"rule": refused.rule, "refused": in_table_words(brief(str(refused))),
                         "may": f"{legal.player or 'The table'} may: {may}" if may else ""}
        except BadInput as error:
            return 400, {"error": in_table_words(brief(str(error)))}
        except LedgerUnavailable as error:  # busy past the wait, or gone: nothing recorded, try again
            return 503, {"error": brief(str(error))}
        finally:
            head = book.digest() if book.ledger.wrote else None
            book.close()
        if head is None:
            return 400, {"error": "those words record nothing here"}
        return 200, {"recorded": "\n".join(told), "head": head}
