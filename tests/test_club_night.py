"""Issue 76's club night run again with a real Litestream (docs/club.md): two tables one evening, each replicating to
a folder of its own; the club pulling both replicas while they play; table 1's laptop killed mid-hand and replaced
from its replica, the replacement replicating into the same replica and playing on; the old laptop coming back. The
season is the sum of the tables' own nights, nothing doubled; the returning laptop is refused before it writes (so its
copy stays a beginning of the night's, which the club finds already there); a pull again records nothing."""

import json
import sqlite3

import pytest

from bragref.ledger.litestream import restore
from conftest import Bragref
from test_club import Replicating, hands, nets, season_nets, waited


def state(table: Bragref, replica: str) -> str:
    return json.loads(table(f"replica status --json --replica {replica}", code=None).stdout)["state"]


@pytest.mark.slow
def test_a_club_night_with_replicas_a_replaced_laptop_coming_back_and_pulls_during_play(tmp_path, litestream):
    one, two = Bragref(tmp_path / "table-1.db"), Bragref(tmp_path / "table-2.db")
    replica_one, replica_two = f"{one.db}-replica", f"{two.db}-replica"
    club = Bragref(tmp_path / "club.db")
    one('session new friday --players "Andy,Bill"')
    two('session new friday --players "Andy,Bill"')  # Andy and Bill at both tables: one night each, two sessions
    with Replicating(litestream, one) as first, Replicating(litestream, two) as second:
        hands(one, "friday", ["Bill", "Andy"])
        hands(two, "friday", ["Andy"])
        waited(lambda: state(one, replica_one) == "current" and state(two, replica_two) == "current",
               "both nights in their replicas", 30)
        assert club(f"club pull {replica_one} {replica_two}").stdout.splitlines() == [  # during play
            f"{replica_one}: imported 1 session: friday (still being played: pulled as it stands)",
            f"{replica_two}: imported 1 session: friday as friday-2 (still being played: pulled as it stands)"]
        one("deal")
        one("bet bill 1")  # hand 3 in play at table 1
        waited(lambda: state(one, replica_one) == "current", "hand 3's bet in the replica", 30)
        first.kill()  # the laptop dies mid-hand, its Litestream with it
        replacement = Bragref(tmp_path / "replacement.db")
        restore(replica_one, str(replacement.db))  # the table carries on from the replica, on another laptop
        with Replicating(litestream, replacement, "--replica", replica_one) as third:
            third.replica = replacement.db  # (the replica is there already: the replacement's rows are waited for)
            replacement("bet andy 2")
            replacement("fold bill")
            hands(replacement, "friday", ["Andy"])
            hands(two, "friday", ["Bill", "Andy"])
            waited(lambda: state(replacement, replica_one) == "current" and state(two, replica_two) == "current",
                   "the replacement's hands and table 2's in their replicas", 30)
            assert club(f"club pull {replica_one} {replica_two}").stdout.splitlines() == [  # during play again
                f"{replica_one}: imported nothing; friday: 2 more hands",
                f"{replica_two}: imported nothing; friday-2: 2 more hands"]
            hands(replacement, "friday", ["Bill"])
            replacement("session close")
            two("session close")
            waited(lambda: state(replacement, replica_one) == "current" and state(two, replica_two) == "current",
                   "both closes in their replicas", 30)
            third.stop()
        second.stop()
    with sqlite3.connect(one.db) as conn:
        before = conn.execute("SELECT MAX(seq) FROM chain").fetchone()[0]
    back = one("fold andy", code=4)  # the old laptop, back: told before it writes, nothing recorded
    assert "diverged" in back.stderr and "Nothing was recorded" in back.stderr, back.output
    with sqlite3.connect(one.db) as conn:
        assert conn.execute("SELECT MAX(seq) FROM chain").fetchone()[0] == before
    assert club(f"club pull {replica_one} {replica_two} {one.db}").stdout.splitlines() == [
        f"{replica_one}: imported nothing; friday: 1 more hand, and its close",
        f"{replica_two}: imported nothing; friday-2: its close",
        f"{one.db}: imported nothing; 1 session already there: friday"]  # refused, it wrote nothing of its own:
    # its copy is a beginning of the night's
    assert season_nets(club) == nets(replacement, two)  # the season: the sum of the tables' own nights
    rows = {row["player"]: row for row in club.json("season")}
    assert {name: (row["nights"], row["sessions"], row["hands"]) for name, row in rows.items()} == \
        {"Andy": (1, 2, 8), "Bill": (1, 2, 8)}  # 5 hands at table 1 (the replacement's copy), 3 at table 2
    club("audit --all")
    dumped = club.dump()
    assert club(f"club pull {replica_one} {replica_two}").stdout.splitlines() == [
        f"{replica_one}: imported nothing; 1 session already there: friday",
        f"{replica_two}: imported nothing; 1 session already there: friday as friday-2"]
    assert club.dump() == dumped  # nothing recorded the second time
