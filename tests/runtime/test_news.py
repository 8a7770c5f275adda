"""The news of a commit (webapp.rooms.news) between two processes sharing a database and a Redis: the process that
did not make the change advances the room it holds from the news alone, to exactly the match the database holds."""

from __future__ import annotations

import pytest

from webapp import create_app
from webapp.rooms.cache import RoomCache

from ..conftest import TEST_CONFIG
from ..webapp.conftest import act, match_of, person_move, room_of_four, rooms_of

WAIT = 10  # seconds a notification may take to arrive (a bound for a busy machine, not a duration asserted)


@pytest.fixture
def two_processes(redis_server, tmp_path):
    config = {**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tmp_path / 'rooms.sqlite3'}", "REDIS_URL": redis_server.url}
    apps = create_app(config), create_app(config)
    yield apps
    for app in apps:
        app.extensions["runtime"].close()


def test_a_process_advances_a_room_it_holds_from_another_process_news_without_reading_the_database(two_processes,
                                                                                                  monkeypatch):
    here, there = two_processes
    code, clients = room_of_four(here)
    tables = rooms_of(there)
    tables.cache.load(code)  # the other process holds the room (a socket of it is open there)
    subscription = tables.notifier.subscribe(code, 0)
    probe = tables.notifier.subscribe("probe", None)
    for _ in range(50):  # until the other process listens on Redis
        rooms_of(here).notifier.publish("probe", 1)
        if probe.wait(0.2):
            break
    else:
        raise AssertionError("the other process never heard a change")

    def no_database(*args):
        raise AssertionError("read from the database")

    monkeypatch.setattr(tables.store, "row", no_database)
    monkeypatch.setattr(tables.store, "actions_after", no_database)
    for _ in range(6):  # moves made in this process, one after another
        match = match_of(here, code)
        seat = match.hand.to_act
        assert act(clients[seat], code, person_move(match, seat)).status_code in (200, 303)
        version = rooms_of(here).store.row(code).version
        while subscription.version < version:
            assert subscription.wait(WAIT)
        held = tables.cache.at_least(code, version)
        fresh = RoomCache(rooms_of(here).store).load(code)
        assert held.version == version and held.row.seats == fresh.row.seats
        assert held.match.to_dict() == fresh.match.to_dict()
