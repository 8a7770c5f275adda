"""Issue 11, item 4: limits no real table reaches, set by the environment, answered with a clear 413/429."""

from __future__ import annotations

import io

import pytest

from tests.conftest import TEST_CONFIG
from webapp import create_app
from webapp.config import from_environment

from .conftest import act, code_from, match_of, person_move, version_of
from .sheet_helpers import HTMX, loaded, new_sheet, offline_sheet, record

TOKEN = "limits-test-secret-0123456789"


def make_app(tmp_path, **config):
    return create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tmp_path / 'limits.sqlite3'}", **config})


class UnreadableBody(io.RawIOBase):
    """A 900 kB request body that fails the test if anyone reads it."""

    size = 900_000

    def __init__(self) -> None:
        super().__init__()
        self.position = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        self.position = self.size + offset if whence == io.SEEK_END else offset
        return self.position

    def tell(self) -> int:
        return self.position

    def readinto(self, buffer) -> int:
        raise AssertionError("the body was read before the seat was checked")


@pytest.mark.parametrize(("variable", "key", "default"), [
    ("MAX_BODY_BYTES", "MAX_CONTENT_LENGTH", 1_000_000),
    ("MAX_ID_LENGTH", "MAX_ID_LENGTH", 100),
    ("MAX_TEXT_LENGTH", "MAX_TEXT_LENGTH", 200),
    ("SHEET_MAX_HANDS", "SHEET_MAX_HANDS", 500),
    ("CREATIONS_PER_MINUTE", "CREATIONS_PER_MINUTE", 10),
    ("TRUSTED_PROXY_HOPS", "TRUSTED_PROXY_HOPS", 0),
])
def test_limits_come_from_the_environment(monkeypatch, tmp_path, variable, key, default):
    monkeypatch.delenv(variable, raising=False)
    assert from_environment(str(tmp_path))[key] == default
    monkeypatch.setenv(variable, "7")
    assert from_environment(str(tmp_path))[key] == 7


def test_rate_limit_storage_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("RATELIMIT_STORAGE_URI", raising=False)
    assert from_environment(str(tmp_path))["RATELIMIT_STORAGE_URI"] == "memory://"
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://cache:6379/1")
    assert from_environment(str(tmp_path))["RATELIMIT_STORAGE_URI"] == "redis://cache:6379/1"


# ---------------------------------------------------------------------------- body size

def test_a_body_over_the_limit_is_refused_with_413(tmp_path):
    app = make_app(tmp_path, MAX_CONTENT_LENGTH=2000)
    client = app.test_client()
    code = code_from(client.post("/solo", data={"level": "easy"}))
    before = version_of(app, code)
    page = client.post(f"/r/{code}/act", data={"type": "pass", "cards": ["AS"] * 1000})
    assert page.status_code == 413 and "too large" in page.get_data(as_text=True)
    htmx = client.post(f"/r/{code}/act", data={"type": "pass", "cards": ["AS"] * 1000}, headers=HTMX)
    assert htmx.status_code == 413 and 'id="message"' in htmx.get_data(as_text=True)
    api = client.post("/s", json={"sheet": offline_sheet(), "padding": "x" * 3000})
    assert api.status_code == 413 and "at most 2 KB" in api.json["error"]
    assert version_of(app, code) == before


def test_a_spectator_s_body_is_never_read(app, client):
    code = code_from(client.post("/solo", data={"level": "easy"}))
    spectator = app.test_client()
    response = spectator.post(f"/r/{code}/act", input_stream=UnreadableBody(),
                              content_type="application/json")
    assert response.status_code == 403 and "no seat" in response.get_data(as_text=True)
    nexts = spectator.post(f"/r/{code}/next", input_stream=UnreadableBody(),
                           content_type="application/x-www-form-urlencoded")
    assert nexts.status_code == 403


@pytest.mark.parametrize("path", ["/s/{code}/entries", "/s/{code}/hands", "/s/{code}/clock",
                                  "/s/{code}/undo"])
def test_a_reader_s_body_is_never_read(app, client, path):
    code = new_sheet(client)
    response = app.test_client().post(path.format(code=code), input_stream=UnreadableBody(),
                                      content_type="application/json")
    assert response.status_code == 403


# ---------------------------------------------------------------------------- ids and texts

@pytest.mark.parametrize(("length", "applied"), [(100, True), (101, False)])
def test_action_ids_have_a_length_limit(app, client, length, applied):
    code = code_from(client.post("/solo", data={"level": "easy"}))
    match = match_of(app, code)
    response = act(client, code, person_move(match, match.hand.to_act), "a" * length)
    assert response.status_code == (303 if applied else 400)
    if not applied:
        assert "action_id" in response.get_data(as_text=True)
        assert match_of(app, code).to_dict() == match.to_dict()


def test_an_id_limit_is_configuration(tmp_path):
    app = make_app(tmp_path, MAX_ID_LENGTH=8)
    client = app.test_client()
    response = client.post("/s", json={"client_id": "c" * 9, "edit_token": TOKEN, "sheet": offline_sheet()})
    assert response.status_code == 400 and response.json["field"] == "client_id"
    fits = client.post("/s", json={"client_id": "c" * 8, "edit_token": TOKEN, "sheet": offline_sheet()})
    assert fits.status_code == 201


