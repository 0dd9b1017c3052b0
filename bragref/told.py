"""What a person is told, written once for every screen: the one-shot commands, `table`, the players' page and the
referee's page all say the hand in these words (issue: one presentation). Where the hand stands and whose turn it is
(`situation`), what may be done (`legal_words`), what was recorded (`recorded_words`), how a hand ended (`outcome`),
the ledger's digest to keep (`witness`), a game's own keys in a person's words (`key_words`), and the moves on offer
as the referee's page offers them (`moves`). Plain text: a terminal adds its colour."""

from __future__ import annotations

from collections.abc import Callable

from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal
from bragref.games import game_of, hand_ranking
from bragref.games.play import legal, legal_phrases


def situation(number: int, hand: Hand, mark: Callable[[str], str] = str) -> str:
    """One line: what the table must do next, after what the last action decided where the game tells it (a side
    show's loser packing, R13.4); the player to act as `mark` writes them (bold on a terminal)."""
    if hand.phase == "over":
        return outcome(number, hand)
    news = game_of(hand.rules).news(hand)
    return f"{news} {in_play(hand, mark)}" if news else in_play(hand, mark)


def in_play(hand: Hand, mark: Callable[[str], str] = str) -> str:
    """The hand in play: whose turn and what they may do, or who shows."""
    rules = hand.rules
    if hand.phase == "showdown":
        return f"Pot {rules.money(hand.pot)}. {showing(hand)}"
    now = legal(hand)
    if now.player is None:  # two hands compared in the middle of the betting (a side show, R13.4)
        shown_to, show = now.told("show", "to"), now.names("show")
        who = f"{shown_to} has shown: {show[0]} to show their cards to {shown_to}" \
            if shown_to else f"{' and '.join(show)} to show each other their cards"
        return f"Pot {rules.money(hand.pot)}. {who} (`show PLAYER CARDS`) or concede: {legal_words(now, rules)}."
    if staked(hand, now):
        money = f"Pot {rules.money(hand.pot)}, stake {rules.money(hand.stake)}. "
    else:  # nobody bets: only what is in the pot, if anything (none before the dealer's stake or for lives)
        money = f"Pot {rules.money(hand.pot)}. " if hand.pot else ""
    return f"{money}{game_of(rules).now_words(hand)}{mark(now.player)} to act: {legal_words(now, rules)}."


def paid_in(hand: Hand) -> bool:
    """Whether any money is in the hand: none in a match for lives without an entry (R14.4), where what each has
    paid and the pot of 0 go unsaid."""
    return bool(hand.pot or any(p.paid for p in hand.players))


def staked(hand: Hand, now) -> bool:
    """Whether the stake means anything yet: once a bet is made or while one may be, with money in (not before the
    dealer's stake where there is no ante, R11.1); not in Bastard Brag's exchanges, nor in a match for lives, which
    has no betting (R14.2, R14.4)."""
    return paid_in(hand) and bool(hand.stake or now.range("bet") or now.range("bet", blind=True)
                                  or now.cost("call") is not None or now.range("raise"))


def showing(hand: Hand) -> str:
    """Who shows next at a see, showdown or covered pot, and what has been shown."""
    shown = f"Shown: {shown_words(hand)}. " if hand.shown else ""
    now = legal(hand)
    who = now.names("show")
    contest = hand.contest
    if contest is None or contest.how == "showdown":
        rule = game_of(hand.rules).showdown_rule(hand)
        concede = " or concede" if now.may("concede") else ""
        award = "; the table may `award` without cards" if now.may("award") else ""
        return f"{shown}Showdown: {', '.join(who)} to show (`show PLAYER CARDS`){concede}{award} ({rule})."
    challenger, money = contest.challenger, hand.rules.money
    if contest.how in ("see", "show"):
        rule = game_of(hand.rules).end_rules[contest.how]
        intro = f"{challenger} {'saw' if contest.how == 'see' else 'asked for a show with'} {contest.holders[0]}: "
        role = "seer" if contest.how == "see" else "asker"
    else:
        intro, role, rule = f"For the pot of {money(contest.amount)} covered by {challenger}: ", "coverer", "R7.3"
    if who and challenger not in who:
        first = f"{' and '.join(who)} {'shows' if len(who) == 1 else 'show'} first"
        if not hand.shown and contest.how != "cover":
            return f"{intro}{first} (`show {who[0]} CARDS`) ({rule})."
        return f"{shown}{intro}{first} (`show PLAYER CARDS`), then {challenger} shows or concedes ({rule})."
    ties = "split the pot" if contest.split_ties else f"lose for the {role}"
    return f"{shown}{intro}{challenger} shows (`show {challenger} CARDS`) or concedes; equal hands {ties} ({rule})."


