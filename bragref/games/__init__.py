"""The games bragref referees, found by name (R10): each a `Game` declared in a package of its own.

Games are found as entry points of the group `bragref.games` (`name = "package.module:Class"`): bragref's own
five are declared so in its `pyproject.toml`, and an installed distribution of someone else's adds a game the same
way, with nothing edited here. The CLI, the table, the hand-history format and random play read what each game
declares (docs/adding-a-game.md).

A game's package is loaded when it is first asked for: a command of the hand (`bragref bet`) loads the game its
hand is played under, not every game there is; what reads every game (`games`, `session
new`'s options, the verbs of every game) loads them all.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Mapping
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from bragref.structs import replace

from bragref.engine.errors import BadInput
from bragref.engine.rules import Rules
from bragref.games.base import RANKING_OPTIONS, TABLE_OPTIONS, Option
from bragref.games.protocol import PROTOCOL, Game

if TYPE_CHECKING:
    from collections.abc import Callable

    from bragref.engine.ranking import Ranking
    from bragref.engine.state import Hand
    from bragref.games.verbs import Param, Verb


GROUP = "bragref.games"  # the entry-point group a distribution declares its games in
OWN_ONLY = "BRAGREF_OWN_GAMES_ONLY"  # set (to anything but nothing): bragref's own games alone, whatever else is
# installed, as pytest's PYTEST_DISABLE_PLUGIN_AUTOLOAD leaves its plug-ins out: to tell a plug-in's fault from
# bragref's, and to write bragref's own man pages (`cli.manpages`) where others' games are installed


def declared_games() -> dict[str, str]:
    """Every game the installed distributions declare as entry points of `GROUP`, name → "module:Class":
    bragref's own first, then others' by distribution (a name bragref declares is bragref's; only bragref's where
    `OWN_ONLY` is set in the environment). Read from each
    distribution's `entry_points.txt` along `sys.path`, as `importlib.metadata` finds them, without importing it:
    that alone costs a command 17 ms (docs/design.md)."""
    own: dict[str, str] = {}
    others: list[tuple[str, dict[str, str]]] = []
    for _, distribution, games in _declarations():
        if distribution == "bragref":
            own = own or games
        else:
            others.append((distribution, games))
    found = dict(own)
    if os.environ.get(OWN_ONLY):
        return found
    for _, games in sorted(others):
        for name, target in games.items():
            found.setdefault(name, target)
    return found


def _declarations() -> Iterator[tuple[str, str, dict[str, str]]]:
    """Each distribution along `sys.path` that declares games: its metadata folder (`NAME-VERSION.dist-info`, or an
    `.egg-info`), its name as the folder spells it (lower case, `_` for `-`), and its games."""
    for folder in sys.path:
        try:
            entries = sorted(entry.name for entry in os.scandir(folder or "."))
        except OSError:
            continue
        for name in entries:
            if name.endswith((".dist-info", ".egg-info")):
                metadata = os.path.join(folder or ".", name)
                games = _entry_points(os.path.join(metadata, "entry_points.txt"))
                if games:
                    yield metadata, name.partition("-")[0].lower().replace("-", "_"), games


def others_packages() -> dict[str, str]:
    """The top-level package of each game another distribution than bragref declares (`bragref_stick`), with that
    distribution's name and version (`bragref-stick 1.0`): an error its own code raises is a bug for its makers,
    not bragref's (`cli.group.failed`)."""
    packages: dict[str, str] = {}
    for metadata, distribution, games in _declarations():
        for target in games.values():
            package = target.partition(":")[0].partition(".")[0]
            if distribution != "bragref" and package != "bragref":
                packages.setdefault(package, _named(metadata))
    return packages


