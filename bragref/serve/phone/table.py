"""What the referee in the phone's Web Worker runs (docs/app.md): the referee's page answered as `serve --referee`
answers it over HTTP, by the same Python (`Referee` records each answer through the same `Book` and `Answers`,
`Watcher` makes the table's object), with the ledger a file of the worker's own memory that the worker keeps in the
browser's storage after every write. Each method answers in JSON text, which the worker passes on as it is."""

from __future__ import annotations

import json
import os
import sqlite3
import sys

from bragref.serve.referee import MAX_BODY, Referee
from bragref.serve.watch import Watcher

ENTERED = "app"  # where the phone's answers are entered (`ledger.store.ENTERED`)


class Phone:
    """The ledger at `path`, answered as the referee's page is answered."""

    def __init__(self, path: str):
        if sys.platform == "emscripten":  # in the browser: no WAL (`db.in_the_phone`)
            from bragref.ledger.db import in_the_phone

            in_the_phone()
        self.path = path
        self.referee = Referee(path, None, entered=ENTERED)
        self.watcher = Watcher(path)

    def act(self, body: str) -> str:
        """`POST act`'s answer to `body`: its status code, its JSON object and, where it recorded, `wrote`."""
        data = body.encode()
        if len(data) > MAX_BODY:
            return json.dumps({"status": 413, "body": {"error": f"the body is over {MAX_BODY} bytes: an answer is a "
                                                                 f"line"}})
        code, said = self.referee.act(data)
        if code == 200:
            self.settle()
        return json.dumps({"status": code, "body": said, "wrote": code == 200})

    def status(self) -> str:
        """`status.json`: the table as the referee's page is shown it."""
        self.watcher.look()
        return self.watcher.views["referee"].decode()

    def pay(self, payer: str, payee: str) -> str | None:
        """`pay.svg?from=PAYER&to=PAYEE`: the QR code of the link that pays a payment the referee's page shows, as
        serve draws it (`watch.pay_picture`), or None where the page shows no such payment with a link."""
        from bragref.serve.watch import pay_picture

        self.watcher.look()
        picture = pay_picture(self.watcher.views["referee"], payer, payee)
        return None if picture is None else picture.decode()

    def settle(self) -> None:
        """The ledger in its one file: its write-ahead log checkpointed into it and emptied, so that the file the
        worker keeps is the whole ledger (read by no connection in between: the watcher's is shut first)."""
        self.watcher._close()
        self.watcher.version = None
        with sqlite3.connect(self.path) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()

    def name(self) -> str:
        """What the ledger's export is called: its current session's name (a file name's safe characters), or
        `ledger`."""
        from bragref.api import open_ledger

        if not os.path.isfile(self.path):
            return "ledger"
        book = open_ledger(self.path, None, read_only=True)
        try:
            names = book.session_names()
            name = book.current_session().name if names else "ledger"
        finally:
            book.close()
        return "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip(".") or "ledger"

    def history(self) -> str:
        """The current session's bhh (`bragref export`), and what it is called: JSON `{"name", "text"}`."""
        from bragref.api import open_ledger

        book = open_ledger(self.path, None, read_only=True)
        try:
            return json.dumps({"name": f"{self.name()}.bhh", "text": book.export("bhh")})
        finally:
            book.close()

    def audit(self, path: str) -> str:
        """The findings of `bragref audit --all` on the ledger file at `path` (none: sound), JSON."""
        from bragref.api import Audit

        try:
            audited = Audit(path, None, True)
            try:
                findings = audited.findings()
            finally:
                audited.ledger.close()
        except Exception:  # noqa: BLE001 - not a ledger at all: said as a finding, in words
            findings = [("this file is not a bragref ledger (choose the .db file that export ledger or a "
                        "table's laptop made)")]
        return json.dumps(findings)

    def replace(self, path: str) -> None:
        """The ledger here becomes the (audited) file at `path`, brought up to this bragref's schema and settled."""
        from bragref.ledger.store import Ledger

        self.watcher._close()
        for old in (self.path + "-wal", self.path + "-shm"):
            if os.path.exists(old):
                os.remove(old)
        os.replace(path, self.path)
        Ledger(self.path).close()  # migrated, in WAL, as every bragref's ledger is once opened to write
        self.watcher = Watcher(self.path)
        self.settle()
