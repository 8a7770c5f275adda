"""An exported hand opened on this device for its review (issue 14): the ``.json`` file of any hand's review (a
room's or the solo game's) is read here and replayed through the engine, every action checked again, then shown
as the server shows a review. Anything that is not such a file is refused in a sentence, and nothing is kept."""

from __future__ import annotations

import json

from engine.reasons import Refusal
from engine.review import HandReview, hand_from_export
from webapp.core.review_page import ReviewLinks, review_context
from webapp.core.room_page import SeatInfo, Snapshot, illegal_message
from webapp.core.translation import gettext as _

from .pages import Pages
from .routes import Request, Response, Router

MAX_EXPORT = 1_000_000  # characters: a hand's export is about 6 000


class ImportedReviews:
    def __init__(self, router: Router, pages: Pages) -> None:
        self.router = router
        self.pages = pages
        router.add("GET", "/review", "offline.review", self.form)
        router.add("POST", "/review", "offline.open_review", self.open)

    def form(self, request: Request, message: object = None, status: int = 200) -> Response:
        return Response(self.pages.render("offline/review_open.html", message=message), status)

    def open(self, request: Request) -> Response:
        text = request.form.get("export", "")
        try:
            if len(text) > MAX_EXPORT:
                raise ValueError("too long")
            data = json.loads(text)
        except ValueError:
            return self.form(request, _("This is not an exported hand: pick the .json file of a hand's review."), 422)
        try:
            hand = hand_from_export(data)
        except Refusal as refusal:
            return self.form(request, illegal_message(refusal), 422)
        names = data.get("seats")
        names = names if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names) \
            else [_("Seat %(number)s", number=seat + 1) for seat in range(4)]
        snapshot = Snapshot(code="review", version=0, solo=False, preset="", rules=hand.rules, started=True,
                            seats=[SeatInfo(seat, names[seat][:40], None, True, False, False) for seat in range(4)],
                            my_seat=None, is_host=False, view=None)
        links = ReviewLinks(table=self.router.url_for("offline.review"))
        return Response(self.pages.render("partials/review.html",
                                          **review_context(snapshot, HandReview.of(hand), [], None, links)))
