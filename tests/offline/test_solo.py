"""The solo game on the device: the server's room templates answered by the offline app, bots moved at the
page's request, whole hands played, illegal plays refused, the game kept in storage."""

from __future__ import annotations

import re

from webapp.offline.app import OfflineApp

from .conftest import region, text_of

ROOM = "/offline/r/solo"


def start(offline: OfflineApp, level: str = "normal"):
    return offline.handle("POST", "/offline/solo", f"level={level}")


def run_the_table(offline: OfflineApp) -> int:
    """Let the table act by itself (the deal, the bots) until the player must; returns the moves taken."""
    moves = 0
    while offline.solo_next_pace(0, 0, 3600) is not None:
        assert offline.solo_step() is not None
        moves += 1
    return moves


def page(offline: OfflineApp) -> str:
    answer = offline.handle("GET", ROOM)
    assert answer.status == 200
    return answer.body


def action_id(html: str) -> str:
    return re.search(r'name="action_id" value="([^"]+)"', html).group(1)


def hinted_cards(offline: OfflineApp) -> list[str]:
    answer = offline.handle("GET", f"{ROOM}/hint")
    return re.findall(r'name="cards" value="([^"]+)" checked', answer.body)


def take_turn(offline: OfflineApp) -> str:
    """What a person does on their turn, through the page's forms: declare or pass, bury or play the hint."""
    html = page(offline)
    turn = re.search(r'data-phase="(\w+)"', html).group(1)
    if turn in ("declaring", "overturning"):
        body = "type=pass"
    elif turn == "done":
        return turn
    else:
        kind = "bury" if turn == "burying" else "play"
        body = f"type={kind}&" + "&".join(f"cards={card}" for card in hinted_cards(offline))
    answer = offline.handle("POST", f"{ROOM}/act", f"{body}&action_id={action_id(html)}")
    assert answer.status == 200, answer.body
    return turn


def test_home_offers_solo_and_scoresheets(offline):
    html = offline.handle("GET", "/offline/").body
    assert 'action="/offline/solo"' in html and 'id="solo-hard"' in html
    assert 'href="/offline/sheets/new"' in html and "resume-solo" not in html


def test_a_new_game_is_dealt_by_the_table_with_the_rooms_regions(offline):
    answer = start(offline, "easy")
    assert answer.headers == {"HX-Push-Url": ROOM}
    for region_id in ("lobby", "status", "table", "actions", "hand", "score", "message"):
        assert f'id="{region_id}"' in answer.body
    assert run_the_table(offline) >= 25  # the deal round by round (a card to each seat a step), showings, passes
    html = page(offline)
    assert len(re.findall(r'name="cards" value=', region(html, "hand"))) in (25, 33)
    assert f'hx-post="{ROOM}/act"' in html
    assert "Dealing" not in text_of(region(html, "status"))


def test_a_whole_hand_to_the_hand_end_screen_then_the_next_hand(offline):
    start(offline)
    turns = set()
    while 'id="result"' not in page(offline):
        run_the_table(offline)
        turns.add(take_turn(offline))
    assert "playing" in turns
    html = page(offline)
    assert re.search(r'id="defenders-total">-?\d+<', html) and "Next dealer" in text_of(html)
    answer = offline.handle("POST", f"{ROOM}/next", f"action_id={action_id(html)}")
    assert answer.status == 200 and 'id="result"' not in page(offline)
    assert "Hand 2" in text_of(region(page(offline), "status"))


def test_an_illegal_play_is_refused_with_its_rule_and_changes_nothing(offline):
    start(offline)
    run_the_table(offline)
    while re.search(r'data-phase="(\w+)"', page(offline)).group(1) != "playing":
        take_turn(offline)
        run_the_table(offline)
    html = page(offline)
    cards = re.findall(r'name="cards" value="([^"]+)"', region(html, "hand"))
    body = "type=play&" + "&".join(f"cards={card}" for card in cards) + f"&action_id={action_id(html)}"
    answer = offline.handle("POST", f"{ROOM}/act", body)
    assert answer.status == 422 and re.search(r"R\d+\.\d+", text_of(answer.body))
    assert page(offline) == html


def test_a_double_tap_is_applied_once(offline):
    start(offline)
    run_the_table(offline)
    html = page(offline)
    turn = re.search(r'data-phase="(\w+)"', html).group(1)
    assert turn in ("declaring", "overturning", "burying", "playing")
    version = offline.solo.table().version
    take_turn(offline)
    answer = offline.handle("POST", f"{ROOM}/act", f"type=pass&action_id={action_id(html)}")  # the same id again
    assert answer.status == 200 and offline.solo.table().version == version + 1


def test_the_game_is_kept_in_storage_and_comes_back_in_a_new_page(offline, storage):
    start(offline)
    run_the_table(offline)
    before = region(page(offline), "hand")
    again = OfflineApp(storage, "en")
    assert region(page(again), "hand") == before
    assert 'id="resume-solo"' in again.handle("GET", "/offline/").body


def test_the_page_speaks_the_language_it_was_kept_in(storage):
    offline = OfflineApp(storage, "zh_Hans")
    start(offline)
    run_the_table(offline)
    shown = page(offline)
    # "Hand 1", "You": the catalogue the server uses.
    assert "第1局" in text_of(region(shown, "status")) and "你" in text_of(region(shown, "table"))


def test_a_fault_in_the_app_is_a_message_not_a_dead_page(offline, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(offline.solo, "table", broken)
    answer = offline.handle("GET", ROOM)
    assert answer.status == 500 and "Something went wrong on this device" in answer.body
