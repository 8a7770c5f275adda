"""Issue 14 in the offline app: the solo game's card counter (a solo setting), the hint's advice, each finished
hand's review and export, an exported hand (from the server or this device) opened for its review, and the
statistics kept in the browser's storage."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest

from engine.review import hand_from_export
from webapp.offline.app import OfflineApp

from .conftest import text_of
from .test_solo import ROOM, action_id, page, run_the_table, take_turn


def play_to_the_end(offline: OfflineApp, counter: bool = False) -> None:
    offline.handle("POST", "/offline/solo", "level=normal" + ("&counter=on" if counter else ""))
    while 'id="result"' not in page(offline):
        run_the_table(offline)
        take_turn(offline)


def play_until_playing(offline: OfflineApp) -> None:
    run_the_table(offline)
    while re.search(r'data-phase="(\w+)"', page(offline)).group(1) != "playing":
        take_turn(offline)
        run_the_table(offline)


@pytest.mark.parametrize("counter", [True, False])
def test_the_solo_counter_is_a_setting_of_the_game(offline, counter):
    offline.handle("POST", "/offline/solo", "level=easy" + ("&counter=on" if counter else ""))
    play_until_playing(offline)
    assert ('id="card-counter"' in page(offline)) is counter


def test_a_solo_counter_neither_on_nor_off_is_refused_and_starts_no_game(offline):
    answer = offline.handle("POST", "/offline/solo", "level=easy&counter=maybe")
    assert answer.status == 422 and "on or off" in answer.body
    assert 'id="card-counter"' not in page(offline) and 'data-phase=' not in page(offline)


def test_the_hint_says_why(offline):
    offline.handle("POST", "/offline/solo", "level=easy")
    play_until_playing(offline)
    answer = offline.handle("GET", f"{ROOM}/hint")
    assert 'class="message advice"' in answer.body


def test_a_finished_hand_is_reviewed_exported_and_opened_again_from_its_file(offline):
    play_to_the_end(offline)
    review = offline.handle("GET", f"{ROOM}/hands/1")
    assert review.status == 200 and 'id="review"' in review.body and 'id="step-end"' in review.body
    exported = offline.handle("GET", f"{ROOM}/hands/1.json")
    assert exported.headers["Content-Type"] == "application/json"
    hand = hand_from_export(json.loads(exported.body))
    assert f'<td id="defenders-total">{hand.result.defender_points}</td>' in review.body
    opened = offline.handle("POST", "/offline/review", urlencode({"export": exported.body}))
    assert opened.status == 200 and opened.body.count('class="step panel"') == len(hand.tricks) + 2
    html = page(offline)
    offline.handle("POST", f"{ROOM}/next", f"action_id={action_id(html)}")
    assert offline.handle("GET", f"{ROOM}/hands/1").status == 200  # kept after the next hand began
    assert offline.handle("GET", f"{ROOM}/hands/2").status == 404  # in play: not shown
    assert len(json.loads(offline.handle("GET", f"{ROOM}/hands.json").body)["hands"]) == 1


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "shuangsheng-hand", "version": 1, "hand": {}}',
                                  "x" * 1_000_001])
def test_a_file_that_is_not_an_exported_hand_is_refused_in_a_sentence(offline, text):
    answer = offline.handle("POST", "/offline/review", urlencode({"export": text}))
    assert answer.status == 422 and 'class="message error"' in answer.body
    assert "exported hand" in text_of(answer.body)


def test_the_statistics_of_games_on_this_device(offline, storage):
    assert 'id="no-stats"' in offline.handle("GET", "/offline/stats").body
    play_to_the_end(offline)
    page(offline)
    stats = offline.handle("GET", "/offline/stats").body
    assert '<td id="stat-hands">1</td>' in stats and '<td id="stat-matches">1</td>' in stats
    again = OfflineApp(storage, "en")  # the page reloaded: kept in the browser's storage
    assert '<td id="stat-hands">1</td>' in again.handle("GET", "/offline/stats").body
