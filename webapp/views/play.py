"""Playing: one endpoint for every action (draw, show, pass, bury, play), the next hand, and the hint."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import lazy_gettext as _l

from ..errors import BadRequest
from ..render import page_context, render_message
from .common import done, rooms, seat_token

bp = Blueprint("play", __name__)


@bp.post("/r/<code>/act")
def act(code: str):
    payload, action_id = read_action()
    rooms().moves.act(code, seat_token(), payload, action_id)
    return done(code)


@bp.post("/r/<code>/next")
def next_hand(code: str):
    after_hand = request.form.get("hand", "")
    rooms().moves.next_hand(code, seat_token(), request.form.get("action_id"),
                        int(after_hand) if after_hand.isdigit() else None)
    return done(code)


@bp.get("/r/<code>/hint")
def hint(code: str):
    """The hand region with the suggested cards selected (the player still presses Play)."""
    action = rooms().hint(code, seat_token())
    selected = tuple(str(c) for c in getattr(action, "cards", ()))
    snapshot = rooms().page(code, seat_token())
    hand = render_template("partials/hand.html", oob=True, **page_context(snapshot, selected))
    return render_message(None) + hand


def read_action() -> tuple[Any, str | None]:
    """The action from a form (checkboxes named ``cards``) or a JSON body
    ``{"type", "cards", "action_id"}``."""
    if request.mimetype == "application/json":
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise BadRequest(_l("the request body is not a JSON object"))
        action_id = data.get("action_id")
        payload = {k: v for k, v in data.items() if k != "action_id"}
        return payload, action_id if isinstance(action_id, str) else None
    form = request.form
    if "type" not in form:
        raise BadRequest(_l("no action in the request"))
    return {"type": form["type"], "cards": " ".join(form.getlist("cards"))}, form.get("action_id")
