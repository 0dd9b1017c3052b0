"""The front door to play: deal a hand, ask what is legal, apply an action, each by the game the hand is played
under (R10.1). The engine below knows no game; this is where a hand's rules find theirs."""

from __future__ import annotations

from collections.abc import Iterable

from bragref.engine.errors import BadInput, Refused
from bragref.engine.names import UnknownName, resolve
from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal, credit, held_by, holding, one_hand
from bragref.games import GAMES, game_verbs, kind_in, verb_aliases
from bragref.games.verbs import Credit, Said, Typed, Verb, hand_cards, held_cards

__all__ = ["apply", "apply_now", "deal", "keep_carried", "legal", "legal_phrases", "looks_like_cards", "made", "outcome",
           "replay", "require_dealt", "require_move", "verb_type", "whose"]


def _game(rules: Rules):
    return GAMES[rules.game]


def deal(rules: Rules, seats: list[str], dealer: str, carried_in: int = 0, retained_by: str | None = None,
         purses: dict[str, int] | None = None, dealt: dict[str, str] | None = None) -> Hand:
    return _game(rules).deal(rules, seats, dealer, carried_in, retained_by, purses, dealt)


def legal(hand: Hand) -> Legal:
    return _game(hand.rules).legal(hand)


_last: tuple = (None, None, None)  # the last action applied: its hand, itself, and the hand after it


def apply(hand: Hand, action, game=None) -> Hand:
    """The next state, or `Refused` naming the rule and carrying what is legal instead; `game`, the hand's, where
    the caller has it already.

    Games raise plain `Refused`; the legal moves are attached here, once, for every refusal.

    A hand and an action are values (frozen), so the same two give the same hand after: the last pair applied is
    remembered, and the same pair applied again at once (a history's see, whose cost its reading checks by applying
    it, then recorded) is not judged twice.
    """
    global _last
    last = _last
    if last[1] is action and last[0] is hand:
        return last[2]
    game = game or _game(hand.rules)
    try:
        after = _step(game, hand, action)
    except Refused as refused:
        if refused.legal is None:
            refused.legal, refused.rules = game.legal(hand), hand.rules
        raise
    _last = (hand, action, after)
    return after


def apply_now(hand: Hand, action, game=None) -> Hand:
    """`apply` for a move made now (recorded, or pushed on a hand in memory): the rules as they are read today, the
    move's own `Verb.refused_now` too, which a row an earlier bragref wrote is not held to on replay
    (docs/rulings.md). `Refused` carries what is legal instead, as from `apply`."""
    game = game or _game(hand.rules)
    after = apply(hand, action, game)
    if isinstance(action, Verb) and not isinstance(action, Credit):
        own = action if type(action) is game.verbs.get(action.verb) else _own(game, action)
        refused = own.refused_now(hand)
        if refused is not None:
            refused.legal, refused.rules = game.legal(hand), hand.rules
            raise refused
    return after


def legal_phrases(legal: Legal, rules: Rules, table: bool | str = False) -> list[str]:
    """What may be done, a phrase each (`bet 4–14`, `see for 8`, `look`), every move as its verb declares it
    (`Verb.offered_words`) in the game's own words (Teen Patti's chaal, show, pack); `table` gives each as `bragref
    table` takes it (a retained hand's look), or `"page"` in words, as a page shows it, with no command in them."""
    game = _game(rules)
    phrases = (kind_in(game, offer.verb).offered_words(offer, rules, game.say, table) for offer in legal.offers
               if offer.said)
    return [phrase for phrase in phrases if phrase]


def require_move(game, hand: Hand, verb: str) -> None:
    """`Refused`, with what is legal instead, where `game` (the hand's) has no move `verb` (a cover in Hoyle's
    brag): said before an answer's words are read by a verb the game never takes."""
    if verb not in game.verbs:
        refused = _not_a_move(game, verb)
        refused.legal, refused.rules = game.legal(hand), hand.rules
        raise refused


def require_dealt(rules: Rules, given: dict[str, str]) -> None:
    """`Refused` where a deal is given what no deal of its game records (`deal --boil` at a deal of brag), citing
    the rule of the games whose deals do."""
    game = _game(rules)
    for name in given:
        if all(param.name != name for param in game.deal_params):
            takes = [(other.name, param.rule) for other in GAMES.values() for param in other.deal_params
                     if param.name == name]
            raise Refused(f"a deal of {game.title} records no --{name}: the deals of "
                          f"{', '.join(other for other, _ in takes)} do", takes[0][1] if takes else game.rule)


