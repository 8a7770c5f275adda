"""The offline app (``webapp/offline/``) run by CPython, as Pyodide runs it in the browser: with the same templates,
a storage in memory instead of ``localStorage``, and the requests the page's htmx would send."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.i18n import compile_catalogues
from webapp.offline.app import OfflineApp
from webapp.offline.storage import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def catalogues():
    compile_catalogues(ROOT / "translations")  # the .mo files are built, not committed


@pytest.fixture
def storage() -> MemoryStorage:
    return MemoryStorage()


@pytest.fixture
def offline(storage) -> OfflineApp:
    return OfflineApp(storage, "en")


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def region(html: str, region_id: str) -> str:
    """One region (``<section id=...>``) of a page or an answer."""
    start = html.index(f'id="{region_id}"')
    return html[start:html.index("</section>", start)]
