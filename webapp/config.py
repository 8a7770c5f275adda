"""Configuration from the environment, with defaults that need no setup (SQLite in the instance folder)."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .models import ACTION_ID_LENGTH


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


def public_url(raw: str | None) -> str:
    """``PUBLIC_URL`` as ``scheme://host[:port]`` (blank: every request's own), refused unless it is one."""
    if not raw or not raw.strip():
        return ""
    parts = urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") \
            or parts.query or parts.fragment:
        raise ValueError(f"PUBLIC_URL must be like https://example.org (the app at its root); got {raw!r}")
    return f"{parts.scheme}://{parts.netloc}"


def from_environment(instance_path: str) -> dict[str, Any]:
    """The settings read from environment variables (README lists them)."""
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY") or _instance_secret(instance_path),
        "DATABASE_URL": database_url(os.environ.get("DATABASE_URL"), instance_path),
        # Pace of the UI: the gap before a bot acts, and between two dealt cards.
        "BOT_DELAY_MS": _int_env("BOT_DELAY_MS", 900),
        "DEAL_DELAY_MS": _int_env("DEAL_DELAY_MS", 120),
        # A person's window to show or pass while declaring and overturning (R8): the same for everyone.
        "SHOW_WINDOW_MS": _int_env("SHOW_WINDOW_MS", 6000),
        # A player without a live connection this long is replaced by a bot until they return.
        "AWAY_SECONDS": _int_env("AWAY_SECONDS", 60),
        # The distributed setup: Redis for change notification, presence, room leases and the bots' job queue.
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        # Who drives rooms (deal, bots, away takeover) in this process: "thread" (the embedded default, and the
        # worker process type), "off" (web processes of the distributed setup, the default with REDIS_URL),
        # "inline" (tests).
        "DRIVER": _choice_env("DRIVER", ("thread", "off", "inline"),
                              "off" if os.environ.get("REDIS_URL") else "thread"),
        # Bot decisions of the embedded default: this many child processes; of a worker process: this many threads.
        "BOT_PROCESSES": _int_env("BOT_PROCESSES", os.cpu_count() or 2),
        # After each hand the coach judges each person's plays on the bot workers (0: no coaching).
        "COACH": _int_env("COACH", 1),
        "BOT_THREADS": _int_env("BOT_THREADS", 2),
        # WebSockets: server pings find dead clients (browsers answer them by themselves); a page sends nothing,
        # so an incoming message is small or the client is not a page (it is closed).
        "WS_PING_SECONDS": _int_env("WS_PING_SECONDS", 25),
        "WS_MAX_MESSAGE_BYTES": _int_env("WS_MAX_MESSAGE_BYTES", 4096),
        "WS_MAX_MESSAGES_PER_MINUTE": _int_env("WS_MAX_MESSAGES_PER_MINUTE", 60),
        # An HTTP request (its body included) taking longer than this is cut off.
        "REQUEST_SECONDS": _int_env("REQUEST_SECONDS", 30),
        # Where people reach the app (share links, QR codes, cookies' Secure) and how many proxies in
        # front of it may be believed about the client's address, scheme and host (X-Forwarded-*).
        "PUBLIC_URL": public_url(os.environ.get("PUBLIC_URL")),
        "TRUSTED_PROXY_HOPS": _int_env("TRUSTED_PROXY_HOPS", 0),
        # Limits no real table reaches (issue 11); the load benchmark lifts them.
        "MAX_CONTENT_LENGTH": _int_env("MAX_BODY_BYTES", 1_000_000),
        "MAX_ID_LENGTH": min(_int_env("MAX_ID_LENGTH", 100), ACTION_ID_LENGTH),  # (the action log's column)
        "MAX_TEXT_LENGTH": _int_env("MAX_TEXT_LENGTH", 200),
        "SHEET_MAX_HANDS": _int_env("SHEET_MAX_HANDS", 500),
        "CREATIONS_PER_MINUTE": _int_env("CREATIONS_PER_MINUTE", 10),  # 0: no limit
        # Where the creation limits count: shared by every web process (Redis) in the distributed setup.
        "RATELIMIT_STORAGE_URI": (os.environ.get("RATELIMIT_STORAGE_URI") or os.environ.get("REDIS_URL")
                                  or "memory://"),
    }


def _instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder, so sessions survive restarts with zero configuration.

    Readable by its owner only (0600): whoever reads it can forge every signed value.
    """
    path = Path(instance_path) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        with contextlib.suppress(OSError):  # a key made by an earlier version was world-readable
            path.chmod(0o600)
    else:
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(32))
    return path.read_text().strip()
