"""The WebSocket of a room page: after every committed change, the regions of THIS browser's seat.

Each connection renders its own view (seat from its cookie, language from its request) and sends only the
regions whose HTML changed, as out-of-band swaps by id (htmx 4 ``hx-ws``). A fresh connection gets every region,
so a reconnect (to any web process) catches up on whatever it missed. One load of each room version serves all
of this process's sockets of that room (:mod:`webapp.rooms.cache`).
"""

from __future__ import annotations

from flask import Blueprint, current_app
from flask_sock import Sock

from ..errors import NotFound
from ..render import LiveRegions
from ..rooms.moves import seat_of
from ..websocket import stream_regions
from .common import host_token, rooms, seat_token

bp = Blueprint("live", __name__)
sock = Sock()


@sock.route("/r/<code>/ws", bp=bp)
def room_socket(ws, code: str) -> None:
    tables, token, host = rooms(), seat_token(), host_token()
    try:
        seat = seat_of(tables.cache.load(code), token)
    except NotFound:
        return
    subscription = tables.notifier.subscribe(code, seat)
    connection = tables.attendance.arrived(code, seat) if seat is not None else None
    regions = LiveRegions()
    try:
        stream_regions(ws, subscription,
                       lambda: regions.render(tables.snapshot(tables.cache.at_least(code, subscription.version),
                                                              token, host)),
                       current_app.config["WS_MAX_MESSAGES_PER_MINUTE"])
    finally:
        tables.notifier.unsubscribe(subscription)
        if connection is not None:
            tables.attendance.left(code, seat, connection)
