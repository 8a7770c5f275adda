"""Quick phrases at a table (issue 14): a seated person sends one of the set phrases or reactions; it is kept as
the seat's last phrase (:mod:`webapp.runtime.phrases`) and announced like any change, so every page shows it by
that seat for a moment. Rate-limited per seat by the ``limits`` library (Flask-Limiter's), counted where the
creation limits are (``RATELIMIT_STORAGE_URI``: shared by every web process when it is Redis)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from webapp.core.phrases import known

from ..errors import BadRequest, TooMany
from .cache import LoadedRoom

PHRASE_LIMITS = "1 per 2 seconds; 8 per minute"  # per seat: enough to talk, too few to flood


class TableTalk:
    def __init__(self, phrases, notifier, storage_uri: str) -> None:
        self.phrases = phrases
        self.notifier = notifier
        self.limiter = MovingWindowRateLimiter(storage_from_string(storage_uri))
        self.limits = parse_many(PHRASE_LIMITS)

    def offered(self, loaded: LoadedRoom) -> bool:
        """Whether this table has quick phrases (a room option, never at a solo table)."""
        return not loaded.row.solo and loaded.settings.phrases

    def say(self, loaded: LoadedRoom, seat: int, phrase: str) -> None:
        if not self.offered(loaded):
            raise BadRequest(_l("quick phrases are off at this table"))
        if not known(phrase):
            raise BadRequest(_l("there is no such phrase"))
        if not all(self.limiter.hit(limit, "phrase", loaded.code, str(seat)) for limit in self.limits):
            raise TooMany(_l("wait a moment before the next phrase"))
        self.phrases.say(loaded.code, seat, phrase)
        self.notifier.publish(loaded.code)

    def recent(self, loaded: LoadedRoom):
        return self.phrases.recent(loaded.code) if self.offered(loaded) else ()
