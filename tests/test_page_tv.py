"""What a new user met refereeing an evening by taps, on a phone (360x740) and a TV (1280x720), each reproduced first:
three-stake's own details under the players' table read raw and were cut at the column's foot, a name of 40
characters ran past the players' column, players not out of the hand were struck through, the night's chart drew a
player who joined later from hand 1, said "hands 1-5" of four points and crowded eight players' names, and a seat
kept its ✓ line after the hand it spoke of was over."""

import json
from itertools import pairwise

import pytest
from conftest import told_of
from test_page_fit import BROKEN, EIGHT_SEATS, LONGEST, ROWS, TV_720, thirty_one
from test_referee import PHONE, Referee, bragref, opened, status

pytestmark = pytest.mark.slow  # a server and a browser: CI's whole run, not the quick subset


# ---- three-stake's own details ---------------------------------------------------------------------------------------


def test_three_stakes_pots_are_said_as_a_referee_says_them(tmp_path):
    """The three pots read `pot card, amount £4.00, winners Andy; pot brag, amount £14.00; ...` (the game's keys
    rendered as they are kept). Each pot is said on a line of its own, what it holds and whose it is or how it is
    still to be decided (R15.2, R15.5); no key's raw name or value reaches the page."""
    db = tmp_path / "ledger.db"
    thirty_one(db, EIGHT_SEATS)  # in the thirty-one: Andy's 9c the best face-up card (R15.2)
    keys = told_of(db)["keys"]
    assert keys[:3] == [["Pot for the best card (£4.00)", "Andy"],
                        ["Pot for the brag (£14.00)", "at the show, the best three as dealt"],
                        ["Pot for the thirty-one (£4.00)", "the best total not over 31"]], keys
    said = json.dumps(keys)
    for raw in ("amount", "winners", "pot card", "three pots", "stage", "carried"):
        assert raw not in said, (raw, keys)
    for words in ("show georgina 7h 2c 3c", "stick georgina", "show harry 8d 9d 10d", "stick harry",
                  "show andy 9c Jd Qc", "stick andy"):
        bragref(db, *words.split())
    keys = dict(told_of(db)["keys"])  # over: every pot said with its winner
    assert keys["Pot for the best card (£4.00)"] == "Andy", keys
    assert keys["Pot for the brag (£14.00)"] == "Bill", keys  # a pair of kings, the best as dealt (R15.5)
    assert keys["Pot for the thirty-one (£4.00)"] == "Bill", keys  # Bill's 31 (R15.5)


def test_three_stakes_pots_at_the_brag_say_they_are_being_bet_for(tmp_path):
    """At the brag, before the thirty-one: pot 1 is the eldest's (the A♦ beats every card, R15.2), pot 2 is being
    bet for (R15.3), pot 3 is played after it (R15.4); what the player to act must put in to call, and what each
    has put in the brag once anyone has."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob,Cat", "--game", "three-stake", "--currency", "£",
            "--unit", "0.20")
    bragref(db, "deal", "--up", "Ad,2s,3h")
    assert told_of(db)["keys"] == [["Pot for the best card (£0.60)", "Bob"],  # the eldest's Ad (R15.2)
                                   ["Pot for the brag (£0.60)", "being bet for"],
                                   ["Pot for the thirty-one (£0.60)", "played after the brag"],
                                   ["To call", "nothing: a check"]]  # until someone raises (R15.3)
    bragref(db, "raise", "bob", "0.40")
    assert told_of(db)["keys"][3:] == [["Put in the brag", "Bob £0.40"], ["To call", "£0.40"]]


def viewed(db) -> dict:
    """The players' page's whole view of the ledger as it is, read as the server reads it."""
    from bragref.serve.watch import Watcher

    watcher = Watcher(str(db))
    try:
        watcher.look()
        return json.loads(watcher.views["players"])
    finally:
        watcher._close()


def test_three_stakes_thirty_one_is_said_without_the_brags_stake_r15_4(tmp_path):
    """The evening refereed by taps: in the thirty-one the hand's line still said `Pot £3.60 · stake £0.20` and
    `Pot £3.60, stake £0.20. The thirty-one (pot 3)…`, though nobody bets there (R15.4): the stake is said while a
    move on offer puts money in, as at the brag, and not in the thirty-one's draws and shows. The terminal's lines
    are as they were."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob,Cat", "--game", "three-stake", "--currency", "£",
            "--unit", "0.20")
    bragref(db, "deal", "--up", "Ad,2s,3h")
    bragref(db, "raise", "bob", "0.40")
    view = viewed(db)
    assert view["told"]["pot"].endswith("stake £0.40") and "stake £0.40." in view["said"], view  # at the brag: bet to
    thirty_one(tmp_path / "eight.db", EIGHT_SEATS)
    view = viewed(tmp_path / "eight.db")
    assert "The thirty-one" in view["said"], view["said"]
    assert "stake" not in view["told"]["pot"] and "stake" not in view["said"], (view["told"]["pot"], view["said"])
    assert "stake" in bragref(tmp_path / "eight.db", "status")  # the terminal's words, as its transcripts keep them


