"""Every action type's declaration is checked when its game loads (issue 78): what the command line, `table`, the
ledger and the hand history are made from (`games.verbs`), each fault said naming the declaration at fault, and
bragref's own games declaring none."""

import pytest

from bragref.games import GAMES
from bragref.games.verbs import Param, Verb, declaration_faults, game_faults


class Lay(Verb, frozen=True):
    player: str
    cards: tuple[int, ...]
    more: tuple[int, ...] = ()
    verb = "lay"
    params = (Param("cards", "cards", "The cards laid"), Param("more", "cards", "More", required=False))


class Tap(Verb, frozen=True):
    player: str
    hard: bool = False
    verb = "tap"
    params = (Param("hard", "flag", "Tapped hard", ("hard", "soft")),)


class Turn(Verb, frozen=True):
    player: str
    up: bool | None = None
    verb = "turn"
    params = (Param("up", "toggle", "Up or down", ("up", "down"), option="--up"),)


class Pick(Verb, frozen=True):
    player: str
    which: str = ""
    verb = "pick"
    params = (Param("which", "choice", "Which"),)


class Call(Verb, frozen=True):
    player: str
    amount: int
    verb = "call"
    params = (Param("sum", "money", "What it costs", option="sum"),)
    answers = {"c": {"whole": True}}


class Spoken(Verb, frozen=True):
    player: str
    verb = "Speak up"


class Tell(Verb, frozen=True):
    players: tuple[str, ...]
    amount: int = 0
    verb = "tell"
    subject = "table"
    params = (Param("players", "players", "Who is told"), Param("amount", "money", "How much"))


@pytest.mark.parametrize("kind, fault", [
    (Lay, ("'cards', 'more' are each several words typed as arguments (cards or players without `option`): a command "
          "reads one such; give the others `option` (`option=\"--more\"`)")),
    (Lay, "Param('cards', 'cards') is read as words up to the next parameter's keyword, and 'more' after it has none"),
    (Tap, "Param('hard', 'flag'): a flag is typed as an option: `option=\"--hard\"`"),
    (Turn, "Param('up', 'toggle', option='--up'): a toggle is typed as either of two options"),
    (Pick, "Param('which', 'choice'): a choice is one of its `words`, and it declares none"),
    (Call, "fields (player, amount) and `params` (sum) differ"),
    (Call, "Param('sum', 'money', option='sum'): an option is `--` and a lower-case word"),
    (Call, "answers['c'] = {'whole': True}: an answer is a word, with the values it sets of the parameters (sum)"),
    (Spoken, "Spoken.verb = 'Speak up': a verb is one lower-case word"),
    (Tell, ("Param('players', 'players') is read as words up to the next parameter's keyword, and 'amount' after it "
           "has none")),
])
def test_a_declaration_the_tools_cannot_be_made_from_is_named(kind, fault):
    faults = declaration_faults(kind)
    assert any(fault in said for said in faults), faults
    if kind is not Spoken:
        assert all(said.startswith(f"{kind.verb!r} ({__name__}.{kind.__name__}): ") for said in faults)


def test_bragrefs_own_games_declare_soundly():
    assert {game.name: game_faults(game) for game in GAMES.values()} == {game.name: [] for game in GAMES.values()}


def test_a_game_with_a_faulty_declaration_is_refused_when_it_loads_naming_the_game_and_the_verb():
    from bragref.engine.errors import BadInput
    from bragref.games import Registry
    from bragref.games.brag import Brag

    class Layers(Brag):
        name = "layers"
        actions = (*Brag.actions, Lay)

    import sys
    import types

    module = types.ModuleType("bragref_layers_test")
    module.Layers = Layers
    sys.modules[module.__name__] = module
    try:
        registry = Registry(lambda: {"brag": "bragref.games.brag:Brag", "layers": "bragref_layers_test:Layers"})
        assert list(registry) == ["brag"]
        with pytest.raises(BadInput, match=r"the game 'layers' \(bragref_layers_test:Layers\) cannot be loaded: its "
                                           r"verb 'lay' \(test_declarations.Lay\): "):
            registry["layers"]
        assert "layers" in registry.why_broken()
    finally:
        del sys.modules[module.__name__]
