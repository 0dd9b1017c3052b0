"""The live table as a newcomer meets it (issue 39, docs/reference.md, Interactive): a dealer's-choice evening in a real
terminal 80 columns wide, every answer followed by a line saying what it recorded in the session's money, the game
named in every hand's header, the reports answered at the prompt, and nothing the table prints wider than the
terminal."""

import io
import os
import re
import sys

import pytest

from conftest import Bragref

pexpect = pytest.importorskip("pexpect")


def table_at_80(db) -> "pexpect.spawn":
    child = pexpect.spawn(sys.executable, ["-m", "bragref", "--db", str(db), "table"], encoding="utf-8",
                          codec_errors="replace",  # readline on a dumb terminal scrolls a prompt and its answer wider
                          # than it sideways, cutting a `£`'s bytes: the echo of what is typed, not what bragref prints
                          env={**os.environ, "NO_COLOR": "1", "TERM": "dumb"}, dimensions=(24, 80), timeout=20)
    child.logfile_read = io.StringIO()
    return child


def answered(child, answer: str, *shown: str) -> None:
    child.sendline(answer)
    for text in shown:
        child.expect_exact(text)


def printed(child) -> list[str]:
    """Every line the table printed, the referee's own typing (after a prompt's `> `) taken off."""
    lines = child.logfile_read.getvalue().replace("\r", "").split("\n")
    return [re.sub(r" > .*$", " > ", line) for line in lines]


