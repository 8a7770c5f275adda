"""The WebSocket of a room page: after every committed change, the regions of THIS browser's seat.

Each connection renders its own view (seat from its cookie, language from its
request) and sends only the regions whose HTML changed, as out-of-band swaps by
id (htmx 4 ``hx-ws``). A fresh connection gets every region, so a reconnect
catches up on whatever it missed.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint
from flask_sock import ConnectionClosed, Sock

from ..errors import NotFound
from ..hub import Subscription
from ..render import render_regions
from .common import host_token, seat_token, service

bp = Blueprint("live", __name__)
sock = Sock()

WAKE_SECONDS = 1.0  # how often an idle connection checks that the browser is still there


@sock.route("/r/<code>/ws", bp=bp)
def room_socket(ws, code: str) -> None:
    rooms = service()
    token, host = seat_token(), host_token()
    try:
        seat = rooms.snapshot(code, token).my_seat
    except NotFound:
        return
    subscription = rooms.hub.subscribe(code, seat)
    if seat is not None:
        rooms.presence.connected(code, seat)
        rooms.presence_changed(code)
    try:
        stream_regions(ws, subscription, lambda: render_regions(rooms.snapshot(code, token, host)))
    except ConnectionClosed:
        pass
    finally:
        rooms.hub.unsubscribe(subscription)
        if seat is not None:
            rooms.presence.disconnected(code, seat)
            rooms.presence_changed(code)


def stream_regions(ws, subscription: Subscription, render: Callable[[], dict[str, str]]) -> None:
    """Send the regions ``render`` returns whose HTML changed since the last send: at once, then after
    every change the subscription hears of, until the browser goes (``ConnectionClosed``).

    Shared by the room page and the scoresheet page.
    """
    sent: dict[str, str] = {}
    changed = True
    while True:
        if changed:
            fresh = {name: html for name, html in render().items() if sent.get(name) != html}
            if fresh:
                ws.send("".join(fresh.values()))
                sent.update(fresh)
        changed = subscription.wait(WAKE_SECONDS)
        ws.receive(timeout=0)  # raises ConnectionClosed once the browser is gone
