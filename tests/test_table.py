"""`bragref table`: the live referee's mode, driven from stdin and from a real terminal."""

import os
import shlex
import sqlite3
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragref.games import GAMES
from conftest import SAMPLES, Bragref

SHORT = {"fold": "f", "see": "s", "look": "l", "concede": "concede"}


def table_answers(lines: list[str]) -> list[str]:
    """What a referee types in `table` for these command lines: no names, the prompt knows who acts."""
    answers = []
    for line in lines:
        verb, *args = shlex.split(line)
        if verb == "deal":
            answers.append(f"d {args[args.index('--dealer') + 1]}" if "--dealer" in args else "d")
        elif verb == "bet":
            answers.append(f"{'bb' if '--blind' in args else 'b'} {args[1]}")
        elif verb == "show":
            answers.append(" ".join(args[1:]))
        else:
            answers.append(SHORT[verb])
    return answers


def sample_lines(name: str) -> list[str]:
    text = (SAMPLES / name).read_text()
    return [line for line in (raw.split("#")[0].strip() for raw in text.splitlines()) if line]


def recorded(db) -> dict:
    """The facts of a ledger, without ids and times."""
    with sqlite3.connect(db) as conn:
        return {
            "actions": conn.execute("SELECT verb, player, amount, blind, detail FROM actions ORDER BY id").fetchall(),
            "hands": conn.execute("SELECT number, dealer, seats, rules, carried_in FROM hands ORDER BY id").fetchall(),
            "postings": conn.execute("SELECT player, kind, amount FROM postings ORDER BY id").fetchall(),
        }


READ_ONLY = {"where", "games", "status", "history", "balances", "settle", "replay", "summary", "rank", "compare", "odds",
             "audit", "export", "session list", "session show", "rules show", "serve", "season",
             "datasette-metadata", "litestream-config", "stats",
             "replica status",
             "app build"}  # writes the referee in the phone's files, not the ledger
# the table keeps to its own
OTHER_SESSIONS = {"session new", "session use", "import", "run", "simulate", "table", "club pull"}
IN_A_GROUP = {"session close": "close", "player join": "join", "player leave": "leave", "player rename": "rename",
              "rules set": "rules"}


def test_every_command_that_records_is_an_answer_at_the_table():
    """docs/reference.md: every one-shot command that records something has an answer at the table, in its own words.
    What only reads, and what makes, chooses or fills another session, is named above; any other command (a new one
    too) must be an answer, or be named there with its reason."""
    import click

    from bragref.cli import cli
    from bragref.answers import ANSWERS

    def names(group, prefix=""):
        for name in group.list_commands(click.Context(group)):
            command = group.get_command(click.Context(group), name)
            yield from names(command, f"{prefix}{name} ") if isinstance(command, click.Group) else [prefix + name]

    recording = [name for name in names(cli) if name not in READ_ONLY | OTHER_SESSIONS]
    assert "match" in recording and "lend" in recording and "session close" in recording
    assert [name for name in recording if IN_A_GROUP.get(name, name) not in ANSWERS] == []


@pytest.mark.parametrize("sample", ["pagat-open-example.brag", "pagat-blind-example.brag"])
def test_seed_examples_through_table_match_run(bragref, tmp_path, sample):
    by_run = Bragref(tmp_path / "run.db")
    by_run(f"run {SAMPLES / sample}")
    lines = sample_lines(sample)
    assert lines[0].startswith("session new")
    bragref(lines[0])
    answers = table_answers(lines[1:])
    assert "s" in answers and not any(a.startswith(("see", "bet", "fold")) for a in answers)
    result = bragref.table(*answers, "q")
    assert "refused" not in result.stderr and "error" not in result.stderr
    assert recorded(bragref.db) == recorded(by_run.db)
    assert bragref.json("balances") == by_run.json("balances")


def test_prompt_names_who_acts_and_what_they_may_do(five):
    out = five.table("b 1").stdout
    assert "Hand 1 · Eddie dealt · Three Card Brag\n" in out  # no ante: nothing in yet, no pot 0 · stake 0
    assert "Hand 1 · Eddie dealt · pot 1 · stake 1 · Three Card Brag\n" in out
    assert "Recorded: Andy bet 1 (1 into the pot).\n" in out  # what the answer recorded, in the session's money
    assert all(len(line) <= 80 for line in out.splitlines())  # the prompt wrapped at a space, not mid-word
    assert "Andy (unlooked) — bet 1 or more · bet blind 1 or more · look · agree a showdown\n· fold > b 1" in out
    assert "Bill (unlooked) — bet 1 or more · bet blind 1 or more · look · agree a showdown\n· fold > " in out


