"""Actions: illegal, out of turn, for another seat, forged or missing token, malformed — a clear error and no
change; a double tap is applied once; concurrent actions never corrupt a room."""

from __future__ import annotations

import re
import threading

import engine
from webapp.core import players
from webapp.rooms import log
from webapp.rooms.commit import Change

from .conftest import act, match_of, person_move, play_until, room_of_four, rooms_of, version_of

HTMX = {"HX-Request": "true"}


def unchanged(app, code, before_version, before_state):
    assert version_of(app, code) == before_version
    assert match_of(app, code).to_dict() == before_state


def snapshot(app, code):
    return version_of(app, code), match_of(app, code).to_dict()


def my_play_turn(app, code, client):
    play_until(app, code, {0: client}, lambda m: m.hand.phase == "playing" and m.hand.to_act == 0)
    return match_of(app, code)


def test_illegal_play_is_refused_with_the_rule_and_nothing_changes(solo, client, app):
    match = my_play_turn(app, solo, client)
    hand = match.hand
    # Every card at once: never a legal lead (R4.2 one suit) nor a legal follow (R5.1 size).
    cards = " ".join(str(c) for c in hand.hands[0])
    before = snapshot(app, solo)
    response = act(client, solo, {"type": "play", "cards": cards}, **HTMX)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert 'id="message"' in text and ("R4" in text or "R5" in text)
    unchanged(app, solo, *before)


def test_illegal_play_message_is_in_the_readers_language(solo, client, app):
    match = my_play_turn(app, solo, client)
    cards = " ".join(str(c) for c in match.hand.hands[0])
    response = act(client, solo, {"type": "play", "cards": cards}, **HTMX, **{"Accept-Language": "zh-CN"})
    text = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "首家出牌必须同一花色" in text or "必须出" in text  # R4.2 or R5.1, whole sentence in Chinese


def test_illegal_play_without_javascript_shows_the_room_page_with_the_message(solo, client, app):
    match = my_play_turn(app, solo, client)
    cards = " ".join(str(c) for c in match.hand.hands[0])
    response = act(client, solo, {"type": "play", "cards": cards})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "<html" in text and 'class="message error"' in text


def test_action_out_of_turn_is_refused(four_humans, app):
    code, clients = four_humans
    waiting = match_of(app, code).hand.to_act
    before = snapshot(app, code)
    response = act(clients[(waiting + 1) % 4], code, {"type": "pass"}, **HTMX)
    assert response.status_code == 422 and "turn" in response.get_data(as_text=True)
    unchanged(app, code, *before)


def test_a_person_cannot_draw_the_deal_on(four_humans, app):
    code, clients = four_humans
    seat = match_of(app, code).hand.to_act  # (the test app has dealt at once: a draw is refused in any phase)
    before = snapshot(app, code)
    response = act(clients[seat], code, {"type": "draw"}, **HTMX)
    assert response.status_code == 422 and "dealt by the table" in response.get_data(as_text=True)
    unchanged(app, code, *before)


def test_acting_for_another_seat_is_impossible(four_humans, app):
    code, clients = four_humans
    match = match_of(app, code)
    waiting = match.hand.to_act
    other = clients[(waiting + 1) % 4]
    before = snapshot(app, code)
    # The seat comes from the token only: a "seat" field naming the waiting seat changes nothing.
    response = other.post(f"/r/{code}/act", data={**person_move(match, waiting), "seat": waiting}, headers=HTMX)
    assert response.status_code in (400, 422)
    unchanged(app, code, *before)


def test_forged_and_missing_tokens_are_refused(solo, client, app):
    match = match_of(app, solo)
    payload = person_move(match, 0)
    before = snapshot(app, solo)
    stranger = app.test_client()
    response = act(stranger, solo, payload, **HTMX)
    assert response.status_code == 403 and "no seat" in response.get_data(as_text=True)
    stranger.set_cookie("seat", "forged-token-value", path=f"/r/{solo}")
    assert act(stranger, solo, payload, **HTMX).status_code == 403
    unchanged(app, solo, *before)


def test_malformed_payloads_are_refused(solo, client, app):
    before = snapshot(app, solo)
    bad_json = client.post(f"/r/{solo}/act", data="{not json", content_type="application/json", headers=HTMX)
    assert bad_json.status_code == 400 and "JSON" in bad_json.get_data(as_text=True)
    unknown = client.post(f"/r/{solo}/act", json={"type": "teleport"}, headers=HTMX)
    assert unknown.status_code == 400 and "not an action" in unknown.get_data(as_text=True).lower()
    bad_cards = client.post(f"/r/{solo}/act", json={"type": "play", "cards": "11H ZZ"}, headers=HTMX)
    assert bad_cards.status_code == 400 and "not a card" in bad_cards.get_data(as_text=True)
    no_type = client.post(f"/r/{solo}/act", data={"cards": "2H"}, headers=HTMX)
    assert no_type.status_code == 400
    unchanged(app, solo, *before)


