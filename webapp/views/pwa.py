"""The installable app (issue 6): the web app manifest, the service worker, and the offline app's page and
Python bundle.

The service worker keeps two versioned caches. The app shell (the home page and the few files every page
loads) is cached when the worker installs, so the first visit stays light. The offline app (its page,
Pyodide's runtime and the Python bundle, several megabytes) is cached only when the player asks for
offline play or installs the app (``static/js/pwa.js`` tells the worker).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from webapp.core.autoplay import DEAL_SPEEDS, SOLO_DEAL_SPEED

from ..offline_bundle import offline_bundle

bp = Blueprint("pwa", __name__)

THEME_COLOUR = "#0f5132"  # templates/base.html's theme-color
BACKGROUND_COLOUR = "#0f5132"
# Under static/: what every page loads (cached at install), and what the offline app adds (on request).
SHELL_FILES = ("css/app.css", "vendor/htmx/htmx.min.js", "vendor/htmx/ext/hx-ws.min.js", "js/hand.js",
               "js/table.js", "js/turn-signal.js", "js/share.js", "js/rule-form.js", "js/clock.js", "js/stats.js",
               "js/pwa.js", "icons/icon-192.png")
OFFLINE_FILES = ("css/sheet.css", "css/offline.css", "js/sheet.js", "js/offline.js", "js/offline-python.js",
                 "js/offline-prepare.js", "vendor/pyodide/pyodide.js", "vendor/pyodide/pyodide.mjs",
                 "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.asm.wasm",
                 "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json")
OFFLINE_HOME = "/offline/"


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [{"src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": "image/png",
              "purpose": purpose}
             for name, size, purpose in (("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
                                         ("icon-maskable-512.png", "512x512", "maskable"))]
    data = {
        "id": "/",
        "name": "双升 Shuang Sheng (Tractor)",
        "short_name": "双升 Tractor",
        "description": _("Shuang Sheng (双升, Tractor) against bots or with friends, and a scorekeeper for "
                         "real cards; solo play and scoresheets work offline."),
        "lang": "zh-Hans",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
        "shortcuts": [
            {"name": _("Play solo offline"), "url": url_for("pwa.offline_page", path="r/solo")},
            {"name": _("Scoresheets on this device"), "url": OFFLINE_HOME},
        ],
    }
    response = jsonify(data)
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    shell = ["/", url_for("pwa.manifest"), *static_urls(SHELL_FILES)]
    offline = [OFFLINE_HOME, url_for("pwa.python_bundle"), *static_urls(OFFLINE_FILES)]
    # How a page prepares the offline app's Python once it is kept (static/js/offline-prepare.js).
    prepare = {"worker": url_for("static", filename="js/offline-prepare.js"),
               "scripts": static_urls(("vendor/pyodide/pyodide.mjs", "js/offline-python.js")),
               "indexURL": url_for("static", filename="vendor/pyodide/"),
               "bundleURL": url_for("pwa.python_bundle"), "snapshotCache": offline_snapshot_cache()}
    body = render_template("sw.js", version=cache_version(), shell=shell, offline=offline,
                           offline_home=OFFLINE_HOME, prepare=prepare)
    # no-cache: the browser checks for a new worker on every visit (the caches' names carry the version).
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.route("/ping", methods=["HEAD", "GET"])
def ping() -> Response:
    """Whether the server can be reached (static/js/pwa.js asks; the service worker never answers it)."""
    return Response(status=204, headers={"Cache-Control": "no-store"})


@bp.get("/offline/", defaults={"path": ""})
@bp.get("/offline/<path:path>")
def offline_page(path: str) -> str:
    """The offline app's one page: its script boots Pyodide and asks the app in it for ``request.path``."""
    return render_template("offline/shell.html", solo_deal_factor=DEAL_SPEEDS[SOLO_DEAL_SPEED])


@bp.get("/offline-app.zip")
def python_bundle() -> BaseResponse:
    bundle = offline_bundle()
    response = Response(bundle.data, mimetype="application/zip", headers={"Cache-Control": "no-cache"})
    response.set_etag(bundle.digest)
    return response.make_conditional(request)


@bp.app_template_global()
def offline_download_mb() -> str:
    """What keeping the offline app costs, for the offer on the home page (MB, one decimal)."""
    return _offline_megabytes(Path(current_app.static_folder))


@bp.app_template_global()
def offline_snapshot_cache() -> str:
    """The cache that keeps the offline app's Python snapshot (static/js/offline-python.js): per version."""
    return f"snapshot-{cache_version()}"


@cache
def _offline_megabytes(static_folder: Path) -> str:
    total = sum((static_folder / name).stat().st_size for name in OFFLINE_FILES) + len(offline_bundle().data)
    return f"{total / 1e6:.1f}"


def static_urls(names: tuple[str, ...]) -> list[str]:
    return [url_for("static", filename=name) for name in names]


def cache_version() -> str:
    """Names the caches: changes whenever a cached file or the Python bundle does."""
    return _cache_version(Path(current_app.static_folder), offline_bundle().digest)


@cache
def _cache_version(static_folder: Path, bundle_digest: str) -> str:
    digest = hashlib.sha256(bundle_digest.encode())
    for name in (*SHELL_FILES, *OFFLINE_FILES):
        stat = (static_folder / name).stat()
        digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:12]
