"""In a real browser at 360×740: a solo hand by clicking, reconnect, and an illegal play refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import boxes, click_card, hand_cards, play_solo_hand_to_the_end, take_turn, until_my_play
from .test_table_layout import BAR

pytestmark = pytest.mark.browser


def start_solo(page: Page, server) -> None:
    """One tap on the home page; returns once the deal is over."""
    page.goto(server.url + "/")
    page.click("#solo-normal")
    expect(page.locator("#hand label.slot").first).to_be_visible()
    expect(page.locator("#turn")).not_to_have_attribute("data-phase", "dealing", timeout=20_000)


def test_solo_hand_from_the_deal_to_the_hand_end_screen(page: Page, server):
    start_solo(page, server)
    assert len(hand_cards(page)) in (25, 33)
    # 25 cards fit a 360 px screen: no horizontal scrolling, and every card is a tall enough target.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("#hand label.slot").first.bounding_box()["height"] >= 40
    play_solo_hand_to_the_end(page)
    expect(page.locator("#defenders-total")).to_have_text(re.compile(r"^-?\d+$"))
    expect(page.locator("#result")).to_contain_text("Next dealer")
    page.click("#next-hand")
    expect(page.locator("#result")).to_have_count(0)
    expect(page.locator("#turn")).to_contain_text(re.compile("Hand 2|Dealing|declare|play|bury", re.IGNORECASE))


def test_reconnect_mid_hand_returns_to_the_same_seat_and_cards(page: Page, server):
    start_solo(page, server)
    for _ in range(3):
        page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']")
        take_turn(page)
    page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']")
    url, cards = page.url, hand_cards(page)
    context = page.context
    page.close()
    again = context.new_page()
    again.goto(url)
    expect(again.locator("#hand label.slot").first).to_be_visible()
    assert hand_cards(again) == cards
    take_turn(again)


def test_illegal_play_is_refused_in_one_sentence_over_the_table_and_the_hand_goes_on(page: Page, server):
    start_solo(page, server)
    until_my_play(page)
    cards = hand_cards(page)
    for index in range(len(cards)):  # every card at once: never a legal lead (R4.2) nor follow (R5.1)
        click_card(page, index)
    before = boxes(page, BAR)
    page.click("#play")
    message = page.locator("#message")
    # What to do, in one sentence; the rule's clause comes last, as a link to the rules page.
    expect(message).to_contain_text(re.compile(r"^[A-Z][^R]*\."))
    expect(message.locator("a.clause")).to_have_text(re.compile(r"^Rule R[45]\.\d$"))
    assert boxes(page, BAR) == before  # the message lies over the table: nothing under the thumb moved
    assert hand_cards(page) == cards
    message.click()  # tapped away
    expect(message).to_have_text("")
    take_turn(page)
    expect(page.locator("#hand label.slot")).not_to_have_count(len(cards))
    expect(page.locator("#message")).to_have_text("")


# Where the hand and the action bar are, whenever the page changes (installed before the page's own scripts).
RECORD_PLACES = """
window.places = [];
new MutationObserver(() => {
  const hand = document.getElementById("hand"), bar = document.getElementById("actions");
  if (!hand || hand.hidden || !bar || bar.hidden) return;
  const h = hand.getBoundingClientRect(), b = bar.getBoundingClientRect();
  window.places.push([Math.round(h.bottom), Math.round(b.top), Math.round(b.height), Math.round(b.width)]);
}).observe(document, {childList: true, subtree: true, attributes: true});
"""


def test_through_the_deal_and_its_offers_the_hand_and_the_bar_stay_put(page: Page, server):
    page.add_init_script(RECORD_PLACES)
    start_solo(page, server)
    places = page.evaluate("window.places")
    assert len(places) > 10 and len(set(map(tuple, places))) == 1, places[:3]


def test_your_turn_rings_and_vibrates_unless_switched_off_and_the_switch_is_remembered(page: Page, server):
    page.add_init_script("window.buzzes = 0; navigator.vibrate = () => { window.buzzes += 1; return true; };")
    start_solo(page, server)
    until_my_play(page)
    for _ in range(2):  # the bots play, and it is our turn again: a new decision, one buzz
        buzzes = page.evaluate("window.buzzes")
        take_turn(page)
        page.wait_for_selector("#play")
        assert page.evaluate("window.buzzes") == buzzes + 1
    switch = page.locator("#sound-toggle")
    expect(switch).to_have_attribute("aria-pressed", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    buzzes = page.evaluate("window.buzzes")
    take_turn(page)
    page.wait_for_selector("#play")
    assert page.evaluate("window.buzzes") == buzzes
    page.reload()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")


def test_the_hand_end_screen_and_its_next_hand_button_fit_the_screen(page: Page, server):
    start_solo(page, server)
    play_solo_hand_to_the_end(page)
    expect(page.locator("#next-hand")).to_be_in_viewport(ratio=1)
    expect(page.locator("#defenders-total")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollHeight") <= 740
