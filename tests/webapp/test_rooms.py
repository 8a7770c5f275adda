"""Rooms: create from a preset with single-option overrides, share link and QR, join a seat, host controls,
spectators."""

from __future__ import annotations

import engine

from .conftest import code_from, match_of, rooms_of


def create(client, **form):
    return client.post("/rooms", data={"preset": "classic", "level": "normal", **form})


def test_new_room_form_lists_the_presets_and_every_option(client):
    html = client.get("/rooms/new").get_data(as_text=True)
    for preset in engine.PRESETS:
        assert f'value="{preset}"' in html
    for option in ("declare_with", "kitty_multiplier", "twos_trump", "throw_penalty_per_card", "must_play"):
        assert f'name="{option}"' in html


def test_create_a_room_with_a_preset_and_overrides(client, app):
    response = create(client, preset="beijing", twos_trump="on", throw_penalty_per_card="20")
    assert response.status_code == 303
    code = code_from(response)
    assert "host=" in response.headers["Set-Cookie"] and f"Path=/r/{code}" in response.headers["Set-Cookie"]
    room = rooms_of(app).store.row(code)
    rules = engine.Rules.from_dict(room.rules)
    assert rules.differences(engine.Rules.preset("beijing")) == {"twos_trump": True, "throw_penalty_per_card": 20}
    html = client.get(f"/r/{code}").get_data(as_text=True)
    assert f"/r/{code}/qr.svg" in html and f"http://localhost/r/{code}" in html


def test_a_bad_option_value_is_refused_with_a_message(client):
    response = create(client, throw_penalty_per_card="lots")
    assert response.status_code == 400
    assert "whole number" in response.get_data(as_text=True)


def test_qr_code_is_an_svg_of_the_room_link(client):
    code = code_from(create(client))
    response = client.get(f"/r/{code}/qr.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert response.get_data(as_text=True).lstrip().startswith("<?xml") or b"<svg" in response.data


def test_join_pick_seat_and_name_then_host_fills_with_bots_and_starts(client, app):
    code = code_from(create(client))
    friend = app.test_client()
    html = friend.get(f"/r/{code}").get_data(as_text=True)
    assert 'id="join"' in html and 'id="start"' not in html  # the friend is not the host
    response = friend.post(f"/r/{code}/join", data={"seat": "2", "name": "  Lǐ   Wěi  "})
    assert response.status_code == 303 and "seat=" in response.headers["Set-Cookie"]
    assert friend.post(f"/r/{code}/join", data={"seat": "1", "name": "again"}).status_code == 400
    taken = app.test_client().post(f"/r/{code}/join", data={"seat": "2", "name": "late"})
    assert taken.status_code == 400 and "taken" in taken.get_data(as_text=True)
    assert client.post(f"/r/{code}/start").status_code == 400  # empty seats left
    assert friend.post(f"/r/{code}/bots", data={"level": "hard"}).status_code == 403  # not the host
    assert client.post(f"/r/{code}/bots", data={"level": "hard"}).status_code == 303
    assert client.post(f"/r/{code}/start").status_code == 303
    seats = rooms_of(app).store.row(code).seats
    assert seats[2]["name"] == "Lǐ Wěi" and [s["bot"] for s in seats] == ["hard", "hard", None, "hard"]
    assert match_of(app, code) is not None
    late = app.test_client().post(f"/r/{code}/join", data={"seat": "0", "name": "late"})
    assert late.status_code == 400


def test_the_lobby_seats_people_first_and_says_what_comes_next(client, app):
    code = code_from(create(client))
    host_page = client.get(f"/r/{code}").get_data(as_text=True)
    # On a phone the form to sit down comes before the invitation; the host is told to sit before the bots fill up.
    assert host_page.index('id="join"') < host_page.index("Invite friends")
    assert 'id="host-unseated"' in host_page and 'id="waiting-for-host"' not in host_page
    client.post(f"/r/{code}/join", data={"seat": "0", "name": "Ann"})
    assert 'id="host-unseated"' not in client.get(f"/r/{code}").get_data(as_text=True)
    friend = app.test_client()
    friend.post(f"/r/{code}/join", data={"seat": "2", "name": "Bo"})
    assert 'id="waiting-for-host"' in friend.get(f"/r/{code}").get_data(as_text=True)


def test_spectators_see_the_table_but_no_hand(client, app):
    code = code_from(create(client))
    client.post(f"/r/{code}/bots", data={"level": "easy"})
    client.post(f"/r/{code}/start")
    html = app.test_client().get(f"/r/{code}").get_data(as_text=True)
    assert 'id="table"' in html and 'class="slot"' not in html and 'id="play"' not in html


def test_unknown_room_is_a_clear_404(client):
    response = client.get("/r/no-such-room")
    assert response.status_code == 404 and "no such room" in response.get_data(as_text=True)


def test_the_games_list_names_each_room_once(client, app):
    code = code_from(client.post("/solo", data={"level": "normal"}))
    client.set_cookie("games", f"{code}.{code}.no-such-room-here")  # a repeated code, a code of no room
    html = client.get("/games").get_data(as_text=True)
    assert html.count(f'data-game="{code}"') == 1 and "no-such-room-here" not in html
