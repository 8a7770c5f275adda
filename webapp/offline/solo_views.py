"""The solo game's requests, answered in the browser as the server answers its rooms' (same endpoint
names, same templates): the page, the player's actions, the hint, the next hand, and the bots' moves,
which the page asks for one at a time at its own pace (the server's WebSocket pushes them instead).
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from typing import Any

import engine
from engine.form_text import switch
from engine.review import HandReview, hand_export, match_export
from webapp.core.autoplay import Automatic, Pace
from webapp.core.players import BOT_LEVELS
from webapp.core.review_page import ReviewLinks, review_context
from webapp.core.room_page import REGIONS, hint_advice, illegal_message, room_context, seat_name
from webapp.core.translation import gettext as _

from .pages import Pages
from .routes import NotFound, Request, Response, Router
from .solo import CODE, PERSON, SoloTable
from .stats import OfflineStats
from .storage import Storage

STORAGE_KEY = "shuangsheng.solo"


class SoloViews:
    def __init__(self, router: Router, pages: Pages, storage: Storage, stats: OfflineStats) -> None:
        self.router = router
        self.pages = pages
        self.storage = storage
        self.stats = stats
        self.rng = random.Random(secrets.randbits(64))
        self._planned: tuple[int, Automatic] | None = None  # (version, action): decided, not yet applied
        router.add("GET", "/r/<code>", "rooms.room", self.page)
        router.add("POST", "/solo", "home.solo", self.start)
        router.add("POST", "/r/<code>/act", "play.act", self.act)
        router.add("POST", "/r/<code>/next", "play.next_hand", self.next_hand)
        router.add("GET", "/r/<code>/hint", "play.hint", self.hint)
        # The hands kept (the last few): each one's review and export, and the game's export (issue 14).
        router.add("GET", "/r/<code>/hands.json", "hands.match", self.match_export)
        router.add("GET", "/r/<code>/hands/<number>.json", "hands.export", self.export)
        router.add("GET", "/r/<code>/hands/<number>", "hands.review", self.review)

    # ------------------------------------------------------------------ storage

    def table(self) -> SoloTable | None:
        saved = self.storage.get(STORAGE_KEY)
        return SoloTable.from_dict(json.loads(saved)) if saved else None

    def save(self, table: SoloTable) -> None:
        """Keep the game; a hand that has just finished goes to the statistics and is kept for its review."""
        record = table.record()
        if record is not None:
            self.stats.add(record)
        self.storage.put(STORAGE_KEY, json.dumps(table.to_dict()))

    # ------------------------------------------------------------------ requests

    def page(self, request: Request, code: str) -> Response:
        """The game in play; the choice of bots when there is none (``?level=`` starts one at once)."""
        table = self.table()
        if table is None and request.args.get("level") in BOT_LEVELS:
            table = self._new(request.args["level"])
        if table is None:
            return Response(self.pages.render("offline/solo_start.html", bot_levels=BOT_LEVELS))
        return Response(self.pages.render("offline/room_body.html", **self._context(table)))

    def start(self, request: Request) -> Response:
        """A new game against bots of the chosen strength (replacing any game in play)."""
        level = request.form.get("level", "")
        try:
            counter = switch(request.form.get("counter", ""))
        except ValueError:
            message = illegal_message(_("the card counter is on or off"))
            return Response(self.pages.render("partials/message.html", message=message), 422)
        table = self._new(level if level in BOT_LEVELS else "normal", counter)
        url = self.router.url_for("rooms.room", code=CODE)
        return Response(self.pages.render("offline/room_body.html", **self._context(table)),
                        headers={"HX-Push-Url": url})

    def act(self, request: Request, code: str) -> Response:
        payload = {"type": request.form.get("type", ""), "cards": " ".join(request.form.getlist("cards"))}
        return self._change(lambda table: table.act(payload, request.form.get("action_id")))

    def next_hand(self, request: Request, code: str) -> Response:
        return self._change(lambda table: table.next_hand(request.form.get("action_id")))

    def hint(self, request: Request, code: str) -> Response:
        """The hand region with the suggested cards selected (the player still presses Play)."""
        table = self._require()
        action = table.hint()
        selected = tuple(str(card) for card in getattr(action, "cards", ()))
        advice = hint_advice(table.match.view(PERSON), action)
        return Response(self.pages.render("partials/message.html", message=advice)
                        + self.pages.regions(("hand",), **self._context(table, selected)))

    def review(self, request: Request, code: str, number: str) -> Response:
        table = self._require()
        hand = table.finished_hand(_number(number))
        if hand is None:
            raise NotFound(f"hand {number} is not kept on this device")
        kept = sorted(n for n in [*table.finished, table.match.hand_number] if table.finished_hand(n) is not None)
        url_for = self.router.url_for
        links = ReviewLinks(
            table=url_for("rooms.room", code=CODE), export=url_for("hands.export", code=CODE, number=hand.hand_number),
            previous=url_for("hands.review", code=CODE, number=hand.hand_number - 1)
            if hand.hand_number - 1 in kept else None,
            next=url_for("hands.review", code=CODE, number=hand.hand_number + 1)
            if hand.hand_number + 1 in kept else None)
        context = review_context(table.snapshot(), HandReview.of(hand), [], request.args.get("step"), links)
        return Response(self.pages.render("partials/review.html", **context))

    def export(self, request: Request, code: str, number: str) -> Response:
        table = self._require()
        hand = table.finished_hand(_number(number))
        if hand is None:
            raise NotFound(f"hand {number} is not kept on this device")
        return _json(hand_export(hand, self._names(table)))

    def match_export(self, request: Request, code: str) -> Response:
        table = self._require()
        hands = [table.finished_hand(number) for number in sorted(table.finished)]
        return _json(match_export([hand_export(hand, self._names(table)) for hand in hands if hand is not None],
                                  table.match.rules))

    def _names(self, table: SoloTable) -> list[str]:
        snapshot = table.snapshot()
        return [seat_name(snapshot, seat) for seat in range(4)]

    # ------------------------------------------------------------------ the bots, at the page's pace

    def next_pace(self, deal_delay: float, bot_delay: float, show_window: float) -> float | None:
        """How long to wait before the table's next automatic action; ``None``: the player's turn."""
        table = self.table()
        if table is None:
            return None
        planned = table.automatic_action(self.rng)
        self._planned = (table.version, planned) if planned else None
        return planned.delay(Pace(bot_delay, deal_delay, show_window)) if planned else None

    def step(self) -> str | None:
        """Take the planned automatic action; the changed regions, or ``None`` if the game moved meanwhile
        (the player acted: the page plans again, and waits the pace again)."""
        table = self._require()
        if self._planned is None or self._planned[0] != table.version:
            return None
        table.apply_automatic(self._planned[1])
        self._planned = None
        self.save(table)
        return self.pages.regions(REGIONS, **self._context(table))

    # ------------------------------------------------------------------ helpers

    def _new(self, level: str, card_counter: bool = False) -> SoloTable:
        table = SoloTable.new(level, card_counter)
        self.save(table)
        return table

    def _require(self) -> SoloTable:
        table = self.table()
        if table is None:
            raise NotFound("no solo game on this device")
        return table

    def _change(self, change: Callable[[SoloTable], None]) -> Response:
        table = self._require()
        try:
            change(table)
        except engine.IllegalAction as error:
            message = illegal_message(error)
            return Response(self.pages.render("partials/message.html", message=message), 422)
        self.save(table)
        return Response(self.pages.render("partials/message.html", message=None)
                        + self.pages.regions(REGIONS, **self._context(table)))

    def _context(self, table: SoloTable, selected: tuple[str, ...] = ()) -> dict[str, Any]:
        return room_context(table.snapshot(), selected, url_for=self.router.url_for, action_id=table.action_id)


def _number(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise NotFound(f"no hand {text!r}")
    return int(text)


def _json(data: dict[str, Any]) -> Response:
    return Response(json.dumps(data), headers={"Content-Type": "application/json"})
