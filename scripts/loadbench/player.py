"""A benchmark player: a person at a room page. It opens the page and its WebSocket, and whenever the page
offers it a control (Start, Declare, Pass, Bury, Play, Next hand) it thinks, then presses it as the page
would submit it (for Bury and Play it first asks the page's Hint, which checks the cards to press with), so
it never makes an illegal move. A move's latency runs from sending its POST to the arrival, on the
player's own socket, of the frame with the page's next move id (the move applied, as the page shows it)."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

import aiohttp

from .browser import Browser, Failed
from .page import NEEDS_HINT, Page
from .tally import DISCONNECT, TIMEOUT, Tally


@dataclass(frozen=True)
class Settings:
    """How every player of a run behaves; crosses to the client processes."""

    url: str
    think_ms: int
    level: str
    timeout: float  # for any request, and for a move's frame to arrive


class Player:
    def __init__(self, browser: Browser, settings: Settings, tally: Tally, rng: random.Random) -> None:
        self.browser = browser
        self.settings = settings
        self.tally = tally
        self.rng = rng
        self.page: Page | None = None
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.changed = asyncio.Event()  # any frame arrived
        self.moved = asyncio.Event()    # a frame with a new move id arrived
        self.sent: tuple[str, float] | None = None  # the move waiting for its frame, and when it was sent
        self.dealing_since: float | None = None  # when this page began showing a deal
        self.closing = False
        self._reader: asyncio.Task | None = None

    async def open(self, page_html: str) -> None:
        """The room page is loaded: connect its WebSocket, then read frames in the background."""
        self.page = Page(page_html)
        self.socket = await self.browser.socket(self.page.socket_url)
        self._reader = asyncio.create_task(self._read())

    @property
    def connected(self) -> bool:
        return self.socket is not None and not self.socket.closed

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type is not aiohttp.WSMsgType.TEXT:
                continue
            self.tally.frames += 1
            self.tally.frame_bytes += len(message.data)
            moved = self.page.apply(message.data)
            self._time_the_deal()
            if moved and self.sent is not None:
                control, sent_at = self.sent
                self.tally.move_ms.append((time.monotonic() - sent_at) * 1000)
                self.tally.moves_by_kind[control] += 1
                self.sent = None
                self.moved.set()
            self.changed.set()
        if not self.closing:
            self.tally.error(DISCONNECT, f"socket of {self.browser.room_path()} closed by the server "
                                         f"({self.socket.close_code})")
        self.changed.set()

    def _time_the_deal(self) -> None:
        """How long the page shows the deal (100 cards at the dealing pace: a table's own speed)."""
        if self.page.phase == "dealing" and self.dealing_since is None:
            self.dealing_since = time.monotonic()
        elif self.page.phase != "dealing" and self.dealing_since is not None:
            self.tally.deal_s.append(time.monotonic() - self.dealing_since)
            self.dealing_since = None

    @property
    def playing(self) -> bool:
        return self.connected and not self.closing

    async def play(self) -> None:
        """Press what the page offers, after thinking, until stopped or the socket goes."""
        while self.playing:
            control = await self._offered()
            if control is None:
                continue
            await asyncio.sleep(self.settings.think_ms / 1000 * self.rng.uniform(0.5, 1.5))
            control = self.page.control()  # the page may have moved on meanwhile (another pressed Next)
            if control is not None and self.playing:
                await self._press(control)

    def stop(self) -> None:
        """End the play at its next step (the end of the run); a move on its way is neither timed nor an
        error."""
        self.closing = True
        self.sent = None
        self.changed.set()
        self.moved.set()

    async def _offered(self) -> str | None:
        """The control the page offers now, waiting for the next frame if it offers none."""
        self.changed.clear()
        control = self.page.control()
        if control is None:
            await self.changed.wait()
        return control

    async def _press(self, control: str) -> None:
        try:
            if control in NEEDS_HINT:
                answer, elapsed = await self.browser.get(self.page.hint_url(), htmx=True)
                self.tally.hint_ms.append(elapsed)
                self.page.apply(answer)  # the hand with the suggested cards checked
                if self.closing:
                    return
            submission = self.page.submission(control)
            self.moved.clear()
            self.sent = control, time.monotonic()
            await self.browser.submit(submission, htmx=True)
        except Failed as failure:
            self.sent = None
            self.tally.error(failure.kind, str(failure))
            if not self.closing:
                self.changed.clear()
                await self._arrives(self.changed)  # try again once the page changes, not in a tight loop
            return
        if not await self._arrives(self.moved) and not self.closing:
            self.sent = None
            self.tally.error(TIMEOUT, f"{control} in {self.browser.room_path()}: no frame showing it within "
                                      f"{self.settings.timeout:g} s")

    async def _arrives(self, event: asyncio.Event) -> bool:
        """Wait for ``event`` at most the timeout; ``True`` if it came."""
        try:
            async with asyncio.timeout(self.settings.timeout):
                await event.wait()
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        self.stop()
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await self._reader
        await self.browser.close()
