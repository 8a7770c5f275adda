"""The scorekeeper (issue 5): create a sheet, record, edit, delete and undo hands, the live read-only link,
and the JSON sync API of the offline app (issue 6).

One URL per sheet, ``/s/<code>``: whoever holds the edit token (a cookie scoped to that path, or the
``X-Edit-Token`` header) keeps score; everyone else with the link watches it update live. Forms work
without JavaScript (each answers with a redirect to the page); htmx requests get the changed regions
out of band.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine import HandEntry, Scoresheet, ScoresheetError
from engine.rules import PRESETS
from webapp.core.sheet_changes import merged, undone
from webapp.core.sheet_forms import entry_form_values, entry_from_form, sheet_from_form
from webapp.core.sheet_page import FORM_REGION, LIVE_REGIONS, edit_hand_form, new_hand_form, new_sheet_context
from webapp.core.sheet_text import input_error_message

from ..errors import BadRequest, NotFound, RoomError
from ..models import as_utc
from ..render import render_message
from ..sheet_render import render_sheet_regions, sheet_context
from ..sheets import LoadedSheet, SheetInputError, SheetService, topic
from ..websocket import stream_regions
from .common import is_htmx, qr_svg, set_path_cookie
from .live import sock

bp = Blueprint("sheets", __name__)

EDIT_COOKIE = "sheet"
EDIT_HEADER = "X-Edit-Token"


def sheets() -> SheetService:
    return current_app.extensions["sheets"]


def sheet_path(code: str) -> str:
    return f"/s/{code}"


def edit_token() -> str | None:
    return request.headers.get(EDIT_HEADER) or request.cookies.get(EDIT_COOKIE)


# ---------------------------------------------------------------------------- creating

@bp.get("/sheets/new")
def new_sheet():
    return render_template("sheet_new.html", **new_sheet_context())


@bp.post("/sheets")
def create_sheet():
    try:
        sheet, preset = sheet_from_form(request.form, (_("Team A"), _("Team B")))
    except (BadRequest, ScoresheetError) as error:
        message = input_error_message(SheetInputError(error)) if isinstance(error, ScoresheetError) else error.message
        return render_template("sheet_new.html", message=message, **new_sheet_context(request.form)), 400
    loaded, token, _created = sheets().create(sheet, preset)
    response = redirect(sheet_path(loaded.code), 303)
    set_path_cookie(response, EDIT_COOKIE, sheet_path(loaded.code), token)
    return response


@bp.post("/s")
def upload_sheet():
    """JSON: create a sheet, or upload one made offline (``client_id`` + ``edit_token``) exactly once."""
    data = json_body()
    try:
        sheet = Scoresheet.from_dict(data.get("sheet"))
    except ScoresheetError as error:
        raise SheetInputError(error) from None
    preset = data.get("preset") or sheet.rules.preset_name() or "classic"
    if preset not in PRESETS:
        raise BadRequest(_l("no such preset: %(name)s", name=preset))
    loaded, token, created = sheets().create(sheet, preset, data.get("edit_token"), data.get("client_id"),
                                            parse_time(data.get("clock_started_at")))
    response = jsonify({**sheet_json(loaded), "edit_token": token})
    response.status_code = 201 if created else 200
    set_path_cookie(response, EDIT_COOKIE, sheet_path(loaded.code), token)
    return response


# ---------------------------------------------------------------------------- the sheet page

@bp.get("/s/<code>")
def sheet_page(code: str):
    loaded = sheets().load(code)
    return render_template("sheet.html", **sheet_context(loaded, loaded.editable_by(edit_token())))


@bp.get("/s/<code>/sheet.json")
def sheet_data(code: str):
    return jsonify(sheet_json(sheets().load(code)))


@bp.get("/s/<code>/qr.svg")
def qr_code(code: str):
    sheets().load(code)  # 404 for an unknown sheet
    return qr_svg(url_for("sheets.sheet_page", code=code, _external=True))


@sock.route("/s/<code>/ws", bp=bp)
def sheet_socket(ws, code: str) -> None:
    """Every viewer's live regions after each committed change (the scorekeeper's with edit controls)."""
    service, token = sheets(), edit_token()
    try:
        service.load(code)
    except NotFound:
        return
    subscription = service.notifier.subscribe(topic(code), None)
    try:
        stream_regions(ws, subscription, lambda: live_regions(service.load(code), token),
                       current_app.config["WS_MAX_MESSAGES_PER_MINUTE"])
    finally:
        service.notifier.unsubscribe(subscription)


def live_regions(loaded: LoadedSheet, token: str | None) -> dict[str, str]:
    return render_sheet_regions(loaded, loaded.editable_by(token))


# ---------------------------------------------------------------------------- keeping score (forms)

@bp.post("/s/<code>/hands")
def record_hand(code: str):
    entry_id = form_entry_id()
    loaded = sheets().change(code, edit_token(), lambda sheet: sheet.add(entry_from_form(request.form, entry_id)))
    return changed(loaded)


@bp.post("/s/<code>/preview")
def preview_hand(code: str):
    """The result the hand being typed would have (nothing is stored): who goes up, the next dealer."""
    loaded = sheets().load(code)
    if not loaded.editable_by(edit_token()):
        return ""
    entry_id = form_entry_id()
    editing = any(entry.id == entry_id for entry in loaded.sheet.entries)
    try:
        entry = entry_from_form(request.form, entry_id)
        sheet = loaded.sheet.replace(entry) if editing else loaded.sheet.add(entry)
    except ScoresheetError as error:
        return render_template("partials/sheet_preview.html", hand=None,
                               problem=input_error_message(SheetInputError(error)))
    hand = next(hand for hand in sheet.compute().hands if hand.entry_id == entry_id)
    return render_template("partials/sheet_preview.html", hand=hand, problem=None,
                           **sheet_context(LoadedSheet(loaded.record, sheet), True))


@bp.get("/s/<code>/hands/new")
def new_hand(code: str):
    """The record form again (leaving an edit): the form region for htmx, the page otherwise."""
    loaded = sheets().load_for_editor(code, edit_token())
    if not is_htmx():
        return redirect(sheet_path(code), 303)
    return render_message(None) + render_sheet_regions(loaded, True, (FORM_REGION,))[FORM_REGION]


@bp.get("/s/<code>/hands/<entry_id>/edit")
def edit_hand(code: str, entry_id: str):
    loaded = sheets().load_for_editor(code, edit_token())
    entry = next((entry for entry in loaded.sheet.entries if entry.id == entry_id), None)
    if entry is None:
        raise NotFound(_l("this hand is no longer on the sheet"))
    form = edit_hand_form(loaded, entry_id, entry_form_values(entry))
    if is_htmx():
        return render_message(None) + render_sheet_regions(loaded, True, (FORM_REGION,), form=form)[FORM_REGION]
    return render_template("sheet.html", **sheet_context(loaded, True, form=form))


@bp.post("/s/<code>/hands/<entry_id>")
def save_hand(code: str, entry_id: str):
    loaded = sheets().change(code, edit_token(),
                             lambda sheet: sheet.replace(entry_from_form(request.form, entry_id)))
    return changed(loaded)


@bp.post("/s/<code>/hands/<entry_id>/delete")
def delete_hand(code: str, entry_id: str):
    return changed(sheets().change(code, edit_token(), lambda sheet: sheet.delete(entry_id)))


@bp.post("/s/<code>/undo")
def undo(code: str):
    last_id = request.form.get("entry_id") or None
    return changed(sheets().change(code, edit_token(), lambda sheet: undone(sheet, last_id)))


@bp.post("/s/<code>/clock")
def start_clock(code: str):
    """Start a timed match's clock (R9.5): now, or (JSON) when an offline phone started it."""
    at = parse_time(json_body().get("started_at")) if request.is_json else None
    loaded = sheets().start_clock(code, edit_token(), at)
    return jsonify(sheet_json(loaded)) if request.is_json else changed(loaded)