KEYS = """() => {  // the players' part as drawn: each line of the game's own details under the table, with whether all
  // of it is in the part and on the screen
  const part = document.getElementById('table').getBoundingClientRect();
  return [...document.querySelectorAll('#keys dd, #keys dt')].map(node => {
    const r = node.getBoundingClientRect();
    return [node.textContent, r.left >= part.left - 1 && r.right <= part.right + 1 && r.top >= part.top - 1
            && r.bottom <= part.bottom + 1 && r.bottom <= innerHeight + 1];
  });
}"""


def at_the_brag(db, seats: str) -> None:
    """Three-stake among eight (`seats`), its first hand at the brag: raises, a call and a fold; Francesca to act,
    with what each has put in and what she must to call said under the pots."""
    bragref(db, "session", "new", "n", "--players", seats, "--game", "three-stake", "--currency", "£", "--unit",
            "0.50")
    bragref(db, "deal", "--up", "2s,3h,4d,5c,6s,7h,8d,9c")
    for words in ("raise bill 1", "call christopher", "fold dan", "raise eddie 1"):
        bragref(db, *words.split())


@pytest.mark.parametrize(("viewport", "seats", "stage"), [
    (TV_720, EIGHT_SEATS, thirty_one), (TV_720, EIGHT_SEATS.replace("Harry", LONGEST), thirty_one),
    (TV_720, EIGHT_SEATS.replace("Harry", LONGEST), at_the_brag), (PHONE, EIGHT_SEATS.replace("Harry", LONGEST),
                                                                   thirty_one)],
    ids=["tv-1280x720", "tv-1280x720-a-40-character-name", "tv-1280x720-a-40-character-name-at-the-brag",
         "phone-a-40-character-name"])
def test_eight_three_stake_players_and_the_three_pots_read_whole_under_them(browser, tmp_path, viewport, seats,
                                                                              stage):
    """Three-stake's thirty-one among eight on a 1280x720 TV: the pots under the players' table were cut at the
    column's foot, and with a name of 40 characters (R2.6) among the players its rows ran past the column too (at
    the brag as well, what each put in and what is to call under the pots). Every player's row and every line
    under them is whole in the players' part and on the screen, the type at least 0.8 of the page's text, no word
    broken; a phone's page no wider than its screen, its pots read whole."""
    db = tmp_path / "ledger.db"
    stage(db, seats)
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.querySelectorAll('#players tbody tr').length === 8")
        page.wait_for_function("document.getElementById('turn').textContent === "
                               f"'{'Georgina' if stage is thirty_one else 'Francesca'} to act'")
        page.wait_for_timeout(300)  # at the size the page settles at
        shown, keys = page.evaluate(ROWS), page.evaluate(KEYS)
        assert "Pot for the best card (£4.00)" in [text for text, _ in keys], keys
        assert not shown["wide"], shown
        assert shown["font"] >= max(14, 0.8 * shown["text"] - 0.5), shown
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert page.evaluate("[...document.querySelectorAll('section')].every(s => s.scrollWidth <= s.clientWidth)")
        assert page.evaluate(BROKEN) == []
        if viewport is not PHONE:  # a TV is not scrolled: every row and every line of the pots in sight
            assert [name for name, whole in shown["rows"] if not whole] == [], shown
            assert [text for text, whole in keys if not whole] == [], keys
            assert shown["newest"][1], shown
            assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    finally:
        running.stop()


# ---- struck through: out of this hand ------------------------------------------------------------------------------


STRUCK = """() => Object.fromEntries([...document.querySelectorAll('#players tbody tr')].map(row =>
  [row.cells[0].textContent.replace(/^▶\\s*/, ''),
   getComputedStyle(row.cells[0]).textDecorationLine.includes('line-through')]))"""


