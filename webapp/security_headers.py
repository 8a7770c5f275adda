"""Security headers on every response (issue 11), set by Flask-Talisman.

The Content-Security-Policy allows only this site's own files: no inline ``<script>``, no ``on…=``
attributes, no ``eval`` (htmx 4 needs none), nothing from another host. What it does allow, and why:

- ``'wasm-unsafe-eval'``: the offline app compiles Pyodide's WebAssembly (static/vendor/pyodide).
- ``style-src 'unsafe-inline'``: templates set ``style=`` attributes (a card's position in the fan,
  a chart's bar), and htmx adds its indicator style; styles run no code.
- ``connect-src 'self'``: fetches and the room's WebSocket (``ws:``/``wss:`` to this host).
- ``worker-src 'self'``: the service worker ``/sw.js`` and the worker that prepares the offline app.
- ``frame-ancestors 'none'`` (and ``X-Frame-Options: DENY``): no page can be framed to trick a tap.

Also ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin`` (a room's link is its
invitation: it never goes to another site), and HSTS when the request came over https. Redirecting to
https is the TLS proxy's job, so Talisman's is off. A page or answer made for the request (a room page holds the
seat's hand, a hint names its cards, an export a finished hand) says ``Cache-Control: private, no-store``
unless it set its own: no shared computer's cache or proxy keeps a hand for the next person to open; the
static files keep their own caching.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_talisman import DENY, Talisman

SELF = "'self'"
CONTENT_SECURITY_POLICY = {
    "default-src": SELF,
    "script-src": [SELF, "'wasm-unsafe-eval'"],
    "style-src": [SELF, "'unsafe-inline'"],
    "img-src": SELF,
    "connect-src": SELF,
    "worker-src": SELF,
    "manifest-src": SELF,
    "object-src": "'none'",
    "base-uri": SELF,
    "form-action": SELF,
    "frame-ancestors": "'none'",
}
REFERRER_POLICY = "same-origin"


def init_security_headers(app: Flask) -> None:
    Talisman(app, force_https=False, frame_options=DENY, content_security_policy=CONTENT_SECURITY_POLICY,
             referrer_policy=REFERRER_POLICY, session_cookie_secure=False)
    app.after_request(_not_kept)


def _not_kept(response: Response) -> Response:
    if request.endpoint != "static" and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "private, no-store"
    return response
