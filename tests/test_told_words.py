"""What a new user met refereeing an evening by taps: words that reached people raw. A game's own details under the
players' table (Teen Patti's side show, Svara's dark play and svara) read as the keys are kept; the hand's lines
said a retained hand's look, the table's award, an agreed showdown, a carried pot and a deal's antes as the ledger
keeps them; a side show asked for from a seat did not say whom it asks. Each is reproduced first, then said as a
referee says it, citing its rule."""

import json

from bragref.serve.watch import Watcher


def told_of(db) -> dict:
    """What the players' page is told (`told`) of the ledger as it is, read as the server reads it."""
    watcher = Watcher(str(db))
    try:
        watcher.look()
        return json.loads(watcher.views["players"])["told"]
    finally:
        watcher._close()


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


def test_svaras_dark_play_and_svara_are_said_as_a_referee_says_them_r16_3_r16_7(bragref):
    """Svara's details read `dark play open: yes` and `svara: players Bob, Dan, buy-in £0.70, boiled in Cat` (the
    deal says "boil in", the details "buy-in"). Each is said as the referee says it (R16.3, R16.7)."""
    bragref(f"session new s {SVARA}")
    bragref("deal --dealer Ann")
    assert told_of(bragref.db)["keys"] == [["Dark play", "open (R16.3)"]]
    bragref.lines("""
        bet bob 0.20
        bet cat 0.20
        bet dan 0.20
        bet ann 0.20
        open bob
        show bob Ah Kh 9h
        concede cat
        show dan As Ks 9s
        show ann 7c 8c 9c
    """)
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Svara between Bob and Dan", "boil in £0.70 (R16.7)"]]
    bragref("deal --boil cat")
    keys = told_of(bragref.db)["keys"]
    assert keys == [["Dark play", "open (R16.3)"], ["Svara between Bob and Dan", "boil in £0.70; Cat boiled in (R16.7)"]]
    assert not raw(" ".join(pair) for pair in keys)
