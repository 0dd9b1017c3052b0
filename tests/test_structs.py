"""The two paths of `bragref.structs` (issue 75, docs/design.md, The two paths): msgspec where it imports, else the
pure-Python path (`bragref.pure`) a browser's Python takes. They must give the same bytes where bytes are hashed (a
hand's JSON in `actions.state`, an action's arguments in `actions.args`), the same refusals in the same words, and
so the same ledgers: an evening replayed on each path, in fresh ledgers on the same clock, writes the same rows, chain
and digest. And every module outside `serve/` imports where msgspec cannot be imported at all."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Literal

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragref import pure, structs

ROOT = Path(__file__).resolve().parent.parent
WITHOUT_MSGSPEC = "import sys; sys.modules['msgspec'] = None  # msgspec not importable, as in a browser's Python\n"


# ---- the encoder's bytes -----------------------------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers(min_value=-2 ** 70, max_value=2 ** 70) | st.floats()
           | st.text())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=4), max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(values)
def test_the_pure_encoder_writes_msgspecs_bytes(value):
    """Any JSON value, text of any characters (control characters, quotes, astral, U+2028), integers past 64 bits,
    floats of every size and not-a-number: byte for byte what msgspec writes."""
    assert pure.encode(value) == msgspec.json.encode(value)


@settings(max_examples=800, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False) | st.floats(min_value=-1e-3, max_value=1e-3)
       | st.floats(min_value=1e15, max_value=1e18))
def test_a_float_is_written_as_msgspec_writes_it(number):
    """Python writes 1e-05 and 1e+16, msgspec 0.00001 and 1e16: the pure path writes msgspec's."""
    assert pure.float_text(number).encode() == msgspec.json.encode(number)
    assert pure.encode([number, "one-eyed"]) == msgspec.json.encode([number, "one-eyed"])


@pytest.mark.parametrize("number", [1e16, 1e-5, 1.2345e-5, -9.876543210000001e-05, 1e-7, 5e-324, 1.7976931348623157e308,
                                    float("nan"), float("-inf"), -0.0, 1e15, 0.0001])
def test_the_floats_where_python_and_msgspec_part(number):
    assert pure.encode({"x": number}) == msgspec.json.encode({"x": number})


@pytest.mark.parametrize("value", [["three-card", 1e16], ["three-card", 2.5], "a1e-5b", {"1e+16": "x"}, [1e-05, "e-"]])
def test_text_that_looks_like_an_exponent_is_written_alike(value):
    """Words with "e-" in them (a preset, "three-card") are written by the fast encoder; text that looks like a
    float's exponent is written again the slow way, to the same bytes."""
    assert pure.encode(value) == msgspec.json.encode(value)


class MPlayer(msgspec.Struct, frozen=True):
    name: str
    paid: int = 0
    purse: int | None = None


class MHand(msgspec.Struct, frozen=True):
    players: tuple[MPlayer, ...]
    seen: frozenset = frozenset()
    totals: dict[str, int] = {}
    judged: object = None


class PPlayer(pure.Struct, frozen=True):
    name: str
    paid: int = 0
    purse: int | None = None


class PHand(pure.Struct, frozen=True):
    players: tuple[PPlayer, ...]
    seen: frozenset = frozenset()
    totals: dict[str, int] = {}
    judged: object = None


def test_a_struct_is_written_as_msgspec_writes_it():
    """Every field, in its order, defaults included; a set as a list; a struct inside a struct."""
    def made(player, hand):
        players = (player("Ann", 2), player("Bø\n", 1, 5))
        return hand(players, frozenset({3}), {"Ann": 1}, player("Cy"))

    assert pure.encode(made(PPlayer, PHand)) == msgspec.json.encode(made(MPlayer, MHand))


# ---- structs -----------------------------------------------------------------------------------------------------

