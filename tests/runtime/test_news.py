"""The news of a commit (webapp.rooms.news) between two processes sharing a database and a Redis: the process that
did not make the change advances the room it holds from the news alone, to exactly the match the database holds."""

from __future__ import annotations

import pytest

from webapp import create_app
from webapp.rooms.cache import RoomCache

from ..conftest import TEST_CONFIG
from ..webapp.conftest import act, match_of, person_move, room_of_four, rooms_of, version_of

WAIT = 10  # seconds a notification may take to arrive (a bound for a busy machine, not a duration asserted)


def holding(here, there, code: str):
    """``there`` holds the room (a socket of it is open there) and listens on Redis: its subscription to the room."""
    tables = rooms_of(there)
    tables.cache.load(code)
    subscription = tables.notifier.subscribe(code, 0)
    probe = tables.notifier.subscribe("probe", None)
    for _ in range(50):
        rooms_of(here).notifier.publish("probe", 1)
        if probe.wait(0.2):
            return subscription
    raise AssertionError("the other process never heard a change")


def dealt(app, code: str) -> None:
    """Until the room's deal is over: either process's driver may deal it (whichever took the room's lease)."""
    subscription = rooms_of(app).notifier.subscribe(code, None)
    while match_of(app, code).hand.phase == "dealing":
        assert subscription.wait(WAIT)


def seat_to_act_moves(app, code: str, browsers) -> None:
    """The seat to act (as the database has it) makes a move through its browser among ``browsers``."""
    match = match_of(app, code)
    seat = match.hand.to_act
    assert act(browsers[seat], code, person_move(match, seat)).status_code in (200, 303)


def forbid_reading(tables, monkeypatch) -> None:
    def no_database(*args, **kwargs):
        raise AssertionError("read from the database")

    monkeypatch.setattr(tables.store, "row", no_database)
    monkeypatch.setattr(tables.store, "actions_after", no_database)


def clients_of(app, code: str, clients) -> list:
    """Test clients of ``app`` holding the seats of ``clients`` (a browser whose requests reach another process)."""
    moved = []
    for client in clients:
        other = app.test_client()
        other.set_cookie("seat", client.get_cookie("seat", path=f"/r/{code}").value, path=f"/r/{code}")
        moved.append(other)
    return moved


def heard_up_to(subscription, version: int) -> None:
    while subscription.version < version:
        assert subscription.wait(WAIT)


@pytest.fixture
def two_processes(redis_server, tmp_path):
    config = {**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tmp_path / 'rooms.sqlite3'}", "REDIS_URL": redis_server.url}
    apps = create_app(config), create_app(config)
    yield apps
    for app in apps:
        app.extensions["runtime"].close()


@pytest.fixture
def room_on_two(two_processes):
    """Two processes, and a room of four people made on the first whose deal is over."""
    here, there = two_processes
    code, clients = room_of_four(here)
    dealt(here, code)
    return here, there, code, clients


def test_a_process_advances_a_room_it_holds_from_another_process_news_without_reading_the_database(room_on_two,
                                                                                                monkeypatch):
    here, there, code, clients = room_on_two
    tables = rooms_of(there)
    subscription = holding(here, there, code)
    forbid_reading(tables, monkeypatch)
    for _ in range(6):  # moves made in this process, one after another
        seat_to_act_moves(here, code, clients)
        version = rooms_of(here).store.row(code).version
        heard_up_to(subscription, version)
        held = tables.cache.at_least(code, version)
        fresh = RoomCache(rooms_of(here).store).load(code)
        assert held.version == version and held.row.seats == fresh.row.seats
        assert held.match.to_dict() == fresh.match.to_dict()


def test_moves_on_two_processes_commit_on_the_room_as_last_heard_of_without_reading_the_database(room_on_two,
                                                                                             monkeypatch):
    here, there, code, clients = room_on_two
    subscription = holding(here, there, code)
    forbid_reading(rooms_of(there), monkeypatch)
    elsewhere = clients_of(there, code, clients)
    for turn in range(8):  # the table's moves reach either process, in turn
        seat_to_act_moves(here, code, clients if turn % 2 else elsewhere)
        heard_up_to(subscription, rooms_of(here).store.row(code).version)
    assert rooms_of(there).cache.recent(code).match.to_dict() == match_of(here, code).to_dict()


def test_a_move_on_a_room_that_is_behind_is_checked_again_on_the_database_and_applied_once(room_on_two,
                                                                                      monkeypatch):
    # Behind, the room either refuses the move (not that seat's turn there) or its commit finds the room moved on.
    here, there, code, clients = room_on_two
    tables = rooms_of(there)
    before_the_move = tables.cache.load(code)
    monkeypatch.setattr(tables.cache, "_advance", lambda code: before_the_move)  # the move's news has not come yet
    seat_to_act_moves(here, code, clients)
    assert tables.cache.recent(code).version < version_of(here, code)
    before = len(match_of(here, code).hand.log)
    seat_to_act_moves(here, code, clients_of(there, code, clients))
    assert len(match_of(here, code).hand.log) == before + 1  # applied once, on the room as the database holds it
