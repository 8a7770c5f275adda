"""The scorekeeper's requests, answered in the browser as the server answers them (same endpoint names,
same templates, same form reading), on sheets kept in the browser's storage; and their sync to the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine import Scoresheet, ScoresheetError
from webapp.core.sheet_changes import undone
from webapp.core.sheet_forms import entry_form_values, entry_from_form, sheet_from_form
from webapp.core.sheet_page import (
    FORM_REGION,
    LIVE_REGIONS,
    edit_hand_form,
    new_sheet_context,
    sheet_context,
)
from webapp.core.sheet_text import input_error_message
from webapp.core.translation import gettext as _

from .pages import Pages
from .routes import NotFound, Request, Response, Router
from .sheets import LocalSheet, SyncRequest, now
from .storage import Storage

STORAGE_KEY = "shuangsheng.sheets"
SYNC_REGION = "sheet-sync"


class SheetViews:
    def __init__(self, router: Router, pages: Pages, storage: Storage) -> None:
        self.router = router
        self.pages = pages
        self.storage = storage
        self.sync_problems: dict[str, str] = {}  # local code → why the server refused its last sync request
        router.add("GET", "/sheets/new", "sheets.new_sheet", self.new_sheet)
        router.add("POST", "/sheets", "sheets.create_sheet", self.create_sheet)
        router.add("POST", "/keep", "offline.keep_sheet", self.keep_sheet)
        router.add("GET", "/s/<code>", "sheets.sheet_page", self.sheet_page)
        router.add("POST", "/s/<code>/hands", "sheets.record_hand", self.record_hand)
        router.add("POST", "/s/<code>/preview", "sheets.preview_hand", self.preview_hand)
        router.add("GET", "/s/<code>/hands/new", "sheets.new_hand", self.new_hand)
        router.add("GET", "/s/<code>/hands/<entry_id>/edit", "sheets.edit_hand", self.edit_hand)
        router.add("POST", "/s/<code>/hands/<entry_id>", "sheets.save_hand", self.save_hand)
        router.add("POST", "/s/<code>/hands/<entry_id>/delete", "sheets.delete_hand", self.delete_hand)
        router.add("POST", "/s/<code>/hands/<entry_id>/recompute", "sheets.recompute_from", self.recompute_from)
        router.add("POST", "/s/<code>/undo", "sheets.undo", self.undo)
        router.add("POST", "/s/<code>/clock", "sheets.start_clock", self.start_clock)

    # ------------------------------------------------------------------ storage

    def all(self) -> dict[str, LocalSheet]:
        """Every sheet on this device by local code, oldest first."""
        saved = self.storage.get(STORAGE_KEY)
        return {code: LocalSheet.from_dict(data) for code, data in json.loads(saved or "{}").items()}

    def load(self, code: str) -> LocalSheet:
        sheet = self.all().get(code)
        if sheet is None:
            raise NotFound(f"no sheet {code!r} on this device")
        return sheet

    def save(self, local: LocalSheet) -> None:
        sheets = self.all()
        sheets[local.code] = local
        self.storage.put(STORAGE_KEY, json.dumps({code: sheet.to_dict() for code, sheet in sheets.items()}))

    # ------------------------------------------------------------------ pages

    def new_sheet(self, request: Request) -> Response:
        return Response(self.pages.render("offline/sheet_new_body.html", **new_sheet_context()))

    def create_sheet(self, request: Request) -> Response:
        try:
            sheet, preset = sheet_from_form(request.form, (_("Team A"), _("Team B")))
        except ScoresheetError as error:
            return Response(self.pages.render("offline/sheet_new_body.html", message=input_error_message(error),
                                              **new_sheet_context(request.form)), 400)
        local = LocalSheet.new(sheet, preset)
        self.save(local)
        return Response(self._page(local), headers={"HX-Push-Url": self.router.url_for("sheets.sheet_page",
                                                                                      code=local.code)})

    def keep_sheet(self, request: Request) -> Response:
        """Keep a sheet of the server here (``answer``: its ``sheet.json``), once: the page goes on with it."""
        answer = json.loads(request.form["answer"])
        local = next((local for local in self.all().values()
                      if local.server and local.server["code"] == answer["code"]), None)
        if local is None:
            local = LocalSheet.kept_from_server(answer)
            self.save(local)
        return Response(self._page(local), headers={"HX-Push-Url": self.router.url_for("sheets.sheet_page",
                                                                                      code=local.code)})

    def sheet_page(self, request: Request, code: str) -> Response:
        return Response(self._page(self.load(code)))

    # ------------------------------------------------------------------ keeping score

    def record_hand(self, request: Request, code: str) -> Response:
        entry_id = request.form.get("entry_id", "")
        return self._change(code, lambda sheet: sheet.add(entry_from_form(request.form, entry_id)))

    def save_hand(self, request: Request, code: str, entry_id: str) -> Response:
        return self._change(code, lambda sheet: sheet.replace(entry_from_form(request.form, entry_id)))

    def delete_hand(self, request: Request, code: str, entry_id: str) -> Response:
        return self._change(code, lambda sheet: sheet.delete(entry_id))

    def recompute_from(self, request: Request, code: str, entry_id: str) -> Response:
        return self._change(code, lambda sheet: sheet.rescheduled_from(entry_id))

    def undo(self, request: Request, code: str) -> Response:
        return self._change(code, lambda sheet: undone(sheet, request.form.get("entry_id") or None))

    def start_clock(self, request: Request, code: str) -> Response:
        local = self.load(code).clock_started(now())
        self.save(local)
        return self._changed(local)

    def preview_hand(self, request: Request, code: str) -> Response:
        """The result the hand being typed would have (nothing is stored)."""
        local = self.load(code)
        entry_id = request.form.get("entry_id", "")
        editing = any(entry.id == entry_id for entry in local.sheet.entries)
        try:
            entry = entry_from_form(request.form, entry_id)
            sheet = local.sheet.replace(entry) if editing else local.sheet.add(entry)
        except ScoresheetError as error:
            return Response(self.pages.render("partials/sheet_preview.html", hand=None,
                                              problem=input_error_message(error)))
        hand = next(hand for hand in sheet.compute().hands if hand.entry_id == entry_id)
        return Response(self.pages.render("partials/sheet_preview.html", hand=hand, problem=None,
                                          **self._context(local.changed(sheet))))

    def new_hand(self, request: Request, code: str) -> Response:
        return self._form(self.load(code))

    def edit_hand(self, request: Request, code: str, entry_id: str) -> Response:
        local = self.load(code)
        entry = next((entry for entry in local.sheet.entries if entry.id == entry_id), None)
        if entry is None:
            return self._form(local)
        return self._form(local, edit_hand_form(local, entry_id, entry_form_values(entry)))

    # ------------------------------------------------------------------ synchronising

    def sync_request(self) -> tuple[str, SyncRequest] | None:
        """The next call of the server's sync API, for the first sheet with changes to send."""
        for code, local in self.all().items():
            request = local.sync_request()
            if request is not None and code not in self.sync_problems:
                return code, request
        return None

    def sync_answered(self, code: str, answer: dict[str, Any]) -> str:
        """The server took a sync request; the sheet's sync region afterwards (out of band)."""
        self.sync_problems.pop(code, None)
        local = self.load(code).answered(answer)
        self.save(local)
        return self.pages.render("offline/sheet_sync.html", oob=True, **self._context(local))

    def sync_refused(self, code: str, problem: str) -> str:
        """The server refused a sync request (it is not sent again until the page is loaded again)."""
        self.sync_problems[code] = problem
        return self.pages.render("offline/sheet_sync.html", oob=True, **self._context(self.load(code)))

    def pending_count(self) -> int:
        """Changes on this device that the server does not have yet, over every sheet."""
        pendings = [local.pending() for local in self.all().values()]
        return sum(pending.count + int(pending.upload) for pending in pendings)

    # ------------------------------------------------------------------ helpers

    def _change(self, code: str, change: Callable[[Scoresheet], Scoresheet]) -> Response:
        local = self.load(code)
        try:
            sheet = change(local.sheet)
        except ScoresheetError as error:
            return Response(self.pages.render("partials/message.html", message=input_error_message(error)), 422)
        if sheet != local.sheet:
            local = local.changed(sheet)
            self.save(local)
        return self._changed(local)

    def _changed(self, local: LocalSheet) -> Response:
        """As the server answers a change: the cleared message and every region out of band, a fresh form."""
        context = self._context(local)
        return Response(self.pages.render("partials/message.html", message=None)
                        + self.pages.regions((*LIVE_REGIONS, FORM_REGION), **context)
                        + self.pages.render("offline/sheet_sync.html", oob=True, **context))

    def _form(self, local: LocalSheet, form: Any = None) -> Response:
        context = self._context(local, form)
        return Response(self.pages.render("partials/message.html", message=None)
                        + self.pages.regions((FORM_REGION,), **context))

    def _page(self, local: LocalSheet) -> str:
        return self.pages.render("offline/sheet_body.html", **self._context(local))

    def _context(self, local: LocalSheet, form: Any = None) -> dict[str, Any]:
        pending = local.pending()
        return {**sheet_context(local, True, form, url_for=self.router.url_for), "pending": pending,
                "server_url": local.server_url, "sync_problem": self.sync_problems.get(local.code)}
