"""Issue 11 in a real browser and against the real server: the Content-Security-Policy blocks nothing the
app itself does (every kind of page, the offline app's Pyodide included), and a WebSocket opened from
another origin gets no seat's stream."""

from __future__ import annotations

import pytest
import simple_websocket
from playwright.sync_api import Page, expect

from .conftest import ACTION_CONTROLS, take_turn

pytestmark = pytest.mark.browser

BOOT = 90_000  # ms: Pyodide's start on a slow machine (not a duration asserted)
# Reports every violation to the page itself (init scripts run outside the page's policy).
WATCH_POLICY = """document.addEventListener("securitypolicyviolation",
  event => (window.policyViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`));"""


def watch(page: Page) -> list[str]:
    """The console messages about the policy, from now on (the page's and its workers')."""
    messages: list[str] = []
    page.add_init_script(WATCH_POLICY)
    page.on("console", lambda message: messages.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    return messages


def violations(page: Page) -> list[str]:
    return page.evaluate("() => window.policyViolations ?? []")


def test_no_page_breaks_the_content_security_policy(page: Page, server):
    messages = watch(page)
    page.goto(server.url + "/")
    page.click("#new-room")
    page.click("#create-room")
    page.locator(".share-button").click()  # share.js, a listener (an onclick attribute would be blocked)
    assert violations(page) == []
    page.goto(server.url + "/")
    page.click("#solo-easy")
    page.wait_for_selector(ACTION_CONTROLS)
    take_turn(page)
    assert violations(page) == []
    page.goto(server.url + "/sheets/new")
    page.click("#create-sheet")
    expect(page.locator("#hand-form")).to_be_visible()
    assert violations(page) == []
    page.goto(server.url + "/offline/")
    page.wait_for_selector("#offline-app[data-boot-ms]", state="attached", timeout=BOOT)  # Pyodide's wasm ran
    assert violations(page) == [] and messages == []


def test_a_websocket_from_another_origin_is_refused(page: Page, server):
    page.goto(server.url + "/")
    page.click("#solo-easy")
    page.wait_for_selector(ACTION_CONTROLS)
    room = page.url.replace("http://", "ws://") + "/ws"
    seat = next(cookie for cookie in page.context.cookies() if cookie["name"] == "seat")
    cookie = {"Cookie": f"seat={seat['value']}"}
    for foreign in ({"Origin": "https://evil.example"},
                    {"Origin": server.url, "Sec-Fetch-Site": "cross-site"}):
        with pytest.raises(simple_websocket.ConnectionError, match="403"):
            simple_websocket.Client.connect(room, headers={**cookie, **foreign})
    # What the browser sends from the room page itself (this client's Host header lacks the port).
    own = simple_websocket.Client.connect(room, headers={**cookie, "Origin": server.url,
                                                         "Sec-Fetch-Site": "same-origin"})
    try:
        assert 'id="hand"' in own.receive(timeout=30)  # the seat's own regions
    finally:
        own.close()