def test_only_players_out_of_the_hand_are_struck_through(browser, tmp_path):
    """Three-stake's thirty-one: Dan, Francesca and Harry folded in the brag, and were struck through as out, yet a
    player who folds gives up pot 2 only (R15.3): Harry, still to play the thirty-one, is in the hand. Dan and
    Francesca (folded and bust) and Eddie (conceded: out of pots 2 and 3, R15.4) have nothing left to win, and
    are struck through; Andy, whose face-up card took pot 1 (R15.2), is not, nor is anyone still in a pot."""
    db = tmp_path / "ledger.db"
    thirty_one(db, EIGHT_SEATS)
    assert sorted(told_of(db)["out"]) == ["Dan", "Eddie", "Francesca"]
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.querySelectorAll('#players tbody tr').length === 8")
        struck = page.evaluate(STRUCK)
        assert struck == {"Bill": False, "Christopher": False, "Dan": True, "Eddie": True, "Francesca": True,
                          "Georgina": False, "Harry": False, "Andy": False}, struck
    finally:
        running.stop()


def test_a_player_who_joined_before_their_first_deal_is_not_struck_through(browser, tmp_path):
    """Brag: Cat folds, Ann wins the hand; Dan joins between hands (R2.1). On the TV Dan was struck through as out,
    as Cat is: Dan has been in no hand yet, and is drawn waiting for the next deal, not struck through."""
    db = tmp_path / "ledger.db"
    bragref(db, "session", "new", "n", "--players", "Ann,Bob,Cat", "--currency", "£")
    bragref(db, "deal")
    for words in ("fold bob", "fold cat"):
        bragref(db, *words.split())
    bragref(db, "player", "join", "Dan")
    told = told_of(db)
    assert told["out"] == ["Bob", "Cat"] and told["states"]["Dan"] == "waiting for the deal", told
    running = Referee(db)
    try:
        page = opened(browser, running.players, TV_720)
        page.wait_for_function("document.querySelectorAll('#players tbody tr').length === 4")
        assert page.evaluate(STRUCK) == {"Ann": False, "Bob": True, "Cat": True, "Dan": False}
    finally:
        running.stop()


# ---- the night's chart ---------------------------------------------------------------------------------------------


def folded_round(db) -> None:
    """The hand in play played out: each player to act folds until one is left."""
    while (to_act := json.loads(bragref(db, "status", "--json"))["to_act"]) is not None:
        bragref(db, "fold", to_act)


def joined_and_misdealt(db) -> None:
    """Brag among seven, two hands; Harry joins (R2.1) and is dealt in from hand 3; hand 4 is a misdeal, voided
    (R9.1), and hand 5 is played: the night's chart has four hands, 1, 2, 3 and 5, and eight players."""
    bragref(db, "session", "new", "n", "--players", EIGHT_SEATS.replace(",Harry", ""), "--currency", "£", "--unit",
            "0.50")
    for _ in range(2):
        bragref(db, "deal")
        folded_round(db)
    bragref(db, "player", "join", "Harry")
    bragref(db, "deal")
    folded_round(db)
    bragref(db, "deal")
    bragref(db, "undo")  # a misdeal: hand 4 is voided
    bragref(db, "deal")
    folded_round(db)


def test_the_nights_chart_knows_when_each_player_joined(tmp_path):
    """The chart's figures: Harry, seated after hand 2, was given a result of nothing for hands 1 and 2 (a flat line
    from hand 1): his first hand is named (`first`, the place of hand 3 among the hands drawn), the others' are
    not; hand 4, voided, is not among the hands."""
    db = tmp_path / "ledger.db"
    joined_and_misdealt(db)
    chart = told_of(db)["chart"]
    assert chart["hands"] == [1, 2, 3, 5], chart
    assert chart["first"] == {"Harry": 2}, chart
    assert len(chart["players"]["Harry"]) == 4 and chart["players"]["Harry"][:2] == [0, 0], chart


CHART = """() => {  // the night's chart as drawn: its axis's words, where each player's line starts, the x of each hand,
  // and its names' boxes, top to bottom
  const svg = document.getElementById('running'), lines = [...svg.querySelectorAll('polyline')];
  const names = [...svg.querySelectorAll('text')].slice(1).map(t => {
    const r = t.getBoundingClientRect();
    return [t.textContent, r.top, r.bottom];
  }).sort((a, b) => a[1] - b[1]);
  const starts = lines.map(line => line.points[0].x), xs = lines.map(line => [...line.points].map(p => p.x));
  return {axis: svg.querySelector('text').textContent, starts, xs, names,
          caption: document.getElementById('running-said').textContent};
}"""


