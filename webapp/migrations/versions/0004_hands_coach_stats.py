"""Every hand's starting state (its review replays from it), the coach's moments of each seat, and each seat's
result of each hand (the statistics of room seats).

A room's current checkpoint becomes the start of its current hand; hands finished before it are not kept.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    room_hand = op.create_table(
        "room_hand",
        sa.Column("code", sa.String(32), sa.ForeignKey("room.code"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("base_actions", sa.Integer, nullable=False),
    )
    op.create_table(
        "coach_note",
        sa.Column("code", sa.String(32), sa.ForeignKey("room.code"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("moments", sa.JSON, nullable=False),
    )
    op.create_table(
        "seat_hand",
        sa.Column("code", sa.String(32), sa.ForeignKey("room.code"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("player_hash", sa.String(64), nullable=True),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_seat_hand_player_hash", "seat_hand", ["player_hash"])
    room = sa.table("room", sa.column("code", sa.String), sa.column("match_state", sa.JSON),
                    sa.column("base_actions", sa.Integer))
    connection = op.get_bind()
    starts = [{"code": code, "hand_number": state["hand_number"], "state": state, "base_actions": base}
              for code, state, base in connection.execute(
                  sa.select(room.c.code, room.c.match_state, room.c.base_actions)
                  .where(room.c.match_state.is_not(None)))
              if isinstance(state, dict) and "hand_number" in state]
    if starts:
        op.bulk_insert(room_hand, starts)


def downgrade() -> None:
    op.drop_index("ix_seat_hand_player_hash", "seat_hand")
    for name in ("seat_hand", "coach_note", "room_hand"):
        op.drop_table(name)
