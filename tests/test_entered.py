"""Where each action was entered (issue 68.3, docs/reference.md, Interactive): every action row, and every void, keeps
the shell it came from (`command`, `table`, `referee`, `seat`, `seat-self`, `import`), chained with the row so that
`audit` holds it; `history --json` says it, and `history` marks what a player's phone entered (`from Ann's phone`)."""

import json
import sqlite3

import pytest

from bragref.api import Book, open_ledger
from bragref.cli import cli
from bragref.engine.errors import BadInput
from bragref.ledger.store import Ledger
from bragref.serve.referee import Referee
from bragref.serve.seats import Seats
from conftest import Quick, rewritten


def entered(bragref, number: int | None = None) -> list[tuple]:
    """(player, action, entered) of each entry of `history --json` (of hand `number`, else of the session)."""
    return [(e["player"], e["action"], e["entered"]) for e in bragref.json(f"history {number or ''}".strip())]


@pytest.fixture
def dealt(bragref):
    bragref('session new friday --players "Andy,Bill,Chris"')
    bragref("deal")  # Andy deals: Bill first
    return bragref


def test_a_one_shot_command_enters_its_moves_and_voids_as_command(dealt):
    quick = dealt("bet bill 2")
    assert isinstance(quick, Quick)  # the quick path took the move
    clicked = dealt.runner.invoke(cli, ["--db", str(dealt.db), "fold", "chris"])  # the command line's own path
    assert clicked.exit_code == 0, clicked.output
    dealt("undo --reason 'Chris said see'")
    assert entered(dealt) == [("Andy", "deal", "command"), ("Bill", "bet", "command"), ("Chris", "fold", "command"),
                              (None, "void", "command")]


def test_run_and_simulate_enter_theirs_as_command(bragref, tmp_path):
    evening = tmp_path / "evening.brag"
    evening.write_text('session new friday --players "Andy,Bill"\ndeal\nbet bill 2\nfold andy\n', encoding="utf-8")
    bragref(f"run -q {evening}")
    assert {e for *_, e in entered(bragref)} == {None, "command"}  # None: where a pot went
    assert [e for _, action, e in entered(bragref) if action in ("bet", "fold")] == ["command", "command"]
    bragref("simulate --hands 5 --seed 3 --name sim")
    simulated = [e for _, action, e in entered(bragref) if action not in ("deal", "won", "carried")]
    assert simulated and set(simulated) == {"command"}


def test_the_table_enters_its_answers_as_table(dealt):
    dealt.table("bet bill 2", "undo", "bet bill 3", "q")
    assert entered(dealt) == [("Andy", "deal", "command"), ("Bill", "bet", "table"), (None, "void", "table"),
                              ("Bill", "bet", "table")]


def test_python_enters_as_command_unless_the_book_says_otherwise(tmp_path):
    book = open_ledger(str(tmp_path / "ledger.db"))
    book.session_new("friday", ["Andy", "Bill", "Chris"])
    book.deal()
    book.bet("bill", "2")
    lazy = Book(lambda: Ledger(str(tmp_path / "ledger.db")), "friday")
    lazy.entered = "referee"  # said before its ledger is opened: carried to it when it is
    lazy.fold("chris")
    book.entered = "seat"
    book.see("andy")
    assert [(e["action"], e["entered"]) for e in book.history(1)][1:] == \
        [("bet", "command"), ("fold", "referee"), ("see", "seat")]
    before = book.digest()
    with pytest.raises(BadInput, match="not 'phone'"):
        book.entered = "phone"
    assert book.entered == "seat" and book.digest() == before


def body(**fields) -> bytes:
    return json.dumps(fields).encode()


