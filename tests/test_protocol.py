"""The game protocol a game installed beside bragref is written against (issue 66.3), versioned
(`bragref.games.PROTOCOL`) and held still: `tests/data/protocol.txt` is every public hook of it, each with its
kind, its signature and whether it has a default, and this test fails on any change to it that was not planned.

A planned change (a hook added, with its default, for the next minor) writes the file again and says so in the
porting notes of docs/adding-a-game.md, in the same commit; then read the diff:
    BRAGREF_PROTOCOL=write python -m pytest tests/test_protocol.py
Within a major nothing is removed, renamed or narrowed: a `-` line (a hook gone, or its signature changed) is a break
unless its `+` line takes every call the old one took (a parameter added with a default, a type widened), and 1.x
ships none.
"""

import inspect
import os
import re
from functools import cached_property
from pathlib import Path

import msgspec
import pytest

from bragref.engine import cards, errors, state
from bragref.engine.errors import BadInput
from bragref.engine.rules import Rules
from bragref.games import GAMES, PROTOCOL, Registry, find_game, protocol, verbs
from bragref.games.base import Carried, Option
from bragref.games.brag import Brag
from bragref.games.protocol import OPTIONAL, Banked, Game, PlainGame, claimed, hooks_of
from bragref.games.verbs import FAMILY_VERBS, Param, Verb
from bragref.testing import conformance
from conftest import ROOT

SNAPSHOT = Path(__file__).resolve().parent / "data" / "protocol.txt"
GUIDE = ROOT / "docs" / "adding-a-game.md"
PARTS = (protocol.Identity, protocol.HouseRules, protocol.Dealing, protocol.Playing, protocol.Settling,
         protocol.Judging, protocol.Telling, protocol.Showing, protocol.Matches)  # `Game`, in the order it joins them
VALUES = (Param, Option, Carried, state.Offer, state.Range, state.Legal, state.Hand, state.Player, state.Result,
          state.PotResult)  # what a game
# declares with and builds
BUILDERS = (state.offers, state.ranged, state.costing, state.naming, state.showing, state.widest, state.held_by,
            state.holding, state.hand_changed,  # and what a game says of a hand seen (R8.10), and whose turn it is
            state.check_turn, state.paying)  # and what a player puts in (R2.5, R1.3)
CARDS = ("card_text", "hand_text")  # `bragref.engine.cards`' functions a game writes cards with, and `NATURALS`


def signature(value) -> str:
    """A callable's signature as text, any function among its defaults named alike wherever it was made."""
    return re.sub(r"<function (?:[\w.]+\.)?([\w<>]+) at 0x[0-9a-f]+>", r"<function \1>", str(inspect.signature(value)))


def member(owner: type, name: str) -> str:
    """One public name of `owner`: its kind, its signature or type, and whether a game must write it (`write`) or
    has a default (`default`)."""
    annotations = vars(owner).get("__annotations__", {})
    if name not in vars(owner):
        return f"attribute  {annotations[name]}  write"
    value = vars(owner)[name]
    if isinstance(value, (classmethod, staticmethod)):
        return f"{type(value).__name__}  {signature(value.__func__)}  default"
    if isinstance(value, property):
        return f"property  {signature(value.fget)}  default"
    if isinstance(value, cached_property):
        return f"cached_property  {signature(value.func)}  default"
    if inspect.isfunction(value):
        kind = "abstract method" if getattr(value, "__isabstractmethod__", False) else "method"
        return f"{kind}  {signature(value)}  {'write' if kind == 'abstract method' else 'default'}"
    return f"attribute  {annotations.get(name, type(value).__name__)}  default"


def public(owner: type) -> list[str]:
    """The public names `owner` itself declares (`__post_init__` among them: a value's hook), in order of name."""
    names = {*vars(owner).get("__annotations__", {}), *vars(owner)}
    return sorted(name for name in names if not name.startswith("_") or name == "__post_init__")


def fields(value: type) -> list[str]:
    """A value's fields: each name, type and default, as its constructor takes them."""
    annotations = {name: kind for owner in reversed(value.__mro__) for name, kind in
                   vars(owner).get("__annotations__", {}).items()}
    lines = []
    for field in msgspec.structs.fields(value):
        default = "" if field.required else f" = {field.default!r}" if field.default is not msgspec.NODEFAULT \
            else f" = {field.default_factory.__name__}()"
        lines.append(f"{value.__name__}.{field.name}  field  {annotations[field.name]}{default}")
    return lines


