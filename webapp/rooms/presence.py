"""Who is at a room's table: a browser's WebSocket coming and going, and a seat's requests, kept in the presence
store (:mod:`webapp.runtime.presence`) and announced like any change, so every page shows who is online and the
driver looks again at a seat that went away."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..runtime.presence import RoomPresence


class RoomAttendance:
    def __init__(self, presence, notifier, clock: Callable[[], float] = time.time) -> None:
        self.presence = presence
        self.notifier = notifier
        self.clock = clock

    def arrived(self, code: str, seat: int) -> str:
        connection = self.presence.connected(code, seat)
        self.notifier.publish(code)
        return connection

    def left(self, code: str, seat: int, connection: str) -> None:
        self.presence.disconnected(code, seat, connection)
        self.notifier.publish(code)

    def seen(self, code: str, seat: int) -> None:
        """A request from the seat counts as its player being there."""
        self.presence.seen(code, seat)

    def room(self, code: str) -> RoomPresence:
        return self.presence.room(code)
