"""Helpers shared by the blueprints: the services, token cookies, htmx detection, the share QR code."""

from __future__ import annotations

import io

import segno
from flask import Response, current_app, redirect, request, url_for

from ..render import render_message
from ..rooms import Rooms

SEAT_COOKIE = "seat"
HOST_COOKIE = "host"
COOKIE_MAX_AGE = 60 * 60 * 24 * 60


def rooms() -> Rooms:
    return current_app.extensions["rooms"]


def room_path(code: str) -> str:
    return f"/r/{code}"


def seat_token() -> str | None:
    return request.cookies.get(SEAT_COOKIE)


def host_token() -> str | None:
    return request.cookies.get(HOST_COOKIE)


def set_room_cookie(response: Response, name: str, code: str, token: str) -> None:
    """Seat and host tokens live in cookies scoped to the room's path, so rooms do not collide."""
    set_path_cookie(response, name, room_path(code), token)


def set_path_cookie(response: Response, name: str, path: str, token: str) -> None:
    """A token cookie sent only below ``path`` (a room's or a scoresheet's), to this site's own requests."""
    response.set_cookie(name, token, max_age=COOKIE_MAX_AGE, path=path, httponly=True,
                        samesite="Lax", secure=request.is_secure)


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def share_url(code: str) -> str:
    return url_for("rooms.room", code=code, _external=True)


def done(code: str):
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
