"""This browser's statistics (issue 14). Room seats are counted on the server, under the hash of the browser's
player cookie; solo games, online and in the offline app, are kept in the browser's storage
(``static/js/stats.js``). The page shows the server's part; its script sends the browser's records, and the
answer is the statistics of both together (nothing sent is kept). The offline app's page (/offline/stats)
shows the browser's part alone."""

from __future__ import annotations

from flask import Blueprint, render_template

from engine import HandResult
from webapp.core.stats import HandRecord, once_each, statistics

from ..schemas.bodies import BrowserRecords
from ..schemas.reading import read_json
from ..tokens import token_hash
from .common import player_token, rooms

bp = Blueprint("stats", __name__)


@bp.get("/stats")
def index() -> str:
    return render_template("stats.html", stats=statistics(room_seats()), offline=False, merged=False)


@bp.post("/stats")
def with_browser() -> str:
    """The statistics region, of room seats and the records the browser sent (a state-free POST: the body is
    too large for a query; a bad one is a 400 naming the field)."""
    sent = [record.hand_record() for record in read_json(BrowserRecords).records]
    return render_template("partials/stats.html", stats=statistics(once_each([*room_seats(), *sent])),
                           offline=False, merged=True)


def room_seats() -> list[HandRecord]:
    token = player_token()
    found = [] if token is None else rooms().records.results_of(token_hash(token))
    return [HandRecord(row.code, row.hand_number, row.seat, HandResult.from_dict(row.result)) for row in found]