def changed(loaded: LoadedSheet):
    """After a change: htmx gets the cleared message (its main swap) and every region out of band, with a
    fresh form; a plain form goes back to the page."""
    if not is_htmx():
        return redirect(sheet_path(loaded.code), 303)
    regions = render_sheet_regions(loaded, True, (*LIVE_REGIONS, FORM_REGION))
    return render_message(None) + "".join(regions.values())


def form_entry_id() -> str:
    entry_id = request.form.get("entry_id", "").strip()
    if not entry_id:
        raise BadRequest(_l("the form has no hand id; reload the page"))
    return entry_id


# ---------------------------------------------------------------------------- the sync API (JSON)

@bp.post("/s/<code>/entries")
def sync_entries(code: str):
    """JSON ``{"entries": [...], "edits": [...], "deletions": [ids]}``: each idempotent by entry id.

    A phone back online sends whatever it recorded, fixed or deleted meanwhile; sending it again
    (the answer was lost) changes nothing. All or nothing: a refused entry leaves the sheet as it was.
    """
    data = json_body()
    try:
        entries = [HandEntry.from_dict(entry) for entry in json_list(data, "entries")]
        edits = [HandEntry.from_dict(entry) for entry in json_list(data, "edits")]
    except ScoresheetError as error:
        raise SheetInputError(error) from None
    deletions = [str(entry_id) for entry_id in json_list(data, "deletions")]
    loaded = sheets().change(code, edit_token(), lambda sheet: merged(sheet, entries, edits, deletions))
    return jsonify(sheet_json(loaded))


