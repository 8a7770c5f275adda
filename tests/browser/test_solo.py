"""In a real browser at 360×740: a solo hand by clicking, reconnect, and an illegal play refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import click_card, hand_cards, play_solo_hand_to_the_end, take_turn

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


def test_illegal_play_is_refused_with_its_rule_and_the_hand_goes_on(page: Page, server):
    start_solo(page, server)
    while not page.locator("#play").count():
        page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']")
        take_turn(page)
    cards = hand_cards(page)
    for index in range(len(cards)):  # every card at once: never a legal lead (R4.2) nor follow (R5.1)
        click_card(page, index)
    page.click("#play")
    expect(page.locator("#message")).to_contain_text(re.compile(r"R\d+\.\d+"))
    assert hand_cards(page) == cards
    take_turn(page)
    expect(page.locator("#hand label.slot")).not_to_have_count(len(cards))
    expect(page.locator("#message")).to_have_text("")
