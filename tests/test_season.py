"""The season (issue 57, docs/reference.md, The season): standings over many nights, settle-ups recorded with `paid`, a
club's ledger merged from the ledgers of several tables, the season's chart, and the ledger published with Datasette.
Every figure below is worked out by hand from the hands played."""

import json
import os
import re
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from conftest import Bragref, rewritten

NIGHTS = {  # three nights: who sat, and a hand each, every player's net worked out by hand (antes 1)
    "n1": ("Andy,Bill,Cat", ["deal", "bet bill 2", "fold cat", "fold andy"]),  # pot 5 to Bill: Bill +2
    "n2": ("andy,Bill,Dan", ["deal", "fold bill", "bet dan 2", "fold andy"]),  # pot 5 to Dan: Dan +2
    "n3": ("Andy,Danny,Cat", ["deal", "bet danny 3", "fold cat", "fold andy"]),  # pot 6 to Danny: Danny +2
}
STANDINGS = [  # Dan is Danny since night 2 (R2.6), andy is Andy; every night in whole chips (money "1")
    {"player": "Danny", "nights": 2, "hands": 2, "won_hands": 2, "net": 4, "best": 2, "worst": 2, "biggest_pot": 6,
     "money": "1", "sessions": 2},
    {"player": "Bill", "nights": 2, "hands": 2, "won_hands": 1, "net": 1, "best": 2, "worst": -1, "biggest_pot": 5,
     "money": "1", "sessions": 2},
    {"player": "Cat", "nights": 2, "hands": 2, "won_hands": 0, "net": -2, "best": -1, "worst": -1, "biggest_pot": 0,
     "money": "1", "sessions": 2},
    {"player": "Andy", "nights": 3, "hands": 3, "won_hands": 0, "net": -3, "best": -1, "worst": -1,
     "biggest_pot": 0, "money": "1", "sessions": 3},
]


def play_nights(bragref: Bragref) -> None:
    """The three nights, on 1, 8 and 15 November (the ledger's clock set back: a night is its date)."""
    from itertools import count

    from bragref.ledger import store

    clock = store.now
    try:
        for day, (name, (players, lines)) in zip((1, 8, 15), NIGHTS.items(), strict=False):
            seconds = count()
            store.now = lambda day=day, seconds=seconds: f"2026-11-{day:02}T20:00:{next(seconds):02}.000000+00:00"
            bragref(f'session new {name} --players "{players}"')
            for line in lines:
                bragref(line)
            if name == "n1":
                bragref("lend andy cat 5")  # Cat owes Andy 5 (R7.5)
            if name == "n2":
                bragref("player rename dan Danny")
    finally:
        store.now = clock


def test_three_nights_standings_settle_ups_and_what_is_still_owed(bragref):
    play_nights(bragref)
    assert bragref.json("season") == STANDINGS
    assert bragref("season --csv").stdout.splitlines()[:2] == [
        "player,nights,hands,won_hands,net,best,worst,biggest_pot,money,sessions", "Danny,2,2,2,4,2,2,6,1,2"]
    # nets with the loan: Andy -3 + 5 = 2, Cat -2 - 5 = -7, Bill 1, Danny 4: Cat owes everything
    owing = bragref.json("settle --all")
    assert sorted((p["from"], p["to"], p["amount"]) for p in owing) == [("Cat", "Andy", 2), ("Cat", "Bill", 1),
                                                                        ("Cat", "Danny", 4)]
    refused = bragref.refused("paid cat danny 5", "R1.2")
    assert "Cat owes Danny 4" in refused
    assert "Danny owes Cat nothing" in bragref.refused("paid danny cat 1", "R1.2")
    bragref.refused("paid zed cat 1", "'zed'", code=2)  # nobody of that name, in any night (R2.6)
    bragref.refused("paid cat danny 0", "R1.1", code=2)
    bragref.refused(f"paid cat danny 1 --note {'x' * 501}", "at most 500 characters", code=2)
    assert bragref("paid cat danny 3 --note 'on account'").stdout == \
        "Recorded: Cat paid Danny 3 (on account).\n"
    rows = {r["player"]: r for r in bragref.json("balances --all")}
    assert (rows["Cat"]["paid_up"], rows["Cat"]["owed"]) == (3, -4)
    assert (rows["Danny"]["paid_up"], rows["Danny"]["owed"]) == (-3, 1)
    assert (rows["Andy"]["paid_up"], rows["Andy"]["owed"]) == (0, 2)
    assert sorted((p["from"], p["to"], p["amount"]) for p in bragref.json("settle --all")) == [
        ("Cat", "Andy", 2), ("Cat", "Bill", 1), ("Cat", "Danny", 1)]
    assert bragref.json("season") == STANDINGS  # payments are not results
    # a payment voided while it is the ledger's last event; a session closed, and a payment after it
    assert bragref("undo").stdout == "Voided: Cat paid Danny 3 (on account); it is owed again (R9.1).\n"
    assert {r["player"]: r["owed"] for r in bragref.json("balances --all")}["Cat"] == -7
    bragref("session close")
    bragref("paid cat andy 2")
    bragref("paid cat danny 4")
    bragref("undo")  # the last: Cat's 4 to Danny
    assert sorted((p["from"], p["to"], p["amount"]) for p in bragref.json("settle --all")) == [
        ("Cat", "Bill", 1), ("Cat", "Danny", 4)]
    bragref("audit --all")


