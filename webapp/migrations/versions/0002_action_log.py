"""Rooms keep an append-only log of accepted actions, a checkpoint of the match, and durable due times.

A room's existing ``match_state`` becomes its checkpoint (no actions after it yet). Rooms with a match in play
are due at once, so a driver picks them up. Client action ids move from a list in the room row to a unique
column of the log.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("room") as room:
        room.add_column(sa.Column("base_actions", sa.Integer, nullable=False, server_default="0"))
        room.add_column(sa.Column("actions", sa.Integer, nullable=False, server_default="0"))
        room.add_column(sa.Column("changed_at", sa.Float, nullable=False, server_default="0"))
        room.add_column(sa.Column("due_at", sa.Float, nullable=True))
        room.drop_column("recent_action_ids")
        room.create_index("ix_room_due_at", ["due_at"])
    op.execute("UPDATE room SET due_at = 0 WHERE match_state IS NOT NULL")
    op.create_table(
        "room_action",
        sa.Column("code", sa.String(32), sa.ForeignKey("room.code"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("hand_number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("action", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("action_id", sa.String(200), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("code", "action_id", name="uq_room_action_id"),
    )
    op.create_index("ix_room_action_hand", "room_action", ["code", "hand_number"])


def downgrade() -> None:
    op.drop_index("ix_room_action_hand", "room_action")
    op.drop_table("room_action")
    with op.batch_alter_table("room") as room:
        room.drop_index("ix_room_due_at")
        room.add_column(sa.Column("recent_action_ids", sa.JSON, nullable=False, server_default="[]"))
        for name in ("due_at", "changed_at", "actions", "base_actions"):
            room.drop_column(name)
