"""What happens once a hand is over (issue 14), off the web path: the driver that holds the room calls
:meth:`AfterHand.seen` whenever it looks at a room whose hand is over. The first look keeps each person's result
at a room's table (the statistics of the browser that sat there; a solo game's result is its browser's to keep)
and asks the coach for each person's moments; later looks, in this process or another, change nothing (the
records keep the first of each).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from ..errors import NotFound
from .cache import LoadedRoom
from .hands import FinishedHands
from .records import HandRecords, SeatResult

log = logging.getLogger(__name__)

REMEMBERED = 1024  # hands this process has seen end


class AfterHand:
    def __init__(self, hands: FinishedHands, records: HandRecords, coach=None,
                 clock: Callable[[], float] = time.time) -> None:
        self.hands = hands
        self.records = records
        self.coach = coach  # None: no coaching (a table of bots, or a process that runs none)
        self.clock = clock
        self._seen: OrderedDict[tuple[str, int], None] = OrderedDict()
        self._lock = threading.Lock()

    def seen(self, loaded: LoadedRoom) -> None:
        match = loaded.match
        if match is None or not match.hand_over:
            return
        key = (loaded.code, match.hand_number)
        with self._lock:
            if key in self._seen:
                return
            self._seen[key] = None
            while len(self._seen) > REMEMBERED:
                self._seen.popitem(last=False)
        try:
            self._after(loaded, match.hand_number)
        except NotFound:
            pass  # a hand played before hands were kept
        except Exception:
            log.exception("after hand %s of room %s", match.hand_number, loaded.code)

    def _after(self, loaded: LoadedRoom, number: int) -> None:
        people = [index for index, seat in enumerate(loaded.seats) if seat.human]
        if not people:
            return
        hand = self.hands.hand(loaded.code, number)
        if not loaded.row.solo:  # a solo game's results are kept by the player's browser (static/js/stats.js)
            result = hand.result.to_dict()
            self.records.keep_results([(SeatResult(loaded.code, number, index, result),
                                        loaded.seats[index].player_hash) for index in people], self.clock())
        coached = self.records.moments(loaded.code, number, loaded.version)
        if self.coach is not None and not all(index in coached for index in people):
            self.coach.start(loaded.code, hand, people)
