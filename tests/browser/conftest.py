"""The app under test as a real server (gunicorn, gthread) on 127.0.0.1, and helpers that play like a person."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from flask import render_template
from playwright.sync_api import Page, expect

from webapp.render import page_context, render_regions

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 30

# How long an expectation waits for the page (not a duration asserted): four browsers, the server and
# the tests share two cores, and a busy CI machine can take more than Playwright's default 5 s.
expect.set_options(timeout=30_000)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn running ``webapp:create_app()`` on a SQLite file; can be killed and started again."""

    def __init__(self, database: Path) -> None:
        self.log = database.with_suffix(".log")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "BOT_DELAY_MS": "0",
                    "DEAL_DELAY_MS": "0", "AWAY_SECONDS": "3600", "SECRET_KEY": "browser-tests"}
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--workers", "1", "--threads", "32",
             "--graceful-timeout", "1", "--bind", f"127.0.0.1:{self.port}", "webapp:create_app()"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=self.log.open("ab"))
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(self.log.read_text()) from None
                time.sleep(0.05)  # poll interval of the readiness wait, bounded by the deadline above
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Kill at once (SIGKILL on the whole process group would be harsher; the master and worker suffice)."""
        if self.process is not None and self.process.poll() is None:
            for pid in worker_pids(self.process.pid) + [self.process.pid]:
                os.kill(pid, signal.SIGKILL)
            self.process.wait()


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


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
    page.wait_for_function("document.querySelector('[data-hand]')?.style.getPropertyValue('--strip') !== ''"
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