def test_a_night_at_table_stakes_counts_in_net_and_never_in_owed_r1_3(bragref):
    """Issue 65: `balances --all` gave Dev "owed £0.47" where `settle --all` had Dev pay Cath £1.93: `owed` counted a
    night at table stakes, which was settled at the table (its results are in the cash-outs). `owed` is what `settle
    --all` has each player receive less pay; `settle` of that night says where its results went, not "All square"."""
    bragref('session new t1 --players "Cath,Dev,Eve" --stakes table --unit 0.01 --currency £ --ante 0.10')
    for name in ("cath", "dev", "eve"):
        bragref(f"buy-in {name} 5")
    bragref.lines("""
        deal
        bet dev 1
        fold eve
        see cath
        show dev 2c 3d 5h
        show cath As Ah Ad
    """)  # the pot of £2.30 to Cath: Cath +£1.20, Dev -£1.10, Eve -£0.10 on the table
    assert bragref("settle").stdout == ("Nothing to pay: the hands at table stakes were settled at the table (R1.3)."
                                        "\nOn the table, to cash out: Cath £6.20, Dev £3.90, Eve £4.90.\n")
    bragref("lend eve dev 1")  # onto Dev's table money, from Eve's pocket: owed (R7.5)
    assert bragref("settle").stdout == (
        "Dev pays Eve £1.00\nThe hands at table stakes were paid at the table, in the cash-outs (R1.3): what is paid "
        "here is loans and hands played from the pocket.\nOn the table, to cash out: Cath £6.20, Dev £4.90, Eve £4.90.\n")
    bragref("session close")  # the cash-outs: Cath £6.20, Dev £4.90 (the loan's £1 among it), Eve £4.90
    bragref('session new p2 --players "Cath,Dev,Eve" --unit 0.01 --currency £ --ante 0.10')
    bragref.lines("""
        deal
        bet dev 0.20
        fold eve
        fold cath
    """)  # from the pocket: Cath -£0.10, Dev +£0.20, Eve -£0.10
    rows = [(r["player"], r["net"], r["paid_up"], r["owed"]) for r in bragref.json("balances --all")]
    assert rows == [("Cath", 110, 0, -10), ("Dev", -190, 0, -80), ("Eve", 80, 0, 90)]
    assert bragref.json("settle --all") == [{"from": "Dev", "to": "Eve", "amount": 80, "money": "£0.01"},
                                            {"from": "Cath", "to": "Eve", "amount": 10, "money": "£0.01"}]
    assert "Dev owes Cath nothing" in bragref.refused("paid dev cath 0.10", "R1.2")
    bragref("paid dev eve 0.80")
    rows = [(r["player"], r["net"], r["paid_up"], r["owed"]) for r in bragref.json("balances --all")]
    assert rows == [("Cath", 110, 0, -10), ("Dev", -190, 80, 0), ("Eve", 80, -80, 10)]
    assert bragref.json("season") == [
        {"player": "Cath", "nights": 1, "hands": 2, "won_hands": 1, "net": 110, "best": 110, "worst": 110,
         "biggest_pot": 230, "money": "£0.01", "sessions": 2},
        {"player": "Eve", "nights": 1, "hands": 2, "won_hands": 0, "net": -20, "best": -20, "worst": -20,
         "biggest_pot": 0, "money": "£0.01", "sessions": 2},
        {"player": "Dev", "nights": 1, "hands": 2, "won_hands": 1, "net": -90, "best": -90, "worst": -90,
         "biggest_pot": 50, "money": "£0.01", "sessions": 2}]  # the table-stakes session counts in the season; both
    # sessions were played today: one night (a date), its result theirs together
    assert bragref("--session t1 settle").stdout == (  # the night's who-pays-whom, what was paid since beside it
        "Dev pays Eve £1.00 (£0.80 of it paid)\nThe hands at table stakes were paid at the table, in the cash-outs "
        "(R1.3): what is paid here is loans and hands played from the pocket.\nCashed out: Cath £6.20, Dev £4.90, "
        "Eve £4.90.\nPaid since the night began: Dev paid Eve £0.80.\n"
        "Still owed over every night, net of every payment: Cath pays Eve £0.10.\n")
    bragref("audit --all")


