"""A room's finished hands, for their review and export (issue 14): each replayed through the engine from the start
kept for it (:meth:`~webapp.rooms.store.RoomStore.hand_start`) and the room's log, so what is shown is exactly what
was played. A hand in play is never given out (R7.5: nothing hidden is shown before the hand is over).

A finished hand never changes, so each process keeps the last few it replayed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask_babel import lazy_gettext as _l

import engine

from ..errors import NotFound
from . import log
from .store import RoomStore

KEPT = 64  # finished hands each process keeps replayed


class FinishedHands:
    def __init__(self, store: RoomStore) -> None:
        self.store = store
        self._kept: OrderedDict[tuple[str, int], engine.Hand] = OrderedDict()
        self._lock = threading.Lock()

    def hand(self, code: str, number: int) -> engine.Hand:
        """Hand ``number`` of the room, once it is over (``NotFound`` before, or for a hand never played)."""
        with self._lock:
            kept = self._kept.get((code, number))
            if kept is not None:
                self._kept.move_to_end((code, number))
                return kept
        hand = self._replay(code, number)
        with self._lock:
            self._kept[(code, number)] = hand
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return hand

    def numbers(self, match: engine.Match | None) -> list[int]:
        """The numbers of the finished hands of ``match`` (the room's match as loaded)."""
        if match is None:
            return []
        last = match.hand_number if match.hand_over else match.hand_number - 1
        return list(range(1, last + 1))

    def _replay(self, code: str, number: int) -> engine.Hand:
        checkpoint = self.store.row(code).match_state  # NotFound for an unknown room
        current = 0 if checkpoint is None else checkpoint["hand_number"]  # no later hand has begun
        if not 1 <= number <= current:
            raise NotFound(_l("there is no hand %(number)s", number=number))
        start = self.store.hand_start(code, number)
        if start is None:
            raise NotFound(_l("this hand was played before hands were kept for review"))
        match = engine.Match.from_dict(start.state)
        for entry in self.store.hand_actions(code, start.base_actions, number):
            if entry.kind == log.NEXT_HAND and entry.hand_number == number:
                break
            log.replay(match, (entry,))
        if match.hand_number != number or not match.hand_over:
            raise NotFound(_l("hand %(number)s is not over yet: it is shown once it is finished", number=number))
        return match.hand
