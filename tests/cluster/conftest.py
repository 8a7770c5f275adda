"""The distributed setup as it runs in production, on loopback: PostgreSQL, Redis, nginx, two web processes and
two workers (webapp.cluster), for the fault tests that kill its parts. One cluster serves the whole module."""

from __future__ import annotations

import shutil

import pytest
from sqlalchemy import select

import engine
from webapp.cluster import Cluster
from webapp.db import make_engine
from webapp.models import RoomAction
from webapp.rooms import log
from webapp.rooms.store import RoomStore


@pytest.fixture(scope="session")
def cluster(tmp_path_factory):
    running = Cluster(tmp_path_factory.mktemp("cluster"),
                      extra_env={"BOT_DELAY_MS": "400", "DEAL_DELAY_MS": "0", "AWAY_SECONDS": "3600",
                                 "SHOW_WINDOW_MS": "3600000", "CREATIONS_PER_MINUTE": "0"})
    try:
        running.start()
        yield running
    finally:
        running.stop()
        shutil.rmtree(running.pg_data, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed fault test reports the end of every part's log (the cluster's folder is gone after CI)."""
    outcome = yield
    report = outcome.get_result()
    running = getattr(item, "funcargs", {}).get("cluster")
    if report.failed and running is not None:
        for name, part in running.parts.items():
            if part.log.exists():
                report.sections.append((f"cluster {name} log", part.log.read_text(errors="replace")[-4000:]))


@pytest.fixture(scope="session")
def store(cluster):
    return RoomStore(make_engine(cluster.database_url))  # (it reconnects after PostgreSQL restarts)


def replayed(store: RoomStore, code: str) -> engine.Match:
    """The room's match rebuilt from its checkpoint and its whole log, every action checked again by the engine
    (an action applied twice would be refused here), after checking that the log has no gap."""
    row = store.row(code)
    entries = store.actions_after(code, 0, up_to=row.actions)
    assert [entry.seq for entry in entries] == list(range(1, row.actions + 1))
    ids = [entry.action_id for entry in entries if entry.action_id]
    assert len(ids) == len(set(ids))
    return log.replay(engine.Match.from_dict(row.match_state), entries[row.base_actions:])


def logged_ids(store: RoomStore, code: str) -> list[str]:
    with store.engine.connect() as connection:
        return list(connection.execute(select(RoomAction.action_id).where(
            RoomAction.code == code, RoomAction.action_id.is_not(None))).scalars())
