"""Configuration from the environment, with defaults that need no setup (SQLite in the instance folder)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number; got {value!r}") from None


def _choice_env(name: str, choices: tuple[str, ...], default: str) -> str:
    value = os.environ.get(name) or default
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value


def database_url(raw: str | None, instance_path: str) -> str:
    """SQLAlchemy URL: ``DATABASE_URL`` if set (``postgres://`` → psycopg), else a SQLite file in the
    instance folder."""
    if not raw:
        return "sqlite:///" + str(Path(instance_path) / "shuangsheng.sqlite3")
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def from_environment(instance_path: str) -> dict[str, Any]:
    """The settings read from environment variables (README lists them)."""
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY") or _instance_secret(instance_path),
        "DATABASE_URL": database_url(os.environ.get("DATABASE_URL"), instance_path),
        # Pace of the UI: the gap before a bot acts, and between two dealt cards.
        "BOT_DELAY_MS": _int_env("BOT_DELAY_MS", 900),
        "DEAL_DELAY_MS": _int_env("DEAL_DELAY_MS", 120),
        # A player without a live connection this long is replaced by a bot until they return.
        "AWAY_SECONDS": _int_env("AWAY_SECONDS", 60),
        # The distributed setup: Redis for change notification, presence, room leases and the bots' job queue.
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        # Who drives rooms (deal, bots, away takeover) in this process: "thread" (the embedded default, and the
        # worker process type), "off" (web processes of the distributed setup, the default with REDIS_URL),
        # "inline" (tests).
        "DRIVER": _choice_env("DRIVER", ("thread", "off", "inline"), "off" if os.environ.get("REDIS_URL") else "thread"),
        # Bot decisions of the embedded default: this many child processes; of a worker process: this many threads.
        "BOT_PROCESSES": _int_env("BOT_PROCESSES", os.cpu_count() or 2),
        "BOT_THREADS": _int_env("BOT_THREADS", 2),
        # WebSockets: server pings find dead clients (browsers answer them by themselves); a page sends nothing,
        # so an incoming message is small or the client is not a page (it is closed).
        "WS_PING_SECONDS": _int_env("WS_PING_SECONDS", 25),
        "WS_MAX_MESSAGE_BYTES": _int_env("WS_MAX_MESSAGE_BYTES", 4096),
        "WS_MAX_MESSAGES_PER_MINUTE": _int_env("WS_MAX_MESSAGES_PER_MINUTE", 60),
        # An HTTP request (its body included) taking longer than this is cut off.
        "REQUEST_SECONDS": _int_env("REQUEST_SECONDS", 30),
    }


def _instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder, so sessions survive restarts with zero configuration."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
    return path.read_text().strip()
