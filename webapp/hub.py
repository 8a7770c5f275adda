"""Telling a room's connected browsers that it changed (after the commit, never before).

One small interface: :meth:`Hub.publish` a room code, and each :class:`Subscription`
of that room wakes up and renders its own seat's view. This implementation is
in-process (one gunicorn worker); a PostgreSQL LISTEN/NOTIFY or Redis pub/sub
implementation of the same three methods would make it multi-process.
"""

from __future__ import annotations

import threading
from collections import defaultdict


class Subscription:
    """One connected browser of one room: a flag raised on every change."""

    def __init__(self, code: str, seat: int | None) -> None:
        self.code = code
        self.seat = seat
        self._changed = threading.Event()

    def notify(self) -> None:
        self._changed.set()

    def wait(self, timeout: float) -> bool:
        """Wait for a change; ``True`` if one came (several changes coalesce into one wake-up).

        The flag is lowered only after a wake-up: the caller renders after this returns, so every change
        announced before that is in its render. A timeout leaves the flag alone, so a change announced
        just as the wait ran out is not lost.
        """
        changed = self._changed.wait(timeout)
        if changed:
            self._changed.clear()
        return changed


class Hub:
    """In-process publish/subscribe by room code."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = defaultdict(set)

    def subscribe(self, code: str, seat: int | None) -> Subscription:
        subscription = Subscription(code, seat)
        with self._lock:
            self._subscriptions[code].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            self._subscriptions[subscription.code].discard(subscription)

    def publish(self, code: str) -> None:
        with self._lock:
            subscriptions = list(self._subscriptions.get(code, ()))
        for subscription in subscriptions:
            subscription.notify()
