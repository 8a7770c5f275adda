"""Helpers for the web tests: rooms made through HTTP, and a person's next move chosen from their view."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from webapp.core import players
from webapp.rooms import Rooms


def rooms_of(app) -> Rooms:
    return app.extensions["rooms"]


def match_of(app, code: str) -> engine.Match:
    """The room's match as committed (a fresh copy, rebuilt from the database: tests may keep it)."""
    match = rooms_of(app).cache.load(code).match
    return None if match is None else engine.Match.from_dict(match.to_dict())


def version_of(app, code: str) -> int:
    return rooms_of(app).store.row(code).version


def code_from(response) -> str:
    return response.headers["Location"].rsplit("/", 1)[1]


def person_move(match: engine.Match, seat: int) -> dict[str, Any]:
    """What a person in ``seat`` would send now: declare if nobody has, else pass; bury or play the hint."""
    hand = match.hand
    if hand.phase in ("declaring", "overturning", "dealing"):
        showings = hand.legal_showings(seat)
        if showings and hand.showing is None:
            return engine.encode(showings[0])
        return {"type": "pass"}
    return engine.encode(players.hint(match.view(seat)))


def act(client, code: str, payload: dict[str, Any], action_id: str | None = None, **headers):
    data = {"type": payload["type"], "cards": payload.get("cards", "").split()}
    if action_id:
        data["action_id"] = action_id
    return client.post(f"/r/{code}/act", data=data, headers=headers)


@pytest.fixture
def solo(app, client):
    """A solo room: this client holds seat 0; the deal and the bots have run until seat 0 must act."""
    response = client.post("/solo", data={"level": "normal"})
    return code_from(response)


def room_of_four(app) -> tuple[str, list]:
    """A room with four people (one test client each, seat i = clients[i]), started."""
    host = app.test_client()
    code = code_from(host.post("/rooms", data={"preset": "classic"}))
    clients = [host] + [app.test_client() for _ in range(3)]
    for seat, client in enumerate(clients):
        assert client.post(f"/r/{code}/join", data={"seat": seat, "name": f"P{seat}"}).status_code == 303
    assert host.post(f"/r/{code}/start").status_code == 303
    return code, clients


@pytest.fixture
def four_humans(app):
    return room_of_four(app)


def play_until(app, code: str, clients: dict[int, Any], done, limit: int = 2000, after_step=None) -> None:
    """Let the people in ``clients`` (seat → client) move whenever it is their turn until ``done(match)``."""
    for _ in range(limit):
        match = match_of(app, code)
        if done(match):
            return
        seat = match.hand.to_act
        assert seat in clients, f"the game waits for seat {seat}, which no test client holds"
        response = act(clients[seat], code, person_move(match, seat))
        assert response.status_code in (200, 303), response.get_data(as_text=True)
        if after_step is not None:
            after_step()
    raise AssertionError("the hand did not finish")
