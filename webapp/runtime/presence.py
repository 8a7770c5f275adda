"""Which seats have a live connection, and since when a seat has been away.

A seat is *away* when none of its browsers is connected and the last one left more than ``AWAY_SECONDS`` ago;
then a bot plays for it until it returns. :class:`LocalPresence` keeps this in process memory (the embedded
default); :class:`RedisPresence` in Redis, so every web process and every driver sees the same: each connection is
a hash field that its web process refreshes and that expires if that process dies.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from redis.exceptions import RedisError

log = logging.getLogger(__name__)

Clock = Callable[[], float]
CONNECTION_TTL = 30.0  # a connection not refreshed for this long (its process died) no longer counts
REFRESH_SECONDS = 10.0


@dataclass(frozen=True)
class RoomPresence:
    """One room's presence at one moment: the seats online, and when each other seat was last there."""

    online: frozenset[int]
    last_seen: dict[int, float] = field(default_factory=dict)

    def away_in(self, seat: int, away_seconds: float, now: float) -> float:
        """Seconds until ``seat`` counts as away (0: away now; ``inf``: connected)."""
        if seat in self.online:
            return float("inf")
        return max(0.0, self.last_seen.get(seat, now) + away_seconds - now)

    def away_for(self, seat: int, now: float) -> float | None:
        """How long the seat has been without a connection (``None`` while connected)."""
        if seat in self.online:
            return None
        return max(0.0, now - self.last_seen.get(seat, now))


class LocalPresence:
    def __init__(self, clock: Clock = time.time) -> None:
        self.clock = clock
        self._started = clock()  # after a restart nobody is connected yet: every seat counts from the start
        self._lock = threading.Lock()
        self._connections: defaultdict[tuple[str, int], int] = defaultdict(int)
        self._last_seen: dict[tuple[str, int], float] = {}

    def connected(self, code: str, seat: int) -> str:
        with self._lock:
            self._connections[(code, seat)] += 1
            self._last_seen[(code, seat)] = self.clock()
        return f"{code}:{seat}"

    def disconnected(self, code: str, seat: int, _connection: str) -> None:
        with self._lock:
            self._connections[(code, seat)] -= 1
            if self._connections[(code, seat)] <= 0:
                del self._connections[(code, seat)]
            self._last_seen[(code, seat)] = self.clock()

    def seen(self, code: str, seat: int) -> None:
        """An HTTP request from the seat counts as being there."""
        with self._lock:
            self._last_seen[(code, seat)] = self.clock()

    def room(self, code: str) -> RoomPresence:
        with self._lock:
            online = frozenset(s for s in range(4) if self._connections.get((code, s), 0) > 0)
            seen = {s: self._last_seen.get((code, s), self._started) for s in range(4)}
        return RoomPresence(online, seen)


class RedisPresence:
    """Connections as fields ``<seat>:<connection id>`` → expiry of ``presence:<code>``; last visits in
    ``seen:<code>``. Both keys expire a day after the room's last activity."""

    KEY_TTL = 24 * 3600

    def __init__(self, redis, clock: Clock = time.time) -> None:
        self.redis = redis
        self.clock = clock
        self._mine: dict[str, tuple[str, int]] = {}  # this process's live connections, refreshed periodically
        self._lock = threading.Lock()
        threading.Thread(target=self._refresh_forever, name="presence-refresh", daemon=True).start()

    def connected(self, code: str, seat: int) -> str:
        connection = uuid.uuid4().hex
        with self._lock:
            self._mine[connection] = (code, seat)
        now = self.clock()
        pipe = self.redis.pipeline()
        pipe.hset(f"presence:{code}", f"{seat}:{connection}", now + CONNECTION_TTL)
        pipe.hset(f"seen:{code}", seat, now)
        pipe.expire(f"presence:{code}", self.KEY_TTL)
        pipe.expire(f"seen:{code}", self.KEY_TTL)
        pipe.execute()
        return connection

    def disconnected(self, code: str, seat: int, connection: str) -> None:
        with self._lock:
            self._mine.pop(connection, None)
        pipe = self.redis.pipeline()
        pipe.hdel(f"presence:{code}", f"{seat}:{connection}")
        pipe.hset(f"seen:{code}", seat, self.clock())
        pipe.execute()

    def seen(self, code: str, seat: int) -> None:
        self.redis.hset(f"seen:{code}", seat, self.clock())

    def room(self, code: str) -> RoomPresence:
        pipe = self.redis.pipeline()
        pipe.hgetall(f"presence:{code}")
        pipe.hgetall(f"seen:{code}")
        connections, seen = pipe.execute()
        now = self.clock()
        online = frozenset(int(name.split(b":")[0]) for name, expiry in connections.items() if float(expiry) > now)
        last_seen = {int(seat): float(at) for seat, at in seen.items()}
        if len(last_seen) < 4:
            # Never seen (or Redis lost its data): count from now, and remember it, so away time starts once.
            for seat in range(4):
                if seat not in last_seen and self.redis.hsetnx(f"seen:{code}", seat, now):
                    last_seen[seat] = now
            last_seen = {int(s): float(a) for s, a in self.redis.hgetall(f"seen:{code}").items()}
        return RoomPresence(online, last_seen)

    def _refresh_forever(self) -> None:
        while True:
            time.sleep(REFRESH_SECONDS)  # the refresh period of live connections (their TTL is three times it)
            try:
                self._refresh()
            except RedisError:  # Redis away: the next round tries again (and restores what a restart lost)
                log.debug("could not refresh this process's connections in Redis")

    def _refresh(self) -> None:
        with self._lock:
            mine = list(self._mine.items())
        if not mine:
            return
        expiry = self.clock() + CONNECTION_TTL
        pipe = self.redis.pipeline()
        for connection, (code, seat) in mine:
            pipe.hset(f"presence:{code}", f"{seat}:{connection}", expiry)
            pipe.expire(f"presence:{code}", self.KEY_TTL)
        pipe.execute()
