"""The one way a room changes: read it (as last heard of: :meth:`~.cache.RoomCache.recent`), let the change check
itself against what was read, commit it with a version check (retrying on a fresh read when another process
committed first, or when the change was refused by a room that may be behind), then announce it.

Announcing comes only after the commit; subscribers then load the new version (each process once). R9.5: once a
timed match's time is up, the hand in play is finished and the match then ends: a commit that finishes a hand
after the time is up also ends the match.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from flask_babel import lazy_gettext as _l

from webapp.core.clock import Clock

from ..errors import Conflict, RoomError
from . import log
from .cache import LoadedRoom, RoomCache
from .news import change_news
from .store import NewAction, RoomStore

ATTEMPTS = 8  # commits lost to concurrent ones before the request gives up


@dataclass(frozen=True)
class Change:
    """What a request commits: log entries (actions) and new values of room columns."""

    entries: tuple[NewAction, ...] = ()
    columns: dict[str, Any] = field(default_factory=dict)


# Looks at the room as read and returns the change to commit, or None when there is nothing to do; raises a
# RoomError when the request is refused (then nothing changes).
Attempt = Callable[[LoadedRoom], "Change | None"]


class Committer:
    def __init__(self, store: RoomStore, cache: RoomCache, notifier, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.cache = cache
        self.notifier = notifier
        self.clock = clock

    def change(self, code: str, attempt: Attempt) -> LoadedRoom | None:
        """Commit what ``attempt`` asks for on the newest version of the room; ``None``: nothing to do.

        A change that came too late (the room moved on, or its action id was logged meanwhile) is asked for again
        on the room read afresh, where ``attempt`` sees what happened.
        """
        fresh = self.cache.sole_writer  # the embedded server's cache is what the database holds
        for _ in range(ATTEMPTS):
            loaded = self.cache.load(code) if fresh else self.cache.recent(code)
            try:
                wanted = attempt(loaded)
            except RoomError:
                if fresh:
                    raise
                fresh = True  # refused, perhaps by a room that is behind: ask the database
                continue
            if wanted is None:
                if fresh:
                    return None
                fresh = True  # nothing to do, perhaps because the room is behind
                continue
            try:
                return self.commit(loaded, wanted)
            except Conflict:
                fresh = True
        raise Conflict(_l("the table is changing very fast; try again"))

    def commit(self, loaded: LoadedRoom, change: Change) -> LoadedRoom:
        """Commit ``change`` on top of exactly ``loaded`` (:class:`Conflict` if the room moved on)."""
        now = self.clock()
        # Due "now": if no driver hears of this change (all were down), a sweeper picks the room up (see
        # webapp.runtime.driver); a driver that looks at it writes when it is next due.
        columns = {"due_at": now, **change.columns}
        entries = list(change.entries)
        try:
            row = self.store.commit(loaded.row, entries, columns, now)
        except Exception:
            self.cache.forget(loaded.code)
            raise
        fresh = self.cache.committed(loaded, row, entries)
        if any(entry.kind == log.NEXT_HAND for entry in entries) and fresh.match is not None:
            # A new hand: replays start from here from now on (loading a room replays at most one hand).
            state = fresh.match.to_dict()
            self.store.checkpoint(fresh.code, state, row.actions)
            self.cache.written(fresh.code, row.version, match_state=state, base_actions=row.actions)
        self.notifier.publish(fresh.code, row.version, lambda: change_news(loaded.row, row, entries, columns))
        return self._end_if_time_is_up(fresh)

    def _end_if_time_is_up(self, loaded: LoadedRoom) -> LoadedRoom:
        if not time_is_up(loaded):
            return loaded
        try:
            return self.commit(loaded, Change((log.end_on_time(loaded.match),)))
        except Conflict:
            return loaded  # whoever moved the room on has ended the match (or will: the check runs every commit)


def time_is_up(loaded: LoadedRoom) -> bool:
    """R9.5: a timed match whose hand in play is over and whose time has run out ends now."""
    match = loaded.match
    if match is None or match.winner is not None or not match.hand_over:
        return False
    return Clock(loaded.rules.time_limit_minutes, loaded.row.started_at).is_up(datetime.now(UTC))