def test_a_pure_struct_behaves_as_msgspecs():
    """Equal by type and fields, hashable when frozen, immutable, a fresh empty default for each value,
    `replace` running `__post_init__` and refusing a field not there, `asdict` not recursing, config inherited."""
    seen = []

    class Bet(pure.Struct, frozen=True):
        player: str
        amount: int = 1
        said: list = []

        def __post_init__(self):
            seen.append(self.amount)
            if self.amount < 0:
                raise ValueError("below zero")

    class Raise(Bet):  # frozen, as its base
        to: int = 0

    bet = Bet("Ann")
    assert bet == Bet("Ann", 1) and bet != Raise("Ann") and hash(PPlayer("Ann")) == hash(PPlayer("Ann", 0))
    assert Bet.__struct_fields__ == ("player", "amount", "said") and Raise.__struct_fields__[-1] == "to"
    with pytest.raises(AttributeError):
        bet.amount = 2
    assert Bet("Bob").said is not bet.said
    later = pure.replace(bet, amount=3)
    assert later == Bet("Ann", 3) and seen[-1] == 3 and bet.amount == 1
    with pytest.raises(TypeError, match="has no field 'amunt'"):
        pure.replace(bet, amunt=3)
    assert pure.asdict(Raise("Ann", to=4)) == {"player": "Ann", "amount": 1, "said": [], "to": 4}
    pure.force_setattr(bet, "amount", 9)
    assert bet.amount == 9
    with pytest.raises(pure.ValidationError, match=r"below zero - at `\$`|below zero"):
        pure.convert({"player": "Ann", "amount": -1}, Bet)


# ---- refusals in msgspec's words ---------------------------------------------------------------------------------

class MMove(msgspec.Struct, forbid_unknown_fields=True):
    player: str
    amount: int = 0
    cards: tuple[int, ...] = ()
    pair: tuple[str, int] = ("a", 1)
    hand: int | None = None
    keep: bool | None = None
    totals: dict[str, int] = {}
    kind: Literal["old", "new"] = "old"
    rate: float = 1.0
    inner: MPlayer | None = None


class PMove(pure.Struct, forbid_unknown_fields=True):
    player: str
    amount: int = 0
    cards: tuple[int, ...] = ()
    pair: tuple[str, int] = ("a", 1)
    hand: int | None = None
    keep: bool | None = None
    totals: dict[str, int] = {}
    kind: Literal["old", "new"] = "old"
    rate: float = 1.0
    inner: PPlayer | None = None


BAD = [{"player": 1}, {"player": "a", "amount": True}, {"player": "a", "amount": 1.0}, {"player": "a", "amount": "2"},
       {"player": "a", "cards": [1, "x"]}, {"player": "a", "cards": "Kh"}, {"player": "a", "pair": ["a"]},
       {"player": "a", "hand": "new"}, {"player": "a", "keep": 1}, {"player": "a", "totals": {"x": "y"}},
       {"player": "a", "totals": {1: 2}}, {"player": "a", "kind": "mid"}, {"player": "a", "rate": False},
       {"player": "a", "inner": {"name": 3}}, {"player": "a", "inner": [1]}, {}, {"player": "a", "amont": 2},
       [1], "x", None, {"player": None}, {"player": "a", "cards": None}, {"player": "a", "totals": []}]


@pytest.mark.parametrize("value", BAD, ids=[json.dumps(v) for v in BAD])
def test_a_refusal_is_msgspecs_in_its_words(value):
    with pytest.raises(msgspec.ValidationError) as theirs:
        msgspec.convert(value, MMove)
    with pytest.raises(pure.ValidationError) as ours:
        pure.convert(value, PMove)
    assert str(ours.value) == str(theirs.value)


def test_what_is_accepted_is_made_alike():
    given = {"player": "a", "amount": 2, "cards": [1, 2], "pair": ["b", 2], "hand": None, "keep": True,
             "totals": {"x": 1}, "kind": "new", "rate": 3, "inner": {"name": "Cy", "paid": 2}}
    theirs, ours = msgspec.convert(given, MMove), pure.convert(given, PMove)
    assert pure.encode(ours) == msgspec.json.encode(theirs) and ours.rate == 3.0 and ours.cards == (1, 2)
    assert pure.decode(b'{"player": "a", "cards": [4]}', type=PMove).cards == (4,)


@pytest.mark.parametrize("text", [b'{"a":1,', b'{"a":}', b"NaN", b"", b"[1, 2"])
def test_what_is_not_json_is_refused_as_msgspec_refuses_it(text):
    with pytest.raises(msgspec.DecodeError):
        msgspec.json.decode(text)
    with pytest.raises(pure.DecodeError):
        pure.decode(text)


