"""Languages: zh-Hans, zh-Hant and English, from Accept-Language and switchable, with the Chinese game terms."""

from __future__ import annotations

import pytest

from webapp.i18n import locale_from_accept_language

from .conftest import play_until


@pytest.mark.parametrize(("tags", "locale"), [
    (["zh-CN", "en"], "zh_Hans"), (["zh-Hans"], "zh_Hans"), (["zh"], "zh_Hans"), (["zh-TW"], "zh_Hant"),
    (["zh-HK"], "zh_Hant"), (["zh-Hant-TW"], "zh_Hant"), (["fr", "zh-MO"], "zh_Hant"), (["en-GB"], "en"),
    (["de"], "en"), ([], "en"),
])
def test_language_from_accept_language(tags, locale):
    assert locale_from_accept_language(tags) == locale


def test_simplified_chinese_page(client):
    html = client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).get_data(as_text=True)
    assert 'lang="zh-Hans"' in html and "单人游戏" in html and "创建房间" in html


def test_traditional_chinese_page(client):
    html = client.get("/", headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert 'lang="zh-Hant"' in html and "單人遊戲" in html


def test_switching_language_sets_a_cookie_and_returns_to_the_page(client):
    response = client.get("/lang/zh_Hant?next=/rooms/new")
    assert response.status_code == 303 and response.headers["Location"].endswith("/rooms/new")
    html = client.get("/rooms/new", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "建立房間" in html
    assert client.get("/lang/en?next=//evil.example").headers["Location"].endswith("/")


def test_game_terms_in_chinese_during_a_hand(solo, client, app):
    play_until(app, solo, {0: client}, lambda m: m.hand.phase == "playing")
    html = client.get(f"/r/{solo}", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    for term in ("庄家", "主", "闲家得分", "比分"):
        assert term in html
