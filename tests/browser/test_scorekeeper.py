"""The scorekeeper on a phone (360×740): record hands in a few taps, fix an earlier one, and a second phone
on the share link sees every change live through the WebSocket (issue 5)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-US"}
SOCKET_OPEN = "() => document.querySelector('#sheet')?._htmx?.ws?.connection?.socket?.readyState === 1"


def board_version(page: Page) -> str:
    return page.locator("#sheet-board").get_attribute("data-version")


def form_ready(page: Page, editing: bool = False) -> None:
    """Until the form swapped in is live (htmx listens to it), so that what is typed next is previewed."""
    form = "#hand-form.editing" if editing else "#hand-form:not(.editing)"
    expect(page.locator(f"{form} #hand-preview:empty")).to_have_attribute("data-htmx-powered", "true")


def record_hand(page: Page, points: int, kitty: int | None = None, lead: str = "pair") -> None:
    """Fill the form as a person would (number keypad, chips) and record; wait for the board to change."""
    form_ready(page)
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

    # Fix hand 1: the declarers took nothing (classic: +3); every later result is recomputed.
    page.click(".hand-row[data-hand='1'] .edit")
    form_ready(page, editing=True)
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


def dealers(page: Page) -> list[str]:
    """Each recorded hand's dealer's seat number as the history shows it, hand 1 first."""
    names = page.locator(".hand-row .hand-facts span:first-child b").all_inner_texts()
    return [re.sub(r"\D", "", name) for name in reversed(names)]


@pytest.mark.parametrize("locale, recompute, flag", [
    ("en-US", "Recompute from here", "make Seat 4 its dealer"),
    ("zh-CN", "从这局起重算", "应由4号位坐庄"),
])
def test_fix_hand_2_then_recompute_from_here(browser: Browser, server, locale, recompute, flag):
    """Hand 2 fixed: hands 3–5 keep the dealers they were played with, hand 3 is flagged, and one tap on
    its "recompute from here" deals it and the later hands as the corrected results make them (R9.3)."""
    context = browser.new_context(**{**PHONE, "locale": locale})
    page = context.new_page()
    new_sheet(page, server)
    for points in (35, 60, 60, 100, 40):
        record_hand(page, points)
    expect(page.locator(".hand-row")).to_have_count(5)
    assert dealers(page) == ["1", "3", "1", "3", "4"]

    page.click(".hand-row[data-hand='2'] .edit")
    form_ready(page, editing=True)
    version = board_version(page)
    page.fill("#trick-points", "90")  # not 60: a switch, so seat 4 should have dealt hand 3
    expect(page.locator("#preview-later")).to_contain_text("3")
    page.click("#record-hand")
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)
    expect(page.locator(".hand-row.off-schedule")).to_have_count(1)
    assert dealers(page) == ["1", "3", "1", "3", "4"]  # nothing moved silently
    flagged = page.locator(".hand-row[data-hand='3']")
    expect(flagged.locator(".dealer-flag")).to_contain_text(flag)
    button = flagged.locator(".recompute")
    expect(button).to_have_text(recompute)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    version = board_version(page)
    button.click()
    expect(page.locator("#sheet-board")).not_to_have_attribute("data-version", version)
    expect(page.locator(".hand-row.off-schedule")).to_have_count(0)
    assert dealers(page) == ["1", "3", "4", "2", "3"]
    context.close()
