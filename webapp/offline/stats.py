"""The statistics of the games played in the offline app (issue 14), kept in the browser's storage: each finished
hand's record, shown on the same page as the server's statistics (``templates/partials/stats.html``)."""

from __future__ import annotations

import json

from engine import HandResult
from webapp.core.stats import HandRecord, statistics

from .pages import Pages
from .routes import Request, Response, Router
from .storage import Storage

STORAGE_KEY = "shuangsheng.stats"
KEPT = 2000  # hand records kept (about 300 bytes each)


class OfflineStats:
    def __init__(self, router: Router, pages: Pages, storage: Storage) -> None:
        self.pages = pages
        self.storage = storage
        router.add("GET", "/stats", "stats.index", self.page)

    def records(self) -> list[HandRecord]:
        saved = self.storage.get(STORAGE_KEY)
        return [HandRecord(r["game"], r["hand_number"], r["seat"], HandResult.from_dict(r["result"]))
                for r in (json.loads(saved) if saved else [])]

    def add(self, record: HandRecord) -> None:
        kept = [{"game": r.game, "hand_number": r.hand_number, "seat": r.seat, "result": r.result.to_dict()}
                for r in [*self.records(), record][-KEPT:]]
        self.storage.put(STORAGE_KEY, json.dumps(kept))

    def page(self, request: Request) -> Response:
        return Response(self.pages.render("partials/stats.html", stats=statistics(self.records()), offline=True))