def _named(metadata: str) -> str:
    """A distribution's name and version as its metadata says them (`Name:`, `Version:` in METADATA, or an
    egg-info's PKG-INFO), else as its folder's name spells them."""
    for file in ("METADATA", "PKG-INFO"):
        fields: dict[str, str] = {}
        try:
            with open(os.path.join(metadata, file), encoding="utf-8") as headers:
                for line in headers:
                    if not line.strip():
                        break  # the headers end; the description follows
                    key, _, value = line.partition(":")
                    fields.setdefault(key.strip().lower(), value.strip())
        except (OSError, ValueError):
            continue
        if fields.get("name") and fields.get("version"):
            return f"{fields['name']} {fields['version']}"
    name, _, version = os.path.splitext(os.path.basename(metadata))[0].partition("-")
    return f"{name} {version.partition('-')[0]}".strip()


def _entry_points(path: str) -> dict[str, str]:
    """The `GROUP` section of an `entry_points.txt` (an INI file of `name = module:attr` lines), or nothing."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, ValueError):
        return {}
    games: dict[str, str] = {}
    section = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == GROUP and "=" in line and not line.startswith(("#", ";")):
            name, _, target = line.partition("=")
            games[name.strip()] = target.split("[")[0].strip()
    return games


class Registry(Mapping[str, Game]):
    """The games by name, found by `declared` when first asked for, each made from its declaration the first time
    it is asked for."""

    def __init__(self, declared: Callable[[], dict[str, str]]) -> None:
        self.find = declared  # () -> {name: "package:Class"}
        self.loaded: dict[str, Game] = {}

    @cached_property
    def declared(self) -> dict[str, str]:
        found: dict[str, str] = self.find()
        if not found:
            raise BadInput("no games are installed: bragref's own are declared in its package's metadata, which is "
                           "missing (install bragref: `pip install .`)")
        return found

    def __getitem__(self, name: str) -> Game:
        game = self.loaded.get(name)
        if game is None:
            module, _, cls = self.declared[name].partition(":")
            try:
                game = getattr(importlib.import_module(module), cls)()
            except Exception as error:  # noqa: BLE001 - an installed game's code: any error of its own
                raise BadInput(f"the game {name!r} ({self.declared[name]}) cannot be loaded: {error}") from None
            if game.name != name:
                raise BadInput(f"{self.declared[name]} is declared as the game {name!r} but names itself "
                               f"{game.name!r}")
            spoken(name, self.declared[name], game.protocol)
            from bragref.games.verbs import game_faults, guessed  # every game's module has loaded it already

            faults = game_faults(game)
            if faults:  # a declaration the command line or the table cannot be made from: the game's, named
                package = self.declared[name].partition(".")[0].partition(":")[0]
                theirs = others_packages().get(package)
                whose = f", of {theirs}, installed beside bragref" if theirs else ""
                raise BadInput(f"the game {name!r} ({self.declared[name]}{whose}) cannot be loaded: "
                               f"{'; '.join(faults)}")
            for deprecated, owner in guessed(game):
                warned(deprecated, owner)
            self.loaded[name] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self.ordered)

    @cached_property
    def ordered(self) -> list[str]:
        """The games in the rulebook's order, by the section each declares (`Game.rule`: brag's R3–R9 first, then
        Hoyle's R11 …), so lists, help and man pages read as the rulebook does whatever order metadata keeps."""
        def section(name: str) -> tuple[int, str]:
            digits = "".join(ch if ch.isdigit() else " " for ch in self[name].rule).split()
            return (int(digits[0]) if digits else 10**6, name)

        return sorted((name for name in self.declared if self._loads(name)), key=section)

    @property
    def installed(self) -> list[Game]:
        """The games in the order they were found: bragref's own first, then others' by distribution, so that what a
        name means among bragref's games (an action type's, `api.game_action`) stays whatever is installed beside."""
        ordered = set(self.ordered)
        return [self[name] for name in self.declared if name in ordered]

    def _loads(self, name: str) -> bool:
        """Whether game `name` loads: one installed from elsewhere that does not is left out of every list (and
        said to be broken where it is asked for by name, or its verb is typed), so that it never stops the others."""
        try:
            self[name]
        except BadInput as error:
            self.broken[name] = str(error)
            return False
        return True

    @cached_property
    def broken(self) -> dict[str, str]:
        """The games declared that do not load, each with why (filled in as `ordered` tries them all)."""
        return {}

    def why_broken(self) -> dict[str, str]:
        """Every declared game that does not load, with why: what the command line adds where a command is not
        found, since it may be a verb of one of them."""
        self.ordered  # noqa: B018 - reading it tries every declared game
        return dict(self.broken)

    def __len__(self) -> int:
        return len(self.ordered)