def test_a_double_tap_is_applied_once(solo, client, app):
    match = match_of(app, solo)
    payload = person_move(match, match.hand.to_act)
    version = version_of(app, solo)
    first = act(client, solo, payload, action_id="tap-1", **HTMX)
    assert first.status_code == 200
    after_first = snapshot(app, solo)
    assert after_first[0] > version
    second = act(client, solo, payload, action_id="tap-1", **HTMX)
    assert second.status_code == 200
    unchanged(app, solo, *after_first)


def test_an_action_id_of_a_move_sent_to_the_next_hand_is_refused(solo, client, app):
    match = match_of(app, solo)
    assert act(client, solo, person_move(match, match.hand.to_act), action_id="tap-1", **HTMX).status_code == 200
    after_first = snapshot(app, solo)
    response = client.post(f"/r/{solo}/next", data={"action_id": "tap-1"}, headers=HTMX)
    assert response.status_code == 409 and "already used for another move" in response.get_data(as_text=True)
    unchanged(app, solo, *after_first)


def test_an_action_id_used_again_for_another_move_is_refused(four_humans, app):
    code, clients = four_humans
    play_until(app, code, {seat: clients[seat] for seat in range(4)},
               lambda m: m.hand.phase == "playing" and m.hand.to_act == 0)
    match = match_of(app, code)
    first = person_move(match, 0)
    assert act(clients[0], code, first, action_id="tap-1", **HTMX).status_code == 200
    after_first = snapshot(app, code)
    # The same id again with other cards (a client of its own, or a forged request): not a repeat, not applied.
    other = {"type": "play", "cards": next(str(c) for c in match.hand.hands[0] if str(c) != first["cards"])}
    response = act(clients[0], code, other, action_id="tap-1", **HTMX)
    assert response.status_code == 409 and "already used for another move" in response.get_data(as_text=True)
    unchanged(app, code, *after_first)
    # Another seat sending that id, even with the very move it was applied with, is no repeat either.
    assert act(clients[1], code, first, action_id="tap-1", **HTMX).status_code == 409
    unchanged(app, code, *after_first)
    # The move it was applied with, sent again by its seat, is a double tap: still a no-op.
    assert act(clients[0], code, first, action_id="tap-1", **HTMX).status_code == 200
    unchanged(app, code, *after_first)


def page_action_id(client, code: str) -> str:
    """The id the seat's page gives its next action (what a tap sends)."""
    html = client.get(f"/r/{code}").get_data(as_text=True)
    return re.search(r'name="action_id" value="([^"]+)"', html).group(1)


def test_a_tap_made_before_a_move_made_for_the_seat_is_refused(four_humans, app):
    code, clients = four_humans
    people = dict(enumerate(clients))
    play_until(app, code, people, lambda m: m.hand.phase == "playing" and m.hand.to_act == 0)
    stale = page_action_id(clients[0], code)
    # The seat's turn is played for it (its turn clock ran out, 托管, an away seat): a move without an id.
    rooms = rooms_of(app)
    loaded = rooms.cache.load(code)
    rooms.committer.commit(loaded, Change((log.act(loaded.match, 0, players.hint(loaded.match.view(0))),)))
    play_until(app, code, {seat: people[seat] for seat in (1, 2, 3)}, lambda m: m.hand.to_act == 0)
    # The person's tap, chosen on the table before that move, arrives now that it is their turn again.
    match = match_of(app, code)
    before = snapshot(app, code)
    response = act(clients[0], code, person_move(match, 0), action_id=stale, **HTMX)
    assert response.status_code == 409 and "moved on" in response.get_data(as_text=True)
    unchanged(app, code, *before)
    # The page, looked at again, offers a new id, and the same move goes through.
    fresh = page_action_id(clients[0], code)
    assert fresh != stale
    assert act(clients[0], code, person_move(match, 0), action_id=fresh, **HTMX).status_code == 200
    assert version_of(app, code) > before[0]


def test_concurrent_actions_on_one_room_apply_exactly_one(app):
    for _ in range(50):  # a deal where the seat to act can make the match's first declaration (most deals)
        code, clients = room_of_four(app)
        match = match_of(app, code)
        seat = match.hand.to_act
        payload = person_move(match, seat)
        if payload["type"] == "show":
            break
    assert payload["type"] == "show"
    statuses = []

    def tap(n: int) -> None:
        statuses.append(act(clients[seat], code, payload, action_id=f"c{n}", **HTMX).status_code)

    threads = [threading.Thread(target=tap, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [422] * 7
    after = match_of(app, code)
    assert [engine.encode(e.action) for e in after.hand.log if e.seat == seat].count(payload) == 1
    # The stored state replays to itself: the room is not corrupted.
    assert engine.Match.from_dict(after.to_dict()).to_dict() == after.to_dict()
