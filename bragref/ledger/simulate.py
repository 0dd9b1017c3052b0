"""Random legal games recorded into a ledger: for trying the tool, property tests and large benchmark ledgers.

Every action comes from `games.randomplay`, which picks among what `legal` offers,
so the games use whatever the rules allow: blind play, sees, showdowns, covers, retained
hands. Between hands it lends as `short-money` allows (R7.5) and, at table stakes, tops
up whoever could not ante (R1.3). The whole session is recorded in one transaction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bragref.games import game_of
from bragref.games.randomplay import random_action, random_dealt
from bragref.engine.rules import BORROWING, Rules
from bragref.engine.state import Hand
from bragref.games.verbs import Verb
from bragref.ledger.seats import Session
from bragref.ledger.store import Ledger

PATIENT_STEPS = 60  # after this many actions in a hand, players fold far more often, so every hand ends


def chooser(rng: random.Random) -> Callable[[Hand], Verb]:
    """Random legal actions for one hand, growing impatient if it runs long."""
    steps = 0

    def choose(hand: Hand) -> Verb:
        nonlocal steps
        steps += 1
        return random_action(hand, rng, 0.15 if steps < PATIENT_STEPS else 0.9)

    return choose


def maybe_lend(ledger: Ledger, session: Session, rng: random.Random, chance: float) -> None:
    """With this chance, a loan between players or from a bystander, if the rules allow (R7.5): at any moment."""
    if session.rules.short_money not in BORROWING or rng.random() >= chance:
        return
    amount = rng.randint(1, 9)
    if rng.random() < 0.2:
        ledger.lend(session.name, "Bystander", rng.choice(session.seats), amount, bystander=True)
    else:
        lender, borrower = rng.sample(session.seats, 2)
        ledger.lend(session.name, lender, borrower, amount, bystander=False)


def between_hands(ledger: Ledger, session: Session, rng: random.Random) -> None:
    """A loan now and then; at table stakes a top-up for whoever could not ante, and the odd top-up or cash-out (R1.3)."""
    maybe_lend(ledger, session, rng, 0.3)
    rules = session.rules
    if rules.stakes != "table":
        return
    keep = game_of(rules).deal_cost(rules) + rules.first_bet_min  # to ante (or pay a match's entry), then bet
    for name, money in ledger.table_money(session).items():
        if money <= keep or rng.random() < 0.1:
            ledger.purse(session.name, "top-up", name, rng.randint(10, 40) + keep)
        elif rng.random() < 0.05:
            ledger.purse(session.name, "cash-out", name, rng.randint(1, money - keep))


def simulate(ledger: Ledger, name: str, rules: Rules, players: list[str], hands: int, seed: int,
             progress: Callable[[int], None] | None = None) -> Session:
    rng = random.Random(seed)
    with ledger.write():  # all of it or nothing: a kill or a full disk leaves no half session behind
        session = ledger.create_session(name, rules, players)
        for done in range(hands):
            between_hands(ledger, session, rng)
            ledger.record_hand(session.name, chooser(rng), dealt=random_dealt(session.rules, rng, session.seats))
            if progress:
                progress(done + 1)
    return ledger.session(session.name)