def test_a_settle_up_during_a_hand_is_refused_by_a_rule_r1_2(bragref):
    """Issue 65: `paid` during a hand exited 2, as if mistyped; it is the rules' refusal (exit 3), citing R1.2 (the
    hand's pot is nobody's until it is settled), as `rules set` and `session close` are in that state."""
    play_nights(bragref)
    bragref("deal")
    said = bragref.refused("paid cat danny 1", "R1.2")
    assert said == "refused: settle-ups are recorded only between hands, and hand 2 is not over (Cat to act) (R1.2)\n"
    bragref("undo")  # the deal, a misdeal: between hands again
    assert bragref("paid cat danny 1").stdout == "Recorded: Cat paid Danny 1.\n"


def test_the_table_takes_a_settle_up_between_hands(bragref):
    play_nights(bragref)
    told = bragref.table("paid cat andy 2 --note cash", "deal", "paid cat andy 1").output
    assert "Recorded: Cat paid Andy 2 (cash)." in told
    assert "settle-ups are recorded only between hands, and hand 2 is not over" in told  # refused (R1.2)
    assert ("Cat", "Andy", 2) not in [(p["from"], p["to"], p["amount"]) for p in bragref.json("settle --all")]


def test_a_payment_is_final_once_something_follows_it(bragref):
    play_nights(bragref)
    bragref("paid cat andy 2")
    bragref("lend andy danny 1")  # recorded after the payment: it stands
    bragref.refused("undo", "R9.1")  # undo looks at the hand, settled before the loan: final
    assert ("Cat", "Andy", 2) not in [(p["from"], p["to"], p["amount"]) for p in bragref.json("settle --all")]


def test_an_edited_payment_is_caught_by_audit(bragref, tmp_path):
    play_nights(bragref)
    bragref("paid cat andy 2")
    digest = bragref.json("status")["digest"]
    with sqlite3.connect(bragref.db) as conn:  # edited as anyone with the file would: the chain says so
        trigger = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'payments_no_update'").fetchone()[0]
        conn.execute("DROP TRIGGER payments_no_update")
        conn.execute("UPDATE payments SET amount = 20")
        conn.execute(trigger)
    found = bragref("audit --all", code=4).stdout
    assert "payments" in found
    with rewritten(bragref.db) as conn:  # and edited with the chain made again: the digest kept says so
        conn.execute("UPDATE payments SET amount = 2")
    bragref("audit --all")
    with rewritten(bragref.db) as conn:
        conn.execute("UPDATE payments SET payee = 'Bill'")
    assert "has been rewritten since" in bragref(f"audit --all --digest {digest}", code=4).stdout


def forged_payment(db: Path, payer: str, payee: str, amount, voids: int | None = None) -> None:
    """A payment row appended by hand, its chain link made as bragref makes one (`rewritten`): only judging the
    payment against the rules can find it."""
    with rewritten(db) as conn:
        row_id = conn.execute("INSERT INTO payments (at, payer, payee, amount, voids) VALUES ('2026-11-28T23:00:00',"
                              " ?, ?, ?, ?)", (payer, payee, amount, voids)).lastrowid
        conn.execute("INSERT INTO chain (tbl, row_id, hash) VALUES ('payments', ?, '')", (row_id,))


