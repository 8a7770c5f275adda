"""The clock of a timed match (R9.5), for the scoresheet and the online room alike.

>>> from datetime import datetime, timedelta, timezone
>>> start = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> clock = Clock(90, start)
>>> clock.remaining_seconds(start + timedelta(minutes=30)), clock.is_up(start + timedelta(minutes=90))
(3600.0, True)
>>> clock_text(3599), clock_text(5400)
('59:59', '1:30:00')
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

NEVER = datetime.max.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Clock:
    """R9.5: a timed match's limit and when its clock was started (``None``: not yet)."""

    limit_minutes: int
    started_at: datetime | None

    @property
    def timed(self) -> bool:
        return self.limit_minutes > 0

    @property
    def deadline(self) -> datetime | None:
        if not self.timed or self.started_at is None:
            return None
        try:
            return self.started_at + timedelta(minutes=self.limit_minutes)
        except OverflowError:  # a start stored before starts were checked (issue 11): its end never comes
            return NEVER

    def remaining_seconds(self, now: datetime) -> float | None:
        deadline = self.deadline
        return None if deadline is None else max((deadline - now).total_seconds(), 0.0)

    def is_up(self, now: datetime) -> bool:
        return self.remaining_seconds(now) == 0.0


def clock_text(seconds: float | None) -> str:
    """``1:29:59`` or ``29:59`` (the time left of a timed match, R9.5)."""
    if seconds is None:
        return ""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
