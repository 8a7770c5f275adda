"""Each process's rooms as last read: one load of a room version serves every socket and request of that room.

A :class:`LoadedRoom` pairs a room row with its match at exactly that row's actions. The match object is shared
and advanced in place as actions are committed, so it must be read right away (never kept across a wait): take
the views it gives, or load again. Catching up is incremental — the actions after the cached ones are read from
the log and applied — and happens under the room's lock, so two sockets waking together load once.

In the embedded server every change to a room goes through its one process (``sole_writer``): what the cache holds
is what the database holds, so a load reads nothing (a move, a hint and a page each loaded the room). With several
processes, the news of another process's commit (:mod:`.news`) is kept until a reader of that room needs the
version: applied then, in the reader's own thread as any catching up is, it spares reading the row and the log; a
change is checked against the room as last heard of (:meth:`RoomCache.recent`) and read afresh only if its commit
finds that the room moved on, or it is refused (the refusal may come from a room that is behind).
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import engine

from . import log
from .news import HeardChange, heard_change
from .seats import Seat, seats_of
from .settings import TableSettings
from .store import LoggedAction, NewAction, RoomRow, RoomStore


@dataclass(frozen=True, eq=False)
class LoadedRoom:
    row: RoomRow
    match: engine.Match | None

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def version(self) -> int:
        return self.row.version

    @cached_property
    def seats(self) -> tuple[Seat, ...]:
        return seats_of(self.row.seats)

    @cached_property
    def rules(self) -> engine.Rules:
        return engine.Rules.from_dict(self.row.rules)

    @cached_property
    def settings(self) -> TableSettings:
        return TableSettings.from_dict(self.row.settings)


HEARD_KEPT = 16  # changes heard of a room before a reader came (more: the reader loads it from the database)


class RoomCache:
    def __init__(self, store: RoomStore, sole_writer: bool = False) -> None:
        self.store = store
        self.sole_writer = sole_writer
        self._rooms: dict[str, LoadedRoom] = {}
        self._heard: dict[str, list[HeardChange]] = {}
        self._locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)

    def load(self, code: str) -> LoadedRoom:
        """The room as the database holds it now (``NotFound`` for an unknown code)."""
        if self.sole_writer and (cached := self._rooms.get(code)) is not None:
            return cached
        return self._refresh(self.store.row(code))

    def recent(self, code: str, enough: Callable[[LoadedRoom], bool] | None = None) -> LoadedRoom:
        """The room as this process last heard of it (other processes' news applied), without reading the database
        when it holds the room — and ``enough`` (if given) says it will do; else the room as the database holds it.
        For a change, which is committed with a version check, a room that is behind costs a retry on a fresh load
        (:meth:`load`), never a wrong commit."""
        held = None if self.sole_writer else self._advance(code)
        if held is not None and (enough is None or enough(held)):
            return held
        return self.load(code)

    def at_least(self, code: str, version: int) -> LoadedRoom:
        """The cached room if it is at ``version`` or newer, else a fresh load (a socket told of ``version``)."""
        cached = self._rooms.get(code)
        if cached is not None and cached.version >= version:
            return cached
        advanced = self._advance(code)
        if advanced is not None and advanced.version >= version:
            return advanced
        return self.load(code)

    def heard(self, code: str, news: str) -> None:
        """Another process committed a change of ``code`` (its news): kept for the next reader of a room held here."""
        if code not in self._rooms:
            return
        change = heard_change(news)
        with self._locks[code]:
            self._heard.setdefault(code, []).append(change)
            del self._heard[code][:-HEARD_KEPT]

    def _advance(self, code: str) -> LoadedRoom | None:
        """The held room advanced by the changes heard of since, in order (``None``: nothing held)."""
        with self._locks[code]:
            loaded = self._rooms.get(code)
            for change in self._heard.pop(code, ()):
                if loaded is not None and change.after == loaded.version:
                    loaded = LoadedRoom(change.on(loaded.row), log.replay(loaded.match, change.entries))
                    self._rooms[code] = loaded
            return loaded

    def committed(self, before: LoadedRoom, row: RoomRow, actions: list[NewAction]) -> LoadedRoom:
        """``actions`` were committed on top of ``before`` as ``row``: advance the cached match (no reading)."""
        with self._locks[row.code]:
            if not _same_match(self._rooms.get(row.code), before):  # another load came in between: read afresh
                self._rooms.pop(row.code, None)
                return self._refresh(row, locked=True)
            match = self._rebuild(row) if before.match is None else log.replay(before.match, actions)
            loaded = LoadedRoom(row, match)
            self._rooms[row.code] = loaded
            return loaded

    def written(self, code: str, version: int, **columns: Any) -> None:
        """Columns of the room's row at ``version`` were written outside a commit (a due time, a checkpoint)."""
        with self._locks[code]:
            cached = self._rooms.get(code)
            if cached is not None and cached.version == version:
                self._rooms[code] = LoadedRoom(replace(cached.row, **columns), cached.match)

    def forget(self, code: str) -> None:
        with self._locks[code]:
            self._rooms.pop(code, None)
            self._heard.pop(code, None)

    def _refresh(self, row: RoomRow, locked: bool = False) -> LoadedRoom:
        lock = self._locks[row.code]
        if not locked:
            lock.acquire()
        try:
            cached = self._rooms.get(row.code)
            if cached is not None and cached.version > row.version:
                return cached  # this read began before a commit the cache already holds
            if cached is not None and cached.version == row.version:
                # Same match; the row's other columns may have moved (a due time, a checkpoint).
                loaded = LoadedRoom(row, cached.match)
                self._rooms[row.code] = loaded
                return loaded
            if cached is not None and cached.match is not None and cached.row.actions <= row.actions:
                match = log.replay(cached.match, self._log(row, cached.row.actions))
            else:
                match = self._rebuild(row)
            loaded = LoadedRoom(row, match)
            self._rooms[row.code] = loaded
            return loaded
        finally:
            if not locked:
                lock.release()

    def _rebuild(self, row: RoomRow) -> engine.Match | None:
        if row.match_state is None:
            return None
        return log.replay(engine.Match.from_dict(row.match_state), self._log(row, row.base_actions))

    def _log(self, row: RoomRow, after: int) -> list[LoggedAction]:
        return self.store.actions_after(row.code, after, up_to=row.actions) if row.actions > after else []


def _same_match(cached: LoadedRoom | None, before: LoadedRoom) -> bool:
    """``cached`` holds the match ``before`` held, at the same version (only other columns of the row may differ)."""
    return cached is not None and cached.match is before.match and cached.version == before.version
