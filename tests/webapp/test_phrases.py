"""Issue 14, item 4: quick phrases and reactions at a room's table — a seated person sends a set phrase, every page
shows it by the sender's seat for a moment; rate-limited per seat; off when the room says so, and at solo tables;
nothing else can be said."""

from __future__ import annotations

import pytest

from webapp.core.phrases import PHRASES, REACTIONS, SHOW_SECONDS
from webapp.render import render_regions
from webapp.runtime.phrases import LocalPhrases

from .conftest import code_from, rooms_of

HTMX = {"HX-Request": "true"}


def phrases_region(app, code: str, client) -> str:
    token = client.get_cookie("seat", path=f"/r/{code}")
    rooms = rooms_of(app)
    with app.test_request_context(f"/r/{code}/ws"):
        return render_regions(rooms.snapshot(rooms.cache.load(code), None if token is None else token.value))[
            "phrases"]


def test_a_phrase_shows_by_the_senders_seat_on_every_page(app, four_humans):
    code, clients = four_humans
    assert clients[2].post(f"/r/{code}/say", data={"phrase": "thanks"}, headers=HTMX).status_code == 200
    for client in [*clients, app.test_client()]:  # every seat, and a spectator
        assert 'data-said="2:thanks"' in phrases_region(app, code, client)
    page = clients[3].get(f"/r/{code}").get_data(as_text=True)
    assert str(PHRASES["thanks"]) in page and 'class="bubble left' in page  # seat 2 plays before seat 3
    assert clients[1].post(f"/r/{code}/say", data={"phrase": "thumbs"}).status_code == 303
    assert 'data-said="1:thumbs"' in phrases_region(app, code, clients[0])


def test_the_picker_offers_every_phrase_and_reaction_to_seated_people_only(app, four_humans):
    code, clients = four_humans
    seated = clients[0].get(f"/r/{code}").get_data(as_text=True)
    assert all(f'data-phrase="{key}"' in seated for key in [*PHRASES, *REACTIONS])
    assert 'data-phrase=' not in app.test_client().get(f"/r/{code}").get_data(as_text=True)


@pytest.mark.parametrize(("who", "phrase", "status", "says"), [
    ("seat", "free text!", 400, "no such phrase"),
    ("seat", "", 400, None),
    ("stranger", "thanks", 403, "no seat"),
])
def test_only_a_seated_person_may_say_and_only_a_set_phrase(app, four_humans, who, phrase, status, says):
    code, clients = four_humans
    client = clients[0] if who == "seat" else app.test_client()
    response = client.post(f"/r/{code}/say", data={"phrase": phrase}, headers=HTMX)
    assert response.status_code == status
    if says:
        assert says in response.get_data(as_text=True)
    assert "data-said" not in phrases_region(app, code, clients[1])


def test_phrases_are_rate_limited_per_seat(app, four_humans):
    code, clients = four_humans
    assert clients[0].post(f"/r/{code}/say", data={"phrase": "nice"}, headers=HTMX).status_code == 200
    again = clients[0].post(f"/r/{code}/say", data={"phrase": "sorry"}, headers=HTMX)
    assert again.status_code == 429 and "wait a moment" in again.get_data(as_text=True)
    assert 'data-said="0:nice"' in phrases_region(app, code, clients[1])  # the first one stands
    assert clients[1].post(f"/r/{code}/say", data={"phrase": "sorry"}, headers=HTMX).status_code == 200


def test_a_room_may_turn_phrases_off_and_a_solo_table_has_none(app, client, solo):
    host = app.test_client()
    code = code_from(host.post("/rooms", data={"preset": "classic", "phrases": "off"}))
    assert host.post(f"/r/{code}/join", data={"seat": 0, "name": "H"}).status_code == 303
    for room, sender in ((code, host), (solo, client)):
        response = sender.post(f"/r/{room}/say", data={"phrase": "thanks"}, headers=HTMX)
        assert response.status_code == 400 and "quick phrases are off" in response.get_data(as_text=True)
        assert 'id="talk-toggle"' not in sender.get(f"/r/{room}").get_data(as_text=True)


def test_a_phrase_is_shown_for_a_moment_then_gone():
    now = [1000.0]
    phrases = LocalPhrases(clock=lambda: now[0])
    phrases.say("ROOM", 3, "hurry")
    phrases.say("ROOM", 1, "wow")
    assert [(s.seat, s.phrase) for s in phrases.recent("ROOM")] == [(1, "wow"), (3, "hurry")]
    phrases.say("ROOM", 3, "sorry")  # a seat's next phrase replaces its last
    assert [(s.seat, s.phrase) for s in phrases.recent("ROOM")] == [(1, "wow"), (3, "sorry")]
    now[0] += SHOW_SECONDS + 0.1
    assert phrases.recent("ROOM") == () and phrases.recent("OTHER") == ()
