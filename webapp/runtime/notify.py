"""Telling every process's subscribers that a room or a sheet changed (always after the commit, never before).

:meth:`Notifier.publish` a topic (a room code, or ``sheet:<code>``) with the version just committed; each
:class:`Subscription` of that topic wakes up and renders its own seat's view, and each listener (the driver) hears
of it. :class:`LocalNotifier` is in-process (the embedded default); :class:`RedisNotifier` also carries every change
over Redis pub/sub, so a change committed by one process reaches the sockets and drivers of every other one, and
after Redis comes back every subscriber is woken to catch up on whatever it may have missed. A change may carry
news for the other processes (what changed, :mod:`webapp.rooms.news`): their hooks hear it before their
subscribers wake.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable

from redis.exceptions import RedisError

log = logging.getLogger(__name__)

CHANNEL = "shuangsheng:changes"
RECONNECT_SECONDS = (0.1, 2.0)  # first and longest wait before listening again after Redis went away

# A listener is told (topic, version); (None, None) means "anything may have changed" (after an outage).
Listener = Callable[[str | None, int | None], None]
# Makes a change's news for the other processes (``None``: nothing to tell but the version); called only by a
# notifier that carries news to other processes.
News = Callable[[], "str | None"]
NewsHook = Callable[[str, str], None]  # (topic, news), before the topic's subscribers wake


class Subscription:
    """One connected browser of one topic: a flag raised on every change, with the newest version heard of."""

    def __init__(self, topic: str, seat: int | None) -> None:
        self.topic = topic
        self.seat = seat
        self.version = 0
        self.closed = False
        self._changed = threading.Event()

    def notify(self, version: int | None = None) -> None:
        if version is not None and version > self.version:
            self.version = version
        self._changed.set()

    def close(self) -> None:
        """The browser went away: wake the waiter so it stops."""
        self.closed = True
        self._changed.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a change; ``True`` if one came (several changes coalesce into one wake-up).

        The flag is lowered only after a wake-up, so a change announced while the caller renders is not lost.
        """
        changed = self._changed.wait(timeout)
        if changed:
            self._changed.clear()
        return changed


class LocalNotifier:
    """In-process publish/subscribe by topic."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: defaultdict[str, set[Subscription]] = defaultdict(set)
        self._listeners: list[Listener] = []
        self._news_hooks: list[NewsHook] = []

    def subscribe(self, topic: str, seat: int | None) -> Subscription:
        subscription = Subscription(topic, seat)
        with self._lock:
            self._subscriptions[topic].add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            subscribers = self._subscriptions.get(subscription.topic)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._subscriptions[subscription.topic]

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def hear_news(self, hook: NewsHook) -> None:
        self._news_hooks.append(hook)

    def publish(self, topic: str, version: int | None = None, news: News | None = None) -> None:
        self.deliver(topic, version)

    def deliver(self, topic: str | None, version: int | None, news: str | None = None) -> None:
        """Wake this process's subscribers of ``topic`` (every subscriber for ``None``) and tell the listeners,
        after the news hooks have heard the change's ``news`` from another process."""
        if topic is not None and news:
            for hook in self._news_hooks:
                try:
                    hook(topic, news)
                except Exception:
                    log.exception("a news hook failed")
        with self._lock:
            if topic is None:
                subscribers = [s for group in self._subscriptions.values() for s in group]
            else:
                subscribers = list(self._subscriptions.get(topic, ()))
        for subscription in subscribers:
            subscription.notify(version)
        for listener in self._listeners:
            try:
                listener(topic, version)
            except Exception:
                log.exception("a change listener failed")

    def close(self) -> None:
        pass


class RedisNotifier(LocalNotifier):
    """Local delivery at once, and every change published on one Redis channel for the other processes."""

    def __init__(self, redis) -> None:
        super().__init__()
        self.redis = redis
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._running = True
        threading.Thread(target=self._listen_forever, name="changes-listener", daemon=True).start()

    def publish(self, topic: str, version: int | None = None, news: News | None = None) -> None:
        self.deliver(topic, version)
        told = (news() if news is not None else None) or ""
        try:
            self.redis.publish(CHANNEL, f"{self.origin} {topic} {'' if version is None else version} {told}")
        except RedisError:
            # The other processes catch up when Redis is back (they wake every subscriber then).
            log.warning("could not publish a change of %s: Redis is unreachable", topic)

    def close(self) -> None:
        self._running = False

    def _listen_forever(self) -> None:
        wait = RECONNECT_SECONDS[0]
        while self._running:
            try:
                pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self.deliver(None, None)  # (re)connected: whatever happened meanwhile, everyone catches up
                wait = RECONNECT_SECONDS[0]
                for message in pubsub.listen():
                    if not self._running:
                        break
                    self._received(message["data"])
            except (RedisError, OSError):
                log.warning("listening for changes on Redis failed; listening again in %.1f s", wait)
                time.sleep(wait)  # back-off between reconnection attempts while Redis is away
                wait = min(wait * 2, RECONNECT_SECONDS[1])

    def _received(self, data: bytes | str) -> None:
        text = data.decode() if isinstance(data, bytes) else data
        origin, topic, version, news = (text.split(" ", 3) + ["", "", ""])[:4]
        if origin != self.origin:
            self.deliver(topic, int(version) if version else None, news or None)
