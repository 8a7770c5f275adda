"""Issue 14, item 3 in rooms: after a hand the coach's jobs go to the bot workers (one job per play that was a
choice, carrying the view its player had then), the next hand never waits for them, and each person's moments are
shown to that person alone — on the hand-end screen and in the hand's review."""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest

import engine
from engine import coach
from tests.conftest import TEST_CONFIG
from webapp import create_app
from webapp.runtime.coach import Coach
from webapp.runtime.decisions import COACH, Decision, DecisionJob, decide, view_from_json, view_to_json

from .conftest import match_of, play_until, rooms_of
from .test_hands import room_of_four

WAIT = 30  # seconds the coach's thread may take to hand in its jobs (a bound for a busy machine)


class HeldDecider:
    """Takes the coach's jobs and answers none until the test releases them; then each as ``answer`` says."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.jobs: list[tuple[DecisionJob, Future]] = []
        self.released = False
        self.changed = threading.Condition()

    def submit(self, job: DecisionJob) -> Future:
        future: Future = Future()
        with self.changed:
            self.jobs.append((job, future))
            self.changed.notify_all()
            if self.released:
                future.set_result(self.answer(job))
        return future

    def wait_for(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.jobs) >= count, timeout=WAIT), len(self.jobs)

    def release(self) -> None:
        with self.changed:
            self.released = True
            for job, future in self.jobs:
                if not future.done():
                    future.set_result(self.answer(job))


def seat_of(job: DecisionJob) -> int:
    return int(job.id.split(":")[3])


def seat_1_was_clearly_worse(job: DecisionJob) -> Decision:
    """Seat 1's plays were each clearly worse than another (the later the trick, the costlier); the rest fine."""
    if seat_of(job) != 1:
        return Decision(job.id, None)
    played = tuple(engine.parse_cards(job.play))
    return Decision(job.id, None, moment=coach.Moment(job.trick, played, (), 0.5 + job.trick / 100, 0.4, 20.0,
                                                      8).to_dict())


@pytest.fixture
def app(tmp_path):
    return create_app({**TEST_CONFIG, "COACH": 1, "DATABASE_URL": f"sqlite:///{tmp_path / 'coach.sqlite3'}"})


def test_the_coach_judges_each_play_from_its_players_view_and_the_next_hand_does_not_wait(app):
    tables = rooms_of(app)
    held, announced = HeldDecider(seat_1_was_clearly_worse), threading.Event()

    def announce(code: str) -> None:
        tables.announce(code)
        announced.set()

    tables.after_hand.coach = Coach(held, tables.records.keep_moments, announce)
    code, clients = room_of_four(app)
    play_until(app, code, dict(enumerate(clients)), lambda match: match.hand_over)
    hand = match_of(app, code).hand
    held.wait_for(1)
    for client in clients:  # the next hand starts with the coach's first job still unanswered
        client.post(f"/r/{code}/next", data={"hand": hand.hand_number})
    assert match_of(app, code).hand_number == hand.hand_number + 1 and not announced.is_set()
    assert len(held.jobs) == 1  # one job out at a time: the coach never holds more than one bot worker

    held.release()
    assert announced.wait(WAIT)
    expected = {seat: coach.decisions(hand, seat) for seat in range(4)}
    assert len(held.jobs) == sum(len(found) for found in expected.values())
    for job, _ in held.jobs:
        assert job.kind == COACH
        decision = next(d for d in expected[seat_of(job)] if d.trick == job.trick)
        assert view_from_json(job.view) == decision.view  # the player's view then, nothing more
        assert job.play == engine.format_cards(decision.played)
    mine = clients[1].get(f"/r/{code}/hands/{hand.hand_number}").get_data(as_text=True)
    assert mine.count('class="coach-moment"') == min(coach.MOMENTS, len(expected[1]))
    for other in (clients[0], clients[2], app.test_client()):
        assert 'class="coach-moment"' not in other.get(f"/r/{code}/hands/{hand.hand_number}").get_data(as_text=True)


def test_the_hand_end_screen_shows_a_seats_own_moments_once_they_are_in(app):
    tables = rooms_of(app)
    tables.after_hand.coach = None  # nothing judged: the moments are written as a worker would
    code, clients = room_of_four(app)
    play_until(app, code, dict(enumerate(clients)), lambda match: match.hand_over)
    number = match_of(app, code).hand_number
    moment = coach.Moment(3, tuple(engine.parse_cards("3C")), tuple(engine.parse_cards("AC")), 0.6, 0.5, 25.0, 8)
    tables.records.keep_moments(code, number, 2, [moment.to_dict()])
    tables.announce(code)
    assert 'id="coach"' in clients[2].get(f"/r/{code}").get_data(as_text=True)
    assert all('id="coach"' not in clients[s].get(f"/r/{code}").get_data(as_text=True) for s in (0, 1, 3))


def test_a_coach_job_that_waited_past_its_deadline_is_answered_at_once_with_no_moment():
    view = engine.Match(engine.Rules.preset("classic"), seed=4).view(0)
    job = DecisionJob("c", view_to_json(view), "normal", 1, deadline=0.0, kind=COACH, play="3C", trick=1)
    assert decide(job).moment is None