def sheet_json(loaded: LoadedSheet) -> dict[str, Any]:
    clock = loaded.clock
    return {
        "code": loaded.code,
        "url": url_for("sheets.sheet_page", code=loaded.code, _external=True),
        "client_id": loaded.record.client_id,
        "version": loaded.version,
        "preset": loaded.record.preset,
        "sheet": loaded.sheet.to_dict(),
        "tally": loaded.sheet.compute().to_dict(),
        "time_up_winner": loaded.sheet.time_up_winner(),
        "clock_started_at": clock.started_at.isoformat() if clock.started_at else None,
        "updated_at": loaded.record.updated_at.isoformat(),
    }


def json_body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest(_l("the request body is not a JSON object"))
    return data


def json_list(data: dict[str, Any], name: str) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise BadRequest(_l("%(name)s must be a list", name=name))
    return value


def parse_time(text: Any) -> datetime | None:
    """An ISO 8601 time from a client (with its zone; UTC if it has none)."""
    if text is None:
        return None
    try:
        return as_utc(datetime.fromisoformat(str(text)))
    except ValueError:
        raise BadRequest(_l("times are ISO 8601, like 2026-11-30T08:00:00Z")) from None


# ---------------------------------------------------------------------------- errors

@bp.errorhandler(ScoresheetError)
def scoresheet_error(error: ScoresheetError):
    return sheet_error(SheetInputError(error))


@bp.errorhandler(RoomError)
def sheet_error(error: RoomError):
    """A clear message and nothing changed: JSON for the API, the message region for htmx, else the page."""
    message = input_error_message(error) if isinstance(error, SheetInputError) else str(error.message)
    if request.is_json or request.path.endswith((".json", "/entries")) or request.endpoint == "sheets.upload_sheet":
        body = {"error": message}
        if isinstance(error, SheetInputError):
            body.update(field=error.field, hand=error.hand)
        return jsonify(body), error.status
    if is_htmx():
        return render_message(message), error.status
    code = (request.view_args or {}).get("code")
    if code is None or isinstance(error, NotFound):
        return render_template("error.html", message=message), error.status
    # A plain form post (no JavaScript): the page again with the message and what was typed.
    loaded = sheets().load(code)
    can_edit = loaded.editable_by(edit_token())
    form = retried_form(loaded) if can_edit else None
    return render_template("sheet.html", **sheet_context(loaded, can_edit, form=form, message=message)), error.status


def retried_form(loaded: LoadedSheet):
    """The form that was sent, with its values, so that nothing typed is lost."""
    entry_id = (request.view_args or {}).get("entry_id")
    if request.endpoint == "sheets.save_hand" and entry_id:
        return edit_hand_form(loaded, entry_id, request.form)
    if request.endpoint == "sheets.record_hand":
        return new_hand_form(loaded, request.form, request.form.get("entry_id"))
    return None
