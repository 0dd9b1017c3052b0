"""What a person is told, written once for every screen: the one-shot commands, `table`, the players' page and the
referee's page all say the hand in these words (issue: one presentation). Where the hand stands and whose turn it is
(`situation`), what may be done (`legal_words`), what was recorded (`recorded_words`), how a hand ended (`outcome`),
the ledger's digest to keep (`witness`), a game's own keys in a person's words (`key_words`), and the moves on offer
as the referee's page offers them (`moves`). Plain text: a terminal adds its colour."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal
from bragref.games import game_of, hand_ranking, telling, verb_of
from bragref.games.base import TABLE_OPTIONS
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
        pots = telling.pots_words(game_of(hand.rules), hand)
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


def moves(hand: Hand) -> list[dict]:
    """The moves on offer now, as the referee's page offers them: one button each, named with the table's may-line
    words (`fold`, `see for £2.00`, `bet blind`; `show NAME` where each of several may show, `award NAME`), and the
    words it records as the table takes them (`bet Bill {amount} blind`). A move that takes an amount has `amount`:
    its least and most in the session's money (the most None where there is none); one that names cards has
    `cards` (`picker`). A choice the move needs (Bastard Brag's exchange of 1 or 3) is a button each. All from the
    game's declarations (`legal`'s offers, each verb's `Param`s): a plug-in game's own move gets its button with
    nothing of its own here."""
    rules, game, now = hand.rules, game_of(hand.rules), legal(hand)
    buttons = []
    for offer in (offer for offer in now.offers if offer.said):  # as the may-line names them (not a cover in reach)
        kind = verb_of(rules, offer.verb)
        each = offer.names and (now.player is None or kind.subject == "table")  # whose hand, or whom it awards
        choices = [[(p.name, word) for word in p.words] for p in kind.params
                   if p.kind == "choice" and p.required and p.name not in dict(offer.values)]
        for name in (offer.names if each else (None,)):
            for chosen in product(*choices):
                button = _button(kind, offer, hand, name or now.player, dict(chosen))
                cost = [f"for {rules.money(offer.cost)}"] if offer.cost is not None else []
                button["label"] = " ".join([game.say(offer.verb), *([name] if name else []),
                                            *map(game.say, button.pop("said")),
                                            *cost])
                buttons.append(button)
    return buttons


def _button(kind, offer, hand: Hand, name: str | None, chosen: dict) -> dict:
    """One button of an offer: its words (the player's name, each value the offer gives or `chosen`, and a
    placeholder for what the referee gives: `{amount}`, `{cards}`, or `{cards:up}` for cards introduced by a word
    only where there are any, `{more:pp}` for a second amount the move may take, a field of its own in `more`, bounded
    by its own range where the offer gives one). An amount the offer says none of fits now has no field."""
    rules, given = hand.rules, {**dict(offer.values), **chosen}
    plain = _plain(rules)
    words = [kind.verb, *([name] if kind.subject == "player" else [])]
    button: dict = {"words": words, "amount": None, "cards": None, "said": []}  # said: what its name adds (`blind`)
    for param in kind.params:
        own = offer.range_of(param.name)  # an amount's own range, where the move takes several (R17.8)
        if param.name in given:
            words += param.shown(given[param.name], money=plain)
            button["said"] += param.shown(given[param.name], money=rules.money)
        elif param.kind == "players" and kind.subject == "table" and name:
            words.append(name)
        elif param.kind == "money" and own is None and param.name in dict(offer.ranges):
            pass  # none of it fits now (R17.8): no field for it
        elif param.kind == "money" and own is not None and button["amount"] is None:
            words += [*param.keywords[:1], "{amount}"]
            button["said"] += param.keywords[:1]  # Hoyle's `call all-in`, beside its call
            button["amount"] = _bounds(own, plain)
        elif param.kind == "money" and param.keywords and not param.required:  # a second wager (R17.3's Pair Plus)
            words.append(f"{{more:{param.keywords[0]}}}")
            button["more"] = [*button.get("more", []), {"name": _label(game_of(rules), param.name),
                                                        "keyword": param.keywords[0],
                                                        **(_bounds(own, plain) if own is not None else {})}]
        elif param.kind == "cards" and button["cards"] is None:
            words.append(f"{{cards:{param.keywords[0]}}}" if param.keywords else "{cards}")
            button["cards"] = picker(hand, name, 1 if param.metavar == "CARD" else
                                     rules.cards if param.held and param.required else None)
    return button


def _bounds(allowed, plain: Callable[[int], str]) -> dict:
    """An amount field's bounds (`Range`): its least and most as a field takes them (the most None where there is
    none), and its step, one unit."""
    return {"min": plain(allowed.min), "step": plain(1), "max": None if allowed.max is None else plain(allowed.max)}


def picker(hand: Hand, player: str | None, count: int | None) -> dict:
    """The cards of the game's pack under the hand's rules (36 for Svara, jokers where the rules have them), each
    as written (`Kh`, `10s`, `X1`) with how it was seen in the deal, where it was (R8.9)."""
    from bragref.engine.cards import MAX_JOKERS, NATURALS, card_text

    game = game_of(hand.rules)
    seen = game.cards_seen(hand, player)
    return {"count": count, "pack": [[card_text(card), seen.get(card)] for card in range(NATURALS + MAX_JOKERS)
                                      if game.in_pack(hand.rules, card)]}


def _plain(rules: Rules) -> Callable[[int], str]:
    """Amounts as a field takes them: the session's money without its currency (`1.50`)."""
    return lambda units: Rules(unit=rules.unit).money(units)


