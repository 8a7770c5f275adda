"""The scoresheet's JSON sync API for the offline app (issue 6): a sheet made offline is uploaded once, and
hands recorded, fixed or deleted offline reach the server exactly once, however often they are sent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from .sheet_helpers import loaded, new_sheet, offline_sheet, page, region, text_of

TOKEN = "offline-phone-secret-0123456789"


def upload(client, sheet: dict, client_id: str = "phone-sheet-1", token: str = TOKEN, **extra):
    return client.post("/s", json={"client_id": client_id, "edit_token": token, "sheet": sheet, **extra})


def sync(client, code: str, token: str | None = TOKEN, **body):
    headers = {"X-Edit-Token": token} if token else {}
    return client.post(f"/s/{code}/entries", json=body, headers=headers)


H1 = {"id": "h1", "trick_points": 35}
H2 = {"id": "h2", "trick_points": 85, "defenders_took_last_trick": True, "kitty_points": 10, "last_lead": "pair"}
H3 = {"id": "h3", "trick_points": 60}


def test_a_sheet_made_offline_is_uploaded_exactly_once(app):
    phone = app.test_client()
    first = upload(phone, offline_sheet(H1, H2))
    assert first.status_code == 201
    code = first.json["code"]
    assert first.json["url"].endswith(f"/s/{code}") and first.json["edit_token"] == TOKEN
    assert [hand["defender_points"] for hand in first.json["tally"]["hands"]] == [35, 125]
    assert first.json["tally"]["state"]["levels"] == ["4", "3"]
    # The answer was lost: the phone uploads again, with a hand recorded meanwhile.
    again = upload(app.test_client(), offline_sheet(H1, H2, H3))
    assert again.status_code == 200 and again.json["code"] == code
    assert [entry["id"] for entry in again.json["sheet"]["entries"]] == ["h1", "h2", "h3"]
    once_more = upload(app.test_client(), offline_sheet(H1, H2, H3))
    assert once_more.json["version"] == again.json["version"]
    assert len(loaded(app, code).sheet.entries) == 3
    # The upload also set the edit cookie, so the phone's browser can keep score on the page.
    assert 'id="hand-form"' in page(phone, code)


def test_an_upload_with_someone_elses_client_id_needs_its_token(client, app):
    code = upload(client, offline_sheet(H1)).json["code"]
    stolen = upload(app.test_client(), offline_sheet(H1, H2), token="a-different-secret-0123456789")
    assert stolen.status_code == 403 and "read-only" in stolen.json["error"]
    assert len(loaded(app, code).sheet.entries) == 1


@pytest.mark.parametrize(("body", "status", "field"), [
    ({"client_id": "c1", "edit_token": "short", "sheet": offline_sheet()}, 400, "edit_token"),
    ({"edit_token": "x" * 21, "sheet": offline_sheet()}, 400, "edit_token"),  # issue 11: without client_id too
    ({"client_id": "c1", "sheet": offline_sheet()}, 400, "edit_token"),
    ({"client_id": "c1", "edit_token": TOKEN, "sheet": offline_sheet(rules={"colour": "red"})}, 400,
     "sheet.rules.colour"),
    ({"client_id": "c1", "edit_token": TOKEN, "sheet": offline_sheet({"id": "h1", "trick_points": 33})},
     422, "trick_points"),
    ({"client_id": "c1", "edit_token": TOKEN, "sheet": offline_sheet(), "preset": "nope"}, 400, "preset"),
    ({"client_id": "c1", "edit_token": TOKEN, "sheet": "not a sheet"}, 400, "sheet"),
])
def test_bad_uploads_are_refused_with_a_reason(client, body, status, field):
    response = client.post("/s", json=body)
    assert response.status_code == status and response.json["error"]
    assert response.json.get("field") == field


def test_an_online_json_sheet_gets_a_server_made_token(client, app):
    response = client.post("/s", json={"sheet": offline_sheet()})
    assert response.status_code == 201
    token = response.json["edit_token"]
    assert len(token) >= 22 and loaded(app, response.json["code"]).editable_by(token)


def test_R9_5_an_offline_clock_start_is_kept(client, app):
    started = datetime.now(UTC) - timedelta(hours=2)
    sheet = offline_sheet(H1, rules={"time_limit_minutes": 90})
    response = upload(client, sheet, clock_started_at=started.isoformat())
    code = response.json["code"]
    assert datetime.fromisoformat(response.json["clock_started_at"]) == started
    clock = region(page(client, code), "sheet-clock")
    assert 'class="sheet-clock up"' in clock  # 90 minutes are over
    assert "Time is up (R9.5): North win" in text_of(clock)


def test_R9_5_a_clock_started_offline_after_the_upload(client, app):
    code = upload(client, offline_sheet(rules={"time_limit_minutes": 60})).json["code"]
    started = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
    response = client.post(f"/s/{code}/clock", json={"started_at": "2026-11-30T08:00:00Z"},
                           headers={"X-Edit-Token": TOKEN})
    assert response.status_code == 200 and datetime.fromisoformat(response.json["clock_started_at"]) == started
    later = client.post(f"/s/{code}/clock", json={"started_at": "2026-11-30T09:00:00+00:00"},
                        headers={"X-Edit-Token": TOKEN})
    assert datetime.fromisoformat(later.json["clock_started_at"]) == started  # the first start stands
    bad = client.post(f"/s/{code}/clock", json={"started_at": "at eight"}, headers={"X-Edit-Token": TOKEN})
    assert bad.status_code == 400 and "ISO 8601" in bad.json["error"]


def test_re_sent_hands_are_stored_once(client, app):
    code = new_sheet(client)
    token = client.get_cookie("sheet", path=f"/s/{code}").value
    first = sync(client, code, token, entries=[H1, H2])
    assert first.status_code == 200 and [h["entry_id"] for h in first.json["tally"]["hands"]] == ["h1", "h2"]
    version = first.json["version"]
    again = sync(client, code, token, entries=[H1, H2])
    assert again.json["version"] == version and again.json["sheet"] == first.json["sheet"]
    overlap = sync(client, code, token, entries=[H2, H3])
    assert [entry["id"] for entry in overlap.json["sheet"]["entries"]] == ["h1", "h2", "h3"]


def test_the_cookie_works_as_well_as_the_header(client, app):
    code = new_sheet(client)
    response = client.post(f"/s/{code}/entries", json={"entries": [H1]})
    assert response.status_code == 200 and response.json["tally"]["state"]["levels"] == ["4", "2"]


def test_edits_and_deletions_sync_and_a_deleted_hand_never_comes_back(client, app):
    code = upload(client, offline_sheet(H1, H2, H3)).json["code"]
    fixed = {**H1, "trick_points": 0}
    response = sync(client, code, edits=[fixed], deletions=["h2"])
    assert [entry["id"] for entry in response.json["sheet"]["entries"]] == ["h1", "h3"]
    assert response.json["tally"]["hands"][0]["steps"] == 3  # classic: 0 points, declarers +3
    again = sync(client, code, entries=[H1, H2, H3], edits=[fixed], deletions=["h2"])
    assert again.json["version"] == response.json["version"]
    assert [entry["id"] for entry in again.json["sheet"]["entries"]] == ["h1", "h3"]


def test_a_deletion_that_arrives_before_its_hand_still_wins(client, app):
    code = upload(client, offline_sheet(H1)).json["code"]
    sync(client, code, deletions=["h2"])
    late = sync(client, code, entries=[H2])
    assert [entry["id"] for entry in late.json["sheet"]["entries"]] == ["h1"]
    assert late.json["sheet"]["removed_ids"] == ["h2"]


def test_a_refused_batch_changes_nothing(client, app):
    code = upload(client, offline_sheet(H1)).json["code"]
    before = loaded(app, code)
    response = sync(client, code, entries=[H2, {"id": "h3", "trick_points": 33}])
    assert response.status_code == 422
    assert response.json["field"] == "trick_points" and "multiple of 5" in response.json["error"]
    unknown = sync(client, code, entries=[{"id": "h4", "points": 40}])
    assert unknown.status_code == 400 and unknown.json["field"] == "entries.0.points"
    missing = sync(client, code, edits=[{"id": "nope", "trick_points": 40}])
    assert missing.status_code == 422 and missing.json["field"] == "id"
    not_a_list = sync(client, code, entries={"id": "h5"})
    assert not_a_list.status_code == 400
    after = loaded(app, code)
    assert (after.version, after.sheet) == (before.version, before.sheet)


def test_a_wrong_token_is_refused_as_json(client, app):
    code = upload(client, offline_sheet(H1)).json["code"]
    response = app.test_client().post(f"/s/{code}/entries", json={"entries": [H2]},
                                      headers={"X-Edit-Token": "guess"})
    assert response.status_code == 403 and "read-only" in response.json["error"]
    assert len(loaded(app, code).sheet.entries) == 1


def test_anyone_with_the_link_can_read_the_sheet_as_json(client, app):
    code = upload(client, offline_sheet(H1, H2)).json["code"]
    data = app.test_client().get(f"/s/{code}/sheet.json").json
    assert data["code"] == code and data["client_id"] == "phone-sheet-1"
    assert data["tally"]["state"]["dealer"] == 3 and data["time_up_winner"] == 0
    assert "edit_token" not in data
    assert client.get("/s/missing/sheet.json").status_code == 404


def test_hands_a_phone_recorded_keep_the_dealers_they_were_played_with(client, app):
    """The phone's sheet scheduled seat 2 for hand 3; here hand 2 was fixed meanwhile, which schedules seat 4."""
    code = upload(client, offline_sheet(H1, H2)).json["code"]
    response = sync(client, code, entries=[{**H3, "dealer": 1}])
    assert response.status_code == 200
    third = response.json["tally"]["hands"][2]
    assert (third["dealer"], third["scheduled_dealer"], third["dealer_follows"]) == (1, 3, False)
    assert response.json["sheet"]["entries"][2]["dealer"] == 1
    assert "make Seat 4 its dealer" in text_of(page(client, code))
    again = sync(client, code, entries=[{**H3, "dealer": 1}])
    assert again.json["version"] == response.json["version"]


