"""Issue 11, item 7: behind a proxy, ``PUBLIC_URL`` and ``TRUSTED_PROXY_HOPS`` make links, QR codes and
cookies right; without them, nothing a client claims in ``X-Forwarded-*`` is believed."""

from __future__ import annotations

import pytest

from tests.conftest import TEST_CONFIG
from webapp import create_app
from webapp.config import public_url
from webapp.views.common import qr_svg

from .conftest import code_from

FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example",
             "X-Forwarded-For": "203.0.113.9"}


def make_app(tmp_path, **config):
    return create_app({**TEST_CONFIG, "DATABASE_URL": f"sqlite:///{tmp_path / 'proxy.sqlite3'}", **config})


def share_link_and_cookie(app, **headers):
    """The room link the lobby shows, the sheet API's url, and the seat cookie of a new solo game."""
    client = app.test_client()
    room = code_from(client.post("/rooms", data={"preset": "classic"}, headers=headers))
    lobby = client.get(f"/r/{room}", headers=headers).get_data(as_text=True)
    link = lobby.split('class="share-link" id="share-link" href="', 1)[1].split('"', 1)[0]
    sheet_url = client.post("/s", json={"sheet": {}}, headers=headers).json["url"]
    cookie = client.post("/solo", data={"level": "easy"}, headers=headers).headers["Set-Cookie"]
    return link, sheet_url, cookie


def test_without_configuration_links_follow_the_request(tmp_path):
    link, sheet_url, cookie = share_link_and_cookie(make_app(tmp_path))
    assert link.startswith("http://localhost/r/") and sheet_url.startswith("http://localhost/s/")
    assert "Secure" not in cookie


def test_without_trusted_proxies_forwarded_headers_are_not_believed(tmp_path):
    link, _, cookie = share_link_and_cookie(make_app(tmp_path), **FORWARDED)
    assert link.startswith("http://localhost/r/") and "Secure" not in cookie


def test_one_trusted_proxy_is_believed(tmp_path):
    link, sheet_url, cookie = share_link_and_cookie(make_app(tmp_path, TRUSTED_PROXY_HOPS=1), **FORWARDED)
    assert link.startswith("https://cards.example/r/") and sheet_url.startswith("https://cards.example/s/")
    assert "Secure" in cookie


def test_only_the_last_hops_count(tmp_path):
    """A client's own X-Forwarded-For entry comes first; with one trusted proxy only the last is believed."""
    app = make_app(tmp_path, TRUSTED_PROXY_HOPS=1, CREATIONS_PER_MINUTE=1)
    client = app.test_client()
    spoofed = [{"X-Forwarded-For": f"198.51.100.{n}, 203.0.113.9"} for n in range(3)]
    statuses = [client.post("/solo", data={"level": "easy"}, headers=h).status_code for h in spoofed]
    assert statuses == [303, 429, 429]  # one client, whatever it claims to be forwarding for


def test_public_url_wins_over_the_request_and_the_proxies(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://play.example:8443", TRUSTED_PROXY_HOPS=1)
    link, sheet_url, cookie = share_link_and_cookie(app, **FORWARDED)
    assert link.startswith("https://play.example:8443/r/") and sheet_url.startswith("https://play.example:8443/s/")
    assert "Secure" in cookie


def test_public_url_makes_the_qr_code(tmp_path):
    app = make_app(tmp_path, PUBLIC_URL="https://play.example")
    client = app.test_client()
    code = code_from(client.post("/rooms", data={"preset": "classic"}))
    with app.test_request_context():
        expected = qr_svg(f"https://play.example/r/{code}").data
    assert client.get(f"/r/{code}/qr.svg").data == expected


def test_public_url_is_the_origin_pages_must_come_from(tmp_path):
    client = make_app(tmp_path, PUBLIC_URL="https://play.example").test_client()
    refused = client.post("/rooms", data={"preset": "classic"}, headers={"Origin": "http://localhost"})
    accepted = client.post("/rooms", data={"preset": "classic"}, headers={"Origin": "https://play.example"})
    assert (refused.status_code, accepted.status_code) == (403, 303)


@pytest.mark.parametrize(("raw", "expected"), [
    ("", ""), (None, ""), ("https://play.example", "https://play.example"),
    ("https://play.example/", "https://play.example"), (" http://10.0.0.2:5000 ", "http://10.0.0.2:5000"),
])
def test_public_url_setting(raw, expected):
    assert public_url(raw) == expected


@pytest.mark.parametrize("raw", ["play.example", "ftp://play.example", "https://play.example/cards",
                                 "https://play.example/?x=1", "https://"])
def test_a_public_url_that_is_not_an_origin_is_refused_at_start(raw):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        public_url(raw)