def keep_carried(previous: Hand | None, rules: Rules, instead: str, stakes_too: bool = False) -> None:
    """`Refused` where a pot `previous` carried forward (R6.2, a match's kitty R14.4) would go into no hand under
    `rules`: their game's deal takes none in, so it waits until the pot is won; with `stakes_too`, a change of
    stakes waits too, the pot being money of the table's or of the pockets' (R1.3) and its winner's alike."""
    result = previous.result if previous else None
    if previous is None or not (result and result.carried):
        return
    game, was = _game(rules), previous.rules
    carried = _game(was).carried(was)
    said = f"the {carried.name} of {rules.money(result.carried)} is carried forward ({carried.rule})"
    if not game.takes_carried:
        raise Refused(f"{said}, and {game.title} takes in no carried pot: {instead}", "R9.3")
    if not game.takes(carried):
        raise Refused(f"{said}, and {game.title} does not take it in: {instead}", "R9.3")
    if stakes_too and rules.stakes != was.stakes:
        where = "the table money" if was.stakes == "table" else "the pockets"
        raise Refused(f"{said}, put in from {where} (R1.3): change the stakes once it is won", "R9.3")


def replay(hand: Hand, actions: Iterable) -> Hand:
    game = _game(hand.rules)
    for action in actions:
        hand = _step(game, hand, action)
    return hand


def _step(game, hand: Hand, action) -> Hand:
    """A loan onto the table during a hand is no move of any game: every game takes it, at any moment (R7.5). A
    game's move names only cards of its pack, each once, not seen in the deal (R8.9)."""
    if type(action) is game.verbs.get(action.verb):  # most are the game's own (a loan's `credit` is no game's verb)
        own = action
    elif isinstance(action, Credit):
        return credit(hand, action.player, action.amount)
    else:
        own = _own(game, action)
    after = game.apply(hand, own)
    named = _NAMED.get(type(own))  # `_named`'s, said here: most moves are found, and a call costs more
    if named is None:
        named = _named(type(own))
    if named:  # R8.9 and R8.10, for every game alike, once the rules have had their say (the rule first)
        check_cards(game, hand, own)
        after = check_hand(game, hand, own, after)
    return after


_HELD: dict[type, tuple[str, ...]] = {}  # `held_cards` of each type met, found by type (a cached call costs more)
_WHOLE: dict[type, tuple[str, ...]] = {}  # `hand_cards` of each type met, so too
_NAMED: dict[type, tuple[str, ...]] = {}  # the names of the `card_params` of each type met (none of a loan's), so too


def _named(kind: type) -> tuple[str, ...]:
    named = _NAMED.get(kind)
    if named is None:
        named = _NAMED[kind] = tuple(param.name for param in getattr(kind, "params", ()) if param.kind == "cards")
    return named


def _held(kind: type) -> tuple[str, ...]:
    held = _HELD.get(kind)
    if held is None:
        held = _HELD[kind] = held_cards(kind)
    return held


SEEN_AT = {"see": "at the see", "showdown": "at the showdown", "cover": "for a covered pot", "show": "at the show"}


def check_hand(game, hand: Hand, action: Verb, after: Hand) -> Hand:
    """R8.10 for every game: an action naming a player's whole hand (a show's cards and discards, not a draw's or a
    flash's one card) names the cards of theirs seen already in the deal, and those known to be theirs (a face-up
    card, `Game.cards_known`), else bad input; `after` then remembers them and where, unless its game has (a side
    show's, R13.4) or the rules changed the hand (an exchange, R14.2; the hand kept of two, R6.3:
    `state.hand_changed`)."""
    whole = _WHOLE.get(type(action))
    if whole is None:
        whole = _WHOLE[type(action)] = hand_cards(type(action))
    named: tuple[int, ...] = ()
    for param in whole:
        named += tuple(getattr(action, param))
    name = getattr(action, "player", None)
    if not named or name is None:
        return after
    if hand.held:  # nothing seen yet of anyone's: nothing to hold them to
        one_hand(hand, name, named)
    known = game.cards_known(hand, name)
    missing = [card for card in known if card not in named] if known else None
    if missing:
        from bragref.engine.cards import hand_text  # here: only a refusal writes cards

        seen = game.cards_seen(hand)
        raise BadInput(f"{name}'s hand holds {hand_text(missing)} ({', '.join(seen.get(c, 'seen') for c in missing)})"
                       f", which their show does not name: a player holds one hand (R8.10)")
    if not after.held or held_by(after, name) is None:
        contest = hand.contest
        where = SEEN_AT.get(contest.how, "at a show") if contest is not None else "at a show"
        after = holding(after, name, named, where)
    return after