def warned(message: str, owner: type) -> None:
    """A `DeprecationWarning` of a game's declaration, placed where the class that makes it is written."""
    import inspect
    import warnings

    try:
        where, line = inspect.getsourcefile(owner) or "<unknown>", inspect.getsourcelines(owner)[1]
    except (OSError, TypeError):
        where, line = "<unknown>", 0
    warnings.warn_explicit(message, DeprecationWarning, where, line, module=owner.__module__)


def spoken(name: str, target: str, protocol: object) -> None:
    """`BadInput` unless the game `name` (`target`) was written for a protocol this bragref speaks (`PROTOCOL`):
    the same major, and a minor no later than its own. A game written for a later one may rely on hooks this bragref
    never asks for, so it is not played wrongly: it is left out, and asking for it says why."""
    if not (isinstance(protocol, tuple) and len(protocol) == 2 and all(type(part) is int for part in protocol)):
        raise BadInput(f"the game {name!r} ({target}) says it was written for protocol {protocol!r}: a protocol is "
                       f"(major, minor), as bragref.games.PROTOCOL is, {PROTOCOL!r} here")
    if protocol[0] != PROTOCOL[0] or protocol > PROTOCOL:
        raise BadInput(f"the game {name!r} ({target}) is written for bragref's game protocol "
                       f"{'.'.join(map(str, protocol))}, and this bragref speaks {'.'.join(map(str, PROTOCOL))}: "
                       f"install a bragref that speaks it")


GAMES: Registry = Registry(declared_games)

__all__ = ["GAMES", "PROTOCOL", "RANKING_OPTIONS", "TABLE_OPTIONS", "Game", "Option", "checked", "deal_params",
           "every_option", "find_game", "from_preset", "game_of", "game_verbs", "games_using", "hand_ranking",
           "parse_option", "ranking_for", "rules_changed", "rules_from_text", "typed", "verb_aliases", "verb_in",
           "verb_of"]


def find_game(name: str) -> Game:
    """The game called `name`, or one of its aliases, in any case (`brag`, `Three Card Brag`).

    >>> find_game("pagat").title
    'Three Card Brag'
    """
    wanted = name.strip().casefold()
    if wanted in GAMES.declared:  # a game's own name: that game alone is loaded, or said not to load, and why
        return GAMES[wanted]
    for game in GAMES.values():
        if wanted == game.name or wanted in (alias.casefold() for alias in game.aliases):
            return game
    raise BadInput(f"unknown game {name!r} (games: {', '.join(GAMES)}) (R10.2)")


def game_of(rules: Rules) -> Game:
    """The game a hand under `rules` is played by (R10.1); bad input where it is not installed here (a game added
    from elsewhere, then taken away)."""
    try:
        return GAMES[rules.game]
    except KeyError:
        raise BadInput(f"the game {rules.game!r} is not installed here (games: {', '.join(GAMES)}): install it to "
                       f"play or read its hands") from None


def ranking_for(rules: Rules, turned: int | None = None) -> Ranking:
    """The ranking hands under `rules` are judged by, its game's, built once per rule set (`turned`: a card turned up
    after the deal, where the game's wild cards depend on it, R13.7)."""
    return game_of(rules).ranking_for(rules, turned)


def hand_ranking(hand: Hand) -> Ranking:
    """The ranking a dealt hand is judged by: its game's, under its rules and what its deal recorded."""
    return game_of(hand.rules).hand_ranking(hand)