def test_decoded_values_are_msgspecs():
    text = '{"a": [1, 2.5, "é", null, true, {"b": -0.0}], "c": 12345678901234567890}'
    assert pure.decode(text) == msgspec.json.decode(text) and pure.decode(text.encode()) == msgspec.json.decode(text)


# ---- without msgspec at all ----------------------------------------------------------------------------------------

def run(script: str, *args, pure_path: bool) -> str:
    """`script` run in a fresh Python, on the pure path with msgspec not importable at all, or on msgspec's."""
    env = {k: v for k, v in os.environ.items() if k != "BRAGREF_PURE"}
    code = (WITHOUT_MSGSPEC if pure_path else "") + script
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, env=env,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("pure_path", [True, False], ids=["pure", "msgspec"])
def test_every_module_outside_serve_imports_first_without_msgspec(pure_path):
    """The engine, the games, the formats, the ledger, the API, the answers, the presentation and the command line:
    all of it a browser's Python can run (only `serve/`, the laptop's web server, and `testing/`, pytest's, are
    left out). Each module is imported first, before any other of bragref's, as a reader of the core may: the
    leaf is imported as a module (`import bragref.structs as structs`), since `from bragref import structs` asks
    the package's lazy names first, which load the API, which loads the module being imported."""
    script = """
import importlib, pkgutil, sys, bragref
names = [m.name for m in pkgutil.walk_packages(bragref.__path__, "bragref.")
         if not m.name.startswith(("bragref.serve", "bragref.testing"))]
for name in names:
    for loaded in [m for m in sys.modules if m == "bragref" or m.startswith("bragref.")]:
        del sys.modules[loaded]
    importlib.import_module(name)
    structs = sys.modules.get("bragref.structs")
    assert structs is None or structs.PURE == (sys.modules.get("msgspec") is None), name
print(len(names))
"""
    assert int(run(script, pure_path=pure_path)) > 80


EVENING = """
import json, random, sys
from bragref.ledger import store
ticks = iter(range(10 ** 6))
store.now = lambda: f"2026-12-05T20:{next(ticks):07d}+00:00"  # one clock, the same on both paths
from bragref.ledger import seats
minted = iter(range(10 ** 6))
seats.minted = lambda: f"{next(minted):032x}"  # one night's identity each, the same on both paths
from bragref.cli import cli
from bragref.games import GAMES, find_game, from_preset
from bragref.ledger import exchange
from bragref.ledger.audit import audit
from bragref.games.randomplay import random_dealt
from bragref.ledger.simulate import between_hands, chooser, simulate
from bragref.ledger.store import Ledger
from bragref.formats import bhh
import bragref.structs
db, samples = sys.argv[1], sys.argv[2:]
for sample in samples:  # the sample evenings, every command as the referee typed it
    try:
        cli.main(["--db", db, "run", "-q", sample], prog_name="bragref", standalone_mode=False)
    except SystemExit as stop:
        assert not stop.code, (sample, stop.code)
ledger = Ledger(db)
for number, name in enumerate(sorted(GAMES)):  # a random evening of each game, seeded, a move at a time as typed
    game, rng = find_game(name), random.Random(number)
    session = ledger.create_session(f"{name}-played", from_preset(next(iter(game.presets)), game=name),
                                    ["Ann", "Bø", "Cy", "Di"])
    for hand in range(8):
        between_hands(ledger, session, rng)
        ledger.deal(session.name, dealt=random_dealt(session.rules, rng, session.seats))
        choose = chooser(rng)
        while ledger.current(ledger.session(session.name)).hand.phase != "over":
            ledger.act(session.name, choose)
    for preset in game.presets:  # and each of its presets as a simulation records it, a hand at a time
        simulate(ledger, f"{name}-{preset}", from_preset(preset, game=name), ["Ann", "Bø", "Cy", "Di"], 8, number)
sessions = [ledger.session(name) for name in ledger.session_names()]
told = {s.name: bhh.dumps(exchange.export(ledger, s)) for s in sessions}
print(json.dumps({"pure": bragref.structs.PURE, "digest": ledger.digest(),
                  "findings": audit(ledger.conn, [s.id for s in sessions]),
                  "told": told}))
"""


