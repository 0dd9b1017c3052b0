"""Each request is answered once (issue 79.5, docs/reference.md, A page for each seat): two answers to one request sent
at once (a double tap, the referee's page open on two devices) take exactly one, the other is 404, and the seat and
the referee's page show the fate taken. The referee's re-issue of a seat has the doors of every write (issue 79.6):
the Origin check (403) and the size check (413), nothing changed."""

import json
import threading

import pytest
from test_referee import dump, status
from test_seats import Seated, dealt
from test_serve import web

pytestmark = pytest.mark.slow  # a server of its own: CI's whole run, not the quick subset

TRIES = 12


@pytest.fixture(scope="module")
def seated(tmp_path_factory):
    running = Seated(dealt(tmp_path_factory.mktemp("once") / "ledger.db"))
    yield running
    running.stop()


def at_once(seated, request: str, answers: tuple[str, str]) -> list[tuple[str, int, dict]]:
    """The two `answers` to `request` sent together, from two threads let go at the same instant."""
    ready, said = threading.Barrier(2), [None, None]

    def send(index: int) -> None:
        ready.wait()
        answered = web.post(seated.url + "answer", json={"id": request, "answer": answers[index]}, timeout=20)
        said[index] = (answers[index], answered.status_code, answered.json())

    threads = [threading.Thread(target=send, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return said


def bets(db) -> int:
    return sum(line.count("'bet'") for line in dump(db) if line.startswith('INSERT INTO "actions"'))


@pytest.mark.parametrize("answers", [("record", "record"), ("record", "refuse"), ("refuse", "record")],
                         ids=["record-record", "record-refuse", "refuse-record"])
def test_two_answers_at_once_take_exactly_one(seated, answers):
    for _ in range(TRIES):
        before = bets(seated.db)
        asked = seated.ask("Bob", "bet bob 1")
        assert asked.status_code == 202, asked.text
        said = at_once(seated, asked.json()["id"], answers)
        assert sorted(code for _, code, _ in said) == [200, 404], said
        taken = next(answer for answer, code, _ in said if code == 200)
        fate = status(seated.seat("Bob"))["request"]
        assert status(seated.url)["requests"] == []
        if taken == "record":
            assert fate["state"] == "recorded", (said, fate)
            assert bets(seated.db) == before + 1
            undone = seated.post("undo")
            assert undone.status_code == 200, undone.text
        else:
            assert fate["state"] == "refused", (said, fate)
            assert bets(seated.db) == before


def test_a_seat_issued_anew_only_from_the_referees_own_page(seated):
    before = dump(seated.db), status(seated.url)["seats"]
    foreign = web.post(seated.url + "seats", json={"player": "Bob"}, headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403, foreign.text
    big = json.dumps({"player": "Bob" + " " * 5000}).encode()
    assert web.post(seated.url + "seats", content=big).status_code == 413
    chunked = web.post(seated.url + "seats", content=iter([big[:3000], big[3000:]]))  # no length said
    assert chunked.status_code == 413
    assert (dump(seated.db), status(seated.url)["seats"]) == before  # Bob's phone still holds his seat
    own = web.post(seated.url + "seats", json={"player": "Bob"},
                   headers={"Origin": f"http://127.0.0.1:{seated.port}"})
    assert own.status_code == 200 and status(seated.url)["seats"]["Bob"] != before[1]["Bob"]