def test_refusal_cites_the_rule_and_writes_nothing(five):
    before = five.dump()
    result = five.table("f bill", "s", "b 0", "bb 1 2 3", "zz", "show", "Kh Kd 4c", "a", "l old keep", "f 2")
    assert all(len(line) <= 80 for line in result.stderr.splitlines())  # wrapped to the terminal (docs/reference.md)
    err = " ".join(result.stderr.split())
    assert "refused: it is Andy's turn, not Bill's: nobody may fold out of turn (R2.5)" in err
    assert "Andy may: bet 1 or more" in err
    assert "(R5.1)" in err  # a see with five still betting
    assert "error: 'zz' is not an answer here" in err
    assert "(R5.4)" in err and "(R6.3)" in err  # no cards before a see; one hand, no old/new
    assert "Traceback" not in result.output and "internal error" not in err
    assert five.dump() == before


@pytest.mark.parametrize("answer, said", [
    ("lend andy", "lend LENDER BORROWER AMOUNT [bystander], e.g. lend andy bill 5 (R7.5)"),
    ("repay bill", "repay BORROWER LENDER AMOUNT, e.g. repay bill andy 5 (R7.5)"),
    ("paid bill", "paid PAYER PAYEE AMOUNT [--note TEXT], e.g. paid bill andy 5 (R1.2)"),
    ("buy-in", "buy-in PLAYER AMOUNT (R1.3)"),
    ("cash-out", "cash-out PLAYER [AMOUNT] (R1.3)"),
    ("close now", "close takes nothing: it closes this session (R9.1)"),
    ("rename bill", "rename OLD NEW, e.g. rename bill William (R2.6)"),
    ("rules ante", "rules OPTION VALUE, e.g. rules ante 2"),
    ('b "2', "cannot read that answer: No closing quotation"),
])
def test_an_answer_short_of_its_words_says_its_usage_and_writes_nothing(bragref, answer, said):
    """Each of the table's own answers, given too few or too many words, says how it is written (the rule it
    serves beside it) and records nothing; the table goes on."""
    bragref('session new s --players "Andy,Bill" --stakes table')
    before = bragref.dump()
    result = bragref.table(answer)
    assert f"error: {said}" in " ".join(result.stderr.split())
    assert "Traceback" not in result.output and bragref.dump() == before


def test_quitting_and_reopening_resumes_where_the_table_was(five):
    five.table("b 1", "bb 1")
    out = five.table("st").stdout
    assert "Hand 1 · Eddie dealt · pot 2 · stake 2" in out
    assert "  Andy    open            1\n  Bill    blind           1\n> Chris   unlooked        0" in out
    assert "Chris (unlooked) — bet 2 or more · bet blind 1 or more" in out
    five.table("b 2", "f", "f")  # Chris bets, Dan and Eddie fold; nobody said q: end of input quits too
    assert five.json("status")["to_act"] == "Andy"


def test_showdown_prompt_names_the_seen_player_first(five):
    five.table("b 1", "f", "f", "f", "b 1", "s")
    out = five.table("Kh Kd 4c").stdout
    assert "Eddie (seen) — show CARDS · concede · award NAME > Kh Kd 4c" in out
    assert "Andy (seer) — show CARDS · concede · award NAME > " in out
    out = five.table("concede").stdout
    assert "Hand 1 over: Eddie 4 — at the see (R5.4): Andy conceded without showing (R5.4)." in out


def test_between_hands_join_leave_rules_and_deal(bragref):
    bragref('session new s --players "Andy,Bill"')
    out = bragref.table("j Chris after Andy", "leave bill", "j Bill", "rules ante 2", "d chris", "bal", "?").stdout
    assert "Seats: Andy, Chris, Bill." in out and "Bill leaves. Seats: Andy, Chris." in out
    assert "Hand 1 · Chris dealt · pot 6" in out
    assert "u [REASON]" in out  # the help
    assert bragref.json("status")["to_act"] == "Bill"


