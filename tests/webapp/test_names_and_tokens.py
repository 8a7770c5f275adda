"""Issue 11, item 8: names that pass for nobody else, edit tokens of a secret's length, a private
secret key."""

from __future__ import annotations

import stat

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from webapp.config import from_environment
from webapp.core.names import RESERVED_LABELS, normalised_name, reserved

from .conftest import code_from, match_of
from .sheet_helpers import offline_sheet

TRANSLATIONS = tuple(f"translations/{locale}/LC_MESSAGES/messages.po" for locale in ("zh_Hans", "zh_Hant"))
SEAT_LABELS = ("You", "you", "Bot %(number)s", "Player %(number)s", "empty seat")


@pytest.mark.parametrize(("typed", "shown"), [
    ("Ann", "Ann"),
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u202eeeL", "AnneeL"),  # right-to-left override
    ("A\u200bn\u200dn\ufeff", "Ann"),  # zero-width space, joiner, byte order mark
    ("\u2066Ann\u2069", "Ann"),  # bidi isolates
    ("Ann\x00\x07\x1b[31m", "Ann[31m"),  # control characters
    ("Ann\nLee\tX", "Ann Lee X"),
    ("\u3164\u3164", ""),  # Hangul fillers look like nothing
    ("Ｊｏｅ", "Joe"),  # full-width forms
    ("e\u0301\u0301\u0301\u0301", "é\u0301\u0301"),  # stacked marks stop at two
    ("王小明", "王小明"),
    ("\ue000Ann", "Ann"),  # private use
])
def test_names_are_normalised(typed, shown):
    assert normalised_name(typed) == shown


@pytest.mark.parametrize("name", [
    "You", "you", "YOU!", "Y o u", "Bot 4", "bot4", "Ｂｏｔ　４", "Player 2", "player", "empty seat",
    "你", "电脑2", "電腦 3", "机器人", "機器人4", "玩家1", "空位", "B\u200bot 1",
    "Bоt 3", "Plаyer 3", "ΒΟΤ", "Dealer", "庄家", "對家", "托管", "offline 12 s", "离线 5 秒",  # (Cyrillic, Greek)
])
def test_reserved_labels_cannot_be_names(name):
    assert reserved(name)


@pytest.mark.parametrize("name", ["Yourself", "Bottle", "Robot", "Ann", "你好", "电脑迷", "Playa"])
def test_ordinary_names_are_not_reserved(name):
    assert not reserved(name)


@pytest.mark.parametrize("path", TRANSLATIONS)
def test_reserved_labels_follow_the_catalogues(path):
    """Every language's seat labels (room_page.seat_name) are among the reserved ones."""
    with open(path, "rb") as file:
        catalogue = read_po(file)
    for label in SEAT_LABELS:
        for text in (label, catalogue[label].string):
            assert reserved(text % {"number": 3} if "%(" in text else text), text
    assert all(label == label.casefold() for label in RESERVED_LABELS)


@given(st.text(max_size=60))
def test_a_normalised_name_has_nothing_invisible_and_is_stable(text):
    name = normalised_name(text)
    assert normalised_name(name) == name
    assert name == name.strip() and "  " not in name
    assert not any(character in name for character in "\u202e\u200b\u200d\n\t\x00")


def test_joining_with_a_reserved_name_is_refused_and_changes_nothing(app, client):
    code = code_from(client.post("/rooms", data={"preset": "classic"}))
    response = app.test_client().post(f"/r/{code}/join", data={"seat": "1", "name": "Bot 1"})
    assert response.status_code == 400
    assert "“Bot 1” reads as one of the table&#39;s own labels" in response.get_data(as_text=True)
    joined = app.test_client().post(f"/r/{code}/join", data={"seat": "1", "name": "\u202eAnn\u200b"})
    assert joined.status_code == 303
    page = client.get(f"/r/{code}").get_data(as_text=True)
    assert "Ann" in page and "\u202e" not in page and "\u200b" not in page


def test_a_solo_name_is_normalised(app, client):
    code = code_from(client.post("/solo", data={"level": "easy", "name": " Ｍｅｉ\u2067 "}))
    assert match_of(app, code) is not None
    assert client.post("/solo", data={"name": "You"}).status_code == 400


@pytest.mark.parametrize(("body", "accepted"), [
    ({}, True),  # the server makes the token
    ({"edit_token": "a" * 21}, False),
    ({"edit_token": "a" * 22}, True),
    ({"edit_token": "a" * 200}, True),
    ({"edit_token": "a" * 201}, False),
    ({"edit_token": "x"}, False),
    ({"edit_token": "a" * 21 + ";"}, False),  # it goes into a cookie
    ({"edit_token": "ä" * 30}, False),
    ({"client_id": "c9", "edit_token": "x"}, False),
])
def test_an_edit_token_always_has_a_secret_s_length(client, body, accepted):
    response = client.post("/s", json={**body, "sheet": offline_sheet()})
    assert (response.status_code == 201) == accepted, response.json
    if accepted:
        assert len(response.json["edit_token"]) >= 22
    else:
        assert response.status_code == 400 and response.json["field"] == "edit_token"


def test_the_secret_key_file_is_readable_by_its_owner_only(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    from_environment(str(tmp_path))
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_a_world_readable_secret_key_from_before_is_made_private(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    key = tmp_path / "secret_key"
    key.write_text("an-older-key")
    key.chmod(0o644)
    assert from_environment(str(tmp_path))["SECRET_KEY"] == "an-older-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
