"""Alembic migrations: a database made by an earlier release keeps every room and sheet, and its games go on."""

from __future__ import annotations

import json
import sqlite3

import engine
from webapp import create_app

from ..conftest import TEST_CONFIG
from .conftest import act, match_of, person_move

# The schema of the release before Alembic (SQLModel's create_all, plus the clock column it added at start).
PREVIOUS_RELEASE = """
CREATE TABLE room (
    code VARCHAR(32) NOT NULL, version INTEGER NOT NULL, solo BOOLEAN NOT NULL, preset VARCHAR NOT NULL,
    rules JSON NOT NULL, bot_level VARCHAR NOT NULL, host_token_hash VARCHAR NOT NULL, seats JSON NOT NULL,
    match_state JSON, recent_action_ids JSON NOT NULL, started_at DATETIME, created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL, PRIMARY KEY (code));
CREATE TABLE scoresheet (
    code VARCHAR(32) NOT NULL, client_id VARCHAR(100), version INTEGER NOT NULL, preset VARCHAR NOT NULL,
    sheet JSON NOT NULL, edit_token_hash VARCHAR NOT NULL, clock_started_at DATETIME, created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL, PRIMARY KEY (code), UNIQUE (client_id));
"""


def old_database(path, match: engine.Match, token_hash: str) -> None:
    seats = [{"name": "Me", "token_hash": token_hash, "bot": None}] + [{"name": None, "token_hash": None,
                                                                      "bot": "normal"}] * 3
    with sqlite3.connect(path) as db:
        db.executescript(PREVIOUS_RELEASE)
        db.execute("INSERT INTO room VALUES ('oldroom', 41, 1, 'classic', ?, 'normal', '', ?, ?, '[\"a1\"]', "
                   "'2026-11-30 10:00:00', '2026-11-30 10:00:00', '2026-11-30 10:00:00')",
                   (json.dumps(match.rules.to_dict()), json.dumps(seats), json.dumps(match.to_dict())))
        db.execute("INSERT INTO scoresheet VALUES ('oldsheet', NULL, 3, 'classic', ?, 'x', NULL, "
                   "'2026-11-30 10:00:00', '2026-11-30 10:00:00')",
                   (json.dumps(engine.Scoresheet(engine.Rules.preset("classic")).to_dict()),))


def test_a_database_of_the_previous_release_is_upgraded_and_its_game_goes_on(tmp_path):
    from webapp.tokens import new_token, token_hash

    match = engine.Match(engine.Rules.preset("classic"), seed="old")
    while match.hand.phase == "dealing":
        match.apply(match.hand.to_act, engine.Draw())
    token = new_token()
    path = tmp_path / "old.sqlite3"
    old_database(path, match, token_hash(token))

    app = create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{path}"})
    upgraded = match_of(app, "oldroom")
    assert upgraded.hand.drawn == 100 and upgraded.hand.log[:100] == match.hand.log[:100]  # kept, and driven on
    client = app.test_client()
    client.set_cookie("seat", token, path="/r/oldroom")
    assert client.get("/s/oldsheet").status_code == 200
    if upgraded.hand.to_act == 0:
        assert act(client, "oldroom", person_move(upgraded, 0)).status_code == 303
    assert create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{path}"})  # upgrading again changes nothing
