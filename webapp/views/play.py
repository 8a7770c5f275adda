"""Playing: one endpoint for every action (draw, show, pass, bury, play), the next hand (继续), 托管, and the
hint."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from webapp.core.room_page import hint_advice

from ..render import render_message, render_regions
from ..schemas.bodies import ActionBody
from ..schemas.forms import ActionForm, AutoplayForm, NextHandForm
from ..schemas.reading import read_form, read_json
from .common import done, require_seat, rooms, seat_token

bp = Blueprint("play", __name__)


@bp.post("/r/<code>/act")
def act(code: str) -> ResponseReturnValue:
    require_seat(code)
    payload, action_id = read_action()
    rooms().moves.act(code, seat_token(), payload, action_id)
    return done(code)


@bp.post("/r/<code>/next")
def next_hand(code: str) -> ResponseReturnValue:
    require_seat(code)
    form = read_form(NextHandForm)
    rooms().moves.next_hand(code, seat_token(), form.action_id, form.hand)
    return done(code)


@bp.post("/r/<code>/autoplay")
def autoplay(code: str) -> ResponseReturnValue:
    require_seat(code)
    rooms().moves.autoplay(code, seat_token(), read_form(AutoplayForm).on)
    return done(code)


@bp.get("/r/<code>/hint")
def hint(code: str) -> str:
    """The hand region with the suggested cards selected (the player still presses Play), and why (the coach)."""
    tables = rooms()
    action = tables.hint(code, seat_token())
    selected = tuple(str(c) for c in getattr(action, "cards", ()))
    snapshot = tables.snapshot(tables.cache.recent(code), seat_token())  # the room the hint was asked on, or newer
    hand = render_regions(snapshot, ("hand",), selected=selected)["hand"]
    advice = hint_advice(snapshot.view, action) if snapshot.view is not None else None
    return render_message(advice) + hand


def read_action() -> tuple[dict[str, Any], str | None]:
    """The action from a form (checkboxes named ``cards``) or a JSON body
    ``{"type", "cards", "action_id"}``."""
    if request.mimetype == "application/json":
        body = read_json(ActionBody)
        return {"type": body.type, "cards": body.cards}, body.action_id
    form = read_form(ActionForm)
    return {"type": form.type, "cards": " ".join(form.cards)}, form.action_id
