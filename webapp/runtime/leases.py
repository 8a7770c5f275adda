"""Which process drives a room: a lease with an expiry, so exactly one process acts for a room at a time and
another takes over soon after one dies.

:class:`LocalLeases` is for one process (the embedded default: it always holds its rooms); :class:`RedisLeases`
uses ``SET key owner NX PX ttl``, renewed by its holder and released only by it (compare-and-delete scripts).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterable

LEASE_MS = 6000  # a holder that stops renewing loses its rooms after this long

RENEW = """
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    table.insert(held, key)
  end
end
return held
"""
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class LocalLeases:
    owner = "local"

    def acquire(self, code: str) -> bool:
        return True

    def renew(self, codes: Iterable[str]) -> set[str]:
        return set(codes)

    def release(self, code: str) -> None:
        pass


class RedisLeases:
    def __init__(self, redis, ttl_ms: int = LEASE_MS) -> None:
        self.redis = redis
        self.ttl_ms = ttl_ms
        self.owner = f"{os.uname().nodename}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    @staticmethod
    def key(code: str) -> str:
        return f"lease:room:{code}"

    def acquire(self, code: str) -> bool:
        key = self.key(code)
        if self.redis.set(key, self.owner, nx=True, px=self.ttl_ms):
            return True
        return self.redis.get(key) == self.owner.encode()

    def renew(self, codes: Iterable[str]) -> set[str]:
        """Extend the leases still held among ``codes``; the codes held."""
        keys = [self.key(code) for code in codes]
        if not keys:
            return set()
        held = self._renew(keys=keys, args=[self.owner, self.ttl_ms])
        return {key.decode().removeprefix("lease:room:") for key in held}

    def release(self, code: str) -> None:
        self._release(keys=[self.key(code)], args=[self.owner])
