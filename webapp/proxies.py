"""Where the app is reached: ``PUBLIC_URL`` and the proxies in front of it (issue 11).

Behind a TLS proxy the app itself sees plain http from the proxy's address. Two settings say what
people see:

- ``TRUSTED_PROXY_HOPS``: how many proxies in front of the app add ``X-Forwarded-For``, ``-Proto``,
  ``-Host`` and ``-Port``; that many of the last values are believed (werkzeug's ``ProxyFix``), so
  the client's address (creation limits) and scheme (cookies' ``Secure``) are the real ones. 0, the
  default, believes none of them: anyone can send those headers.
- ``PUBLIC_URL`` (``https://example.org``): the scheme and host every request is taken to have come
  to, whatever a proxy says, for share links, QR codes, cookies' ``Secure`` and the same-origin check.

Both act on the WSGI environment, so ``request.is_secure``, ``request.host`` and
``url_for(..., _external=True)`` agree everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


class PublicUrl:
    """WSGI middleware: every request as if it came to ``url`` (``scheme://host[:port]``)."""

    def __init__(self, app: Any, url: str) -> None:
        self.app = app
        parts = urlsplit(url)
        self.scheme = parts.scheme
        self.host = parts.netloc
        self.server_name = parts.hostname or ""
        self.port = str(parts.port or (443 if parts.scheme == "https" else 80))

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        environ.update({"wsgi.url_scheme": self.scheme, "HTTP_HOST": self.host,
                        "SERVER_NAME": self.server_name, "SERVER_PORT": self.port})
        return self.app(environ, start_response)


def init_proxies(app: Flask) -> None:
    """The proxies' headers first (the outer middleware runs first), then ``PUBLIC_URL`` over them."""
    if app.config["PUBLIC_URL"]:
        app.wsgi_app = PublicUrl(app.wsgi_app, app.config["PUBLIC_URL"])
    hops = app.config["TRUSTED_PROXY_HOPS"]
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops)
