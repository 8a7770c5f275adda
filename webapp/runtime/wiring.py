"""Which implementation of each runtime part an app uses, from its configuration.

Without ``REDIS_URL`` (the embedded default): an in-process notifier, presence and quick phrases, local leases,
and bot decisions in a local pool of child processes; the driver runs in the web process. With ``REDIS_URL``:
Redis pub/sub, presence, phrases and leases, and decisions on the Dramatiq queue; only processes started with ``DRIVER=thread``
(the ``worker`` process type) drive rooms. ``DRIVER=inline`` (tests) drives each room to its next wait inside
the request that changed it, deciding in the same process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .decisions import InlineDecider
from .leases import LocalLeases, RedisLeases
from .notify import LocalNotifier, RedisNotifier
from .phrases import LocalPhrases, RedisPhrases
from .pool import LocalPool
from .presence import LocalPresence, RedisPresence


@dataclass
class Runtime:
    notifier: Any
    presence: Any
    leases: Any
    decider: Any
    phrases: Any
    redis: Any = None

    def close(self) -> None:
        for part in (self.notifier, self.decider):
            part.close()


def build_runtime(config: dict[str, Any]) -> Runtime:
    url = config.get("REDIS_URL")
    inline = config["DRIVER"] == "inline"
    if not url:
        decider = InlineDecider() if inline else LocalPool(config["BOT_PROCESSES"])
        return Runtime(LocalNotifier(), LocalPresence(), LocalLeases(), decider, LocalPhrases())
    import redis

    from .queue import BotQueue, QueueDecider

    client = redis.Redis.from_url(url, health_check_interval=10)
    decider = InlineDecider() if inline else QueueDecider(BotQueue(url), url)
    return Runtime(RedisNotifier(client), RedisPresence(client), RedisLeases(client), decider, RedisPhrases(client),
                   client)