def test_entries_without_a_dealer_are_dealt_as_scheduled_and_keep_it(client, app):
    """An older phone's entries name a dealer only when nobody is scheduled (R8.3, R11)."""
    code = upload(client, offline_sheet(H1, H2, H3)).json["code"]
    assert [entry["dealer"] for entry in loaded(app, code).sheet.to_dict()["entries"]] == [0, 2, 3]
    response = sync(client, code, edits=[{**H1, "trick_points": 125}])  # its fix names no dealer either
    assert [hand["dealer"] for hand in response.json["tally"]["hands"]] == [0, 2, 3]
    assert [hand["dealer_follows"] for hand in response.json["tally"]["hands"]] == [True, False, True]


def test_fixes_sent_together_are_checked_together(client, app):
    hands = [{"id": "a", "trick_points": 40}, {"id": "b", "trick_points": 80}, {"id": "c", "trick_points": 80}]
    code = upload(client, offline_sheet(*hands, starting_levels=["K", "K"])).json["code"]
    alone = sync(client, code, edits=[{"id": "b", "trick_points": 40, "dealer": 2}])
    assert alone.status_code == 422 and "match would end after hand 2" in alone.json["error"]
    both = sync(client, code, edits=[{"id": "b", "trick_points": 40, "dealer": 2},
                                     {"id": "a", "trick_points": 80, "dealer": 0}])
    assert both.status_code == 200 and both.json["tally"]["state"]["winner"] is None


