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
        # Server pings keep WebSockets alive through proxies (browsers answer them by themselves).
        "SOCK_SERVER_OPTIONS": {"ping_interval": 25},
        # Background driver (dealing, bots, away takeover). Tests may run it inline instead.
        "DRIVER_THREAD": os.environ.get("DRIVER_THREAD", "1") != "0",
    }


def _instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder, so sessions survive restarts with zero configuration."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32))
    return path.read_text().strip()
