"""The server side of a page's WebSocket: bounded input, and the regions streamed after every change.

A page never sends anything over its socket (its moves are form posts), so input is read as it comes and thrown
away: a message larger than ``WS_MAX_MESSAGE_BYTES``, or more than ``WS_MAX_MESSAGES_PER_MINUTE``, closes the
socket; a compressed message is refused before anything is decompressed (permessage-deflate stays on for what the
server sends, where it turns a hand's ~1.5 MB of frames into ~40 KB). Server pings find dead clients.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import simple_websocket.ws
from flask_sock import ConnectionClosed
from wsproto.extensions import PerMessageDeflate
from wsproto.frame_protocol import CloseReason, Opcode

from .runtime.notify import Subscription

log = logging.getLogger(__name__)
RETRY_SECONDS = 1.0  # after a render failed (the database away), try again this soon


class OutboundDeflate(PerMessageDeflate):
    """permessage-deflate for what the server sends only: an incoming compressed frame closes the socket, so no
    message can make the server inflate anything (a small compressed message can inflate to hundreds of MB)."""

    def frame_inbound_header(self, proto: Any, opcode: Opcode, rsv: Any, payload_length: int) -> Any:
        if rsv.rsv1 and opcode.iscontrol() is False:
            return CloseReason.MESSAGE_TOO_BIG
        return super().frame_inbound_header(proto, opcode, rsv, payload_length)


# simple-websocket (flask-sock's server) names the extension it offers in this module; it is the one it gets.
simple_websocket.ws.PerMessageDeflate = OutboundDeflate


def server_options(config: dict[str, Any]) -> dict[str, Any]:
    """flask-sock's ``SOCK_SERVER_OPTIONS``: pings, the message size limit, small reads."""
    return {"ping_interval": config["WS_PING_SECONDS"], "max_message_size": config["WS_MAX_MESSAGE_BYTES"],
            "receive_bytes": 4096}


def stream_regions(ws, subscription: Subscription, render: Callable[[], dict[str, str]],
                   max_per_minute: int) -> None:
    """Send the regions ``render`` returns whose HTML changed since the last send: at once, then after every
    change the subscription hears of, until the browser goes. Shared by the room page and the scoresheet page."""
    threading.Thread(target=_discard_input, args=(ws, subscription, max_per_minute), daemon=True).start()
    sent: dict[str, str] = {}
    while not subscription.closed:
        try:
            fresh = {name: html for name, html in render().items() if sent.get(name) != html}
        except Exception:
            log.exception("rendering a live page failed; trying again")
            subscription.wait(RETRY_SECONDS)
            continue
        if fresh:
            try:
                ws.send("".join(fresh.values()))
            except (ConnectionClosed, OSError):
                return
            sent.update(fresh)
        subscription.wait()


def _discard_input(ws, subscription: Subscription, max_per_minute: int) -> None:
    """Read what the client sends as it comes (nothing piles up) and throw it away; close a flood."""
    window_start, count = time.monotonic(), 0
    try:
        while True:
            ws.receive()
            now = time.monotonic()
            if now - window_start > 60:
                window_start, count = now, 0
            count += 1
            if count > max_per_minute:
                ws.close(CloseReason.POLICY_VIOLATION, "a page sends nothing over this socket")
                break
    except (ConnectionClosed, OSError):
        pass
    finally:
        subscription.close()
