"""Loading and saving rooms: the match state as JSON with a version column (optimistic locking).

A loaded :class:`Table` keeps the live ``engine.Match``; replaying a match from
its log is not free, so the last saved match of each room is cached by version
and reused while the database still holds that version.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from sqlalchemy import update
from sqlmodel import select

import engine

from . import db
from .errors import Conflict, NotFound
from .models import Room, as_utc, utcnow


@dataclass
class Table:
    room: Room
    match: engine.Match | None


class RoomStore:
    def __init__(self) -> None:
        self._cache: dict[str, tuple[int, engine.Match]] = {}
        self._cache_lock = threading.Lock()

    def create(self, room: Room) -> None:
        with db.session() as session:
            session.add(room)
            session.commit()

    def load(self, code: str) -> Table:
        with db.session() as session:
            room = session.get(Room, code)
        if room is None:
            raise NotFound("no such room")
        room.started_at = as_utc(room.started_at)
        return Table(room, self._match_of(room))

    def _match_of(self, room: Room) -> engine.Match | None:
        if room.match_state is None:
            return None
        with self._cache_lock:
            cached = self._cache.get(room.code)
        if cached is not None and cached[0] == room.version:
            return cached[1]
        return engine.Match.from_dict(room.match_state)

    def save(self, table: Table) -> None:
        """Commit the table as version + 1, unless someone else saved this room first
        (then :class:`Conflict`)."""
        room, match = table.room, table.match
        state = match.to_dict() if match is not None else None
        now = utcnow()
        with db.session() as session:
            result = session.exec(
                update(Room)
                .where(Room.code == room.code, Room.version == room.version)
                .values(version=room.version + 1, match_state=state, seats=room.seats,
                        recent_action_ids=room.recent_action_ids, started_at=room.started_at, updated_at=now)
            )
            if result.rowcount != 1:
                session.rollback()
                self.forget(room.code)
                raise Conflict("the table changed meanwhile; try again")
            session.commit()
        room.version += 1
        room.match_state, room.updated_at = state, now
        with self._cache_lock:
            if match is not None:
                self._cache[room.code] = (room.version, match)

    def forget(self, code: str) -> None:
        """Drop the cached match (after a failed save the live object may hold an uncommitted action)."""
        with self._cache_lock:
            self._cache.pop(code, None)

    def codes_in_play(self) -> list[str]:
        """Rooms with a match under way (the driver resumes them after a restart)."""
        with db.session() as session:
            return list(session.exec(select(Room.code).where(Room.match_state.is_not(None))))
