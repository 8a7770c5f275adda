"""The statistics kept in the browser's storage (issue 14): each finished hand's record of the games played in the
offline app, and of the solo games played online in this browser (``static/js/stats.js`` keeps those, in the same
list), shown on the same page as the server's statistics (``templates/partials/stats.html``)."""

from __future__ import annotations

import json

from webapp.core.stats import KEPT, STORAGE_KEY, HandRecord, statistics

from .pages import Pages
from .routes import Request, Response, Router
from .storage import Storage


class OfflineStats:
    def __init__(self, router: Router, pages: Pages, storage: Storage) -> None:
        self.pages = pages
        self.storage = storage
        router.add("GET", "/stats", "stats.index", self.page)

    def records(self) -> list[HandRecord]:
        saved = self.storage.get(STORAGE_KEY)
        return [HandRecord.from_dict(r) for r in (json.loads(saved) if saved else [])]

    def add(self, record: HandRecord) -> None:
        kept = [r.to_dict() for r in [*self.records(), record][-KEPT:]]
        self.storage.put(STORAGE_KEY, json.dumps(kept))

    def page(self, request: Request) -> Response:
        return Response(self.pages.render("partials/stats.html", stats=statistics(self.records()), offline=True))