def test_a_payment_larger_than_was_owed_is_found_by_audit_whatever_its_chain_says(bragref):
    """Issue 65: a payment of 100,000 appended with its link made again passed `audit --all`, `--digest` too. Cat
    owed Andy 2 when she paid 2; a further 100,000 is more than `settle --all` then showed (R1.2)."""
    play_nights(bragref)
    bragref("paid cat andy 2")
    forged_payment(bragref.db, "Cat", "Andy", 100_000)
    digest = bragref.json("status")["digest"]
    for line in ("audit --all", f"audit --all --digest {digest}"):
        found = bragref(line, code=4).stdout
        assert found == ("audit: payment row 2 (Cat paid Andy 100000) is more than settle --all then showed Cat "
                         "owing Andy, 0 (R1.2)\n"), found


def test_a_payment_from_someone_who_never_played_is_found_by_audit(bragref):
    """Issue 65: Zed played no night; his payment to Cat, appended with its link made again, passed the audit while
    `settle --all` stopped on nets that no longer summed to zero (exit 5, "run audit"). The audit finds it (R2.6)."""
    play_nights(bragref)
    forged_payment(bragref.db, "Zed", "Cat", 5)
    assert "nets sum to -5" in bragref("settle --all", code=5).stderr
    assert bragref("audit --all", code=4).stdout == (
        "audit: payment row 1 (Zed paid Cat 5): Zed played in no session then, so was owed nothing and owed nothing "
        "(R2.6)\n")


def test_a_void_of_a_payment_no_longer_the_last_event_is_found_by_audit(bragref):
    """Issue 65: `undo` voids a payment only while it is the ledger's last event (R9.1); a void appended by hand after
    a loan was recorded passed the audit. One right after its payment, as `undo` writes it, is sound."""
    play_nights(bragref)
    bragref("paid cat andy 2")
    forged_payment(bragref.db, "Cat", "Andy", 2, voids=1)
    assert bragref("audit --all").output.startswith("audit: sound: ")  # what `undo` would have recorded
    bragref("paid cat andy 2")
    bragref("lend andy danny 1")  # the payment is final from here
    forged_payment(bragref.db, "Cat", "Andy", 2, voids=3)
    assert bragref("audit --all", code=4).stdout == (
        "audit: payment row 4 voids row 3, a payment that was final: something was recorded after it (R9.1)\n")


@pytest.mark.parametrize("amount", [0, -5, "five", 2.5])
def test_a_payment_of_no_amount_of_money_is_found_by_audit(bragref, amount):
    """A payment of 0 or less passed the test of being no more than is owed (R1.1)."""
    play_nights(bragref)
    forged_payment(bragref.db, "Cat", "Andy", amount)
    assert "is not an amount of money: a payment is a whole number of units above 0 (R1.1)" in \
        bragref("audit --all", code=4).stdout


def test_payments_are_judged_as_the_ledger_stood_and_one_found_wanting_is_left_out(bragref):
    """Each payment against what was owed when it was recorded, as if `paid` had refused those found wanting: Cat
    owes Danny 4; a payment of 5 is more, and the payment of 4 after it is judged without it (with it, Cat would
    have owed Danny nothing)."""
    play_nights(bragref)
    bragref("paid cat andy 2")
    forged_payment(bragref.db, "Cat", "Danny", 5)
    forged_payment(bragref.db, "Cat", "Danny", 4)
    assert bragref("audit --all", code=4).stdout == (
        "audit: payment row 2 (Cat paid Danny 5) is more than settle --all then showed Cat owing Danny, 4 (R1.2)\n")


def test_season_dates_and_a_range_with_no_night(bragref):
    play_nights(bragref)
    today = bragref.json("season --from 2000-01-01 --to 2999-12-31")
    assert today == STANDINGS
    assert bragref.json("season --to 2000-01-01") == []
    assert "--from is a date" in bragref("season --from 28/11/2026", code=2).stderr


# ---- a club's ledger --------------------------------------------------------------------------------------------


def written_apart(tmp_path: Path) -> list[Path]:
    """Three tables' nights, each in a ledger of its own written by a process of its own, exported as JSON with the
    night's date (a session keeps its recorded times): 1, 8 and 15 November."""
    histories = []
    for day, (name, (players, lines)) in zip((1, 8, 15), NIGHTS.items(), strict=False):
        db = tmp_path / f"{name}.db"
        script = tmp_path / f"{name}.brag"
        script.write_text("\n".join([f'session new friday --players "{players}"', *lines,
                                     *(["player rename dan Danny"] if name == "n2" else [])]) + "\n")
        subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), "run", "-q", str(script)], check=True,
                       env={**os.environ, "BRAGREF_SESSION": ""})
        text = subprocess.run([sys.executable, "-m", "bragref", "--db", str(db), "export", "--format", "json"],
                              check=True, capture_output=True, text=True).stdout
        document = json.loads(text)
        document["_created_at"] = f"2026-11-{day:02d}T20:00:00+00:00"
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(document))
        histories.append(path)
    return histories


