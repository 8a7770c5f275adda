"""The embedded default's bot workers: child processes deciding from views sent to them, restarted when killed."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys

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


def test_a_killed_bot_process_is_replaced(pool):
    _, _, view = playing_view()
    job = DecisionJob("b", view, "normal", 5, deadline=4102444800.0)
    pool.submit(job).result(timeout=WAIT)
    (child,) = pool.pids()
    os.kill(child, signal.SIGKILL)
    with contextlib.suppress(BotProcessDied):  # it may be handed the next job as it dies
        pool.submit(job).result(timeout=WAIT)
    assert pool.submit(job).result(timeout=WAIT).id == "b"
    assert pool.pids() and pool.pids()[0] != child


# A bot process that dies in the middle of its first job (a kill mid-decision), and decides as usual after.
DIES_ON_ITS_FIRST_JOB = """
import os, sys
marker = sys.argv[1]
if not os.path.exists(marker):
    open(marker, "w").close()
    sys.stdin.readline()
    os._exit(9)
from webapp.runtime.pool_child import main
main()
"""


def test_a_job_whose_bot_process_dies_mid_decision_fails_and_the_next_is_decided(tmp_path):
    command = [sys.executable, "-c", DIES_ON_ITS_FIRST_JOB, str(tmp_path / "died")]
    pool = LocalPool(processes=1, command=command)
    try:
        _, _, view = playing_view()
        job = DecisionJob("d", view, "normal", 5, deadline=4102444800.0)
        with pytest.raises(BotProcessDied):
            pool.submit(job).result(timeout=WAIT)
        assert pool.submit(job).result(timeout=WAIT).id == "d"
    finally:
        pool.close()


def test_a_job_past_its_deadline_gets_the_quick_choice_instead_of_a_search():
    match, seat, view = playing_view()
    late = decide(DecisionJob("c", view, "hard", 5, deadline=0.0))
    quick = decide(DecisionJob("c", view, "normal", 5, deadline=0.0))
    assert late.action == quick.action and match.hand.can_apply(seat, late.engine_action())
