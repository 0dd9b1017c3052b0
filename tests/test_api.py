"""The Python API (docs/reference.md, Python): its documentation's examples run as tests, as the README promises."""

import doctest
import importlib
from pathlib import Path

import pytest

import bragref
from conftest import Bragref

DOCUMENTED = ["bragref.api", "bragref.games", "bragref.games.protocol", "bragref.games.brag", "bragref.games.teenpatti",
              "bragref.games.bastard"]


@pytest.mark.parametrize("module", DOCUMENTED)
def test_the_examples_in_the_docs_run(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_the_api_loads_only_when_asked_for():
    assert "api" not in vars(bragref) or callable(bragref.deal)
    assert bragref.find_game("brag").name == "brag"
    with pytest.raises(AttributeError):
        bragref.nothing_of_the_sort  # noqa: B018


def test_a_refusal_through_the_api_names_the_rule_and_what_is_allowed():
    hand = bragref.deal("brag", ["Andy", "Bill"], ante=1)
    with pytest.raises(bragref.Refused) as refused:
        hand.push(bragref.See("Bill"))
    assert refused.value.rule == "R5.1" and refused.value.legal.player == "Bill"
    assert hand.hand.pot == 2 and not hand.moves


def test_the_ledger_object_plays_teen_patti_and_a_match_for_lives(tmp_path):
    """`Book.act` takes any game's verbs (a side show, an exchange, a knock), as `bragref` does."""
    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("tp", ["Andy", "Bill", "Chris"], game="teen-patti")
    book.deal()
    book.act("bet", "bill", "2")
    book.act("bet", "chris", "2")
    book.act("look", "andy")  # a side show is asked by a seen player (R13.4)
    assert book.act("sideshow", "andy", "2").to_act == 1  # Chris, asked, answers
    book.act("refuse", "chris")
    book.session_new("bus", ["Andy", "Bill", "Chris"], game="bastard", scoring="lives", knock_from="1")
    book.deal()
    book.act("knock", "bill")
    book.act("exchange", "chris", "1")
    hand = book.act("exchange", "andy", "3")
    assert hand.phase == "showdown" and dict(hand.lives) == {"Andy": 3, "Bill": 3, "Chris": 3}
    for player, cards in (("bill", "Ah Ad Kc"), ("chris", "9h 9d 4c"), ("andy", "5c 3d 2h")):
        hand = book.act("show", player, *cards.split())
    assert hand.lost == "Andy" and dict(hand.lives)["Andy"] == 2



def test_the_ledger_object_has_the_command_lines_recording_verbs(tmp_path):
    """Seats, names, table money, a close, a match: each as its command records it, refused as it refuses."""
    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("fri", ["Andy", "Bill"], stakes="table", unit="0.01", currency="£")
    assert book.buy_in("andy", "5") == 500 and book.buy_in("bill", "2.50") == 250
    assert book.join("Chris", after="andy").seats == ["Andy", "Chris", "Bill"]
    assert book.top_up("chris", "3") == 300
    assert book.rename("bill", "William").seats == ["Andy", "Chris", "William"]
    assert book.leave("chris").seats == ["Andy", "William"]
    assert book.cash_out("william", "1") == 150 and book.cash_out("william") == 0
    assert book.top_up("william", "1") == 100
    book.deal()
    with pytest.raises(bragref.Refused) as refused:
        book.top_up("andy", "1")
    assert refused.value.rule == "R1.3"
    book.fold("william")
    book.session_new("lives", ["Andy", "Bill", "Chris"], game="bastard", scoring="lives")
    assert book.match_new().name == "lives"
    assert book.session_use("fri").name == "fri" and book.session == "fri"
    digest = book.session_close()
    assert digest == book.ledger.digest() and book.ledger.session("fri").closed


def test_the_books_own_moves_play_brag_and_hoyles_brag_to_the_end(tmp_path):
    """`Book.cover`, `showdown`, `show`, `concede`, `award`, `raise_` and `hand`, each its move as the command
    records it (none had a test): a cover settled as R7.3 says, an agreed showdown conceded, Hoyle's raise, a
    split award; every net asserted."""
    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("fri", ["Andy", "Bill", "Chris"], stakes="table")
    assert book.hand() is None  # none dealt yet
    for name, amount in (("andy", "9"), ("bill", "9"), ("chris", "1")):
        book.buy_in(name, amount)
    book.deal()  # Andy deals: antes 1 each, Chris's last on the table
    book.bet("bill", "2")
    assert book.cover("chris", "0").players[1].status == "covered" and book.hand().pot == 5
    book.fold("andy")  # Bill wins the pot after the covered one, then shows first against the coverer (R7.3)
    book.show("bill", "2c", "3c", "4c")
    assert book.show("chris", "As", "Ad", "Ah").phase == "over"
    assert {r["player"]: r["net"] for r in book.balances()} == {"Andy": -1, "Bill": -3, "Chris": 4}
    book.session_new("sat", ["Andy", "Bill", "Chris"])
    book.deal()
    for name in ("bill", "chris", "andy"):
        book.bet(name, "1")
    assert book.showdown().phase == "showdown"  # agreed by the three still betting (R6.5)
    book.concede("bill")
    book.concede("chris")
    assert book.hand().phase == "over"  # Andy's the pot, his cards unseen
    assert {r["player"]: r["net"] for r in book.balances()} == {"Andy": 4, "Bill": -2, "Chris": -2}
    book.session_new("hoyle", ["Andy", "Bill", "Chris"], game="hoyle")
    book.deal()
    book.bet("andy", "2")  # the dealer's stake (R11.1)
    assert book.raise_("bill", "2").stake == 4
    book.fold("chris")
    book.call("andy")  # the totals equal and Bill the last raiser: he stands
    book.stand("bill")
    assert book.award("andy", "bill").phase == "over"  # an even split of 8
    assert {r["player"]: r["net"] for r in book.balances()} == {"Andy": 0, "Bill": 0, "Chris": 0}


def test_no_games_own_move_is_written_into_the_book():
    """Issue 66.2: `Book` wrote Hoyle's `call` and `raise_`, and brag's `look`, `see`, `cover` and `showdown`, as
    methods of its own; a game's moves are its declarations', found by name, and the Book's parts write only the
    verbs every game shares (`games.verbs.FAMILY_VERBS`)."""
    import keyword

    from bragref.api import Book
    from bragref.games import game_verbs, verb_aliases
    from bragref.games.verbs import FAMILY_VERBS

    games_own = {verb.replace("-", "_") for verb in (*game_verbs(), *verb_aliases())} - set(FAMILY_VERBS)
    games_own |= {f"{name}_" for name in games_own if keyword.iskeyword(name)}
    written = {name for part in Book.__mro__ if part.__module__.startswith("bragref.") for name in vars(part)}
    assert not written & games_own, sorted(written & games_own)


def test_a_games_own_moves_are_the_books_as_its_declarations_say(tmp_path):
    """Hoyle's `raise_` and `stand`, Teen Patti's `chaal` and every game's `pass_` (a trailing underscore for Python's
    keywords) are found by `dir` and by name, each told as its declaration tells it; a value is given by its field's
    name as it is typed (`amount="2"`, `blind=True`), and a name the move has no field for is bad input, nothing
    recorded."""
    from bragref.games.hoyle.actions import Raise

    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("hoyle", ["Andy", "Bill", "Chris"], game="hoyle")
    assert {"raise_", "stand", "chaal", "pass_", "show_for"} <= set(dir(book)) and "raise" not in dir(book)
    assert book.raise_.__doc__ == Raise.help and book.raise_.__name__ == "raise_"
    book.deal()
    assert book.act("bet", "andy", amount="2", blind=False).stake == 2  # the dealer's stake (R11.1)
    before = book.digest()
    with pytest.raises(bragref.BadInput, match="raise has no value 'by'"):
        book.raise_("bill", by="2")
    assert book.digest() == before
    assert book.raise_("bill", amount="2").stake == 4 and book.last[2] == Raise("Bill", 2)


def test_a_move_travels_to_the_write_as_the_words_said(tmp_path, monkeypatch):
    """Issue 66.5: a move went to the write as a closure over its words, through `Book.act`, `Book.record`,
    `Ledger.act` and `Ledger._act`, where nothing could follow the bet's amount; it goes as a value (`Said`), the
    amount among its words, a command's and a table's answer alike, and is made into its action at the write."""
    from bragref.answers import Answers
    from bragref.games.verbs import Bet, Said
    from bragref.ledger.store import Ledger

    given, act = [], Ledger.act
    monkeypatch.setattr(Ledger, "act", lambda self, session, move: act(self, session, given.append(move) or move))
    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("s", ["Andy", "Bill"], unit="0.01", ante="0.10")
    book.deal()
    book.bet("bill", "0.50")
    Answers(book, lambda line: None).record(["bb", "andy", "1"])
    assert given == [Said("bet", ("bill", "0.50", "open")), Said("bet", ("andy", "1"), kind=Bet, given={"blind": True},
                                                                 answer=True)]
    assert book.last[2] == Bet("Andy", 100, blind=True)


def test_a_write_finds_its_hands_game_once(tmp_path, monkeypatch):
    """Issue 66.5: a bet asked the registry for its hand's game three times in its write (to read its words, to fill
    them in, to apply it); the write finds it once and hands it down."""
    from bragref.games import Registry

    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("s", ["Andy", "Bill", "Chris"])
    book.deal()
    asked, find = [], Registry.__getitem__
    monkeypatch.setattr(Registry, "__getitem__", lambda self, name: asked.append(name) or find(self, name))
    book.bet("bill", "2")
    assert asked == ["brag"]


def test_the_ledger_object_tells_the_history_and_audits_as_the_commands_do(tmp_path):
    """`Book.history` gives `history --json`'s entries (a hand the session lacks refused at once); `Book.audit` finds
    what `bragref audit` finds: a row changed outside bragref, and the sums it breaks (R1.2)."""
    import sqlite3

    path = tmp_path / "ledger.db"
    book = bragref.open_ledger(str(path))
    book.session_new("fri", ["Andy", "Bill"])
    book.deal()
    book.bet("bill", "2")
    book.fold("andy")
    kept = book.digest()
    assert book.audit(digest=kept) == [] and book.audit(all_sessions=True) == []
    assert [e["action"] for e in book.history()] == ["deal", "bet", "fold", "won"]
    with pytest.raises(bragref.BadInput, match="no hand 2"):
        book.history(2)
    book.ledger.close()
    told = Bragref(path)("replay 1").stdout.splitlines()
    assert bragref.open_ledger(str(path)).replay(1) == told and told[-1].endswith("everyone else folded (R6.1).")
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TRIGGER IF EXISTS postings_no_update")
        conn.execute("UPDATE postings SET amount = amount + 1 WHERE player = 'Bill' AND kind = 'win'")
    findings = bragref.open_ledger(str(path)).audit(digest=kept)
    assert any("postings row" in f and "changed after it was written" in f for f in findings)
    assert any("sum to 1, not 0 (R1.2)" in f for f in findings)


def test_the_ledger_object_exports_and_imports_as_the_commands_do(tmp_path):
    """`Book.export` writes what `bragref export` writes; `Book.import_history` records it in another ledger,
    exporting to the same text; a line the rules refuse raises `Refused` naming the hand and the rule (R2.5), and
    nothing is recorded (docs/reference.md: import is all of it or nothing)."""
    path = tmp_path / "ledger.db"
    book = bragref.open_ledger(str(path))
    book.session_new("fri", ["Andy", "Bill"], ante="1")
    book.deal()
    book.bet("bill", "2")
    book.fold("andy")
    text = book.export()
    assert text == Bragref(path)("export --format bhh").stdout
    assert book.export("json") == Bragref(path)("export --format json").stdout
    with pytest.raises(bragref.BadInput, match="bhh or json"):
        book.export("csv")
    other = bragref.open_ledger(str(tmp_path / "other.db"))
    assert other.import_history(text, use=True) == "fri" and other.export() == text
    anonymous = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("session_id = "))
    with pytest.raises(bragref.Refused, match=r"hand 1, p2 fold: it is Andy's turn.*\(R2\.5\)"):
        other.import_history(anonymous.replace("'p1 fold'", "'p2 fold'"), "wrong")  # another night: without fri's
    with pytest.raises(bragref.BadInput, match="hand 1, p2 bet two open"):  # identity (which is known by it first)
        other.import_history(anonymous.replace("p2 bet 2 open", "p2 bet two open"), "unread")
    from bragref.ledger.exchange import Diverged

    with pytest.raises(Diverged, match="differs from the one here from hand 1 on"):  # the same night, told otherwise
        other.import_history(text.replace("p2 bet 2 open", "p2 bet 3 open"), "told-otherwise")
    assert other.ledger.session_names() == ["fri"]


