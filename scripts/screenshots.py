"""Phone-size (360×740, and one in landscape) screenshots of the main screens into docs/, from a real server
and Debian chromium.

    .venv/bin/python scripts/screenshots.py [--locale zh-CN] [--only main|review]

``review``: issue 14's screens only (the card counter, the coach after a hand, a hand's review, a quick phrase,
the statistics).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect

from tests.browser.conftest import (
    ACTION_CONTROLS,
    SEEN,
    Server,
    click_card,
    room_of_two,
    take_turn,
    until_my_play,
)

DOCS = ROOT / "docs"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--locale", default="zh-CN")
    parser.add_argument("--only", choices=("main", "review"))
    args = parser.parse_args()
    server = Server(Path(tempfile.mkdtemp()) / "screens.sqlite3")
    server.env.update(DEAL_DELAY_MS="150", BOT_DELAY_MS="150", COACH="1")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            phone = {"viewport": {"width": 360, "height": 740}, "locale": args.locale, "device_scale_factor": 2}
            if args.only != "review":
                main_screens(browser.new_page(**phone), server)
            if args.only != "main":
                review_screens(browser, phone, server)
            browser.close()
    finally:
        server.kill()


def main_screens(page, server) -> None:
    page.goto(server.url + "/")
    page.screenshot(path=DOCS / "screenshot-home.png")
    page.click("#solo-normal")
    # Show (亮主 / 反主) as soon as the deal offers it, so that we likely bury the kitty later.
    page.wait_for_function("() => document.querySelector('button.show') || "
                           "document.querySelector('#turn')?.dataset.phase !== 'dealing'", timeout=120_000)
    if page.locator("button.show").count():
        try:
            page.locator("button.show").first.click(timeout=2_000)
        except PlaywrightError:
            pass  # someone showed first and the button went away
    page.wait_for_function("() => document.querySelectorAll('#hand label.slot').length >= 16", timeout=120_000)
    page.screenshot(path=DOCS / "screenshot-deal.png")
    page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']", timeout=120_000)
    if page.locator("#bury").count():
        page.click("#hint")
        page.wait_for_timeout(300)
        page.screenshot(path=DOCS / "screenshot-bury.png")
    until_my_play(page, timeout=120_000)
    for _ in range(3):  # a few tricks, so the table shows plays
        page.wait_for_selector("#play", timeout=120_000)
        take_turn(page)
    page.wait_for_selector("#play", timeout=120_000)
    page.click("#hint")
    page.wait_for_timeout(300)
    page.screenshot(path=DOCS / "screenshot-play.png")
    while not page.locator("#result").count():
        page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare'], #result",
                               timeout=120_000)
        take_turn(page)
    page.screenshot(path=DOCS / "screenshot-hand-end.png")
    # The next hand in landscape, once it is our turn to play (the last trick open over the table).
    page.set_viewport_size({"width": 740, "height": 360})
    page.click("#next-hand")
    while not (page.locator("#play").count() and page.locator("#last-trick-toggle").count()):
        page.wait_for_selector("#play, #bury, #pass, button.show[data-kind='declare']", timeout=120_000)
        take_turn(page)
    page.click("#last-trick-toggle")
    page.screenshot(path=DOCS / "screenshot-landscape.png")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.url + "/rooms/new")
    page.click("summary")
    page.click("label.preset:has(input[value='beijing'])")
    page.locator("#option-twos_trump").select_option("on")
    page.evaluate("document.querySelector('[data-option=level_table]').scrollIntoView({block: 'start'})")
    page.screenshot(path=DOCS / "screenshot-options.png")
    page.click("#create-room")
    page.screenshot(path=DOCS / "screenshot-room.png")
    page.goto(server.url + "/rules")
    page.screenshot(path=DOCS / "screenshot-rules.png")


def play_first_card(page) -> None:
    """The hand's first card when it is a play the rules allow, else the hint: weaker than the hint, so the coach
    has moments to show after the hand."""
    before, control = page.evaluate(SEEN)
    if control != "play":
        take_turn(page)
        return
    click_card(page, 0)
    page.click("#play")
    try:
        expect(page.locator("#actions input[name=action_id]").first).not_to_have_attribute("value", before,
                                                                                          timeout=3_000)
    except AssertionError:  # refused (it does not follow suit, R5.1): play the hint instead
        take_turn(page)


def review_screens(browser, phone: dict, server) -> None:
    """A solo hand with the card counter open, the coach on its hand-end screen, its review at a trick, then a
    room where a friend's phrase shows by their seat, and the statistics."""
    page = browser.new_page(**phone)
    page.goto(server.url + "/")
    page.check("#solo-counter")
    page.click("#solo-normal")
    played = 0
    while played < 12:  # some way into the hand, so the counter has plays to count
        page.wait_for_selector(ACTION_CONTROLS, timeout=120_000)
        playing = page.locator("#play").count()
        take_turn(page)
        played += playing
    page.wait_for_selector("#play", timeout=120_000)
    page.click("#counter-toggle")
    page.screenshot(path=DOCS / "screenshot-counter.png")
    page.click("#card-counter label.close")
    while not page.locator("#result").count():
        page.wait_for_selector(ACTION_CONTROLS, timeout=120_000)
        play_first_card(page)
    try:  # the coach's moments come a few seconds after the hand, if it has any for this player
        page.locator("#coach").scroll_into_view_if_needed(timeout=90_000)
        page.screenshot(path=DOCS / "screenshot-coach.png")
    except PlaywrightError:
        print("no coach's moments for this hand: docs/screenshot-coach.png kept as it was")
    page.click("#review-hand")
    page.click("section.step[data-step='deal'] .step-index label[for='step-5']")
    page.screenshot(path=DOCS / "screenshot-review.png")
    page.goto(server.url + "/stats")
    page.wait_for_selector("#stats:not([data-stats-url])")  # with the solo games this browser keeps
    page.screenshot(path=DOCS / "screenshot-stats.png")
    host, friend = browser.new_page(**phone), browser.new_context(**phone).new_page()
    room_of_two(host, friend, server)
    friend.click("#talk-toggle")
    friend.click("#talk-picker button[data-phrase='nice']")
    host.wait_for_selector("#phrases .bubble")
    host.wait_for_timeout(600)  # the bubble fully faded in
    host.screenshot(path=DOCS / "screenshot-phrase.png")


if __name__ == "__main__":
    main()
