"""The offline app as the page's script sees it: one object that answers requests for ``/offline/…`` URLs,
takes the solo table's automatic moves when the page asks, and plans and records the scoresheets' sync; it also
keeps the solo game's statistics and opens exported hands for their review.
"""

from __future__ import annotations

import json
import traceback

from webapp.core.guide import guide_context
from webapp.core.players import BOT_LEVELS
from webapp.core.translation import gettext as _

from .pages import Pages
from .review_views import ImportedReviews
from .routes import NotFound, Request, Response, Router
from .sheet_views import SheetViews
from .solo_views import SoloViews
from .stats import OfflineStats
from .storage import Storage


class OfflineApp:
    def __init__(self, storage: Storage, locale: str) -> None:
        self.router = Router()
        self.pages = Pages(locale, self.router.url_for)
        self.stats = OfflineStats(self.router, self.pages, storage)
        self.solo = SoloViews(self.router, self.pages, storage, self.stats)
        self.sheets = SheetViews(self.router, self.pages, storage)
        self.reviews = ImportedReviews(self.router, self.pages)
        self.router.add("GET", "/", "offline.home", self.home)
        self.router.add("GET", "/rules", "guide.rules", self.rules)
        self.router.add("GET", "/rooms/new", "rooms.new_room", self.rooms_need_a_network)

    def handle(self, method: str, url: str, body: str = "") -> Response:
        """The answer to one request, as the server would give it: an unknown page or sheet is a 404 message,
        and a fault a 500 message (its traceback goes to the browser's console), never a dead page."""
        try:
            return self.router.dispatch(method, url, body)
        except NotFound:
            return self._message(_("This page is not kept on this device."), 404)
        except Exception:  # noqa: BLE001 (any fault is a 500 message, as on the server)
            traceback.print_exc()
            return self._message(_("Something went wrong on this device. Please try again."), 500)

    def _message(self, text: str, status: int) -> Response:
        return Response(self.pages.render("partials/message.html", message=text), status)

    def home(self, request: Request) -> Response:
        """What this device keeps: the solo game and the scoresheets, with what still has to be synced."""
        sheets = [(local, local.pending()) for local in self.sheets.all().values()]
        return Response(self.pages.render("offline/home_body.html", solo=self.solo.table(), sheets=sheets,
                                          bot_levels=BOT_LEVELS))

    def rules(self, request: Request) -> Response:
        """How to play, as on the server's /rules page."""
        return Response(self.pages.render("partials/guide.html", **guide_context()))

    def rooms_need_a_network(self, request: Request) -> Response:
        """A room is played through the server: without a network, say so and offer what works here."""
        return Response(self.pages.render("offline/no_rooms.html", bot_levels=BOT_LEVELS))

    # ------------------------------------------------------------------ for the page's script (plain values)

    def solo_next_pace(self, deal_delay: float, bot_delay: float, show_window: float) -> float | None:
        return self.solo.next_pace(deal_delay, bot_delay, show_window)

    def solo_step(self) -> str | None:
        return self.solo.step()

    def next_sync(self) -> str | None:
        """The next sync call as JSON ``{"code", "method", "path", "body", "edit_token"}``; ``None``: all sent."""
        found = self.sheets.sync_request()
        if found is None:
            return None
        code, request = found
        return json.dumps({"code": code, "method": request.method, "path": request.path, "body": request.body,
                           "edit_token": request.edit_token})

    def sync_answered(self, code: str, answer: str) -> str:
        return self.sheets.sync_answered(code, json.loads(answer))

    def sync_refused(self, code: str, problem: str) -> str:
        return self.sheets.sync_refused(code, problem)

    def pending_count(self) -> int:
        return self.sheets.pending_count()

