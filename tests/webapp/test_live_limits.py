"""A real gevent server under hostile or heavy connections: a WebSocket costs no thread, input is bounded and
never inflated, floods and dead clients are closed, and slow or half-sent requests cannot pin the worker."""

from __future__ import annotations

import contextlib
import http.cookiejar
import socket
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ..servers import Server

WAIT = 30  # seconds: a bound on a busy machine, not a duration asserted


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("limits") / "rooms.sqlite3", WS_MAX_MESSAGES_PER_MINUTE="20",
                    REQUEST_SECONDS="2", WS_PING_SECONDS="1")
    server.start()
    yield server
    server.kill()


def solo_socket_url(server: Server) -> tuple[str, str]:
    """A solo game's socket address and the seat cookie that goes with it."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    response = opener.open(urllib.request.Request(server.url + "/solo", data=b"level=normal"), timeout=WAIT)
    code = response.url.rsplit("/", 1)[1]
    cookie = next(c for c in jar if c.name == "seat")
    return f"ws://127.0.0.1:{server.port}/r/{code}/ws", f"seat={cookie.value}"


def rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


def closed_code(ws) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=WAIT)
    return closed.value.rcvd.code if closed.value.rcvd else closed.value.sent.code


def test_a_page_socket_streams_its_regions_compressed(live):
    url, cookie = solo_socket_url(live)
    with connect(url, additional_headers={"Cookie": cookie}, compression="deflate", open_timeout=WAIT) as ws:
        assert 'id="hand"' in ws.recv(timeout=WAIT)
        assert "permessage-deflate" in ws.response.headers["Sec-WebSocket-Extensions"]


def test_a_compressed_message_is_refused_before_anything_is_inflated(live):
    url, cookie = solo_socket_url(live)
    before = rss_kb(live.worker_pid())
    with connect(url, additional_headers={"Cookie": cookie}, compression="deflate", open_timeout=WAIT,
                 max_size=None) as ws:
        ws.recv(timeout=WAIT)
        ws.send(b"\0" * (64 << 20))  # 64 MB of zeros: about 64 KB once compressed
        assert closed_code(ws) == 1009
    assert rss_kb(live.worker_pid()) - before < 16 << 10  # nothing near 64 MB was ever allocated


def test_a_message_over_the_size_limit_closes_the_socket(live):
    url, cookie = solo_socket_url(live)
    with connect(url, additional_headers={"Cookie": cookie}, compression=None, open_timeout=WAIT) as ws:
        ws.recv(timeout=WAIT)
        ws.send("x" * 10_000)
        assert closed_code(ws) == 1009


def test_a_flood_of_small_messages_closes_the_socket(live):
    url, cookie = solo_socket_url(live)
    with connect(url, additional_headers={"Cookie": cookie}, compression=None, open_timeout=WAIT) as ws:
        ws.recv(timeout=WAIT)
        for _ in range(30):
            ws.send("hello")
        assert closed_code(ws) == 1008


def test_many_idle_sockets_and_half_sent_requests_leave_pages_answered(live):
    url, cookie = solo_socket_url(live)
    with contextlib.ExitStack() as held:
        for _ in range(150):
            held.enter_context(connect(url, additional_headers={"Cookie": cookie}, open_timeout=WAIT))
            raw = held.enter_context(socket.create_connection(("127.0.0.1", live.port), timeout=WAIT))
            raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
        with urllib.request.urlopen(live.url + "/", timeout=WAIT) as page:
            assert page.status == 200  # the old 64-thread server froze here


def test_a_request_whose_body_never_arrives_is_cut_off(live):
    raw = socket.create_connection(("127.0.0.1", live.port), timeout=WAIT)
    raw.sendall(b"POST /solo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 1000\r\n\r\nlevel=")
    answer = b""
    while b"Nothing was changed" not in answer:  # after REQUEST_SECONDS (2), the worker gives up on it
        received = raw.recv(1024)
        assert received, answer
        answer += received
    assert answer.startswith(b"HTTP/1.1 408")
    raw.close()


def test_a_client_that_stops_answering_pings_is_closed(live):
    url, cookie = solo_socket_url(live)
    with connect(url, additional_headers={"Cookie": cookie}, open_timeout=WAIT, ping_interval=None) as ws:
        ws.recv(timeout=WAIT)
        ws.socket.shutdown(socket.SHUT_WR)  # a half-dead client: it neither sends nor answers any more
        with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
            while True:
                ws.recv(timeout=WAIT)
