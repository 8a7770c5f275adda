"""Phone-size (360×740) screenshots of the installable and offline app into docs/, from a real server and
Debian chromium: the offer to keep the app, the solo game and a scoresheet with the network gone, and the
scoresheet synced once it is back.

    .venv/bin/python scripts/screenshots_offline.py [--locale zh-CN]
"""

from __future__ import annotations

import argparse

from browserlib import ROOT, chromium, running_app

DOCS = ROOT / "docs"
BOOT_MS = 120_000


def shot(page, name: str, full_page: bool = False) -> None:
    page.screenshot(path=DOCS / f"screenshot-offline-{name}.png", full_page=full_page)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--locale", default="zh-CN")
    locale = parser.parse_args().locale
    with running_app(DEAL_DELAY_MS="0", BOT_DELAY_MS="0") as url, chromium() as browser:
        context = browser.new_context(viewport={"width": 360, "height": 740}, locale=locale, device_scale_factor=2)
        page = context.new_page()
        page.goto(url + "/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
        page.click("#keep-offline")
        page.wait_for_selector("#open-offline", state="visible", timeout=BOOT_MS)
        page.locator("#offline-panel").scroll_into_view_if_needed()
        shot(page, "kept")
        context.set_offline(True)
        page.click("#solo-normal")
        page.wait_for_selector("#play, #bury", timeout=BOOT_MS)
        shot(page, "solo")
        page.goto(url + "/offline/sheets/new")
        page.wait_for_selector("#create-sheet", timeout=BOOT_MS)
        page.fill("#team-0", "红队")
        page.fill("#team-1", "蓝队")
        page.select_option("#first-dealer", "0")
        page.click("#create-sheet")
        for points in (35, 120):
            version = page.get_attribute("#sheet-board", "data-version")
            page.fill("#trick-points", str(points))
            page.click("#record-hand")
            page.wait_for_function(f"() => document.querySelector('#sheet-board').dataset.version !== '{version}'")
        page.locator("#sheet-sync").scroll_into_view_if_needed()
        shot(page, "sheet")
        page.goto(url + "/offline/")
        page.wait_for_selector("#resume-solo", timeout=BOOT_MS)
        shot(page, "home")
        context.set_offline(False)
        page.click(".local-sheets a")
        page.wait_for_selector("#sheet-sync[data-synced='true']", timeout=60_000)
        page.locator("#sheet-sync").scroll_into_view_if_needed()
        shot(page, "synced")
        context.close()


if __name__ == "__main__":
    main()
