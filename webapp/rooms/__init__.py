"""Rooms: set-up (:mod:`.setup`), a person's moves (:mod:`.moves`), the automatic part (:mod:`.automatic`), who
is at the table (:mod:`.presence`), and what a browser is shown (:mod:`.reads`) — all on one commit path
(:mod:`.commit`) over the database (:mod:`.store`) and each process's cache of loaded rooms (:mod:`.cache`)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

import engine
from webapp.core.autoplay import Pace
from webapp.core.room_page import Snapshot

from ..errors import Unavailable
from ..runtime.decisions import DecisionFailed, DecisionJob, view_to_json
from . import reads
from .automatic import AutomaticPart
from .cache import LoadedRoom, RoomCache
from .commit import Committer
from .moves import Moves, seat_of
from .presence import RoomAttendance
from .setup import RoomSetup
from .store import RoomStore

HINT_LEVEL, HINT_SEED = "normal", 0  # the hint is the rule bot's choice (issue 4), the same every time
HINT_SECONDS = 2.0


@dataclass
class Rooms:
    store: RoomStore
    cache: RoomCache
    committer: Committer
    setup: RoomSetup
    moves: Moves
    automatic: AutomaticPart
    attendance: RoomAttendance
    decider: object
    clock: Callable[[], float] = time.time

    @classmethod
    def build(cls, store: RoomStore, notifier, presence, decider, pace: Pace,
              clock: Callable[[], float] = time.time) -> Rooms:
        cache = RoomCache(store)
        committer = Committer(store, cache, notifier, clock)
        attendance = RoomAttendance(presence, notifier, clock)
        return cls(store, cache, committer, RoomSetup(store, committer, seat_of, attendance.seen, clock),
                   Moves(committer, attendance.seen, clock), AutomaticPart(cache, committer, presence, pace, clock),
                   attendance, decider, clock)

    @property
    def notifier(self):
        return self.committer.notifier

    @property
    def pace(self) -> Pace:
        return self.automatic.pace

    def snapshot(self, loaded: LoadedRoom, token: str | None, host_token: str | None = None) -> Snapshot:
        return reads.snapshot(loaded, token, host_token, self.attendance.room(loaded.code),
                              self.automatic.pace_of(loaded), self.clock())

    def page(self, code: str, token: str | None, host_token: str | None = None) -> Snapshot:
        """The room as it is now, for a page load (opening the page counts as the seat's player being there)."""
        loaded = self.cache.load(code)
        seat = seat_of(loaded, token)
        if seat is not None:
            self.attendance.seen(code, seat)
        return self.snapshot(loaded, token, host_token)

    def hint(self, code: str, token: str | None) -> engine.actions.Action | None:
        """The rule bot's suggestion for this seat's bury or play, decided by the bot workers."""
        loaded = self.cache.load(code)
        seat = self.moves.require_seat(loaded, token)
        match = loaded.match
        if match is None or match.hand.to_act != seat or match.hand.phase not in ("burying", "playing"):
            return None
        job = DecisionJob(f"hint:{code}:{uuid.uuid4().hex[:8]}", view_to_json(match.view(seat)), HINT_LEVEL,
                          HINT_SEED, self.clock() + HINT_SECONDS)
        try:
            return self.decider.submit(job).result(timeout=HINT_SECONDS + 1).engine_action()
        except (TimeoutError, DecisionFailed):
            raise Unavailable(_l("the hint is not ready; try again in a moment")) from None
