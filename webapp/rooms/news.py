"""A committed change of a room as the other processes hear of it (with ``REDIS_URL``): the row as committed and
the log entries the commit added, so a process holding the version before it advances its cached match instead of
reading the row and the log back from the database (a web process did that for every change it had not made).

The match's checkpoint is not carried (it only makes a fresh load cheaper); a change that starts a match is only
announced, and whoever needs that room reads it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from datetime import datetime

from .store import NewAction, RoomRow


@dataclass(frozen=True)
class HeardChange:
    """``entries`` took the room from version ``after`` to ``row`` (whose ``match_state`` is not known here)."""

    after: int
    row: RoomRow
    entries: tuple[NewAction, ...]

    def on(self, before: RoomRow) -> RoomRow:
        """The new row, with the checkpoint of the row it was committed on."""
        return replace(self.row, match_state=before.match_state, base_actions=before.base_actions)


def change_news(before: RoomRow, row: RoomRow, entries: list[NewAction], columns: dict) -> str | None:
    """The news of ``row`` committed on ``before`` (``None``: a new match, which others read for themselves)."""
    if "match_state" in columns:
        return None
    values = {**asdict(row), "match_state": None}
    values["started_at"] = None if row.started_at is None else row.started_at.isoformat()
    return json.dumps({"after": before.version, "row": values, "entries": [asdict(entry) for entry in entries]},
                      separators=(",", ":"))


def heard_change(news: str) -> HeardChange:
    data = json.loads(news)
    values = data["row"]
    started = values["started_at"]
    row = RoomRow(**{**values, "started_at": None if started is None else datetime.fromisoformat(started)})
    return HeardChange(data["after"], row, tuple(NewAction(**entry) for entry in data["entries"]))
