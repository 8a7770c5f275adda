"""The schema before Alembic: rooms (the whole match as JSON) and scoresheets.

Databases made by earlier versions of the app (``create_all`` plus columns added at start) are adopted as they
are: a table that exists is kept, and a nullable column it lacks is added.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TABLES = {
    "room": [
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("solo", sa.Boolean, nullable=False),
        sa.Column("preset", sa.String, nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("bot_level", sa.String, nullable=False),
        sa.Column("host_token_hash", sa.String, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("match_state", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("recent_action_ids", sa.JSON, nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ],
    "scoresheet": [
        sa.Column("code", sa.String(32), primary_key=True),
        sa.Column("client_id", sa.String(100), nullable=True, unique=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("preset", sa.String, nullable=False),
        sa.Column("sheet", sa.JSON, nullable=False),
        sa.Column("edit_token_hash", sa.String, nullable=False),
        sa.Column("clock_started_at", sa.DateTime, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ],
}


def upgrade() -> None:
    existing = sa.inspect(op.get_bind())
    for name, columns in TABLES.items():
        if not existing.has_table(name):
            op.create_table(name, *columns)
            continue
        have = {column["name"] for column in existing.get_columns(name)}
        for column in columns:
            if column.name not in have and column.nullable:
                op.add_column(name, column.copy())


def downgrade() -> None:
    for name in TABLES:
        op.drop_table(name)
