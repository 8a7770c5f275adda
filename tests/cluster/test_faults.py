"""Fault tests against the distributed setup (PostgreSQL, Redis, nginx, two web and two worker processes): real
processes are killed with SIGKILL mid-hand, Redis is restarted and PostgreSQL stopped, and afterwards the log of
every room is checked — nothing a page was told was accepted is missing, and nothing was applied twice."""

from __future__ import annotations

import http.cookiejar
import re
import time
import urllib.parse
import urllib.request
import uuid

import pytest
import redis
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

import engine

from ..browser.conftest import YOUR_TURN, hand_cards, select_hint, take_turn, until_my_play
from ..webapp.conftest import person_move
from .conftest import logged_ids, replayed

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-US"}
WAIT = 60  # seconds: a bound for a busy machine (a takeover waits out a lease), not a duration asserted
ID_FIELD = re.compile(r'name="action_id"\r\n\r\n([^\r]+)|(?:^|&)action_id=([^&]+)')


class AcceptedMoves:
    """The action ids of every move a page sent that the server answered with success."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def watch(self, page: Page) -> Page:
        page.on("response", self._seen)
        return page

    def _seen(self, response) -> None:
        request = response.request
        if request.method == "POST" and re.search(r"/r/[^/]+/(act|next)$", request.url) and response.ok:
            found = ID_FIELD.search(request.post_data or "")
            if found:
                self.ids.append(urllib.parse.unquote(found.group(1) or found.group(2)))


def check_nothing_lost_or_doubled(store, code: str, accepted: AcceptedMoves) -> engine.Match:
    match = replayed(store, code)
    logged = logged_ids(store, code)
    assert accepted.ids and all(logged.count(action_id) == 1 for action_id in set(accepted.ids))
    return match


def join_four(pages: list[Page], urls: list[str]) -> str:
    """Four people at ``urls`` (each page its own): the first creates a room, all join by its link; the code."""
    host = pages[0]
    host.goto(urls[0] + "/")
    host.click("#new-room")
    host.click("#create-room")
    path = urllib.parse.urlparse(host.locator(".share-link").get_attribute("href")).path
    for seat, (page, url) in enumerate(zip(pages, urls, strict=True)):
        if seat:
            page.goto(url + path)
        page.fill("input[name=name]", ("Ana", "Bo", "Cai", "Dee")[seat])
        page.check(f"input[name=seat][value='{seat}']")
        page.click("#join")
        expect(page.locator(f".seat-list li[data-seat='{seat}'] em")).to_have_text("(you)")
    host.click("#start")
    for page in pages:
        expect(page.locator("#turn")).to_be_attached()  # the game has started on every page
    return path.rsplit("/", 1)[1]


def play_until(pages: list[Page], done) -> None:
    while not done():
        if not any(take_turn(page) for page in pages):
            pages[0].wait_for_timeout(50)  # the state is moving (a deal); look again


def hand_over(pages: list[Page]):
    return lambda: all(page.locator("#result").count() for page in pages)


def test_four_browsers_on_different_web_processes_play_a_whole_hand(browser: Browser, cluster, store):
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    accepted = AcceptedMoves()
    pages = [accepted.watch(context.new_page()) for context in contexts]
    web = [f"http://127.0.0.1:{port}" for port in cluster.web_ports]
    code = join_four(pages, [web[0], web[0], web[1], web[1]])  # two sockets on each web process
    play_until(pages, hand_over(pages))
    assert check_nothing_lost_or_doubled(store, code, accepted).hand_over
    for context in contexts:
        context.close()


def test_a_web_process_killed_mid_hand_loses_nothing_and_its_browsers_reconnect(browser: Browser, cluster, store):
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    accepted = AcceptedMoves()
    pages = [accepted.watch(context.new_page()) for context in contexts]
    code = join_four(pages, [cluster.url] * 4)  # through nginx: the sockets spread over both web processes
    play_until(pages, lambda: len(replayed(store, code).hand.tricks) >= 5)
    cluster.kill("web0")
    try:
        play_until(pages, hand_over(pages))
    finally:
        cluster.restart("web0")
    assert check_nothing_lost_or_doubled(store, code, accepted).hand_over
    for context in contexts:
        context.close()


class SoloPlayer:
    """A person at a solo table through HTTP and the page's WebSocket (through nginx), moving like the page."""

    def __init__(self, cluster, store, level: str) -> None:
        self.cluster, self.store = cluster, store
        jar = http.cookiejar.CookieJar()
        self.http = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        answer = self.http.open(urllib.request.Request(cluster.url + "/solo", data=f"level={level}".encode()),
                                timeout=WAIT)
        self.code = answer.url.rsplit("/", 1)[1]
        seat = next(cookie for cookie in jar if cookie.name == "seat")
        self.socket = connect(f"ws://127.0.0.1:{cluster.port}/r/{self.code}/ws",
                              additional_headers={"Cookie": f"seat={seat.value}"}, open_timeout=WAIT, legacy=True)
        self.ids: list[str] = []

    def wait_for(self, wanted) -> engine.Match:
        """Until the room as logged satisfies ``wanted`` (looked at after each frame the page's socket brings)."""
        deadline = time.monotonic() + WAIT
        while True:
            match = replayed(self.store, self.code)
            if wanted(match):
                return match
            assert time.monotonic() < deadline, "the table did not get there"
            try:
                self.socket.recv(timeout=max(deadline - time.monotonic(), 0.1))
            except TimeoutError:
                continue

    def move(self, match: engine.Match) -> None:
        payload = person_move(match, 0)
        action_id = uuid.uuid4().hex
        form = [("type", payload["type"]), ("action_id", action_id)]
        form += [("cards", card) for card in payload.get("cards", "").split()]
        self.http.open(urllib.request.Request(f"{self.cluster.url}/r/{self.code}/act",
                                              data=urllib.parse.urlencode(form).encode()), timeout=WAIT)
        self.ids.append(action_id)

    def my_turn(self, match: engine.Match) -> bool:
        return match.hand_over or match.hand.to_act == 0 and match.hand.phase != "dealing"  # (the deal draws itself)

    def play_until(self, wanted) -> engine.Match:
        """Take the person's turns until the room is as ``wanted`` on the person's turn (or the hand is over)."""
        while True:
            match = self.wait_for(self.my_turn)
            if match.hand_over or wanted(match):
                return match
            self.move(match)