def check_cards(game, hand: Hand, action) -> None:
    """R8.9 for every game, by what `game` declares of its pack and of the cards seen in a deal: bad input where an
    action names a card not in the game's pack, a card of a player's own (a show's, a draw's: a `held` parameter)
    that has been seen already in the deal, or a card twice (as `check_named` says it)."""
    kind = type(action)
    held, named = _HELD.get(kind), _NAMED.get(kind)  # `_held`'s and `_named`'s, said here: calls cost more
    if held is None or named is None:
        held, named = _held(kind), _named(kind)
    seen = game.cards_seen(hand, getattr(action, "player", None)) if held else {}
    rules, in_pack = hand.rules, game.in_pack
    every: tuple[int, ...] = ()
    for name in named:
        cards = getattr(action, name)
        every = (*every, *cards)
        for card in cards:
            if not in_pack(rules, card):
                fault = f"is not in the pack of {game.title}"
            elif card in seen and name in held:
                fault = f"has been seen already in this deal ({seen[card]}): a pack holds one of each card"
            else:
                continue
            from bragref.engine.cards import card_said  # here: only a refusal writes a card

            raise BadInput(f"{card_said(card)} {fault} (R8.9)")
    if len(set(every)) < len(every):
        check_named(game, action, named)


def check_named(game, action, named: tuple[str, ...]) -> None:
    """R8.9 of the cards a move names (its parameters `named`, of kind `cards`), whatever made it: bad input, in the
    command line's words, where one is named twice among them, or is a card number below every card's. The command
    line's reading refuses both; a Python caller's card numbers are not read (a game's order of hands refuses them
    too, `engine.ranking`). Asked of a move before its cards are read again as words (`_own`), and with the rest of
    R8.9 once the rules have had their say (`check_cards`)."""
    every: tuple[int, ...] = ()
    for name in named:
        every += tuple(getattr(action, name))
    if len(set(every)) < len(every) or min(every, default=0) < 0:
        from bragref.engine.cards import card_said, shown_twice, twice_in  # here: only a refusal writes a card

        below = [card for card in every if card < 0]
        if below:
            raise BadInput(f"{card_said(below[0])} is not in the pack of {game.title} (R8.9)")
        raise shown_twice(twice_in(every))


def _own(game, action):
    """The action as the game's own type for its verb (the family's `see` is Teen Patti's show asked for), or
    `Refused` for a verb the game does not have (a `call` in Three Card Brag)."""
    kind = game.verbs.get(action.verb)
    if kind is None:
        raise _not_a_move(game, action.verb)
    if type(action) is kind:
        return action
    check_named(game, action, _named(type(action)))  # its cards read again from their text: -1 would be As
    return kind.from_args(action.player if action.subject == "player" else None, action.args())


def _not_a_move(game, verb: str) -> Refused:
    return Refused(f"{verb} is not a move of {game.title}: {', '.join(game.verbs)}", game.rule)


def outcome(hand: Hand) -> list[tuple[str | None, str, int]]:
    """Where a settled hand's money went: postings that sum to zero (R1.2)."""
    return _game(hand.rules).outcome(hand)


# ---- a move said in words, made in the hand it is played in ----------------------


def made(hand: Hand, move, game) -> Verb:
    """The action `move` is in `hand`, whose game is `game` (resolved once, at the write): an action as it is; a
    move said in words (`Said`) read by the declaration of the type its verb names in that game (`verb_type`),
    against the hand as it stands (its players' names, its money, what may be left out); anything else is what
    makes one from the hand (a Python caller's `Book.record(build)`, a simulation's choice), called with it."""
    if not isinstance(move, Said):
        return move(hand) if callable(move) else move
    kind = move.kind or verb_type(game, move.verb)
    words = [*move.words, *_named_words(kind, move.named)]
    if move.answer:
        require_move(game, hand, kind.verb)  # `c` is a cover: in a game without covers, said so before its words
        name, words = whose(kind, hand, words, game)
    else:
        player, words = (words[0], words[1:]) if kind.subject == "player" and words else (None, words)
        name = player and resolve(player, [p.name for p in hand.players])
    return kind.from_words(name, words, Typed(hand), move.given, hand, game.legal(hand) if move.fill else None)


