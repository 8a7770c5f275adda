"""The scorekeeper on the device: the server's sheet templates and form reading, answered by the offline app
on sheets kept in storage."""

from __future__ import annotations

import html as html_text
import re
from urllib.parse import urlencode

from webapp.offline.app import OfflineApp

from .conftest import region, text_of

NEW_SHEET = {"team_0": "North", "team_1": "East", "preset": "classic", "level_0": "2", "level_1": "2",
             "first_dealer": "0"}


def form_body(fields: dict[str, str]) -> str:
    return urlencode(fields)


def create(offline: OfflineApp, **fields: str) -> str:
    """A new sheet through the form; returns its local code."""
    answer = offline.handle("POST", "/offline/sheets", form_body({**NEW_SHEET, **fields}))
    assert answer.status == 200, answer.body
    return answer.headers["HX-Push-Url"].rsplit("/", 1)[1]


def entry_id(html: str) -> str:
    return re.search(r'name="entry_id" value="([^"]+)"', region(html, "sheet-form")).group(1)


def record(offline: OfflineApp, code: str, **fields) -> str:
    """Record the next hand through the form the page shows; returns the answer's HTML."""
    html = offline.handle("GET", f"/offline/s/{code}").body
    data = {"entry_id": entry_id(html), "trick_points": "0", **{k: str(v) for k, v in fields.items()}}
    answer = offline.handle("POST", f"/offline/s/{code}/hands", form_body(data))
    assert answer.status == 200, answer.body
    return answer.body


def test_the_new_sheet_form_is_the_servers_posting_here(offline):
    html = offline.handle("GET", "/offline/sheets/new").body
    assert 'action="/offline/sheets"' in html and 'id="team-0"' in html and 'name="time_limit_minutes"' in html


def test_bad_settings_come_back_with_a_message_and_what_was_typed(offline, storage):
    answer = offline.handle("POST", "/offline/sheets", form_body({**NEW_SHEET, "preset": "tractor"}))
    assert answer.status == 400 and "no such preset" in answer.body and 'value="North"' in answer.body
    assert offline.sheets.all() == {}


def test_hands_recorded_here_are_scored_by_the_engine_and_kept(offline, storage):
    code = create(offline)
    record(offline, code, trick_points=35)  # North (庄家) +2
    answer = record(offline, code, trick_points=85, defenders_took_last_trick="on", kitty_points=10,
                    last_lead="pair")  # 85 + 10 × 4 = 125: East +1 and on stage
    assert 'hx-swap-oob="true"' in answer and 'id="sheet-sync"' in answer
    assert 'id="level-0">4<' in answer
    again = OfflineApp(storage, "en").handle("GET", f"/offline/s/{code}").body
    assert 'id="level-0">4<' in again and 'id="level-1">3<' in again
    assert "85 + kitty 10×4 = 125" in text_of(region(again, "sheet-history"))
    assert "2 hand(s)" in text_of(region(again, "sheet-sync"))


def test_preview_edit_delete_and_undo_as_on_the_server(offline):
    code = create(offline)
    record(offline, code, trick_points=35)
    record(offline, code, trick_points=120)
    local = offline.sheets.load(code)
    first, second = (entry.id for entry in local.sheet.entries)
    preview = offline.handle("POST", f"/offline/s/{code}/preview", form_body({"entry_id": "x", "trick_points": "40"}))
    assert "→" in text_of(preview.body)
    bad = offline.handle("POST", f"/offline/s/{code}/preview", form_body({"entry_id": "x", "trick_points": "33"}))
    assert "multiple of 5" in bad.body
    edit = offline.handle("GET", f"/offline/s/{code}/hands/{first}/edit").body
    assert 'value="35"' in edit and f"/offline/s/{code}/hands/{first}" in edit
    offline.handle("POST", f"/offline/s/{code}/hands/{first}", form_body({"trick_points": "0"}))
    assert offline.sheets.load(code).sheet.entries[0].trick_points == 0
    offline.handle("POST", f"/offline/s/{code}/undo", form_body({"entry_id": second}))
    offline.handle("POST", f"/offline/s/{code}/undo", form_body({"entry_id": second}))  # a repeated undo
    assert [entry.id for entry in offline.sheets.load(code).sheet.entries] == [first]
    offline.handle("POST", f"/offline/s/{code}/hands/{first}/delete", "")
    sheet = offline.sheets.load(code).sheet
    assert sheet.entries == () and set(sheet.removed_ids) == {first, second}


def test_a_refused_hand_gets_the_engines_message_and_changes_nothing(offline):
    code = create(offline)
    html = offline.handle("GET", f"/offline/s/{code}").body
    answer = offline.handle("POST", f"/offline/s/{code}/hands", form_body({"entry_id": entry_id(html),
                                                                           "trick_points": "33"}))
    message = html_text.unescape(text_of(answer.body))
    assert answer.status == 422 and message == "Defenders' points from tricks: must be a multiple of 5 (R9.2); got 33"
    assert offline.sheets.load(code).version == 0


def test_a_timed_matchs_clock_starts_here_once(offline):
    code = create(offline, time_limit_minutes="90")
    assert 'id="start-clock"' in offline.handle("GET", f"/offline/s/{code}").body
    offline.handle("POST", f"/offline/s/{code}/clock", "")
    started = offline.sheets.load(code).clock_started_at
    offline.handle("POST", f"/offline/s/{code}/clock", "")
    assert started is not None and offline.sheets.load(code).clock_started_at == started
    assert "Time left" in text_of(offline.handle("GET", f"/offline/s/{code}").body)


def test_the_home_page_lists_the_sheets_with_what_is_to_sync(offline):
    code = create(offline)
    html = offline.handle("GET", "/offline/").body
    assert f'href="/offline/s/{code}"' in html and "to sync" in text_of(html)
    assert offline.pending_count() == 1  # the sheet itself, not yet on the server


def test_an_unknown_page_is_a_message(offline):
    answer = offline.handle("GET", "/offline/s/nope")
    assert answer.status == 404 and "not kept on this device" in answer.body


def test_a_fix_here_keeps_the_later_dealers_and_recompute_from_here_is_one_tap(offline):
    code = create(offline)
    for points in (35, 125, 60):
        record(offline, code, trick_points=points)
    first, second, _ = (entry.id for entry in offline.sheets.load(code).sheet.entries)
    offline.handle("POST", f"/offline/s/{code}/hands/{first}", form_body({"trick_points": "125", "dealer": "0"}))
    hands = offline.sheets.load(code).sheet.compute().hands
    assert [h.dealer for h in hands] == [0, 2, 3] and [h.dealer_follows for h in hands] == [True, False, True]
    recompute = f"/offline/s/{code}/hands/{second}/recompute"
    assert 'class="hand-row off-schedule" data-hand="2"' in offline.handle("GET", f"/offline/s/{code}").body
    assert f'action="{recompute}"' in offline.handle("GET", f"/offline/s/{code}").body
    answer = offline.handle("POST", recompute, "")
    assert answer.status == 200 and "off-schedule" not in answer.body
    assert [h.dealer for h in offline.sheets.load(code).sheet.compute().hands] == [0, 1, 2]
