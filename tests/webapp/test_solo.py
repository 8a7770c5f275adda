"""Solo play over HTTP: one tap from the home page, a whole hand to the hand-end screen, the next hand."""

from __future__ import annotations

import re

import engine
from webapp.core.room_page import SeatInfo, Snapshot
from webapp.render import render_regions

from .conftest import act, code_from, match_of, person_move, play_until


def test_home_page_offers_solo_at_three_strengths(client):
    html = client.get("/").get_data(as_text=True)
    for level in ("easy", "normal", "hard"):
        assert f'id="solo-{level}"' in html
    assert 'href="/rooms/new"' in html


def test_solo_in_one_tap_gives_a_seat_cookie_scoped_to_the_room(client):
    response = client.post("/solo", data={"level": "easy"})
    assert response.status_code == 303
    code = code_from(response)
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("seat=") and f"Path=/r/{code}" in cookie and "HttpOnly" in cookie
    assert len(code) >= 16  # secrets.token_urlsafe(12): unguessable


def test_solo_page_shows_the_dealt_hand(solo, client, app):
    html = client.get(f"/r/{solo}").get_data(as_text=True)
    match = match_of(app, solo)
    shown = re.findall(r'<label class="slot"><input type="checkbox" name="cards" value="([^"]+)"', html)
    assert sorted(shown) == sorted(str(c) for c in match.hand.hands[0])
    assert len(shown) in (25, 33)


def test_a_solo_hand_plays_to_the_hand_end_screen_and_the_next_hand(solo, client, app):
    play_until(app, solo, {0: client}, lambda m: m.hand_over)
    html = client.get(f"/r/{solo}").get_data(as_text=True)
    assert 'id="result"' in html and 'id="defenders-total"' in html
    result = match_of(app, solo).history[-1]
    assert f'id="defenders-total">{result.defender_points}<' in html
    winners = result.declarers if result.side == "declarers" else 1 - result.declarers
    verdict = "Your team won this hand" if winners == 0 else "Your team lost this hand"  # the person is seat 0
    assert re.search(r'id="hand-verdict">([^<]+)<', html).group(1) == verdict
    assert 'id="next-hand"' in html
    response = client.post(f"/r/{solo}/next", data={"action_id": "next-1"})
    assert response.status_code == 303
    assert match_of(app, solo).hand_number == 2


def test_plain_form_post_without_javascript_redirects_back_to_the_room(solo, client, app):
    match = match_of(app, solo)
    response = act(client, solo, person_move(match, match.hand.to_act))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/r/{solo}")


def test_hint_selects_the_bots_suggestion_in_the_hand(solo, client, app):
    play_until(app, solo, {0: client},
               lambda m: m.hand.phase in ("burying", "playing") and m.hand.to_act == 0)
    html = client.get(f"/r/{solo}/hint", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="hand"' in html and 'hx-swap-oob="true"' in html
    assert html.count(" checked>") >= 1


def test_the_next_hand_starts_once_every_person_pressed_continue(four_humans, app):
    code, clients = four_humans
    play_until(app, code, dict(enumerate(clients)), lambda m: m.hand_over)
    for client in clients[:3]:
        response = client.post(f"/r/{code}/next", data={"hand": "1"}, headers={"HX-Request": "true"})
        assert response.status_code == 200
    assert match_of(app, code).hand_number == 1  # one person has not pressed yet: everyone sees who is ready
    html = clients[3].get(f"/r/{code}").get_data(as_text=True)
    assert html.count('class="ready-mark"') == 3 and 'id="next-hand"' in html
    assert 'id="waiting-for-others"' in clients[0].get(f"/r/{code}").get_data(as_text=True)
    clients[3].post(f"/r/{code}/next", data={"hand": "1"})
    clients[0].post(f"/r/{code}/next", data={"hand": "1"})  # pressed again late: not an error, no second deal
    assert match_of(app, code).hand_number == 2


def test_R8_a_player_with_nothing_to_show_gets_the_same_pass_button_and_window_as_anyone(app):
    match = engine.Match(engine.Rules.preset("classic"), seed=22)
    while match.hand.phase == "dealing":
        match.apply(match.hand.to_act, engine.Draw())
    seat = match.hand.to_act
    assert match.hand.phase == "declaring" and match.hand.legal_showings(seat) == []
    snapshot = Snapshot(code="c", version=1, solo=True, preset="classic", rules=match.rules, started=True,
                        seats=[SeatInfo(i, None, None if i == seat else "normal", True, True, False) for i in range(4)],
                        my_seat=seat, is_host=False, view=match.view(seat), legal_showings=[])
    with app.test_request_context():
        regions = render_regions(snapshot)
    assert 'id="pass"' in regions["actions"]
    assert "Last chance to declare" in regions["status"]
