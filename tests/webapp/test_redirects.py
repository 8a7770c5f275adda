"""Issue 11, item 3: the language switch redirects only to a path on this site."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.views.home import same_site_path


@pytest.mark.parametrize("target", [
    "/", "/r/abc123", "/s/xyz?x=1", "/sheets/new", "/offline/r/solo", "/r/abc?lang=en#x",
])
def test_a_path_on_this_site_is_kept(client, target):
    response = client.get(f"/lang/en?next={quote(target)}")
    assert response.status_code == 303 and response.headers["Location"] == target


@pytest.mark.parametrize("target", [
    "//evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example",
    "/\\evil.example", "\\\\evil.example", "https://evil.example/", "http:evil.example",
    "javascript:alert(1)", "evil.example", " //evil.example", "/\x00/evil", "///evil.example", "",
    "/\u0085/evil.example",
])
def test_anything_else_goes_home(client, target):
    response = client.get("/lang/en", query_string={"next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_the_reported_tab_trick_goes_home(client):
    response = client.get("/lang/en?next=/%09/evil.example")  # next is "/<tab>/evil.example"
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_a_newline_in_next_is_no_server_error(client):
    response = client.get("/lang/zh_Hans?next=/%0d%0aSet-Cookie:%20x=1")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "x=1" not in response.headers.get("Set-Cookie", "")


@given(st.text(max_size=40))
def test_what_survives_is_a_path_of_this_site(text):
    target = same_site_path(text)
    assert target == "/" or target == text
    assert target.startswith("/") and not target.startswith("//") and "\\" not in target
    assert not any(ord(character) < 0x20 or 0x7F <= ord(character) <= 0x9F for character in target)
