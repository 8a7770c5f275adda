"""What a finished hand leaves behind besides the log (issue 14): each seat's result, which the statistics of the
browser that sat there are made of, and the coach's moments of each person, shown to that seat alone.

Both are written once per hand and seat (a repeat is ignored), by whoever finishes the hand's after-work
(:mod:`.after_hand`). The moments a page shows are read once per room version and kept: the coach announces
them as a change of the room, so a page reads them again exactly when there is something new.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from ..models import CoachNote, SeatHand

NOTE = CoachNote.__table__
RESULT = SeatHand.__table__
KEPT_ROOMS = 256  # rooms whose moments each process keeps
INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}  # each with ON CONFLICT DO NOTHING


@dataclass(frozen=True)
class SeatResult:
    """One seat's hand: the room, the hand's number, the seat, and the hand's ``HandResult.to_dict()``."""

    code: str
    hand_number: int
    seat: int
    result: dict[str, Any]


class HandRecords:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._moments: dict[tuple[str, int], tuple[int, dict[int, list[dict[str, Any]]]]] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ results (statistics)

    def keep_results(self, rows: list[tuple[SeatResult, str | None]], now: float) -> None:
        """Keep each seat's result with the hash of the player who sat there (a result kept already stays)."""
        self._insert_once(RESULT, [{"code": row.code, "hand_number": row.hand_number, "seat": row.seat,
                                    "player_hash": player_hash, "result": row.result, "created_at": now}
                                   for row, player_hash in rows])

    def results_of(self, player_hash: str) -> list[SeatResult]:
        """Every hand the player played at a room's table, in the order they were finished."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(RESULT.c.code, RESULT.c.hand_number, RESULT.c.seat, RESULT.c.result)
                .where(RESULT.c.player_hash == player_hash).order_by(RESULT.c.created_at, RESULT.c.hand_number))
            return [SeatResult(*row) for row in found]

    # ------------------------------------------------------------------ the coach's moments

    def keep_moments(self, code: str, hand_number: int, seat: int, moments: list[dict[str, Any]]) -> None:
        self._insert_once(NOTE, [{"code": code, "hand_number": hand_number, "seat": seat, "moments": moments}])

    def moments(self, code: str, hand_number: int, version: int) -> dict[int, list[dict[str, Any]]]:
        """The moments of each seat in a hand, as of the room's ``version`` (read once per version)."""
        with self._lock:
            kept = self._moments.get((code, hand_number))
        if kept is not None and kept[0] == version:
            return kept[1]
        with self.engine.connect() as connection:
            found = {seat: moments for seat, moments in connection.execute(
                select(NOTE.c.seat, NOTE.c.moments).where(NOTE.c.code == code, NOTE.c.hand_number == hand_number))}
        with self._lock:
            if len(self._moments) >= KEPT_ROOMS:
                self._moments.clear()
            self._moments[(code, hand_number)] = (version, found)
        return found

    def _insert_once(self, table: Any, rows: list[dict[str, Any]]) -> None:
        """Insert the rows not kept yet: another process, or an earlier look at the same hand, may have kept
        some (ON CONFLICT DO NOTHING: a repeat is no error, nor a line in the database's log)."""
        if rows:
            with self.engine.begin() as connection:
                connection.execute(INSERT[self.engine.dialect.name](table).values(rows).on_conflict_do_nothing())