def verb_of(rules: Rules, verb: str) -> type[Verb]:
    """The action type `verb` names in a hand under `rules`: the game's own where it declares one (Teen Patti's
    `see`), else the family's."""
    return verb_in(rules.game, verb)


def verb_in(game: str, verb: str) -> type[Verb]:
    """`verb_of` for the game named `game`."""
    return kind_in(GAMES[game], verb)


def kind_in(game: Game, verb: str) -> type[Verb]:
    """`verb_of` for `game` itself, where the caller has found it already."""
    return game.verbs.get(verb) or game_verbs()[verb]


@cache
def verb_aliases() -> dict[str, type[Verb]]:
    """Every game's other names for its verbs, as commands and `table` answers, each with the action type the game
    declares for the verb (`chaal`: Teen Patti's bet, told and helped in its words)."""
    family = game_verbs()  # a game's other name that is a verb of the family (Svara's fold, its pass) is no new command
    return {alias: game.verbs[verb] for game in GAMES.values() for alias, verb in game.aliases_of_verbs.items()
            if alias not in family}


@cache
def game_verbs() -> dict[str, type[Verb]]:
    """Every game's action types, by verb, in the order the games declare them: the command line's commands,
    `table`'s answers, hand-history lines, ledger rows and replay sentences are made from their declarations
    (`games.verbs`)."""
    verbs: dict[str, type[Verb]] = {}
    for game in GAMES.values():
        for kind in game.actions:
            verbs.setdefault(kind.verb, kind)  # a game's own type for a family verb takes the same words
    return verbs


def deal_params() -> list[Param]:
    """Every game's deal parameters, each name once: where two games take the same (`--up`), its help says both."""
    from bragref.structs import replace

    found: dict[str, Param] = {}
    for param in (param for game in GAMES.values() for param in game.deal_params):
        known = found.get(param.name)
        also = f"{param.help[:1].lower()}{param.help[1:]}"
        found[param.name] = param if known is None else replace(known, help=f"{known.help}; {also}")
    return list(found.values())


def every_option() -> dict[str, Option]:
    """Every house rule by field name: the table's, then each game's in turn (shared ones once)."""
    options: dict[str, Option] = {o.name: o for o in TABLE_OPTIONS}
    for game in GAMES.values():
        for option in game.options:
            known = options.setdefault(option.name, option)
            if known.choices != option.choices:  # games offering different choices: every one is read here, and
                more = tuple(c for c in option.choices if c not in known.choices)  # each game checks its own
                options[option.name] = replace(known, choices=known.choices + more)
    return options