@pytest.mark.parametrize(("path", "field"), [("/rooms", "preset"), ("/solo", "name"), ("/sheets", "team_0")])
def test_texts_have_a_length_limit(client, path, field):
    response = client.post(path, data={field: "x" * 201})
    assert response.status_code == 400 and "at most 200 characters" in response.get_data(as_text=True)


# ---------------------------------------------------------------------------- hands per sheet

def test_an_upload_with_too_many_hands_is_refused(tmp_path):
    client = make_app(tmp_path, SHEET_MAX_HANDS=3).test_client()
    hands = [{"id": f"h{n}", "trick_points": 40} for n in range(4)]
    response = client.post("/s", json={"sheet": offline_sheet(*hands)})
    assert response.status_code == 400 and response.json["field"] == "sheet.entries"
    assert "at most 3" in response.json["error"]
    assert client.post("/s", json={"sheet": offline_sheet(*hands[:3])}).status_code == 201


def test_a_sheet_stops_growing_at_the_limit(tmp_path):
    app = make_app(tmp_path, SHEET_MAX_HANDS=2)
    client = app.test_client()
    code = new_sheet(client)
    assert record(client, code, "h1", trick_points=40).status_code == 303
    assert record(client, code, "h2", trick_points=40).status_code == 303
    before = loaded(app, code)
    refused = record(client, code, "h3", trick_points=40, headers=HTMX)
    assert refused.status_code == 413 and "at most 2 hands" in refused.get_data(as_text=True)
    synced = client.post(f"/s/{code}/entries", json={"entries": [{"id": "h4", "trick_points": 40}]})
    assert synced.status_code == 413 and "at most 2 hands" in synced.json["error"]
    after = loaded(app, code)
    assert (after.version, after.sheet) == (before.version, before.sheet)
    assert client.post(f"/s/{code}/entries", json={"deletions": ["x1", "x2"]}).status_code == 200
    phantom = client.post(f"/s/{code}/entries", json={"deletions": ["x3"]})
    assert phantom.status_code == 413  # deleted ids are remembered, so they count too


def test_an_offline_sheet_uploaded_again_cannot_pass_the_limit(tmp_path):
    client = make_app(tmp_path, SHEET_MAX_HANDS=2).test_client()
    first = {"client_id": "phone-1", "edit_token": TOKEN}
    hands = [{"id": f"h{n}", "trick_points": 40} for n in range(3)]
    assert client.post("/s", json={**first, "sheet": offline_sheet(*hands[:2])}).status_code == 201
    again = client.post("/s", json={**first, "sheet": offline_sheet(hands[2])})
    assert again.status_code == 413


# ---------------------------------------------------------------------------- creations per client

@pytest.mark.parametrize(("create", "read"), [
    (lambda client: client.post("/solo", data={"level": "easy"}), "page"),
    (lambda client: client.post("/rooms", data={"preset": "classic"}, headers=HTMX), "htmx"),
    (lambda client: client.post("/sheets", data={"team_0": "A", "team_1": "B"}), "page"),
    (lambda client: client.post("/s", json={"sheet": offline_sheet()}), "json"),
])
def test_creations_per_minute_are_limited_per_client(tmp_path, create, read):
    app = make_app(tmp_path, CREATIONS_PER_MINUTE=2)
    client = app.test_client()
    assert [create(client).status_code for _ in range(2)] in ([303, 303], [201, 201])
    refused = create(client)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    message = refused.json["error"] if read == "json" else refused.get_data(as_text=True)
    assert "Too many new games" in message
    if read == "htmx":
        assert 'id="message"' in message
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert create(elsewhere).status_code in (201, 303)  # another client has its own budget


def test_rooms_games_and_sheets_share_one_budget(tmp_path):
    client = make_app(tmp_path, CREATIONS_PER_MINUTE=3).test_client()
    assert client.post("/solo", data={"level": "easy"}).status_code == 303
    assert client.post("/rooms", data={"preset": "classic"}).status_code == 303
    assert client.post("/s", json={"sheet": offline_sheet()}).status_code == 201
    assert client.post("/sheets", data={"team_0": "A", "team_1": "B"}).status_code == 429


def test_only_what_is_created_counts(tmp_path):
    client = make_app(tmp_path, CREATIONS_PER_MINUTE=2).test_client()
    upload = {"client_id": "phone-2", "edit_token": TOKEN, "sheet": offline_sheet()}
    assert client.post("/s", json=upload).status_code == 201
    assert [client.post("/s", json=upload).status_code for _ in range(3)] == [200, 200, 200]  # uploaded again
    assert [client.post("/rooms", data={"preset": "nope"}).status_code for _ in range(3)] == [400, 400, 400]
    assert client.post("/solo", data={"level": "easy"}).status_code == 303


def test_zero_lifts_the_creation_limit(tmp_path):
    client = make_app(tmp_path, CREATIONS_PER_MINUTE=0).test_client()
    assert {client.post("/s", json={"sheet": offline_sheet()}).status_code for _ in range(40)} == {201}
