"""Refusing cross-site requests (issue 11): every state change and every WebSocket handshake must come
from this site's own pages.

``SameSite=Lax`` cookies alone leave gaps (a top-level POST from another site within two minutes of a
cookie's creation in some browsers, sibling subdomains, WebSockets, which SameSite does not cover), so a
``before_request`` hook checks what the browser itself says about where the request comes from:

1. ``Sec-Fetch-Site`` (Fetch Metadata, sent by current browsers to https sites and localhost):
   ``same-origin``, or ``none`` (typed or bookmarked), passes; anything else is refused.
2. Otherwise ``Origin``: it must be this site's own (``request.host``, which follows ``PUBLIC_URL``
   and the trusted proxies, webapp.proxies).
3. A request with neither header does not come from a browser page (a command-line client, the
   test client): no other site can make a browser send it, so it passes.

Safe methods pass (they change nothing), except WebSocket handshakes: a page on another site could
open a seat's socket with the seat's cookie and read its hand.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, request
from flask_babel import lazy_gettext as _l

from .errors import Forbidden

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SAME_SITE_FETCHES = frozenset({"same-origin", "none"})
CROSS_SITE = _l("this request came from another site; open the page on this site and try again")


def init_cross_site_check(app: Flask) -> None:
    app.before_request(refuse_cross_site)


def refuse_cross_site() -> None:
    if request.method in SAFE_METHODS and not is_websocket_handshake():
        return
    if not from_this_site():
        raise Forbidden(str(CROSS_SITE))


def is_websocket_handshake() -> bool:
    return request.headers.get("Upgrade", "").lower() == "websocket"


def from_this_site() -> bool:
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in SAME_SITE_FETCHES
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower()
