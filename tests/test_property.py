"""Random legal games through the ledger conserve money exactly (R1.2)."""

import random
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragref.engine.errors import Refused
from bragref.games.randomplay import random_action
from bragref.ledger.audit import audit
from bragref.ledger.simulate import between_hands, maybe_lend
from bragref.engine.rules import Rules
from bragref.ledger.store import Ledger

rules_strategy = st.builds(
    Rules,
    ante=st.integers(0, 3),
    min_bet=st.none() | st.integers(1, 4),
    raise_limit=st.none() | st.integers(1, 10),
    pot_limit=st.booleans(),
    blind=st.booleans(),
    see_cost=st.sampled_from(["double", "equal"]),
    retained_blind=st.sampled_from(["keep", "faceup"]),
    short_money=st.sampled_from(["cover", "borrow", "both"]),
    stakes=st.sampled_from(["pocket", "table"]),
    cards=st.sampled_from([3, 4, 5]),
    wild=st.sampled_from(["none", "deuces", "jokers:2", "one-eyed-jacks", "2h,Kd"]),
    threes_high=st.booleans(),
    a23=st.sampled_from(["high", "low"]),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, players=st.integers(2, 6), hands=st.integers(1, 12), seed=st.integers(0, 2**32))
def test_random_games_conserve_money(tmp_path_factory, rules, players, hands, seed):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("prop") / "ledger.db"
    ledger = Ledger(path)
    names = [f"P{i}" for i in range(players)]
    ledger.create_session("s", rules, names)

    for _ in range(hands):
        between_hands(ledger, ledger.session(None), rng)  # loans, top-ups and cash-outs as the rules allow
        _, current, _ = ledger.deal(None)
        steps = 0
        while current.hand.phase != "over":
            steps += 1
            if rng.random() < 0.05 and current.last is not None:
                try:
                    _, current, _ = ledger.undo(None, "property test")
                    continue
                except Refused:  # a loan came after the last action: it stands (R9.1)
                    pass
            maybe_lend(ledger, ledger.session(None), rng, 0.03)  # mid-hand too: onto the table money at table stakes (R7.5)
            patience = 0.15 if steps < 60 else 0.9
            _, current, _ = ledger.act(None, lambda hand: random_action(hand, rng, patience))
        result, hand = current.hand.result, current.hand
        if rules.stakes == "table":  # nobody ever put in more than they had on the table (R1.3)
            assert all(p.purse >= 0 for p in hand.players)
            assert all(money >= 0 for money in ledger.table_money(ledger.session(None)).values())
        assert sum(a for _, a in result.winnings) + result.carried == hand.pot  # every pot paid or carried
        assert hand.pot == hand.carried_in + sum(p.paid for p in hand.players)
        assert sum(pot.amount for pot in result.pots) + result.carried == hand.pot  # no pot left unpaid (R7.3)
        assert [pot.covered_by for pot in result.pots[1:]] == [c.covered_by for c in reversed(hand.covered)]
        keys = {s.player: s.judged.key for s in hand.shown}
        for pot in result.pots:
            if pot.decided_by == "cards":  # every winner holds the best hand shown (R8)
                winners = {name for name, _ in pot.winnings}
                assert len({keys[w] for w in winners}) == 1
                if pot.challenger:  # the seer or coverer wins only with a strictly better hand (R5.4, R7.3)
                    best = max(keys[h] for h in pot.holders)
                    assert (winners == {pot.challenger}) == (keys[pot.challenger] > best)
    balances = ledger.balances([ledger.session(None)])
    assert sum(r["net"] for r in balances) + ledger.carried([ledger.session(None)]) == 0  # loans included (R7.5)
    assert sum(r["loans"] for r in balances) == 0
    assert audit(ledger.conn, [ledger.session(None).id]) == []  # the audit finds nothing in what bragref wrote
    ledger.close()
    with sqlite3.connect(path) as conn:
        per_hand = conn.execute("SELECT hand_id, SUM(amount) FROM postings GROUP BY hand_id").fetchall()
        assert all(total == 0 for _, total in per_hand)
        nets = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM postings WHERE player IS NOT NULL").fetchone()[0]
        carried = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM postings WHERE player IS NULL").fetchone()[0]
        assert nets + carried == 0  # R1.2: the players' nets plus carried pots sum to zero
        assert carried == (result.carried if result.how in ("carried", "faceup") else 0)
