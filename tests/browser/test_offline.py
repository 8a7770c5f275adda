"""The installable app in Debian chromium (issue 6): Chromium's install criteria, solo play with the network
gone (Pyodide running the engine and the server's templates), and a scoresheet kept offline that reaches
the server exactly once when the network is back."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import ACTION_CONTROLS, play_solo_hand_to_the_end
from .test_scorekeeper import form_ready

pytestmark = pytest.mark.browser

BOOT = 90_000  # ms: Pyodide's first start on a slow machine (tests never assert durations)


def keep_offline(page: Page, server) -> None:
    """Online: the home page, the worker in control, then the player keeps the app on the phone."""
    page.goto(server.url + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT)
    page.click("#keep-offline")
    expect(page.locator("#open-offline")).to_be_visible(timeout=BOOT)


def go_offline(context: BrowserContext, page: Page) -> None:
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def wait_for_the_app(page: Page) -> None:
    page.wait_for_selector("#offline-app[data-boot-ms]", state="attached", timeout=BOOT)


def test_chromium_can_install_the_app(page: Page, server):
    page.goto(server.url + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
    errors = {error["errorId"] for error in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}  # Playwright's contexts are incognito ones; nothing else is missing
    expect(page.locator("#connection")).to_be_hidden()  # online, nothing waiting: no status to show


def test_solo_hand_with_the_network_gone(page: Page, context: BrowserContext, server):
    requested: list[str] = []  # by the page and its service worker, from keeping the app to the hand's end
    context.on("request", lambda request: requested.append(request.url))
    keep_offline(page, server)
    go_offline(context, page)
    page.reload()  # the home page, from the worker's cache
    expect(page.locator("#connection .offline-label")).to_be_visible()
    page.click("#solo-normal")  # the server's solo form: without a network it opens the game on the phone
    wait_for_the_app(page)
    assert "/offline/r/solo" in page.url
    expect(page.locator("#hand label.slot").first).to_be_visible(timeout=BOOT)
    page.wait_for_selector(ACTION_CONTROLS)
    play_solo_hand_to_the_end(page)
    expect(page.locator("#defenders-total")).to_have_text(re.compile(r"^-?\d+$"))
    page.click("#next-hand")
    expect(page.locator("#result")).to_have_count(0)
    # The game is kept on the phone: closing the tab and opening the app again, it goes on.
    cards = page.locator("#hand input[name=cards]").evaluate_all("inputs => inputs.map(i => i.value)")
    page.close()
    again = context.new_page()
    again.goto(server.url + "/offline/r/solo")
    wait_for_the_app(again)
    expect(again.locator("#status")).to_contain_text("Hand 2")
    if cards:
        assert again.locator("#hand input[name=cards]").count() >= 1
    # Pyodide included, nothing comes from anywhere but the app (its own CDN fallback is never used).
    assert any(url.endswith("/pyodide.asm.wasm") for url in requested)
    assert [url for url in requested if url.startswith("http") and not url.startswith(server.url)] == []


def record_hand(page: Page, points: int) -> None:
    version = page.locator("#sheet-board").get_attribute("data-version")
    page.fill("#trick-points", str(points))
    expect(page.locator("#hand-preview")).to_contain_text("→")
    page.click("#record-hand")
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)


def new_sheet_offline(page: Page, context: BrowserContext, server) -> None:
    keep_offline(page, server)
    go_offline(context, page)
    page.click("#new-sheet")  # the server's form: without a network, the phone's own
    wait_for_the_app(page)
    page.fill("#team-0", "North")
    page.fill("#team-1", "East")
    page.select_option("#first-dealer", "0")
    page.click("#create-sheet")
    expect(page.locator("#hand-form")).to_be_visible()
    assert re.search(r"/offline/s/\w+$", page.url)


def test_scoresheet_kept_offline_reaches_the_server_once(page: Page, context: BrowserContext, server):
    new_sheet_offline(page, context, server)
    record_hand(page, 35)   # North (庄家) +2: 4 : 2
    record_hand(page, 120)  # East +1 and on stage: 4 : 3
    expect(page.locator("#level-0")).to_have_text("4")
    expect(page.locator("#level-1")).to_have_text("3")
    sync_status = page.locator("#sheet-sync")
    expect(sync_status).to_have_attribute("data-synced", "false")
    expect(sync_status).to_contain_text("2 hand(s)")
    expect(page.locator("#connection .offline-label")).to_be_visible()
    expect(page.locator("#pending-count")).to_have_text("3")  # the sheet and its two hands

    context.set_offline(False)  # the network is back: the page sends what it kept
    expect(sync_status).to_have_attribute("data-synced", "true", timeout=30_000)
    expect(page.locator("#connection")).to_be_hidden()
    share_link = page.locator("#server-link").get_attribute("href")
    stored = json.load(urllib.request.urlopen(share_link + "/sheet.json"))
    entries = stored["sheet"]["entries"]
    assert [entry["trick_points"] for entry in entries] == [35, 120]
    assert len({entry["id"] for entry in entries}) == 2 and stored["tally"]["state"]["levels"] == ["4", "3"]
    # Reloading sends nothing twice.
    page.reload()
    wait_for_the_app(page)
    expect(page.locator("#sheet-sync")).to_have_attribute("data-synced", "true")
    assert len(json.load(urllib.request.urlopen(share_link + "/sheet.json"))["sheet"]["entries"]) == 2


def test_a_sheet_started_online_goes_on_without_a_network(page: Page, context: BrowserContext, server):
    keep_offline(page, server)
    page.goto(server.url + "/sheets/new")
    page.fill("#team-0", "North")
    page.select_option("#first-dealer", "0")
    page.click("#create-sheet")
    record_hand(page, 35)  # on the server
    server_url = page.url
    page.click("#keep-sheet")
    wait_for_the_app(page)
    expect(page.locator("#level-0")).to_have_text("4")
    go_offline(context, page)
    record_hand(page, 120)  # on the phone only
    expect(page.locator("#sheet-sync")).to_have_attribute("data-synced", "false")
    context.set_offline(False)
    expect(page.locator("#sheet-sync")).to_have_attribute("data-synced", "true", timeout=30_000)
    stored = json.load(urllib.request.urlopen(server_url + "/sheet.json"))
    assert [entry["trick_points"] for entry in stored["sheet"]["entries"]] == [35, 120]


def test_a_hand_fixed_offline_is_flagged_and_recompute_from_here_is_one_tap(page: Page, context: BrowserContext,
                                                                             server):
    """Without a network: hand 2 fixed, hands 3–5 keep their dealers and hand 3 is flagged; one tap on its
    "recompute from here" deals hands 3–5 as the corrected results make them (R9.3). Back online, the server
    has the same dealers."""
    new_sheet_offline(page, context, server)
    for points in (35, 60, 60, 100, 40):
        form_ready(page)
        record_hand(page, points)
    page.click(".hand-row[data-hand='2'] .edit")
    form_ready(page, editing=True)
    expect(page.locator("#trick-points")).to_have_value("60")
    record_hand(page, 90)  # not 60: a switch, so seat 4 should have dealt hand 3
    flagged = page.locator(".hand-row.off-schedule")
    expect(flagged).to_have_count(1)
    expect(flagged).to_have_attribute("data-hand", "3")
    expect(flagged.locator(".dealer-flag")).to_contain_text("make Seat 4 its dealer")
    button = flagged.locator(".recompute")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    version = page.locator("#sheet-board").get_attribute("data-version")
    button.click()
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)
    expect(page.locator(".hand-row.off-schedule")).to_have_count(0)

    context.set_offline(False)
    expect(page.locator("#sheet-sync")).to_have_attribute("data-synced", "true", timeout=30_000)
    stored = json.load(urllib.request.urlopen(page.locator("#server-link").get_attribute("href") + "/sheet.json"))
    assert [hand["dealer"] for hand in stored["tally"]["hands"]] == [0, 2, 3, 1, 2]
    assert [entry["trick_points"] for entry in stored["sheet"]["entries"]] == [35, 90, 60, 100, 40]