def verb_type(game, verb: str) -> type[Verb]:
    """The action type `verb` names in a hand of `game`: the game's, by the verb or the game's word for it
    (`chaal`), loading no other game; else any game's, which the game then refuses, naming what it allows."""
    own = game.verbs.get(verb) or game.verbs.get(game.aliases_of_verbs.get(verb, ""))
    kind = own or game_verbs().get(verb) or verb_aliases().get(verb)
    if kind is None:
        raise BadInput(f"{verb!r} is not a verb of any game (verbs: {', '.join(game_verbs())})")
    return kind


def _named_words(kind, named: dict) -> list[str]:
    """Values named by their fields (`all_in="3"`, `keep=True`, `discards="2c"`) as the words that say them, in the
    declaration's order, each after its keyword where it has one; a value of None is not given."""
    unknown = [name for name in named if all(param.name != name for param in kind.params)]
    if unknown:
        raise BadInput(f"{kind.verb} has no value {unknown[0]!r} ({kind.usage()})")
    words: list[str] = []
    for param in kind.params:
        value = named.get(param.name)
        if value is None:
            continue
        if param.kind in ("cards", "players"):  # as typed: `Kh Kd`, or one word each
            words += [*param.keywords[:1], *(value.split() if isinstance(value, str) else map(str, value))]
        else:
            words += param.shown(value)
    return words


def whose(kind, hand: Hand, args: list[str], game) -> tuple[str | None, list[str]]:
    """The player an answer's words (`args`) name first, if a name is there; else the player the prompt names.

    A word that is neither a player nor a value the verb takes (`b two`, `b -1`) is bad input that says both
    (R1.1).
    """
    if kind.subject == "table":
        return None, args
    first = kind.params[0] if kind.params else None
    words = {word for param in kind.params for word in (*param.words, *param.keywords)}  # `pp 2`: no name
    if args and args[0] not in words:
        names = [p.name for p in hand.players]
        try:
            return resolve(args[0], names), args[1:]
        except BadInput:
            if first is not None and first.kind == "choice":  # `x 2`: neither a player nor how many (R14.2)
                raise UnknownName(f"{args[0]!r} is neither a player here ({', '.join(names)}) nor "
                                  f"{' or '.join(first.words)}: {kind.usage()} ({game.rule})", args[0]) from None
            if first is None or first.kind not in ("money", "cards"):
                raise
            if first.kind == "money" and not _amount_like(args[0]):
                raise UnknownName(f"{args[0]!r} is neither a player here ({', '.join(names)}) nor an amount "
                                  f"(digits, like 2 or 1.50: R1.1)", args[0]) from None
            if first.kind == "cards" and not looks_like_cards(args[0]):
                raise UnknownName(f"{args[0]!r} is neither a player here ({', '.join(names)}) nor a card "
                                  f"(like Kh or 10s: R8.9)", args[0]) from None
    now = game.legal(hand)
    if now.player:
        return now.player, args
    show = now.names("show")
    if show and (len(show) == 1 or hand.phase == "showdown"):
        return show[0], args  # the one the prompt names
    if show:  # two hands compared at once (a side show, R13.4): whose these cards are is never guessed
        raise BadInput(f"name the player: {' or '.join(show)} (e.g. `{show[0]} "
                       f"{' '.join(args) or 'CARDS'}`)")
    raise BadInput("name the player: nobody is to act now")


def _amount_like(word: str) -> bool:
    """Meant as an amount, well typed or not: digits, signs, points (`2`, `-1`, `1e3`, `£2`)."""
    return any(ch.isdigit() for ch in word) or word[:1] in "+-.£$€"


def looks_like_cards(word: str) -> bool:
    """Meant as a card, well typed or not (`Kh`, `Kx`, `10s`): the card parser then says what is wrong (R8.9)."""
    return 2 <= len(word) <= 4 and (word[:1].upper() in "23456789TJQKAX" or word.startswith("10"))
