"""Which seats have a live connection, and since when a seat has been away (R: issue 3 "Reconnect").

A seat is *away* when none of its browsers is connected and the last one left
more than ``AWAY_SECONDS`` ago; then a bot plays for it until it returns. After a
restart nobody is connected yet, so every seat counts from the restart.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict


class Presence:
    def __init__(self, away_seconds: float, clock=time.monotonic) -> None:
        self.away_seconds = away_seconds
        self._clock = clock
        self._started = clock()
        self._lock = threading.Lock()
        self._connections: dict[tuple[str, int], int] = defaultdict(int)
        self._last_seen: dict[tuple[str, int], float] = {}

    def connected(self, code: str, seat: int) -> None:
        with self._lock:
            self._connections[(code, seat)] += 1
            self._last_seen[(code, seat)] = self._clock()

    def disconnected(self, code: str, seat: int) -> None:
        with self._lock:
            self._connections[(code, seat)] -= 1
            self._last_seen[(code, seat)] = self._clock()

    def seen(self, code: str, seat: int) -> None:
        """An HTTP request from the seat counts as being there."""
        with self._lock:
            self._last_seen[(code, seat)] = self._clock()

    def is_online(self, code: str, seat: int) -> bool:
        with self._lock:
            return self._connections[(code, seat)] > 0

    def away_in(self, code: str, seat: int) -> float:
        """Seconds until the seat counts as away (0: away now; ``inf``: connected)."""
        with self._lock:
            if self._connections[(code, seat)] > 0:
                return float("inf")
            since = self._last_seen.get((code, seat), self._started)
            return max(0.0, since + self.away_seconds - self._clock())
