"""The scorekeeper on a phone (360×740): record hands in a few taps, fix an earlier one, and a second phone
on the share link sees every change live through the WebSocket (issue 5)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-US"}
SOCKET_OPEN = "() => document.querySelector('#sheet')?._htmx?.ws?.connection?.socket?.readyState === 1"


def board_version(page: Page) -> str:
    return page.locator("#sheet-board").get_attribute("data-version")


def record_hand(page: Page, points: int, kitty: int | None = None, lead: str = "pair") -> None:
    """Fill the form as a person would (number keypad, chips) and record; wait for the board to change."""
    version = board_version(page)
    page.fill("#trick-points", str(points))
    if kitty is not None:
        page.click("label.check:has(#took-last)")
        page.fill("#kitty-points", str(kitty))
        page.click(f".lead-pick .chip:has(input[value={lead}])")
    expect(page.locator("#hand-preview")).to_contain_text("→")  # the result shows before it is stored
    page.click("#record-hand")
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)


def new_sheet(page: Page, server) -> None:
    page.goto(server.url + "/")
    page.click("#new-sheet")
    page.fill("#team-0", "North")
    page.fill("#team-1", "East")
    page.select_option("#first-dealer", "0")
    page.click("#create-sheet")
    expect(page.locator("#hand-form")).to_be_visible()


def test_record_fix_and_watch_live_on_a_second_phone(page: Page, browser: Browser, server):
    new_sheet(page, server)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for control in ("#record-hand", ".trump-pick .chip span >> nth=0", "label.check:has(#took-last)",
                    "#trick-points"):
        assert page.locator(control).bounding_box()["height"] >= 40, control

    record_hand(page, 35)                 # North (庄家) +2: 4 : 2
    record_hand(page, 85, kitty=10)       # 85 + 10 × 4 = 125: East +1 and on stage: 4 : 3
    record_hand(page, 120)                # North +1 and on stage: 5 : 3
    expect(page.locator("#level-0")).to_have_text("5")
    expect(page.locator("#level-1")).to_have_text("3")
    expect(page.locator(".hand-row[data-hand='2'] .defender-points")).to_have_text("85 + kitty 10×4 = 125")
    expect(page.locator("#last-result")).to_contain_text("North (闲家) go up 1 and take the stage")

    viewer_context = browser.new_context(**PHONE)
    viewer = viewer_context.new_page()
    viewer.goto(page.locator("#share-link").get_attribute("href"))
    expect(viewer.locator("#level-0")).to_have_text("5")
    expect(viewer.locator("#hand-form")).to_have_count(0)
    expect(viewer.locator(".hand-row .edit")).to_have_count(0)
    viewer.wait_for_function(SOCKET_OPEN)
    viewer.evaluate("window.notReloaded = true")

    # Fix hand 1: the declarers took nothing (classic: +3); every later hand is recomputed.
    page.click(".hand-row[data-hand='1'] .edit")
    expect(page.locator("#hand-form.editing")).to_be_visible()
    expect(page.locator("#trick-points")).to_have_value("35")
    version = board_version(page)
    page.fill("#trick-points", "0")
    page.click("#record-hand")
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)
    expect(page.locator("#hand-form")).not_to_have_class("editing")
    expect(page.locator("#level-0")).to_have_text("6")

    # The second phone follows without reloading.
    expect(viewer.locator("#level-0")).to_have_text("6")
    expect(viewer.locator("#level-1")).to_have_text("3")
    expect(viewer.locator(".hand-row[data-hand='1'] .hand-outcome")).to_contain_text("North (庄家) go up 3")
    expect(viewer.locator(".level-chart polyline.team-0")).to_have_attribute(
        "points", page.locator(".level-chart polyline.team-0").get_attribute("points"))
    assert viewer.evaluate("window.notReloaded === true")

    # Undo on the scorekeeper's phone reaches the viewer too.
    page.click("#undo")
    expect(viewer.locator(".hand-row")).to_have_count(2)
    expect(viewer.locator("#level-0")).to_have_text("5")
    viewer_context.close()


def test_a_refused_hand_keeps_what_was_typed(page: Page, server):
    new_sheet(page, server)
    page.click("label.check:has(#took-last)")
    page.fill("#trick-points", "150")
    page.fill("#kitty-points", "60")
    page.click(".lead-pick .chip:has(input[value=single])")
    page.click("#record-hand")
    expect(page.locator("#message")).to_contain_text("add up to at most 200")
    expect(page.locator("#trick-points")).to_have_value("150")
    expect(page.locator(".hand-row")).to_have_count(0)
