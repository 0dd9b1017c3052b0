"""The referee's evening (issue 15): everything from the table, a screen that fits, answers that explain, `replay`
and `summary`, and the small things a referee reaches for."""

import os
import re
import sys

import pytest

from bragref.api import open_ledger
from conftest import ROOT
from tests.test_cover import covered_then_seen, four  # noqa: F401 - fixtures shared with the cover tests
from tests.test_show import nets, seen  # noqa: F401 - the see of test_show

MAN = ROOT / "man"


@pytest.fixture
def pence(bragref):
    bragref('session new friday --players "Andy,Bill,Chris,Dan,Eddie" --unit 0.01 --currency £ --ante 0.10 '
            '--stakes table --short-money both')
    return bragref


# ---- everything from the table --------------------------------------------------------------------------------


def test_loans_buy_ins_top_ups_and_the_rest_are_answers_at_the_table(pence):
    out = pence.table("buy-in andy 5", "buy-in bill 5", "buy-in chris 5", "buy-in dan 5", "buy-in eddie 2",
                      "lend andy eddie 1.50", "top-up eddie 0.50", "d", "b 0.20", "lend 'Aunt May' dan 1 bystander",
                      "f", "f", "f", "f", "repay eddie andy 0.50", "cash-out bill", "rules ante 0.20",
                      "rename chris Christopher", "leave dan", "join Fred after andy", "q").output
    assert "Andy lends Eddie £1.50 onto the table: owed until repaid (R7.5)." in out
    assert "Eddie tops up by £0.50: £4.00 on the table (R1.3)." in out
    assert "Aunt May lends Dan £1.00" in out
    assert "Eddie repays Andy £0.50 (R7.5)." in out
    assert "ante is now £0.20 from the next hand (R2.3, R9.3)." in out
    assert "Chris is called Christopher from now on." in out
    assert "Seats: Andy, Fred, Bill, Christopher, Eddie." in out
    assert "error" not in out and "refused" not in out
    balances = {r["player"]: (r["net"], r["loans"]) for r in pence.json("balances")}
    assert balances["Andy"] == (-10 + 100, 100) and balances["Aunt May"] == (100, 100)
    assert pence.json("rules show")["ante"] == "£0.20"


def test_closing_the_session_from_the_table_prints_the_digest(pence):
    out = pence.table("close", "q").output
    assert "Session friday is closed. Ledger digest: " in out


def test_a_closed_session_at_the_table_offers_what_goes_on_not_a_deal_r9_1(bragref):
    """Closed, nothing more is recorded (R9.1): the table no longer offers `d` to deal, only the reports."""
    bragref('session new friday --players "Andy,Bill"')
    out = bragref.table("close", "q").output.split("Ledger digest: ", 1)[1]
    assert "`d` to deal" not in out and "d deal" not in out
    assert "Session friday · closed (R9.1)" in out
    assert "Closed — bal · settle · ? · q > " in out


def test_a_retained_hand_prompt_gives_the_answer_it_takes(bragref):
    bragref('session new s --players "Andy,Bill"')
    out = bragref.table("d", "bb 1", "f", "d", "b 1").output
    assert "l old|new keep|fold" in out and "--hand" not in out


def test_answers_that_are_neither_names_nor_amounts_say_so(pence):
    pence.table(*(f"buy-in {n} 5" for n in ("andy", "bill", "chris", "dan", "eddie")), "d")
    err = " ".join(pence.table("b two", "b -1", "bett 2", "Kx Qd 2c", "q").stderr.split())  # wrapped to 80
    assert "'two' is neither a player here" in err and "nor an amount" in err
    assert "not an amount: '-1'" in err
    assert "'bett' is not an answer here (did you mean 'bet'?)" in err
    command_line = pence("show bill Kx Qd 2c", code=2).stderr
    assert "'x' is not a suit" in command_line and "'x' is not a suit" in err
    assert "did you mean 'fold'?" in pence("fodl andy", code=2).stderr


# ---- a screen that fits ------------------------------------------------------------------------------------------


def block_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line and not line.startswith("bragref table")]


