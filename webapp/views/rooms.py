"""Rooms: create (a preset of R10 with single-option overrides), the room page, join a seat, the host's
controls (bots, start), and the share QR code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from webapp.core.autoplay import DEAL_SPEEDS
from webapp.core.players import BOT_LEVELS
from webapp.core.room_page import hint_advice
from webapp.core.rule_form import rule_form_context, rule_overrides

from ..errors import BadRequest
from ..render import page_context
from ..rooms.settings import READY_SECONDS, TURN_SECONDS, TableSettings
from ..schemas.forms import BotsForm, JoinForm, RoomForm, RoomQuery
from ..schemas.reading import read_form, read_query
from ..tokens import new_token
from .common import (
    HOST_COOKIE,
    SEAT_COOKIE,
    done,
    host_token,
    keep_player,
    player_token,
    qr_svg,
    remember_game,
    room_path,
    rooms,
    seat_token,
    set_room_cookie,
    share_url,
)

bp = Blueprint("rooms", __name__)


def new_room_context(form: Mapping[str, str] | None = None) -> dict[str, Any]:
    try:
        table = TableSettings().with_form(form or {})
    except BadRequest:
        table = TableSettings()  # the refused form comes back with the defaults here
    return {**rule_form_context(form), "bot_levels": BOT_LEVELS, "form": form, "table_settings": table,
            "turn_choices": TURN_SECONDS, "ready_choices": READY_SECONDS, "deal_speeds": DEAL_SPEEDS}


@bp.get("/rooms/new")
def new_room() -> str:
    return render_template("new_room.html", **new_room_context())


@bp.post("/rooms")
def create_room() -> ResponseReturnValue:
    try:
        form = read_form(RoomForm)
        values = form.values()
        code, token = rooms().setup.create_room(form.preset, rule_overrides(values), form.level,
                                                TableSettings().with_form(values))
    except BadRequest as error:
        return render_template("new_room.html", message=error.message, **new_room_context(request.form)), 400
    response = redirect(room_path(code), 303)
    set_room_cookie(response, HOST_COOKIE, code, token)
    remember_game(response, code)
    return response


@bp.get("/r/<code>")
def room(code: str) -> str:
    snapshot = rooms().page(code, seat_token(), host_token())
    selected: tuple[str, ...] = ()
    advice = None
    if read_query(RoomQuery).hint and snapshot.my_seat is not None and snapshot.view is not None:
        action = rooms().hint(code, seat_token())
        selected = tuple(str(c) for c in getattr(action, "cards", ()))
        advice = hint_advice(snapshot.view, action)
    return render_template("room.html", **page_context(snapshot, selected, advice))


@bp.post("/r/<code>/join")
def join(code: str) -> Response:
    form = read_form(JoinForm)
    player = player_token() or new_token()
    token = rooms().setup.join(code, form.seat, form.name, seat_token(), player)
    response = redirect(room_path(code), 303)
    set_room_cookie(response, SEAT_COOKIE, code, token)
    remember_game(response, code)
    keep_player(response, player)
    return response


@bp.post("/r/<code>/bots")
def add_bots(code: str) -> ResponseReturnValue:
    rooms().setup.fill_with_bots(code, host_token(), read_form(BotsForm).level)
    return done(code)


@bp.post("/r/<code>/start")
def start(code: str) -> ResponseReturnValue:
    rooms().setup.start(code, host_token())
    return done(code)


@bp.get("/r/<code>/qr.svg")
def qr_code(code: str) -> Response:
    rooms().store.row(code)  # 404 for an unknown room
    return qr_svg(share_url(code))
