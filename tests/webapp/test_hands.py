"""Issue 14, items 1 and 5 in rooms: every finished hand's review (/r/<code>/hands/<n>), its export
(/r/<code>/hands/<n>.json) and the match's (/r/<code>/hands.json) — for every preset, replayed through the engine
to the same result; nothing before the hand is over; and the statistics the seats' browsers are shown."""

from __future__ import annotations

import re

import pytest
from sqlmodel import select

import engine
from engine.review import hand_from_export
from webapp import db
from webapp.models import RoomHand

from .conftest import code_from, match_of, play_until, rooms_of


def room_of_four(app, preset: str = "classic"):
    host = app.test_client()
    code = code_from(host.post("/rooms", data={"preset": preset}))
    clients = [host] + [app.test_client() for _ in range(3)]
    for seat, client in enumerate(clients):
        assert client.post(f"/r/{code}/join", data={"seat": seat, "name": f"P{seat}"}).status_code == 303
    assert host.post(f"/r/{code}/start").status_code == 303
    return code, clients


def finish_hand(app, code: str, clients) -> engine.Match:
    play_until(app, code, dict(enumerate(clients)), lambda match: match.hand_over)
    return match_of(app, code)


@pytest.mark.parametrize("preset", sorted(engine.PRESETS))
def test_a_finished_hand_of_every_preset_has_a_review_and_an_export_that_replays_to_the_same_result(app, preset):
    code, clients = room_of_four(app, preset)
    match = finish_hand(app, code, clients)
    number = match.hand_number
    exported = clients[1].get(f"/r/{code}/hands/{number}.json")
    assert exported.status_code == 200 and exported.mimetype == "application/json"
    assert "attachment" in exported.headers["Content-Disposition"]
    hand = hand_from_export(exported.json)
    assert hand.result == match.hand.result and hand.to_dict() == match.hand.to_dict()
    assert exported.json["seats"] == ["P0", "P1", "P2", "P3"]
    page = app.test_client().get(f"/r/{code}/hands/{number}").get_data(as_text=True)  # a spectator too
    assert len(re.findall(r'class="step panel"', page)) == len(match.hand.tricks) + 2  # deal, tricks, result
    assert f'<td id="defenders-total">{match.hand.result.defender_points}</td>' in page
    whole = clients[0].get(f"/r/{code}/hands.json").json
    assert [hand_from_export(h).result for h in whole["hands"]] == [match.hand.result]


def test_a_hand_in_play_is_not_shown_and_its_number_is_refused_cleanly(app, four_humans):
    code, clients = four_humans
    for path in ("/hands/1", "/hands/1.json", "/hands/0", "/hands/99", "/hands/1x", "/hands/" + "9" * 23):
        response = clients[0].get(f"/r/{code}{path}")
        assert response.status_code == 404, path
    assert clients[0].get(f"/r/{code}/hands.json").json["hands"] == []


def test_each_hand_is_replayed_from_its_own_start_after_the_next_hands_began(app, four_humans):
    code, clients = four_humans
    first = finish_hand(app, code, clients)
    for client in clients:
        client.post(f"/r/{code}/next", data={"hand": first.hand_number})
    assert match_of(app, code).hand_number == 2
    second = finish_hand(app, code, clients)
    rooms_of(app).hands._kept.clear()  # replayed from the database, not this process's copies
    for match_hand, number in ((first.hand, 1), (second.hand, 2)):
        replayed = hand_from_export(clients[2].get(f"/r/{code}/hands/{number}.json").json)
        assert replayed.to_dict() == match_hand.to_dict()
    review = clients[0].get(f"/r/{code}/hands/1").get_data(as_text=True)
    assert 'id="next-hand-review"' in review and 'id="previous-hand"' not in review
    with app.app_context(), db.session() as session:
        kept = session.exec(select(RoomHand.hand_number).where(RoomHand.code == code)).all()
    assert sorted(kept) == [1, 2]


def test_the_hand_end_screen_links_to_the_review(app, four_humans):
    code, clients = four_humans
    match = finish_hand(app, code, clients)
    page = clients[3].get(f"/r/{code}").get_data(as_text=True)
    assert f'href="/r/{code}/hands/{match.hand_number}"' in page


def test_the_statistics_of_each_seat_s_browser(app, four_humans):
    code, clients = four_humans
    assert 'id="no-stats"' in clients[0].get("/stats").get_data(as_text=True)
    match = finish_hand(app, code, clients)
    declarers_won = match.hand.result.side == "declarers"
    for seat, client in enumerate(clients):
        page = client.get("/stats").get_data(as_text=True)
        assert '<td id="stat-hands">1</td>' in page and '<td id="stat-matches">1</td>' in page
        declaring = engine.team_of(seat) == match.hand.result.declarers
        won = declarers_won == declaring
        assert f'<td id="stat-{"declaring" if declaring else "defending"}">{int(won)} / 1</td>' in page
    assert 'id="no-stats"' in app.test_client().get("/stats").get_data(as_text=True)  # a stranger: nothing
