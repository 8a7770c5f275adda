"""Rooms in the database: the room row (seats, checkpoint, version) and the append-only log of accepted actions.

Every change is one transaction that raises the room's version by one, and only if nobody changed the room since it
was read (``Conflict`` otherwise: the caller reads again and retries). A person's action carries the client's
action id, unique per room in the log: a request repeating one is refused by the database like a change that came
too late (``Conflict``), and the caller, reading again, finds the id logged (:meth:`RoomStore.action_with_id`).
Core statements, not the ORM: this is the hot path of every move.

Each hand's starting state is kept too (``room_hand``: the match as it stood when the hand began, and how many
actions of the log came before), written with the checkpoint: a finished hand is replayed from its own start
(:mod:`.hands`), however long the match has gone on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..errors import Conflict, NotFound
from ..models import Room, RoomAction, RoomHand, as_utc, utcnow

ROOM = Room.__table__
ACTION = RoomAction.__table__
HAND = RoomHand.__table__
ROW_COLUMNS = ("code", "version", "solo", "preset", "rules", "bot_level", "host_token_hash", "seats",
               "match_state", "base_actions", "actions", "started_at", "changed_at", "due_at", "acted_at",
               "settings")


@dataclass(frozen=True)
class RoomRow:
    """A room as read at one version (never changed in place: a commit returns the next one)."""

    code: str
    version: int
    solo: bool
    preset: str
    rules: dict[str, Any]
    bot_level: str
    host_token_hash: str
    seats: list[dict[str, Any]]
    match_state: dict[str, Any] | None
    base_actions: int
    actions: int
    started_at: datetime | None
    changed_at: float
    due_at: float | None
    acted_at: float
    settings: dict[str, Any]

    def next(self, changes: dict[str, Any], added: int) -> RoomRow:
        values = {name: getattr(self, name) for name in ROW_COLUMNS}
        return RoomRow(**{**values, **changes, "version": self.version + 1, "actions": self.actions + added})


@dataclass(frozen=True)
class NewAction:
    kind: str  # "act", "next_hand" or "end_on_time"
    hand_number: int
    seat: int | None = None
    action: dict[str, Any] | None = None  # engine.encode(action) for "act"
    action_id: str | None = None


@dataclass(frozen=True)
class HandStart:
    """The match as it stood when a hand began (``Match.to_dict()``), after ``base_actions`` logged actions."""

    hand_number: int
    state: dict[str, Any]
    base_actions: int


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    kind: str
    hand_number: int
    seat: int | None
    action: dict[str, Any] | None
    action_id: str | None
    created_at: float = field(default=0.0)


class RoomStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # The hot statements are built once, with bound parameters (building one costs more than running it).
        self._read_row = select(*(ROOM.c[name] for name in ROW_COLUMNS)).where(ROOM.c.code == bindparam("p_code"))
        self._insert_actions = insert(ACTION)
        self._updates: dict[frozenset[str], Any] = {}
        self._with_id = select(ACTION.c.seat, ACTION.c.action).where(ACTION.c.code == bindparam("p_code"),
                                                                     ACTION.c.action_id == bindparam("p_id"))

    def _update(self, columns: frozenset[str]) -> Any:
        """``UPDATE room SET <columns> WHERE code = :p_code AND version = :p_version`` (one per set of columns)."""
        statement = self._updates.get(columns)
        if statement is None:
            statement = self._updates[columns] = (
                update(ROOM).where(ROOM.c.code == bindparam("p_code"), ROOM.c.version == bindparam("p_version"))
                .values({name: bindparam(name) for name in sorted(columns)}))
        return statement

    def insert(self, room: Room) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(ROOM).values(**{c.name: getattr(room, c.name) for c in ROOM.columns}))
            if room.match_state is not None:
                _keep_start(connection, room.code, room.match_state, room.base_actions)

    def row(self, code: str) -> RoomRow:
        with self.engine.connect() as connection:
            found = connection.execute(self._read_row, {"p_code": code}).first()
        if found is None:
            raise NotFound("no such room")
        values = dict(zip(ROW_COLUMNS, found, strict=True))
        return RoomRow(**{**values, "started_at": as_utc(values["started_at"])})

    def actions_after(self, code: str, seq: int, up_to: int | None = None) -> list[LoggedAction]:
        query = select(ACTION.c.seq, ACTION.c.kind, ACTION.c.hand_number, ACTION.c.seat, ACTION.c.action,
                       ACTION.c.action_id, ACTION.c.created_at).where(ACTION.c.code == code, ACTION.c.seq > seq)
        if up_to is not None:
            query = query.where(ACTION.c.seq <= up_to)
        with self.engine.connect() as connection:
            return [LoggedAction(*found) for found in connection.execute(query.order_by(ACTION.c.seq))]

    def commit(self, row: RoomRow, actions: list[NewAction], changes: dict[str, Any], now: float) -> RoomRow:
        """Append ``actions`` and write ``changes`` as the next version; the room as it now stands."""
        changes = {**changes, "changed_at": now, **({"acted_at": now} if actions else {})}
        fresh = row.next(changes, len(actions))
        values = {**changes, "version": fresh.version, "actions": fresh.actions, "updated_at": utcnow()}
        with self.engine.connect() as connection:
            transaction = connection.begin()
            try:
                done = connection.execute(self._update(frozenset(values)),
                                          {**values, "p_code": row.code, "p_version": row.version})
                if done.rowcount != 1:
                    raise Conflict("the table changed meanwhile; try again")
                if changes.get("match_state") is not None:  # a match starts
                    _keep_start(connection, row.code, changes["match_state"], changes.get("base_actions", 0))
                if actions:
                    connection.execute(self._insert_actions, [
                        {"code": row.code, "seq": row.actions + i, "kind": a.kind, "hand_number": a.hand_number,
                         "seat": a.seat, "action": a.action, "action_id": a.action_id, "created_at": now}
                        for i, a in enumerate(actions, start=1)])
                transaction.commit()
            except IntegrityError:
                # An action id already logged (a repeat that raced its first): what it means, a double tap or
                # another move, is decided on the room read again, as for any change that came too late.
                transaction.rollback()
                raise Conflict("the table changed meanwhile; try again") from None
            except BaseException:
                transaction.rollback()
                raise
        return fresh

    def action_with_id(self, code: str, action_id: str) -> tuple[int | None, dict[str, Any] | None] | None:
        """The seat and the action (``engine.encode``) logged with this id, if one was."""
        with self.engine.connect() as connection:
            found = connection.execute(self._with_id, {"p_code": code, "p_id": action_id}).first()
        return None if found is None else (found.seat, found.action)

    def checkpoint(self, code: str, state: dict[str, Any], base_actions: int) -> None:
        """Keep ``state`` (the match after ``base_actions`` actions) as the point replays start from.

        Not a new version: the match is the same, only cheaper to load. A checkpoint only moves forward. It is
        taken as a hand begins, and kept as that hand's start.
        """
        with self.engine.begin() as connection:
            connection.execute(update(ROOM).where(ROOM.c.code == code, ROOM.c.base_actions < base_actions)
                               .values(match_state=state, base_actions=base_actions))
            if connection.execute(select(HAND.c.hand_number).where(
                    HAND.c.code == code, HAND.c.hand_number == state["hand_number"])).first() is None:
                _keep_start(connection, code, state, base_actions)

    def hand_start(self, code: str, hand_number: int) -> HandStart | None:
        """The latest start kept at or before hand ``hand_number`` (replaying on from it reaches that hand)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(HAND.c.hand_number, HAND.c.state, HAND.c.base_actions)
                .where(HAND.c.code == code, HAND.c.hand_number <= hand_number)
                .order_by(HAND.c.hand_number.desc()).limit(1)).first()
        return None if found is None else HandStart(*found)

    def hand_actions(self, code: str, after: int, last_hand: int) -> list[LoggedAction]:
        """The logged actions after ``after`` of the hands up to ``last_hand``, in order."""
        query = select(ACTION.c.seq, ACTION.c.kind, ACTION.c.hand_number, ACTION.c.seat, ACTION.c.action,
                       ACTION.c.action_id, ACTION.c.created_at).where(
            ACTION.c.code == code, ACTION.c.seq > after, ACTION.c.hand_number <= last_hand)
        with self.engine.connect() as connection:
            return [LoggedAction(*found) for found in connection.execute(query.order_by(ACTION.c.seq))]

    def set_due(self, code: str, version: int, due_at: float | None) -> None:
        """When the automatic part of the game next needs a look, as planned at ``version`` (not a new version:
        nothing changed). A commit that came in meanwhile left the room due now, and that stands."""
        with self.engine.begin() as connection:
            connection.execute(update(ROOM).where(ROOM.c.code == code, ROOM.c.version == version)
                               .values(due_at=due_at))

    def overdue(self, before: float, limit: int) -> list[str]:
        """Rooms whose automatic part should have been looked at before ``before``, most overdue first."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(ROOM.c.code).where(ROOM.c.due_at.is_not(None), ROOM.c.due_at < before)
                .order_by(ROOM.c.due_at).limit(limit)).scalars())


def _keep_start(connection, code: str, state: dict[str, Any], base_actions: int) -> None:
    connection.execute(insert(HAND).values(code=code, hand_number=state["hand_number"], state=state,
                                           base_actions=base_actions))
