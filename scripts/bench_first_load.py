"""The first visit's weight (issue 6: at most 100 KB gzip, without the offline app): the home page opened in
a fresh Chromium profile, until the service worker controls it and has cached the app shell. Counts every
byte received, headers included, by the page and by the worker.

    .venv/bin/python scripts/bench_first_load.py
"""

from __future__ import annotations

import sys
import urllib.request

from browserlib import chromium, machine, running_app

LIMIT = 100_000


def compressed_size(url: str) -> int:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})) as response:
        return len(response.read())


def main() -> int:
    with running_app() as url, chromium() as browser:
        context = browser.new_context(viewport={"width": 360, "height": 740})
        received: list[tuple[str, int, str]] = []

        def count(request) -> None:
            sizes = request.sizes()
            response = request.response()
            encoding = (response.header_value("content-encoding") or "") if response else ""
            body = sizes["responseBodySize"]
            if request.url == url + "/sw.js":
                body = compressed_size(request.url)  # Chromium does not report the worker script's body
            received.append((request.url.removeprefix(url), sizes["responseHeadersSize"] + body, encoding))

        context.on("requestfinished", count)
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.evaluate("navigator.serviceWorker.ready")
        page.wait_for_load_state("networkidle")
        context.close()
    total = sum(size for _, size, _ in received)
    for path, size, encoding in received:
        print(f"{size:>8} B  {encoding or '-':<5} {path}")
    print(f"{total:>8} B  total over {len(received)} responses (limit {LIMIT} B) on {machine()}")
    return 0 if total <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
