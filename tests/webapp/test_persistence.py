"""Persistence: every accepted action is committed before anyone is told; a restart loses nothing and the
automatic part of the game (deal, bots) resumes; the version column refuses a stale write."""

from __future__ import annotations

import pytest

from webapp import create_app
from webapp.errors import Conflict
from webapp.rooms import log
from webapp.rooms.cache import RoomCache
from webapp.rooms.commit import Change
from webapp.rooms.store import NewAction

from ..conftest import TEST_CONFIG
from .conftest import act, code_from, match_of, person_move, play_until, rooms_of, version_of


def new_app(db_path, **config):
    return create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{db_path}", **config})


def test_a_restart_mid_hand_continues_exactly(tmp_path):
    db = tmp_path / "rooms.sqlite3"
    first = new_app(db)
    player = first.test_client()
    response = player.post("/solo", data={"level": "normal"})
    code = code_from(response)
    token = player.get_cookie("seat", path=f"/r/{code}").value
    play_until(first, code, {0: player}, lambda m: len(m.hand.tricks) >= 3)
    before = match_of(first, code).to_dict()
    page_before = player.get(f"/r/{code}").get_data(as_text=True)

    second = new_app(db)  # the "restarted server": same database, fresh process state
    again = second.test_client()
    again.set_cookie("seat", token, path=f"/r/{code}")
    assert match_of(second, code).to_dict() == before
    page_after = again.get(f"/r/{code}").get_data(as_text=True)
    assert page_after.split('id="hand"')[1].split("</section>")[0] == \
        page_before.split('id="hand"')[1].split("</section>")[0]
    play_until(second, code, {0: again}, lambda m: m.hand_over)


def test_background_work_resumes_after_a_restart(tmp_path):
    db = tmp_path / "rooms.sqlite3"
    slow = new_app(db, DEAL_DELAY_MS=3_600_000, BOT_DELAY_MS=3_600_000)
    code = code_from(slow.test_client().post("/solo", data={"level": "easy"}))
    assert match_of(slow, code).hand.drawn <= 1  # the deal waits for its next tick

    restarted = new_app(db)
    match = match_of(restarted, code)
    assert match.hand.drawn == 100 and match.hand.to_act == 0  # dealt and played on until the person's turn


def test_each_accepted_action_is_committed_before_subscribers_are_told(solo, client, app):
    rooms = rooms_of(app)
    seen_versions = []
    subscription = rooms.notifier.subscribe(solo, 0)
    original = subscription.notify

    def notify(version=None):
        seen_versions.append(rooms.store.row(solo).version)  # read back from the database
        original(version)

    subscription.notify = notify
    match = match_of(app, solo)
    version = version_of(app, solo)
    act(client, solo, person_move(match, match.hand.to_act))
    # Every notification found its change already in the database (the person's action, then the bots').
    assert seen_versions and seen_versions[0] > version
    assert seen_versions == sorted(seen_versions) and seen_versions[-1] == version_of(app, solo)


def test_a_stale_version_cannot_overwrite_a_newer_one(solo, app):
    store = rooms_of(app).store
    stale = store.row(solo)
    fresh = store.commit(store.row(solo), [], {}, now=1.0)
    with pytest.raises(Conflict):
        store.commit(stale, [], {}, now=2.0)
    assert store.row(solo).version == fresh.version


def test_an_action_id_already_logged_commits_nothing_and_the_room_is_read_again(solo, client, app):
    # A repeat that raced its first: the database refuses it as a change that came too late, and the room read
    # again tells a double tap from another move (webapp.rooms.moves).
    match = match_of(app, solo)
    assert act(client, solo, person_move(match, match.hand.to_act), action_id="tap-1").status_code in (200, 303)
    store = rooms_of(app).store
    row = store.row(solo)
    with pytest.raises(Conflict):
        store.commit(row, [NewAction(log.ACT, match.hand_number, 0, {"type": "pass"}, "tap-1")], {}, now=1.0)
    assert store.row(solo).version == row.version


def test_a_due_time_planned_on_an_older_version_leaves_a_newer_commit_due_now(solo, app):
    # A driver that planned on the version before a commit must not hide that commit from the sweeper.
    store = rooms_of(app).store
    planned = store.row(solo)
    store.commit(planned, [], {"due_at": 5.0}, now=5.0)
    store.set_due(solo, planned.version, None)
    assert store.row(solo).due_at == 5.0
    store.set_due(solo, planned.version + 1, None)
    assert store.row(solo).due_at is None


def test_the_embedded_server_reads_a_room_it_holds_from_memory_and_it_matches_the_database(solo, client, app,
                                                                                          monkeypatch):
    # One process makes every change (no REDIS_URL): moves, hints and pages need no read of the room's row, and
    # what the cache holds stays what the database holds, due times included.
    tables = rooms_of(app)
    assert tables.cache.sole_writer
    reads = []
    read_row = tables.store.row
    monkeypatch.setattr(tables.store, "row", lambda code: reads.append(code) or read_row(code))
    play_until(app, solo, {0: client}, lambda m: len(m.hand.tricks) >= 5)
    assert client.get(f"/r/{solo}/hint").status_code == 200
    assert client.get(f"/r/{solo}").status_code == 200
    assert reads == []
    held, from_database = tables.cache.load(solo), RoomCache(tables.store).load(solo)
    assert held.row == from_database.row and held.match.to_dict() == from_database.match.to_dict()


def test_a_failed_commit_makes_the_embedded_server_read_the_room_again(solo, app, monkeypatch):
    tables = rooms_of(app)
    loaded = tables.cache.load(solo)
    monkeypatch.setattr(tables.store, "commit", lambda *args: (_ for _ in ()).throw(OSError("disk gone")))
    with pytest.raises(OSError):
        tables.committer.commit(loaded, Change())
    assert tables.cache.load(solo) is not loaded  # read afresh from the database
