"""The home page: solo against three bots in one tap, a link to create a room, the language switch."""

from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

from flask import Blueprint, redirect, render_template
from werkzeug.wrappers import Response

from webapp.core.players import BOT_LEVELS

from ..i18n import COOKIE, LOCALES
from ..schemas.forms import LanguageQuery, SoloForm
from ..schemas.reading import read_form, read_query
from ..tokens import new_token
from .common import SEAT_COOKIE, keep_player, player_token, remember_game, room_path, rooms, set_room_cookie

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    return render_template("home.html", bot_levels=BOT_LEVELS)


@bp.post("/solo")
def solo() -> Response:
    form = read_form(SoloForm)
    player = player_token() or new_token()
    code, token = rooms().setup.create_solo(form.level, form.name, player, card_counter=form.counter)
    response = redirect(room_path(code), 303)
    set_room_cookie(response, SEAT_COOKIE, code, token)
    remember_game(response, code)
    keep_player(response, player)
    return response


@bp.get("/lang/<locale>")
def switch_language(locale: str) -> Response:
    response = redirect(same_site_path(read_query(LanguageQuery).next), 303)
    if locale in LOCALES:
        response.set_cookie(COOKIE, locale, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response


def same_site_path(target: str) -> str:
    """``target`` if it is a path on this site, else ``/`` (no open redirect, issue 11).

    Browsers drop tabs and newlines from a URL and read ``\\`` as ``/``, so ``/\\t/evil.example`` and
    ``/\\evil.example`` would lead to another host: a path with any control character or backslash is
    refused whole, as is anything with a scheme or a host.

    >>> same_site_path("/r/abc?x=1"), same_site_path("/\\t/evil.example"), same_site_path("//evil.example")
    ('/r/abc?x=1', '/', '/')
    """
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.scheme or parts.netloc:
        return "/"
    if "\\" in target or any(unicodedata.category(character) == "Cc" for character in target):
        return "/"
    return target
