"""The CLI around the hand: reports, undo, names, run, and the ledger's append-only record."""

import json

import pytest

from conftest import SAMPLES


def test_friday_night_sample_runs_and_balances_sum_to_zero(bragref):
    result = bragref(f"run -q {SAMPLES / 'friday-night.brag'}")
    assert "Andy pays" in result.stdout
    balances = bragref.json("balances")
    assert sum(r["net"] for r in balances) == 0
    assert {r["player"]: r["net"] for r in balances} == {"Andy": -23, "Bill": 6, "Chris": 4, "Dan": 13}
    history = bragref.json("history 6")
    voided = [e for e in history if e["voided"]]
    assert [(e["player"], e["amount"]) for e in voided] == [("Bill", 3)]
    assert any(e["action"] == "void" and e["reason"] == "Bill said 2, not 3" for e in history)
    listed = bragref.json("session list")
    assert listed == [{"session": "friday", "created": listed[0]["created"], "hands": 22, "current": True,
                       "closed": False, "session_id": bragref.json("status")["session_id"]}]
    assert bragref.json("status")["hand"] == 22
    assert "session friday has no hand 23" in bragref("history 23", code=2).output  # read a chunk at a time
    assert [e["hand"] for e in bragref.json("history 22")] == [22] * len(bragref.json("history 22"))


def test_settle_json_and_carried_pot_payee(bragref):
    bragref('session new t --players "Andy,Bill,Chris"')
    bragref("deal")  # Andy deals: Bill, Chris, Andy
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # Bill is blind and alone: the pot of 4 is carried (R6.2)
    assert bragref.json("status")["carried"] == 4
    payments = json.loads(bragref("settle --json").stdout)
    assert sum(p["amount"] for p in payments if p["to"] == "carried pot") == 4
    assert "Carried pot waiting to be won: 4 (R6.2)." in bragref("balances").stdout
    bragref("deal")  # Bill deals; everyone antes 1 into the pot carried in (R6.2)
    bragref("bet chris 2")
    note = "Hand 2 is not over yet, 9 in the pot, 4 of it carried in: these figures count the settled hands only."
    assert bragref("balances").stdout.endswith(f"Carried pot waiting to be won: 4 (R6.2).\n{note}\n")


