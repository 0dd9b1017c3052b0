"""What every game must do, as pytest tests over the `game` fixture (`bragref.testing.plugin`: the
games named by `--bragref-game`, else every registered one): random legal play conserves money exactly (R1.2) and
audits clean; `legal` never offers what `apply` refuses; a refused action changes nothing; and export → import →
export gives the same bytes. A game's own rules have their own tests beside these."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bragref.structs as structs
from bragref.games import play as engine
from bragref.games.verbs import Bet, Fold, game_faults
from bragref.engine.errors import BadInput, Refused
from bragref.games.randomplay import random_action, random_dealt
from bragref.engine.rules import Rules
from bragref.formats import bhh
from bragref.games import GAMES, PROTOCOL, find_game, from_preset, game_verbs, verb_in
from bragref.games.protocol import OPTIONAL, Banked, Game, OwnPack, PlaysMatches, claimed, hooks_of
from bragref.ledger import exchange
from bragref.ledger.audit import audit
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger

WILD = ["none", "deuces", "jokers:2", "one-eyed-jacks", "braggers", "2h,Kd"]


def option_values(option):
    """Values a declared house rule may take, drawn as its declaration says (the table's money kept small)."""
    if option.kind == "bool":
        return st.booleans()
    if option.kind in ("choice", "count"):
        return st.sampled_from(option.choices)
    if option.kind == "wild":
        return st.sampled_from(WILD)
    if option.kind == "money":
        small = st.integers(1, 6) if option.name != "pot_cap" else st.integers(5, 60)
        return st.none() | small if option.default is None else small
    if option.kind == "number":
        return st.none() | st.integers(1, 4) if option.default is None else st.integers(1, 4)
    if option.kind == "time":
        return st.none()  # an evening's end (R11.7) is the clock's, not a hand's
    return st.nothing()


def rules_of_game(game):
    """Random rules for `game` from its own declaration, and the table's rules the games share."""
    drawn = {o.name: option_values(o) for o in game.options if o.kind != "text"}
    drawn.update(ante=st.integers(0, 3), short_money=st.sampled_from(["cover", "borrow", "both"]),
                 stakes=st.sampled_from(["pocket", "table"]))
    return st.fixed_dictionaries(drawn).map(lambda values: valid(game, values)).filter(lambda rules: rules is not None)


def valid(game, values: dict) -> Rules | None:
    """The rules these values make on the game's own preset, or None where they do not fit together (a max-bet
    under the min-bet)."""
    try:
        return from_preset(next(iter(game.presets)), game=game.name, **values)
    except BadInput:
        return None


def test_every_game_chosen_loads_its_declarations_sound(request):
    """Each game the suite is run over (every one declared, where none is named) loads: a game bragref refuses to
    load (its code fails to import, or a move's declaration the command line cannot be made from, `verbs
    .declaration_faults`) is left out of every list, so it is named here with why, not passed over."""
    chosen = [find_game(name).name for name in request.config.getoption("bragref_game", default=[]) or []]
    broken = {name: why for name, why in GAMES.why_broken().items() if not chosen or name in chosen}
    assert not broken, "; ".join(broken.values())


def test_every_game_declares_what_the_tools_read(game):
    assert not game_faults(game), game_faults(game)  # every move's declaration sound (what loading it checks)
    assert game.name and game.title and game.rule.startswith("R") and game.presets
    assert len({a.verb for a in game.actions}) == len(game.actions)
    assert game.protocol[0] == PROTOCOL[0] and game.protocol <= PROTOCOL  # one this bragref speaks
    for option in game.options:
        assert option.rule.startswith("R") and option.help
        assert option.accepts(option.default) or option.default is None


def test_every_optional_protocol_a_game_claims_it_keeps(game):
    """A game that claims an optional protocol (`Game.claims`, of `games.protocol.OPTIONAL`: `Banked`,
    `PlaysMatches`…) writes every hook the protocol names, none left to `Game`'s default, and does what the protocol
    is for. A game that claims none is held to nothing more here."""
    claims = claimed(game)
    assert len(claims) == len(game.claims), f"{game.name} claims {game.claims}: the optional protocols are {OPTIONAL}"
    for protocol in claims:
        for hook in hooks_of(protocol):
            owner = next(kind for kind in type(game).__mro__ if hook in vars(kind))
            assert owner.__module__ != Game.__module__, f"{game.name} claims {protocol.__name__}, and leaves {hook} " \
                                                         f"to the default"
    rules = [from_preset(preset, game=game.name) for preset in game.presets]
    if Banked in claims:
        assert game.banked  # every wager against the bank (R17)
    if PlaysMatches in claims:
        assert any(game.plays_matches(each) for each in rules)  # some preset plays matches (R14.4)
    if OwnPack in claims:  # the pack it says, as its cards are (R16.1)
        assert all(sum(game.in_pack(each, card) for card in range(52)) == game.pack for each in rules
                   if each.wild == "none")


def test_every_verb_is_a_command_an_answer_a_row_and_a_sentence(game):
    """Adding a verb is one declaration: whatever a game's action types declare, the command line, `table`, the
    ledger's row and the replay take from it."""
    from bragref.answers import ANSWERS, game_answers
    from bragref.cli import cli

    answers = game_answers(game)  # the table's answers in a hand of this game, before the table's own
    for kind in game.actions:
        family = game_verbs()[kind.verb]  # the command is the first game's; another game's type takes the same words
        command = cli.get_command(None, kind.verb)  # (a game's own `see`, or an installed game's `stick` beside
        assert command is not None and command.short_help == family.summary  # three-stake's)
        assert kind.params == family.params and kind.subject == family.subject
        assert all(answers[answer][0] is kind for answer in (kind.verb, *kind.answers))  # none taken by another
        assert "(R" in kind.help and kind.examples
    for alias, verb in game.aliases_of_verbs.items():
        names = [[p.name for p in cli.get_command(None, word).params] for word in (alias, verb)]
        assert alias in ANSWERS and names[0] == names[1]
    rng = random.Random(7)
    for _ in range(30):
        rules, seats = from_preset(next(iter(game.presets)), game=game.name), ["A", "B", "C", "D"]
        hand = engine.deal(rules, seats, "A", dealt=random_dealt(rules, rng, seats))
        while hand.phase != "over":
            action = random_action(hand, rng)
            stored = json.loads(json.dumps(action.args()))
            assert type(action).from_args(getattr(action, "player", None), stored) == action
            own = game.verbs[action.verb].from_args(getattr(action, "player", None), stored)  # as the ledger reads it
            after = engine.apply(hand, action)
            assert own.told(hand, after, str).endswith(".") and own.said(hand.rules.money)
            hand = after


def command_line(action, rules: Rules) -> list[str]:
    """The words a referee types for `action` (`bragref look bob --hand old --fold`), read off its declaration: the
    player, then each value as an argument or its option, money in the session's money."""
    from bragref.engine.cards import card_text

    words = [action.verb, *([action.player] if action.subject == "player" else [])]
    for param in type(action).params:
        value = getattr(action, param.name)
        if value is None or value == () or (value is False and param.kind == "flag"):
            continue
        if param.kind == "flag":
            words.append(param.option)
        elif param.kind == "toggle":
            on, off = param.option.split("/")
            words.append(on if value else off)
        else:
            if param.kind == "money":
                texts = [rules.money(value).removeprefix(rules.currency)]
            elif param.kind == "cards":
                texts = [card_text(card) for card in value]
            else:
                texts = list(value) if param.kind == "players" else [value]
            words += [word for text in texts for word in ([param.option, text] if param.option else [text])]
    return words


def test_every_legal_action_typed_as_its_command_records_exactly_it(game, tmp_path):
    """What `legal` offers, typed as a command line (`call chris --all-in 3`, `exchange dan 3`, `sideshow ann`),
    records that very action: the command line is read from the same declaration as the engine's action."""
    from click.testing import CliRunner

    from bragref.cli import cli

    rng, runner, db = random.Random(game.name), CliRunner(), str(tmp_path / "ledger.db")
    for preset in game.presets:
        names = ["Ann", "Bob", "Cy", "Di"][:max(3, game.players[0])]
        money = ["--unit", "0.01", "--currency", "£"] if rng.random() < 0.5 else []
        assert runner.invoke(cli, ["--db", db, "session", "new", preset, "--players", ",".join(names), "--game",
                                   game.name, "--preset", preset, *money], catch_exceptions=False).exit_code == 0
        ledger = Ledger(db)  # the session's reader: the hand it keeps is checked against the rows at each `current`,
        # and each command writes from a connection of its own
        session = ledger.session(None)
        for _ in range(12):
            dealt = random_dealt(session.rules, rng, session.seats)
            assert runner.invoke(cli, ["--db", db, "deal", *(w for k, v in dealt.items() for w in (f"--{k}", v))],
                                 catch_exceptions=False).exit_code == 0
            hand = ledger.current(session).hand
            while hand.phase != "over":
                action = random_action(hand, rng)
                words = command_line(action, hand.rules)
                result = runner.invoke(cli, ["--db", db, *words], catch_exceptions=False)
                assert result.exit_code == 0, (words, result.output)
                after = ledger.current(session).hand
                assert after == engine.apply(hand, action), words
                hand = after
        ledger.close()


def test_no_two_verbs_of_a_game_share_an_answer_and_no_answer_reads_as_a_card(game):
    """`table` finds an answer by its first word, the session's game's own first (`game_answers`): one verb each in
    a game, none of the table's own words (`d`, `st`), and never a card (cards alone show, R8.9). Another game may
    mean otherwise by the same word: `c` is brag's cover and Hoyle's call."""
    from bragref.answers import ANSWERS, SHOWING, game_answers
    from bragref.engine.cards import parse_card
    from bragref.games import verb_aliases

    words = [word for kind in game.actions for word in (kind.verb, *kind.answers)] + list(game.aliases_of_verbs)
    answers = game_answers(game)
    assert len(words) == len(set(words)) and set(words) == set(answers)
    assert all(answers[word][0] is kind for kind in game.actions for word in (kind.verb, *kind.answers))
    the_tables = {*ANSWERS, *SHOWING} - set(verb_aliases()) - {word for kind in game_verbs().values()
                                                                for word in (kind.verb, *kind.answers)}
    assert not the_tables & set(answers)
    for word in {*ANSWERS, *SHOWING, *answers}:
        with pytest.raises(BadInput):
            parse_card(word, 4)


def test_random_legal_play_conserves_money_and_audits_clean(game, tmp_path_factory):
    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(rules=rules_of_game(game), players=st.integers(game.players[0], 6), hands=st.integers(1, 8),
           seed=st.integers(0, 2**32))
    def play(rules, players, hands, seed):
        ledger = Ledger(tmp_path_factory.mktemp(game.name) / "ledger.db")
        session = simulate(ledger, "s", rules, [f"P{i}" for i in range(players)], hands, seed)
        balances = ledger.balances([session])
        assert sum(r["net"] for r in balances) + ledger.carried([session]) == 0  # R1.2
        assert audit(ledger.conn, [session.id]) == []
        ledger.close()

    play()


def test_the_hand_a_ledger_keeps_between_writes_is_exactly_a_full_replay(game, tmp_path_factory):
    """A ledger object keeps the hand it last wrote, so an action is replayed once, not the whole hand again (issue
    19): after every action and undo it must be the hand a fresh replay of the ledger gives."""
    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(rules=rules_of_game(game), players=st.integers(game.players[0], 5), seed=st.integers(0, 2**32))
    def play(rules, players, seed):
        path = tmp_path_factory.mktemp(game.name) / "ledger.db"
        ledger, rng = Ledger(path), random.Random(seed)
        session = ledger.create_session("s", rules, [f"P{i}" for i in range(players)])
        for _ in range(3):
            for name in session.seats if rules.stakes == "table" else ():  # enough on the table for a hand (R1.3)
                if ledger.table_money(session).get(name, 0) < 100:
                    ledger.purse(None, "top-up", name, 200)
            current = ledger.deal(None, None, random_dealt(rules, rng, session.seats))[1]
            while current.hand.phase != "over":
                if current.last is not None and rng.random() < 0.1:
                    current = ledger.undo(None, None)[1]
                else:
                    current = ledger.act(None, lambda hand: random_action(hand, rng))[1]
                fresh = Ledger(path)
                replayed = fresh.current(session)
                assert replayed.hand == current.hand == ledger.current(session).hand
                assert replayed.last == current.last
                fresh.close()
        ledger.close()

    play()


def test_legal_never_offers_what_apply_refuses(game):
    @settings(max_examples=40, deadline=None)
    @given(rules=rules_of_game(game), players=st.integers(game.players[0], 6), seed=st.integers(0, 2**32))
    def walk(rules, players, seed):
        rng = random.Random(seed)
        seats = [f"P{i}" for i in range(players)]
        least = game.deal_cost(rules) + rules.first_bet_min  # to ante (or pay an entry), then a dealer's stake
        purses = {name: rng.randint(0, 30) + least for name in seats} if rules.stakes == "table" else None
        first = game.deal_follows(rules, seats, None, lambda: True)  # a match's first deal, where the game has them
        hand = engine.deal(rules, seats, seats[0], purses=purses, dealt={**random_dealt(rules, rng, seats), **first})
        for _ in range(80):
            if hand.phase == "over":
                return
            for offered in offers(hand, game.name):
                engine.apply(hand, offered)  # must not raise: what is offered is allowed
            hand = engine.apply(hand, random_action(hand, rng))

    walk()


def test_a_move_naming_a_card_twice_or_one_outside_its_pack_is_bad_input(game):
    """R8.9 for every move of every game that names cards (a show, a side show's, an exchange's centre, a draw, a
    plug-in's own), however it was made: a Python caller's move applied by the engine, with card numbers the command
    line's reading never gives, is refused as the command line refuses it, never another error from what judges the
    cards, never taken for another card: a card named twice `BadInput` in the command line's words (R8.9); -1 and a
    card the game's pack lacks, citing the rule that refuses them (R8.9, or the game's own for its pack: Svara's
    R16.1, a plug-in's rule refusing the move)."""
    @settings(max_examples=15, deadline=None)
    @given(rules=rules_of_game(game), players=st.integers(game.players[0], 5), seed=st.integers(0, 2**32))
    def walk(rules, players, seed):
        rng = random.Random(seed)
        seats = [f"P{i}" for i in range(players)]
        least = game.deal_cost(rules) + rules.first_bet_min
        purses = {name: rng.randint(0, 30) + least for name in seats} if rules.stakes == "table" else None
        first = game.deal_follows(rules, seats, None, lambda: True)
        hand = engine.deal(rules, seats, seats[0], purses=purses, dealt={**random_dealt(rules, rng, seats), **first})
        for _ in range(80):
            if hand.phase == "over":
                return
            action = random_action(hand, rng)
            for wrong, refusal, said in miscarded(game, rules, action):
                for judge in (engine.apply, engine.apply_now):
                    with pytest.raises(refusal, match=said):
                        judge(hand, wrong)
            hand = engine.apply(hand, action)

    walk()


def miscarded(game, rules: Rules, action) -> list[tuple]:
    """`action` with a card of it named twice (where it names two or more), and with a card of it replaced by -1 and
    by the first card number the game's pack lacks, each with the refusal it must raise and what it must say."""
    from bragref.engine.cards import MAX_JOKERS, NATURALS
    from bragref.games.verbs import card_params

    named = [(param.name, getattr(action, param.name)) for param in card_params(type(action))]
    named = [(name, cards) for name, cards in named if cards]
    if not named:
        return []
    lacked = next((card for card in range(NATURALS + MAX_JOKERS + 1) if not game.in_pack(rules, card)), 10 ** 6)
    name, cards = named[0]
    cited = r"\(R\d[\d.]*(, R\d[\d.]*)*\)$"  # a rule, or rules
    wrong = [(structs.replace(action, **{name: (card, *cards[1:])}), (BadInput, Refused), cited) for card in (-1, lacked)]
    if sum(len(each) for _, each in named) > 1:
        second, at = (name, 1) if len(cards) > 1 else (named[1][0], 0)
        again = list(getattr(action, second))
        again[at] = cards[0]
        wrong.append((structs.replace(action, **{second: tuple(again)}), BadInput,
                      r"is shown twice: a pack holds one of each card \(R8\.9\)$"))
    return wrong


def offers(hand, game_name: str) -> list:
    """Every action the legal moves name outright, at the ends of each range they give and with cards where they
    name them, each as its verb declares (`Verb.offered_moves`, the hand in view): for the player to act, or for
    each player an offer names where nobody is (a show at a showdown)."""
    legal = engine.legal(hand)
    return [move for offer in legal.offers
            for player in ([legal.player] if legal.player is not None else offer.names or [None])
            for move in verb_in(game_name, offer.verb).offered_moves(hand, player, offer)]


def test_a_refused_action_leaves_the_hand_as_it_was(game):
    """A fold and a bet out of turn, and a see (a move of another game's where the game has none), each refused,
    citing a rule, with what is legal instead; the hand as it was."""
    rules, seats = from_preset(next(iter(game.presets)), game=game.name), ["A", "B", "C"]
    hand = engine.deal(rules, seats, "A", dealt=random_dealt(rules, random.Random(3), seats))
    before = engine.legal(hand)
    see = next(kind for each in GAMES.installed for kind in each.actions if kind.verb == "see")  # bragref's own first
    for wrong in (Fold("C"), Bet("C", 0), see("C")):
        with pytest.raises(Refused) as refused:
            engine.apply(hand, wrong)
        assert refused.value.rule.startswith("R") and refused.value.legal == before
    assert engine.legal(hand) == before and hand.pot == sum(p.paid for p in hand.players)  # the antes alone


def test_export_import_export_is_byte_for_byte(game, tmp_path):
    ledger = Ledger(tmp_path / "a.db")
    rules = from_preset(next(iter(game.presets)), game=game.name, short_money="both")
    session = simulate(ledger, "s", rules, ["Ann", "Bob", "Cy"], 12, 5)
    first = bhh.dumps(exchange.export(ledger, session))
    again = Ledger(tmp_path / "b.db")
    imported = exchange.import_judged(again, bhh.loads(first))
    assert bhh.dumps(exchange.export(again, imported)) == first
    assert audit(again.conn, [imported.id]) == []  # every copied row chained as if written here
    assert json.loads(bhh.dumps_json(exchange.export(again, imported)))["session"] == "s"
