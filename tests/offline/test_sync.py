"""Scoresheets kept on the device reach the server through its sync API exactly once: whatever answers are
lost, whatever is fixed or deleted in between, and with changes made on the online page taken back."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Scoresheet
from webapp.offline.app import OfflineApp
from webapp.offline.sheet_views import STORAGE_KEY
from webapp.offline.storage import MemoryStorage

from .conftest import text_of
from .test_sheets import create, form_body, record


def sync(offline: OfflineApp, client, lose_answers: int = 0) -> list[int]:
    """What the page's script does when the network is there (static/js/offline.js): send the next call
    until nothing is left. The first ``lose_answers`` answers never reach the phone. Returns the statuses."""
    statuses = []
    for _ in range(20):
        call = offline.next_sync()
        if call is None:
            return statuses
        call = json.loads(call)
        response = client.open(call["path"], method=call["method"], json=call["body"],
                               headers={"X-Edit-Token": call["edit_token"]})
        statuses.append(response.status_code)
        if len(statuses) <= lose_answers:
            continue
        if response.status_code < 400:
            offline.sync_answered(call["code"], response.get_data(as_text=True))
        else:
            offline.sync_refused(call["code"], response.json["error"])
    raise AssertionError("the sync never finished")


def server_sheet(client, offline: OfflineApp, code: str) -> dict:
    server_code = offline.sheets.load(code).server["code"]
    return client.get(f"/s/{server_code}/sheet.json").json


def ids(sheet_json: dict) -> list[str]:
    return [entry["id"] for entry in sheet_json["sheet"]["entries"]]


def test_two_hands_recorded_offline_reach_the_server_once(offline, client):
    code = create(offline)
    record(offline, code, trick_points=35)
    record(offline, code, trick_points=120)
    assert offline.pending_count() == 3  # the sheet and its two hands
    assert sync(offline, client) == [201]
    stored = server_sheet(client, offline, code)
    assert ids(stored) == [entry.id for entry in offline.sheets.load(code).sheet.entries]
    assert stored["tally"]["state"]["levels"] == ["4", "3"] and stored["client_id"] == code
    assert offline.pending_count() == 0 and sync(offline, client) == []
    page = offline.handle("GET", f"/offline/s/{code}").body
    assert "The server has every hand" in text_of(page) and stored["url"] in page


def test_lost_answers_are_sent_again_without_duplicates(offline, client):
    code = create(offline)
    record(offline, code, trick_points=35)
    assert sync(offline, client, lose_answers=1) == [201, 200]  # the upload again: the same sheet
    record(offline, code, trick_points=120)
    record(offline, code, trick_points=60)
    assert sync(offline, client, lose_answers=1) == [200, 200]  # the new hands twice
    stored = server_sheet(client, offline, code)
    assert ids(stored) == [entry.id for entry in offline.sheets.load(code).sheet.entries]
    assert len(ids(stored)) == 3


def test_fixes_and_deletions_made_offline_follow_the_hands(offline, client):
    code = create(offline)
    record(offline, code, trick_points=35)
    record(offline, code, trick_points=120)
    sync(offline, client)
    first, second = (entry.id for entry in offline.sheets.load(code).sheet.entries)
    offline.handle("POST", f"/offline/s/{code}/hands/{first}", form_body({"trick_points": "80"}))
    offline.handle("POST", f"/offline/s/{code}/hands/{second}/delete", "")
    record(offline, code, trick_points=40)  # recorded after the deletion, while its answer is lost
    assert offline.pending_count() == 3  # a fix, a deletion, a new hand
    sync(offline, client, lose_answers=1)
    stored = server_sheet(client, offline, code)
    local = offline.sheets.load(code).sheet
    assert ids(stored) == [entry.id for entry in local.entries] and len(local.entries) == 2
    assert stored["sheet"]["entries"][0]["trick_points"] == 80 and second in stored["sheet"]["removed_ids"]


def test_a_hand_deleted_before_its_upload_was_answered_stays_deleted(offline, client):
    code = create(offline)
    record(offline, code, trick_points=35)
    sync(offline, client)
    record(offline, code, trick_points=120)
    sync(offline, client, lose_answers=1)  # the server has the hand; the phone did not hear so
    second = offline.sheets.load(code).sheet.entries[-1].id
    offline.handle("POST", f"/offline/s/{code}/undo", form_body({"entry_id": second}))
    sync(offline, client)
    assert ids(server_sheet(client, offline, code)) == [offline.sheets.load(code).sheet.entries[0].id]


def test_hands_recorded_on_the_online_page_come_back_to_the_phone(offline, client, app):
    code = create(offline)
    record(offline, code, trick_points=35)
    sync(offline, client)
    local = offline.sheets.load(code)
    online = app.test_client()
    answer = online.post(f"/s/{local.server['code']}/hands", data={"entry_id": "online-1", "trick_points": "60"},
                         headers={"X-Edit-Token": local.edit_token})
    assert answer.status_code == 303
    record(offline, code, trick_points=40)
    sync(offline, client)
    local_ids = [entry.id for entry in offline.sheets.load(code).sheet.entries]
    assert local_ids == ids(server_sheet(client, offline, code)) and local_ids[1] == "online-1"


def test_a_clock_started_offline_reaches_the_server(offline, client):
    code = create(offline, time_limit_minutes="60")
    sync(offline, client)
    offline.handle("POST", f"/offline/s/{code}/clock", "")
    assert offline.pending_count() == 1
    sync(offline, client)
    stored = server_sheet(client, offline, code)
    assert stored["clock_started_at"] is not None and offline.pending_count() == 0


def test_a_refused_sync_is_shown_and_not_sent_again(offline, client):
    code = create(offline)
    local = offline.sheets.load(code)
    client.post("/s", json={"client_id": code, "edit_token": "someone-else-0123456789abc",
                            "sheet": local.sheet.to_dict()})  # the client id is taken by another token
    assert sync(offline, client) == [403]
    page = offline.handle("GET", f"/offline/s/{code}").body
    assert "The server refused the upload" in text_of(page) and offline.next_sync() is None


def test_a_hand_deleted_on_the_online_page_is_dropped_here_too(offline, client, app):
    code = create(offline)
    record(offline, code, trick_points=35)
    record(offline, code, trick_points=120)
    sync(offline, client)
    local = offline.sheets.load(code)
    online = app.test_client()
    second = local.sheet.entries[1].id
    online.post(f"/s/{local.server['code']}/hands/{second}/delete", headers={"X-Edit-Token": local.edit_token})
    record(offline, code, trick_points=40)  # the phone does not know yet
    assert len(sync(offline, client)) <= 2  # no endless rounds
    local_ids = [entry.id for entry in offline.sheets.load(code).sheet.entries]
    assert second not in local_ids and local_ids == ids(server_sheet(client, offline, code))


def test_a_sheet_started_on_the_server_is_kept_here_and_goes_on_without_a_network(offline, app):
    scorekeeper = app.test_client()  # the browser that started the sheet online holds its edit cookie
    started = scorekeeper.post("/sheets", data={"team_0": "North", "team_1": "East", "preset": "classic",
                                                "level_0": "2", "level_1": "2", "first_dealer": "0"})
    server_code = started.headers["Location"].rsplit("/", 1)[1]
    scorekeeper.post(f"/s/{server_code}/hands", data={"entry_id": "online-1", "trick_points": "35"})
    answer = scorekeeper.get(f"/s/{server_code}/sheet.json").get_data(as_text=True)
    kept = offline.handle("POST", "/offline/keep", form_body({"answer": answer}))
    code = kept.headers["HX-Push-Url"].rsplit("/", 1)[1]
    again = offline.handle("POST", "/offline/keep", form_body({"answer": answer}))
    assert again.headers["HX-Push-Url"].endswith(code) and len(offline.sheets.all()) == 1  # kept once
    assert 'id="level-0">4<' in kept.body and offline.pending_count() == 0
    record(offline, code, trick_points=120)  # without a network
    assert offline.pending_count() == 1
    sync(offline, scorekeeper)  # no token in the request: the cookie is the scorekeeper's
    assert ids(server_sheet(scorekeeper, offline, code)) == [entry.id for entry in
                                                            offline.sheets.load(code).sheet.entries]
    assert len(ids(server_sheet(scorekeeper, offline, code))) == 2


def test_hands_recorded_offline_and_a_hand_corrected_online_converge(offline, client, app):
    """Hand 2 is fixed on the online page while the phone, without a network, records hands 3–5: both end
    with the fix and the phone's hands, dealt as they were played; recomputing on the phone reaches the server."""
    code = create(offline)
    record(offline, code, trick_points=35)
    record(offline, code, trick_points=60)
    sync(offline, client)
    local = offline.sheets.load(code)
    second = local.sheet.entries[1].id
    fixed = app.test_client().post(f"/s/{local.server['code']}/hands/{second}", data={"trick_points": "90"},
                                   headers={"X-Edit-Token": local.edit_token})
    assert fixed.status_code == 303
    for points in (60, 100, 40):
        record(offline, code, trick_points=points)
    sync(offline, client)
    phone = offline.sheets.load(code).sheet
    server = Scoresheet.from_dict(server_sheet(client, offline, code)["sheet"])
    assert phone == server and offline.pending_count() == 0
    assert server.entries[1].trick_points == 90  # the fix made online stands
    hands = server.compute().hands
    assert [h.dealer for h in hands] == [0, 2, 0, 2, 3]  # as the phone's table played them
    assert [h.number for h in hands if not h.dealer_follows] == [3]  # seat 4 was due after the fix
    assert "make Seat 4 its dealer" in text_of(offline.handle("GET", f"/offline/s/{code}").body)

    offline.handle("POST", f"/offline/s/{code}/hands/{phone.entries[2].id}/recompute", "")
    sync(offline, client)
    server = Scoresheet.from_dict(server_sheet(client, offline, code)["sheet"])
    assert offline.sheets.load(code).sheet == server
    assert [h.dealer for h in server.compute().hands] == [0, 2, 3, 1, 2]
    assert all(h.dealer_follows for h in server.compute().hands)


