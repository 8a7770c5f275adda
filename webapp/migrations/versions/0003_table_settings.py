"""A table's own settings (turn clock, hand-end countdown, deal speed, card counter, phrases) and the time of its
last accepted action (the turn clock and the countdowns count from it).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("room") as room:
        room.add_column(sa.Column("settings", sa.JSON, nullable=False, server_default="{}"))
        room.add_column(sa.Column("acted_at", sa.Float, nullable=False, server_default="0"))
    op.execute("UPDATE room SET acted_at = changed_at")


def downgrade() -> None:
    with op.batch_alter_table("room") as room:
        room.drop_column("acted_at")
        room.drop_column("settings")
