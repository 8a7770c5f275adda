"""Error pages and messages: a clear sentence for the person, the right status, never a stack trace."""

from __future__ import annotations

import logging

from flask import Flask, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SQLTimeoutError
from werkzeug.exceptions import HTTPException

from webapp.core.room_page import illegal_message

from ..errors import Illegal, NotFound, RoomError
from ..render import page_context, render_message
from .common import error_answer, host_token, is_htmx, rooms, seat_token, wants_json

log = logging.getLogger(__name__)


def register(app: Flask) -> None:
    app.register_error_handler(RoomError, room_error)
    app.register_error_handler(HTTPException, http_error)
    # The database does not answer (restarting, unreachable): the transaction was rolled back, nothing changed.
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(SQLTimeoutError, database_unavailable)
    app.register_error_handler(Exception, unexpected_error)


def room_error(error: RoomError) -> ResponseReturnValue:
    message = illegal_message(error.refusal or error.message) if isinstance(error, Illegal) else str(error.message)
    code = (request.view_args or {}).get("code")
    if not (is_htmx() or wants_json() or not code or isinstance(error, NotFound)):
        # A plain form post (no JavaScript): the room page again, with the message, nothing changed.
        try:
            snapshot = rooms().page(code, seat_token(), host_token())
        except NotFound:
            pass  # refused before the room was looked up (another site's request)
        else:
            return render_template("room.html", **page_context(snapshot, message=message)), error.status
    return error_answer(message, error.status, **error.details())


def http_error(error: HTTPException) -> ResponseReturnValue:
    return error_answer(http_message(error), error.code or 500)


def database_unavailable(error: Exception):
    log.warning("the database did not answer: %s", error)
    message = _("The game cannot reach its database just now. Nothing was changed: please try again in a moment.")
    if is_htmx():
        return render_message(message), 503
    return render_template("error.html", message=message), 503


def http_message(error: HTTPException) -> str:
    """Werkzeug's description, except for the limits of issue 11, which say what to do."""
    if error.code == 413:
        return _("This request is too large for the server: at most %(size)s KB.",
                 size=current_app.config["MAX_CONTENT_LENGTH"] // 1000)
    if error.code == 429:
        return _("Too many new games and scoresheets from here in a minute; wait a little and try again.")
    return str(error.description)


def unexpected_error(error: Exception) -> ResponseReturnValue:
    log.exception("unexpected error")
    return error_answer(_("Something went wrong on the server. Please try again."), 500)
