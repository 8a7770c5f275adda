"""The games this browser holds a seat in: listed on the home page (newest first) to continue, or to leave."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from flask import Blueprint, make_response, redirect, render_template
from flask.typing import ResponseReturnValue

from ..errors import NotFound
from ..rooms.store import RoomRow
from .common import SEAT_COOKIE, is_htmx, keep_games, my_games, room_path, rooms, seat_token

bp = Blueprint("games", __name__)


@dataclass(frozen=True)
class GameLine:
    code: str
    solo: bool
    started: bool
    hand_number: int
    levels: tuple[str, str]
    over: bool
    changed: datetime


def game_line(row: RoomRow) -> GameLine:
    state = row.match_state or {}
    levels = tuple(state.get("levels", ("2", "2")))
    return GameLine(row.code, row.solo, row.match_state is not None, state.get("hand_number", 1), levels,
                    state.get("winner") is not None, datetime.fromtimestamp(row.changed_at, UTC))


@bp.get("/games")
def index() -> str:
    """The home page's list (fetched by the page, so the page itself stays the same for everyone and cacheable)."""
    return render_list(my_games())


def render_list(codes: list[str]) -> str:
    lines = []
    for code in codes:
        try:
            lines.append(game_line(rooms().store.row(code)))
        except NotFound:
            continue
    return render_template("partials/my_games.html", games=lines)


@bp.post("/r/<code>/leave")
def leave(code: str) -> ResponseReturnValue:
    """Leave a game: off this browser's list, its seat cookie gone; a seat in a room not yet started is freed."""
    rooms().setup.leave(code, seat_token())
    kept = [c for c in my_games() if c != code]
    response = make_response(render_list(kept) if is_htmx() else redirect("/", 303))
    keep_games(response, kept)
    response.delete_cookie(SEAT_COOKIE, path=room_path(code))
    return response
