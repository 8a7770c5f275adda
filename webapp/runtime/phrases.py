"""What each seat of a room said last (quick phrases, issue 14), for every web process's pages to show by that seat.

:class:`LocalPhrases` keeps it in process memory (the embedded default); :class:`RedisPhrases` in Redis, so a
phrase sent through one web process shows on the sockets of every other (the room's change is announced on the
notifier as usual). Only the last phrase of each seat is kept, and only for a little while.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from webapp.core.phrases import SHOW_SECONDS, Said

Clock = Callable[[], float]
KEY_TTL = 60  # seconds a room's phrases outlive its last one in Redis


class LocalPhrases:
    def __init__(self, clock: Clock = time.time) -> None:
        self.clock = clock
        self._said: dict[str, dict[int, Said]] = {}
        self._lock = threading.Lock()

    def say(self, code: str, seat: int, phrase: str) -> None:
        with self._lock:
            self._said.setdefault(code, {})[seat] = Said(seat, phrase, self.clock())

    def recent(self, code: str) -> tuple[Said, ...]:
        now = self.clock()
        with self._lock:
            room = self._said.get(code)
            if room is None:
                return ()
            for seat in [seat for seat, said in room.items() if now - said.at > SHOW_SECONDS]:
                del room[seat]
            if not room:
                del self._said[code]
            return tuple(sorted(room.values(), key=lambda said: said.seat))


class RedisPhrases:
    """``phrases:<code>``: a hash of seat → ``<phrase> <time>``."""

    def __init__(self, redis, clock: Clock = time.time) -> None:
        self.redis = redis
        self.clock = clock

    def say(self, code: str, seat: int, phrase: str) -> None:
        pipe = self.redis.pipeline()
        pipe.hset(f"phrases:{code}", seat, f"{phrase} {self.clock()}")
        pipe.expire(f"phrases:{code}", KEY_TTL)
        pipe.execute()

    def recent(self, code: str) -> tuple[Said, ...]:
        now = self.clock()
        found = []
        for seat, value in self.redis.hgetall(f"phrases:{code}").items():
            phrase, at = value.decode().split(" ")
            if now - float(at) <= SHOW_SECONDS:
                found.append(Said(int(seat), phrase, float(at)))
        return tuple(sorted(found, key=lambda said: said.seat))
