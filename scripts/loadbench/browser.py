"""One person's browser for the benchmark: its own cookie jar and connections (aiohttp), the headers a
browser sends (gzip, a language, Origin and Referer on posts, ``HX-Request`` on htmx requests), and the
room page's WebSocket with permessage-deflate, as browsers negotiate it."""

from __future__ import annotations

import time

import aiohttp
from yarl import URL

from .page import Submission, message_text
from .tally import CONNECTION, LIMITED, REFUSED, SERVER_ERROR, TIMEOUT

HEADERS = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8", "Accept-Encoding": "gzip, deflate",
           "User-Agent": "shuangsheng-bench-load"}
CONNECTIONS_PER_HOST = 6  # what browsers open to one host
DEFLATE_WINDOW_BITS = 15  # permessage-deflate as Chromium and Firefox offer it
# A kept-alive connection is dropped before the server's keep-alive (5 s, webapp/gunicorn_config.py) closes it:
# a request sent just as the server closes an idle connection is reset, which a browser retries by itself
# (Chromium resends a request whose reused connection was reset before any answer); aiohttp would not.
IDLE_SECONDS = 3.0


class Failed(Exception):
    """A request that did not succeed, with the error kind it counts as (see :mod:`loadbench.tally`)."""

    def __init__(self, kind: str, what: str) -> None:
        super().__init__(what)
        self.kind = kind


class Browser:
    """A browser with its own cookies (seat and host tokens are path-scoped cookies, as the page sets them)."""

    def __init__(self, base_url: str, timeout: float, anonymous: bool = False) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        # unsafe=True: keep cookies from an IP address host (127.0.0.1), as a browser does.
        jar = aiohttp.DummyCookieJar() if anonymous else aiohttp.CookieJar(unsafe=True)
        self.session = aiohttp.ClientSession(
            self.base_url, cookie_jar=jar, headers=HEADERS, timeout=aiohttp.ClientTimeout(total=timeout),
            connector=aiohttp.TCPConnector(limit=0 if anonymous else CONNECTIONS_PER_HOST,
                                           keepalive_timeout=IDLE_SECONDS))
        self.location = self.base_url + "/"

    async def get(self, path: str, htmx: bool = False) -> tuple[str, float]:
        """The answer's text and how long it took (ms); follows redirects as a page load does."""
        return await self._request("GET", path, None, htmx)

    async def submit(self, submission: Submission, htmx: bool) -> tuple[str, float]:
        return await self._request("POST", submission.url, submission.fields, htmx)

    async def _request(self, method: str, path: str, fields: list[tuple[str, str]] | None,
                       htmx: bool) -> tuple[str, float]:
        headers = {"HX-Request": "true"} if htmx else {}
        if method == "POST":
            headers |= {"Origin": self.base_url, "Referer": self.location}
        started = time.monotonic()
        try:
            async with self.session.request(method, path, data=fields, headers=headers) as response:
                text = await response.text()
                status, url = response.status, response.url
        except TimeoutError:
            raise Failed(TIMEOUT, f"{method} {path}: no answer in {self.timeout:g} s") from None
        except aiohttp.ClientError as error:
            raise Failed(CONNECTION, f"{method} {path}: {type(error).__name__}: {error}") from None
        elapsed = (time.monotonic() - started) * 1000
        if status >= 400:
            kind = SERVER_ERROR if status >= 500 else LIMITED if status in (413, 429) else REFUSED
            raise Failed(kind, f"{method} {path}: {status} {message_text(text)}")
        if not htmx:
            self.location = str(url)  # a page load: the browser is now on that page
        return text, elapsed

    async def socket(self, path: str) -> aiohttp.ClientWebSocketResponse:
        """The page's WebSocket (``hx-ws:connect``); the server's pings are answered by aiohttp."""
        try:
            return await self.session.ws_connect(path, compress=DEFLATE_WINDOW_BITS, origin=self.base_url,
                                                 headers={"Referer": self.location}, autoping=True)
        except TimeoutError:
            raise Failed(TIMEOUT, f"WebSocket {path}: no handshake in {self.timeout:g} s") from None
        except aiohttp.ClientError as error:
            raise Failed(CONNECTION, f"WebSocket {path}: {type(error).__name__}: {error}") from None

    def room_path(self) -> str:
        return URL(self.location).path

    async def close(self) -> None:
        await self.session.close()
