"""Quick phrases and reactions at a room's table (issue 14): one tap sends a set phrase, shown by the sender's seat."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from ..schemas.forms import SayForm
from ..schemas.reading import read_form
from .common import done, require_seat, rooms, seat_token

bp = Blueprint("talk", __name__)


@bp.post("/r/<code>/say")
def say(code: str) -> ResponseReturnValue:
    require_seat(code)
    phrase = read_form(SayForm).phrase
    tables = rooms()
    loaded = tables.cache.load(code)
    tables.talk.say(loaded, tables.moves.require_seat(loaded, seat_token()), phrase)
    return done(code)
