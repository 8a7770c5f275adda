"""What one browser of a room may be shown: a :class:`~webapp.core.room_page.Snapshot` made from the room as
loaded (one load per version serves every socket) and the room's presence. A pure read: nothing is written."""

from __future__ import annotations

import engine
from webapp.core.clock import Clock
from webapp.core.room_page import SeatInfo, Snapshot

from ..runtime.presence import RoomPresence
from ..tokens import token_matches
from .cache import LoadedRoom
from .moves import seat_of


def snapshot(loaded: LoadedRoom, token: str | None, host_token: str | None, present: RoomPresence,
             away_seconds: float, now: float) -> Snapshot:
    seat = seat_of(loaded, token)
    match = loaded.match
    return Snapshot(
        code=loaded.code, version=loaded.version, solo=loaded.row.solo, preset=loaded.row.preset,
        rules=loaded.rules, started=match is not None,
        seats=[_seat_info(loaded, index, present, away_seconds, now) for index in range(4)], my_seat=seat,
        is_host=token_matches(host_token, loaded.row.host_token_hash),
        view=match.view(seat) if match is not None else None,
        legal_showings=match.hand.legal_showings(seat) if match is not None and seat is not None else [],
        turn_key=turn_key(match, seat), clock=Clock(loaded.rules.time_limit_minutes, loaded.row.started_at),
    )


def _seat_info(loaded: LoadedRoom, index: int, present: RoomPresence, away_seconds: float, now: float) -> SeatInfo:
    seat = loaded.seats[index]
    online = seat.human and index in present.online
    away = seat.human and present.away_in(index, away_seconds, now) == 0
    return SeatInfo(index, seat.name, seat.bot, seat.taken, online, away)


def turn_key(match: engine.Match | None, seat: int | None) -> str:
    """The hand, the deal, and how many moves the seat has made in it (its own draws aside)."""
    if match is None or seat is None:
        return ""
    moves = sum(1 for entry in match.hand.log if entry.seat == seat and not isinstance(entry.action, engine.Draw))
    return f"{match.hand_number}.{match.deal_number}.{moves}"