def test_R9_3_a_redeal_changes_only_the_dealer_so_a_fix_made_online_stays(client, app):
    """A phone's "recompute from here" reaches the server as the dealers it gave; meanwhile the online page
    fixed hand 3's points, and that fix stays. Sent again, or naming a hand deleted meanwhile, it changes
    nothing more."""
    code = upload(client, offline_sheet(H1, H2, {**H3, "dealer": 1})).json["code"]
    online = sync(client, code, edits=[{**H3, "trick_points": 80, "dealer": 1}])
    response = sync(client, code, redeals=[{"id": "h3", "dealer": 3}, {"id": "gone", "dealer": 0}])
    assert response.status_code == 200 and response.json["version"] == online.json["version"] + 1
    third = response.json["sheet"]["entries"][2]
    assert (third["dealer"], third["trick_points"]) == (3, 80)
    assert all(hand["dealer_follows"] for hand in response.json["tally"]["hands"])
    again = sync(client, code, redeals=[{"id": "h3", "dealer": 3}])
    assert again.json["version"] == response.json["version"]


@pytest.mark.parametrize(("redeal", "status", "field"), [
    ({"id": "h1", "dealer": 4}, 422, "dealer"),
    ({"id": "h1", "dealer": "3"}, 400, "redeals.0.dealer"),
    ({"id": "h1"}, 400, "redeals.0.dealer"),
    ({"id": "h1", "dealer": 1, "trick_points": 0}, 400, "redeals.0.trick_points"),
])
def test_a_bad_redeal_is_refused_and_changes_nothing(client, app, redeal, status, field):
    code = upload(client, offline_sheet(H1, H2)).json["code"]
    before = loaded(app, code)
    response = sync(client, code, redeals=[redeal])
    assert response.status_code == status and response.json["field"] == field and response.json["error"]
    after = loaded(app, code)
    assert (after.version, after.sheet) == (before.version, before.sheet)
