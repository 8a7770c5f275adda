"""The coach after a hand (issue 14): each person's plays judged by the search bot on the bot workers, the few that
cost the most kept for that person, and the room told, so their page shows them.

Every play that was a choice becomes a job of the kind ``coach`` (:mod:`.decisions`) carrying the view the person
had when they played it and the cards they played: the worker sees nothing that person did not. The jobs come
after every decision a table waits for, and nothing waits for the coach: it runs on a thread of its own, the next
hand starts whenever the table is ready, and moments that come later are still shown in the hand's review. A
process has at most ``parallel`` coach jobs out at once (one by default), so the coach never holds more than one
bot worker, however many hands end together: the tables' decisions always find the others free.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import TimeoutError as FutureTimeout

import engine
from engine import coach

from .decisions import COACH, QUICK_LEVEL, DecisionFailed, DecisionJob, view_to_json

log = logging.getLogger(__name__)

COACH_SECONDS = 600.0  # after this long the moments not judged yet are left out


class Coach:
    def __init__(self, decider, keep: Callable[[str, int, int, list[dict]], None], announce: Callable[[str], None],
                 clock: Callable[[], float] = time.time, seconds: float = COACH_SECONDS, parallel: int = 1) -> None:
        self.decider = decider
        self.keep = keep  # (room, hand number, seat, moments as dicts)
        self.announce = announce  # the room has something new to show
        self.clock = clock
        self.seconds = seconds
        self._slots = threading.BoundedSemaphore(parallel)  # coach jobs out at once, all hands together

    def start(self, code: str, hand: engine.Hand, seats: Sequence[int]) -> threading.Thread:
        """Coach ``seats`` (the people) on the finished ``hand``, in the background."""
        thread = threading.Thread(target=self._coach, args=(code, hand, tuple(seats)), name=f"coach-{code}",
                                  daemon=True)
        thread.start()
        return thread

    def _coach(self, code: str, hand: engine.Hand, seats: tuple[int, ...]) -> None:
        try:
            deadline = self.clock() + self.seconds
            for seat in seats:
                found = [self._judge(self._job(code, hand, seat, decision, deadline), deadline)
                         for decision in coach.decisions(hand, seat)]
                self.keep(code, hand.hand_number, seat, [m.to_dict() for m in coach.top_moments(found)])
            self.announce(code)
        except Exception:
            log.exception("coaching hand %s of room %s failed", hand.hand_number, code)

    def _judge(self, job: DecisionJob, deadline: float) -> coach.Moment | None:
        """The moment ``job``'s play was (``None``: it was fine, or the worker failed or ran out of time)."""
        with self._slots:
            try:
                moment = self.decider.submit(job).result(timeout=max(deadline - self.clock(), 0)).moment
            except (FutureTimeout, DecisionFailed):
                return None
        return None if moment is None else coach.Moment.from_dict(moment)

    def _job(self, code: str, hand: engine.Hand, seat: int, decision: coach.Decision, deadline: float) -> DecisionJob:
        key = f"{code}:{hand.hand_number}:{seat}:{decision.trick}"
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
        return DecisionJob(f"coach:{key}", view_to_json(decision.view), QUICK_LEVEL, seed, deadline, kind=COACH,
                           play=engine.format_cards(decision.played), trick=decision.trick)