def test_a_recompute_on_the_phone_sends_only_the_dealers_so_a_fix_made_online_stays(offline, client, app):
    """The phone deals hands 3–5 again ("recompute from here") while the online page fixes hand 4's points:
    only the dealers go, one change per hand dealt again, and hand 4 keeps the online fix."""
    code = create(offline)
    for points in (35, 60):
        record(offline, code, trick_points=points)
    sync(offline, client)
    local = offline.sheets.load(code)
    online = app.test_client()
    online.post(f"/s/{local.server['code']}/hands/{local.sheet.entries[1].id}", data={"trick_points": "90"},
                headers={"X-Edit-Token": local.edit_token})
    for points in (60, 100, 40):
        record(offline, code, trick_points=points)
    sync(offline, client)
    phone = offline.sheets.load(code).sheet
    fourth = phone.entries[3].id
    online.post(f"/s/{local.server['code']}/hands/{fourth}", data={"trick_points": "55"},
                headers={"X-Edit-Token": local.edit_token})
    offline.handle("POST", f"/offline/s/{code}/hands/{phone.entries[2].id}/recompute", "")
    pending = offline.sheets.load(code).pending()
    assert (pending.edits, pending.count) == ((), len(pending.redeals)) and pending.redeals
    call = json.loads(offline.next_sync())
    assert call["body"]["redeals"] == [{"id": entry_id, "dealer": dealer} for entry_id, dealer in pending.redeals]
    sync(offline, client)
    server = Scoresheet.from_dict(server_sheet(client, offline, code)["sheet"])
    assert offline.sheets.load(code).sheet == server and offline.pending_count() == 0
    assert server.entries[3].trick_points == 55 and server.entries[2].dealer == 3


