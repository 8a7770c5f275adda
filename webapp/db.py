"""The database engine for an app: SQLite by default, PostgreSQL when ``DATABASE_URL`` says so.

The schema is Alembic's (``webapp/migrations``): every process brings the database to the newest revision as
it starts; on PostgreSQL an advisory lock makes processes starting together take turns.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from flask import Flask, current_app
from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from . import models  # noqa: F401  (registers the tables)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x5353_0001  # PostgreSQL advisory lock key: one process migrates at a time


def init_db(app: Flask) -> None:
    engine = make_engine(app.config["DATABASE_URL"])
    upgrade(engine)
    app.extensions["db_engine"] = engine


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # pool_pre_ping: after PostgreSQL restarts, a stale pooled connection is replaced instead of failing a request.
    # A gevent process runs thousands of requests and sockets at once, each holding a connection only for its
    # statements; under load that is still dozens at a time (scripts/cluster allows 300 for four processes).
    return create_engine(url, pool_pre_ping=True, pool_size=20, max_overflow=40, pool_timeout=10)


def upgrade(engine: Engine) -> None:
    """Run the migrations up to the newest (idempotent)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _sqlite_pragmas(connection, _record) -> None:
    # WAL lets readers go on while an action commits. With WAL, synchronous=NORMAL keeps every commit through a
    # crash or kill of the server process (only a power cut may lose the last ones).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def db_engine() -> Engine:
    return current_app.extensions["db_engine"]


def session() -> Session:
    return Session(db_engine(), expire_on_commit=False)
