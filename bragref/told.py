"""What a person is told, written once for every screen: the one-shot commands, `table`, the players' page and the
referee's page all say the hand in these words. Where the hand stands and whose turn it is
(`situation`), what may be done (`legal_words`), what was recorded (`recorded_words`), how a hand ended (`outcome`),
the ledger's digest to keep (`witness`), a game's own keys in a person's words (`key_words`), and the moves on offer
as the referee's page offers them (`moves`). Plain text: a terminal adds its colour."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from bragref.engine.rules import Rules
from bragref.engine.state import Hand, Legal, held_by
from bragref.games import TABLE_OPTIONS, game_of, game_verbs, games_using, kind_in, telling
from bragref.games.play import legal, legal_phrases

if TYPE_CHECKING:
    from bragref.games.protocol import Game


def situation(number: int, hand: Hand, mark: Callable[[str], str] = str, table: bool | str = False) -> str:
    """One line: what the table must do next, after what the last action decided where the game tells it (a side
    show's loser packing, R13.4); the player to act as `mark` writes them (bold on a terminal); what may be done as
    `table` says (`legal_phrases`: the command line's words, `table`'s, or a page's)."""
    if hand.phase == "over":
        return outcome(number, hand)
    news = game_of(hand.rules).news(hand)
    return f"{news} {in_play(hand, mark, table)}" if news else in_play(hand, mark, table)


def in_play(hand: Hand, mark: Callable[[str], str] = str, table: bool | str = False) -> str:
    """The hand in play: whose turn and what they may do, or who shows."""
    rules = hand.rules
    if hand.phase == "showdown":
        return f"Pot {rules.money(hand.pot)}. {showing(hand)}"
    now = legal(hand)
    if now.player is None:  # two hands compared in the middle of the betting (a side show, R13.4)
        shown_to, show = now.told("show", "to"), now.names("show")
        who = f"{shown_to} has shown: {show[0]} to show their cards to {shown_to}" \
            if shown_to else f"{' and '.join(show)} to show each other their cards"
        return f"Pot {rules.money(hand.pot)}. {who} (`show PLAYER CARDS`) or concede: {legal_words(now, rules, table)}."
    if staked(hand, now) and (table != "page" or betting(now)):
        money = f"Pot {rules.money(hand.pot)}, stake {rules.money(hand.stake)}. "
    else:  # nobody bets: only what is in the pot, if anything (none before the dealer's stake or for lives)
        money = f"Pot {rules.money(hand.pot)}. " if hand.pot else ""
    return f"{money}{game_of(rules).now_words(hand)}{mark(now.player)} to act: {legal_words(now, rules, table)}."


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


def betting(now: Legal) -> bool:
    """Whether a move on offer puts money in (its amount's range, or its cost): a page says the stake only then,
    not where the betting is over for the hand (three-stake's thirty-one, R15.4). A terminal's lines say it as its
    transcripts keep it (`staked`)."""
    return any(offer.range is not None or offer.cost is not None for offer in now.offers)


def showing(hand: Hand) -> str:
    """Who shows next at a see, showdown or covered pot, and what has been shown."""
    game = game_of(hand.rules)
    shown = f"Shown: {shown_words(hand)}. " if hand.shown else ""
    now = game.legal(hand)
    who = now.names("show")
    contest = hand.contest
    if contest is None or contest.how == "showdown":
        rule = game.showdown_rule(hand)
        concede = " or concede" if now.may("concede") else ""
        award = "; the table may `award` without cards" if now.may("award") else ""
        return f"{shown}Showdown: {', '.join(who)} to show (`show PLAYER CARDS`){concede}{award} ({rule})."
    challenger, money = contest.challenger, hand.rules.money
    if contest.how in ("see", "show"):
        rule = game.end_rules[contest.how]
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
    """`Andy Qs 8c 5d (high card, Q-8-5); Dan …`: each hand shown, its cards and its ranking's words (looked up,
    `telling.described`), and any discards."""
    return _shown(game_of(hand.rules), hand)


def _shown(game: Game, hand: Hand) -> str:
    """`shown_words` of a hand of `game`."""
    describe, text = telling.described(game, hand), telling.CARD_TEXTS
    parts = []
    for shown in hand.shown:
        judged = shown.judged
        kept = judged.kept
        if len(kept) == 3 and not judged.discards:  # most: three cards, one string made
            parts.append(f"{shown.player} {text[kept[0]]} {text[kept[1]]} {text[kept[2]]} ({describe(judged)})")
            continue
        discards = f", discards {' '.join([text[card] for card in judged.discards])}" if judged.discards else ""
        parts.append(f"{shown.player} {' '.join([text[card] for card in kept])} ({describe(judged)}{discards})")
    return "; ".join(parts)


def outcome(number: int, hand: Hand) -> str:
    game = game_of(hand.rules)
    said = game.over_words(hand)
    if said:
        return f"Hand {number} over: {said}"
    result = hand.result
    if result.how == "carried":
        money = hand.rules.money
        return (f"Hand {number} over: everyone folded to {result.retained_by}, who is blind. "
                f"The pot of {money(result.carried)} is carried forward and {result.retained_by} retains the hand (R6.2).")
    if result.how == "faceup":
        money = hand.rules.money
        name, won = result.winnings[0]
        return (f"Hand {number} over: all folded against the face-up hand; {name} takes the antes, {money(won)}, "
                f"keeps the blind hand, and {money(result.carried)} stays carried (R6.4).")
    money = telling.money_of(hand.rules)
    winnings = result.winnings or result.pots[0].winnings
    if len(winnings) == 1:
        name, amount = winnings[0]
        won = f"{name} {money(amount)}"
    else:
        won = " and ".join([f"{name} {money(amount)}" for name, amount in winnings])
    shown = f" Shown: {_shown(game, hand)}." if hand.shown else ""
    if result.shuffle:
        shown += f" Won with a {game.say('prial')}: shuffle before the next deal (R9.2)."
    pots = result.pots
    if len(pots) > 1:
        told = telling.pots_words(game, hand)
        return f"Hand {number} over: {won}. {told[0].upper()}{told[1:]}.{shown}"
    return f"Hand {number} over: {won} — {game.pot_reason(pots[0], hand)}.{shown}"


def witness(digest: str) -> str:
    """The ledger's digest, to keep outside it: `bragref audit --digest` then proves nothing before it changed."""
    return f"Ledger digest {digest} (`bragref audit --digest {digest}` checks nothing before it has changed)."


def legal_words(legal: Legal, rules: Rules | None = None, table: bool | str = False) -> str:
    """`bet 4–14, bet blind 2–7, see for 8, look, fold`: what may be done now (`table`: as `legal_phrases`)."""
    return ", ".join(legal_phrases(legal, rules or Rules(), table))


def recorded_words(action, before: Hand | None, after: Hand, page: bool = False) -> str:
    """The line after each answer that records an action (docs/reference.md, Interactive): who, what, and the money it
    put in, in the session's money (`Recorded: Bill bet £0.50 blind (£0.50 into the pot).`); on a `page`, the move
    as a sentence (`Recorded: Cat looks at their cards.`, `Recorded: Bill bets £0.50 blind …`, `sentence`), where
    the terminal says the words typed (`Recorded: Cat look.`)."""
    money = after.rules.money
    paid = sum(p.paid for p in after.players) - (sum(p.paid for p in before.players) if before else 0)
    say = game_of(after.rules).say  # in the game's words: Teen Patti's chaal, pack
    said = action.said_at(before, money, say) if before is not None else action.said(money, say=say)
    return f"Recorded: {sentence(said, action, say, after) if page else said}" + \
        (f" ({money(paid)} into the pot)." if paid > 0 else ".")


DONE = {"look": "looks at their cards"}  # a verb whose sentence says more than the verb (R3.4)


def sentence(said: str, action, say: Callable[[str], str] = str, after: Hand | None = None) -> str:
    """A move as the words typed say it (`Cat look`, `Dan show Ks Kh 5d`, Teen Patti's `Bob pack`) as a sentence of
    what happened: `Cat looks at their cards`, `Dan shows Ks Kh 5d` (its cards written as every line writes them,
    R8.9: the hand's end on the same line says `Shown: Dan Ks Kh 5d`),
    `Bob packs`. A verb may say its own: `sentence_at(after)` with the hand it made (three-stake's draw and its new
    total, R15.4), else `sentence()` (a retained hand's look, R6.3; the table's showdown, R6.5), after the player
    or `The table`. A move said in words of its game's own (`said_at`: `Dan asks Cat for a show`) stays as said."""
    player, verb = getattr(action, "player", None), say(action.verb)
    at = getattr(action, "sentence_at", None)
    own = at(after) if callable(at) and after is not None else None
    if own is None and callable(getattr(action, "sentence", None)):
        own = action.sentence()
    if own:
        return f"The table {own}" if getattr(action, "subject", "player") == "table" else f"{player} {own}"
    head = f"{player} {verb}"
    if not player or " " in verb or (said != head and not said.startswith(f"{head} ")):
        return said
    rest = said[len(head):]
    if not rest and action.verb in DONE:
        return f"{player} {DONE[action.verb]}"
    return f"{player} {third_person(verb)}{rest}"


def third_person(verb: str) -> str:
    """A verb as a sentence says what one player did: `folds`, `packs`, `raises`, `carries`."""
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return f"{verb}es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def dealt_words(current, previous, told: str = "") -> str:
    """The deal in one line: dealer, antes, a carried pot, a shuffle due (R9.2), a retained hand (R6.3, R6.4)."""
    hand = current.hand
    money = hand.rules.money
    game = game_of(hand.rules)
    ante = f"{game.say('antes').capitalize()} {money(game.ante_of(hand))} each" if game.ante_of(hand) else \
        f"No {game.say('ante')}"
    line = f"Hand {current.number}: {hand.dealer} deals. {ante}"
    if hand.carried_in:
        line += f", with {money(hand.carried_in)} carried forward"
    if not game.shuffles:  # a game shuffling before every deal says so in its reminder (R16.1), instead of R9.2
        if previous is None:
            line += ". Shuffle the pack: first deal of the session (R9.2)"
        elif previous.hand.result.shuffle:
            line += (f". Shuffle the pack: hand {previous.number} was won with a "
                     f"{game_of(previous.hand.rules).say('prial')} (R9.2)")
    if hand.retained_by:
        kept = "plays a face-up second hand (R6.4)" if hand.faceup else "holds the retained hand and a new one (R6.3)"
        line += f". {hand.retained_by} {kept}"
    return line + "." + "".join(f" {words}" for words in (game.dealt_words(hand), game.reminder, told) if words)


def voided_words(voided, current, called, game: str) -> str:
    """`Voided: Andy bet £0.50 blind.`, the action told as `replay` tells one voided later, from the hand as it
    stood before it (`current`'s, as the void leaves it); or a misdeal of a deal of `game`: the deal itself voided
    (R9.1); or a settle-up, owed again."""
    if voided.payment is not None:
        return f"Voided: {voided.payment.said()[:-1]}; it is owed again (R9.1)."
    if voided.action is None:
        kept = "any carried pot and retained hand stand as they were" if game in games_using("retained_blind") \
            else "any carried pot stands as it was"  # a retained hand is brag's alone (R6.2)
        return f"Voided: the deal of hand {voided.number}, a misdeal (R9.1): what was put in at it goes back, " \
               f"{kept}, and {voided.dealer} deals again."  # antes, a match's entry, a Svara deal's boil-in
    return f"Voided: {voided.action.told(current.hand, None, called)}"


def seats_words(seats: list[str]) -> str:
    """Who is seated now, in seat order: "Seats: Ann, Bob." (or that nobody is, once the last has left)."""
    return f"Seats: {', '.join(seats)}." if seats else "Nobody is seated."


def left_words(chosen, gone: str, has: int) -> str:
    """`Fred leaves. Seats: …`; at table stakes, with what Fred leaves on the table (`has`) until a cash-out
    (R1.3)."""
    text = f"{gone} leaves. {seats_words(chosen.seats)}"
    if has:
        text += f" {gone} leaves {chosen.rules.money(has)} on the table until it is cashed out (R1.3)."
    return text


def renamed_words(chosen, old: str, new: str) -> str:
    return f"{old} is called {new} from now on. {seats_words(chosen.seats)}"


def lent_words(session, lender: str, borrower: str, units: int) -> str:
    """At table stakes the loan is table money, mid-hand too (R1.3, R7.5): the words say where it went."""
    onto = " onto the table" if session.rules.stakes == "table" else ""
    return f"{lender} lends {borrower} {session.rules.money(units)}{onto}: owed until repaid (R7.5)."


def repaid_words(session, borrower: str, lender: str, units: int) -> str:
    return f"{borrower} repays {lender} {session.rules.money(units)} (R7.5)."


def payto_words(player: str, handle, was) -> str:
    """What `pay-to` recorded: `Ann is paid at upi:ann@okbank.`, with the handle it replaces, or its removal."""
    if handle is None:
        return f"{player} has no pay-to handle now ({was} is removed)."
    return f"{player} is paid at {handle}" + (f", no longer {was}" if was is not None and was != handle else "") + \
        ": settle shows the link."


PURSE_VERBS = {"buy-in": "buys in for", "top-up": "tops up by", "cash-out": "takes off"}


def purse_words(kind: str, session, name: str, units: int, left: int) -> str:
    money = session.rules.money
    return f"{name} {PURSE_VERBS[kind]} {money(units)}: {money(left)} on the table (R1.3)."


def moved(last) -> bool:
    """Whether what a `Book` recorded last (`Book.last`) is a move: (the session, the hand after it, the action)."""
    return isinstance(last, tuple) and len(last) == 3 and hasattr(last[2], "said")


def asked_words(words: list[str], last, before: Hand | None = None) -> str:
    """What a seat's request asks, in a line, from what trying it recorded (`Book.last`) on the hand as it stood
    (`before`): `Ann asks: bet £2`, `Ann asks: see for £2` (what a move of no amount of its own costs, as its button
    said it), `Ann asks: buy-in £5`; as the move words it where it says more (`Verb.asked_at`: a Teen Patti side show
    says with whom, `Ann asks: chaal £0.40 and a side show with Dan (R13.4)`)."""
    if moved(last):
        _, current, action = last
        money = current.hand.rules.money
        own = action.asked_at(before, money, say=game_of(current.hand.rules).say) if before is not None else None
        if own is not None:
            return f"{action.player} asks: {own}"
        said = action.said(money, say=game_of(current.hand.rules).say)
        paid = sum(p.paid for p in current.hand.players) - sum(p.paid for p in before.players) \
            if before is not None and before is not current.hand else 0
        if paid > 0 and action.stated_amount() is None:
            said += f" for {money(paid)}"
        player = getattr(action, "player", None)
        return f"{player} asks: {said.removeprefix(player + ' ')}" if player else f"Asked: {said}"
    session, name, units, _ = last  # table money: (session, the player, the amount, what they have after)
    return f"{name} asks: {words[0].lower()} {session.rules.money(units)}"


def settle_lines(payments: list[dict], money, at_table: bool, paid: list = ()) -> list[str]:
    """Who pays whom (`settle`'s rows), a line each, amounts as `money` writes them, each marked with what of it the
    settle-ups since the night began (`paid`, `Payment`s) paid (`paid_beside`); all square, or, where hands at table
    stakes were settled at the table by the cash-outs, that said (R1.3)."""
    if not payments:
        return ["Nothing to pay: the hands at table stakes were settled at the table (R1.3)." if at_table else
                "All square: nobody owes anybody."]
    lines = [f"{p['from']} pays {p['to']} {money(p['amount'])}{paid_beside(p, paid, money)}" for p in payments]
    if at_table:
        lines.append("The hands at table stakes were paid at the table, in the cash-outs (R1.3): what is paid here is "
                     "loans and hands played from the pocket.")
    return lines


def carried_words(amount: int, kinds: list, money) -> str:
    """What paying the carried pot (`settle`'s payee "carried pot") means: its `amount` is money left in the middle
    for whoever wins it, each of `kinds` (`Carried`) saying why and who."""
    what = f"{kinds[0].why} ({kinds[0].rule}): it goes to {kinds[0].goes_to}" if len(kinds) == 1 else \
        "left in the middle: a pot carried when everyone folded to a blind player (R6.2), or a match's kitty " \
        "(R14.4), each for whoever wins it"
    return (f"The carried pot is the {money(amount)} {what}. Until then it is nobody's, so paying it means leaving "
            f"that money in the middle; if the evening ends here, the table shares it out as it agrees.")


UNWON = "no deal will win it now the night is closed; the table shares it out as it agrees"  # a carried pot at a
# night's close (R6.2): `balances`, `summary`, `settle` and the pages say it so


def closed_carried_lines(lines: list[str], payments: list[dict], amount: int, kinds: list, money,
                         pot: str) -> list[str]:
    """A closed night's who-pays-whom (`lines`, a row for each of `payments` first, the carried pot paid as payee
    `pot`) with its carried pot said as what it now is (R6.2): unwon, no deal left to win it, the table sharing it out
    as it agrees; each row that pays it so worded, and why its payers are named beside it (the fewest payments set
    their losses against it)."""
    payers = [p["from"] for p in payments if p["to"] == pot]
    rows = [f"{p['from']} owes the carried pot {money(p['amount'])}, unwon at the close" if p["to"] == pot else line
            for line, p in zip(lines, payments, strict=False)]  # why, once, below, by its own rule (R6.2, R16.7, …)
    what = f"{kinds[0].why} ({kinds[0].rule})" if len(kinds) == 1 else \
        "left in the middle: a pot carried when everyone folded to a blind player (R6.2), or a match's kitty (R14.4)"
    named, losses = listed(payers), listed(f"{name}'s" for name in payers)
    said = (f"The carried pot is the {money(amount)} {what}. No deal will win it now the night is closed: the table "
            f"shares it out as it agrees. {named} "
            f"{'is' if len(payers) == 1 else 'are'} named beside it only because settling up in the fewest payments "
            f"sets {losses} losses against it: that {money(amount)} goes to whoever the table shares the pot out to.")
    return [*rows, *lines[len(payments):], said]


def paid_beside(payment: dict, paid: list, money) -> str:
    """What is said beside a line of the night's who-pays-whom (`settle`'s row) of the settle-ups recorded since the
    night began from its payer to its payee (`paid`, `Payment`s): ` (paid)` once they come to its amount, else
    ` (₹5.00 of it paid)`; nothing where none was. The night's figures do not count them (`paid` belongs to no
    session, R1.2): this says they were made."""
    made = sum(p.amount for p in paid if p.payer == payment["from"] and p.payee == payment["to"])
    return "" if not made else " (paid)" if made >= payment["amount"] else f" ({money(made)} of it paid)"


def phoned(payment) -> str:
    """What is said after a settle-up recorded from a phone (`Payment`, its `entered`): whose phone, which is always
    its payee's (` (from Ann's phone)`: the payee's seat said it was received, docs/serve.md); nothing otherwise."""
    return f" (from {payment.payee}'s phone)" if payment.entered == "seat-self" else ""


def paid_lines(paid: list, owed: list[dict], money) -> list[str]:
    """The settle-ups recorded since the night began (`Payment`s, at least one) and, net of them, what is still owed
    over every night (`settle --all`'s rows in the night's money), in words (a player's phone shows them): the
    night's who-pays-whom does not count them (R1.2)."""
    done = "; ".join(f"{p.payer} paid {p.payee} {money(p.amount)}{phoned(p)}" for p in paid)
    return [f"Paid since the night began: {done}.", still_owed_line(owed, money)]


def still_owed_line(owed: list[dict], money) -> str:
    """What is still owed over every night, net of every payment (`settle --all`'s rows in the night's money)."""
    still = "; ".join(f"{p['from']} pays {p['to']} {money(p['amount'])}" for p in owed) or "nobody owes anybody"
    return f"Still owed over every night, net of every payment: {still}."


SQUARE_NIGHT = "This night is square: nobody owes anybody for its hands."  # where earlier nights still owe: never
# "nobody owes anybody" above their debts


def night_settle_lines(payments: list[dict], owed: list[dict], money, at_table: bool, paid: list = ()) -> list[str]:
    """The night's who-pays-whom (`settle_lines`), a night square itself said to be the night's square, not
    everybody's (`SQUARE_NIGHT`), where earlier nights' debts stand (`owed`: `settle --all`'s rows in the night's
    money): `owed_lines` then says them."""
    lines = settle_lines(payments, money, at_table, paid)
    if not paid and not payments and not at_table and _pairs(owed) != _pairs(payments):
        lines[0] = SQUARE_NIGHT
    return lines


def owed_lines(payments: list[dict], owed: list[dict], money, paid: list = ()) -> list[str]:
    """What is said after the night's who-pays-whom: the settle-ups since the night began and what is still owed
    over every night net of them (`paid_lines`), or, where none was made, what is still owed where it is not the
    night's alone (earlier nights' debts); nothing where it is."""
    if paid:
        return paid_lines(paid, owed, money)
    return [still_owed_line(owed, money)] if _pairs(owed) != _pairs(payments) else []


def _pairs(payments: list[dict]) -> set[tuple]:
    """Who pays whom how much, as a set: a night's rows and every night's compared."""
    return {(p["from"], p["to"], p["amount"]) for p in payments}


def started_words(made) -> str:
    """A session made current: `Session friday is current: Ann, Bob. Ante £0.10.`"""
    rules = made.rules
    ante = game_of(rules).say("ante")
    said = f"{ante.capitalize()} {rules.money(rules.ante)}" if rules.ante else f"No {ante}"
    return f"Session {made.name} is current: {', '.join(made.seats)}. {said}."


def closed_words(closed, digest: str, cashed: dict[str, int], page: bool = False) -> str:
    """The close's answer (R9.1): the digest to keep on a line of its own at a terminal (copied whole, nothing after
    it); on a `page`, where the lines run on, a sentence ended by its full stop."""
    money = closed.rules.money
    off = "".join(f"{name} takes off {money(has)} (R1.3).\n" for name, has in cashed.items())
    return (f"{off}Session {closed.name} is closed. Ledger digest: {digest}{'.' if page else ''}\n"
            f"Keep it: `bragref audit --digest {digest}` checks nothing recorded has changed since (R9.1).")


def match_words(data: dict, money) -> str:
    """The match for lives in a line (`match --json`'s object): its state, entry and kitty (R14.4)."""
    state = f"won by {data['winner']}" if data["winner"] else "going on" if data["started"] else \
        "to be started by the next deal"
    return f"Match {data['match']}, {state}: entry {money(data['entry'])}, kitty {money(data['kitty'])} (R14.4)."


def describe_rules(rules: Rules) -> list[dict]:
    """Every house rule in force, as the game and the table declare them, with its rule number."""
    game = game_of(rules)
    ante, *table = TABLE_OPTIONS
    return [{"rule": "game", "value": rules.game, "ref": "R10"}, {"rule": "preset", "value": rules.preset, "ref": "R10"},
            *({"rule": o.key, "value": o.shown(rules), "ref": o.rule} for o in (ante, *game.options, *table))]


RULE_TITLES = {"game": "Game", "a23": "A-2-3"}  # a rule's title where its key said with capitals will not do
VALUE_WORDS = {"faceup": "face up"}


def rule_title(key: str) -> str:
    """A house rule as a page names it: `Short money`, `See cost`, `A-2-3`, never its key (`short-money`)."""
    return RULE_TITLES.get(key, key.replace("_", " ").replace("-", " ").capitalize())


def value_words(value) -> str:
    """A house rule's value as a page says it: `face up`, `black deuces`; amounts and numbers as they are."""
    text = str(value)
    return VALUE_WORDS.get(text, text.replace("-", " ") if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", text) else text)


def rule_changed(rules: Rules, option: str, already: bool = False, page: bool = False) -> str:
    """`ante is now £0.20 from the next hand (R2.3, R9.3).`: the one rule changed, not all of them; or `ante is
    already £0.20 (R2.3).` On a `page`, in its words: the rule's title, a game's too (`Game is now Teen Patti from
    the next hand`); the terminal keeps the rule's key and the game's name, as `rules set` takes them (docs/reference.md)."""
    name = option.strip().lower().replace("_", "-")
    row = next((r for r in describe_rules(rules) if r["rule"] == name), None)
    value = getattr(rules, name.replace("-", "_"), "") if row is None else row["value"] or "(none)"  # None: a preset
    ref = row["ref"] if row is not None else ""
    if page:
        name, value = rule_title(name), game_of(rules).title if name == "game" else value_words(value)
    if already:
        return f"{name} is already {value}{f' ({ref})' if ref else ''}."
    return f"{name} is now {value} from the next hand ({f'{ref}, R9.3' if ref else 'R9.3'})."


def rules_set_words(rules: Rules, before: Rules, option: str, page: bool = False) -> str:
    """What the table is told of one house rule set from `before` to `rules` (R9.3): the rule, and where a game
    changed its preset with it, the other rules that preset brought (a game for lives, R14.4); on a `page`, in its
    words (`rule_changed`)."""
    said = rule_changed(rules, option, already=rules == before, page=page)
    name = option.strip().lower().replace("_", "-")
    others = [f"{rule_title(r['rule']).lower() if page else r['rule']} "
              f"{value_words(r['value'] or '(none)') if page else r['value'] or '(none)'}"
              for r, was in zip(describe_rules(rules), describe_rules(before), strict=False)
              if r["rule"] not in (name, "preset") and r["value"] != was["value"]]
    if not others or rules.preset == before.preset or rules.game != before.game:
        return said
    return f"{said[:-1]}, with its defaults: {', '.join(others)}."  # the preset it chose (lives, R14.4)


def entry_words(entry: dict, game) -> str:
    """What a `history` entry did, in the game's own words: Teen Patti's `chaal`, `blind chaal`, `pack` (its verbs'
    other names that are no verb of the family: not Svara's fold for its pass); Svara's `dark bet`."""
    action = entry["action"]
    return (f"{game.say('blind')} " if entry["blind"] else "") + _verb_names(game).get(action, action)


@cache
def _verb_names(game) -> dict[str, str]:
    """A game's own names for the family's verbs that `entry_words` tells (its verbs' other names that are no verb of
    the family): made once a game, not once an entry (a whole session's `history` tells a hundred thousand)."""
    return {verb: alias for alias, verb in game.aliases_of_verbs.items() if alias not in game_verbs()}


def hand_lines(entries: list[dict], rules: Rules, private: bool = False) -> list[dict]:
    """A hand's `history` entries as a page lists them: `n`, the number the page shows beside each (the order they
    were recorded in), `text` (who, what in the game's own words: Teen Patti's `chaal`, `blind chaal`, `pack`; the
    amount in the session's money; the note; or the line as the game words it whole, `Game.entry_line`: Teen
    Patti's `Dan asks Cat for a show, £2` apart from `Cat shows Kd Kc 8s`, R13.3), an undo naming the line it voids by that number (R9.1),
    `voided` for a line voided since. What an action shows that is its players' own business while the hand is in
    play (an entry marked `private`: a Teen Patti side show's cards, R13.4) is not said, unless `private` (the
    referee's page)."""
    game, money = game_of(rules), rules.money
    shown = {entry["seq"]: n for n, entry in enumerate(entries, 1) if entry["seq"] is not None}
    lines = []
    for n, entry in enumerate(entries, 1):
        note = entry["detail"] or entry["reason"] or ""
        if entry["action"] == "void" and entry["detail"] and entry["detail"].startswith("voids #"):
            note = f"voids line {shown.get(int(entry['detail'][7:]), entry['detail'][7:])}"
        if entry.get("private") and not private:
            note = ""
        did = "undo" if entry["action"] == "void" else \
            (f"{game.say('blind')} " if entry["blind"] else "") + game.say(entry["action"])
        amount = money(entry["amount"]) if entry["amount"] is not None else ""
        text = game.entry_line(entry, note, money) if entry["action"] != "void" else None
        text = text or family_line(entry, note, game, money) or \
            " · ".join(part for part in (entry["player"] or "", f"{did} {amount}".strip(), note) if part)
        lines.append({"n": n, "text": unbroken(text), "voided": entry["voided"]})
    return lines


RULED = re.compile(r"^(.*?)(?: \((R[\d.]+)\))?$")  # a note and the rule it ends with: `carried forward (R6.2)`


def family_line(entry: dict, note: str, game, money) -> str | None:
    """What the family's own entries that are no player's move say as a person reads them, where a game words them
    no way of its own (`Game.entry_line`): the deal and what it put in the pot (`Eve deals: antes £1.00`, not as if
    Eve paid it; the game's note of it where it has one), a retained hand's look (`Bob looks at the old hand and
    keeps it`, R6.3), a showdown agreed (the game's showdown rule, R6.5) and the table's award (`Dan · awarded`, in
    the list's own shape: whole on a line of a TV's narrow column), a pot carried forward (`£1.10 carried forward to
    the next hand, Bob retaining it`, R6.2) or carried as the game notes it. None: the family's `Bob · bet £2 ·
    note`."""
    action, player, units = entry["action"], entry["player"], entry["amount"]
    if action == "deal" and player:
        if note:  # what the game notes of its deal (`Game.deal_note`: Svara's deal after a svara, R16.7)
            return f"{player} deals: {note}"
        return f"{player} deals" + (f": {game.say('antes')} {money(units)}" if units else "")
    if action == "look" and player and entry["detail"]:
        which, then = (entry["detail"].split() + [""])[:2]  # the retained hand's look's answer: `old keep` (R6.3)
        if which in ("old", "new") and then in ("keep", "fold"):
            return f"{player} looks at the {which} hand and {then}s it (R6.3)"
        return None
    if action == "showdown" and not player:
        return f"showdown agreed ({game.end_rules['showdown']})"
    if action == "award" and entry["detail"]:
        return f"{', '.join(entry['detail'].split(','))} · awarded"  # by the table, without cards (R6.5)
    if action == "carried" and units is not None:
        body, rule = RULED.match(note).groups()  # type: ignore[union-attr]  # the pattern matches every text
        said = f"{money(units)} {body} to the next hand" if body == "carried forward" else f"{body}: {money(units)}"
        return said + (f", {player} retaining it" if player else "") + (f" ({rule})" if rule else "")
    return None


def signed(units: int, money) -> str:
    """An amount won or lost, written by `money`: a gain `+£0.60`, a loss `−£0.70` (`unbroken`), nothing `£0.00`."""
    return "+" + money(units) if units > 0 else unbroken(money(units))


def unbroken(text: str) -> str:
    """Text with each amount's minus sign joined to it (a word joiner), so a line never breaks between them."""
    return NEGATIVE.sub("−\u2060", text)


NEGATIVE = re.compile(r"(?<![\w)])-(?=[£$€]?\d)")


def own_words(hand: Hand, name: str | None = None) -> list[tuple[str, str]]:
    """A game's own keys (`Game.player_keys` of player `name`, else `Game.table_keys`) as a person reads them: each
    under its label (`Game.labels`, else its words: `pair plus`), with its value in words: amounts in the session's
    money (`Game.money_keys`, `Game.table_money_keys`, R1.1a), `yes` for a key that is on, and nothing for one that is
    off or unknown; a table key the game words itself (`Game.key_words`: three-stake's pots) in its words. No raw key
    name, and no placeholder, reaches a person."""
    if name is None:
        game = game_of(hand.rules)
        keys = game.table_keys(hand)
        lines: list[tuple[str, str]] = []
        for key, (label, _, text) in zip(keys, _own(hand, None), strict=True):
            worded = game.key_words(hand, key, keys[key])
            lines.extend([(label, text)] if worded is None else worded)
        return lines
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
    """The moves on offer now, as the referee's page offers them: one button each, named with the table's words and
    the player it is for (`fold Ann`, `see Ann for £2.00`, `bet Ann blind`; `show Ann` where each of several may
    show, `award Ann`), and the words it records as the table takes them, that player named (`bet Ann {amount}
    blind`), so that a tap meant for one player is never recorded for the next (R2.5). A move that takes an amount
    has `amount`: its least and most in the session's money (the most None where there is none); one that names
    cards has `cards` (`picker`). A choice the move needs (Bastard Brag's exchange of 1 or 3; which retained hand,
    and keep or fold it, R6.3) is a button each. Every move `legal` offers has its buttons, those a may-line leaves
    unsaid too (a cover while a bet is in reach, R7.2: `said` false). All from the game's declarations (`legal`'s
    offers, each verb's `Param`s and `offered_params`): a plug-in game's own move gets its button with nothing of its
    own here."""
    rules, game = hand.rules, game_of(hand.rules)
    now, buttons = game.legal(hand), []
    for offer in now.offers:
        kind = kind_in(game, offer.verb)
        each = offer.names and (now.player is None or kind.subject == "table")  # whose hand, or whom it awards
        choices = [[(p.name, value) for value in (p.words if p.kind == "choice" else (True, False))]
                   for p in kind.offered_params(offer, rules)
                   if p.kind in ("choice", "toggle") and p.name not in dict(offer.values)]
        split = kind.subject == "table" and len(offer.names) > 1 and any(p.kind == "players" for p in kind.params)
        for name in (*offer.names, *([None] if split else [])) if each else (None,):  # a split among several
            for chosen in product(*choices):
                player = name or now.player
                button = _button(kind, offer, hand, player, dict(chosen))
                cost = [f"for {rules.money(offer.cost)}"] if offer.cost else []  # a check costs nothing (R15.3)
                who = [player] if kind.subject == "player" and player else [name] if name else \
                    ["several"] if split else []
                rest = [*map(game.say, button.pop("said")), *cost]
                button["label"] = " ".join([game.say(offer.verb), *who, *rest])
                if kind.subject == "player" and player:  # a player's own move: on their seat, named without them
                    button["own"] = " ".join([game.say(offer.verb), *rest])
                worded = kind.page_label(dict(chosen)) if hasattr(kind, "page_label") else None  # a choice in words
                if worded:  # (a retained hand's, R6.3): its player after it
                    button["label"] = f"{worded} ({player})" if player else worded
                    if "own" in button:
                        button["own"] = worded
                button["said"] = offer.said
                button["help"] = explained(kind, player if kind.subject == "player" else name,
                                           getattr(game, "move_help", {}).get(offer.verb))
                buttons.append(button)
    return buttons


def explained(kind, name: str | None, own: str | None = None) -> str:
    """What a move is, in a sentence a new referee understands: the first of its declaration's description (`help`,
    or the game's `own` for it, `Game.move_help`), with the player it is for (`name`) where it says PLAYER, and the
    page's words for the rest (`on_page`): `Cat cannot meet the minimum and puts in all they have: the pot as it
    stands is frozen for them and their hand stays in (R7.2).`; nothing where the move has no description."""
    described = (own or kind.help or "").strip()
    first = re.split(r"(?<=[.)])\.?\s+(?=[A-Z`])", described, maxsplit=1)[0] if described else ""
    first = re.sub(r", (?:AMOUNT|CARDS?)(?=[:;,.])", "", first)  # `all they have, AMOUNT:` is said by the field
    first = re.sub(r" \(--[^)]*\)", "", first).replace("their CARDS", "their cards")  # the command line's own
    # spelling (`(--ante AMOUNT)`): the page's fields say it
    first = re.sub(r"\bPLAYERS\b", "the players named", first.replace("PLAYER's CARDS", "PLAYER's cards"))
    first = re.sub(r"\bPLAYER\b", name or "the player", first)
    return on_page(first if first.endswith(".") else f"{first}.") if first else ""


def _button(kind, offer, hand: Hand, name: str | None, chosen: dict) -> dict:
    """One button of an offer: its words (the verb, the player's name, each value the offer gives or `chosen`, and
    `{NAME}` for each value the referee gives in a field of the button's own, `fields`, in the order the words take
    them: an amount, bounded by the offer's range; cards, from a picker of the game's pack; each with the word that
    introduces it where it has one (`all-in`, `discard`, `pp`), and whether it may be left empty)."""
    rules, given = hand.rules, {**dict(offer.values), **chosen}
    plain, game = _plain(rules), game_of(rules)
    words = [kind.verb, *([name] if kind.subject == "player" else [])]
    button: dict = {"words": words, "fields": [], "said": []}  # said: what its name adds (`blind`)
    offered = kind.offered_params(offer, rules)
    several = sum(param.kind == "money" for param in offered) > 1  # an Ante, a Pair Plus or both (R17.2)

    def field(param, kind_of: str, optional: bool, **more) -> None:
        words.append(f"{{{param.name}}}")
        button["fields"].append({"name": param.name, "kind": kind_of, "label": _label(game, param.name),
                                 "keyword": param.keywords[0] if param.keywords else None, "optional": optional,
                                 **more})

    for param in kind.params:
        own = offer.range_of(param.name)  # an amount's own range, where the move takes several (R17.8)
        if param.name in given:
            words += param.shown(given[param.name], money=plain)
            button["said"] += param.shown(given[param.name], money=rules.money)
        elif param not in offered:
            continue
        elif param.kind == "players" and kind.subject == "table" and name:
            words.append(name)
        elif param.kind == "players" and kind.subject == "table":  # a pot split among any of them (R6.5)
            field(param, "players", False, options=list(offer.names))
        elif param.kind == "money" and own is None and param.name in dict(offer.ranges):
            continue  # none of it fits now (R17.8): no field for it
        elif param.kind == "money" and own is not None and (several or not any(f["kind"] == "amount"
                                                                                for f in button["fields"])):
            button["said"] += [] if several else param.keywords[:1]  # Hoyle's `call all-in`, beside its call
            field(param, "amount", several and not param.required, **_bounds(own, plain))
        elif param.kind == "cards":
            whole = param.held and param.required and not param.single  # a player's whole hand: a show's
            field(param, "cards", not param.required, **picker(hand, name, 1 if param.single else
                                                             rules.cards if whole else None, whole))
    return button


def _bounds(allowed, plain: Callable[[int], str]) -> dict:
    """An amount field's bounds (`Range`): its least and most as a field takes them (the most None where there is
    none), and its step, one unit."""
    return {"min": plain(allowed.min), "step": plain(1), "max": None if allowed.max is None else plain(allowed.max)}


def picker(hand: Hand, player: str | None, count: int | None, whole: bool = False) -> dict:
    """The cards of the game's pack under the hand's rules (36 for Svara, jokers where the rules have them), each
    as written (`Kh`, `10s`, `X1`) with how it was seen in the deal, where it was (R8.9); for `player`'s `whole`
    hand (a show's cards), those of theirs seen already, picked in advance (`picked`): the one hand they hold, seen
    at a side show (R8.10), or known to be theirs (a face-up card, R15.4), which are held and fixed: `fixed`, each
    with where it was seen, and `note`, saying so in words (a tap never takes them out)."""
    from bragref.engine.cards import MAX_JOKERS, NATURALS, card_text

    game = game_of(hand.rules)
    seen = game.cards_seen(hand, player)
    held = held_by(hand, player) if whole and player is not None else None
    known = game.cards_known(hand, player) if whole and held is None else ()
    found = {"count": count, "pack": [[card_text(card), seen.get(card)] for card in range(NATURALS + MAX_JOKERS)
                                      if game.in_pack(hand.rules, card)],
             "picked": [card_text(c) for c in (held.cards if held is not None else known)]}
    if known:  # theirs for certain (a face-up card): held in the show and fixed, said so (R8.10)
        where = game.cards_seen(hand)
        found["fixed"] = {card_text(c): where.get(c, f"known to be {player}'s") for c in known}
        found["note"] = (f"Held: {', '.join(f'{card}, {why}' for card, why in found['fixed'].items())}. A player "
                         f"holds one hand, so {'it is' if len(known) == 1 else 'they are'} in their show and cannot "
                         f"be taken out (R8.10).")
    return found


def _plain(rules: Rules) -> Callable[[int], str]:
    """Amounts as a field takes them: the session's money without its currency (`1.50`)."""
    return lambda units: Rules(unit=rules.unit).money(units)


def unwon(hand: Hand | None) -> str:
    """What a close leaves of a pot the last hand carried forward (R6.2, three-stake's thirty-one R15.5, a match's
    kitty R14.4): unwon, the table's to share out as it agrees, said before the close is recorded; nothing where none
    is carried."""
    result = hand.result if hand is not None and hand.phase == "over" else None
    if not (result and result.carried):
        return ""
    carried = game_of(hand.rules).carried(hand.rules)
    return (f"the {carried.name} of {hand.rules.money(result.carried)} stays unwon, for the table to share out as it "
            f"agrees ({carried.rule}); ")


def forms(session, hand: Hand | None, table_money: dict[str, int] | None = None, misdeal: int | None = None,
          dealer: str | None = None) -> list[dict]:
    """The table's other answers as the referee's page offers them, each a form: its verb, when it is taken
    (`between` hands, or at `any` time), and its fields in the order the answer's words take them (`field`); an
    irreversible one (`close`, a cash-out) with what it will do, said before it is recorded (`confirm`). Between
    hands: the deal with the game's own deal choices (its dealer, or banker where the dealer banks, at the first deal
    alone: then the deal passes on, R2.2; face-up cards, boil-in: `Game.deal_wants`, `deal_may`), seating, table money at table stakes (R1.3), the rules (R9.3), a
    settle-up (`paid`) and the close (R9.1); at any time, loans (R7.5) and undo (R9.1). `table_money`: what each has
    on the table between hands, at table stakes. `misdeal`: the number of the hand whose deal an undo would void,
    nothing else live in it since: the undo then says so and asks to be confirmed, as every irreversible tap does
    (R9.1). `dealer`: who deals next, where it is known before the deal (R2.2): the order a deal's cards of one for
    each player are given in starts on their left (`deal_field`)."""
    rules, seats = session.rules, list(session.seats)
    game = game_of(rules)

    def form(verb, *fields, when="between", confirm=None, button=None):  # button: its record button's name, where
        # the form's own (`rules`) does not say what the tap does
        return {"verb": verb, "when": when, "fields": list(fields), "confirm": confirm,
                **({"button": button} if button else {})}

    between = hand is None or hand.phase == "over"
    wants = game.deal_wants(rules)
    dealt = [*wants, *(p for p in game.deal_may(rules, hand) if p not in wants)]
    money = table_money or {}
    close = ", ".join(f"{name} {rules.money(money[name])}" for name in seats if money.get(name))
    first = [field("banker" if game.banked else "dealer", seats, optional=True)] if hand is None else []  # R2.2
    free = set(getattr(hand, "svara", ()) or ())  # the tied players of a svara, dealt in free: none of them boils in
    found = [form("deal", *first, *(deal_field(p, rules, [s for s in seats if s not in free] if p.kind == "players"
                                               else seats, p not in wants, dealer, first[0]["name"] if first else None)
                                  for p in dealt)),
             form("join", field("name", kind="text"), field("after", seats, optional=True, keyword="after")),
             form("leave", field("name", seats)),
             *(form(kind, field("name", seats), field("amount", kind="amount", optional=kind == "cash-out"),
                    confirm={name: f"cash out {name}: {rules.money(has)} off the table (R1.3)"
                             for name, has in money.items()} if kind == "cash-out" else None)
               for kind in ("buy-in", "top-up", "cash-out") if rules.stakes == "table"),
             form("rules", field("option", rule_options(rules)),
                  field("value", kind="value", by="option", choices=rule_values(rules), now=rule_now(rules)),
                  button="change rule"),
             form("paid", field("payer", seats), field("payee", seats), field("amount", kind="amount"),
                  field("note", kind="text", optional=True, keyword="--note")),
             form("close", confirm=f"close {session.name}: {f'cash out {close} (R1.3), then ' if close else ''}"
                                   f"{unwon(hand)}nothing more is recorded in it (R9.1)")] if between else []
    return [*found,
            form("lend", field("lender", seats), field("borrower", seats), field("amount", kind="amount"), when="any"),
            form("repay", field("borrower", seats), field("lender", seats), field("amount", kind="amount"),
                 when="any"),
            form("undo", field("reason", kind="text", optional=True), when="any",
                 confirm=f"undo the deal of hand {misdeal}: a misdeal (R9.1), {put_back(hand)} and {hand.dealer} "
                         f"deals again" if misdeal is not None and hand is not None else None)]


def put_back(hand: Hand) -> str:
    """What a misdeal gives back (R9.1): the antes where the deal took them, else what else it took (a Svara deal's
    boil-in, R16.7; a match's entry, R14.4), else that it took nothing; a pot carried in stays carried."""
    game, money = game_of(hand.rules), hand.rules.money
    put = hand.pot - hand.carried_in
    if not put:
        return "nothing was put in at it"
    antes = game.ante_of(hand) * len(hand.players)
    if antes == put:
        return f"the antes ({money(put)}) go back"  # in every game's words (Teen Patti's boot, R13.1, is its ante)
    return f"the {money(put)} put in at it goes back"


def field(name: str, options: list | None = None, kind: str = "player", optional: bool = False,
          keyword: str | None = None, **more) -> dict:
    """One field of a form: its name, kind (`player`, one of `options`, none chosen in advance; `players`, any of
    them; `choice`, one of `options`, each a value or a [value, label] pair; `value`, one of `choices[the field
    by]`, or typed where that option has none; `cards`, from a picker; `amount`; `text`), whether it may be left out,
    and the word that introduces it (`after`, `up`)."""
    if options is not None and kind == "player" and options and isinstance(options[0], list):
        kind = "choice"
    return {"name": name, "kind": kind, "optional": optional, "keyword": keyword, "options": options, **more}


def deal_field(param, rules: Rules, seats: list[str], optional: bool, dealer: str | None = None,
               chosen: str | None = None) -> dict:
    """A deal's own parameter as a form's field: players from the seats (a svara deal's boil-in, R16.7), cards from
    the game's pack (three-stake's face-up cards, R15.1; the joker turned up, R13.7), as many as the deal is given.
    Cards of one for each player (`Param.each`) say so: as many as the seats (`count`), and whose each one is for
    each dealer (`orders`, in turn from the eldest), the dealer being `dealer` (`due`; the first seat where the
    dealer is chosen at the deal, by the form's field named `chosen`, `by`), with the declaration's words (`help`)."""
    if param.kind == "players":
        return field(param.name, seats, "players", optional, param.name)
    if param.kind == "cards":
        more: dict = {}
        if param.each and seats:
            more = {"help": on_page(param.help.replace(f"({game_of(rules).name}, ", "(")),
                    "orders": {name: seats[at + 1:] + seats[:at + 1] for at, name in enumerate(seats)},
                    "due": dealer if dealer in seats else seats[0], **({"by": chosen} if chosen else {})}
        return field(param.name, kind="cards", optional=optional, keyword=param.name, **more,
                     cards={"count": len(seats) if param.each else None,
                            "pack": [[card, None] for card in pack_of(rules)]})
    return field(param.name, kind="text", optional=optional, keyword=param.name)


def pack_of(rules: Rules) -> list[str]:
    """The game's pack under `rules`, each card as written (`Kh`, `10s`, `X1`): 36 for Svara, jokers where the rules
    have them."""
    from bragref.engine.cards import MAX_JOKERS, NATURALS, card_text

    game = game_of(rules)
    return [card_text(card) for card in range(NATURALS + MAX_JOKERS) if game.in_pack(rules, card)]


def rule_options(rules: Rules) -> list[list[str]]:
    """The house rules `rules set` may change between hands under `rules` (R9.3), each [its name, its words]."""
    return [["game", "Game (R10)"], *([o.key, on_page(f"{rule_title(o.key)}: {o.help[:1].lower()}{o.help[1:]} ({o.rule})")]
                                        for o in (*TABLE_OPTIONS, *game_of(rules).options) if o.kind != "time")]


def rule_values(rules: Rules) -> dict[str, list | None]:
    """For each house rule `rule_options` names, the values it may take where they are a list (the games, a choice,
    on or off), else None: an amount or a number, typed."""
    from bragref.games import GAMES

    values: dict[str, list | None] = {"game": [[game.name, game.title] for game in GAMES.values()]}
    for option in (*TABLE_OPTIONS, *game_of(rules).options):
        listed = [["on", "on"], ["off", "off"]] if option.kind == "bool" else \
            [[str(c), value_words(c)] for c in option.choices] if option.kind in ("choice", "count") and option.choices \
            else None
        values[option.key] = listed
    return values


def rule_now(rules: Rules) -> dict[str, str]:
    """Each house rule whose values are a list (`rule_values`), as the list writes the value in force: what the
    page's list shows chosen until another is."""
    now = {"game": rules.game}
    for option in (*TABLE_OPTIONS, *game_of(rules).options):
        value = option.of(rules)
        if option.kind == "bool":
            now[option.key] = "on" if value else "off"
        elif option.kind in ("choice", "count") and option.choices:
            now[option.key] = str(value)
    return now


UNITS = [["1", "1: whole units, or chips"], ["0.01", "0.01: pence or cents"], ["0.05", "0.05"], ["0.10", "0.10"],
         ["0.25", "0.25"], ["0.50", "0.50"]]
CURRENCIES = [["£", "£"], ["$", "$"], ["€", "€"]]  # or none: the field may be left empty


def session_form() -> dict:
    """`session new` as the referee's page offers it where no session is open: its name, the players (typed, in seat
    order), the game, the ante, the money (unit and currency, R1.1), the stakes (R1.3) and how a player short of money
    stays in (R7.1: the table option's declaration, its values and words, its default first)."""
    from bragref.engine.rules import STAKES
    from bragref.games import GAMES

    short = next(option for option in TABLE_OPTIONS if option.name == "short_money")

    return {"verb": "session new", "when": "between", "confirm": None, "fields": [
        field("name", kind="text"),
        field("players", kind="text", keyword="players", hint="in seat order: Ann, Bob, Cat"),
        field("game", [[game.name, game.title] for game in GAMES.values()], keyword="game"),
        field("ante", kind="amount", optional=True, keyword="ante",
              hint="an amount in the money below (0.20, not 20 units of 0.01)"),  # an amount, not a count of units (R1.1)
        field("unit", UNITS, keyword="unit"),
        field("currency", CURRENCIES, optional=True, keyword="currency"),
        field("stakes", [[s, s] for s in STAKES], keyword="stakes"),
        field(short.key, [[str(c), value_words(c)] for c in short.choices], keyword=short.key,
              help=f"{short.help} ({short.rule})")]}


HINT = r" \((?:`[^`]*`(?:, )?)+\)"  # ` (`show PLAYER CARDS`)`: how the command line says it
SPAN = r"`([^`]*)`"
WITNESSED = r"(?:bragref )?audit --digest \S+"
OPTIONED = r" ?\([^()`]*(?:--\w|\b(?:PLAYER|CARDS?|AMOUNT|NAME)\b)[^()]*\)"
KEPT = re.compile(r"Ledger digest (\S+) \(`bragref audit --digest \1` checks nothing before it has changed\)\.")
PLACEHOLDER = r"(?<![\w£$€])(?:[A-Z]{2,}|[A-Z](?:,[A-Z])+)(?:…)?(?![\w])"  # PLAYER, CARDS…, A,B,C
BARE = r"\b(PLAYER|CARDS?|AMOUNT|NAME)\b…?"  # one left in a sentence: `show wants CARDS`
NAMED = {"PLAYER": "a player", "CARDS": "the cards", "CARD": "a card", "AMOUNT": "an amount", "NAME": "a name"}
EITHER = r"(?<=\w)\|(?=\w)"  # `old|new`


@cache
def _page_patterns() -> tuple[re.Pattern, ...]:
    """`on_page`'s patterns (`HINT`, `SPAN`, `WITNESSED`, `OPTIONED`, `PLACEHOLDER`, `BARE`, `EITHER`), compiled
    the first time a page's message is said: a command that says none (a report, a move typed) compiles none."""
    return tuple(map(re.compile, (HINT, SPAN, WITNESSED, OPTIONED, PLACEHOLDER, BARE, EITHER)))


def on_page(text: str) -> str:
    """A message as a page shows it: words, not commands. A command's words in brackets (` (`show PLAYER CARDS`)`)
    are left out, the ledger's digest is said with what keeping it is for, and any other command is said as its words
    alone: no backticks, no `bragref`, no `--` before an option, no PLAYER or CARDS to fill in (in a sentence, what
    they stand for: `show wants the cards`), `old or new` for `old|new`; a minus sign kept with its amount."""
    hint, span_, witnessed, optioned, placeholder, bare_, either = _page_patterns()

    def words(span: re.Match) -> str:
        said = witnessed.sub("an audit with it", span[1]).removeprefix("bragref ")
        said = placeholder.sub("", said.replace("--", ""))
        return " ".join(said.split())

    text = KEPT.sub(r"Ledger digest \1: keep it (a photo will do): an audit with it shows later that nothing recorded "
                    r"before it has changed.", text)
    text = optioned.sub("", span_.sub(words, hint.sub("", text)))  # how a command takes it, in brackets: left out
    text = either.sub(" or ", bare_.sub(lambda bare: NAMED[bare[1]], text))
    return unbroken(" ".join(text.replace("--", "").split(" ")).replace(" ,", ","))


def pot_line(hand: Hand) -> str:
    """The pot in play as a room reads it: the pot, the stake while it means anything and a move on offer puts money
    in (`betting`: not in three-stake's thirty-one, R15.4, nor at a see or showdown), what was carried in, and how
    much of the pot each cover took (`£12 of it covered by Dan`, R7.2), never as a pot of its own; nothing once the
    hand is over (its outcome says where the pot went)."""
    if hand.phase == "over" or not paid_in(hand):
        return ""
    money = hand.rules.money
    parts = [f"Pot {money(hand.pot)}"]
    now = legal(hand)
    if hand.stake and staked(hand, now) and betting(now):
        parts.append(f"stake {money(hand.stake)}")
    if hand.carried_in:
        parts.append(f"carried in {money(hand.carried_in)}")
    if hand.covered:
        parts.append("of it " + ", ".join(f"{money(c.amount)} covered by {c.covered_by}" for c in hand.covered)
                     + " (R7.2)")
    return " · ".join(parts)


def whose_turn(number: int, hand: Hand, next_game: str | None = None) -> str:
    """Whose turn it is, in a few words a room can read (`Bill to act`, `Ann and Bob to show`, `Hand 6 over`; with
    `next_game`, the title of the game the next deal plays where it is another's: `Hand 6 over: next, Svara`)."""
    if hand.phase == "over":
        return f"Hand {number} over" + (f": next, {next_game}" if next_game else "")
    now = legal(hand)
    return f"{now.player} to act" if now.player else f"{listed(now.names('show')) or 'The table'} to show"


def listed(names) -> str:
    """`Dan, Ann and Cat`: names as a sentence lists them."""
    names = list(names)
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


DASHES = ("", "6 3", "2 3", "8 3 2 3", "12 4", "1 4", "6 2 2 2 2 2", "10 2 4 2")
CHARACTER = 7.5  # the width of a character of the season chart's 13-pixel labels, at most, in its units


def night_labels(nights: list[str], x: Callable[[int], float]) -> list[tuple[int, str]]:
    """Which nights the season chart names under its axis, and how each is anchored: the first from its start and the
    last from its end (never cut at the picture's edges), the others centred, and any that would run into one
    already named left out (the last is always named)."""
    def span(i: int, anchor: str) -> tuple[float, float]:
        wide = CHARACTER * len(nights[i])
        start = {"start": x(i), "end": x(i) - wide, "middle": x(i) - wide / 2}[anchor]
        return start, start + wide

    anchors = ["start" if i == 0 else "end" if i == len(nights) - 1 else "middle" for i in range(len(nights))]
    named: list[tuple[int, str]] = []
    for i, anchor in enumerate(anchors):
        if named and span(i, anchor)[0] < span(*named[-1])[1] + CHARACTER:
            if i != len(nights) - 1:
                continue
            named.pop()  # the last night is named, instead of the one before it
            while named and span(i, anchor)[0] < span(*named[-1])[1] + CHARACTER:
                named.pop()
        named.append((i, anchor))
    return named


def season_svg(chart: dict, money) -> str:
    """The season's chart (`ledger.season.progress`) as a standalone SVG file: a line per player, each with its own
    dash pattern and its name and result at its end (colour is never the only signal), a zero line, the nights named
    below; no script and no font from outside. One night alone (a line of one point draws nothing) is drawn in the
    middle, a mark for each player where their result stands, in their line's colour."""
    from xml.sax.saxutils import escape

    nights, players = chart["nights"], list(chart["players"].items())
    width, height, left, right, top, bottom = 720, 360, 10, 190, 16, 40
    values = [v for _, series in players for v in series] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1

    def x(i: int) -> float:
        return left + (i * (width - left - right) / (len(nights) - 1) if len(nights) > 1 else (width - left - right) / 2)

    def y(v: int) -> float:
        return top + (high - v) * (height - top - bottom) / span

    parts = [f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#888"/>']
    ends = []
    for index, (name, series) in enumerate(players):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        dash = f' stroke-dasharray="{DASHES[index % len(DASHES)]}"' if DASHES[index % len(DASHES)] else ""
        colour = f"hsl({(index * 47) % 360} 70% 40%)"
        parts.append(f'<polyline class="player" data-player="{escape(name, {chr(34): "&quot;"})}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.5"{dash} points="{points}"/>')
        if len(series) == 1:
            parts.append(f'<circle class="player" data-player="{escape(name, {chr(34): "&quot;"})}" cx="{x(0):.1f}" '
                         f'cy="{y(series[0]):.1f}" r="6" fill="{colour}"/>')
        ends.append((y(series[-1]) if series else y(0), name, series[-1] if series else 0))
    placed_at = None
    for at, name, last in sorted(ends):
        placed_at = at if placed_at is None or at - placed_at >= 15 else placed_at + 15
        parts.append(f'<text x="{width - right + 6}" y="{placed_at + 5:.1f}">{escape(name)} {escape(money(last))}'
                     f'</text>')
    for i, anchor in night_labels(nights, x):
        parts.append(f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="{anchor}">{escape(nights[i])}'
                     f'</text>')
    tall = max(height, (placed_at or 0) + 20)
    title = "The season: each player's cumulative result night by night"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {tall}" width="{width}" height="{tall}" '
            f'role="img" aria-label="{title}" font-family="sans-serif" font-size="13">\n<title>{title}</title>\n'
            + "\n".join(parts) + "\n</svg>\n")


def replica_words(replica: str, state: str, missing: int | None, age_s: float | None, why: str = "",
                  pending_s: float | None = None, attached: bool | None = None) -> str:
    """How a ledger's replica stands (`replica status`, the referee's page at its start), in a line: `state` one of
    current, behind, diverged, unreachable; `missing` the rows it lacks; `age_s` the age of its newest row. Where it
    is behind by a row recorded `pending_s` seconds ago, `LAGGING_S` or more, it is said not to be replicating, and
    why as far as can be told: a Litestream `attached` to the ledger that sends nothing, or none running."""
    from bragref.engine.errors import printable

    named = printable(replica)
    newest = " (it holds no rows yet)" if age_s is None else f" (the newest it holds recorded {ago(age_s)})"
    if state == "current":
        return f"{named}: current: it holds every row of this ledger{newest}"
    if state == "behind" and pending_s is not None and pending_s >= LAGGING_S:
        return (f"{named}: behind: {missing} row{'s' * (missing != 1)} missing{newest}; not replicating: "
                + (f"Litestream is running on this ledger but has sent nothing recorded here in the last "
                   f"{ago(pending_s).removesuffix(' ago')}: its store cannot be reached, or it is stuck: restart it "
                   f"(docs/club.md)" if attached else
                   "no Litestream is running on this ledger: start it (`litestream replicate -config "
                   "litestream.yml`)"))
    if state == "behind":
        return f"{named}: behind: {missing} row{'s' * (missing != 1)} missing{newest}"
    if state == "diverged":
        return (f"{named}: diverged: it holds a history that is not this ledger's: {printable(why)}. Record nothing "
                f"here until you know which copy is the night's (docs/club.md)")
    return f"{named}: unreachable: {printable(why)}"


def ago(seconds: float) -> str:
    """A time gone by, as a person says it: `2 s ago`, `3 min ago`, `2 h ago`."""
    if seconds < 120:
        return f"{seconds:.0f} s ago"
    if seconds < 7200:
        return f"{seconds // 60:.0f} min ago"
    return f"{seconds // 3600:.0f} h ago"


NOT_BACKED_UP_S = 60  # seconds a row may wait for the replica before the referee's page warns
LAGGING_S = 10.0  # seconds a row may wait for the replica before it is said not to be replicating (`replica.LAGGING_S`,
# the same: the ledger's module is not loaded by what only says things)


def backup_words(state: str, missing: int | None, age_s: float | None, pending_s: float | None,
                 checked: str, attached: bool | None = None) -> tuple[str, bool]:
    """How the ledger's backup stands, as the referee's page says it (`replica status`'s state, checked at
    `checked`, a time of day), and whether it is a warning: rows not in the replica for a minute (or for `LAGGING_S`
    where whether a Litestream is `attached` to the ledger is known: then not replicating, and why), a replica that
    holds another history, or one that cannot be reached."""
    if state == "current":
        return f"backed up (checked {checked})", False
    waited = pending_s or 0
    if state == "behind" and waited < (NOT_BACKED_UP_S if attached is None else LAGGING_S):
        newest = "" if age_s is None else f" {ago(age_s)}"
        return f"backed up{newest}; {missing} row{'s' * (missing != 1)} on the way (checked {checked})", False
    if state == "behind":
        why = "" if attached is None else "; not replicating: " + (
            "Litestream is running but sends nothing: check its store, or restart it" if attached else
            "no Litestream is running: start it")
        return (f"not backed up for {ago(waited).removesuffix(' ago')}: {missing} row{'s' * (missing != 1)} on "
                f"this laptop only{why} (checked {checked})"), True
    if state == "diverged":
        return f"not backed up: the replica holds another history than this ledger's (checked {checked})", True
    return f"not backed up: the replica cannot be reached (checked {checked})", True