@pytest.mark.parametrize("players", [5, 8])
@pytest.mark.parametrize("columns", [80, 120])
def test_the_table_block_fits_the_terminal_and_labels_its_numbers(bragref, monkeypatch, players, columns):
    names = ["Andy", "Bill", "Christopher-Longname", "Dan", "Eddie", "Fred", "Georgina Alexandra Featherstonehaugh",
             "Hal"][:players]
    bragref(f'session new s --players "{",".join(names)}" --stakes table')
    for name in names:
        bragref(f'buy-in "{name}" 20')
    bragref("lend andy bill 3")
    monkeypatch.setenv("COLUMNS", str(columns))
    out = bragref.table("d", "b 2", "q").output
    header = [line for line in out.splitlines() if line.lstrip().startswith("player")]
    assert header and all(re.search(r"state +paid in +on table +loans", h) for h in header[1:])
    assert all(len(line) <= columns for line in out.splitlines() if not line.endswith("> ") and "—" not in line)
    assert re.search(r"^> Bill +open +3 +17 +-3$", out, re.MULTILINE) is None  # Bill acted: Chris… is to act now
    assert re.search(r"^  Bill +open +3 +20 +-3$", out, re.MULTILINE)


def test_on_a_terminal_the_block_fits_80_columns_and_bolds_the_player_to_act(bragref):
    pexpect = pytest.importorskip("pexpect")
    bragref('session new s --players "Andy,Bill,Chris,Dan,Eddie"')
    bragref("deal")
    child = pexpect.spawn(sys.executable, ["-m", "bragref", "--db", str(bragref.db), "table"],
                          env={k: v for k, v in os.environ.items() if k != "NO_COLOR"}, encoding="utf-8",
                          dimensions=(40, 80), timeout=20)
    child.expect_exact("fold > ")  # the prompt itself, not the block's ">" marking the player to act
    screen = child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "\x1b[1m> Bill" in screen  # bold, and marked for anyone reading without colour
    assert all(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) <= 80 for line in screen.splitlines() if " — " not in line)


def test_a_stale_free_evening_of_eight_hands_at_the_table(bragref):
    bragref('session new friday --players "Andy,Bill,Chris,Dan,Eddie"')
    answers = []
    for _hand in range(8):  # each hand: the first to act bets 2, the next folds, and so on until one is left
        answers += ["d", "b 2", "f", "f", "f", "f"]
    result = bragref.table(*answers, "q")
    assert "stale" not in result.output and "error" not in result.output and "refused" not in result.output
    assert result.output.count(" over: ") == 8
    net = nets(bragref)
    assert sum(net.values()) == 0
    # the deal passes left each hand (R2.2): hands 1–8 dealt by Andy, Bill, … so each first bettor wins 4 antes
    # hands 1–8 dealt by Andy, Bill, Chris, Dan, Eddie, Andy, Bill, Chris: the dealer's left wins each, +4, and
    # everyone else loses the ante, -1
    assert net == {"Andy": 4 - 7, "Bill": 8 - 6, "Chris": 8 - 6, "Dan": 8 - 6, "Eddie": 4 - 7}


# ---- answers that explain -------------------------------------------------------------------------------------------


def test_a_tied_see_says_the_seer_loses(seen):
    bragref = seen()
    bragref("show bill 7s 7h Qc")
    out = bragref("show andy 7c 7d Qd").stdout
    assert "equal hands (pair of sevens, odd card Q): the seer loses (R5.4" in out


