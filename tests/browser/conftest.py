"""The app under test as a real server (gunicorn, gevent: the Procfile's settings) on 127.0.0.1, and helpers that
play like a person."""

from __future__ import annotations

import re

import pytest
from flask import render_template
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from webapp.render import page_context, render_regions

from ..servers import Server

# How long an expectation waits for the page (not a duration asserted): four browsers, the server and
# the tests share two cores, and a busy CI machine can take more than Playwright's default 5 s.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("live") / "rooms.sqlite3")
    running.start()
    yield running
    running.kill()


# ---------------------------------------------------------------------------- playing like a person

YOUR_TURN = "#play, #bury, #pass, button.show[data-kind='declare']"  # what a person's turn shows
ACTION_CONTROLS = YOUR_TURN + ", #result"


def hand_cards(page: Page) -> list[str]:
    return page.locator("#hand input[name=cards]").evaluate_all("inputs => inputs.map(i => i.value)")


def click_card(page: Page, index: int) -> None:
    """Tap the visible strip of the index-th card of the hand (cards overlap like a fan)."""
    page.locator("#hand label.slot").nth(index).click(position={"x": 5, "y": 24})


# What the person sees at one moment: the id their next action carries and the control on offer, read
# together, so a region swapped in between cannot pair one state's id with another state's button.
SEEN = """() => {
  const id = document.querySelector("#actions input[name=action_id]")?.value ?? null;
  const declaring = document.querySelector("#turn")?.dataset.phase === "declaring";
  if (declaring && document.querySelector("button.show[data-kind='declare']")) return [id, "declare"];
  return [id, ["pass", "bury", "play"].find(control => document.getElementById(control)) ?? null];
}"""


def wait_for_change(page: Page, before: str) -> None:
    """Until the page shows a state after the one its move was made in (the move's id is spent)."""
    expect(page.locator("#actions input[name=action_id]").first).not_to_have_attribute("value", before)


def take_turn(page: Page, choose_by_clicking: bool = False) -> bool:
    """Do what a person does when it is their turn; ``False`` if this page has nothing to do now."""
    before, control = page.evaluate(SEEN)
    if control == "declare":
        page.locator("button.show[data-kind='declare']").first.click()
    elif control == "pass":
        page.click("#pass")
    elif control == "bury":
        # 33 cards while burying still fit the phone's width (no horizontal scrolling).
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        select_hint(page, choose_by_clicking)
        expect(page.locator("[data-counter]")).to_have_text("8 / 8")
        page.click("#bury")
    elif control == "play":
        select_hint(page, choose_by_clicking)
        page.click("#play")
    else:
        return False
    wait_for_change(page, before)
    return True


def until_my_play(page: Page, timeout: float | None = None, continuing: bool = False) -> None:
    """Declare or pass in the window and bury, as a person does, until it is this person's turn to play a card
    (``continuing``: press 继续 at a hand's end too). It waits for a turn before it looks for the play: a look
    made while the bots still play would find no play, take the turn that follows, and so play on."""
    controls = YOUR_TURN + (", #next-hand" if continuing else "")
    while True:
        try:
            page.wait_for_selector(controls, timeout=timeout)
        except PlaywrightTimeout:
            raise AssertionError(f"no turn for this person; the table shows: {table_state(page)}") from None
        if page.locator("#play").count():
            return
        if continuing and page.locator("#next-hand").count():
            page.click("#next-hand")
        else:
            take_turn(page)


def table_state(page: Page) -> str:
    """What a failed wait saw: the phase, the turn line, the seats on 托管 and the actions region, as text."""
    return page.evaluate("""() => JSON.stringify({
      phase: document.querySelector("#turn")?.dataset.phase ?? null,
      turn: document.querySelector("#turn")?.innerText ?? null,
      autoplay: [...document.querySelectorAll(".seat .badge.autoplay")].map(b => b.closest(".seat").className),
      actions: document.querySelector("#actions")?.innerText ?? null,
    })""")


def select_hint(page: Page, by_clicking: bool) -> None:
    """Press Hint; with ``by_clicking`` clear its selection and tap the same cards one by one."""
    page.click("#hint")  # answered by the server, or by the offline app in the page
    checked = page.locator("#hand input[name=cards]:checked")
    expect(checked.first).to_be_attached()
    if not by_clicking:
        return
    inputs = page.locator("#hand input[name=cards]")
    chosen = inputs.evaluate_all("inputs => inputs.flatMap((input, i) => input.checked ? [i] : [])")
    for index in chosen:
        click_card(page, index)
    expect(checked).to_have_count(0)
    for index in chosen:
        click_card(page, index)
    expect(checked).to_have_count(len(chosen))


def room_of_two(host: Page, friend: Page, server) -> None:
    """The host creates a room without a turn clock (the test plays both seats in turn), both take a seat by its
    link (0 and 1), bots fill the rest and the host starts."""
    host.goto(server.url + "/rooms/new")
    host.select_option("#option-turn_seconds", "0")
    host.click("#create-room")
    link = host.locator(".share-link").get_attribute("href")
    for seat, person in enumerate((host, friend)):
        if seat:
            person.goto(link)
        person.fill("input[name=name]", ("Ann", "Bo")[seat])
        person.check(f"input[name=seat][value='{seat}']")
        person.click("#join")
        expect(person.locator(f".seat-list li[data-seat='{seat}'] em")).to_be_visible()
    host.click("#add-bots")
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")


def play_solo_hand_to_the_end(page: Page) -> None:
    while not page.locator("#result").count():
        page.wait_for_selector(ACTION_CONTROLS)
        take_turn(page)
    expect(page.locator("#result")).to_be_visible()


# ---------------------------------------------------------------------------- a table in a chosen state

FIXTURE_PATH = "/r/fixture"


def room_page_html(app, snapshot) -> str:
    """The room page for ``snapshot`` as the server renders it, without its WebSocket (nothing to listen to)."""
    with app.test_request_context(FIXTURE_PATH):
        html = render_template("room.html", **page_context(snapshot))
    return re.sub(r' hx-ws:connect="[^"]*"', "", html)


def regions_html(app, snapshot) -> str:
    """Every region of ``snapshot``, marked for out-of-band swaps: what the WebSocket sends."""
    with app.test_request_context(FIXTURE_PATH):
        return "".join(render_regions(snapshot).values())


def open_table(page: Page, server, app, snapshot) -> None:
    """Open the room page of ``snapshot`` on the live server's address (its CSS and scripts are the server's)."""
    html = room_page_html(app, snapshot)
    page.route(server.url + FIXTURE_PATH, lambda route: route.fulfill(body=html, content_type="text/html"))
    page.goto(server.url + FIXTURE_PATH)
    page.wait_for_function("() => document.querySelector('[data-hand]')?.style.getPropertyValue('--strip') !== ''"
                           " || !document.querySelector('[data-hand]')")


def swap_in(page: Page, app, snapshot) -> None:
    """Bring ``snapshot``'s regions in as a WebSocket frame does (htmx's out-of-band swap, by id)."""
    page.evaluate("""html => {
        const room = document.getElementById("room");
        return htmx.swap({sourceElement: room, target: room, swap: "innerHTML swapEmpty:false", text: html,
                          transition: false});
    }""", regions_html(app, snapshot))


def boxes(page: Page, selector: str) -> dict[str, dict]:
    """The bounding box of every element matching ``selector``, by id."""
    return page.evaluate("""selector => Object.fromEntries([...document.querySelectorAll(selector)].map(e => {
        const r = e.getBoundingClientRect();
        return [e.id, {x: r.x, y: r.y, width: r.width, height: r.height}];
    }))""", selector)
