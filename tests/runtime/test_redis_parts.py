"""The Redis implementations of the runtime's parts, each against the interface the embedded one also offers:
change notification across processes, presence, room leases, and decision jobs on the Dramatiq queue."""

from __future__ import annotations

import random
import threading

import pytest
import redis

import engine
from webapp.core.phrases import SHOW_SECONDS
from webapp.runtime.decisions import COACH, DecisionJob, view_to_json
from webapp.runtime.leases import RedisLeases
from webapp.runtime.notify import RedisNotifier
from webapp.runtime.phrases import KEY_TTL, RedisPhrases
from webapp.runtime.presence import RedisPresence
from webapp.runtime.queue import BotQueue, QueueDecider

WAIT = 10  # seconds an event may take to arrive (a bound for a busy machine, not a duration asserted)


def test_a_change_published_by_one_process_wakes_the_subscribers_and_listeners_of_another(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    here, there = RedisNotifier(client), RedisNotifier(client)
    heard = threading.Event()
    there.listen(lambda topic, version: topic == "room1" and version == 5 and heard.set())
    subscription = there.subscribe("room1", 0)
    subscription.wait(WAIT)  # the listener's first connection wakes everyone once
    local = here.subscribe("room1", 2)
    here.publish("room1", 5)
    assert local.wait(0) is True  # this process's own subscribers need no round trip
    assert subscription.wait(WAIT) is True and subscription.version == 5 and heard.wait(WAIT)
    here.close()
    there.close()


def test_after_redis_comes_back_every_subscriber_is_woken_to_catch_up(tmp_path):
    from ..servers import RedisServer

    server = RedisServer(tmp_path)
    server.start()
    try:
        notifier = RedisNotifier(redis.Redis.from_url(server.url))
        subscription = notifier.subscribe("room1", 0)
        other = RedisNotifier(redis.Redis.from_url(server.url))
        for _ in range(50):  # until the listener is connected (it may have been before this subscription was made)
            other.publish("room1", 1)
            if subscription.wait(0.2):
                break
        else:
            raise AssertionError("the listener never connected")
        other.publish("room1", 2)  # once this is heard, no probe is still on its way (one connection keeps the order)
        while subscription.version < 2:
            assert subscription.wait(WAIT)
        subscription.wait(0)
        other.close()
        server.stop()
        server.start()  # the same port: the listener reconnects
        assert subscription.wait(WAIT) is True
        notifier.close()
    finally:  # a failed check must not leave this test's own Redis running
        server.stop()


def test_presence_counts_connections_and_remembers_when_a_seat_was_last_there(redis_client):
    now = [1000.0]
    presence = RedisPresence(redis_client, clock=lambda: now[0])
    one = presence.connected("r", 1)
    two = presence.connected("r", 1)
    assert presence.room("r").online == {1}
    presence.disconnected("r", 1, one)
    assert presence.room("r").online == {1}  # the other tab is still open
    now[0] = 1010.0
    presence.disconnected("r", 1, two)
    room = presence.room("r")
    assert room.online == frozenset() and room.away_in(1, 60, 1010.0) == 60 and room.away_in(1, 60, 1100.0) == 0
    assert room.away_in(3, 60, 1010.0) == 50  # never seen: counts from the first look (at 1000)


def test_a_connection_whose_process_stopped_refreshing_it_expires(redis_client):
    now = [1000.0]
    presence = RedisPresence(redis_client, clock=lambda: now[0])
    presence.connected("r", 0)
    now[0] = 1031.0  # more than CONNECTION_TTL later, and its process never refreshed it (it died)
    assert presence.room("r").online == frozenset()


def test_a_lease_is_held_by_one_owner_renewed_by_it_and_released_only_by_it(redis_client):
    first, second = RedisLeases(redis_client, ttl_ms=60_000), RedisLeases(redis_client, ttl_ms=60_000)
    assert first.acquire("r") and first.acquire("r")
    assert not second.acquire("r")
    assert first.renew(["r", "other"]) == {"r"}
    second.release("r")
    assert not second.acquire("r")
    first.release("r")
    assert second.acquire("r") and second.renew(["r"]) == {"r"} and first.renew(["r"]) == set()


def test_a_lease_that_is_not_renewed_expires_and_another_process_takes_the_room(redis_client):
    first, second = RedisLeases(redis_client, ttl_ms=50), RedisLeases(redis_client, ttl_ms=60_000)
    assert first.acquire("r")
    taken = threading.Event()

    def try_until_taken():
        for _ in range(1000):
            if second.acquire("r"):
                taken.set()
                return
            threading.Event().wait(0.01)  # the lease's expiry is Redis's to decide: look again shortly

    threading.Thread(target=try_until_taken, daemon=True).start()
    assert taken.wait(WAIT)


@pytest.fixture
def bot_queue(redis_server, redis_client):
    queue = BotQueue(redis_server.url)
    worker = queue.worker(threads=1)
    worker.start()
    yield queue
    worker.stop(timeout=2000)


def test_a_decision_job_on_the_queue_is_decided_by_a_worker_and_answered_to_its_requester(bot_queue, redis_server):
    decider = QueueDecider(bot_queue, redis_server.url)
    match = match_at("burying")
    seat = match.hand.to_act
    view = match.view(seat)
    job = DecisionJob("j1", view_to_json(view), "normal", 1, deadline=4102444800.0)
    decision = decider.submit(job).result(timeout=WAIT)
    assert decision.id == "j1"
    assert match.hand.can_apply(seat, decision.engine_action())
    decider.close()


def match_at(phase: str) -> engine.Match:
    """A match played by random legal actions until its hand reaches ``phase``."""
    match, rng = engine.Match(engine.Rules.preset("classic"), seed=3), random.Random(7)
    while match.hand.phase != phase:
        hand = match.hand
        match.apply(hand.to_act, hand.random_action(hand.to_act, rng, show_chance=0.5))
    return match


def test_a_phrase_said_through_one_process_is_shown_by_another_for_a_moment(redis_client):
    now = [1000.0]
    sender, other = (RedisPhrases(redis_client, clock=lambda: now[0]) for _ in range(2))
    sender.say("ROOM", 2, "thanks")
    sender.say("ROOM", 0, "clap")
    assert [(s.seat, s.phrase) for s in other.recent("ROOM")] == [(0, "clap"), (2, "thanks")]
    assert other.recent("ELSEWHERE") == ()
    now[0] += SHOW_SECONDS + 0.1
    assert other.recent("ROOM") == ()
    assert 0 < redis_client.ttl("phrases:ROOM") <= KEY_TTL  # the room's phrases do not stay in Redis


def test_a_coach_job_goes_through_the_coach_queue_and_is_answered_like_a_decision(bot_queue, redis_server):
    decider = QueueDecider(bot_queue, redis_server.url)
    match = match_at("playing")
    view = match.view(match.hand.to_act)
    played = engine.format_cards(view.hand[:1])  # a lead of the lowest card: often not the best
    job = DecisionJob("c1", view_to_json(view), "normal", 1, deadline=4102444800.0, kind=COACH, play=played,
                      trick=1)
    decision = decider.submit(job).result(timeout=WAIT)
    assert decision.id == "c1" and decision.action is None and decision.error is None
    assert decision.moment is None or decision.moment["played"] == played
    decider.close()
