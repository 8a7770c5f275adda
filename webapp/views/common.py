"""Helpers shared by the blueprints: the service, the cookies of a room, htmx detection."""

from __future__ import annotations

from flask import Response, current_app, redirect, render_template, request, url_for

from ..service import RoomService

SEAT_COOKIE = "seat"
HOST_COOKIE = "host"
COOKIE_MAX_AGE = 60 * 60 * 24 * 60


def service() -> RoomService:
    return current_app.extensions["rooms"]


def room_path(code: str) -> str:
    return f"/r/{code}"


def seat_token() -> str | None:
    return request.cookies.get(SEAT_COOKIE)


def host_token() -> str | None:
    return request.cookies.get(HOST_COOKIE)


def set_room_cookie(response: Response, name: str, code: str, token: str) -> None:
    """Seat and host tokens live in cookies scoped to the room's path, so rooms do not collide."""
    response.set_cookie(name, token, max_age=COOKIE_MAX_AGE, path=room_path(code), httponly=True,
                        samesite="Lax", secure=request.is_secure)


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def share_url(code: str) -> str:
    return url_for("rooms.room", code=code, _external=True)


def done(code: str):
    """After a successful form post: htmx clears the message (the WebSocket brings the news); plain forms reload."""
    if is_htmx():
        return render_template("partials/message.html", message=None, oob=True)
    return redirect(room_path(code), 303)
