"""In a real browser at 360×740, a table of real people (issue 12): the turn clock plays for a silent player and
puts the seat on 托管, which one tap takes back; the next hand starts only when everyone has pressed 继续; a game
is continued from the home page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import hand_cards, take_turn, until_my_play
from .test_solo import start_solo

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-US"}
CLOCK = 60_000  # ms an expectation may wait for a 15 s turn clock on a busy machine (a bound, not a duration)


def room_with_bots(page: Page, server, **table: str) -> None:
    """A room created with these table settings, this page in seat 1, bots in the others, started."""
    page.goto(server.url + "/rooms/new")
    for name, value in table.items():
        page.select_option(f"#option-{name}", value)
    page.click("#create-room")
    page.fill("input[name=name]", "Mei")
    page.check("input[name=seat][value='0']")
    page.click("#join")
    page.click("#add-bots")
    page.click("#start")
    expect(page.locator("#turn")).not_to_have_attribute("data-phase", "dealing", timeout=CLOCK)


def test_the_turn_clock_plays_for_a_silent_player_and_autoplay_is_taken_back(page: Page, server):
    page.set_default_timeout(CLOCK)  # the table's pace on a busy machine (the server is shared by every test)
    room_with_bots(page, server, turn_seconds="15")
    until_my_play(page)
    expect(page.locator("#turn .turn-clock")).to_be_visible()  # the countdown the player sees
    cards = len(hand_cards(page))
    # The player does nothing: when the clock runs out a bot plays for them and the seat is on 托管.
    expect(page.locator(".seat.bottom .badge.autoplay")).to_be_visible(timeout=CLOCK)
    expect(page.locator("#hand label.slot")).not_to_have_count(cards, timeout=CLOCK)
    page.click("#autoplay-off")
    expect(page.locator(".seat.bottom .badge.autoplay")).to_have_count(0, timeout=CLOCK)
    # The seat plays again: the game waits for the person (on 托管 the bots may have finished this hand, and the
    # next one begun, meanwhile: then the person answers the window, or presses 继续, until their play).
    until_my_play(page, timeout=CLOCK, continuing=True)
    expect(page.locator("#autoplay-on")).to_be_visible()


def test_the_next_hand_starts_once_everyone_has_pressed_continue(browser: Browser, server):
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    host.goto(server.url + "/rooms/new")
    host.select_option("#option-ready_seconds", "0")  # no countdown: the table waits for both
    host.select_option("#option-turn_seconds", "0")  # the test plays two seats in turn: no clock may run out
    host.click("#create-room")
    link = host.locator(".share-link").get_attribute("href")
    for page, seat, name in ((host, 0, "Ann"), (guest, 2, "Bo")):
        if page is guest:
            page.goto(link)
        page.fill("input[name=name]", name)
        page.check(f"input[name=seat][value='{seat}']")
        page.click("#join")
        expect(page.locator(f".seat-list li[data-seat='{seat}'] em")).to_have_text("(you)")
    host.click("#add-bots")
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")
    while not (host.locator("#result").count() and guest.locator("#result").count()):
        if not (take_turn(host) or take_turn(guest)):
            host.wait_for_timeout(50)  # the state is moving (the bots, a deal); look again
    host.click("#next-hand")
    expect(host.locator("#waiting-for-others")).to_be_visible()
    expect(guest.locator("#result .ready-mark")).to_have_count(3)  # the host and both bots are ready
    expect(guest.locator("#result")).to_be_visible()  # one person's 继续 does not end the other's screen
    guest.click("#next-hand")
    for page in (host, guest):
        expect(page.locator("#result")).to_have_count(0)
    for context in contexts:
        context.close()


def test_a_game_is_continued_from_the_home_page(page: Page, server):
    start_solo(page, server)
    page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']")
    room, cards = page.url, hand_cards(page)
    page.goto(server.url + "/")
    games = page.locator("#my-games li")
    expect(games.first).to_be_visible()
    code = room.rsplit("/", 1)[1]
    page.locator(f"#my-games li[data-game='{code}'] a.game").click()
    expect(page.locator("#hand label.slot").first).to_be_visible()
    assert page.url == room and hand_cards(page) == cards
    page.goto(server.url + "/")
    page.locator(f"#my-games li[data-game='{code}'] button.leave").click()
    expect(page.locator(f"#my-games li[data-game='{code}']")).to_have_count(0)