def shown_words(hand: Hand) -> str:
    from bragref.engine.cards import hand_text

    ranking = hand_ranking(hand)
    parts = []
    for s in hand.shown:
        discards = f", discards {hand_text(s.judged.discards)}" if s.judged.discards else ""
        parts.append(f"{s.player} {hand_text(s.judged.kept)} ({ranking.describe(s.judged)}{discards})")
    return "; ".join(parts)


def outcome(number: int, hand: Hand) -> str:
    said = game_of(hand.rules).over_words(hand)
    if said:
        return f"Hand {number} over: {said}"
    result, money = hand.result, hand.rules.money
    if result.how == "carried":
        return (f"Hand {number} over: everyone folded to {result.retained_by}, who is blind. "
                f"The pot of {money(result.carried)} is carried forward and {result.retained_by} retains the hand (R6.2).")
    if result.how == "faceup":
        name, won = result.winnings[0]
        return (f"Hand {number} over: all folded against the face-up hand; {name} takes the antes, {money(won)}, "
                f"keeps the blind hand, and {money(result.carried)} stays carried (R6.4).")
    won = " and ".join(f"{name} {money(amount)}" for name, amount in result.winnings or result.pots[0].winnings)
    if len(result.pots) > 1:
        pots = game_of(hand.rules).pots_words(hand)
        line = f"Hand {number} over: {won}. {pots[0].upper()}{pots[1:]}."
    else:
        line = f"Hand {number} over: {won} — {game_of(hand.rules).pot_reason(result.pots[0], hand)}."
    if hand.shown:
        line += f" Shown: {shown_words(hand)}."
    if result.shuffle:
        line += f" Won with a {game_of(hand.rules).say('prial')}: shuffle before the next deal (R9.2)."
    return line


def witness(digest: str) -> str:
    """The ledger's digest, to keep outside it: `bragref audit --digest` then proves nothing before it changed."""
    return f"Ledger digest {digest} (`bragref audit --digest {digest}` checks nothing before it has changed)."


def legal_words(legal: Legal, rules: Rules | None = None) -> str:
    """`bet 4–14, bet blind 2–7, see for 8, look, fold`: what may be done now."""
    return ", ".join(legal_phrases(legal, rules or Rules()))


def recorded_words(action, before: Hand | None, after: Hand) -> str:
    """The line after each answer that records an action (CLI.md, Interactive): who, what, and the money it put in,
    in the session's money (`Recorded: Bill bet £0.50 blind (£0.50 into the pot).`)."""
    money = after.rules.money
    paid = sum(p.paid for p in after.players) - (sum(p.paid for p in before.players) if before else 0)
    said = action.said(money, say=game_of(after.rules).say)  # in the game's words: Teen Patti's chaal, pack
    return f"Recorded: {said}" + (f" ({money(paid)} into the pot)." if paid > 0 else ".")


def own_words(hand: Hand, name: str | None = None) -> list[tuple[str, str]]:
    """A game's own keys (`Game.player_keys` of player `name`, else `Game.table_keys`) as a person reads them: each
    under its label (`Game.labels`, else its words: `pair plus`), with its value in words: amounts in the session's
    money (`Game.money_keys`, `Game.table_money_keys`, R1.1a), `yes` for a key that is on, and nothing for one that is
    off or unknown. No raw key name, and no placeholder, reaches a person."""
    return [(label, text) for label, _, text in _own(hand, name)]


def own_phrases(hand: Hand, name: str | None = None) -> list[str]:
    """`own_words` as short phrases, of those that are on, set or above 0: `bust`, `lives 2`, `Ante £1.50`."""
    return [label if text == "yes" else f"{label} {text}" for label, value, text in _own(hand, name) if value]


def _own(hand: Hand, name: str | None) -> list[tuple[str, object, str]]:
    game = game_of(hand.rules)
    if name is None:
        keys, money_keys = game.table_keys(hand), game.table_money_keys
    else:
        keys, money_keys = game.player_keys(hand, name), game.money_keys
    players = {p.name for p in hand.players}
    return [(_label(game, key), value, _words(value, key in money_keys, hand.rules.money, game, players))
            for key, value in keys.items()]


def _label(game, key: str) -> str:
    return game.labels.get(key, key.replace("_", " "))


def _words(value, money_too: bool, money, game, players: set[str]) -> str:
    """A value of a game's own key in words: a list's items joined, a table's entries each under its label (a
    player's name as it is), every number in it an amount where the key holds amounts."""
    if value is None or value is False:
        return ""
    if value is True:
        return "yes"
    if isinstance(value, int):
        return money(value) if money_too else str(value)
    if isinstance(value, (list, tuple)):
        items = (_words(item, money_too, money, game, players) for item in value)
        return ("; " if any(isinstance(item, dict) for item in value) else ", ").join(item for item in items if item)
    if isinstance(value, dict):
        entries = ((key if key in players else _label(game, key), _words(item, money_too, money, game, players))
                   for key, item in value.items())
        return ", ".join(label if text == "yes" else f"{label} {text}" for label, text in entries if text)
    return str(value)