def forms(session, hand: Hand | None) -> list[dict]:
    """The table's other answers as the referee's page offers them, each a form: its verb, when it is taken
    (`between` hands, or at `any` time), and its fields in the order the answer's words take them, each with its
    name, kind (`player`, `text`, `amount`, `choice`), the choices where there are (the seated players), whether it
    may be left out, and the word that introduces it (`after`, `up`). Between hands: the deal with the game's own
    deal choices (its dealer, or banker where the dealer banks; face-up cards, boil-in: `Game.deal_wants`,
    `deal_may`), seating, table money at table stakes (R1.3), the rules (R9.3), a settle-up (`paid`) and the close
    (R9.1); at any time, loans (R7.5) and undo (R9.1)."""
    rules, seats = session.rules, list(session.seats)
    game = game_of(rules)

    def field(name, kind="player", optional=False, keyword=None, options=None):
        return {"name": name, "kind": kind, "optional": optional, "keyword": keyword,
                "options": seats if kind == "player" and options is None else options}

    def form(verb, *fields, when="between"):
        return {"verb": verb, "when": when, "fields": list(fields)}

    between = hand is None or hand.phase == "over"
    wants = game.deal_wants(rules)
    dealt = [*wants, *(p for p in game.deal_may(rules, hand) if p not in wants)]
    found = [form("deal", field("banker" if game.banked else "dealer", optional=True),
                  *(field(p.name, "text", p not in wants, p.name) for p in dealt)),
             form("join", field("name", "text"), field("after", optional=True, keyword="after")),
             form("leave", field("name")),
             *(form(kind, field("name"), field("amount", "amount", kind == "cash-out"))
               for kind in ("buy-in", "top-up", "cash-out") if rules.stakes == "table"),
             form("rules", field("option", "choice", options=["game", *(o.name.replace("_", "-") for o in
                                                                        (*TABLE_OPTIONS, *game.options))]),
                  field("value", "text")),
             form("paid", field("payer"), field("payee"), field("amount", "amount"),
                  field("note", "text", True, "--note")),
             form("close")] if between else []
    return [*found,
            form("lend", field("lender"), field("borrower"), field("amount", "amount"), when="any"),
            form("repay", field("borrower"), field("lender"), field("amount", "amount"), when="any"),
            form("undo", field("reason", "text", optional=True), when="any")]


def whose_turn(number: int, hand: Hand) -> str:
    """Whose turn it is, in a few words a room can read (`Bill to act`, `Ann and Bob to show`, `Hand 6 over`)."""
    if hand.phase == "over":
        return f"Hand {number} over"
    now = legal(hand)
    return f"{now.player} to act" if now.player else f"{' and '.join(now.names('show')) or 'The table'} to show"


DASHES = ("", "6 3", "2 3", "8 3 2 3", "12 4", "1 4", "6 2 2 2 2 2", "10 2 4 2")


def season_svg(chart: dict, money) -> str:
    """The season's chart (`ledger.season.progress`) as a standalone SVG file: a line per player, each with its own
    dash pattern and its name and result at its end (colour is never the only signal), a zero line, the nights named
    below; no script and no font from outside."""
    from xml.sax.saxutils import escape

    nights, players = chart["nights"], list(chart["players"].items())
    width, height, left, right, top, bottom = 720, 360, 10, 190, 16, 40
    values = [v for _, series in players for v in series] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1

    def x(i: int) -> float:
        return left + (i * (width - left - right) / (len(nights) - 1) if len(nights) > 1 else 0)

    def y(v: int) -> float:
        return top + (high - v) * (height - top - bottom) / span

    parts = [f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#888"/>']
    ends = []
    for index, (name, series) in enumerate(players):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        dash = f' stroke-dasharray="{DASHES[index % len(DASHES)]}"' if DASHES[index % len(DASHES)] else ""
        parts.append(f'<polyline class="player" data-player="{escape(name, {chr(34): "&quot;"})}" fill="none" '
                     f'stroke="hsl({(index * 47) % 360} 70% 40%)" stroke-width="2.5"{dash} points="{points}"/>')
        ends.append((y(series[-1]) if series else y(0), name, series[-1] if series else 0))
    placed_at = None
    for at, name, last in sorted(ends):
        placed_at = at if placed_at is None or at - placed_at >= 15 else placed_at + 15
        parts.append(f'<text x="{width - right + 6}" y="{placed_at + 5:.1f}">{escape(name)} {escape(money(last))}'
                     f'</text>')
    for i, night in enumerate(nights):
        parts.append(f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle">{escape(night)}</text>')
    tall = max(height, (placed_at or 0) + 20)
    title = "The season: each player's cumulative result night by night"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {tall}" width="{width}" height="{tall}" '
            f'role="img" aria-label="{title}" font-family="sans-serif" font-size="13">\n<title>{title}</title>\n'
            + "\n".join(parts) + "\n</svg>\n")
