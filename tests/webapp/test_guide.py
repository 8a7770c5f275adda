"""The how-to-play page (issue 12) in zh-Hans, zh-Hant and English, built from the forms' own descriptions;
the home page links to it and no longer repeats the name; offline it is there too, and "create a room" says
that rooms need a network."""

from __future__ import annotations

import re

import pytest

import engine
from webapp.core.guide import level_rows, stage_points
from webapp.core.rule_form import OPTION_NAMES
from webapp.offline.app import OfflineApp
from webapp.offline.storage import MemoryStorage


@pytest.mark.parametrize(("locale", "words"), [
    ("en", ["How to play", "Table and deal", "Presets", "Options", "A room or a scoresheet starts from a preset"]),
    ("zh-CN", ["玩法说明", "人数与发牌", "预设规则", "选项", "房间和记分表都从一套预设规则开始"]),
    ("zh-TW", ["玩法說明", "人數與發牌", "預設規則", "選項", "房間和記分表都從一套預設規則開始"]),
])
def test_the_rules_page_in_each_language(client, locale, words):
    html = client.get("/rules", headers={"Accept-Language": locale}).get_data(as_text=True)
    for word in words:
        assert word in html
    for option in OPTION_NAMES:
        assert f'id="option-{option}"' in html
    for preset in engine.PRESETS:
        assert f'id="preset-{preset}"' in html


def test_the_rules_page_uses_the_forms_descriptions(client):
    guide = client.get("/rules").get_data(as_text=True)
    form = client.get("/rooms/new").get_data(as_text=True)
    descriptions = re.findall(r'<p class="what">([^<]+)</p>', form)
    assert len(descriptions) == len(OPTION_NAMES) + 5  # and the five table settings
    for description in descriptions:
        assert description in guide
    for source in re.findall(r'<small class="source">([^<]+)</small>', form):
        assert source in guide


def test_level_tables_come_from_the_engine():
    rows = level_rows("classic")
    assert (rows[0].low, rows[0].high, rows[0].side, rows[0].levels) == (0, 0, "declarers", 3)
    assert (rows[-1].low, rows[-1].high, rows[-1].side) == (200, None, "defenders")
    assert stage_points() == min(next(row.low for row in level_rows(name) if row.side != "declarers")
                                 for name in ("classic", "qq_super", "competition", "beijing"))
    for points in range(0, 205, 5):
        row = next(r for r in rows if r.low <= points and (r.high is None or points <= r.high))
        assert engine.level_outcome(points, engine.Rules.preset("classic")) == (row.side, row.levels)


def test_the_home_page_links_to_the_rules_and_says_its_name_once(client):
    html = client.get("/").get_data(as_text=True)
    main = html.split("<main", 1)[1]
    assert 'href="/rules"' in main and "Shuang Sheng" not in main
    assert 'id="rooms-need-a-network"' in main  # shown by the page once it finds no network


def test_offline_the_rules_are_there_and_a_room_says_it_needs_a_network():
    offline = OfflineApp(MemoryStorage(), "zh_Hans")
    rules = offline.handle("GET", "/offline/rules")
    assert rules.status == 200 and "玩法说明" in rules.body
    rooms = offline.handle("GET", "/offline/rooms/new")
    assert rooms.status == 200 and "房间需要网络" in rooms.body and 'action="/offline/solo"' in rooms.body


def test_the_service_worker_sends_room_pages_to_the_offline_explanation(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"/rooms/new"' in worker and 'OFFLINE_HOME + "rooms/new"' in worker
