"""Configuration from the environment, with defaults that need no setup (SQLite in the instance folder)."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number; got {value!r}") from None


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
        # A player without a live connection this long is replaced by a bot until they return.
        "AWAY_SECONDS": _int_env("AWAY_SECONDS", 60),
        # Server pings keep WebSockets alive through proxies (browsers answer them by themselves).
        "SOCK_SERVER_OPTIONS": {"ping_interval": 25},
        # Background driver (dealing, bots, away takeover). Tests may run it inline instead.
        "DRIVER_THREAD": os.environ.get("DRIVER_THREAD", "1") != "0",
        # Where people reach the app (share links, QR codes, cookies' Secure) and how many proxies in
        # front of it may be believed about the client's address, scheme and host (X-Forwarded-*).
        "PUBLIC_URL": public_url(os.environ.get("PUBLIC_URL")),
        "TRUSTED_PROXY_HOPS": _int_env("TRUSTED_PROXY_HOPS", 0),
        # Limits no real table reaches (issue 11); the load benchmark lifts them.
        "MAX_CONTENT_LENGTH": _int_env("MAX_BODY_BYTES", 1_000_000),
        "MAX_ID_LENGTH": _int_env("MAX_ID_LENGTH", 100),
        "MAX_TEXT_LENGTH": _int_env("MAX_TEXT_LENGTH", 200),
        "SHEET_MAX_HANDS": _int_env("SHEET_MAX_HANDS", 500),
        "CREATIONS_PER_MINUTE": _int_env("CREATIONS_PER_MINUTE", 10),  # 0: no limit
        "RATELIMIT_STORAGE_URI": os.environ.get("RATELIMIT_STORAGE_URI") or "memory://",
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
