"""The room's log of accepted actions applied to a match: an engine action of a seat, the next hand, or the end
of a timed match (R9.5). Replaying the log from the checkpoint rebuilds the match exactly (the engine is
deterministic from its seed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import engine

from .store import LoggedAction, NewAction

ACT, NEXT_HAND, END_ON_TIME = "act", "next_hand", "end_on_time"


def act(match: engine.Match, seat: int, action: engine.actions.Action, action_id: str | None = None) -> NewAction:
    return NewAction(ACT, match.hand_number, seat, engine.encode(action), action_id)


def next_hand(match: engine.Match, seat: int | None, action_id: str | None = None) -> NewAction:
    return NewAction(NEXT_HAND, match.hand_number, seat, None, action_id)


def end_on_time(match: engine.Match) -> NewAction:
    return NewAction(END_ON_TIME, match.hand_number)


_APPLY: dict[str, Callable[[engine.Match, NewAction | LoggedAction], object]] = {
    ACT: lambda match, entry: match.apply(entry.seat, engine.decode(entry.action)),
    NEXT_HAND: lambda match, entry: match.next_hand(),
    END_ON_TIME: lambda match, entry: match.end_on_time(),
}


def replay(match: engine.Match, entries: Iterable[NewAction | LoggedAction]) -> engine.Match:
    """Apply logged actions to ``match`` in order (each was checked when it was accepted; the engine checks again)."""
    for entry in entries:
        _APPLY[entry.kind](match, entry)
    return match
