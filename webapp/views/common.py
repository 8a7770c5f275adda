"""Helpers shared by the blueprints: the services, token cookies, htmx detection, error answers, the share
QR code."""

from __future__ import annotations

import io
import re
from typing import Any

import segno
from flask import Response, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as BaseResponse

from webapp.core.room_page import Refusal

from ..errors import Forbidden
from ..render import render_message
from ..rooms import Rooms
from ..rooms.moves import seat_of

SEAT_COOKIE = "seat"
ROOM_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what webapp.tokens.new_room_code makes
HOST_COOKIE = "host"
COOKIE_MAX_AGE = 60 * 60 * 24 * 60
# The endpoints of the scoresheet sync API (README): they answer in JSON, errors included.
JSON_ENDPOINTS = ("sheets.upload_sheet", "sheets.sync_entries", "sheets.sheet_data", "hands.export", "hands.match")
NO_SEAT = _l("this browser has no seat at this table (spectators cannot play)")


def rooms() -> Rooms:
    return current_app.extensions["rooms"]


def room_path(code: str) -> str:
    return f"/r/{code}"


def seat_token() -> str | None:
    return request.cookies.get(SEAT_COOKIE)


def host_token() -> str | None:
    return request.cookies.get(HOST_COOKIE)


def require_seat(code: str) -> None:
    """Refuse a browser without a seat at the table before its request body is read, so that a large
    body from anyone else costs nothing (issue 11). The room as last heard of tells, else the database (a seat
    just taken elsewhere)."""
    token = seat_token()
    if seat_of(rooms().cache.recent(code, lambda room: seat_of(room, token) is not None), token) is None:
        raise Forbidden(str(NO_SEAT))


def set_room_cookie(response: BaseResponse, name: str, code: str, token: str) -> None:
    """Seat and host tokens live in cookies scoped to the room's path, so rooms do not collide."""
    set_path_cookie(response, name, room_path(code), token)


def set_path_cookie(response: BaseResponse, name: str, path: str, token: str) -> None:
    """A token cookie sent only below ``path`` (a room's or a scoresheet's), to this site's own requests.

    ``Secure`` whenever the site is reached over https: ``request.is_secure`` follows ``PUBLIC_URL`` and
    the trusted proxies (webapp.proxies).
    """
    response.set_cookie(name, token, max_age=COOKIE_MAX_AGE, path=path, httponly=True,
                        samesite="Lax", secure=request.is_secure)


GAMES_COOKIE = "games"
GAMES_KEPT = 20
PLAYER_COOKIE = "player"  # this browser's statistics of room seats (issue 14): a token, only its hash is stored
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")  # what webapp.tokens.new_token makes


def player_token() -> str | None:
    token = request.cookies.get(PLAYER_COOKIE)
    return token if token and TOKEN.fullmatch(token) else None


def keep_player(response: BaseResponse, token: str) -> None:
    """The player cookie, sent to this whole site (the statistics page reads it), for as long as the games list."""
    set_path_cookie(response, PLAYER_COOKIE, "/", token)


def my_games() -> list[str]:
    """The rooms this browser holds a seat in (or hosts), newest first: the home page offers to continue them."""
    codes = dict.fromkeys(request.cookies.get(GAMES_COOKIE, "").split("."))  # each once, in order
    return [code for code in codes if ROOM_CODE.fullmatch(code)][:GAMES_KEPT]


def keep_games(response: BaseResponse, codes: list[str]) -> None:
    set_path_cookie(response, GAMES_COOKIE, "/", ".".join(codes[:GAMES_KEPT]))


def remember_game(response: BaseResponse, code: str) -> None:
    keep_games(response, [code] + [c for c in my_games() if c != code])


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def wants_json() -> bool:
    """Whether the request is the JSON API's (its answers and errors are JSON)."""
    return request.is_json or request.endpoint in JSON_ENDPOINTS


def error_answer(message: str | Refusal, status: int, **details: Any) -> ResponseReturnValue:
    """A refusal as the asker reads it: JSON for the API (its sentence), the message region for htmx, else a
    page (a :class:`~webapp.core.room_page.Refusal` also links its rule there)."""
    if wants_json():
        return jsonify({"error": str(message), **details}), status
    if is_htmx():
        return render_message(message), status
    return render_template("error.html", message=message), status


def share_url(code: str) -> str:
    return url_for("rooms.room", code=code, _external=True)


def done(code: str) -> ResponseReturnValue:
    """After a successful form post: htmx clears the message (the WebSocket brings the news);
    plain forms reload."""
    if is_htmx():
        return render_message(None)
    return redirect(room_path(code), 303)


def qr_svg(url: str) -> Response:
    """A QR code of ``url`` drawn on the server (segno) as SVG, for a share panel."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, border=2, title="QR")
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "max-age=86400"})