def test_the_referees_page_and_the_players_phones_enter_theirs(dealt):
    """The referee's own answers are `referee`; a seat's request the referee records is `seat`; under `--seats
    record` the player to act's own move is `seat-self`. `history` marks the phones' alone."""
    asking = Referee(str(dealt.db), None, Seats("ask"))
    code, said = asking.act(body(words="bet bill 2", head=dealt.json("status")["digest"]))
    assert code == 200, said
    code, said = asking.ask("Chris", body(words="bet chris 2", head=said["head"]))
    assert code == 202, said
    code, said = asking.answer(body(id=said["id"], answer="record"))
    assert code == 200, said
    recording = Referee(str(dealt.db), None, Seats("record"))
    code, said = recording.ask("Andy", body(words="fold andy", head=said["head"]))
    assert code == 200 and "recorded" in said, said
    assert entered(dealt) == [("Andy", "deal", "command"), ("Bill", "bet", "referee"), ("Chris", "bet", "seat"),
                              ("Andy", "fold", "seat-self")]
    notes = {line.split()[1]: line for line in dealt("history 1").stdout.splitlines() if line[:4].strip().isdigit()}
    assert notes["Bill"].rstrip().endswith("2") and "phone" not in notes["Bill"]
    assert notes["Chris"].rstrip().endswith("asked from Chris's phone")  # asked there, recorded by the referee
    assert notes["Andy"].rstrip().endswith("from Andy's phone") and "asked" not in notes["Andy"]  # recorded there


def test_a_phone_is_named_by_the_players_name_now_r2_6(dealt):
    Referee(str(dealt.db), None, Seats("record")).ask("Bill", body(words="bet bill 2",
                                                                    head=dealt.json("status")["digest"]))
    dealt("fold chris")
    dealt("fold andy")
    dealt("player rename bill William")
    assert "from William's phone" in dealt("history 1").stdout
    assert dealt.json("history 1")[1]["player"] == "William"