points = st.integers(0, 40).map(lambda n: str(5 * n))
steps = st.lists(st.one_of(
    st.tuples(st.just("phone records"), points),
    st.tuples(st.just("phone fixes"), st.integers(0, 9), points),
    st.tuples(st.just("phone deletes"), st.integers(0, 9)),
    st.tuples(st.just("phone recomputes"), st.integers(0, 9)),
    st.tuples(st.just("online records"), points),
    st.tuples(st.just("online fixes"), st.integers(0, 9), points),
    st.tuples(st.just("sync"), st.integers(0, 1)),
), max_size=14)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_a_phone_and_the_online_page_changing_one_sheet_converge(app, steps):
    """Whatever the phone and the online page do in between, and whichever answers are lost, a sync that
    sends the phone's changes leaves both with the same sheet; a hand fixed only online keeps that fix, a
    deleted hand stays deleted. (A phone with nothing to send asks nothing: it stays with the server's last
    answer.)"""
    client = app.test_client()
    offline = OfflineApp(MemoryStorage(), "en")
    code = create(offline)
    sync(offline, client)
    token = offline.sheets.load(code).edit_token
    server_code = offline.sheets.load(code).server["code"]
    fixed_online: dict[str, str] = {}
    online_hands = 0
    touched_on_phone: set[str] = set()
    deleted: set[str] = set()
    for step in steps:
        kind, *values = step
        local = offline.sheets.load(code).sheet
        ids = [entry.id for entry in local.entries]
        if kind == "phone records":
            html = offline.handle("GET", f"/offline/s/{code}").body
            if 'id="hand-form"' in html:
                offline.handle("POST", f"/offline/s/{code}/hands",
                               form_body({"entry_id": entry_id_of(html), "trick_points": values[0]}))
        elif kind == "online records":
            online_hands += 1
            client.post(f"/s/{server_code}/hands", data={"entry_id": f"online-{online_hands}",
                                                        "trick_points": values[0]}, headers={"X-Edit-Token": token})
        elif not ids and kind != "sync":
            continue
        elif kind == "phone fixes":
            entry_id = ids[values[0] % len(ids)]
            touched_on_phone.add(entry_id)
            offline.handle("POST", f"/offline/s/{code}/hands/{entry_id}", form_body({"trick_points": values[1]}))
        elif kind == "phone deletes":
            entry_id = ids[values[0] % len(ids)]
            deleted.add(entry_id)
            offline.handle("POST", f"/offline/s/{code}/hands/{entry_id}/delete", "")
        elif kind == "phone recomputes":
            offline.handle("POST", f"/offline/s/{code}/hands/{ids[values[0] % len(ids)]}/recompute", "")
        elif kind == "online fixes":
            online_ids = [entry["id"] for entry in client.get(f"/s/{server_code}/sheet.json").json["sheet"]["entries"]]
            if online_ids:
                entry_id = online_ids[values[0] % len(online_ids)]
                answer = client.post(f"/s/{server_code}/hands/{entry_id}", data={"trick_points": values[1]},
                                     headers={"X-Edit-Token": token})
                if answer.status_code == 303:
                    fixed_online[entry_id] = values[1]
        else:
            sync(offline, client, lose_answers=values[0])
    statuses = sync(offline, client)
    if any(status >= 400 for status in statuses) or offline.sheets.sync_problems:
        return  # the server refused the phone's hands (say, after a match end reached online): shown, not sent
    local = offline.sheets.load(code)
    assert offline.pending_count() == 0
    if not statuses:
        assert local.sheet == Scoresheet.from_dict(local.server["sheet"])
        return
    server = Scoresheet.from_dict(client.get(f"/s/{server_code}/sheet.json").json["sheet"])
    assert local.sheet == server
    for entry in server.entries:
        assert entry.id not in deleted
        if entry.id in fixed_online and entry.id not in touched_on_phone:
            assert str(entry.trick_points) == fixed_online[entry.id]


