"""The database engine for an app: SQLite by default, PostgreSQL when ``DATABASE_URL`` says so."""

from __future__ import annotations

from flask import Flask, current_app
from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, create_engine

from . import models  # noqa: F401  (registers the tables)


def init_db(app: Flask) -> None:
    url = app.config["DATABASE_URL"]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    SQLModel.metadata.create_all(engine)
    add_missing_columns(engine)
    app.extensions["db_engine"] = engine


def add_missing_columns(engine: Engine) -> None:
    """Give a database made by an earlier version the nullable columns added since (``create_all`` only
    makes missing tables), so an upgrade keeps every room and sheet."""
    existing = inspect(engine)
    with engine.begin() as connection:
        for table in SQLModel.metadata.sorted_tables:
            have = {column["name"] for column in existing.get_columns(table.name)}
            for column in table.columns:
                if column.name not in have and column.nullable:
                    kind = column.type.compile(engine.dialect)
                    connection.execute(text(f'ALTER TABLE "{table.name}" ADD COLUMN "{column.name}" {kind}'))


def _sqlite_pragmas(connection, _record) -> None:
    # WAL lets the WebSocket threads read while an action commits. With WAL, synchronous=NORMAL keeps every
    # commit through a crash or kill of the server process (only a power cut may lose the last ones).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def db_engine() -> Engine:
    return current_app.extensions["db_engine"]


def session() -> Session:
    return Session(db_engine(), expire_on_commit=False)
