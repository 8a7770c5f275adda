"""The load besides the players: idle WebSockets of one anonymous client (spectators of a room's lobby that
only stay connected), and a newcomer's fresh loads of the home page, timed while the server is loaded."""

from __future__ import annotations

import asyncio
import contextlib
import time

import aiohttp

from .browser import Browser, Failed
from .page import Page, form_of
from .tally import DISCONNECT, Tally


class IdleSockets:
    """``count`` sockets opened over ``ramp`` seconds to one lobby nobody joins, so nothing ever changes."""

    def __init__(self, url: str, timeout: float, tally: Tally) -> None:
        self.url = url
        self.timeout = timeout
        self.tally = tally
        self.client = Browser(url, timeout, anonymous=True)  # one client, no seat: a spectator everywhere
        self.sockets: list[aiohttp.ClientWebSocketResponse] = []
        self._readers: list[asyncio.Task] = []
        self.closing = False

    async def open(self, count: int, ramp: float) -> None:
        """Create the lobby, then open the sockets at their moments of the ramp (each on its own, so a slow
        handshake delays no other); returns once every one is open or has failed."""
        if not count:
            return
        creator = Browser(self.url, self.timeout)
        try:
            new_room, _ = await creator.get("/rooms/new")
            lobby, _ = await creator.submit(form_of(new_room, '//button[@id="create-room"]'), htmx=False)
        except Failed as failure:
            self.tally.error(failure.kind, f"idle sockets' lobby: {failure}")
            return
        finally:
            await creator.close()
        path = Page(lobby).socket_url
        started = time.monotonic()
        await asyncio.gather(*(self._open(path, started + ramp * index / count) for index in range(count)))

    async def _open(self, path: str, at: float) -> None:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        try:
            socket = await self.client.socket(path)
        except Failed as failure:
            self.tally.error(failure.kind, f"idle {failure}")
            return
        self.sockets.append(socket)
        self._readers.append(asyncio.create_task(self._drain(socket)))

    async def _drain(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        async for _ in socket:
            pass  # the first frame (the lobby), then nothing but the server's pings
        if not self.closing:
            self.tally.error(DISCONNECT, f"idle socket closed by the server ({socket.close_code})")

    @property
    def connected(self) -> int:
        return sum(not socket.closed for socket in self.sockets)

    async def close(self) -> None:
        self.closing = True
        await asyncio.gather(*(socket.close() for socket in self.sockets), return_exceptions=True)
        await asyncio.gather(*self._readers, return_exceptions=True)
        await self.client.close()


async def probe_page_loads(url: str, timeout: float, interval: float, tally: Tally, stop: asyncio.Event) -> None:
    """Until ``stop``: every ``interval`` seconds, a newcomer (no cookies, a new connection) loads the home
    page; each load is timed to its last byte (one under way when ``stop`` comes is finished and counted)."""
    while not stop.is_set():
        started = time.monotonic()
        newcomer = Browser(url, timeout, anonymous=True)
        try:
            _, elapsed = await newcomer.get("/")
            tally.fresh_page_ms.append(elapsed)
        except Failed as failure:
            tally.error(failure.kind, f"fresh page load: {failure}")
        finally:
            await newcomer.close()
        await pause(stop, started + interval - time.monotonic())


async def pause(stop: asyncio.Event, seconds: float) -> None:
    """Wait ``seconds``, or less if ``stop`` comes first."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(max(0.0, seconds)):
            await stop.wait()