def test_every_verb_of_every_game_is_a_method_of_the_book(tmp_path):
    """Issue 40: from Python, every verb the command line has is there (`book.exchange`, `book.chaal`), each the
    generic `act`; Bastard Brag's exchanges and Teen Patti's side show played through them."""
    from bragref.games import game_verbs, verb_aliases

    book = bragref.open_ledger(str(tmp_path / "ledger.db"))
    assert all(callable(getattr(book, verb.replace("-", "_"))) for verb in [*game_verbs(), *verb_aliases()])
    book.session_new("b", ["Andy", "Bill", "Chris"], game="bastard")
    book.deal(up="9c")
    assert book.exchange("bill", "1").phase == "betting" and book.status()["to_act"] == "Chris"
    book.session_new("t", ["Asha", "Bina", "Chetan", "Dev"], game="teen-patti")
    book.deal()
    book.look("bina")
    book.chaal("bina", "2")
    book.look("chetan")
    assert book.sideshow("chetan", "2").sideshow is not None
    assert book.accept("bina").sideshow.accepted
    with pytest.raises(AttributeError):
        book.frobnicate  # noqa: B018 - the read is what is tested


def test_the_command_line_is_a_shell_over_the_book(tmp_path):
    """Issue 40: what a command records, the Book records and keeps in `last` for the shell to print from; the
    audit reads the file as `bragref audit` does, changing nothing, and says what each check looked at."""
    import sqlite3

    path = str(tmp_path / "ledger.db")
    book = bragref.open_ledger(path)
    book.session_new("fri", ["Andy", "Bill", "Chris"], game="three-stake")
    assert book.deal(up="Kh 2c Ad").stake == 0
    session, current, previous = book.last
    assert (session.name, current.number, previous) == ("fri", 1, None)
    book.call("bill")
    action = book.last[2]  # three-stake's own call, a check here (R15.3)
    assert (action.verb, action.player, book.last[1].hand.to_act) == ("call", "Bill", 1)
    before = Path(path).read_bytes()
    heard = []
    audited = bragref.Audit(path)
    assert audited.findings(checked=lambda what, found: heard.append((what, found))) == []
    assert heard and all(found == [] for _, found in heard) and Path(path).read_bytes() == before
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TRIGGER actions_no_update")
        conn.execute("UPDATE actions SET player = 'Chris' WHERE id = 1")
    assert any("does not match" in line for line in bragref.Audit(path, "fri").findings())
