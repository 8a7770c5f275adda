"""gzip for text responses (pages, partials, CSS, JavaScript, JSON, SVG) and WebAssembly, when the browser
accepts it.

The first visit on a phone must stay light (issue 6: at most 100 KB), and htmx alone is 37 KB raw but
13 KB compressed; Pyodide's WebAssembly shrinks from 9.6 MB to about a third. Static files are compressed
once per version (by their ETag, which stays the same: ``Vary: Accept-Encoding`` keeps the caches apart).
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "image/svg+xml", "application/wasm")
MINIMUM_SIZE = 512  # smaller bodies gain nothing worth the header

_static_bodies: dict[str, bytes] = {}  # compressed static files by ETag


def init_compression(app: Flask) -> None:
    app.after_request(compress)


def compress(response: Response) -> Response:
    if not _compressible(response):
        return response
    response.direct_passthrough = False  # a static file's body is read like any other
    etag, weak = response.get_etag()
    if etag and not weak:
        body = _static_bodies.get(etag) or _static_bodies.setdefault(etag, gzip.compress(response.get_data(), 6))
    else:
        body = gzip.compress(response.get_data(), 6)
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def _compressible(response: Response) -> bool:
    return (response.status_code == 200 and "gzip" in request.headers.get("Accept-Encoding", "")
            and "Content-Encoding" not in response.headers and response.mimetype.startswith(COMPRESSIBLE)
            and (response.direct_passthrough or not response.is_streamed)  # a file, or a body in memory
            and (response.content_length or MINIMUM_SIZE) >= MINIMUM_SIZE)
