"""The how-to-play page: the game in short, the presets and every option (the forms' own descriptions)."""

from __future__ import annotations

from flask import Blueprint, render_template

from webapp.core.guide import guide_context

bp = Blueprint("guide", __name__)


@bp.get("/rules")
def rules() -> str:
    return render_template("rules.html", **guide_context())
