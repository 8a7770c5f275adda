"""Rooms: create (a preset of R10 with single-option overrides), the room page, join a seat, the host's
controls (bots, start), and the share QR code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request

from webapp.core.players import BOT_LEVELS
from webapp.core.rule_form import rule_form_context, rule_overrides

from ..errors import BadRequest
from ..render import page_context
from .common import (
    HOST_COOKIE,
    SEAT_COOKIE,
    done,
    host_token,
    qr_svg,
    room_path,
    seat_token,
    service,
    set_room_cookie,
    share_url,
)

bp = Blueprint("rooms", __name__)


def new_room_context(form: Mapping[str, str] | None = None) -> dict[str, Any]:
    return {**rule_form_context(form), "bot_levels": BOT_LEVELS, "form": form}


@bp.get("/rooms/new")
def new_room():
    return render_template("new_room.html", **new_room_context())


@bp.post("/rooms")
def create_room():
    form = request.form
    options = rule_overrides(form)
    try:
        code, token = service().create_room(form.get("preset", "classic"), options,
                                            form.get("level", "normal"))
    except BadRequest as error:
        return render_template("new_room.html", message=error.message, **new_room_context(form)), 400
    response = redirect(room_path(code), 303)
    set_room_cookie(response, HOST_COOKIE, code, token)
    return response


@bp.get("/r/<code>")
def room(code: str):
    snapshot = service().snapshot(code, seat_token(), host_token())
    selected: tuple[str, ...] = ()
    if request.args.get("hint") and snapshot.my_seat is not None:
        action = service().hint(code, seat_token())
        selected = tuple(str(c) for c in getattr(action, "cards", ()))
    return render_template("room.html", **page_context(snapshot, selected))


@bp.post("/r/<code>/join")
def join(code: str):
    token = service().join(code, request.form.get("seat"), request.form.get("name", ""), seat_token())
    response = redirect(room_path(code), 303)
    set_room_cookie(response, SEAT_COOKIE, code, token)
    return response


@bp.post("/r/<code>/bots")
def add_bots(code: str):
    service().fill_with_bots(code, host_token(), request.form.get("level", "normal"))
    return done(code)


@bp.post("/r/<code>/start")
def start(code: str):
    service().start(code, host_token())
    return done(code)


@bp.get("/r/<code>/qr.svg")
def qr_code(code: str):
    service().store.load(code)  # 404 for an unknown room
    return qr_svg(share_url(code))
