"""A room's finished hands (issue 14): each hand's read-only review and its export, and the whole match's export,
for anyone with the room's link (seated or watching) — and only once the hand is over."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, url_for
from werkzeug.wrappers import Response

from engine.coach import Moment
from engine.review import HandReview, hand_export, match_export
from webapp.core.review_page import ReviewLinks, review_context
from webapp.core.room_page import seat_name

from ..schemas.forms import ReviewQuery
from ..schemas.reading import read_query
from .common import room_path, rooms, seat_token

bp = Blueprint("hands", __name__)


@bp.get("/r/<code>/hands/<int:number>")
def review(code: str, number: int) -> str:
    tables = rooms()
    hand = tables.hands.hand(code, number)
    loaded = tables.cache.load(code)
    snapshot = tables.snapshot(loaded, seat_token())
    seat = snapshot.my_seat
    moments = [] if seat is None else tables.records.moments(code, number, loaded.version).get(seat, [])
    finished = tables.hands.numbers(loaded.match)
    links = ReviewLinks(table=room_path(code), export=url_for("hands.export", code=code, number=number),
                        previous=url_for("hands.review", code=code, number=number - 1) if number - 1 in finished
                        else None,
                        next=url_for("hands.review", code=code, number=number + 1) if number + 1 in finished
                        else None)
    context = review_context(snapshot, HandReview.of(hand), [Moment.from_dict(m) for m in moments],
                             read_query(ReviewQuery).step, links)
    return render_template("hand_review.html", **context)


@bp.get("/r/<code>/hands/<int:number>.json")
def export(code: str, number: int) -> Response:
    return _download(_hand_export(code, number), f"hand-{code}-{number}.json")


@bp.get("/r/<code>/hands.json")
def match(code: str) -> Response:
    tables = rooms()
    loaded = tables.cache.load(code)
    hands = [_hand_export(code, number) for number in tables.hands.numbers(loaded.match)]
    return _download(match_export(hands, loaded.rules), f"match-{code}.json")


def _hand_export(code: str, number: int) -> dict:
    tables = rooms()
    hand = tables.hands.hand(code, number)
    snapshot = tables.snapshot(tables.cache.load(code), None)  # names as anyone at the table reads them
    return hand_export(hand, [seat_name(snapshot, seat) for seat in range(4)])


def _download(data: dict, filename: str) -> Response:
    response = jsonify(data)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
