"""Database tables (SQLModel): rooms with their log of accepted actions, and scoresheets.

The schema is made and changed by the Alembic migrations in ``webapp/migrations`` (SQLite and PostgreSQL).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their zone; every stored time is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


ACTION_ID_LENGTH = 200  # the longest client action id the log holds (MAX_ID_LENGTH may not exceed it)


class Room(SQLModel, table=True):
    """One table of four; ``version`` grows by one per commit.

    The match is ``match_state`` (``engine.Match.to_dict()`` taken after ``base_actions`` accepted actions, a
    checkpoint rewritten once per hand) followed by the ``room_action`` rows after it, up to ``actions``: a move
    appends one row instead of rewriting the match.
    """

    code: str = Field(primary_key=True, max_length=32)
    version: int = 0
    solo: bool = False
    preset: str = "classic"
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    bot_level: str = "normal"
    host_token_hash: str = ""
    # Four entries: webapp.rooms.seats.Seat.to_dict() (an empty seat: all None).
    seats: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    match_state: dict[str, Any] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True), nullable=True))
    base_actions: int = 0
    actions: int = 0
    started_at: datetime | None = None  # when the match started: the clock of a timed match (R9.5)
    # Seconds since the epoch: the last commit (the table's pace counts from it), and when the automatic part of
    # the game next needs a look (None: it waits for a connected person). Any driver process may pick up a room
    # whose due time has passed (see webapp.runtime.driver).
    changed_at: float = 0.0
    due_at: float | None = Field(default=None, index=True)
    # The time of the last accepted action: a person's turn clock and the hand-end countdown count from it.
    acted_at: float = 0.0
    # webapp.rooms.settings.TableSettings.to_dict(): how the table is run (turn clock, deal speed, …).
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class RoomAction(SQLModel, table=True):
    """One accepted action of a room, in order (``seq`` from 1): the append-only log the match is replayed from.

    ``kind`` is ``act`` (an engine action of ``seat``, ``engine.encode``), ``next_hand`` or ``end_on_time``.
    ``action_id`` is the client's id of a person's action: unique per room, so a repeated request is refused by
    the database itself and no action is ever applied twice.
    """

    __tablename__ = "room_action"
    __table_args__ = (UniqueConstraint("code", "action_id", name="uq_room_action_id"),)

    code: str = Field(primary_key=True, max_length=32, foreign_key="room.code")
    seq: int = Field(primary_key=True)
    hand_number: int
    seat: int | None = None
    kind: str = Field(max_length=16)
    action: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON(none_as_null=True), nullable=True))
    action_id: str | None = Field(default=None, max_length=ACTION_ID_LENGTH)
    created_at: float = 0.0


Index("ix_room_action_hand", RoomAction.code, RoomAction.hand_number)


class RoomHand(SQLModel, table=True):
    """Where each hand of a room began: ``state`` is ``engine.Match.to_dict()`` at the hand's start, after
    ``base_actions`` actions of the log. A finished hand's review replays it from here (issue 14)."""

    __tablename__ = "room_hand"

    code: str = Field(primary_key=True, max_length=32, foreign_key="room.code")
    hand_number: int = Field(primary_key=True)
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    base_actions: int


class CoachNote(SQLModel, table=True):
    """The coach's moments of one seat in one finished hand (``engine.coach.Moment.to_dict()`` each), shown to
    that seat alone."""

    __tablename__ = "coach_note"

    code: str = Field(primary_key=True, max_length=32, foreign_key="room.code")
    hand_number: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    moments: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))


class SeatHand(SQLModel, table=True):
    """One seat's result of one finished hand (``engine.HandResult.to_dict()``): the statistics of the browser
    whose player cookie hashes to ``player_hash`` (issue 14)."""

    __tablename__ = "seat_hand"

    code: str = Field(primary_key=True, max_length=32, foreign_key="room.code")
    hand_number: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    player_hash: str | None = Field(default=None, max_length=64, index=True)
    result: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: float = 0.0


class ScoresheetRecord(SQLModel, table=True):
    """A scorekeeper's sheet for a table playing with real cards (issue 5).

    ``sheet`` is ``engine.Scoresheet.to_dict()``; ``version`` grows by one per commit. ``code`` is the
    unguessable share code of the read-only link; only the holder of the edit token (its hash here) may
    change the sheet. ``client_id`` is the id an offline phone gave the sheet (issue 6), so an upload
    repeated after a lost answer finds the sheet it already created.
    """

    __tablename__ = "scoresheet"

    code: str = Field(primary_key=True, max_length=32)
    client_id: str | None = Field(default=None, unique=True, max_length=100)
    version: int = 0
    preset: str = "classic"
    sheet: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    edit_token_hash: str
    clock_started_at: datetime | None = None  # R9.5: when a timed match's clock was started
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