@pytest.mark.parametrize("forged", ["'seat'", "NULL"], ids=["changed", "taken-out"])
def test_where_an_action_was_entered_is_held_by_the_chain(dealt, forged):
    """A row's `entered` changed, or taken out, without its link made again is found by `audit`; made again with
    every link after it, the ledger is consistent in itself, and a digest kept outside shows it was rewritten."""
    dealt("bet bill 2")
    dealt("fold chris")
    kept = dealt.json("status")["digest"]
    with sqlite3.connect(dealt.db) as conn:
        (trigger,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'actions_no_update'").fetchone()
        conn.execute("DROP TRIGGER actions_no_update")
        conn.execute(f"UPDATE actions SET entered = {forged} WHERE id = 1")
        conn.execute(trigger)
    found = dealt("audit", code=4).stdout
    assert "actions row 1 does not match chain link" in found and len(found.splitlines()) == 1, found
    with rewritten(dealt.db):
        pass  # every link made again over the forged row
    dealt("audit")
    assert "the ledger has been rewritten since" in dealt(f"audit --digest {kept}", code=4).stdout


def test_history_csv_says_where_each_action_was_entered(dealt):
    dealt("bet bill 2")
    header, deal, bet = dealt("history --csv").stdout.splitlines()
    assert header.endswith(",reason,entered") and deal.endswith(",command") and bet.endswith(",command")


# ---- issue 79.7: audit judges where each action was entered; every page's action keeps it ---------------------------


def forged(db, sql: str, *values) -> None:
    """`sql` run on the ledger with every chain link made again after it: consistent in itself."""
    with rewritten(db) as conn:
        conn.execute(sql, values)


@pytest.mark.parametrize("value", ["'hacker'", "'Seat'", "''", "X'73656174'", "7"],
                         ids=["unknown", "case", "empty", "blob", "integer"])
def test_audit_finds_an_entered_outside_the_list(dealt, value):
    dealt("bet bill 2")
    forged(dealt.db, f"UPDATE actions SET entered = {value} WHERE id = 1")
    found = dealt("audit", code=4).stdout
    assert "actions row 1" in found and "entered" in found and len(found.splitlines()) == 1, found
    history = dealt("history --json")  # every report still reads it: no exit 1
    assert json.loads(history.stdout)[1]["action"] == "bet"


def test_a_blob_entered_breaks_no_report(dealt):
    dealt("bet bill 2")
    forged(dealt.db, "UPDATE actions SET entered = CAST('seat' AS BLOB) WHERE id = 1")
    assert dealt("history --json").exit_code == 0
    dealt("export --format json")
    assert "actions row 1" in dealt("audit", code=4).stdout


def test_audit_finds_a_phone_where_no_seated_player_could_have_entered_it(dealt):
    """A seat asks for its own player's moves and money alone: a deal, a void or a row of another kind entered
    from a phone was entered by nobody seated."""
    dealt("bet bill 2")
    dealt("undo")
    forged(dealt.db, "UPDATE actions SET entered = 'seat' WHERE verb = 'void'")
    found = dealt("audit", code=4).stdout
    assert "actions row 2" in found and "seated" in found, found


def test_audit_takes_every_place_in_the_list_and_rows_that_keep_none(dealt):
    dealt("bet bill 2")
    dealt("fold chris")
    for place in ("command", "table", "referee", "seat", "seat-self", "app", "import"):
        forged(dealt.db, "UPDATE actions SET entered = ? WHERE id = 1", place)
        dealt("audit")
    forged(dealt.db, "UPDATE actions SET entered = NULL")  # as a bragref before schema 13 wrote them
    forged(dealt.db, "UPDATE hands SET entered = NULL")
    dealt("audit")


def test_the_app_is_a_place_an_action_is_entered(tmp_path):
    book = open_ledger(str(tmp_path / "ledger.db"))
    book.entered = "app"
    book.session_new("friday", ["Andy", "Bill"])
    book.deal()
    book.bet("bill", "2")
    assert [e["entered"] for e in book.history(1)][:2] == ["app", "app"]


def test_everything_the_referees_page_records_keeps_where_it_was_entered(bragref):
    """A deal, a form's row (a player joining, the rules changed, a loan), an undo: all `referee`, never null."""
    page = Referee(str(bragref.db), None)
    head = ""
    for words in ('session new friday --players "Andy,Bill,Chris" --stakes table', "buy-in andy 20",
                  "buy-in bill 20", "lend andy chris 5", "player join Dan", "buy-in dan 20", "rules set ante 2", "deal", "bet bill 2",
                  "undo"):
        code, said = page.act(body(words=words, head=head))
        assert code == 200, (words, said)
        head = said["head"]
    assert [e["entered"] for e in bragref.json("history 1")] == ["referee", "referee", "referee"]
    with sqlite3.connect(bragref.db) as conn:
        for table in ("sessions", "session_events", "hands", "actions", "loans", "purses"):
            places = {place for (place,) in conn.execute(f"SELECT entered FROM {table}")}
            assert places == {"referee"}, (table, places)
    bragref("audit")


def test_a_phones_buy_in_is_its_seated_players_by_any_name_they_had(bragref):
    """A buy-in asked from a phone and recorded (`seat`) is the seated player's own, under the name they have now
    (R2.6): sound. The same mark on a loan, which no phone asks, is a finding."""
    bragref('session new friday --players "Andy,Bill" --stakes table')
    bragref("player rename bill William")
    seats = Seats("ask")
    page = Referee(str(bragref.db), None, seats)
    code, said = page.ask("William", body(words="buy-in william 5", head=bragref.json("status")["digest"]))
    assert code == 202, said
    code, said = page.answer(body(id=said["id"], answer="record"))
    assert code == 200, said
    with sqlite3.connect(bragref.db) as conn:
        assert conn.execute("SELECT player, entered FROM purses").fetchall() == [("William", "seat")]
    bragref("audit")
    bragref("lend andy william 2")
    forged(bragref.db, "UPDATE loans SET entered = 'seat'")
    assert "loans row 1 says a player's phone entered it" in bragref("audit", code=4).stdout


def test_a_payment_the_payees_phone_records_is_sound_and_no_other_phone_mark_on_money_is(bragref):
    """The payee's phone records a settle-up it received (`received £0.50 from Bill`, docs/serve.md, Settling up
    from the phones): `seat-self` on a payment to the seat's own player, before or after the close, audits sound. A
    phone never records a payment to someone who never sat (a bystander lender), never asks one for the referee to
    record (`seat`), and never voids one: each of those marks is a finding."""
    bragref('session new friday --players "Ann,Bill" --unit 0.01 --currency £ --ante 0.50')
    bragref("deal")
    bragref("fold bill")  # Bill owes Ann the ante
    bragref('lend "Aunt May" bill 1 --bystander')
    bragref("session close")
    page = Referee(str(bragref.db), None, Seats("ask"))
    code, said = page.ask("Ann", body(words="paid Bill Ann 0.50", head=bragref.json("status")["digest"]))
    assert code == 200, said
    with sqlite3.connect(bragref.db) as conn:
        assert conn.execute("SELECT payer, payee, entered FROM payments").fetchall() == [("Bill", "Ann", "seat-self")]
    assert bragref("audit --all").exit_code == 0
    bragref('paid Bill "Aunt May" 1')  # the referee's, at the terminal
    forged(bragref.db, "UPDATE payments SET entered = 'seat-self' WHERE id = 2")  # a phone, on someone else's
    found = bragref("audit --all", code=4).stdout
    assert "payments row 2 says a player's phone entered it" in found and "payments row 1" not in found, found
    forged(bragref.db, "UPDATE payments SET entered = 'command' WHERE id = 2")
    bragref("audit --all")
    forged(bragref.db, "UPDATE payments SET entered = 'seat' WHERE id = 1")  # no phone asks the referee to record one
    assert "payments row 1 says a player's phone entered it" in bragref("audit --all", code=4).stdout
    forged(bragref.db, "UPDATE payments SET entered = 'seat-self' WHERE id = 1")
    bragref("undo")  # the payment to Aunt May, voided at the terminal: a phone never voids one
    forged(bragref.db, "UPDATE payments SET entered = 'seat-self' WHERE voids IS NOT NULL")
    assert "payments row 3 says a player's phone entered it" in bragref("audit --all", code=4).stdout
    forged(bragref.db, "UPDATE payments SET entered = 'command' WHERE voids IS NOT NULL")
    bragref('paid Bill "Aunt May" 1')
    bragref('session new saturday --players "Aunt May,Bill" --unit 0.01 --currency £')
    forged(bragref.db, "UPDATE payments SET entered = 'seat-self' WHERE id = 4")  # she had no seat when it was paid
    assert "payments row 4 says a player's phone entered it" in bragref("audit --all", code=4).stdout
    forged(bragref.db, "UPDATE payments SET entered = 'command' WHERE id = 4")
    bragref("audit --all")


def test_a_payment_the_payees_phone_records_says_whose_phone(bragref):
    """Issue 77: a settle-up confirmed from a seat was said nowhere as from whose phone. The row keeps `seat-self`
    (the one phone that records a payment is its payee's, which audit holds it to), and everything that tells of it
    names that phone: the referee's page at once (`Ann's phone recorded: …`), the night's lines on every page and
    `settle` (`Bill paid Ann £0.50 (from Ann's phone)`), and audit's finding where the mark is not sound."""
    from bragref.serve.watch import Watcher

    bragref('session new friday --players "Ann,Bill,Cat" --unit 0.01 --currency £ --ante 0.50')
    bragref("deal")  # Ann deals: Bill first
    bragref("fold bill")
    bragref("fold cat")  # Bill and Cat owe Ann their antes
    seats = Seats("ask")
    page = Referee(str(bragref.db), None, seats)
    code, said = page.ask("Ann", body(words="paid Bill Ann 0.50", head=bragref.json("status")["digest"]))
    assert code == 200, said
    assert seats.phoned["line"] == "Ann's phone recorded: Bill paid Ann £0.50."  # on the referee's page
    bragref("paid Cat Ann 0.50")  # at the terminal: no phone
    with sqlite3.connect(bragref.db) as conn:
        assert conn.execute("SELECT payer, payee, entered FROM payments").fetchall() == [
            ("Bill", "Ann", "seat-self"), ("Cat", "Ann", "command")]
    told = bragref("settle").stdout
    assert "Bill paid Ann £0.50 (from Ann's phone); Cat paid Ann £0.50." in told, told
    watcher = Watcher(str(bragref.db))
    watcher.look()
    lines = json.loads(watcher.views["players"])["told"]["settle"]
    assert any("Bill paid Ann £0.50 (from Ann's phone); Cat paid Ann £0.50." in line for line in lines), lines
    watcher._close()
    bragref("audit")
    bragref('lend "Aunt May" cat 1 --bystander')  # a phone's mark on a payment to someone who never sat: a finding
    # that names the phone it claims
    bragref('paid Cat "Aunt May" 1')
    forged(bragref.db, "UPDATE payments SET entered = 'seat-self' WHERE id = 3")
    found = bragref("audit", code=4).stdout
    assert "payments row 3 says a player's phone entered it (seat-self, from Aunt May's phone)" in found, found
