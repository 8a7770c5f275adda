"""In a real browser at 360×740: four people join one room through its link and play a whole hand, each
clicking their own cards; a server restart mid-hand loses nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..servers import Server
from .conftest import hand_cards, take_turn, until_my_play

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-US"}


def test_four_players_join_by_the_shared_link_and_play_a_whole_hand(browser: Browser, server):
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    pages = [context.new_page() for context in contexts]
    host = pages[0]
    host.goto(server.url + "/")
    host.click("#new-room")
    host.click("summary")  # the single-option overrides
    assert host.evaluate("document.documentElement.scrollWidth") <= 360
    # No turn clock: four browsers take turns one after another on a shared machine, and a seat's 30 s could run
    # out while the test is busy with another (the clock has its own test, test_table_of_people.py).
    host.select_option("#option-turn_seconds", "0")
    host.click("#create-room")
    link = host.locator(".share-link").get_attribute("href")
    expect(host.locator("img.qr")).to_be_visible()
    for seat, page in enumerate(pages):
        if seat:
            page.goto(link)
        page.fill("input[name=name]", ("Ann", "Bo", "Cy", "Di")[seat])
        page.check(f"input[name=seat][value='{seat}']")
        page.click("#join")
        expect(page.locator(f".seat-list li[data-seat='{seat}'] em")).to_have_text("(you)")
    expect(host.locator("#start")).to_be_enabled()  # the lobby updated live as the others joined
    host.click("#start")
    for page in pages:
        expect(page.locator("#turn")).not_to_have_attribute("data-phase", "dealing", timeout=20_000)
        assert len(hand_cards(page)) in (25, 33)

    while not all(page.locator("#result").count() for page in pages):
        acted = any(take_turn(page, choose_by_clicking=True) for page in pages)
        if not acted:
            pages[0].wait_for_timeout(50)  # the state is moving (the deal of a redeal); look again
    for page in pages:
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#defenders-total")).to_have_text(pages[0].locator("#defenders-total").inner_text())
    for context in contexts:
        context.close()


def test_what_a_visitor_types_in_the_join_form_survives_live_updates(browser: Browser, server):
    host_context, guest_context, other_context = (browser.new_context(**PHONE) for _ in range(3))
    host, guest, other = (context.new_page() for context in (host_context, guest_context, other_context))
    host.goto(server.url + "/rooms/new")
    host.click("#create-room")
    link = host.locator(".share-link").get_attribute("href")
    guest.goto(link)
    guest.fill("input[name=name]", "Typing")
    guest.check("input[name=seat][value='3']")
    other.goto(link)
    other.fill("input[name=name]", "Other")
    other.check("input[name=seat][value='1']")
    other.click("#join")
    # The guest's lobby updates live (seat 2 is taken) while the half-filled form keeps its input.
    expect(guest.locator(".seat-list li[data-seat='1']")).to_contain_text("Other")
    expect(guest.locator("input[name=name]")).to_have_value("Typing")
    expect(guest.locator("input[name=seat][value='3']")).to_be_checked()
    for context in (host_context, guest_context, other_context):
        context.close()


def test_a_server_restart_mid_hand_loses_nothing(page: Page, tmp_path):
    own = Server(tmp_path / "restart.sqlite3")
    own.start()
    try:
        page.goto(own.url + "/")
        page.click("#solo-normal")
        expect(page.locator("#turn")).not_to_have_attribute("data-phase", "dealing", timeout=20_000)
        until_my_play(page)
        while len(hand_cards(page)) > 23:  # two plays made
            take_turn(page)
            until_my_play(page)
        cards, points = hand_cards(page), page.locator("#defender-points").inner_text()

        own.kill()
        own.start()  # same database, same port

        page.reload()
        assert hand_cards(page) == cards
        expect(page.locator("#defender-points")).to_have_text(points)
        take_turn(page)
        # The WebSocket brings the new hand, and the bots (resumed by the new process) play until it is our turn.
        expect(page.locator("#hand label.slot")).not_to_have_count(len(cards))
        page.wait_for_selector("#play, #result")
        shown = hand_cards(page)
        page.reload()
        assert hand_cards(page) == shown and len(shown) < len(cards) and set(shown) <= set(cards)
    finally:
        own.kill()


def test_choosing_a_preset_shows_its_values_and_keeps_what_was_changed(page: Page, server):
    page.goto(server.url + "/rooms/new")
    page.click("summary")
    kitty, twos, minutes = (page.locator(f"#option-{name}") for name in ("kitty_multiplier", "twos_trump",
                                                                           "time_limit_minutes"))
    expect(kitty).to_have_value("pairs")
    page.click("label.preset:has(input[value='beijing'])")
    expect(kitty).to_have_value("doubling")
    expect(minutes).to_have_value("60")
    twos.select_option("on")
    expect(page.locator(".option[data-option='twos_trump']")).to_have_class(re.compile(r"\bchanged\b"))
    page.click("label.preset:has(input[value='competition'])")
    expect(kitty).to_have_value("power_of_cards")
    expect(minutes).to_have_value("90")
    expect(twos).to_have_value("on")  # the person's own change stays
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("#create-room")
    expect(page.locator("#lobby")).to_contain_text("Competition")
    expect(page.locator("#lobby")).to_contain_text("2s are permanent trumps: on")


@pytest.mark.parametrize("way", ["share sheet", "clipboard"])
def test_the_invitation_takes_the_whole_width_and_shares_the_link(browser: Browser, server, way):
    context = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    if way == "share sheet":
        context.add_init_script("navigator.share = async data => { window.shared = data; };")
    else:
        context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = context.new_page()
    page.goto(server.url + "/rooms/new")
    page.click("#create-room")
    link = page.locator(".share-link").get_attribute("href")
    share = page.locator("button.share-button")
    share.wait_for()  # bounding_box() does not wait: the invitation may still be swapping in
    page.locator("img.qr").wait_for()
    qr = page.locator("img.qr").bounding_box()
    assert share.bounding_box()["x"] > qr["x"] + qr["width"]  # beside the QR code
    assert page.locator(".panel.share").bounding_box()["width"] >= 330
    share.click()
    if way == "share sheet":
        assert page.evaluate("window.shared.url") == link
    else:
        expect(share).to_have_text("Link copied")
        assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()
