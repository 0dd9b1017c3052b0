"""The addresses `serve --referee --keep-address` keeps beside the ledger (`LEDGER-address.json`), so that after a
restart the referee's phone, every seat and the TV carry on where they were, no code scanned again (docs/reference.md,
The referee's page): the referee's token, each seat's, and the players' secret path where the table is served beyond
this machine. They are secrets: the file is its owner's alone (0600), made so again at every start if it was opened
up meanwhile, written whole or not at all. New ones only when asked (`--new-address`)."""

from __future__ import annotations

import json
import os
import stat

from bragref.engine.errors import BadInput

PRIVATE = 0o600


def kept_file(ledger: str) -> str:
    """Where the addresses of the ledger at `ledger` are kept."""
    return f"{os.path.abspath(ledger)}-address.json"


class Kept:
    """The kept addresses of one ledger: `referee` (a token), `base` (the players' path beyond this machine, or
    None), `seats` (player -> token)."""

    def __init__(self, ledger: str, new: bool = False):
        self.file = kept_file(ledger)
        self.referee: str | None = None
        self.base: str | None = None
        self.seats: dict[str, str] = {}
        if not new and os.path.lexists(self.file):
            self._read()

    def _read(self) -> None:
        wrong = BadInput(f"{self.file} is not the addresses bragref keeps: --new-address makes new ones there")
        try:
            if not stat.S_ISREG(os.lstat(self.file).st_mode):
                raise wrong
            with open(self.file, encoding="utf-8") as file:
                said = json.loads(file.read(65536))
            if stat.S_IMODE(os.stat(self.file).st_mode) != PRIVATE:
                os.chmod(self.file, PRIVATE)  # opened up meanwhile: the owner's alone again
        except (OSError, ValueError, UnicodeDecodeError):
            raise wrong from None
        if not isinstance(said, dict) or not _token(said.get("referee")) or not isinstance(said.get("seats", {}), dict) \
                or not all(isinstance(p, str) and _token(t) for p, t in said.get("seats", {}).items()) \
                or not (said.get("base") is None or (isinstance(said["base"], str) and said["base"].startswith("/t/")
                                                     and _token(said["base"][3:].rstrip("/")))):
            raise wrong
        self.referee, self.base, self.seats = said["referee"], said.get("base"), dict(said.get("seats", {}))

    def save(self) -> None:
        """Written whole (a file of its own, renamed over the last), the owner's alone from its first byte."""
        temporary = f"{self.file}.{os.getpid()}.tmp"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), PRIVATE)
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                file.write(json.dumps({"referee": self.referee, "base": self.base, "seats": self.seats}, indent=1))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.file)
        except BaseException:
            if os.path.lexists(temporary):
                os.unlink(temporary)
            raise

    def keep_seats(self, tokens: dict[str, str]) -> None:
        """The seats as they are now (a seat given, or issued anew), kept."""
        self.seats.update(tokens)
        self.save()


def _token(value) -> bool:
    """Whether `value` is a token as bragref makes them: URL-safe, at least 128 bits."""
    return isinstance(value, str) and 22 <= len(value) <= 128 and all(c.isalnum() or c in "-_" for c in value)
