"""The scorekeeper (issue 5): create a sheet, record, edit, delete and undo hands, the live read-only link,
and the JSON sync API of the offline app (issue 6).

One URL per sheet, ``/s/<code>``: whoever holds the edit token (a cookie scoped to that path, or the
``X-Edit-Token`` header) keeps score; everyone else with the link watches it update live. Forms work
without JavaScript (each answers with a redirect to the page); htmx requests get the changed regions
out of band.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine import ScoresheetError
from engine.rules import PRESETS
from webapp.core.sheet_changes import merged, undone
from webapp.core.sheet_forms import entry_form_values, entry_from_form, sheet_from_form
from webapp.core.sheet_page import (
    FORM_REGION,
    LIVE_REGIONS,
    HandForm,
    edit_hand_form,
    new_hand_form,
    new_sheet_context,
)
from webapp.core.sheet_text import input_error_message

from ..errors import BadRequest, InvalidRequest, NotFound, RoomError
from ..render import render_message
from ..schemas.bodies import ClockStart, SheetChanges, SheetUpload
from ..schemas.forms import HandEntryForm, SheetForm, UndoForm
from ..schemas.reading import read_form, read_json
from ..sheet_render import render_sheet_regions, sheet_context
from ..sheets import LoadedSheet, SheetInputError, SheetService, topic
from .common import error_answer, is_htmx, qr_svg, set_path_cookie, wants_json
from .live import sock, stream_regions

bp = Blueprint("sheets", __name__)

EDIT_COOKIE = "sheet"
EDIT_HEADER = "X-Edit-Token"


def sheets() -> SheetService:
    return current_app.extensions["sheets"]


def sheet_path(code: str) -> str:
    return f"/s/{code}"


def edit_token() -> str | None:
    return request.headers.get(EDIT_HEADER) or request.cookies.get(EDIT_COOKIE)


def require_editor(code: str) -> None:
    """Refuse anyone but the scorekeeper before the request body is read (a large body costs them nothing)."""
    sheets().load_for_editor(code, edit_token())


# ---------------------------------------------------------------------------- creating

@bp.get("/sheets/new")
def new_sheet() -> str:
    return render_template("sheet_new.html", **new_sheet_context())


@bp.post("/sheets")
def create_sheet() -> ResponseReturnValue:
    try:
        sheet, preset = sheet_from_form(read_form(SheetForm).values(), (_("Team A"), _("Team B")))
    except (BadRequest, ScoresheetError) as error:
        message = input_error_message(SheetInputError(error)) if isinstance(error, ScoresheetError) else error.message
        return render_template("sheet_new.html", message=message, **new_sheet_context(request.form)), 400
    loaded, token, _created = sheets().create(sheet, preset)
    response = redirect(sheet_path(loaded.code), 303)
    set_path_cookie(response, EDIT_COOKIE, sheet_path(loaded.code), token)
    return response


@bp.post("/s")
def upload_sheet() -> Response:
    """JSON: create a sheet, or upload one made offline (``client_id`` + ``edit_token``) exactly once."""
    body = read_json(SheetUpload)
    try:
        sheet = body.sheet.scoresheet()
    except ScoresheetError as error:
        raise SheetInputError(error) from None
    preset = body.preset or sheet.rules.preset_name() or "classic"
    if preset not in PRESETS:
        raise InvalidRequest(str(_l("no such preset: %(name)s", name=preset)), "preset")
    loaded, token, created = sheets().create(sheet, preset, body.edit_token, body.client_id,
                                            body.clock_started_at)
    response = jsonify({**sheet_json(loaded), "edit_token": token})
    response.status_code = 201 if created else 200
    set_path_cookie(response, EDIT_COOKIE, sheet_path(loaded.code), token)
    return response


# ---------------------------------------------------------------------------- the sheet page

@bp.get("/s/<code>")
def sheet_page(code: str) -> str:
    loaded = sheets().load(code)
    return render_template("sheet.html", **sheet_context(loaded, loaded.editable_by(edit_token())))


@bp.get("/s/<code>/sheet.json")
def sheet_data(code: str) -> Response:
    return jsonify(sheet_json(sheets().load(code)))


@bp.get("/s/<code>/qr.svg")
def qr_code(code: str) -> Response:
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
def record_hand(code: str) -> ResponseReturnValue:
    require_editor(code)
    form = read_form(HandEntryForm)
    entry_id = form_entry_id(form)
    values = form.values()
    loaded = sheets().change(code, edit_token(), lambda sheet: sheet.add(entry_from_form(values, entry_id)))
    return changed(loaded)


@bp.post("/s/<code>/preview")
def preview_hand(code: str) -> str:
    """The result the hand being typed would have (nothing is stored): who goes up, the next dealer."""
    loaded = sheets().load(code)
    if not loaded.editable_by(edit_token()):
        return ""
    form = read_form(HandEntryForm)
    entry_id = form_entry_id(form)
    editing = any(entry.id == entry_id for entry in loaded.sheet.entries)
    try:
        entry = entry_from_form(form.values(), entry_id)
        sheet = loaded.sheet.replace(entry) if editing else loaded.sheet.add(entry)
    except ScoresheetError as error:
        return render_template("partials/sheet_preview.html", hand=None,
                               problem=input_error_message(SheetInputError(error)))
    hand = next(hand for hand in sheet.compute().hands if hand.entry_id == entry_id)
    return render_template("partials/sheet_preview.html", hand=hand, problem=None,
                           **sheet_context(LoadedSheet(loaded.record, sheet), True))


@bp.get("/s/<code>/hands/new")
def new_hand(code: str) -> ResponseReturnValue:
    """The record form again (leaving an edit): the form region for htmx, the page otherwise."""
    loaded = sheets().load_for_editor(code, edit_token())
    if not is_htmx():
        return redirect(sheet_path(code), 303)
    return render_message(None) + render_sheet_regions(loaded, True, (FORM_REGION,))[FORM_REGION]


@bp.get("/s/<code>/hands/<entry_id>/edit")
def edit_hand(code: str, entry_id: str) -> str:
    loaded = sheets().load_for_editor(code, edit_token())
    entry = next((entry for entry in loaded.sheet.entries if entry.id == entry_id), None)
    if entry is None:
        raise NotFound(_l("this hand is no longer on the sheet"))
    form = edit_hand_form(loaded, entry_id, entry_form_values(entry))
    if is_htmx():
        return render_message(None) + render_sheet_regions(loaded, True, (FORM_REGION,), form=form)[FORM_REGION]
    return render_template("sheet.html", **sheet_context(loaded, True, form=form))


@bp.post("/s/<code>/hands/<entry_id>")
def save_hand(code: str, entry_id: str) -> ResponseReturnValue:
    require_editor(code)
    values = read_form(HandEntryForm).values()
    return changed(sheets().change(code, edit_token(),
                                   lambda sheet: sheet.replace(entry_from_form(values, entry_id))))


@bp.post("/s/<code>/hands/<entry_id>/delete")
def delete_hand(code: str, entry_id: str) -> ResponseReturnValue:
    return changed(sheets().change(code, edit_token(), lambda sheet: sheet.delete(entry_id)))


@bp.post("/s/<code>/hands/<entry_id>/recompute")
def recompute_from(code: str, entry_id: str) -> ResponseReturnValue:
    """R9.3: deal hand ``entry_id`` and every later one as the results before them make it (one tap, after
    a correction left a hand whose dealer no longer follows); a repeated tap changes nothing more."""
    return changed(sheets().change(code, edit_token(), lambda sheet: sheet.rescheduled_from(entry_id)))


@bp.post("/s/<code>/undo")
def undo(code: str) -> ResponseReturnValue:
    require_editor(code)
    last_id = read_form(UndoForm).entry_id
    return changed(sheets().change(code, edit_token(), lambda sheet: undone(sheet, last_id)))


@bp.post("/s/<code>/clock")
def start_clock(code: str) -> ResponseReturnValue:
    """Start a timed match's clock (R9.5): now, or (JSON) when an offline phone started it."""
    require_editor(code)
    at = read_json(ClockStart).started_at if request.is_json else None
    loaded = sheets().start_clock(code, edit_token(), at)
    return jsonify(sheet_json(loaded)) if request.is_json else changed(loaded)


