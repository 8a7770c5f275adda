"""The embedded default's bot workers: child processes deciding from views sent to them, restarted when killed."""

from __future__ import annotations

import os
import random
import signal

import pytest

import engine
from webapp.runtime.decisions import DecisionJob, decide, view_to_json
from webapp.runtime.pool import BotProcessDied, LocalPool

WAIT = 30  # seconds a decision may take on a busy machine (a bound, not a duration asserted)


def playing_view() -> tuple[engine.Match, int, dict]:
    match = engine.Match(engine.Rules.preset("classic"), seed=11)
    rng = random.Random(2)
    while match.hand.phase != "playing":
        hand = match.hand
        match.apply(hand.to_act, hand.random_action(hand.to_act, rng, show_chance=0.5))
    seat = match.hand.to_act
    return match, seat, view_to_json(match.view(seat))


@pytest.fixture
def pool():
    running = LocalPool(processes=1)
    yield running
    running.close()


def test_a_child_process_decides_as_the_bot_would_here(pool):
    match, seat, view = playing_view()
    job = DecisionJob("a", view, "normal", 5, deadline=4102444800.0)
    decision = pool.submit(job).result(timeout=WAIT)
    assert decision.action == decide(job).action and match.hand.can_apply(seat, decision.engine_action())


def test_a_killed_bot_process_fails_its_job_and_is_started_again(pool):
    _, _, view = playing_view()
    job = DecisionJob("b", view, "normal", 5, deadline=4102444800.0)
    pool.submit(job).result(timeout=WAIT)
    (child,) = pool.pids()
    os.kill(child, signal.SIGKILL)
    with pytest.raises(BotProcessDied):
        pool.submit(job).result(timeout=WAIT)
    assert pool.submit(job).result(timeout=WAIT).id == "b"
    assert pool.pids() and pool.pids()[0] != child


def test_a_job_past_its_deadline_gets_the_quick_choice_instead_of_a_search():
    match, seat, view = playing_view()
    late = decide(DecisionJob("c", view, "hard", 5, deadline=0.0))
    quick = decide(DecisionJob("c", view, "normal", 5, deadline=0.0))
    assert late.action == quick.action and match.hand.can_apply(seat, late.engine_action())