@pytest.mark.parametrize("viewport", [TV_720, PHONE], ids=["tv-1280x720", "phone"])
def test_the_nights_chart_draws_a_late_player_from_their_first_hand_names_its_hands_and_keeps_names_apart(
        browser, tmp_path, viewport):
    """Harry joined after hand 2: his line was drawn flat from hand 1, as if he had played and broken even. Hand 4
    was voided (R9.1), and the axis said "hands 1–5" under four points. Eight names crowded at the lines' ends, each
    touching the next. Harry's line starts at hand 3 (the others' at hand 1); the axis names the hands drawn ("hands
    1–3, 5"); each name is apart from the next by at least a fifth of its height."""
    db = tmp_path / "ledger.db"
    joined_and_misdealt(db)
    running = Referee(db)
    try:
        page = opened(browser, running.players, viewport)
        page.wait_for_function("document.getElementById('chart').hidden === false")
        page.wait_for_timeout(300)  # drawn again at the size the page settles at (its ResizeObserver)
        drawn = page.evaluate(CHART)
        assert drawn["axis"] == "hands 1–3, 5", drawn
        order = EIGHT_SEATS.split(",")
        everyone = drawn["xs"][0]
        assert len(everyone) == 4, drawn
        harry = drawn["xs"][order.index("Harry")]
        assert harry == everyone[2:], drawn  # from hand 3, at hand 3's place
        assert all(xs == everyone for name, xs in zip(order, drawn["xs"], strict=True) if name != "Harry"), drawn
        names = drawn["names"]
        assert len(names) == 8, names
        for (_, _, above), (name, below, bottom) in pairwise(names):
            assert below - above >= 0.2 * (bottom - below), (name, names)
    finally:
        running.stop()


# ---- a seat's ✓ line -------------------------------------------------------------------------------------------------


def test_a_seats_confirmation_goes_once_the_hand_it_speaks_of_is_over(browser, tmp_path):
    """Bob asks to bet £2 from his phone and the referee records it: his page says ✓ what was recorded. The others
    fold at the table and the hand is over (Bob wins it): the ✓ line stayed, speaking of a move in a hand already
    over. It goes once the hand is over; while the hand is in play it stays."""
    from test_seats import Seated, ask, dealt, phone

    db = dealt(tmp_path / "ledger.db")
    running = Seated(db)
    try:
        bob = phone(browser, running.seat("Bob"))
        ask(bob, "bet", "2")
        request = status(running.url)["requests"][0]  # the referee records it
        assert running.answer(request["id"]).status_code == 200
        bob.wait_for_function("document.getElementById('answer').className === 'recorded'", timeout=3000)
        assert "Bob" in bob.locator("#answer").text_content()
        bob.clock.fast_forward(5000)
        bragref(db, "fold", "cat")  # the hand goes on: the ✓ line stays
        bob.wait_for_function("document.getElementById('turn').textContent.includes('Dan')", timeout=3000)
        assert bob.evaluate("document.getElementById('answer').className") == "recorded"
        for name in ("dan", "ann"):
            bragref(db, "fold", name)
        bob.wait_for_function("document.getElementById('turn').textContent.includes('over')", timeout=3000)
        bob.wait_for_function("document.getElementById('answer').textContent === ''", timeout=3000)
        assert bob.evaluate("document.getElementById('answer').className") == ""
    finally:
        running.stop()


def test_a_seats_confirmation_of_the_move_that_ends_the_hand_is_read_before_it_goes(browser, tmp_path):
    """Bob's own fold ends the hand (Ann takes the pot, R2.5): its ✓ line comes with the hand already over. It
    stays to be read a moment (as what is said of a hand does before news of the table clears it), then goes."""
    from test_seats import Seated, ask, dealt, phone

    db = dealt(tmp_path / "ledger.db")
    for words in ("bet bob 1", "fold cat", "fold dan", "bet ann 1"):
        bragref(db, *words.split())
    running = Seated(db)
    try:
        bob = phone(browser, running.seat("Bob"))
        ask(bob, "fold")
        assert running.answer(status(running.url)["requests"][0]["id"]).status_code == 200
        bob.wait_for_function("document.getElementById('answer').className === 'recorded'", timeout=3000)
        bob.wait_for_function("document.getElementById('turn').textContent.includes('over')", timeout=3000)
        assert "Bob" in bob.locator("#answer").text_content()  # read first
        bob.clock.fast_forward(3500)
        bob.wait_for_function("document.getElementById('answer').textContent === ''", timeout=3000)
    finally:
        running.stop()