def lease_holder(cluster, code: str) -> str:
    owner = redis.Redis.from_url(cluster.redis_url).get(f"lease:room:{code}").decode()
    pid = int(owner.split(":")[1])
    return next(name for name in cluster.names("worker") if cluster.parts[name].pid == pid)


def test_a_worker_killed_mid_decision_still_moves_its_bot_exactly_once(cluster, store):
    player = SoloPlayer(cluster, store, "hard")
    cluster.parts["worker1"].stop()  # worker0 alone drives the room and decides for its bots
    try:
        # The person's play, not the trick's last: the next seat's Hard bot starts thinking at once.
        match = player.play_until(lambda m: m.hand.phase == "playing" and len(m.hand.trick.plays) < 3)
        assert not match.hand_over, ("the hand ended before the person's play mid-trick; seats that acted: "
                                     f"{[entry.seat for entry in store.actions_after(player.code, 0)]}")
        before = store.row(player.code).actions
        player.move(match)
        killed = lease_holder(cluster, player.code)
        cluster.kill(killed)  # mid-decision: the search takes about a quarter of a second, the pace 400 ms
        cluster.restart("worker1")  # the other worker takes the room over once the dead one's lease expires
        player.wait_for(lambda m: len(store.actions_after(player.code, before)) >= 2)
        seats = [entry.seat for entry in store.actions_after(player.code, before)]
        assert seats[:2] == [0, 1] and seats[2:3] != [1]  # the person's play, then the bot's move: once
        cluster.restart(killed)
        assert player.play_until(lambda m: False).hand_over
    finally:
        for name in cluster.names("worker"):
            if not cluster.parts[name].alive():
                cluster.restart(name)
    logged = logged_ids(store, player.code)
    assert all(logged.count(action_id) == 1 for action_id in player.ids)


def start_solo(page: Page, cluster) -> None:
    page.goto(cluster.url + "/")
    page.click("#solo-normal")
    expect(page.locator("#turn")).not_to_have_attribute("data-phase", "dealing", timeout=WAIT * 1000)


def solo_hand_over(page: Page):
    return lambda: page.locator("#result").count() > 0


def test_postgres_stopped_for_ten_seconds_gets_a_clear_try_again_and_play_resumes(page: Page, cluster, store):
    accepted = AcceptedMoves()
    accepted.watch(page)
    start_solo(page, cluster)
    until_my_play(page, timeout=WAIT * 1000)
    code = page.url.rsplit("/", 1)[1]
    cards = hand_cards(page)
    select_hint(page, by_clicking=False)
    cluster.stop_postgres()
    outage_ends = time.monotonic() + 10
    try:
        while time.monotonic() < outage_ends:  # the outage lasts ten seconds; each attempt is refused clearly
            page.click("#play")
            expect(page.locator("#message")).to_contain_text("try again")
    finally:
        cluster.resume_postgres()
    assert hand_cards(page) == cards  # nothing half-applied
    page.click("#play")
    expect(page.locator("#hand label.slot")).not_to_have_count(len(cards))
    play_until([page], solo_hand_over(page))
    assert check_nothing_lost_or_doubled(store, code, accepted).hand_over


def test_a_redis_restart_mid_hand_and_every_page_catches_up(page: Page, cluster, store):
    accepted = AcceptedMoves()
    accepted.watch(page)
    start_solo(page, cluster)
    for _ in range(4):
        page.wait_for_selector(YOUR_TURN, timeout=WAIT * 1000)
        take_turn(page)
    code = page.url.rsplit("/", 1)[1]
    cluster.kill("redis")
    cluster.restart("redis")  # empty: pub/sub, presence, leases and queued jobs are gone
    play_until([page], solo_hand_over(page))
    assert check_nothing_lost_or_doubled(store, code, accepted).hand_over