def quit_(child) -> list[str]:
    """`q`: the table ends cleanly; every line it printed."""
    answered(child, "q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return printed(child)


def test_a_dealers_choice_evening_at_80_columns(tmp_path):
    db = tmp_path / "ledger.db"
    Bragref(db)('session new friday --players "Andy,Bill,Chris" --unit 0.01 --currency £ --ante 0.10')
    child = table_at_80(db)
    child.expect_exact("Between hands — d deal")
    answered(child, "d", "Hand 1 · Andy dealt · pot £0.30 · stake £0.00 · Three Card Brag")
    answered(child, "b 0.20", "Recorded: Bill bet £0.20 (£0.20 into the pot).",
             "Hand 1 · Andy dealt · pot £0.50 · stake £0.20 · Three Card Brag")
    answered(child, "f andy", "nobody may fold out of")  # out of turn: refused, wrapped to the terminal
    answered(child, "f", "Recorded: Chris fold.")
    answered(child, "f", "Recorded: Andy fold.", "Hand 1 over: Bill £0.50")
    answered(child, "rules game hoyle", "game is now hoyle from the next hand",
             "a hand of Hoyle's classical")  # the header, wrapped to 80 columns
    answered(child, "d", "Hand 2 · Bill dealt · pot £0.30 · stake £0.00 · Hoyle's classical brag")
    answered(child, "b 0.10", "Recorded: Bill bet £0.10 (£0.10 into the pot).")
    answered(child, "c", "Recorded: Chris call (£0.10 into the pot).")
    answered(child, "f", "Recorded: Andy fold.")
    answered(child, "stand", "Recorded: Bill stand.", "Chris (showdown) — show CARDS")
    answered(child, "Kh Kd 4c", "Recorded: Chris show Kh Kd 4c.")
    answered(child, "7s 6s 5s", "Recorded: Bill show 7s 6s 5s.", "Hand 2 over: Bill £0.50")
    answered(child, "rules game bastard", "game is now bastard")
    answered(child, "d", "Exchange round 1 of 2", "Bastard Brag")  # its round in the header too
    answered(child, "u", "Voided: the deal of hand 3, a misdeal")
    answered(child, "rules game teen-patti", "game is now teen-patti")
    answered(child, "d", "Teen Patti")  # Chris deals again after the misdeal: Andy first
    for answer, shown in (("l", "Recorded: Andy look."), ("c 0.20", "Recorded: Andy chaal £0.20"),
                          ("l", "Recorded: Bill look."), ("c 0.20", "Recorded: Bill chaal £0.20"),
                          ("l", "Recorded: Chris look."), ("ss 0.20", "Recorded: Chris chaals £0.20 and asks Bill for a side show"),
                          ("acc", "Recorded: Bill accepts Chris's side show."), ("Kh Kd 4c", "name the player: Bill or Chris"),
                          ("bill Kh Kd 4c", "Recorded: Bill show Kh Kd 4c."), ("2h 3d 5c", "Chris packs at the"),
                          ("p", "Hand 4 over: Bill")):
        answered(child, answer, shown)
    answered(child, "rules game brag", "game is now brag")
    answered(child, "?", "Any time:")
    answered(child, "history 1", "Hand 1 · Andy deals")
    answered(child, "replay 2", "Hand 2 was dealt by Bill", "Bill showed 7s 6s 5s: running flush, 7-6-5.")
    answered(child, "summary", "3 hands played", "Settle up:")
    answered(child, "bal", "player")
    answered(child, "settle", "pays")
    lines = quit_(child)
    assert not [line for line in lines if len(line) > 80], "wider than the terminal"
    help_lines = lines[next(i for i, line in enumerate(lines) if line.startswith("In a hand of Three Card Brag")):]
    assert "  b|bb|blind|bet  PLAYER AMOUNT [blind|open]" in help_lines


def test_cards_at_a_side_show_name_whose_they_are(bragref):
    """At a side show two players show at once: cards typed without a name were once taken as one of the two
    players' silently (R13.4); now the table asks whose they are, and takes them with the name."""
    bragref('session new tp --players "Andy,Bill,Chris,Dan" --game teen-patti')
    for line in ("deal", "look bill", "chaal bill 2", "look chris", "sideshow chris 2", "accept bill"):
        bragref(line)
    result = bragref.table("Kh Kd 4c", "bill Kh Kd 4c", "q")
    err = " ".join(result.stderr.split())
    assert "name the player: Bill or Chris (e.g. `Bill Kh Kd 4c`)" in err
    assert "Bill or Chris — show NAME CARDS · concede NAME > " in result.stdout
    assert "Recorded: Bill show Kh Kd 4c." in result.stdout


def test_switching_to_lives_brings_the_lives_defaults_and_says_so(bragref):
    """`rules set scoring lives` mid-evening once said "set the ante to 0", then left two exchange rounds so that
    nobody could knock; it now takes the preset for lives, as `session new --scoring lives` does (R14.4)."""
    bragref('session new b --players "Andy,Bill,Chris" --game bastard')
    said = bragref("rules set scoring lives").stdout
    assert "with its defaults: ante 0, exchanges knock" in said
    rules = bragref.json("rules show")
    assert (rules["ante"], rules["exchanges"], rules["scoring"]) == ("0", "knock", "lives")
    assert bragref("rules set scoring money").stdout.startswith("scoring is now money")  # the rest stays (R14.5)


def test_an_amount_below_zero_is_one_line_not_a_usage_banner(bragref):
    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    result = bragref("bet bill -2", code=2)
    assert result.stderr.strip() == "error: -2 is below 0: an amount is more than 0 (R1.1), and so is a hand's number"


def test_the_retained_hand_refusal_speaks_the_tables_words(bragref):
    bragref('session new s --players "Andy,Bill"')
    out = bragref.table("d", "bb 1", "f", "d", "b 1", "l bill old", "q")
    err = " ".join(out.stderr.split())
    assert "`l old keep`" in err and "--hand" not in err


def test_the_walk_through_offers_the_ante_in_the_sessions_money(bragref):
    result = bragref.table("friday", "Andy,Bill", "", "0.01", "£", "", "", "", "q")
    assert "Ante (R2.3) [£0.01] > " in result.stdout
    assert bragref.json("rules show")["ante"] == "£0.01"


def test_book_status_is_the_status_json_object(bragref):
    import bragref as api

    bragref('session new s --players "Andy,Bill,Chris"')
    bragref("deal")
    assert api.open_ledger(str(bragref.db)).status() == bragref.json("status")


def columns(line: str) -> int:
    """A line's width on a terminal: a wide character (East Asian wide or full-width) takes two columns."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def test_what_the_table_prints_fits_80_columns_and_takes_the_commands_own_words(tmp_path):
    """Issue 58: `bal` and `settle` mid-hand printed an 85-column line, `history N` a 169-column separator, a refusal
    wrapped at about 65 columns left "(R2.5)" alone (its colour's escapes counted as text); `wager chris --ante 1
    --pair-plus 0.50` (the docs' form) was "not an amount: 'ante'"; after a svara the banner offered only "d deal",
    not the boil-in (R16.7)."""
    db = tmp_path / "ledger.db"
    Bragref(db)('session new night --players "Andy,Bill,Chris,Dan" --unit 0.01 --currency £ --game three-card-poker')
    child = table_at_80(db)
    answered(child, "d", "Andy banks")
    answered(child, "wager bill --ante 1 --pair-plus 0.50", "Recorded: Bill wagers an Ante of £1.00 and a Pair Plus of £0.50")
    answered(child, "bal", "Hand 1 is not over yet")
    answered(child, "settle", "Hand 1 is not over yet")
    answered(child, "pass dan", "(R17.2)")  # out of turn
    answered(child, "wager chris --pair-plus 0.50 --ante 2", "Recorded: Chris wagers an Ante of £2.00 and a Pair Plus of £0.50")
    for answer, shown in (("pass dan", "Recorded: Dan pass."), ("play bill", "Recorded: Bill play"),
                          ("play chris", "Recorded: Chris play"), ("show andy 2c 3d 5h", "Recorded: Andy show"),
                          ("show bill Kh Kd 4c", "Recorded: Bill show"), ("show chris Qs Jd 9c", "Hand 1 over")):
        answered(child, answer, shown)
    answered(child, "history 1", "Hand 1 · Andy deals")
    answered(child, "rules game svara", "game is now svara")
    answered(child, "d", "Hand 2: Bill deals")
    for answer in ("b chris 0.01", "b dan 0.01", "b andy 0.01", "b bill 0.01", "open chris"):
        answered(child, answer, "Recorded:")
    answered(child, "award chris dan", "a svara", "next: `d [boil PLAYERS]`", "d [boil PLAYERS] deal")
    answered(child, "?", "d boil PLAYERS")
    lines = quit_(child)
    assert not [line for line in lines if columns(line) > 80], [line for line in lines if columns(line) > 80]
    rule = next(line for line in lines if line.endswith("(R17.2)"))
    assert not rule.startswith("(R"), rule  # the rule ends the sentence it belongs to, never alone