def test_settle_of_a_closed_night_says_its_carried_pot_is_unwon_as_the_pages_do_r6_2(bragref):
    """Once the night is closed no deal will win its carried pot: `settle` says so, and why its payer is named (the
    fewest payments set their losses against it), in the words the pages say it in (R6.2)."""
    bragref('session new t --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # the pot of 4 carried (R6.2)
    assert "if the evening ends here" in bragref("settle").stdout
    bragref("session close")
    said = bragref("settle").stdout
    assert "if the evening ends here" not in said and "whoever wins" not in said, said
    for payment in (p for p in bragref.json("settle") if p["to"] == "carried pot"):
        assert f"{payment['from']} owes the carried pot {payment['amount']}, unwon at the close\n" in said, said
    assert said.count("(R6.2)") == 1, said  # its rule said once, with why
    assert "No deal will win it now the night is closed: the table shares it out as it agrees. Bill, Andy and Chris are named beside it only because " \
           "settling up in the fewest payments sets Bill's, Andy's and Chris's losses against it" in said, said
    assert bragref("balances").stdout.endswith("Carried pot left unwon at the close: 4 (R6.2): no deal will win it "
                                               "now the night is closed; the table shares it out as it agrees.\n")
    assert "(The carried pot is money left in the middle when everyone folded to a blind player, R6.2: no deal will " \
           "win it now the night is closed; the table shares it out as it agrees.)" in bragref("summary").stdout


def test_a_pot_carried_in_brag_and_a_match_s_kitty_are_told_apart_r6_2_r14_4(bragref):
    """`--all` over a session of brag whose pot was carried (R6.2) and a match for lives whose kitty waits for its
    winner (R14.4): each is named for what it is, and the note on paying the carried pot names both."""
    bragref('session new t --players "Andy,Bill,Chris"')
    bragref("deal")
    bragref("bet bill 1 --blind")
    bragref("fold chris")
    bragref("fold andy")  # the pot of 4 carried (R6.2)
    bragref('session new m --players "Andy,Bill,Chris" --game bastard --scoring lives --entry 2 --knock-from 1')
    bragref.lines("""
        deal
        knock bill
        exchange chris 1
        exchange andy 1
        show bill Ah Ad Kc
        show chris 7d 4c 2s
        show andy 9c 8d 6h
    """)  # Chris loses a life; the kitty of 6 waits for the match's winner (R14.4)
    balances = bragref("balances --all").stdout
    assert balances.endswith("Carried pot waiting to be won: 4 (R6.2).\nMatch's kitty waiting to be won: 6 (R14.4).\n")
    assert bragref("balances").stdout.endswith("\nMatch's kitty waiting to be won: 6 (R14.4).\n")
    assert "The carried pot is the 10 left in the middle: a pot carried when everyone folded to a blind player " \
           "(R6.2), or a match's kitty (R14.4), each for whoever wins it." in bragref("settle --all").stdout
    assert "(The carried pot is money left in the middle for the next hand, R6.2, or a match's kitty not yet won, " \
           "R14.4.)" in bragref("summary --all").stdout


def test_undo_of_a_settling_action_reverses_its_postings(five):
    five("bet andy 2")
    for name in ("bill", "chris", "dan", "eddie"):
        five(f"fold {name}")
    assert five.json("balances")[0]["net"] == 0  # Andy took back his own 2
    five("undo --reason 'Eddie meant to bet'")
    assert all(r["net"] == 0 and r["paid"] == 0 for r in five.json("balances"))
    assert five.json("status")["to_act"] == "Eddie"
    five("bet eddie 4")
    rows = five.dump()
    assert len(rows["actions"]) == 7  # nothing deleted: the fold stays, voided
    assert sum(r[-1] for r in rows["postings"]) == 0


def test_see_records_its_cost(five):
    for line in ("bet andy 2", "fold bill", "fold chris", "fold dan", "bet eddie 2", "see andy"):
        five(line)
    see = next(e for e in five.json("history") if e["action"] == "see")
    assert see["amount"] == 4 and see["pot"] == 8  # no antes: 2 + 2 + the see's 4


def test_status_json_has_the_contract_keys(five):
    status = five.json("status")
    assert set(status) >= {"session", "hand", "phase", "dealer", "to_act", "pot", "carried", "stake", "shuffle",
                           "players", "pots", "legal"}
    assert set(status["players"][0]) >= {"name", "state", "hands", "paid"}
    assert set(status["legal"]) >= {"fold", "look", "bet", "blind_bet", "see", "cover"}
    assert status["legal"]["bet"] == {"min": 1, "max": None}


def test_balances_csv_and_money_in_units(bragref):
    bragref('session new pence --players "Andy,Bill" --ante 0.10 --unit 0.01 --currency £')
    bragref("deal")
    bragref.refused("bet bill 0.105", "whole number of units", code=2)
    bragref("bet bill 1.50")
    assert "£1.50" in bragref("status").stdout
    bragref("fold andy")
    assert bragref("balances --csv").stdout.splitlines() == ["player,paid,won,result,loans,net",
                                                                 "Andy,10,0,-10,0,-10", "Bill,160,170,10,0,10"]
    assert "Andy pays Bill £0.10" in bragref("settle").stdout


def test_a_file_saved_with_a_byte_order_mark_runs_and_imports(bragref, tmp_path):
    """Windows editors may begin a UTF-8 file with a byte order mark: `run` read it as part of the first command
    ('\ufeffsession' is no command) and `import` as a history that is not one. Both read past it."""
    script = tmp_path / "s.brag"
    script.write_text('session new t --players "Andy,Bill"\ndeal\nbet bill 2\nfold andy\n', encoding="utf-8-sig")
    bragref(f"run {script}")
    assert [row["net"] for row in bragref.json("balances")] == [-1, 1]
    for form in ("bhh", "json"):
        history = tmp_path / f"t.{form}"
        history.write_text(bragref(f"export --format {form}").stdout, encoding="utf-8-sig")
        assert history.read_bytes().startswith(b"\xef\xbb\xbf")
        again = type(bragref)(tmp_path / f"{form}.db")  # another ledger: in this one the same hands are recognised
        again(f"import {history} --as t-{form}")
        assert [row["net"] for row in again.json(f"--session t-{form} balances")] == [-1, 1]


@pytest.mark.parametrize("line", ["run {path}", "import {path}"])
def test_a_file_that_is_not_utf_8_is_bad_input_saying_so(bragref, tmp_path, line):
    """`run` and `import` read their files alike (`cli.read_text`): one in another encoding is exit 2, told as such."""
    path = tmp_path / "latin1.txt"
    path.write_bytes('session new caf\xe9 --players "Andy,Bill"\n'.encode("latin-1"))
    result = bragref(line.format(path=path), code=2)
    assert f"cannot read {str(path)!r}: not UTF-8 text" in result.stderr


def test_run_stops_at_the_first_refused_line(bragref, tmp_path):
    script = tmp_path / "s.brag"
    script.write_text('session new t --players "Andy,Bill"\ndeal  # Andy deals\nbet bill 2\nbet bill 2\nfold andy\n')
    result = bragref(f"run {script}", code=3)
    assert f"{script}:4: stopped here (exit 3)" in result.stderr
    assert bragref.json("status")["to_act"] == "Andy"


def test_a_rule_set_to_what_it_is_already_records_nothing_r9_3(bragref):
    """`rules set ante 1` where the ante is 1 changes nothing: it says so, and the ledger holds no rules change."""
    bragref('session new one --players "Andy,Bill,Chris"')
    before = bragref.dump()
    assert bragref("rules set ante 1").stdout == "ante is already 1 (R2.3).\n"
    assert bragref("rules set game brag").stdout == "game is already brag (R10).\n"
    assert "ante is already 1 (R2.3)." in bragref.table("rules ante 1", "q").output
    assert bragref.dump() == before
    assert bragref("rules set ante 2").stdout == "ante is now 2 from the next hand (R2.3, R9.3).\n"


def test_session_use_rules_set_and_dealer_rotation(bragref):
    bragref('session new one --players "Andy,Bill,Chris"')
    bragref('session new two --players "Dan,Eddie"')
    bragref("session use on")
    bragref("rules set ante 2")
    assert bragref.json("rules show")["ante"] == "2"
    bragref("player join Fred --after andy")
    assert bragref.json("session show")["players"] == ["Andy", "Fred", "Bill", "Chris"]
    bragref("deal")
    bragref("fold fred")
    bragref("fold bill")
    bragref("fold chris")
    status = bragref.json("status")
    assert (status["dealer"], status["pot"]) == ("Andy", 8)
    assert bragref("session show").stdout.startswith("Session one: 1 hand. Seats: Andy, Fred, Bill, Chris.\n")
    bragref("deal")
    assert bragref.json("status")["dealer"] == "Fred"  # R2.2: the deal passes left
    assert bragref("--session two status", code=0).stdout.startswith("Session two: no hand dealt yet")


def test_busy_ledger_exits_5_and_writes_nothing(bragref, monkeypatch):
    import sqlite3

    from bragref.ledger import db as ledger_db

    bragref('session new t --players "Andy,Bill"')
    bragref("deal")
    monkeypatch.setattr(ledger_db, "BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(bragref.db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another terminal holds the write lock
    try:
        result = bragref("bet bill 1", code=5)
        assert "busy" in result.stderr and "Traceback" not in result.output
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert bragref.json("status")["pot"] == 2


def test_a_ledger_object_sees_every_change_to_a_session_whoever_writes_it(tmp_path):
    """A ledger object keeps the session it last read (issue 19); a seat, a rule, a rename or a close recorded by it
    or by another terminal, and a write rolled back, are all seen at the next read, exactly as a fresh read gives."""
    from bragref.engine.errors import Refused
    from bragref.engine.rules import Rules
    from bragref.ledger.store import Ledger

    path = tmp_path / "ledger.db"
    mine, other = Ledger(path), Ledger(path)
    mine.create_session("s", Rules(), ["Andy", "Bill"])
    changes = [lambda ledger: ledger.join(None, "Chris"),
               lambda ledger: ledger.set_rules(None, lambda rules: Rules(ante=2)),
               lambda ledger: ledger.rename(None, "Bill", "William"),
               lambda ledger: ledger.leave(None, "Chris")]
    for index, change in enumerate(changes):
        mine.session(None)
        change(other if index % 2 else mine)
        assert mine.session(None) == Ledger(path).session(None)
    with pytest.raises(Refused), mine.write():
        mine.close_session(None)
        assert mine.session(None).closed
        raise Refused("changed my mind", "R9.1")
    other.join(None, "Dan")  # its event takes the row id the rolled-back close had
    assert not mine.session(None).closed and mine.session(None) == Ledger(path).session(None)


def test_a_verb_several_games_declare_gives_each_games_help(bragref, own_games):
    """`bragref pass --help`: Bastard Brag's, Svara's and Three Card Poker's pass, each in its own words (issue 56)."""
    helped = bragref("pass --help").stdout
    assert "In Bastard Brag: PLAYER keeps their cards" in helped and "In Svara: PLAYER passes" in helped
    assert "In Three Card Poker: PLAYER wagers nothing" in helped


def test_games_lists_every_game_with_its_options_and_who_keeps_each_r10_2(bragref, own_games):
    """`games` names every registered game and each house rule with its default and rule, the table's own rules
    (kept when the game changes, R9.3) told from the game's in a column of their own."""
    from bragref.games import GAMES, TABLE_OPTIONS

    listed = bragref.json("games")
    assert [g["game"] for g in listed] == list(GAMES)
    table_keys = {o.key for o in TABLE_OPTIONS}
    for game in listed:
        assert {o["option"] for o in game["options"] if o["table"]} == table_keys
        assert all(o["rule"].startswith("R") for o in game["options"])
    text = bragref("games").stdout
    assert text.count("option          default    rule    kept by") == 1  # brag's table, its widest option name
    assert "ante            1          R2.3    the table" in text
    assert "blind           on         R3.2    the game" in text
    assert all(f"{name} — " in text for name in GAMES)


def test_history_says_how_each_contested_pot_was_decided_r7_3(bragref):
    """A won pot's note says who challenged whom and how it was decided: by the cards shown, a concession or the
    table's award without cards (R7.3)."""
    bragref('session new t --players "Andy,Bill,Chris"')
    bragref.lines("""
        deal
        bet bill 1
        fold chris
        see andy
        show bill Kh Kd 4c
        show andy 2c 3d 5h
        deal
        bet chris 1
        fold andy
        see bill
        concede bill
        deal
        bet andy 1
        bet bill 1
        bet chris 1
        showdown
        award andy
    """)
    notes = [e["detail"] for e in bragref.json("history") if e["action"] == "won"]
    assert notes == ["Andy saw Bill; the cards decided", "Bill saw Chris; conceded",
                     "showdown; awarded by the table without cards"]


def test_the_last_player_to_leave_leaves_nobody_seated_r2_1(bragref):
    """Everyone may leave between hands; what is said then is that nobody is seated, not "Seats: .", and a deal
    needs two again (R2.1)."""
    bragref('session new s --players "Andy,Bill"')
    assert bragref("player leave bill").stdout == "Bill leaves. Seats: Andy.\n"
    assert bragref("player leave andy").stdout == "Andy leaves. Nobody is seated.\n"
    assert "no hand dealt yet. Nobody is seated. `bragref deal` to start a hand of Three Card Brag" in bragref("status").stdout
    assert bragref("session show").stdout.startswith("Session s: 0 hands. Nobody is seated.\n")
    bragref.refused("deal", "R2.1")
    assert bragref("player join Chris").stdout == "Seats: Chris.\n"