def typed(given: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """Options given as text (`{"see_cost": "equal"}`), read as each one's declaration says, under `rules` (for the
    unit and currency of money); None means not given and is left out."""
    options = every_option()
    return {name: options[name].read(str(text), rules) if not isinstance(text, bool) else text
            for name, text in given.items() if text is not None}


def rules_from_text(game: str | None, preset: str | None = None, **given: Any) -> Rules:
    """The rules `session new` was given: the game's preset (default: its first), the options given on top (as
    text, in the session's money); an option the game does not use is refused, naming the games that use it."""
    game = game or "brag"
    refused = [name for name, value in given.items() if value is not None and game not in games_using(name)]
    if refused:
        name = refused[0]
        raise BadInput(f"--{name.replace('_', '-')} is not a rule of {game} (games that use it: "
                       f"{', '.join(games_using(name))})")
    unit = given.pop("unit", None) or "1"
    currency = given.pop("currency", None) or ""
    base = Rules(unit=unit, currency=currency)  # the money the other options are written in
    values = typed(given, base)
    for name, value in values.items():
        find_game(game).check_given(name, value, base)
    return from_preset(preset or find_game(game).preset_for(values), game=game, unit=unit, currency=currency,
                       **values)


def from_preset(preset: str = "pagat", **options: Any) -> Rules:
    """The game's preset (`options["game"]`, else brag) with `options` (already typed values) on top: the way rules
    are made from outside, since whether the game and its preset exist is the games' to say (R10.2)."""
    game = find_game(options.get("game", "brag"))
    presets = game.presets
    if preset not in presets:
        raise BadInput(f"unknown preset {preset!r} (presets: {', '.join(presets)})")
    return checked(Rules(preset=preset).with_values(**{**presets[preset], **options}))


def parse_option(rules: Rules, option: str, text: str) -> Rules:
    """`rules set OPTION VALUE`: the rules with one option changed from its text, as the game declares the option."""
    name = option.strip().lower().replace("-", "_")
    options = every_option()
    if name not in (*options, "preset", "game"):
        known = ", ".join(o.replace("_", "-") for o in ("game", "preset", *options))
        raise BadInput(f"unknown rule option {option!r} (options: {known})")
    if name == "unit":
        raise BadInput("the unit is fixed when the session is made: every amount recorded is in it")
    if name == "game":  # dealer's choice between hands (R9.3): the table's own rules stay as they are
        game = find_game(text)
        if game.name == rules.game:
            return rules
        table = {o.name: getattr(rules, o.name) for o in TABLE_OPTIONS}
        return from_preset(next(iter(game.presets)), game=game.name, **table)
    if name == "preset":
        return from_preset(text.strip().lower(), game=rules.game, unit=rules.unit, currency=rules.currency)
    if rules.game not in games_using(name):
        raise BadInput(f"{name.replace('_', '-')} is not a rule of {rules.game} (games that use it: "
                       f"{', '.join(games_using(name))})")
    value = options[name].read(text, rules)
    game = find_game(rules.game)
    game.check_given(name, value, rules)
    chooses = len({game.preset_for({name: choice}) for choice in options[name].choices}) > 1
    preset = game.preset_for({name: text.strip().lower()}) if chooses else rules.preset
    if preset != rules.preset:  # an option that chooses the game's preset (Bastard Brag's scoring, R14.4): what
        # that preset sets comes with it, as `session new` gives it (for lives: no ante, knocking); the rest stays
        return checked(replace(rules, preset=preset).with_values(**{**game.presets[preset], name: value}))
    return checked(rules.with_values(**{name: value}))


def rules_changed(rules: Rules, option: str, text: str) -> Rules | None:
    """`parse_option`, or None where the option is what it is already: a change of nothing, which `rules set` does
    not record."""
    changed = parse_option(rules, option, text)
    return None if changed == rules else changed


def checked(rules: Rules) -> Rules:
    """`rules`, once their game is one there is, their preset one of its own (R10.2) and each choice one the game
    offers (Teen Patti's A-2-3 may be `second`, Brag's not), as a hand history may say anything."""
    game = find_game(rules.game)
    if rules.game != game.name or rules.preset not in game.presets:
        raise BadInput(f"{rules.game} has no preset {rules.preset!r} (presets: {', '.join(game.presets)})")
    for option in game.options:
        value = option.of(rules)
        if option.own:
            option.check(value, rules)
        elif option.kind == "choice" and value not in option.choices:
            raise BadInput(f"{option.key} of {game.name} is one of {', '.join(option.choices)}, not {value!r} "
                           f"({option.rule})")
    game.check_rules(rules)
    return normal(rules, game)


def normal(rules: Rules, game: Game) -> Rules:
    """`rules` without a game's own rule at its default (`Rules.own` holds only what was set otherwise), so that two
    sets of rules that play alike are equal: a game's own default first, else that of any game declaring it."""
    declared = {**every_option(), **{option.name: option for option in game.options}}
    defaults = {name: option.default for name, option in declared.items()}
    own = tuple((name, value) for name, value in rules.own if name not in defaults or value != defaults[name])
    return rules if own == rules.own else replace(rules, own=own)


def games_using(name: str) -> list[str]:
    """The games that declare house rule `name` (the table's rules belong to every game)."""
    if any(o.name == name for o in TABLE_OPTIONS):
        return list(GAMES)
    return [game.name for game in GAMES.values() if any(o.name == name for o in game.options)]