def test_a_clubs_ledger_merges_three_tables_and_refuses_a_history_twice(bragref, tmp_path):
    first, second, third = written_apart(tmp_path)
    assert "Imported session friday:" in bragref(f"import {first}").stdout
    assert "Imported session friday-2 (another session is called friday)" in bragref(f"import {second}").stdout
    before = bragref.dump()
    assert "already imported as session friday-2" in bragref(f"import {second} --as again", code=3).stderr
    assert bragref.dump() == before
    bragref(f"import {third}")
    assert bragref.json("season") == STANDINGS  # one person under every spelling and the name they have now
    assert bragref.json("season --from 2026-11-08 --to 2026-11-08") == [
        {"player": "Danny", "nights": 1, "hands": 1, "won_hands": 1, "net": 2, "best": 2, "worst": 2,
         "biggest_pot": 5, "money": "1", "sessions": 1},
        {"player": "andy", "nights": 1, "hands": 1, "won_hands": 0, "net": -1, "best": -1, "worst": -1,
         "biggest_pot": 0, "money": "1", "sessions": 1},
        {"player": "Bill", "nights": 1, "hands": 1, "won_hands": 0, "net": -1, "best": -1, "worst": -1,
         "biggest_pot": 0, "money": "1", "sessions": 1}]  # equal nets: by name
    assert bragref("season --nights --csv").stdout.splitlines() == [  # a row per player per night, for a spreadsheet
        "player,session,date,paid,won,net,money", "Andy,friday,2026-11-01,1,0,-1,1", "Bill,friday,2026-11-01,3,5,2,1",
        "Cat,friday,2026-11-01,1,0,-1,1", "andy,friday-2,2026-11-08,1,0,-1,1", "Bill,friday-2,2026-11-08,1,0,-1,1",
        "Danny,friday-2,2026-11-08,3,5,2,1", "Andy,friday-3,2026-11-15,1,0,-1,1", "Cat,friday-3,2026-11-15,1,0,-1,1",
        "Danny,friday-3,2026-11-15,4,6,2,1"]
    assert "Season leader: Danny, +4 over 2 nights" in bragref("summary --all").stdout
    bragref("audit --all")


def test_the_seasons_chart_is_an_svg_of_a_line_per_player(bragref, tmp_path):
    play_nights(bragref)
    chart = tmp_path / "season.svg"
    bragref(f"season --chart {chart}")
    svg = ElementTree.parse(chart).getroot()
    lines = svg.findall("{http://www.w3.org/2000/svg}polyline")
    assert sorted(line.get("data-player") for line in lines) == ["Andy", "Bill", "Cat", "Danny"]
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    for row in STANDINGS:  # each line's end says the season's result, the standings' net
        assert f"{row['player']} {row['net']}" in texts
    assert bragref.json("season") == STANDINGS
    bragref.refused(f"season --chart {bragref.db}", "is the ledger itself: write to another file", code=2)
    (tmp_path / "folder.svg").mkdir()
    bragref.refused(f"season --chart {tmp_path / 'folder.svg'}", "is a directory", code=2)
    assert ElementTree.parse(chart).getroot() is not None  # the picture written before stands


def test_a_seasons_chart_of_one_night_draws_a_mark_for_each_player(bragref):
    """Issue 79: one night in a money drew its labels and no marks (a line of one point is drawn as nothing). Each
    player has a mark where their result stands, in their line's colour, beside the name and result at the right;
    the night is named under it, not cut at the picture's edge."""
    bragref('session new friday --players "Andy,Bill,Cat"')
    bragref("deal")
    bragref("bet bill 2")
    bragref("fold cat")
    bragref("fold andy")
    svg = ElementTree.fromstring(bragref("season --chart -").stdout)
    ns = "{http://www.w3.org/2000/svg}"
    marks = svg.findall(f"{ns}circle")
    assert sorted(mark.get("data-player") for mark in marks) == ["Andy", "Bill", "Cat"]
    lines = {line.get("data-player"): line for line in svg.findall(f"{ns}polyline")}
    width = float(svg.get("width"))
    for mark in marks:
        assert mark.get("fill") == lines[mark.get("data-player")].get("stroke")
        assert 0 < float(mark.get("cx")) < width and float(mark.get("r")) >= 4
    heights = {mark.get("data-player"): float(mark.get("cy")) for mark in marks}
    assert heights["Bill"] < heights["Andy"] == heights["Cat"]  # Bill won: higher on the picture
    assert "friday" in [t.text for t in svg.iter(f"{ns}text")]