def test_help_lists_the_answers_the_game_and_stakes_take(bragref):
    """`?` offers a match only where the game is played for lives (R14.4), table money only at table stakes (R1.3)."""
    bragref('session new s --players "Andy,Bill"')
    out = bragref.table("?", "rules stakes table", "?").stdout
    before, _, after = out.partition("stakes is now table")
    assert "u [REASON]" in before and "buy-in|top-up" not in before and "match [new]" not in out
    assert "buy-in|top-up NAME AMOUNT" in after
    bragref('session new m --players "Andy,Bill" --game bastard --scoring lives')
    assert "match [new]" in bragref.table("?").stdout


def test_the_commands_own_words_are_answers_too(bragref):
    """docs/reference.md: an answer at the table in the command's own words: `rules set`, `player join … --after`,
    `deal --dealer`, `undo --reason`, `session close` do what the command does."""
    bragref('session new s --players "Andy,Bill"')
    out = bragref.table("player join Chris --after Andy", "player rename chris Chrissie", "rules set ante 2",
                        "rules show", "deal --dealer chrissie", "undo --reason 'cards face up'", "player leave bill",
                        "session close").stdout
    assert "Seats: Andy, Chris, Bill." in out and "Seats: Andy, Chrissie, Bill." in out
    assert "ante is now 2" in out and "Hand 1 · Chrissie dealt · pot 6" in out
    assert "Bill leaves. Seats: Andy, Chrissie." in out and "Session s is closed" in out
    assert bragref.json("history 1")[-1]["reason"] == "cards face up"
    before = bragref.dump()
    assert "session close closes it" in bragref.table("session use other").stderr
    assert "player join NAME [after NAME], player leave NAME" in bragref.table("player sit Andy").stderr
    assert bragref.dump() == before


def test_the_next_session_starts_at_the_table_once_none_is_open_r9_1(bragref):
    """The answers the referee's page starts an evening with are the table's too: `session new` where no session is
    open; while one is, it is refused, naming the close, and nothing is written."""
    bragref('session new s --players "Andy,Bill"')
    before = bragref.dump()
    said = bragref.table("session new t players Cy,Di").stderr
    assert "session s is still open: close it first (`session close`, R9.1)" in " ".join(said.split())
    assert bragref.dump() == before
    out = bragref.table("close", "session new t players Cy,Di game svara ante 2", "d", "history").stdout
    assert "Session t is current: Cy, Di. Ante 2." in out and "Hand 1: Cy deals" in out
    assert bragref.json("status")["session"] == "t" and bragref.json("status")["game"] == "svara"


def test_messages_name_the_tables_answer_not_the_command(bragref):
    """At the table, a message naming a command the table answers names the answer; what only the command line
    does keeps its `bragref`."""
    bragref('session new s --players "Andy,Bill"')
    assert "no hand has been dealt in s: `deal` first" in bragref.table("b 2").stderr
    bragref("session close")
    assert "start another with `bragref session new` (R9.1)" in " ".join(bragref.table("d").stderr.split())


def test_walks_through_making_a_session_in_an_empty_ledger(bragref):
    out = bragref.table("friday", "Andy, Bill, Chris", "", "", "", "", "", "", "d").stdout
    assert "No session yet" in out
    status = bragref.json("status")
    assert (status["session"], status["pot"], status["dealer"]) == ("friday", 3, "Andy")


def test_the_walk_through_asks_the_rules_that_change_the_evening_and_asks_again_on_a_typo(bragref):
    result = bragref.table("pennies", "Ann,Bob", "", "0.01", "£", "0.1x", "0.10", "lend", "both", "table", "q")
    assert "Money unit: 1 for chips, 0.01 for pence (R1.1) [1] >" in result.output
    assert "Short of money: cover|borrow|both (R7.1) [cover] >" in result.output
    assert "not an amount: '0.1x'" in result.stderr and "one of cover, borrow, both" in result.stderr
    rules = bragref.json("rules show")
    assert (rules["unit"], rules["currency"], rules["ante"], rules["short-money"], rules["stakes"]) == \
        ("0.01", "£", "£0.10", "both", "table")


