"""Alembic's environment: migrations run on the connection the app hands over (``webapp.db.upgrade``)."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from webapp import models  # noqa: F401  (registers the tables for autogenerate)

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")  # SQLite alters tables by copying them
with context.begin_transaction():
    context.run_migrations()
