"""The home page: solo against three bots in one tap, a link to create a room, the language switch."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request

from webapp.core.players import BOT_LEVELS

from ..i18n import COOKIE, LOCALES
from .common import SEAT_COOKIE, room_path, rooms, set_room_cookie

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html", bot_levels=BOT_LEVELS)


@bp.post("/solo")
def solo():
    code, token = rooms().setup.create_solo(request.form.get("level", "normal"), request.form.get("name", ""))
    response = redirect(room_path(code), 303)
    set_room_cookie(response, SEAT_COOKIE, code, token)
    return response


@bp.get("/lang/<locale>")
def switch_language(locale: str):
    target = request.args.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        target = "/"
    response = redirect(target, 303)
    if locale in LOCALES:
        response.set_cookie(COOKIE, locale, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response