def surface() -> str:
    """The protocol as text, a line each: the version; `Game`'s hooks by the part that declares them; the optional
    protocols' hooks; `Verb`'s; the values a game declares and builds with, what it reads of its rules, and the
    family's verbs' fields; the builders of offers; the errors a game raises; the registry's functions."""
    lines = [f"PROTOCOL {'.'.join(map(str, PROTOCOL))}"]
    for part in PARTS:
        lines += [f"Game.{part.__name__}.{name}  {member(part, name)}" for name in public(part)]
    for optional in OPTIONAL:
        lines += [f"optional.{optional.__name__}.{name}  {member(optional, name).rsplit('  ', 1)[0]}"
                  for name in hooks_of(optional)]
    lines += [f"Base.PlainGame.{name}  {member(PlainGame, name)}" for name in public(PlainGame)]
    lines += [f"Verb.{name}  {member(Verb, name)}" for name in public(Verb)]
    for value in VALUES:
        lines += fields(value)
        lines += [f"{value.__name__}.{name}  {member(value, name)}" for name in public(value)
                  if name not in value.__struct_fields__]
    lines += [f"Rules.{name}  {member(Rules, name)}" for name in ("value", "money", "amount", "first_bet_min")]
    for kind in FAMILY_VERBS.values():
        lines += [f"{kind.__name__}.verb  {kind.verb!r}", *fields(kind)]
    lines += [f"state.{builder.__name__}  function  {signature(builder)}" for builder in BUILDERS]
    lines += [f"cards.{name}  function  {signature(getattr(cards, name))}" for name in CARDS]
    lines += [f"cards.NATURALS  {cards.NATURALS!r}"]
    lines += [f"errors.Refused  {signature(errors.Refused.__init__)}", "errors.BadInput  Exception"]
    import bragref.games as registry

    lines += [f"games.{name}  function  {signature(getattr(registry, name))}" for name in sorted(registry.__all__)
              if inspect.isfunction(getattr(registry, name))]
    return "\n".join(lines) + "\n"


def test_the_protocol_is_what_its_snapshot_says():
    """Every public hook's name, kind, signature and default-ness, against `tests/data/protocol.txt`: a change the
    file does not hold fails here, until it is written again with its porting note."""
    now = surface()
    if os.environ.get("BRAGREF_PROTOCOL") == "write":
        SNAPSHOT.write_text(now, encoding="utf-8")
    kept = SNAPSHOT.read_text(encoding="utf-8")
    gone = [line for line in kept.splitlines() if line not in now.splitlines()]
    new = [line for line in now.splitlines() if line not in kept.splitlines()]
    assert not gone and not new, f"the protocol changed: no longer {gone}; new {new} (see this module's docstring)"


def test_the_porting_notes_speak_of_this_protocol_and_the_guide_names_every_hook():
    """The guide has porting notes for the version this bragref speaks, and its tables name every hook a game may
    write or override, the optional protocols' among them, and each optional protocol."""
    guide = GUIDE.read_text(encoding="utf-8")
    assert f"### Protocol {'.'.join(map(str, PROTOCOL))}" in guide
    hooks = {name for part in PARTS for name in public(part)} - {"verbs", "say"}  # derived, not hooks
    tables = "\n".join(line for line in guide.splitlines() if line.startswith("|"))
    assert sorted(hook for hook in hooks if f"`{hook}`" not in tables) == []
    assert all(f"`{optional.__name__}`" in tables for optional in OPTIONAL)


@pytest.mark.parametrize("optional", OPTIONAL, ids=lambda optional: optional.__name__)
def test_an_optional_protocol_names_hooks_game_has_with_the_same_signatures(optional):
    """An optional protocol adds no hook: each it names is `Game`'s, with its default there and the same call, so a
    game that claims none still answers it."""
    for hook in hooks_of(optional):
        assert hasattr(Game, hook)
        if callable(getattr(Game, hook)):
            assert signature(getattr(optional, hook)) == signature(getattr(Game, hook)), hook


def test_each_of_bragrefs_games_claims_the_optional_protocols_whose_hooks_only_it_writes(own_games):
    claims = {name: {optional.__name__ for optional in claimed(GAMES[name])} for name in GAMES}
    assert claims == {"brag": set(), "hoyle": {"EndsOnTime"}, "braggers": {"EndsOnTime"},
                      "teen-patti": {"TurnsUpWild"}, "bastard": {"PlaysMatches"}, "three-stake": {"DealtFaceUp"},
                      "svara": {"Redeals", "OwnPack", "ScoresHands"}, "three-card-poker": {"Banked"}}


class HalfBanked(Brag):
    """A game that claims to be banked and writes only that it is: its dealer, the rules it fixes and its wagers'
    keys left to `Game`'s defaults."""

    name = "half-banked"
    claims = (Banked,)
    banked = True


