"""The one reader every page shares: it notices that the ledger changed, whoever wrote it, by SQLite's
`PRAGMA data_version` (which moves when another connection commits) and by the file itself (another file renamed
into its place, or the file cut short or gone), and only then makes the table's object, once, and from it what each
kind of page is shown (`views`): the players' page sees what the whole table may see, the referee's page everything.
Nothing here writes: the ledger is read as it is (`db.as_it_is`: opened read-only, no migration, no change of journal
mode). A path with no ledger yet is a table with no session, which the referee's page starts; a ledger that cannot be
read is said on every page and on stderr, and looked at again until it can be."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections import deque

import bragref.structs as structs

from bragref.answers import Answers, split
from bragref.api import open_ledger
from bragref.engine.errors import BadInput
from bragref.games import game_of
from bragref.ledger.money import CARRIED_POT, kept_in
from bragref.serve.seats import Seats, passed
from bragref.told import (backup_words, carried_words, closed_carried_lines, forms, hand_lines, moves,
                          night_settle_lines, on_page, owed_lines, own_phrases, own_words, pot_line, recorded_words,
                          session_form, signed, situation, whose_turn)

VIEWS = ("players", "referee")  # what each kind of page is shown: `Watcher.views`
BACKUP_EVERY_S = 15.0  # how often the referee's page has the ledger's replica checked (at least every 30 s)
BACKUP_TIMEOUT_S = 10.0  # the most one check's restore may take


class Watcher:
    """The ledger at `path` (its current session, or `session`), looked at every `every` seconds; `seats`, where
    each seated player has a page of their own (`serve --seats`)."""

    def __init__(self, path: str, session: str | None = None, every: float = 0.2, seats: Seats | None = None):
        self.path, self.session, self.every, self.seats = path, session, every, seats
        self.table_now: dict | None = None  # the table's object as last made, every view's source
        self.book = None  # opened by a look, in the thread that serves (SQLite's connections stay in one)
        self.file: tuple | None = None  # what the book was opened on: the file's device, inode and size then
        self.pages: set[asyncio.Queue] = set()
        self.version: int | None = None
        self.trouble: str | None = None  # why the ledger cannot be read now, while it cannot
        self.views: dict[str, bytes] = dict.fromkeys(VIEWS, b"")  # what each kind of page is sent, as JSON
        self.backup: dict | None = None  # how the ledger's replica stands, on the referee's page (`watch_backup`)

    def look(self) -> bool:
        """Whether what the pages are shown changed since the last look; if so, the table's object is made again:
        the table, or why the ledger cannot be read."""
        try:
            version = self._version()
            if version == self.version and self.trouble is None:
                return False
            table = self.table() if self.book is not None else None
            views = self._views(table)
        except Exception as error:  # noqa: BLE001 - whatever the file holds (or not), the server stays up and says why
            self._close()
            return self._cannot_read(error)
        if self.trouble is not None:
            self.complain(f"serve: the ledger {self.path} can be read again")
        self.version, self.trouble, self.views, self.table_now = version, None, views, table
        return True

    def _views(self, table: dict | None) -> dict[str, bytes]:
        """What each kind of page is shown of `table`: the players' page, the referee's (with each seat's path and
        the requests waiting), and each seat's page (`seat:TOKEN`)."""
        referee = refereed(table)
        if self.seats is not None:
            seated = [p["name"] for p in table["players"]] if table else []  # a closed night's too: each seat
            # opens its page, read-only, with the closing digest (issue 77), after a restart as before it
            self.seats.seat(seated)
            referee = {**referee, "seats": self.seats.paths(seated), "seating": self.seats.mode,
                       "requests": [{**r, "stale": passed(r, table)}
                                    for r in self.seats.waiting()], "reached": self.seats.reached,
                       "phoned": self.seats.phoned}
        if self.backup is not None:
            referee = {**referee, "backup": self.backup}
        views = {"referee": structs.encode(referee),
                 "players": structs.encode(unstarted() if table is None else public(table))}
        for player, token in (self.seats.tokens.items() if self.seats is not None else ()):
            views[f"seat:{token}"] = structs.encode(seated_view(table, player, self._fated(player),
                                                                self.seats.mode))
        return views

    def _fated(self, player: str) -> dict | None:
        """What `player`'s seat is told of their last request (`Seats.fate`), and whether it may be asked again: a
        move of the game is, where the one reader of answers finds it recorded on the hand as it stands now
        (`Answers.fits_now`: Bob's blind bet is not once he has looked, R3.5)."""
        fate = self.seats.fate(player) if self.seats is not None else None
        if fate is None:  # (a waiting request too: the table may have moved past it, `passed`)
            return fate
        try:
            with self.book.reading():
                again = Answers(self.book, lambda line: None, page=True).fits_now(split(fate["words"]))
        except BadInput:  # no session, or words that cannot be read: not asked again
            again = False
        return {**fate, "again": again}

    def refresh(self) -> None:
        """Every page is told again what it is shown, the ledger unchanged: a request asked or answered."""
        if self.trouble is None:
            self.views = self._views(self.table_now)
        self.tell()

    def end(self, view: str) -> None:
        """The pages of `view` are told their address has ended (a seat issued anew, its old path no longer
        served)."""
        for page in [page for page in self.pages if page.view == view]:
            if page.full():
                page.get_nowait()
            page.put_nowait(b"")

    @property
    def now(self) -> bytes:
        """What the players' page is sent."""
        return self.views["players"]

    def _version(self) -> int | str:
        """The ledger's `data_version`, on a connection to the file now at `path`: another file renamed over it, or
        the file cut shorter than it was, is opened anew (a connection follows the file it opened, not the path),
        and so is an older bragref's ledger that changed, read through a copy brought up to date. A path with no
        file yet is `"none"`: no ledger, until the referee's page starts a session there (a ledger that was there and
        is gone is trouble, said as such)."""
        if self.file is None and not os.path.exists(self.path):
            return "none"
        stat = os.stat(self.path)
        if stat.st_size == 0:
            raise BadInput("it is empty: not a bragref ledger")
        if self.book is None or self.file[:2] != (stat.st_dev, stat.st_ino) or stat.st_size < self.file[2]:
            self._open()
        version = self._file_version()
        if version != self.version and self.version is not None and self.book.ledger.file is not self.book.ledger.conn:
            self._open()
            version = self._file_version()
        self.file = (stat.st_dev, stat.st_ino, stat.st_size)
        return version

    def _open(self) -> None:
        self._close()
        self.book = open_ledger(self.path, self.session, read_only=True)
        self.version = None

    def _file_version(self) -> int:
        return self.book.ledger.file.execute("PRAGMA data_version").fetchone()[0]

    def _close(self) -> None:
        if self.book is not None:
            book, self.book = self.book, None
            try:
                book.close()
            except Exception:  # noqa: BLE001, S110 - a connection to a file gone bad closes as it can
                pass

    @staticmethod
    def complain(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def _cannot_read(self, error: Exception) -> bool:
        reason = f"{error.__class__.__name__}: {error}" if not isinstance(error, (BadInput, OSError)) else str(error)
        if isinstance(error, FileNotFoundError):
            reason = "it is not there"
        trouble = f"The ledger cannot be read ({reason}); this page shows the table again as soon as it can."
        if trouble == self.trouble:
            return False
        self.complain(f"serve: the ledger {self.path} cannot be read ({reason}); looking again every "
                      f"{self.every:g} s")
        self.trouble, self.version = trouble, None
        said = structs.encode({"session": None, "digest": "", "said": trouble, "trouble": True, "players": [],
                                    "balances": [], "actions": []})
        self.views = dict.fromkeys(VIEWS, said)
        return True

    def table(self) -> dict | None:
        """`status --json`'s object with the night's `balances` (docs/reference.md, The live pages), and beside them
        what the pages show in the table's own words (`told`): the current hand's actions (`history N --json`, and as
        lines a page lists), its line (`said`), how money is written (the session's unit and currency, R1.1a), the
        game's own keys in words, the night's chart, and for the referee's page the moves on offer and the answers
        between hands (`forms`). Everything either page is shown (`refereed`, `public`); None where there is no session
        yet."""
        book = self.book
        try:
            with book.reading():  # one state of the ledger, however many reads
                session, current = book.current_session(), book.current()
                data = book.status()
                data["balances"] = book.balances()
                data["actions"] = list(book.history(current.number, private=True)) if current else []
                data["money"] = {"unit": session.rules.unit, "currency": session.rules.currency}
                money = {p["name"]: p["table_money"] for p in data["players"] if "table_money" in p}
                settle = night_settle(book, session.rules, session.closed)
                between = current is None or current.hand.phase == "over"
                data["pay"] = pay_rows(book, session.rules) if between or session.closed else []  # `paid` is
                # recorded between hands and after a close (R1.2): never offered among a hand's moves
                data["closing"] = book.closing_digest() if session.closed else None  # every phone keeps it
                data["told"] = told(session, current, data["actions"], book.running(), season_of(book), money,
                                    settle, None if session.closed else book.due_dealer())
                data["told"]["voided"] = book.misdealt_numbers()  # said beside the hand's number (R9.1)
                data["told"]["elsewhere"] = elsewhere(book, current, data["actions"])
                if session.closed:  # each seat says its own player's result beside the closing digest (issue 77)
                    data["next_night"] = next_night(session)  # the referee's next `session new`, prefilled
                    data["told"]["results"] = {row["player"]: signed(row.get("result", row["net"]), session.rules.money)
                                               for row in data["balances"]}
        except BadInput:  # no session yet: the referee's page starts one
            return None
        data["said"] = data["told"].pop("said")
        data["closed"] = session.closed
        return data

    def join(self, view: str = "players") -> asyncio.Queue:
        """A page listening, shown `view` (one of `VIEWS`, or a seat's): it hears it each time it changes (only the
        newest, if it falls behind)."""
        page: asyncio.Queue = asyncio.Queue(maxsize=1)
        page.view = view
        self.pages.add(page)
        return page

    def leave(self, page: asyncio.Queue) -> None:
        self.pages.discard(page)

    def tell(self, now: bytes | None = None) -> None:
        """Every page hears what its kind of page is shown, or `now` instead (empty: the server is stopping, and so
        is each page's stream)."""
        for page in self.pages:
            if page.full():
                page.get_nowait()  # an older object it has not read yet: the newest replaces it
            page.put_nowait(self.views.get(page.view, b"") if now is None else now)

    def stop(self) -> None:
        """Every page's stream ends, so that the server stops at once rather than wait for them."""
        self.tell(b"")

    async def watch_backup(self, replica: str | None = None, every: float = BACKUP_EVERY_S) -> None:
        """While the ledger holds Litestream's tables, its replica checked as `replica status` checks it, every
        `every` seconds, and the referee's page told how it stands (`backup`: state, words, warning)."""
        while True:
            health = await asyncio.to_thread(self._replica_health, replica)
            if health is not None:
                words, warning = backup_words(health.state, health.missing, health.age_s, health.pending_s,
                                              time.strftime("%H:%M:%S"), health.attached)
                self.backup = {"state": health.state, "missing": health.missing, "age_s": health.age_s,
                               "replicating": health.replicating, "said": words, "warning": warning}
                self.refresh()
            await asyncio.sleep(every)

    def _replica_health(self, replica: str | None):
        """The replica's `replica status`, where the ledger holds Litestream's tables; else None."""
        from bragref.ledger.db import replicated
        from bragref.ledger.replica import status
        from bragref.ledger.store import Ledger

        if not os.path.isfile(self.path):
            return None
        try:
            ledger = Ledger.read_only(self.path)
        except Exception:  # noqa: BLE001 - the ledger cannot be read now: `look` says why
            return None
        try:
            if not replicated(ledger.file):
                return None
            return status(ledger.conn, self.path, replica, BACKUP_TIMEOUT_S)
        finally:
            ledger.close()

    async def follow(self) -> None:
        """Look, and tell every page of a change, until stopped."""
        while True:
            await asyncio.sleep(self.every)
            if self.look():
                self.tell()


def night_settle(book, rules, closed: bool = False) -> list[str]:
    """Who pays whom over the night, as `settle` says it (the carried pot explained; once the night is `closed`, as
    unwon, the table's to share out, R6.2: `closed_carried_lines`), and the settle-ups recorded since the night began
    with what is still owed net of them, which the night's figures do not count (R1.2)."""
    money, payments, paid = rules.money, book.settle(), book.paid_since()
    at_table = bool(book.on_table())
    kept = kept_in(rules)
    owed = [p for p in book.settle(all_sessions=True) if p["money"] == kept]  # which the Settle up list shows too
    lines = night_settle_lines(payments, owed, money, at_table, paid)
    carried = sum(p["amount"] for p in payments if p["to"] == CARRIED_POT)
    if carried and closed:
        lines = closed_carried_lines(lines, payments, carried, list(book.carried()), money, CARRIED_POT)
    elif carried:
        lines.append(carried_words(carried, list(book.carried()), money))
    return lines + owed_lines(payments, owed, money, paid)


def pay_rows(book, rules) -> list[dict]:
    """Each payment still owed in the table's money (`settle --all`, net of the settle-ups recorded, R1.2), with the
    link that pays it where the payee has a pay-to handle (`pay`, and `note` beside it), the amount in the table's
    money (`owed`) and the words that record it (`paid FROM TO AMOUNT`): for the referee's page and the payer's own seat, never the players' page (`public`)."""
    import shlex

    from bragref.engine.money import format_money

    kept, rows = kept_in(rules), []
    for payment in book.settle(all_sessions=True, links=True):
        if payment["money"] != kept or payment["to"] == CARRIED_POT:
            continue
        amount = rules.money(payment["amount"])
        rows.append({"from": payment["from"], "to": payment["to"], "amount": payment["amount"], "owed": amount,
                     "said": f"{payment['from']} pays {payment['to']} {amount}", "link": payment.get("pay"),
                     "note": payment.get("pay_note"),
                     "words": shlex.join(["paid", payment["from"], payment["to"],
                                          format_money(payment["amount"], rules.unit)])})
    return rows


def pay_picture(view: bytes, payer: str, payee: str) -> bytes | None:
    """The QR code (SVG) of the link that pays one payment a page shows (`view`: its table, `pay_rows` in it): the
    one from `payer` to `payee` with a link, else None. Drawn alike for serve's `pay.svg` and the referee in the
    phone's worker."""
    shown = structs.decode(view or b"{}").get("pay") or []
    row = next((row for row in shown if (row["from"], row["to"]) == (payer, payee) and row["link"]), None)
    if row is None:
        return None
    import io

    import segno

    image = io.BytesIO()
    segno.make(row["link"], error="m").save(image, kind="svg", scale=5, border=2, title=row["said"])
    return image.getvalue()


TERMINAL = ("command", "table")  # where an action typed at the terminal was entered (`ledger.store.ENTERED`)


def elsewhere(book, current, actions: list[dict]) -> str | None:
    """The last thing recorded in the hand in play, where it was typed at the terminal (a command, or `table`), said
    as the referee's page says its own taps (`Recorded at the terminal: Cat folds.`, `told.recorded_words`): the
    page's answer line then says what was recorded last, wherever it was. None where the last was entered elsewhere
    (the page's own taps, a seat's, which say themselves)."""
    rows = [entry for entry in actions if entry["seq"] is not None and entry["action"] != "loan"]
    if current is None or not rows or rows[-1]["entered"] not in TERMINAL:
        return None
    last, where = rows[-1], "Recorded at the terminal"
    if last["action"] == "deal":
        return f"{where}: hand {current.number}, dealt by {last['player']}."
    steps = deque(book.ledger.steps(current.row), maxlen=1)  # the hand as it stood before and after its last row
    step = steps[0] if steps else None
    if step is None or step.seq != last["seq"]:
        return None
    if step.action is None:  # a void: named by the line it voids, as the page numbers them (`hand_lines`, R9.1)
        shown = {entry["seq"]: n for n, entry in enumerate(actions, 1) if entry["seq"] is not None}
        return f"{where}: undo, voiding line {shown.get(step.voids, step.voids)}." if step.voids is not None else None
    return recorded_words(step.action, step.before, step.after, page=True).replace("Recorded", where, 1)


def season_of(book) -> dict | None:
    """The season's chart of the nights kept in the table's money (R1.1), where there is more than one."""
    if len(book.session_names()) < 2:
        return None
    chart = book.season_chart()
    return chart if len(chart["nights"]) > 1 else None


def told(session, current, actions: list[dict], running: dict, season: dict | None,
         table_money: dict[str, int], settle: list[str], dealer: str | None = None) -> dict:
    """What the pages show in words (`bragref.told`) of the session's `current` hand (None before the first): the
    game (the next hand's, as soon as it is set between hands), whose turn in a few words (once it is closed, that
    the session is), the hand's line (`said`) and pot, its actions as lines, each player's state and own phrases in
    the game's words, the game's own keys that say something, the night's running results, who pays whom (`settle`:
    once the session is closed, its line too) and the season's chart; the moves on offer in the hand, and the
    answers the table takes between hands and at any time (`forms`, a close naming the `table_money` it cashes
    out, a deal its `dealer` where it is known before it)."""
    hand = current.hand if current else None
    playing = hand is not None and hand.phase != "over"
    game = game_of(hand.rules if playing else session.rules)
    if session.closed:
        pays = [line for line in settle if not line.endswith(".")]
        said = " ".join([f"Session {session.name} is closed (R9.1).", *([f"Settle up: {'; '.join(pays)}."] if pays
                                                                       else []), *settle[len(pays):]])
    elif current:
        said = on_page(situation(current.number, hand, table="page"))
    else:
        said = f"No hand dealt yet in {session.name}: deal to start a hand of {game.title}."
    next_game = game.title if hand is not None and not playing and game.name != hand.rules.game else None
    return {"title": game.title,
            "turn": "Session closed" if session.closed else
                    whose_turn(current.number, hand, next_game) if current else "Deal a hand",
            "said": said,
            "pot": pot_line(hand) if hand is not None else "",
            "lines": hand_lines(actions, hand.rules, private=True) if hand is not None else [],
            "shown_lines": hand_lines(actions, hand.rules, private=not playing) if hand is not None else [],
            "season": season,
            "keys": [pair for pair in own_words(hand) if pair[1]] if hand else [],
            "states": {**dict.fromkeys(session.seats, "sitting out" if playing else "waiting for the deal"),  # not
                       # dealt in (a svara deal's, R16.7), or before the first deal, or seated since the last
                       **({p.name: game_of(hand.rules).say(p.status).replace("-", " ") for p in hand.players}
                          if hand else {})},  # in words: `sitting out`, not `sitting-out`
            "players": {p.name: own_phrases(hand, p.name) for p in hand.players} if hand else {},
            "out": out_of(session, current),
            "settle": settle,
            "chart": running,
            "moves": moves(hand) if playing else [],
            "forms": forms(session, hand, table_money, current.number if playing and not any(
                entry["seq"] and entry["action"] != "void" and not entry["voided"] for entry in actions) else None,
                           dealer)}


def out_of(session, current) -> list[str]:
    """The players the pages strike through as out of the session's `current` hand: each dealt in whom the game
    says is out of it (`Game.out_of_hand`: a three-stake player who folded in the brag still plays the thirty-one,
    R15.3), and each seated at its deal and dealt no cards (out of a match for lives, R14.4); never one seated since
    the deal, who has been in no hand of it (R2.1)."""
    if current is None:
        return []
    hand = current.hand
    game = game_of(hand.rules)
    dealt_in = {p.name for p in hand.players}
    seated = {session.now_called(name) for name in structs.decode(current.row["seats"])} - dealt_in
    return [p.name for p in hand.players if game.out_of_hand(hand, p.name)] + [
        name for name in session.seats if name in seated]


def unstarted(said: str = "No session yet: the referee starts one.") -> dict:
    """The table where no session is open (no ledger yet, none in it, or the last closed): the referee's page starts
    one."""
    return {"session": None, "digest": "", "said": said, "players": [], "balances": [], "actions": [],
            "told": {"title": "", "turn": "", "pot": "", "lines": [], "keys": [], "states": {}, "players": {}, "out": [],
                     "settle": [], "chart": None, "season": None, "moves": [], "forms": [session_form()]}}


def next_night(session) -> dict:
    """What the next night's `session new` holds after a close, whoever started the night and however (docs/serve.md):
    the closed night's players in seat order, its game, ante, money, stakes and short money; its name is the next
    night's own."""
    from bragref.engine.money import format_money

    rules = session.rules
    return {"players": ", ".join(session.seats), "game": rules.game, "unit": rules.unit, "currency": rules.currency,
            "ante": format_money(rules.ante, rules.unit) if rules.ante else "", "stakes": rules.stakes,
            "short-money": rules.short_money}


def prefilled(form: dict, values: dict) -> dict:
    """`form` with each field that `values` names holding it (its `value`), a list's only where it is one of its
    options; an ante only with its unit (else it would be read in another money)."""
    def listed(field: dict) -> list:
        return [option[0] if isinstance(option, list) else option for option in field.get("options") or []]

    units = next((listed(field) for field in form["fields"] if field["name"] == "unit"), [])
    held = {name: value for name, value in values.items() if value and (name != "ante" or values.get("unit") in units)}
    return {**form, "fields": [{**field, "value": held[field["name"]]} if field["name"] in held and (
        not listed(field) or held[field["name"]] in listed(field)) else field for field in form["fields"]]}


def refereed(table: dict | None) -> dict:
    """What the referee's page is shown: everything, or, with no session open, the start of one."""
    if table is None:
        return unstarted("No session yet: start one here, with its name, its players and its game.")
    if table["closed"]:  # the night as it ended, in its money, and the start of the next
        start = unstarted(f"{table['said']} Start the next session here.")
        start["told"]["forms"] = [prefilled(form, table.get("next_night", {})) for form in start["told"]["forms"]]
        night = {key: table["told"][key] for key in ("settle", "chart", "season")}
        return {**start, "balances": table["balances"], "money": table["money"], "pay": table.get("pay", []),
                "pay_head": table["digest"],  # a settle-up is recorded at the closed night's table, as it stands
                "closing": table.get("closing"), "closed_session": table["session"], "told": {**start["told"], **night}}
    told_ = {key: value for key, value in table["told"].items() if key != "shown_lines"}
    return {**table, "actions": [_shown(entry, True) for entry in table["actions"]], "told": told_}


def public(table: dict) -> dict:
    """What the players' page is shown: no moves or answers to record, and nothing an action showed that is its
    players' own business while the hand is in play (a side show's cards, R13.4), neither in the hand's lines nor
    in its actions."""
    told_ = {key: value for key, value in table["told"].items() if key not in ("shown_lines", "elsewhere")}
    playing = table["phase"] in ("betting", "showdown")
    return {**{key: value for key, value in table.items() if key not in ("pay", "next_night")},  # a handle is the
            # payer's business, and the next night's form the referee's
            "actions": [_shown(entry, not playing) for entry in table["actions"]],
            "told": {**told_, "lines": table["told"]["shown_lines"], "moves": [], "forms": []}}


def seated_view(table: dict | None, player: str, request: dict | None, mode: str = "ask") -> dict:
    """What `player`'s own page is shown (their seat): what the players' page shows, marked as theirs, their moves
    when the table waits for them (named without their own player: `bet`, `fold`; only their own, never the table's
    such as an award; the cards seen in the deal disabled but those shown privately, which the players' page does not
    know), between hands their own buy-in, top-up and cash-out, why their moves wait for the referee where a tap
    of theirs does not record at once (`asks`, under `--seats record`), their request's fate (`stale` too while it waits for a
    table that has moved on), and the settle-ups they owe or are owed (`pay`: the payer pays by its link, the payee
    says it was received)."""
    if table is None:
        return {**unstarted("No session yet: the referee starts one."), "seat": player, "request": request,
                "told": {**unstarted()["told"], "forms": []}}
    if request is not None:
        request = {**request, "stale": request["state"] == "waiting" and passed(request, table)}
    shown = {**public(table), "pay": [row for row in table.get("pay", [])  # what they owe, and what they are owed
                                      if player in (row["from"], row["to"])]}
    if table["closed"]:  # read-only: the night as it closed, its digest (`closing`) and this player's result
        result = table["told"].get("results", {}).get(player)
        said = f"{shown['said']} Your night's result: {result}." if result else shown["said"]
        return {**shown, "said": said, "seat": player, "request": request,
                "told": {**shown["told"], "moves": [], "forms": []}}
    private = {word for entry in table["actions"] if entry.get("private") for word in (entry["detail"] or "").split()}
    mine = [{**move, "fields": [{**field, "pack": [[card, None if card in private else seen]
                                                   for card, seen in field["pack"]]} if "pack" in field else field
                                for field in move["fields"]]}
            for move in table["told"]["moves"] if move.get("own") and move["words"][1:2] == [player]]
    mine = [{**move, "label": move["own"]} for move in mine]  # named without its own player (`bet`, `fold`); a
    # move of the table's (`award Cat`: the pot to herself) is no player's to ask
    own = [{**form, "fields": [{**field, "options": [player], "value": player} if field["name"] == "name" else field
                               for field in form["fields"]]}
           for form in table["told"]["forms"] if form["verb"] in ("buy-in", "top-up", "cash-out")]
    if request is not None:  # `ask again` is offered for a move the seat may make now (`Watcher._fated`), or their
        verb = request["words"].split(" ", 1)[0].lower()  # own money where the seat offers its form now
        request = {**request, "again": any(form["verb"] == verb for form in own) if verb in OWN_MONEY else
                   bool(request.get("again"))}
    return {**shown, "seat": player, "request": request,
            "told": {**shown["told"], "moves": mine, "forms": own, "asks": waits(table, player, mine, mode)}}


OWN_MONEY = ("buy-in", "top-up", "cash-out")  # a seat's own money, asked between hands (`referee.OWN_MONEY`)


def waits(table: dict, player: str, mine: list[dict], mode: str) -> str:
    """Why `player`'s moves on offer wait for the referee under `--seats record`, which records at once only the
    player to act's moves: a show (the referee sees the cards), or a move at nobody's turn. Empty where a tap
    records, or asks as every tap does (`--seats ask`)."""
    if mode != "record" or not mine or table.get("to_act") == player:
        return ""
    if table.get("phase") == "showdown":
        return ("A show is recorded by the referee, who sees the cards: your tap asks them, and waits for their "
                "record.")
    return "Not your turn to act: your tap asks the referee, who records it."


def _shown(entry: dict, private: bool) -> dict:
    """A `history` entry as a page is sent it: as `history --json` gives it, its note left out where what it showed
    is its players' own business and `private` is not allowed."""
    return {key: None if key == "detail" and entry.get("private") and not private else value
            for key, value in entry.items() if key != "private"}
