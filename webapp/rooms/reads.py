"""What one browser of a room may be shown: a :class:`~webapp.core.room_page.Snapshot` made from the room as
loaded (one load per version serves every socket) and the room's presence. A pure read: nothing is written."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.coach import Moment
from webapp.core.autoplay import Pace
from webapp.core.clock import Clock
from webapp.core.phrases import Said
from webapp.core.room_page import SeatInfo, Snapshot

from ..runtime.presence import RoomPresence
from ..tokens import token_matches
from .action_ids import turn_key
from .automatic import ready_deadline, turn_deadline
from .cache import LoadedRoom
from .moves import seat_of


def snapshot(loaded: LoadedRoom, token: str | None, host_token: str | None, present: RoomPresence,
             pace: Pace, now: float, said: tuple[Said, ...] = (), moments: Sequence[dict[str, Any]] = (),
             phrases: bool = False) -> Snapshot:
    """What the browser holding ``token`` is shown: its seat's view, the table's settings, the phrases ``said``
    lately, and the coach's ``moments`` of its own seat."""
    seat = seat_of(loaded, token)
    match = loaded.match
    turn, ready = turn_deadline(loaded, pace), ready_deadline(loaded)
    away_seconds = pace.away_seconds
    return Snapshot(
        code=loaded.code, version=loaded.version, solo=loaded.row.solo, preset=loaded.row.preset,
        rules=loaded.rules, started=match is not None,
        seats=[_seat_info(loaded, index, present, away_seconds, now) for index in range(4)], my_seat=seat,
        is_host=token_matches(host_token, loaded.row.host_token_hash),
        view=match.view(seat) if match is not None else None,
        legal_showings=match.hand.legal_showings(seat) if match is not None and seat is not None else [],
        turn_key=turn_key(match, seat), clock=Clock(loaded.rules.time_limit_minutes, loaded.row.started_at),
        turn_left=None if turn is None else max(turn - now, 0.0),
        next_hand_left=None if ready is None else max(ready - now, 0.0),
        card_counter=loaded.settings.card_counter, phrases=phrases and seat is not None, said=said,
        moments=tuple(Moment.from_dict(moment) for moment in moments), result_in_browser=loaded.row.solo,
    )


def _seat_info(loaded: LoadedRoom, index: int, present: RoomPresence, away_seconds: float, now: float) -> SeatInfo:
    seat = loaded.seats[index]
    online = seat.human and index in present.online
    away = seat.human and present.away_in(index, away_seconds, now) == 0
    offline_for = present.away_for(index, now) if seat.human else None
    return SeatInfo(index, seat.name, seat.bot, seat.taken, online, away, seat.autoplay, seat.ready, offline_for)
