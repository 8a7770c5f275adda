"""Issue 14, item 5 in a real browser at 360×740, tapping as a person would: a solo hand played to its end is
kept in this browser once (however often its hand-end screen is shown), and both the statistics page and the
offline app's count it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from webapp.core.stats import STORAGE_KEY

from .conftest import play_solo_hand_to_the_end
from .test_offline import BOOT, wait_for_the_app

pytestmark = pytest.mark.browser

KEPT_HANDS = f"() => JSON.parse(localStorage.getItem({STORAGE_KEY!r}) ?? '[]').length"


def test_a_solo_hand_is_counted_once_in_this_browser_on_both_statistics_pages(page: Page, server):
    page.goto(server.url + "/")
    page.click("#solo-normal")
    play_solo_hand_to_the_end(page)
    page.wait_for_function(f"() => ({KEPT_HANDS})() === 1")
    page.reload()  # the hand-end screen again
    expect(page.locator("#result")).to_be_visible()
    page.goto(server.url + "/stats")
    expect(page.locator("#stats small")).to_contain_text("the solo games this browser keeps")
    expect(page.locator("#stat-hands")).to_have_text("1")
    expect(page.locator("#stat-matches")).to_have_text("1")
    assert page.evaluate(KEPT_HANDS) == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.goto(server.url + "/offline/stats")
    wait_for_the_app(page)
    expect(page.locator("#stat-hands")).to_have_text("1", timeout=BOOT)
