"""Issue 11, item 6: state changes and WebSocket handshakes only from this site's pages; security headers."""

from __future__ import annotations

import pytest

from .conftest import code_from, match_of, person_move, version_of
from .sheet_helpers import loaded, new_sheet, record

OWN = "http://localhost"  # the test client's host
FOREIGN = {"Origin": "https://evil.example"}
HANDSHAKE = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
             "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


@pytest.mark.parametrize(("headers", "allowed"), [
    ({}, True),  # not a browser page: no other site can make a browser send it
    ({"Origin": OWN}, True),
    ({"Origin": "http://LOCALHOST"}, True),
    ({"Sec-Fetch-Site": "same-origin", "Origin": OWN}, True),
    ({"Sec-Fetch-Site": "none"}, True),  # typed or bookmarked
    ({"Origin": "https://evil.example"}, False),
    ({"Origin": "http://localhost.evil.example"}, False),
    ({"Origin": "null"}, False),  # a sandboxed frame, a data: page
    ({"Origin": "http://localhost:8080"}, False),
    ({"Sec-Fetch-Site": "cross-site"}, False),
    ({"Sec-Fetch-Site": "same-site", "Origin": OWN}, False),  # a sibling subdomain
    ({"Sec-Fetch-Site": "cross-site", "Origin": OWN}, False),  # the browser's word counts
])
def test_a_host_action_needs_this_site_s_own_page(app, client, headers, allowed):
    code = code_from(client.post("/rooms", data={"preset": "classic"}))
    before = version_of(app, code)
    response = client.post(f"/r/{code}/bots", data={"level": "easy"}, headers=headers)
    if allowed:
        assert response.status_code == 303 and version_of(app, code) == before + 1
    else:
        assert response.status_code == 403 and "another site" in response.get_data(as_text=True)
        assert version_of(app, code) == before


@pytest.mark.parametrize("post", [
    lambda client, codes: client.post("/solo", data={"level": "hard"}, headers=FOREIGN),
    lambda client, codes: client.post("/rooms", data={"preset": "classic"}, headers=FOREIGN),
    lambda client, codes: client.post("/sheets", data={"team_0": "A", "team_1": "B"}, headers=FOREIGN),
    lambda client, codes: client.post("/s", json={"sheet": {}}, headers=FOREIGN),
    lambda client, codes: client.post(f"/r/{codes['solo']}/act", data={"type": "pass"}, headers=FOREIGN),
    lambda client, codes: client.post(f"/r/{codes['solo']}/next", data={}, headers=FOREIGN),
    lambda client, codes: client.post(f"/s/{codes['sheet']}/hands",
                                      data={"entry_id": "e1", "trick_points": "40"}, headers=FOREIGN),
    lambda client, codes: client.post(f"/s/{codes['sheet']}/entries", json={"entries": []}, headers=FOREIGN),
    lambda client, codes: client.post(f"/s/{codes['sheet']}/undo", data={}, headers=FOREIGN),
])
def test_every_state_change_is_refused_from_another_site(app, client, post):
    codes = {"solo": code_from(client.post("/solo", data={"level": "easy"})), "sheet": new_sheet(client)}
    record(client, codes["sheet"], "h1", trick_points=40)
    before = (match_of(app, codes["solo"]).to_dict(), loaded(app, codes["sheet"]).version)
    response = post(client, codes)
    assert response.status_code == 403
    assert (match_of(app, codes["solo"]).to_dict(), loaded(app, codes["sheet"]).version) == before


def test_the_json_api_says_why_in_json(client):
    response = client.post("/s", json={"sheet": {}}, headers=FOREIGN)
    assert response.status_code == 403 and "another site" in response.json["error"]


@pytest.mark.parametrize("path", ["/r/{solo}/ws", "/s/{sheet}/ws"])
def test_a_websocket_handshake_from_another_site_is_refused(client, path):
    codes = {"solo": code_from(client.post("/solo", data={"level": "easy"})), "sheet": new_sheet(client)}
    response = client.get(path.format(**codes), headers={**HANDSHAKE, **FOREIGN})
    assert response.status_code == 403


def test_reading_pages_from_a_link_elsewhere_still_works(client):
    code = code_from(client.post("/solo", data={"level": "easy"}))
    assert client.get(f"/r/{code}", headers={"Sec-Fetch-Site": "cross-site", **FOREIGN}).status_code == 200


def test_a_person_s_move_from_the_page_itself_is_applied(app, client):
    code = code_from(client.post("/solo", data={"level": "easy"}))
    match = match_of(app, code)
    move = person_move(match, match.hand.to_act)
    form = {"type": move["type"], "cards": move.get("cards", "").split()}
    response = client.post(f"/r/{code}/act", data=form,
                           headers={"Origin": OWN, "Sec-Fetch-Site": "same-origin", "HX-Request": "true"})
    assert response.status_code == 200


@pytest.mark.parametrize("path", ["/", "/rooms/new", "/sheets/new", "/offline/", "/sw.js",
                                  "/static/css/app.css", "/manifest.webmanifest", "/no/such/page"])
def test_security_headers_on_every_answer(client, path):
    headers = client.get(path).headers
    directives = headers["Content-Security-Policy"].split(";")
    policy = dict(part.strip().split(" ", 1) for part in directives if part.strip())
    assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"  # no inline scripts, no eval
    assert policy["object-src"] == "'none'" and policy["form-action"] == "'self'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_a_seats_pages_are_kept_in_no_cache(app, client):
    """The room page holds the seat's hand, the hint names its cards: no shared cache keeps them."""
    code = client.post("/solo", data={"level": "normal"}).headers["Location"].rsplit("/", 1)[1]
    for path in (f"/r/{code}", f"/r/{code}/hint", "/", "/no/such/page"):
        assert client.get(path).headers["Cache-Control"] == "private, no-store", path
    static = client.get("/static/css/app.css").headers.get("Cache-Control", "")
    assert "no-store" not in static  # the files keep their own caching


def test_https_answers_tell_browsers_to_stay_on_https(client):
    assert "Strict-Transport-Security" not in client.get("/").headers
    assert "max-age=" in client.get("/", base_url="https://localhost").headers["Strict-Transport-Security"]


@pytest.mark.parametrize("path", ["templates/partials/lobby.html", "templates/partials/sheet_share.html"])
def test_templates_have_no_inline_handlers(path):
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / path).read_text()
    assert not re.search(r"\son[a-z]+\s*=", text) and "<script>" not in text
