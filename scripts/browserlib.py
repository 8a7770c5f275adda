"""What the browser benchmarks and screenshots share: the app on a free port (gunicorn, as in production,
on a throwaway SQLite file) and Debian's headless chromium driven by Playwright. Benchmarks print
figures; tests never assert durations."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


@contextmanager
def running_app(**environment: str) -> Iterator[str]:
    """The app's URL while it runs (``environment`` adds variables, e.g. ``DEAL_DELAY_MS="0"``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        # Benchmarks and screenshots start games faster than a person: the creation limit is lifted.
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3", "SECRET_KEY": "benchmark",
               "CREATIONS_PER_MINUTE": "0", **environment}
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "--worker-class", "gthread", "--threads", "16",
                                   "--bind", f"127.0.0.1:{port}", "webapp:create_app()"],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(url + "/ping").close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield url
        finally:
            server.terminate()
            server.wait()


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def machine() -> str:
    """One line about where the figures come from (the load matters: other work shares the CPUs)."""
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), "?")
    return f"{os.cpu_count()} CPUs ({model}), load average {os.getloadavg()[0]:.2f}"