def test_the_seasons_chart_goes_to_standard_output_as_dash(bragref, tmp_path, monkeypatch):
    """`--chart -`: the picture alone on standard output, for a pipe (issue 65), not a file called `-`; with another
    output asked for too, bad input, as both cannot share standard output."""
    monkeypatch.chdir(tmp_path)
    play_nights(bragref)
    svg = ElementTree.fromstring(bragref("season --chart -").stdout)
    assert len(svg.findall("{http://www.w3.org/2000/svg}polyline")) == 4
    for other in ("--json", "--csv", "--nights", "--fmt markdown"):
        assert "--chart - writes only the picture" in bragref(f"season --chart - {other}", code=2).stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("target, said", [
    ("/dev/stdout", ("is not a regular file (a folder, a device or a pipe): write to a regular file (`--chart -` "
                    "writes it to standard output)")),
    ("/proc/season.svg", "cannot write in '/proc'")])
def test_a_chart_that_cannot_be_written_there_is_bad_input(bragref, target, said):
    """A pipe (`--chart /dev/stdout | cat`) or a folder nobody may write in (not even root: /proc) is bad input, exit
    2, nothing written (issue 65: it was exit 5, which is the ledger's)."""
    play_nights(bragref)
    before = bragref.dump()
    shown = subprocess.run([sys.executable, "-m", "bragref", "--db", str(bragref.db), "season", "--chart", target],
                           capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert shown.returncode == 2 and said in shown.stderr and "Traceback" not in shown.stderr, shown.stderr
    assert shown.stdout == "" and bragref.dump() == before


# ---- published with Datasette ----------------------------------------------------------------------------------


def published_command(db: Path, metadata: Path) -> list[str]:
    """The command docs/season.md publishes the club's ledger with, serving `db` with `metadata` on a free port."""
    page = (Path(__file__).parent.parent / "docs" / "season.md").read_text(encoding="utf-8")
    block = page.split("## Publishing with Datasette", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    line = next(line for line in block.splitlines() if line.startswith("datasette serve "))
    words = [str(db) if word == "club.db" else str(metadata) if word == "metadata.json" else word
             for word in line.split()]
    return [sys.executable, "-m", *words, "--port", "0"]


@pytest.mark.slow  # a server
def test_the_ledger_opens_in_datasette_with_its_canned_queries(bragref, tmp_path):
    """Served as docs/season.md says: the ledger listed once (issue 65: the command named it twice, `ledger` and
    `ledger_2`), its standings read over HTTP, money as the session keeps it."""
    pytest.importorskip("datasette", reason="datasette is an optional extra (pip install 'bragref[datasette]')")
    import httpx

    play_nights(bragref)
    metadata = tmp_path / "metadata.json"
    metadata.write_text(bragref("datasette-metadata").stdout)
    server = subprocess.Popen(published_command(bragref.db, metadata), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        listening = None
        for line in server.stderr:  # the port the system gave it, as its server says once listening
            if listening := re.search(r"running on (http://127\.0\.0\.1:\d+)", line):
                break
        assert listening, server.stderr.read()
        databases = httpx.get(f"{listening.group(1)}/-/databases.json").json()
        assert [(d["name"], d["is_mutable"]) for d in databases] == [("ledger", False)]
        rows = httpx.get(f"{listening.group(1)}/ledger/standings.json?_shape=array").json()
        assert {row["player"]: row["net"] for row in rows} == {r["player"]: str(r["net"]) for r in STANDINGS}
        play = httpx.get(f"{listening.group(1)}/ledger/play.json?_shape=array").json()  # the stats (issue 77)
        assert {(row["player"], row["hands"], row["won_hands"], row["net"]) for row in play} == {
            (r["player"], r["hands"], r["won_hands"], str(r["net"])) for r in STANDINGS}
        for private in ("/ledger/handles.json", "/ledger.json?sql=select+*+from+handles"):  # never published
            assert httpx.get(f"{listening.group(1)}{private}").status_code == 403, private
        assert "handles" not in httpx.get(f"{listening.group(1)}/ledger.json").text
        dealers = httpx.get(f"{listening.group(1)}/ledger/dealers.json?_shape=array").json()
        assert [(row["dealer"], row["hands"], row["dealt_in"], row["prials_shown"]) for row in dealers] == [
            ("Andy", 3, 9, 0)]  # Andy (andy on night 2) dealt each night's one hand, nobody showed
    finally:
        server.terminate()
        server.wait(10)


def test_the_published_queries_tell_each_amount_in_its_own_sessions_money(bragref):
    """Every amount the canned queries show is text in its session's money (issue 65: integer units, 25 for
    £0.25), each session's in its own: a night in £ (unit 0.01) and one in plain units are added up apart. Worked
    out by hand: n1 (antes £0.25) Bill wins £2.25, £0.50 up, Andy and Cat £0.25 down; Andy pays Bill £0.25; n2
    (ante 1) Bill wins 4, 1 up; Cat pays Bill n1's £0.25; n3 (antes £0.25) Andy wins £0.50."""
    bragref.lines("""
        session new n1 --players "Andy,Bill,Cat" --unit 0.01 --currency £ --ante 0.25
        deal
        bet bill 1.50
        fold cat
        fold andy
        paid andy bill 0.25
        session new n2 --players "Andy,Bill"
        deal
        bet bill 2
        fold andy
        --session n1 paid cat bill 0.25
        session new n3 --players "andy,Bill" --unit 0.01 --currency £ --ante 0.25
        deal
        fold bill
    """)
    queries = json.loads(bragref("datasette-metadata").stdout)["databases"]["ledger"]["queries"]

    def rows(query: str) -> list[tuple]:
        with sqlite3.connect(bragref.db) as conn:
            return conn.execute(queries[query]["sql"], {"player": "bill"}).fetchall()

    assert rows("standings") == [  # n1 and n3 on one date: one night of two sessions, its result theirs together
        ("Bill", 1, "£0.25", "£0.25", "£0.25", 2), ("Andy", 1, "£0.00", "£0.00", "£0.00", 2),
        ("Cat", 1, "-£0.25", "-£0.25", "-£0.25", 1), ("Bill", 1, "1", "1", "1", 1), ("Andy", 1, "-1", "-1", "-1", 1)]
    assert [(night, hands, pot) for night, _, hands, pot in rows("nights")] == [("n1", 1, "£2.25"), ("n2", 1, "4"),
                                                                                ("n3", 1, "£0.50")]
    assert rows("biggest_pots") == [("n1", 1, "£2.25", "Bill"), ("n3", 1, "£0.50", "Andy"), ("n2", 1, "4", "Bill")]
    assert [(night, result) for night, _, result in rows("player_record")] == [("n1", "£0.50"), ("n2", "1"),
                                                                                ("n3", "-£0.25")]
    assert [row[1:] for row in rows("settle_ups")] == [("Andy", "Bill", "£0.25", None), ("Cat", "Bill", "£0.25", None)]
    # Cat's in the money of n1 it was paid in, not of n2, the session recorded last before it (R1.1a)


@pytest.mark.slow  # a server
def test_the_seasons_chart_is_drawn_on_the_players_page(bragref, tmp_path, browser):
    from test_referee import Referee  # the referee's server: its players' page is the one

    play_nights(bragref)
    running = Referee(bragref.db)
    try:
        page = browser.new_page(viewport={"width": 360, "height": 740}, bypass_csp=True)
        page.goto(running.players)
        page.wait_for_function("document.querySelectorAll('#season polyline').length === 4")
        said = page.locator("#season-said").text_content()
        for row in STANDINGS:  # the season as the standings add it up, night by night
            net = f"−\u2060{-row['net']}" if row["net"] < 0 else str(row["net"])  # the sign joined to it
            assert f"{row['player']} {net}" in said, said
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        running.stop()


def test_the_published_play_and_dealers_are_what_stats_counts(bragref, tmp_path):
    """Datasette's `play` and `dealers` (issue 77) over the hand-computed evening of tests/test_stats.py and a rigged
    history imported: the same counts `bragref stats` gives, each amount in its session's money."""
    from test_stats import EVENING, rigged

    from bragref.ledger.published import QUERIES as queries

    def rows(db, query: str) -> list[dict]:
        with sqlite3.connect(db) as conn:
            conn.row_factory = sqlite3.Row
            return [dict(row) for row in conn.execute(queries[query]["sql"])]

    bragref.lines(EVENING)
    stats = {row["player"]: row for row in bragref.json("stats")["players"]}
    for row in rows(bragref.db, "play"):
        counted = stats[row["player"]]
        assert row == {**{k: counted[k] for k in ("player", "game", "hands", "looked", "blind", "folded_early",
                                                  "sees", "showdowns_won", "won_hands")}, "net": str(counted["net"])}
    assert [row["player"] for row in rows(bragref.db, "play")] == ["Ann", "Bill", "Cat"]
    assert rows(bragref.db, "dealers") == [
        {"dealer": "Ann", "game": "brag", "hands": 1, "dealt_in": 3, "shown": 2, "prials_shown": 1,
         "prials_expected": round(3 * 52 / 22100, 4)},
        {"dealer": "Bill", "game": "brag", "hands": 1, "dealt_in": 3, "shown": 0, "prials_shown": 0,
         "prials_expected": round(3 * 52 / 22100, 4)}]
    club = rigged(tmp_path)
    assert [(row["dealer"], row["hands"], row["dealt_in"], row["shown"], row["prials_shown"])
            for row in rows(club.db, "dealers")] == [("Ann", 10, 20, 20, 0), ("Dan", 10, 20, 20, 10)]


def test_nights_are_dates_two_tables_one_evening_are_one_night_and_sessions_count_both(tmp_path):
    """Issue 76: Andy at both tables on 1 November is one night for him (two sessions), Bill and Cat one each; a
    night's result (best, worst) is the date's, both tables together."""
    club = one_evening_club(tmp_path)
    rows = {row["player"]: row for row in club.json("season")}
    assert {name: (row["nights"], row["sessions"]) for name, row in rows.items()} == \
        {"Andy": (2, 3), "Bill": (2, 2), "Cat": (1, 1)}
    nightly = [row for row in club.json("season --nights") if row["player"] == "Andy"]
    assert len(nightly) == 3 and rows["Andy"]["net"] == sum(row["net"] for row in nightly)
    first = sum(row["net"] for row in nightly if row["date"] == "2026-11-01")
    second = sum(row["net"] for row in nightly if row["date"] == "2026-11-08")
    assert (rows["Andy"]["best"], rows["Andy"]["worst"]) == (max(first, second), min(first, second))
    assert "sessions" in club("season --csv").stdout.splitlines()[0].split(",")


def test_datasettes_standings_count_dates_as_season_does(tmp_path):
    """Issue 76: the published `standings` count a person's nights as `season` does, by date (two tables one
    evening are one night), best and worst each a date's result, and the sessions beside them."""
    from bragref.ledger.published import QUERIES

    club = one_evening_club(tmp_path)
    with sqlite3.connect(club.db) as conn:
        published = conn.execute(QUERIES["standings"]["sql"]).fetchall()
    assert published == [(row["player"], row["nights"], str(row["net"]), str(row["best"]), str(row["worst"]),
                          row["sessions"]) for row in club.json("season")]
    assert [(player, nights, sessions) for player, nights, *_, sessions in published if player == "Andy"] == \
        [("Andy", 2, 3)]


def one_evening_club(tmp_path) -> Bragref:
    """A club's ledger of three tables' nights: table-1 (Andy, Bill) and table-2 (Andy, Cat) on 1 November, table-1b
    (Andy, Bill) on 8 November, each a hand played to a fold."""
    histories = []
    for name, players, winner, day in (("table-1", "Andy,Bill", "bill", 1), ("table-2", "Andy,Cat", "andy", 1),
                                       ("table-1b", "Andy,Bill", "andy", 8)):
        table = Bragref(tmp_path / f"{name}.db")
        table(f'session new {name} --players "{players}"')
        table("deal")
        loser = next(p for p in players.lower().split(",") if p != winner)
        while table.json("status")["to_act"].lower() != loser:
            table(f"bet {winner} 1")
        table(f"fold {loser}")
        document = json.loads(table("export --format json").stdout)
        document["_created_at"] = f"2026-11-{day:02}T20:00:00.000000+00:00"  # the night it was played
        histories.append(tmp_path / f"{name}.json")
        histories[-1].write_text(json.dumps(document))
    club = Bragref(tmp_path / "club.db")
    for history in histories:
        club(f"import {history}")
    return club
