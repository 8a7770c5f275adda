"""Database tables (SQLModel): rooms and scoresheets, each with a version for optimistic locking."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without their zone; every stored time is UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


class Room(SQLModel, table=True):
    """One table of four. ``match_state`` is ``engine.Match.to_dict()``; ``version`` grows by one per
    commit."""

    code: str = Field(primary_key=True, max_length=32)
    version: int = 0
    solo: bool = False
    preset: str = "classic"
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    bot_level: str = "normal"
    host_token_hash: str = ""
    # Four entries: {"name": str, "token_hash": str | None, "bot": str | None} (empty seat: all None).
    seats: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    match_state: dict[str, Any] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True), nullable=True))
    # Client action ids already applied (most recent last): a repeated request is a no-op.
    recent_action_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    started_at: datetime | None = None  # when the match started: the clock of a timed match (R9.5)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


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
