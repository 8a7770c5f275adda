"""Error pages and messages: a clear sentence for the person, the right status, never a stack trace."""

from __future__ import annotations

import logging

from flask import Flask, render_template, request
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as SQLTimeoutError
from werkzeug.exceptions import HTTPException

from webapp.core.room_page import illegal_message

from ..errors import Illegal, NotFound, RoomError
from ..render import page_context, render_message
from .common import host_token, is_htmx, rooms, seat_token

log = logging.getLogger(__name__)


def register(app: Flask) -> None:
    app.register_error_handler(RoomError, room_error)
    app.register_error_handler(HTTPException, http_error)
    # The database does not answer (restarting, unreachable): the transaction was rolled back, nothing changed.
    app.register_error_handler(OperationalError, database_unavailable)
    app.register_error_handler(SQLTimeoutError, database_unavailable)
    app.register_error_handler(Exception, unexpected_error)


def room_error(error: RoomError):
    message = illegal_message(error.refusal or error.message) if isinstance(error, Illegal) else str(error.message)
    if is_htmx():
        return render_message(message), error.status
    code = (request.view_args or {}).get("code")
    if code and not isinstance(error, NotFound):
        # A plain form post (no JavaScript): the room page again, with the message, nothing changed.
        snapshot = rooms().page(code, seat_token(), host_token())
        return render_template("room.html", **page_context(snapshot, message=message)), error.status
    return render_template("error.html", message=message), error.status


def http_error(error: HTTPException):
    if is_htmx():
        return render_message(error.description), error.code
    return render_template("error.html", message=error.description), error.code


def database_unavailable(error: Exception):
    log.warning("the database did not answer: %s", error)
    message = _("The game cannot reach its database just now. Nothing was changed: please try again in a moment.")
    if is_htmx():
        return render_message(message), 503
    return render_template("error.html", message=message), 503


def unexpected_error(error: Exception):
    log.exception("unexpected error")
    message = _("Something went wrong on the server. Please try again.")
    if is_htmx():
        return render_message(message), 500
    return render_template("error.html", message=message), 500