def test_settle_explains_the_carried_pot(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 2 --blind")
    bragref("fold chris")
    bragref("fold andy")
    out = bragref("settle").stdout
    assert "pays carried pot" in out
    assert "left in the middle when everyone folded to a blind player (R6.2)" in out
    assert "whoever wins the next hand" in out


# ---- replay --------------------------------------------------------------------------------------------------------


def test_replay_tells_a_tied_see_with_its_price_and_rule(bragref):
    bragref('session new s --players "Andy,Bill,Chris" --unit 0.01 --currency £ --ante 0.10')
    bragref("deal")
    bragref.lines("""
        bet bill 0.20 --blind
        fold chris
        see andy
        show bill 7s 7h Qc
        show andy 7c 7d Qd
    """)
    story = bragref("replay 1").stdout
    assert "Hand 1 was dealt by Andy" in story and "each put in the ante of £0.10 (R2.3)" in story
    assert "1. Bill bet £0.20 blind, worth £0.40 open (R3.3), opening the betting: the stake is £0.40" in story
    assert "2. Chris folded." in story
    assert "3. Andy paid £0.40 to see Bill: as a blind player, twice half the stake of £0.40 rounded up (R5.3, R3.1)" \
        in story
    assert "equal hands (pair of sevens, odd card Q): the seer loses (R5.4, R8)" in story
    assert "Bill took the pot of £0.90" in story


def test_replay_tells_a_covered_pot_chain(covered_then_seen):
    bragref = covered_then_seen
    bragref("show bill Ah Ad As")
    story = bragref("replay 1").stdout
    assert "2. Bill could not meet the minimum and covered with 3 (R7.2): the pot of 11 is frozen for them" in story
    assert "The pots were settled newest first (R7.3)" in story
    assert "the last pot (20) to Dan" in story and "Dan (pair of kings, odd card 4) beats Andy" in story
    assert "the pot covered by Bill (11) to Bill — against its coverer (R7.3), Bill (prial of aces) beats Dan" in story
    assert nets(bragref) == {"Andy": -9, "Bill": 7, "Chris": -5, "Dan": 7}


def test_replay_tells_a_carried_pot_and_a_void(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 3")
    bragref("undo --reason 'Bill said 2'")
    bragref("bet bill 2 --blind")
    bragref("fold chris")
    bragref("fold andy")
    story = bragref("replay 1").stdout
    assert "1. Bill bet 3 open. (Voided below.)" in story
    assert "2. Action 1 was voided: 'Bill said 2' (R9.1)" in story
    assert "Everyone folded to Bill, who had not looked: nobody took the pot, and its 5 was carried into the next " \
           "hand, Bill keeping the blind hand (R6.2)." in story
    bragref("deal")
    assert "5 was carried in from the hand before, its carried pot (R6.2)" in bragref("replay 2").stdout
    assert "Bill held the retained blind hand and a new one (R6.3)" in bragref("replay 2").stdout


def test_replay_of_a_hand_not_over_says_who_is_to_act_or_to_show(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref("deal")
    bragref("bet bill 1 --blind")
    assert bragref("replay 1").stdout.endswith("The hand is not over: Andy to act, the pot 3.\n")
    bragref("see andy")  # unlooked, Andy sees as a blind player (R3.1)
    assert bragref("replay 1").stdout.endswith("The hand is not over: Bill to show or concede, the pot 5.\n")


def test_replay_of_a_hand_that_is_not_there_is_bad_input(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref("replay 3", code=2)


# ---- summary ----------------------------------------------------------------------------------------------------------


@pytest.fixture
def evening(bragref):
    bragref('session new friday --players "Andy,Bill,Chris" --unit 0.01 --currency £ --ante 0.10')
    bragref("deal")
    bragref.lines("""
        bet bill 0.50
        fold chris
        look andy
        see andy
        show bill Kh Kd 4c
        show andy 3h 3d 3s
    """)
    bragref("deal")
    bragref("bet chris 0.20")
    bragref("fold andy")
    bragref("fold bill")
    return bragref


def test_summary_tells_the_night_in_a_few_lines(evening):
    out = evening("summary").stdout
    assert out.startswith("friday · 2 hands played")
    assert "Biggest pot: £1.80, won by Andy in hand 1." in out
    assert re.search(r"Andy +\+£0\.60", out) and re.search(r"Chris +\+£0\.10", out)
    assert re.search("Bill +\u2212\u2060£0\\.70\n", out), out  # a minus sign joined to its amount (docs/reference.md)
    assert "-£" not in out  # never a hyphen, which a chat may break a line after
    widths = {line.replace("\u2060", "").index("£") for line in out.splitlines() if line.startswith("  ")}
    assert len(widths) == 1, out  # the amounts right-aligned: the joiner takes no column
    assert "Settle up: Bill pays Andy £0.60; Bill pays Chris £0.10." in out
    assert f"Ledger digest: {evening.json('status')['digest']}" in out


def test_summary_in_markdown_for_the_group_chat(evening):
    out = evening("summary --fmt markdown").stdout
    assert out.startswith("**friday** · 2 hands played")
    assert "| Andy | +£0.60 |" in out and "| --- | ---: |" in out
    assert "| Bill | \u2212\u2060£0.70 |" in out and "-£" not in out
    assert "Ledger digest: `" in out


def test_summary_of_every_session(evening):
    evening('session new saturday --players "andy,Bill" --unit 0.01 --currency £ --ante 0.10')
    evening("deal")
    evening("bet bill 0.10")
    evening("fold andy")
    out = evening("summary --all").stdout
    assert out.startswith("friday, saturday · 3 hands played") and "in hand 1 of friday" in out
    assert re.search(r"Andy +\+£0\.50", out)  # one person in every session (R2.6)


def test_sessions_kept_in_different_money_are_reported_side_by_side_r1_1(evening):
    """Issue 65: a chips night and a pence night could not share a ledger's reports: `season`, `settle --all`,
    `balances --all` and even `paid` refused. 1 chip is not £0.01, so each money is added up apart: one table per
    money, JSON rows saying their `money` (one unit written in it), and a payment judged in the money of the
    sessions that made the debt. Friday in pence: Andy +£0.60, Bill -£0.70, Chris +£0.10; the chips night: Andy
    +1, Bill -1."""
    evening('session new chips --players "Andy,Bill"')
    evening("deal")  # Andy deals, and Bill folds to him: the antes' 2 to Andy
    evening("fold bill")
    pence = {"paid_up": 0, "money": "£0.01"}
    assert evening.json("balances --all") == [
        {"player": "Andy", "paid": 120, "won": 180, "result": 60, "loans": 0, "net": 60, "owed": 60, **pence},
        {"player": "Bill", "paid": 70, "won": 0, "result": -70, "loans": 0, "net": -70, "owed": -70, **pence},
        {"player": "Chris", "paid": 40, "won": 50, "result": 10, "loans": 0, "net": 10, "owed": 10, **pence},
        {"player": "Andy", "paid": 1, "won": 2, "result": 1, "loans": 0, "net": 1, "paid_up": 0, "owed": 1,
         "money": "1"},
        {"player": "Bill", "paid": 1, "won": 0, "result": -1, "loans": 0, "net": -1, "paid_up": 0, "owed": -1,
         "money": "1"}]
    text = evening("balances --all").stdout
    assert text.startswith("In units of £0.01:\n") and "\n\nIn units of 1:\n" in text
    assert re.search(r"Andy +£1\.20 +£1\.80 +£0\.60\n", text) and re.search(r"Andy +1 +2 +1\n", text)
    assert evening.json("settle --all") == [{"from": "Bill", "to": "Andy", "amount": 60, "money": "£0.01"},
                                            {"from": "Bill", "to": "Chris", "amount": 10, "money": "£0.01"},
                                            {"from": "Bill", "to": "Andy", "amount": 1, "money": "1"}]
    assert evening("settle --all").stdout == ("In units of £0.01:\nBill pays Andy £0.60\nBill pays Chris £0.10\n\n"
                                              "In units of 1:\nBill pays Andy 1\n")
    assert [(r["player"], r["nights"], r["net"], r["money"]) for r in evening.json("season")] == [
        ("Andy", 1, 60, "£0.01"), ("Chris", 1, 10, "£0.01"), ("Bill", 1, -70, "£0.01"),
        ("Andy", 1, 1, "1"), ("Bill", 1, -1, "1")]
    assert evening("season --csv").stdout.splitlines()[0].endswith(",biggest_pot,money,sessions")
    chart = evening.db.parent / "season.svg"
    drawn = evening(f"season --chart {chart}")  # of as many nights, the money first kept
    assert drawn.stderr == "The chart draws the 1 night kept in units of £0.01, leaving out the 1 night kept in " \
                           "other money (R1.1).\n"
    assert "Andy £0.60" in chart.read_text() and "Bill -£0.70" in chart.read_text()
    for session, money in (("chips", "1"), ("friday", "£0.01")):  # the players' page's: the table's money's nights
        book = open_ledger(str(evening.db), session)
        assert (book.season_chart()["nights"], book.season_chart()["money"]) == ([session], money)
        book.close()
    assert [(r["session"], r["player"], r["net"], r["money"]) for r in evening.json("season --nights")] == [
        ("friday", "Andy", 60, "£0.01"), ("friday", "Bill", -70, "£0.01"), ("friday", "Chris", 10, "£0.01"),
        ("chips", "Andy", 1, "1"), ("chips", "Bill", -1, "1")]
    summary = evening("summary --all").stdout
    assert "\nIn units of £0.01:\nBiggest pot: £1.80, won by Andy in hand 1 of friday.\n" in summary
    assert "\nIn units of 1:\nBiggest pot: 2, won by Andy in hand 1 of chips.\n" in summary
    assert "Settle up: Bill pays Andy £0.60; Bill pays Chris £0.10." in summary and "Settle up: Bill pays Andy 1." \
        in summary
    # Bill owes Andy in both: a payment is judged in the current session's money, or the one money of the debt
    said = evening.refused("--session friday paid bill andy 2", "R1.2")
    assert "Bill owes Andy £0.60 in units of £0.01, and 1 in units of 1" in said
    assert evening("paid bill andy 1").stdout == "Recorded: Bill paid Andy 1.\n"  # chips: the current session's
    assert "Bill owes Andy £0.60 (settle --all)" in evening.refused("paid bill andy 0.70", "R1.2")
    assert evening("paid bill andy 0.60").stdout == "Recorded: Bill paid Andy £0.60.\n"  # the debt's one money
    assert [(p["from"], p["to"], p["amount"], p["money"]) for p in evening.json("settle --all")] == [
        ("Bill", "Chris", 10, "£0.01")]
    owed = [(r["player"], r["paid_up"], r["owed"], r["money"]) for r in evening.json("balances --all")]
    assert owed == [("Andy", -60, 0, "£0.01"), ("Bill", 60, -10, "£0.01"), ("Chris", 0, 10, "£0.01"),
                    ("Andy", -1, 0, "1"), ("Bill", 1, 0, "1")]
    assert evening("undo").stdout == "Voided: Bill paid Andy £0.60; it is owed again (R9.1).\n"  # in its money
    assert [row["net"] for row in evening.json("balances")] == [1, -1]  # each session alone, as ever
    assert [row["net"] for row in evening.json("--session friday balances")] == [60, -70, 10]
    evening("audit --all")


def test_settling_up_during_a_hand_says_its_pot_is_left_out(evening):
    """Balances, settle and the summary count settled hands: asked while one is being played, each says so, and how
    much is in its pot, where a person reads them; JSON stays the contract's rows."""
    evening("deal")
    evening("bet andy 0.30")
    note = "Hand 3 is not over yet, £0.60 in the pot: these figures count the settled hands only."
    assert evening("balances").stdout.endswith(f"£0.10\n{note}\n")
    assert evening("settle").stdout == f"Bill pays Andy £0.60\nBill pays Chris £0.10\n{note}\n"
    assert f"({note})\n" in evening("summary").stdout and "friday · 2 hands played" in evening("summary").stdout
    assert [row["net"] for row in evening.json("balances")] == [60, -70, 10]
    evening("fold bill")
    evening("fold chris")
    assert "not over" not in evening("balances").stdout + evening("settle").stdout + evening("summary").stdout


# ---- the small ones --------------------------------------------------------------------------------------------------


def test_history_shows_local_time_without_microseconds(evening, monkeypatch):
    first = evening("history 1").stdout.splitlines()[0]
    assert re.fullmatch(r"Hand 1 · Andy deals · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+", first)


@pytest.mark.parametrize("zone", ["UTC", "Europe/London", "Asia/Kolkata", "America/St_Johns"])
def test_a_stored_time_is_told_on_the_local_clock_whichever_second_of_its_minute(monkeypatch, zone):
    """`history` heads each hand with its time on the table's clock (`story.local_time`), a stored time's minute found
    by its text once worked out (issue 78): every second of a minute, either side of a clock change and in zones
    half an hour off, is the local clock's, as the time read afresh says it."""
    import time
    from datetime import datetime

    from bragref.ledger import story

    monkeypatch.setenv("TZ", zone)
    time.tzset()
    monkeypatch.setattr(story, "_MINUTES", {})
    try:
        story._local_minute.cache_clear()
        stored = [f"2026-{day} {clock}:{second:02}.{micro:06}+00:00".replace(" ", "T")
                  for day, clock in (("03-29", "00:59"), ("03-29", "01:00"), ("10-25", "00:59"), ("10-25", "01:00"),
                                     ("11-22", "20:01"), ("11-22", "20:02")) for second in (0, 5, 59) for micro in (1, 999999)]
        for at in stored * 2:  # the second time round, each minute is known by its text
            assert story.local_time(at) == datetime.fromisoformat(at).astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")
        assert story.local_time("2026-11-22T20:01:05+00:00") == datetime.fromisoformat(
            "2026-11-22T20:01:05+00:00").astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")  # no microseconds: read
    finally:
        monkeypatch.undo()
        time.tzset()
        story._local_minute.cache_clear()


def test_numbers_are_right_aligned_in_tables(evening):
    lines = evening("balances").stdout.splitlines()
    header, _rule, *rows = lines
    assert header.endswith("net") and rows[0].endswith(" £0.60") and rows[1].endswith("-£0.70")
    assert len({len(row) for row in rows}) == 1


def test_import_names_the_new_session_and_changes_the_current_one_only_with_use(evening, tmp_path):
    """Into another ledger (in this one the same hands are recognised: `import` refuses them, exit 3)."""
    evening(f"export -o {tmp_path / 'f.bhh'}")
    evening.refused(f"import {tmp_path / 'f.bhh'} --as copy", "already imported as session friday")
    club = type(evening)(tmp_path / "club.db")
    club("session new home --players Ann,Bob")
    out = club(f"import {tmp_path / 'f.bhh'} --as copy").stdout
    assert "Imported session copy" in out and "the current session is unchanged" in out
    assert club.json("status")["session"] == "home"
    evening("undo")  # voids friday's last action, not the copy's
    assert club.json("--session copy status")["phase"] == "over"
    other = type(evening)(tmp_path / "other.db")
    other(f"import {tmp_path / 'f.bhh'} --as current --use")
    assert other.json("status")["session"] == "current"


def test_player_rename_is_recorded_and_reports_use_the_new_name(evening):
    evening("player rename bill William")
    evening.refused("player rename william andy", "R2.6", code=2)  # two players cannot share a name
    assert [r["player"] for r in evening.json("balances")] == ["Andy", "William", "Chris"]
    assert evening.json("history 1")[1]["player"] == "William"
    evening("deal")  # hand 3, Chris deals: Andy, William, Chris
    assert [p["name"] for p in evening.json("status")["players"]] == ["Andy", "William", "Chris"]
    evening.refused("player rename william Bill", "R2.1")  # between hands only
    evening("audit")


def test_a_name_a_player_had_before_a_rename_stays_theirs_r2_6(evening):
    """Bill becomes William and Andy would take the name Bill: what was recorded as Bill's would become Andy's
    too (balances, settle, loans), so the ledger refuses it, and a newcomer or a lender from outside called Bill
    likewise (exit 2, nothing written). William may take his old name back; Chris, gone, keeps his."""
    evening("player rename bill William")
    for line, says in (("player rename andy Bill", "the name William had"), ("player join bill", "if it is William"),
                       ("lend bill andy 5 --bystander", "if it is William")):
        assert says in evening.refused(line, "R2.6", code=2)
    evening("player leave chris")
    assert "Chris's name" in evening.refused("player rename andy chris", "R2.6", code=2)
    evening("player rename william Bill")
    evening("player rename bill William")
    assert [r["player"] for r in evening.json("balances")] == ["Andy", "William", "Chris"]
    evening("audit")


def test_a_former_name_is_told_whose_it_is_now_r2_6(evening):
    """Bill is William now: a referee who types Bill out of habit is told so, at the command line, at the table
    and for a loan, and nothing is written; a name taken back (William is Bill again) is not told as its own."""
    evening("player rename bill William")
    evening("deal")  # Chris deals: Andy to act, then William
    evening("bet andy 2")
    for line in ("bet bill 2", "lend andy bill 5", "player leave bill"):
        assert "no player 'bill' here" in evening.refused(line, "Bill is called William now (R2.6)", code=2)
    err = evening.table("b bill 2", "b bill", "q").stderr
    assert err.count("Bill is called William now (R2.6)") == 2 and "nor an amount" in err
    evening("fold william")
    evening("fold chris")
    evening("player rename william Bill")
    evening("player leave bill")
    assert "is called" not in evening.refused("lend andy bill 5", "no player 'bill' here", code=2)


def test_audit_verbose_says_what_it_checked(evening):
    out = evening("audit -v").stdout
    assert "ok: hash chain: every link against every row; session friday: hands 1–2 replayed" in out
    assert "ok: schema" in out


def test_the_main_man_page_has_environment_files_and_exit_status():
    page = (MAN / "bragref.1").read_text(encoding="utf-8")
    for section in (".SH ENVIRONMENT", ".SH FILES", ".SH EXIT STATUS", "BRAGREF_DB", "NO_COLOR", ".B 130"):
        assert section in page
    table = (MAN / "bragref-table.1").read_text(encoding="utf-8")
    assert r"printf 'd\enb 2\enf\en' | bragref table" in table
