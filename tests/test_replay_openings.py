"""A session's hands open alike, and the rules are pure (a hand and an action give the same hand after): each
opening is judged once a process (`replay._opened`), and every replay still gives the hands the rules give."""

from __future__ import annotations

import pytest

from bragref.games import from_preset, play
from bragref.ledger import replay
from bragref.ledger.simulate import simulate
from bragref.ledger.store import Ledger


@pytest.fixture
def session_ledger():
    ledger = Ledger(":memory:")
    session = simulate(ledger, "s", from_preset("pagat"), ["Ann", "Bob", "Cy", "Di"], 80, 3)
    replay._OPENINGS.clear()
    replay._OPENINGS[0] = 0
    yield ledger, session
    ledger.close()


def counted(monkeypatch) -> list:
    steps, step = [], play._step
    monkeypatch.setattr(play, "_step", lambda *args: steps.append(1) or step(*args))
    return steps


def plain(row, actions) -> list:
    """Each hand after each action, every action judged (`play.replay`), as the replay gave them before."""
    hand, hands = replay.dealt(row), []
    for action in actions:
        hand = play.replay(hand, [action])
        hands.append(hand)
    return hands


def test_history_judges_each_opening_once(session_ledger, monkeypatch):
    ledger, session = session_ledger
    steps = counted(monkeypatch)
    told = [(row, list(replayed)) for row, replayed in ledger.replays(session)]
    actions = sum(len(hand_steps) for _, hand_steps in told)
    assert 0 < len(steps) < actions  # openings met before were not judged again
    monkeypatch.undo()
    for row, hand_steps in told:
        assert [step.after for step in hand_steps] == plain(row, [step.action for step in hand_steps])
        assert all(step.before == (hand_steps[i - 1].after if i else replay.dealt(row))
                   for i, step in enumerate(hand_steps))


def test_an_audits_replay_judges_each_opening_once(session_ledger, monkeypatch):
    ledger, session = session_ledger
    hands = ledger.conn.execute("SELECT * FROM hands WHERE session_id = ? ORDER BY number", (session.id,)).fetchall()
    rows = {row["id"]: ledger.all_actions(row["id"]) for row in hands}
    steps = counted(monkeypatch)
    finals = [replay.final(row, rows[row["id"]], []) for row in hands]
    assert 0 < len(steps) < sum(map(len, rows.values()))
    monkeypatch.undo()
    for row, hand in zip(hands, finals, strict=True):
        expected = plain(row, [replay.action_of(r, hand.rules) for r in rows[row["id"]]])
        assert hand == (expected[-1] if expected else replay.dealt(row))


def test_a_refused_opening_is_refused_every_time(session_ledger):
    """An action the rules refuse is never remembered: the same hand refuses it again, naming the row."""
    ledger, session = session_ledger
    row = ledger.conn.execute("SELECT * FROM hands WHERE session_id = ? AND number = 1", (session.id,)).fetchone()
    bad = dict(ledger.all_actions(row["id"])[0])
    bad["player"], bad["args"] = "Nobody", '{"amount": 2, "blind": false}'
    bad["verb"] = "bet"
    for _ in range(2):
        with pytest.raises(replay.Unreplayable, match="its action 1"):
            list(replay.replayed(row, [bad], []))