def changed(loaded: LoadedSheet) -> ResponseReturnValue:
    """After a change: htmx gets the cleared message (its main swap) and every region out of band, with a
    fresh form; a plain form goes back to the page."""
    if not is_htmx():
        return redirect(sheet_path(loaded.code), 303)
    regions = render_sheet_regions(loaded, True, (*LIVE_REGIONS, FORM_REGION))
    return render_message(None) + "".join(regions.values())


def form_entry_id(form: HandEntryForm) -> str:
    if form.entry_id is None:
        raise BadRequest(_l("the form has no hand id; reload the page"))
    return form.entry_id


# ---------------------------------------------------------------------------- the sync API (JSON)

@bp.post("/s/<code>/entries")
def sync_entries(code: str) -> Response:
    """JSON ``{"entries": [...], "edits": [...], "redeals": [{"id", "dealer"}], "deletions": [ids]}``: each
    idempotent by entry id.

    A phone back online sends whatever it recorded, fixed or deleted meanwhile; sending it again
    (the answer was lost) changes nothing. All or nothing: a refused entry leaves the sheet as it was.
    """
    require_editor(code)
    body = read_json(SheetChanges)
    try:
        entries, edits = body.hand_entries("entries"), body.hand_entries("edits")
    except ScoresheetError as error:
        raise SheetInputError(error) from None
    deletions, redeals = body.deletions, {redeal.id: redeal.dealer for redeal in body.redeals}
    loaded = sheets().change(code, edit_token(), lambda sheet: merged(sheet, entries, edits, deletions, redeals))
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


# ---------------------------------------------------------------------------- errors

@bp.errorhandler(ScoresheetError)
def scoresheet_error(error: ScoresheetError) -> ResponseReturnValue:
    return sheet_error(SheetInputError(error))


@bp.errorhandler(RoomError)
def sheet_error(error: RoomError) -> ResponseReturnValue:
    """A clear message and nothing changed: JSON for the API, the message region for htmx, else the page."""
    message = input_error_message(error) if isinstance(error, SheetInputError) else str(error.message)
    code = (request.view_args or {}).get("code")
    if not (wants_json() or is_htmx() or code is None or isinstance(error, NotFound)):
        # A plain form post (no JavaScript): the page again with the message and what was typed.
        try:
            loaded = sheets().load(code)
        except NotFound:
            pass  # refused before the sheet was looked up (another site's request)
        else:
            can_edit = loaded.editable_by(edit_token())
            form = retried_form(loaded) if can_edit else None
            context = sheet_context(loaded, can_edit, form=form, message=message)
            return render_template("sheet.html", **context), error.status
    return error_answer(message, error.status, **error.details())


def retried_form(loaded: LoadedSheet) -> HandForm | None:
    """The form that was sent, with its values, so that nothing typed is lost."""
    entry_id = (request.view_args or {}).get("entry_id")
    if request.endpoint == "sheets.save_hand" and entry_id:
        return edit_hand_form(loaded, entry_id, request.form)
    if request.endpoint == "sheets.record_hand":
        return new_hand_form(loaded, request.form, request.form.get("entry_id"))
    return None