def test_the_walk_through_asks_the_game_and_offers_its_ante_r10(bragref):
    result = bragref.table("hoyle night", "Ann,Bob,Cy", "poker", "Hoyle", "", "", "", "", "", "d", "q")
    assert f"Game: {'|'.join(GAMES)} (R10) [brag] >" in result.output
    assert "unknown game 'poker'" in result.stderr and "Ante (R2.3) [0] >" in result.output  # none in Hoyle's (R11.1)
    status = bragref.json("status")
    assert (status["game"], status["pot"], status["to_act"]) == ("hoyle", 0, "Ann")  # the dealer stakes first


def test_the_walk_through_asks_teen_pattis_boot_in_its_words_r13_1(bragref):
    result = bragref.table("mela", "Asha,Bina,Chetan", "teen patti", "", "", "2", "", "", "d", "q")
    assert "Boot (R2.3) [1] >" in result.output and "Boot 2 each" in result.output


def test_the_walk_through_refuses_a_bad_table_at_once_and_q_quits_it_writing_nothing_r2_1(bragref):
    """The players are checked as they are given (R2.1, R2.6), not after every other question; `q` at any question
    ends the table with no session made; a question with no default offers no empty brackets."""
    result = bragref.table("friday", "Andy", "Andy, andy", "Andy, Bill", "", "", "q")
    assert "Session name > friday" in result.output and "Session name []" not in result.output
    assert "a session needs at least two players (R2.1)" in result.stderr
    assert "each player is named once (R2.6)" in result.stderr
    assert f"Game: {'|'.join(GAMES)} (R10) [brag] >" in result.output  # asked once Andy, Bill
    assert result.exit_code == 0 and bragref.json("session list") == []


def test_input_ending_during_the_walk_through_writes_nothing(bragref):
    result = bragref.table("friday", "Andy, Bill")
    assert "internal error" not in result.stderr
    assert bragref.json("session list") == []


def test_undo_and_cards_with_discards_in_four_card_brag(bragref):
    bragref('session new s --players "Andy,Bill" --cards 4')
    bragref.table("d", "b 1", "b 3", "u wrong amount", "b 2", "s", "Kh Qh Jh / 9c", "Ks Qs Js 10c")
    rows = bragref.json("history")
    assert [r["action"] for r in rows if r["voided"]] == ["bet"]
    assert {r["player"]: r["net"] for r in bragref.json("balances")} == {"Andy": -3, "Bill": 3}  # Bill's 10c beats 9c


@pytest.fixture
def terminal(tmp_path):
    """Spawns `bragref table` on a real pseudo-terminal."""
    pexpect = pytest.importorskip("pexpect")
    db = tmp_path / "ledger.db"
    Bragref(db)('session new s --players "Andy,Bill,Chris"')
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb"}

    def spawn():
        return pexpect.spawn(sys.executable, ["-m", "bragref", "--db", str(db), "table"], env=env, encoding="utf-8", dimensions=(40, 250),
                             timeout=20)

    return spawn


def test_on_a_terminal_prompt_refusal_and_resume_after_a_kill(terminal):
    child = terminal()
    child.expect_exact("Between hands — d deal")
    child.sendline("d")
    child.expect_exact("Bill (unlooked) — bet 1 or more")
    child.sendline("f andy")
    child.expect_exact("nobody may fold out of turn (R2.5)")
    child.sendline("b 2")
    child.expect_exact("Chris (unlooked) — bet 2 or more")
    child.kill(9)  # a crash, or a closed lid: no chance to tidy up
    child.wait()
    again = terminal()
    again.expect_exact("Hand 1 · Andy dealt · pot 5 · stake 2")
    again.expect(r"Bill +open +3")
    again.expect_exact("Chris (unlooked) — bet 2 or more")
    again.sendline("q")
    again.expect(r"\$|$")
    again.wait()
    assert again.exitstatus == 0


def test_retained_hand_looked_at_in_either_spelling(bragref):
    bragref('session new s --players "Andy,Bill"')
    bragref.table("d", "bb 1", "f")  # Bill bets blind, Andy folds: the pot is carried and Bill retains (R6.2)
    out = bragref.table("d", "b 1").stdout  # Bill deals; Andy bets; Bill holds two unseen hands
    assert "Bill    blind ×2 hands        1" in out and "Bill (blind) — bet blind 1 or more" in out
    assert "l old|new keep|fold" in out
    bragref.refused("look bill", "R6.3")
    bragref.table("l --hand new --keep")
    assert bragref.json("status")["players"][1] == {"name": "Bill", "state": "open", "hands": 1, "paid": 1}
    bragref.table("l old fold")
    assert "already looked" in bragref.table("l old fold").stderr


