"""This browser's statistics (issue 14): the hands it played at rooms' tables (solo games on the server included),
kept on the server under the hash of its player cookie. Games played in the offline app are kept in the browser
and shown by the offline app's own page (/offline/stats)."""

from __future__ import annotations

from flask import Blueprint, render_template

from engine import HandResult
from webapp.core.stats import HandRecord, statistics

from ..tokens import token_hash
from .common import player_token, rooms

bp = Blueprint("stats", __name__)


@bp.get("/stats")
def index() -> str:
    token = player_token()
    found = [] if token is None else rooms().records.results_of(token_hash(token))
    records = [HandRecord(row.code, row.hand_number, row.seat, HandResult.from_dict(row.result)) for row in found]
    return render_template("stats.html", stats=statistics(records), offline=False)
