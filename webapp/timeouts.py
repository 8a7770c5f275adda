"""A time limit on each HTTP request (reading its body included), so a slow or half-sent request cannot hold a
worker's greenlet for ever. WebSockets are long-lived by design and have their own pings instead."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Any

MESSAGE = b"The request took too long to arrive. Nothing was changed; please try again.\n"


def limit_request_time(app: Callable, seconds: float) -> Callable:
    """Wrap a WSGI app: under gevent, each non-WebSocket request is cut off after ``seconds``."""
    try:
        import gevent
        import gevent.monkey
    except ImportError:
        return app
    if not gevent.monkey.is_module_patched("socket"):
        return app  # not under gevent (tests, a development server): nothing to cut off

    def timed(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        if environ.get("HTTP_UPGRADE", "").lower() == "websocket":
            return app(environ, start_response)
        timeout = gevent.Timeout(seconds)
        timeout.start()
        try:
            return app(environ, start_response)
        except gevent.Timeout as error:
            if error is not timeout:
                raise
            start_response("408 Request Timeout", [("Content-Type", "text/plain; charset=utf-8"),
                                                   ("Connection", "close")], sys.exc_info())
            return [MESSAGE]
        finally:
            timeout.close()

    return timed
