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
        and the line it was found at. A history of a night the ledger holds already, by its identity
        (docs/reference.md, Beyond one machine): where the ledger's copy is a beginning of it, the rest is recorded in
        that night, which is given back, `extended` saying what was recorded (`ledger.exchange.Extended`; None after
        any other import); all there raises `ledger.exchange.AlreadyImported`, differing copies
        `ledger.exchange.Diverged`, nothing recorded."""
        from bragref.ledger.exchange import Extended, import_judged

        self.extended = None
        try:
            made = self._recorded(import_judged(self.ledger, document, name, use, *([advance] if advance else [])))
        except Extended as extended:
            self.extended = extended
            made = self._recorded(self.ledger.use(extended.session.name) if use else extended.session)
        if use:
            self.session = made.name
        return made
