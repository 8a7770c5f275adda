"""Issue 14 in a real browser at 360×740, tapping as a person would: the solo card counter opened over the table,
a finished hand's review stepped through trick by trick, and a quick phrase sent at a room's table and shown by
the sender's seat on another player's phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import play_solo_hand_to_the_end, room_of_two, until_my_play
from .test_rooms import PHONE

pytestmark = pytest.mark.browser


def test_the_counter_opens_over_the_table_and_a_finished_hand_is_stepped_through(page: Page, server):
    page.goto(server.url + "/")
    page.check("#solo-counter")
    page.click("#solo-normal")
    until_my_play(page)
    hand_box = page.locator("#hand").bounding_box()
    page.click("#counter-toggle")
    counter = page.locator("#card-counter")
    expect(counter).to_be_visible()
    expect(counter.locator("tr[data-suit='trump']")).to_be_visible()
    assert page.locator("#hand").bounding_box() == hand_box  # an overlay: the hand stays where it was
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    counter.locator("label.close").click()
    expect(counter).to_be_hidden()

    play_solo_hand_to_the_end(page)
    page.click("#review-hand")
    expect(page.locator("#review")).to_be_visible()
    deal = page.locator("section.step[data-step='deal']")
    expect(deal).to_be_visible()
    expect(deal.locator(".dealt")).to_have_count(4)
    deal.locator("[data-next]").click()
    first = page.locator("section.step[data-step='1']")
    expect(first).to_be_visible()
    expect(first.locator(".step-title")).to_have_text(re.compile(r"Trick 1 of \d+"))
    expect(first.locator(".seat .played .card")).not_to_have_count(0)
    first.locator("[data-next]").click()
    second = page.locator("section.step[data-step='2']")
    expect(second).to_be_visible()
    second.locator("[data-back]").click()
    expect(first).to_be_visible()
    first.locator(".step-index label[for='step-end']").click()
    end = page.locator("section.step[data-step='end']")
    expect(end).to_be_visible()
    expect(end.locator("#defenders-total")).to_have_text(re.compile(r"^-?\d+$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_phrase_shows_by_the_senders_seat_on_another_players_phone(browser: Browser, server):
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    host, friend = (context.new_page() for context in contexts)
    room_of_two(host, friend, server)
    expect(friend.locator("#talk-toggle")).to_be_visible()
    friend.click("#talk-toggle")
    expect(friend.locator("#talk-picker")).to_be_visible()
    friend.click("#talk-picker button[data-phrase='thanks']")
    expect(friend.locator("#talk-picker")).to_be_hidden()  # the list closes once a phrase is sent
    bubble = host.locator("#phrases .bubble[data-said='1:thanks']")
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text("Thanks, partner!")
    assert "right" in bubble.get_attribute("class")  # seat 1 sits at the host's right (R1.1: the next seat)
    for context in contexts:
        context.close()
