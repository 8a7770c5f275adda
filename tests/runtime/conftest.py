"""A real Redis for the distributed runtime's parts (started on a free port, stopped at the end)."""

from __future__ import annotations

import pytest
import redis

from ..servers import RedisServer


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    return client