def entry_id_of(html: str) -> str:
    return html.split('id="hand-form"', 1)[1].split('name="entry_id" value="', 1)[1].split('"', 1)[0]


def test_a_sheet_kept_in_local_storage_before_dealers_were_kept_loads_as_it_meant(app, client):
    """A phone's ``localStorage`` from before: its entries and the server's last answer name a dealer only
    when nobody was scheduled. They load with the scheduled dealers, nothing is flagged and nothing new is
    waiting to go (no hand looks fixed), and the next hand is recorded and synced as before."""
    storage = MemoryStorage()
    offline = OfflineApp(storage, "en")
    code = create(offline)
    for points in (35, 60, 120):
        record(offline, code, trick_points=points)
    sync(offline, client)
    kept = json.loads(storage.get(STORAGE_KEY))
    for sheet in (kept[code]["sheet"], kept[code]["server"]["sheet"]):
        for entry in sheet["entries"]:
            del entry["dealer"]
    storage.put(STORAGE_KEY, json.dumps(kept))

    again = OfflineApp(storage, "en")
    assert [h.dealer for h in again.sheets.load(code).sheet.compute().hands] == [0, 2, 0]
    assert again.pending_count() == 0
    assert "off-schedule" not in again.handle("GET", f"/offline/s/{code}").body
    record(again, code, trick_points=40)
    assert sync(again, client) == [200]
    server = Scoresheet.from_dict(server_sheet(client, again, code)["sheet"])
    assert again.sheets.load(code).sheet == server and len(server.entries) == 4
