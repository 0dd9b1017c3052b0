"""What a new user met refereeing an evening by taps: words that reached people raw. A game's own details under the
players' table (Teen Patti's side show, Svara's dark play and svara) read as the keys are kept; the hand's lines
said a retained hand's look, the table's award, an agreed showdown, a carried pot and a deal's antes as the ledger
keeps them; a side show asked for from a seat did not say whom it asks. Each is reproduced first, then said as a
referee says it, citing its rule."""

from conftest import told_of


def raw(texts) -> list[str]:
    """The kept words (a key's name, a value as stored) found in `texts`."""
    kept = ("sideshow", "asker", "asked Dan,", "buy-in", "buy_in", "boiled in Cat", ": yes", "dark play open",
            "old keep", "award ·", "carried forward (R6.2)", "· deal ")
    return [word for word in kept for text in texts if word in text]


# ---- 1. a game's own details under the players -------------------------------------------------------------------


TEEN = '--players "Ann,Bob,Cat,Dan" --game teen-patti --currency £ --unit 0.10'  # Ann deals: Bob, Cat, Dan, Ann


def side_show_asked(bragref) -> None:
    """Bob, Cat and Dan chaal seen; Ann looks, chaals and asks Dan, the previous player still in (R13.4)."""
    bragref(f"session new tp {TEEN}")
    bragref.lines("""
        deal --dealer Ann
        chaal bob 0.20
        chaal cat 0.20
        chaal dan 0.20
        look ann
        sideshow ann 0.20
    """)


def test_a_side_show_is_said_as_a_referee_says_it_r13_4(bragref):
    """The side show read `sideshow: asker Ann, asked Dan, accepted, packed Dan` (on a seat, `sideshowasker
    Ann...`): the key's name and its entries as they are kept. It is said as the referee says it, at each step."""
    side_show_asked(bragref)
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Side show", "Ann asked Dan; Dan to accept or refuse (R13.4)"]]
    bragref("accept dan")
    assert told_of(bragref.db)["keys"] == [["Side show", "Ann asked Dan; accepted (R13.4)"]]
    bragref("show dan 2h 3d 5c")
    bragref("show ann Ah Ad Ac")
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Side show", "Ann asked Dan; accepted; Dan packed (R13.4)"]]
    assert not raw(" ".join(pair) for pair in keys)


def test_a_side_show_refused_is_not_said(bragref):
    side_show_asked(bragref)
    bragref("refuse dan")
    assert told_of(bragref.db)["keys"] == []


SVARA = '--players "Ann,Bob,Cat,Dan" --game svara --currency £ --unit 0.10'  # Ann deals: Bob, Cat, Dan, Ann
TIED = """
    bet bob 0.20
    bet cat 0.20
    bet dan 0.20
    bet ann 0.20
    open bob
    show bob Ah Kh 9h
    concede cat
    show dan As Ks 9s
    show ann 7c 8c 9c
"""  # everyone bets, Bob opens: Bob's and Dan's 30s a svara between them (R16.7), Cat conceding


def test_svaras_dark_play_and_svara_are_said_as_a_referee_says_them_r16_3_r16_7(bragref):
    """Svara's details read `dark play open: yes` and `svara: players Bob, Dan, buy-in £0.70, boiled in Cat` (the
    deal says "boil in", the details "buy-in"). Each is said as the referee says it (R16.3, R16.7)."""
    bragref(f"session new s {SVARA}")
    bragref("deal --dealer Ann")
    assert told_of(bragref.db)["keys"] == [["Dark play", "open (R16.3)"]]
    bragref.lines(TIED)
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Svara between Bob and Dan", "boil in £0.70 (R16.7)"]]
    bragref("deal --boil cat")
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Dark play", "open (R16.3)"], ["Svara between Bob and Dan", "boil in £0.70; Cat boiled in (R16.7)"]]
    assert not raw(" ".join(pair) for pair in keys)


# ---- 2. the hand's lines ------------------------------------------------------------------------------------------


BRAG = '--players "Ann,Bob,Cat,Dan,Eve" --currency £ --unit 0.10 --ante 0.20'  # Eve deals: Ann, Bob, Cat, Dan, Eve


def carried(bragref) -> None:
    """Hand 1: Bob, blind, is the last in: the pot, £1.40, is carried forward and Bob retains his hand (R6.2)."""
    bragref(f"session new e {BRAG}")
    bragref.lines("""
        deal --dealer Eve
        bet ann 0.20 --blind
        bet bob 0.20 --blind
        fold cat
        fold dan
        fold eve
        fold ann
    """)