def rows(db: Path) -> dict:
    import sqlite3

    conn = sqlite3.connect(db)
    tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    made = {table: conn.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall() for table in tables}
    made["_sqlite_migrations"] = [row[:-1] for row in made["_sqlite_migrations"]]  # when each was applied: now
    return made


@pytest.mark.slow
def test_the_same_evening_makes_the_same_ledger_on_both_paths(tmp_path):
    """The sample evenings and a seeded random evening of every preset of every game, replayed in a fresh ledger on
    msgspec's path and on the pure path with msgspec not importable: every row of every table, every chain link and
    the digest the same. Each action's row holds the SHA-256 of the hand after it as the path's encoder wrote it
    (`actions.state`) and its arguments as that encoder wrote them (`actions.args`): a byte written otherwise on
    either path is a row that differs."""
    samples = sorted((ROOT / "sample_sessions").glob("*.brag"))
    made = {}
    for pure_path in (False, True):
        db = tmp_path / f"{'pure' if pure_path else 'msgspec'}.db"
        said = run(EVENING, db, *samples, pure_path=pure_path).splitlines()[-1]  # after what the samples said
        made[pure_path] = json.loads(said), rows(db)
    (said, theirs), (ours_said, ours) = made[False], made[True]
    assert not said["pure"] and ours_said["pure"]
    assert said["findings"] == [] and ours_said["findings"] == []
    assert len(said["told"]) > len(samples) + 8
    actions = theirs["actions"]
    assert len(actions) > 500 and all(row[-2] is None or len(row[-2]) == 64 for row in actions)  # state
    assert sum(row[-2] is not None for row in actions) > 500
    for table in theirs:
        assert ours[table] == theirs[table], table
    assert ours_said == {**said, "pure": True}


# ---- a browser's Python ------------------------------------------------------------------------------------------

def test_in_a_python_that_starts_no_process_the_long_reads_stay_in_one(tmp_path, monkeypatch):
    """Pyodide's Python (`sys.platform` "emscripten") can start neither a process nor a thread: `audit`, which shares
    its work among the cores elsewhere, does it all in the one process there, whatever number of cores the browser
    reports (a long session's `history` is told in one process everywhere)."""
    import concurrent.futures

    import bragref.cli.reports as reports
    import bragref.ledger.audit as audit_module
    import bragref.ledger.pieces as pieces
    from conftest import Bragref

    bragref = Bragref(tmp_path / "ledger.db")
    bragref("simulate --hands 12 --seed 4")
    whole = bragref("history").stdout

    def no_process(*args, **kwargs):
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")

    monkeypatch.setattr(pieces.os, "cpu_count", lambda: 4)
    monkeypatch.setattr(pieces.sys, "platform", "emscripten")
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_process)
    monkeypatch.setattr(reports, "PIECE", 5)
    monkeypatch.setattr(audit_module, "PARALLEL_FROM", 0)
    assert bragref("history").stdout == whole
    assert bragref("audit --all").output.startswith("audit: sound: ")


@pytest.mark.skipif(structs.PURE, reason="the pure path keeps no such flag: every object is tracked")
def test_a_hand_and_its_moves_are_values_the_cycle_collector_need_not_track():
    """A hand, its players, a move and a hand's result hold only values, never themselves, and are declared so
    (`gc=False`, docs/design.md): a whole session's replay makes half a million, and the cycle collector walked them
    all. A game's own hand and moves inherit it."""
    import gc

    from bragref.engine.rules import Rules
    from bragref.games import GAMES, play
    from bragref.games.verbs import Bet, Credit, Fold

    hand = play.deal(Rules(), ["Ann", "Bob", "Cy"], "Cy", 0, None, None, None)
    for value in (hand, hand.players[0], Bet("Ann", 2), Fold("Bob"), Credit("Ann", 5)):
        assert not gc.is_tracked(value), type(value).__name__
    for name in GAMES:
        game = GAMES[name]
        for kind in game.verbs.values():
            assert kind.__struct_config__.gc is False, f"{name}: {kind.__name__}"
