"""A `Book`'s hand histories out and in: a session exported as bhh or JSON text, and such a text recorded as a new
session, every line judged by the rules again (man 5 bragref-bhh)."""

from __future__ import annotations

from collections.abc import Iterator

from bragref.engine.errors import BadInput, Refused


class Exchange:
    """A session to a hand history and back: a part of `Book`."""

    def export(self, form: str = "bhh") -> str:
        """The session's whole hand history as `bragref export` writes it: `"bhh"` (man 5 bragref-bhh) or `"json"`,
        either of which `import_history` records again (under its own name, it exports to the same text)."""
        with self.reading():  # one state of the ledger throughout
            return "".join(self.export_chunks(form))

    def export_chunks(self, form: str = "bhh") -> Iterator[str]:
        """`export`, a piece at a time, as the session is read hand by hand (inside `reading()` for one state)."""
        from bragref.formats import bhh
        from bragref.ledger.exchange import export_stream

        if form not in ("bhh", "json"):
            raise BadInput(f"export writes bhh or json, not {form!r}")
        head, hands = export_stream(self.ledger, self.current_session())
        return bhh.dump_chunks(head, hands, as_json=form == "json")

    def import_history(self, text: str, name: str | None = None, use: bool = False) -> str:
        """Record a hand history `export` wrote (bhh or JSON text) as a new session called `name` (default: the name
        in it), every line judged by the rules again, as `bragref import` does: all of it or nothing. A line the
        rules refuse raises `Refused`, one that cannot be read `BadInput`, each naming the hand and the line. The
        new session's name; it becomes the current one, and this book's, only with `use`."""
        from bragref.formats import bhh
        from bragref.ledger.exchange import Located

        try:
            return self.import_document(bhh.loads_lazily(text), name, use).name
        except Located as located:
            where = f"hand {located.hand}, " if located.hand is not None else ""
            error = located.error
            if isinstance(error, Refused):
                raise Refused(f"{where}{located.text}: {error.reason}", error.rule, error.legal, error.rules) from None
            raise BadInput(f"{where}{located.text}: {error}") from None

    def import_document(self, document: dict, name: str | None = None, use: bool = False, advance=None):
        """`import_history` of a history already read (`formats.bhh.loads`), `advance()` called after each hand;
        the new session. A line refused or unreadable raises `ledger.exchange.Located`: the error, with the hand
        and the line it was found at."""
        from bragref.ledger.exchange import import_judged

        made = self._recorded(import_judged(self.ledger, document, name, use, *([advance] if advance else [])))
        if use:
            self.session = made.name
        return made