def texts(db) -> list[str]:
    return [line["text"] for line in told_of(db)["lines"]]


def test_a_deal_and_a_carried_pot_are_said_as_a_person_reads_them_r6_2(bragref):
    """`Eve · deal £1.00` read as if Eve paid £1.00 (it is the antes in the pot at her deal); `Bob · carried £1.10 ·
    carried forward (R6.2)` said the ledger's kind and note."""
    carried(bragref)
    lines = texts(bragref.db)
    assert lines[0] == "Eve deals: antes £1.00"
    assert lines[-1] == "£1.40 carried forward to the next hand, Bob retaining it (R6.2)"
    assert not raw(lines)


def test_a_retained_hands_look_a_showdown_agreed_and_the_tables_award_are_said_r6_3_r6_5(bragref):
    """`Bob · look · old keep` (R6.3), `showdown` with nobody named (R6.5), `award · Dan` (R6.5): each a phrase."""
    carried(bragref)
    bragref.lines("""
        deal
        look bob --hand old --keep
        bet bob 0.20
        showdown
        award dan
    """)
    lines = texts(bragref.db)
    assert lines[:5] == ["Ann deals: antes £1.00", "Bob looks at the old hand and keeps it (R6.3)", "Bob · bet £0.20",
                         "showdown agreed (R6.5)", "Dan · awarded"]
    assert not raw(lines)


def test_teen_pattis_deal_says_its_boot(bragref):
    bragref(f"session new tp {TEEN}")
    bragref("deal --dealer Ann")
    assert texts(bragref.db) == ["Ann deals: boot £0.40"]


def test_svaras_award_of_two_is_a_svara_and_its_carried_pot_is_said_r16_7(bragref):
    bragref(f"session new s {SVARA}")
    bragref.lines("""
        deal --dealer Ann
        bet bob 0.20
        bet cat 0.20
        bet dan 0.20
        bet ann 0.20
        open bob
        award bob dan
    """)
    lines = texts(bragref.db)
    assert lines[-2:] == ["the table awards a svara between Bob and Dan (R16.7)",
                          "£1.40 carried whole to the svara deal (R16.7)"]


def test_a_svara_deal_says_who_is_in_free_and_who_boiled_in_not_antes_r16_7(bragref):
    """The svara deal's amount is the buy-ins, not antes: its line says what the deal's note says."""
    bragref(f"session new s {SVARA}")
    bragref("deal --dealer Ann")
    bragref.lines(TIED)
    bragref("deal --boil cat")
    assert texts(bragref.db) == ["Bob deals: Dan and Bob in free; Cat boiled in for £0.70 (R16.7)"]


# ---- 3. a side show asked for from a seat ------------------------------------------------------------------------


def asked(bragref, *move: str) -> str:
    """The line a seat's request of `move` is shown by (`asked_words`), on the ledger as it is, tried as the
    referee's page tries it: nothing is written."""
    from bragref.api.book import Book
    from bragref.ledger.store import Ledger
    from bragref.told import asked_words

    book = Book(lambda: Ledger(str(bragref.db)), "tp")
    before = book.current().hand
    with book.trying():
        book.act(*move)
        return asked_words(list(move), book.last, before)


def test_a_side_show_asked_from_a_seat_says_whom_it_asks_r13_4(bragref):
    """`Ann asks: sideshow £0.40` did not say with whom: the previous player still in, Dan (R13.4)."""
    side_show_asked(bragref)
    bragref("undo")  # Ann has looked; she asks again, from her seat
    line = asked(bragref, "sideshow", "Ann", "0.20")
    assert line == "Ann asks: chaal £0.20 and a side show with Dan (R13.4)"
    bragref("sideshow ann 0.20")
    assert asked(bragref, "accept", "Dan") == "Dan asks: accept Ann's side show (R13.4)"
    assert asked(bragref, "refuse", "Dan") == "Dan asks: refuse Ann's side show (R13.4)"


def test_a_three_stake_player_who_folded_the_brag_is_said_out_of_it_not_folded_r15_3(bragref):
    """A fold in three-stake gives up the brag (pot 2) alone: the player plays the thirty-one on (R15.3). Their state
    says so on the pages and at the table, not `folded`, which read as out of the hand while they were asked to act."""
    bragref('session new t --players "Ann,Bob,Cat,Dan" --game three-stake')
    bragref.lines("""
        deal --up 2s,3h,4d,5c
        call bob
        call cat
        fold dan
    """)
    assert told_of(bragref.db)["states"]["Dan"] == "out of the brag"
    assert "Dan" not in told_of(bragref.db)["out"]
    assert "out of the brag" in bragref("status").stdout
