"""Runs the automatic part of every room (dealing, bots, away takeover) at its own pace.

A single background thread keeps one wake-up time per room. ``poke`` asks for a
room to be looked at now; :meth:`RoomService.advance` answers how long until it
needs another look. At start every room with a match in play is poked, so the
deal and the bots resume after a restart. In tests the driver can run inline:
``poke`` then advances the room until it waits for a person.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable

from flask import Flask

Advance = Callable[[str], "float | None"]


class Driver:
    def __init__(self, app: Flask, advance: Advance, threaded: bool) -> None:
        self.app = app
        self.advance = advance
        self.threaded = threaded
        self._due: dict[str, float] = {}
        self._heap: list[tuple[float, str]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._inline_rooms: set[str] = set()  # rooms being advanced inline (advancing pokes again)

    def start(self, codes: list[str]) -> None:
        if self.threaded:
            self._thread = threading.Thread(target=self._run, name="room-driver", daemon=True)
            self._thread.start()
        for code in codes:
            self.poke(code)

    def poke(self, code: str, delay: float = 0.0) -> None:
        if not self.threaded:
            self._advance_inline(code)
            return
        due = time.monotonic() + delay
        with self._wake:
            if self._due.get(code, float("inf")) <= due:
                return
            self._due[code] = due
            heapq.heappush(self._heap, (due, code))
            self._wake.notify()

    def _advance_inline(self, code: str) -> None:
        if code in self._inline_rooms:
            return
        self._inline_rooms.add(code)
        try:
            with self.app.app_context():
                while self.advance(code) == 0.0:
                    pass
        finally:
            self._inline_rooms.discard(code)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    self._wake.wait(None if not self._heap else self._heap[0][0] - time.monotonic())
                due, code = heapq.heappop(self._heap)
                if self._due.get(code) != due:
                    continue  # superseded by an earlier poke
                del self._due[code]
            try:
                with self.app.app_context():
                    wait = self.advance(code)
            except Exception:
                self.app.logger.exception("driving room %s failed", code)
                wait = 1.0
            if wait is not None:
                self.poke(code, wait)
