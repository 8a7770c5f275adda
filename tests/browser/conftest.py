"""The app under test as a real server (gunicorn, gevent: the Procfile's settings) on 127.0.0.1, and helpers that
play like a person."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

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

ACTION_CONTROLS = "#play, #bury, #pass, button.show[data-kind='declare'], #result"


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


def play_solo_hand_to_the_end(page: Page) -> None:
    while not page.locator("#result").count():
        page.wait_for_selector(ACTION_CONTROLS)
        take_turn(page)
    expect(page.locator("#result")).to_be_visible()
