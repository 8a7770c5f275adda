"""The installable app (issue 6): a valid manifest with its icons, the service worker and its caches, the
offline app's page and Python bundle, and gzip for the text a phone downloads."""

from __future__ import annotations

import gzip
import io
import re
import struct
import zipfile

import pytest


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_meets_chromiums_install_criteria(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = response.json
    assert "双升" in manifest["name"] and "Shuang Sheng" in manifest["name"]
    assert "双升" in manifest["short_name"] and "Tractor" in manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {}
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
        sizes[(icon["sizes"], icon["purpose"])] = png_size(image.data)
    assert sizes == {("192x192", "any"): (192, 192), ("512x512", "any"): (512, 512),
                     ("512x512", "maskable"): (512, 512)}
    for shortcut in manifest["shortcuts"]:
        assert client.get(shortcut["url"]).status_code == 200


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert "/static/js/pwa.js" in html and 'id="connection"' in html
    assert 'id="keep-offline"' in html and "pyodide" not in html  # offered, not loaded


def test_the_service_worker_has_versioned_caches_of_the_shell_and_the_offline_app(client):
    response = client.get("/sw.js")
    assert response.mimetype == "text/javascript" and response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', script).group(1)
    shell = re.search(r"const SHELL = (\[.*?\]);", script).group(1)
    offline = re.search(r"const OFFLINE = (\[.*?\]);", script).group(1)
    assert '"/"' in shell and "htmx.min.js" in shell and "pyodide" not in shell
    assert "pyodide.asm.wasm" in offline and "/offline-app.zip" in offline and '"/offline/"' in offline
    for url in re.findall(r'"(/[^"]*)"', shell + offline):
        assert client.get(url).status_code == 200, url
    assert f"snapshot-{version}" in script
    assert "skipWaiting" in script and "clients.claim" in script  # the worker controls the open page


def test_every_script_a_page_loads_is_in_the_shell_cache(client):
    shell = re.search(r"const SHELL = (\[.*?\]);", client.get("/sw.js").get_data(as_text=True)).group(1)
    for path in ("/", "/stats", "/rooms/new"):
        for script in re.findall(r'<script src="([^"]+)"', client.get(path).get_data(as_text=True)):
            assert f'"{script}"' in shell, (path, script)


def test_the_offline_app_has_one_page_for_all_its_addresses(client):
    for path in ("/offline/", "/offline/r/solo", "/offline/s/abc", "/offline/sheets/new"):
        html = client.get(path).get_data(as_text=True)
        assert 'id="offline-app"' in html and "/static/js/offline.js" in html and "vendor/pyodide/pyodide.js" in html


def test_the_python_bundle_holds_the_engine_the_page_code_the_templates_and_jinja(client):
    response = client.get("/offline-app.zip")
    names = zipfile.ZipFile(io.BytesIO(response.data)).namelist()
    for name in ("engine/match.py", "engine/bots/search.py", "webapp/core/room_page.py", "webapp/offline/app.py",
                 "templates/partials/hand.html", "translations/zh_Hans/LC_MESSAGES/messages.mo",
                 "jinja2/environment.py", "markupsafe/__init__.py"):
        assert name in names
    server_code = [name for name in names if name.startswith("webapp/")
                   and not name.startswith(("webapp/core/", "webapp/offline/")) and name != "webapp/__init__.py"]
    assert not server_code and not any(name.startswith("flask") or name.endswith(".so") for name in names)
    again = client.get("/offline-app.zip", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("path", ["/", "/static/vendor/htmx/htmx.min.js", "/static/css/app.css"])
def test_text_is_sent_gzip_compressed(client, path):
    plain = client.get(path)
    packed = client.get(path, headers={"Accept-Encoding": "gzip, deflate"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data) / 2


def test_the_scorekeeper_may_keep_an_online_sheet_on_the_phone_a_viewer_may_not(client, app):
    response = client.post("/sheets", data={"team_0": "A", "team_1": "B", "preset": "classic", "level_0": "2",
                                            "level_1": "2", "first_dealer": "0"})
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert f'href="/offline/keep/{code}"' in client.get(f"/s/{code}").get_data(as_text=True)
    assert 'id="keep-sheet"' not in app.test_client().get(f"/s/{code}").get_data(as_text=True)