WORDS = st.sampled_from(["b", "bb", "l", "f", "s", "sd", "show", "concede", "award", "d", "j", "leave", "rules", "u",
                         "st", "bal", "settle", "?", "old", "new", "keep", "fold", "after", "andy", "bill", "Zed", "0",
                         "1", "2.5", "-3", "Kh", "Kd", "4c", "X1", "/", "2c", "ante", "wild", "deuces", "\x1b[2J"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(answers=st.lists(st.lists(WORDS, max_size=4).map(" ".join), max_size=25))
def test_any_answers_never_crash_the_table(bragref, answers):
    if not bragref.db.exists():
        bragref('session new s --players "Andy,Bill,Chris"')
    result = bragref.table(*answers)
    assert "internal error" not in result.stderr and "Traceback" not in result.output


def test_each_game_is_told_in_its_own_words_issue_58(bragref):
    """Issue 58, words: Svara's confirmation said "bet … blind" where its prompt says "bet dark", its misdeal spoke
    of a retained hand it never has, and a player who conceded at its shows stayed "open"; Three Card Poker showed `pair_plus` and its history notes in units;
    three-stake's `draw` with no card asked for CARDS; a typo in an amount said "an amount is 0 in digits"; Bastard
    Brag's `x 2` was "no player '2' here" rather than what an exchange takes."""
    bragref('session new s --players "Andy,Bill,Chris" --game svara')
    bragref("deal")
    assert "Recorded: Bill bet 1 dark (1 into the pot)." in bragref.table("bb 1", "q").stdout
    bragref("undo")
    misdeal = bragref("undo").stdout
    assert "any carried pot stands as it was" in misdeal and "retained" not in misdeal
    bragref.lines("deal\nbet bill 1\nbet chris 1\nbet andy 1\nopen bill\nconcede chris")
    assert {p["name"]: p["state"] for p in bragref.json("status")["players"]}["Chris"] == "folded"  # out of the pot
    bragref('session new p --players "Andy,Bill,Chris" --game three-card-poker --unit 0.01 --currency £')
    bragref("deal")
    bragref("wager bill --ante 1 --pair-plus 0.50")
    status = bragref("status").stdout
    assert "Pair Plus" in status and "pair_plus" not in status
    assert "Ante £1.00, Pair Plus £0.50" in bragref("history 1").stdout
    bragref('session new t --players "Andy,Bill" --game three-stake')
    bragref.lines('deal --up "2c 3d"\ncall bill\nstand andy\nshow bill 2c 4h 5h')
    assert "draw wants CARD (draw PLAYER CARD)" in bragref.table("draw bill", "q").stderr
    assert "an amount is 0 or more in digits" in bragref("session new u --players A,B --ante 1.x", code=2).stderr
    bragref('session new b --players "Andy,Bill,Chris" --game bastard')
    bragref('deal --up "7h"')
    said = " ".join(bragref.table("x 2", "q").stderr.split())
    assert "'2' is neither a player here (Bill, Chris, Andy) nor 1 or 3: exchange PLAYER 1|3" in said
    assert "(R14)" in said


def test_an_answer_that_fits_now_is_judged_as_made_now_and_nothing_is_written(tmp_path):
    """`Answers.fits_now` (whether a seat's request may be asked again): its words read as `record` reads them and
    judged as a move made now. Bob's blind bet, once he has looked, does not (R3.5); his fold does; a move of another
    game, or words no move reads, do not; nothing is written either way."""
    from bragref.answers import Answers
    from bragref.api import open_ledger

    book = open_ledger(str(tmp_path / "t.db"), None)
    book.session_new("t", ["Ann", "Bob", "Cat"])
    book.deal()
    fits = Answers(book, lambda line: None).fits_now
    assert fits(["bet", "bob", "1", "blind"]) and fits(["fold", "bob"])
    book.look("bob")
    rows = book.ledger.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert not fits(["bet", "bob", "1", "blind"])  # has looked: bets open now (R3.5)
    assert fits(["bet", "bob", "1"]) and fits(["fold", "bob"])
    assert not fits(["fold", "cat"])  # not Cat's turn
    assert not fits(["chaal", "bob", "1"]) and not fits(["bet", "bob", "lots"]) and not fits([])
    assert book.ledger.conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == rows
