"""Rooms: set-up (:mod:`.setup`), a person's moves (:mod:`.moves`), the automatic part (:mod:`.automatic`), who
is at the table (:mod:`.presence`), and what a browser is shown (:mod:`.reads`) — all on one commit path
(:mod:`.commit`) over the database (:mod:`.store`) and each process's cache of loaded rooms (:mod:`.cache`).
Finished hands are replayed for their review (:mod:`.hands`) and leave results and coach's moments behind
(:mod:`.records`, :mod:`.after_hand`); quick phrases go round the table (:mod:`.talk`)."""

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
from .after_hand import AfterHand
from .automatic import AutomaticPart
from .cache import LoadedRoom, RoomCache
from .commit import Change, Committer
from .hands import FinishedHands
from .moves import Moves, seat_of
from .presence import RoomAttendance
from .records import HandRecords
from .setup import RoomSetup
from .store import RoomStore
from .talk import TableTalk

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
    hands: FinishedHands
    records: HandRecords
    talk: TableTalk
    after_hand: AfterHand
    clock: Callable[[], float] = time.time

    @classmethod
    def build(cls, store: RoomStore, notifier, presence, decider, pace: Pace, phrases, limits_uri: str,
              secret: str, clock: Callable[[], float] = time.time, sole_writer: bool = False) -> Rooms:
        """``secret`` signs the pages' action ids; ``sole_writer``: this process makes every change to the rooms
        (the embedded server)."""
        cache = RoomCache(store, sole_writer)
        notifier.hear_news(cache.heard)
        committer = Committer(store, cache, notifier, clock)
        attendance = RoomAttendance(presence, notifier, clock)
        hands, records = FinishedHands(store), HandRecords(store.engine)
        return cls(store, cache, committer, RoomSetup(store, committer, seat_of, attendance.seen, clock),
                   Moves(committer, attendance.seen, secret, clock),
                   AutomaticPart(cache, committer, presence, pace, clock),
                   attendance, decider, hands, records, TableTalk(phrases, notifier, limits_uri),
                   AfterHand(hands, records, clock=clock), clock)

    @property
    def notifier(self):
        return self.committer.notifier

    @property
    def pace(self) -> Pace:
        return self.automatic.pace

    def snapshot(self, loaded: LoadedRoom, token: str | None, host_token: str | None = None) -> Snapshot:
        return reads.snapshot(loaded, token, host_token, self.attendance.room(loaded.code),
                              self.automatic.pace_of(loaded), self.clock(), self.talk.recent(loaded),
                              self._moments(loaded, token), self.talk.offered(loaded))

    def _moments(self, loaded: LoadedRoom, token: str | None) -> list[dict]:
        """The coach's moments of this browser's seat in the hand just over (its own only)."""
        seat, match = seat_of(loaded, token), loaded.match
        if seat is None or match is None or not match.hand_over:
            return []
        return self.records.moments(loaded.code, match.hand_number, loaded.version).get(seat, [])

    def announce(self, code: str) -> None:
        """Something about the room changed outside its log (the coach's moments): pages load it again."""
        self.committer.change(code, lambda loaded: Change())

    def page(self, code: str, token: str | None, host_token: str | None = None) -> Snapshot:
        """The room as it is now, for a page load (opening the page counts as the seat's player being there)."""
        loaded = self.cache.load(code)
        seat = seat_of(loaded, token)
        if seat is not None:
            self.attendance.seen(code, seat)
        return self.snapshot(loaded, token, host_token)

    def hint(self, code: str, token: str | None) -> engine.actions.Action | None:
        """The rule bot's suggestion for this seat's bury or play, decided by the bot workers."""
        loaded = self.cache.recent(code, lambda room: _hint_wanted(room, seat_of(room, token)))
        seat = self.moves.require_seat(loaded, token)
        if not _hint_wanted(loaded, seat):
            return None
        match = loaded.match
        job = DecisionJob(f"hint:{code}:{uuid.uuid4().hex[:8]}", view_to_json(match.view(seat)), HINT_LEVEL,
                          HINT_SEED, self.clock() + HINT_SECONDS)
        try:
            return self.decider.submit(job).result(timeout=HINT_SECONDS + 1).engine_action()
        except (TimeoutError, DecisionFailed):
            raise Unavailable(_l("the hint is not ready; try again in a moment")) from None


def _hint_wanted(loaded: LoadedRoom, seat: int | None) -> bool:
    """It is ``seat``'s turn to bury or to play: the moves the hint suggests."""
    match = loaded.match
    return (seat is not None and match is not None and match.hand.to_act == seat
            and match.hand.phase in ("burying", "playing"))