class ClaimsAPot(Brag):
    """A game that claims what is no optional protocol."""

    name = "claims-a-pot"
    claims = (Brag,)


def test_a_game_claiming_an_optional_protocol_it_does_not_write_fails_the_conformance_suite():
    with pytest.raises(AssertionError, match=r"claims Banked, and leaves .* to the default"):
        conformance.test_every_optional_protocol_a_game_claims_it_keeps(HalfBanked())
    with pytest.raises(AssertionError, match="the optional protocols are"):
        conformance.test_every_optional_protocol_a_game_claims_it_keeps(ClaimsAPot())


LATER = '''from bragref.games.brag import Brag


class Later(Brag):
    name = "later"
    title = "Later brag"
    rule = "R10"
    presets = {"later": {}}
    protocol = PROTOCOL
'''


@pytest.mark.parametrize("written_for, loads", [(None, True), ((1, 0), True), (PROTOCOL, True),
                                                ((PROTOCOL[0], PROTOCOL[1] + 1), False), ((PROTOCOL[0] + 1, 0), False),
                                                ((0, 19), False), ("1.0", False)])
def test_a_game_written_for_a_protocol_this_bragref_does_not_speak_is_left_out_saying_why(
        written_for, loads, tmp_path, monkeypatch):
    """A game that says nothing was written for 1.0, whose hooks are 0.19's; one written for a later minor, or
    another major, is not played: every list leaves it out, and asking for it names the protocol it needs."""
    said = "" if written_for is None else f"    protocol = {written_for!r}\n"
    module = f"bragref_later_{abs(hash(repr(written_for)))}"  # a module of its own for each: imports are kept
    (tmp_path / f"{module}.py").write_text(LATER.replace("    protocol = PROTOCOL\n", said), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry(lambda: {"brag": "bragref.games.brag:Brag", "later": f"{module}:Later"})
    assert list(registry) == (["brag", "later"] if loads else ["brag"])
    if not loads:
        with pytest.raises(BadInput, match=r"written for (bragref's game )?protocol") as refused:
            registry["later"]
        assert f"this bragref speaks {'.'.join(map(str, PROTOCOL))}" in str(refused.value) or \
            "(major, minor)" in str(refused.value)


def test_a_game_asked_for_by_its_own_name_that_does_not_load_says_why(monkeypatch):
    monkeypatch.setitem(GAMES.declared, "broken-brag", "bragref_broken_missing:Nope")
    with pytest.raises(BadInput, match=r"'broken-brag' .* cannot be loaded"):
        find_game("broken-brag")


def test_a_parameter_of_one_card_says_so_and_one_that_does_not_is_read_by_its_name_as_0_19_read_it():
    """`Param.one` declares a draw's one card against a show's hand; a parameter that does not say keeps 0.19's
    reading by its name (`card`: one card), so a game written then plays as it did."""
    assert Param("card", "cards", held=True).single and Param("card", "cards", held=True).metavar == "CARD"
    assert not Param("cards", "cards").single and Param("cards", "cards").metavar == "CARDS"
    assert Param("swap", "cards", one=True).single and Param("swap", "cards", one=True).metavar == "CARD"
    assert not Param("card", "cards", one=False).single and Param("card", "cards", one=False).metavar == "CARDS"
    assert not Param("amount", "money").single
    with pytest.raises(ValueError):
        Param("amount", "money", one=True)
    assert find_game("three-stake").verbs["draw"].params[0].one is True


def test_a_move_of_one_card_declared_so_is_tried_with_one_card_whatever_its_name():
    """`offered_moves` tries a move that names one card with one card of the pack unseen, as its declaration says:
    a parameter named otherwise than `card` is no longer taken for a hand."""
    from bragref.engine.state import Offer
    from bragref.games import from_preset, play

    class Swap(Verb, frozen=True):
        player: str
        swapped: tuple[int, ...]
        verb = "swap"
        params = (Param("swapped", "cards", "The card swapped", held=True, one=True),)

    rules = from_preset("pagat")
    hand = play.deal(rules, ["A", "B", "C"], "A")
    moves = Swap.offered_moves(hand, "B", Offer("swap"))
    assert [len(move.swapped) for move in moves] == [1]


def test_no_verb_of_bragref_leaves_one_card_to_its_name(own_games):
    """bragref's own moves and deals say what they name: every parameter of one card declares `one`."""
    params = [param for game in GAMES.values() for kind in game.actions for param in kind.params] + \
             [param for game in GAMES.values() for param in game.deal_params]
    assert all(param.one is not None for param in params if param.kind == "cards" and param.single)
    assert verbs.Show.params[0].single is False

