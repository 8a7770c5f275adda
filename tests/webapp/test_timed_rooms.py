"""R9.5 in online rooms: a timed preset's clock starts with the match; once time is up the hand in play is
finished and the match ends, the higher level (or, on equal levels, the team on stage) winning."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from webapp import db as database
from webapp.models import Room, utcnow

from .conftest import code_from, match_of, play_until, rooms_of


@pytest.fixture
def timed_room(app, client):
    """A competition room (90-minute limit) with this client in seat 0 and three bots, started."""
    code = code_from(client.post("/rooms", data={"preset": "competition", "level": "normal"}))
    client.post(f"/r/{code}/join", data={"seat": "0", "name": "Me"})
    client.post(f"/r/{code}/bots", data={"level": "normal"})
    assert client.post(f"/r/{code}/start").status_code == 303
    return code


def rewind_clock(app, code: str, minutes: int) -> None:
    """The match started ``minutes`` ago (as if the players had been at it that long)."""
    with app.app_context(), database.session() as session:
        session.exec(update(Room).where(Room.code == code).values(started_at=utcnow() - timedelta(minutes=minutes)))
        session.commit()
    rooms_of(app).cache.forget(code)  # written behind the server's back: the embedded server's cache must hear of it


def test_R9_5_a_timed_room_shows_the_time_left(client, timed_room):
    html = client.get(f"/r/{timed_room}").get_data(as_text=True)
    clock = html.split('id="room-clock"')[1].split('class="clock-up"')[0]
    assert "Time left" in clock
    assert 'data-remaining="5399"' in clock or 'data-remaining="5400"' in clock
    assert "1:29:59" in clock or "1:30:00" in clock


def test_R9_5_an_untimed_room_has_no_clock(client, solo):
    assert 'id="room-clock"' not in client.get(f"/r/{solo}").get_data(as_text=True)


def test_R9_5_when_time_is_up_the_hand_in_play_is_finished_then_the_match_ends(client, app, timed_room):
    rewind_clock(app, timed_room, 91)
    html = client.get(f"/r/{timed_room}").get_data(as_text=True)
    assert 'class="room-clock up"' in html and "this hand is the last one" in html
    play_until(app, timed_room, {0: client}, lambda m: m.hand_over)
    match = match_of(app, timed_room)
    assert match.ended_by == "R9.5" and match.winner == match.time_up_winner()
    html = client.get(f"/r/{timed_room}").get_data(as_text=True)
    assert "Time is up:" in html and "win the match!" in html
    assert 'id="next-hand"' not in html and 'id="room-clock"' not in html


def test_R9_5_time_up_between_hands_ends_the_match_instead_of_dealing(client, app, timed_room):
    play_until(app, timed_room, {0: client}, lambda m: m.hand_over)
    assert match_of(app, timed_room).winner is None
    rewind_clock(app, timed_room, 90)
    html = client.get(f"/r/{timed_room}").get_data(as_text=True)
    assert "End the match (time is up)" in html
    response = client.post(f"/r/{timed_room}/next", data={"hand": "1"})
    assert response.status_code in (200, 303)
    match = match_of(app, timed_room)
    assert (match.hand_number, match.ended_by) == (1, "R9.5") and match.winner is not None
    assert "Time is up:" in client.get(f"/r/{timed_room}").get_data(as_text=True)
