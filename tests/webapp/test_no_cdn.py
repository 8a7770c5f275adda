"""No CDN: every script and stylesheet is served by the app (vendored from node_modules by scripts/vendor.py);
the Procfile runs gunicorn with threaded workers so WebSockets are held."""

from __future__ import annotations

import re
from pathlib import Path

ASSET = re.compile(r'<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"')
ROOT = Path(__file__).resolve().parents[2]


def test_pages_load_only_assets_served_by_the_app(client, solo):
    for path in ("/", "/rooms/new", f"/r/{solo}"):
        assets = ASSET.findall(client.get(path).get_data(as_text=True))
        assert assets
        for asset in assets:
            assert asset.startswith("/") and not asset.startswith("//"), asset
            assert client.get(asset).status_code == 200, asset


def test_htmx_and_its_websocket_extension_are_vendored():
    for name in ("htmx/htmx.min.js", "htmx/ext/hx-ws.min.js"):
        assert (ROOT / "static" / "vendor" / name).stat().st_size > 1000


def test_procfile_runs_gevent_web_processes_and_workers():
    procfile = dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line)
    assert "gunicorn -c python:webapp.gunicorn_config" in procfile["web"] and "webapp:create_app()" in procfile["web"]
    assert procfile["worker"] == "python -m webapp.worker"
    from webapp import gunicorn_config

    assert gunicorn_config.worker_class == "gevent" and gunicorn_config.worker_connections >= 2000
