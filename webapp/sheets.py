"""The scoresheet service (issue 5): load → ``engine.scoresheet`` applies the change → commit (version check) → notify.

A change is a function from the engine's immutable :class:`~engine.Scoresheet` to a new one, and every
change the app makes is idempotent by entry id (add, edit and delete name their hand; undo names the
hand it removes). So when another request committed first, the change is simply applied again to the
fresh sheet instead of holding a lock, which also holds across processes. Subscribers hear of a change
only after its commit, through the app's one notifier (:mod:`webapp.runtime.notify`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask_babel import lazy_gettext as _l

from engine import Scoresheet, ScoresheetError
from webapp.core.clock import Clock
from webapp.core.sheet_changes import merged

from . import sheet_store
from .errors import BadRequest, Conflict, Forbidden, Illegal, InvalidRequest, TooLarge
from .models import ScoresheetRecord, utcnow
from .tokens import new_room_code, new_token, token_hash, token_matches

# A token an offline phone makes up for a sheet it uploads later must be as hard to guess as ours.
CLIENT_TOKEN_LENGTH = (22, 200)
CLIENT_ID_LENGTH = 100
ATTEMPTS = 8  # commits lost to concurrent ones before giving up


class SheetInputError(Illegal):
    """The engine refused the change (:class:`~engine.ScoresheetError`): ``field`` and ``hand`` say where."""

    def __init__(self, error: ScoresheetError) -> None:
        super().__init__(str(error))
        self.field = error.field
        self.hand = error.hand
        self.reason = error.reason

    def details(self) -> dict[str, Any]:
        return {"field": self.field, "hand": self.hand}


@dataclass(frozen=True)
class LoadedSheet:
    """A stored sheet: the database row and the engine's sheet built (and validated) from it."""

    record: ScoresheetRecord
    sheet: Scoresheet

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def clock(self) -> Clock:
        return Clock(self.sheet.rules.time_limit_minutes, self.record.clock_started_at)

    def editable_by(self, token: str | None) -> bool:
        return token_matches(token, self.record.edit_token_hash)


def topic(code: str) -> str:
    """The notifier topic of a sheet (rooms use their bare code)."""
    return f"sheet:{code}"


class SheetService:
    def __init__(self, notifier, max_hands: int) -> None:
        self.notifier = notifier
        self.max_hands = max_hands  # SHEET_MAX_HANDS: every view of a sheet renders them all

    def create(self, sheet: Scoresheet, preset: str, edit_token: str | None = None, client_id: str | None = None,
               clock_started_at: datetime | None = None) -> tuple[LoadedSheet, str, bool]:
        """Store a new sheet; returns it, its edit token and whether it is new.

        An offline phone names its sheet (``client_id``) and its own ``edit_token``: uploading the same
        sheet again, say after the answer was lost, merges its hands into the stored one instead.
        """
        _check_client_credentials(client_id, edit_token)
        if client_id is not None:
            existing = sheet_store.by_client_id(client_id)
            if existing is not None:
                return self._upload_again(existing.code, sheet, edit_token, clock_started_at), edit_token, False
        token = edit_token or new_token()
        record = ScoresheetRecord(code=new_room_code(), client_id=client_id, preset=preset, sheet=sheet.to_dict(),
                                  edit_token_hash=token_hash(token), clock_started_at=clock_started_at)
        try:
            sheet_store.insert(record)
        except Conflict:
            if client_id is None:
                raise
            # The same sheet uploaded twice at once: the other request stored it.
            existing = sheet_store.by_client_id(client_id)
            return self._upload_again(existing.code, sheet, edit_token, clock_started_at), token, False
        return LoadedSheet(record, sheet), token, True

    def _upload_again(self, code: str, sheet: Scoresheet, edit_token: str | None,
                      clock_started_at: datetime | None) -> LoadedSheet:
        return self.change(code, edit_token, lambda stored: merged(stored, sheet.entries, (), sheet.removed_ids),
                           clock_started_at)

    def load(self, code: str) -> LoadedSheet:
        record = sheet_store.get(code)
        return LoadedSheet(record, Scoresheet.from_dict(record.sheet))

    def load_for_editor(self, code: str, edit_token: str | None) -> LoadedSheet:
        """The sheet, for the holder of its edit token only (:class:`Forbidden` for anyone else)."""
        loaded = self.load(code)
        if not loaded.editable_by(edit_token):
            raise Forbidden(_l("only the scorekeeper who made this sheet may change it; this link is read-only"))
        return loaded

    def change(self, code: str, edit_token: str | None, change: Callable[[Scoresheet], Scoresheet],
               clock_started_at: datetime | None = None) -> LoadedSheet:
        """Apply ``change`` (and start the clock, if it has not started) for the holder of the edit token."""
        for _ in range(ATTEMPTS):
            loaded = self.load_for_editor(code, edit_token)
            try:
                sheet = change(loaded.sheet)
            except ScoresheetError as error:
                raise SheetInputError(error) from None
            if max(len(sheet.entries), len(sheet.removed_ids)) > self.max_hands:
                raise TooLarge(_l("a scoresheet holds at most %(count)s hands", count=self.max_hands))
            started = loaded.record.clock_started_at or clock_started_at
            if sheet == loaded.sheet and started == loaded.record.clock_started_at:
                return loaded  # a repeated request: nothing to commit
            try:
                record = sheet_store.save(loaded.record, sheet.to_dict(), started)
            except Conflict:
                continue
            self.notifier.publish(topic(code), record.version)
            return LoadedSheet(record, sheet)
        raise Conflict(_l("the scoresheet is changing too fast; try again"))

    def start_clock(self, code: str, edit_token: str | None, at: datetime | None = None) -> LoadedSheet:
        """Start a timed match's clock (R9.5); a clock already running keeps its start."""
        if not self.load(code).clock.timed:
            raise BadRequest(_l("this match has no time limit"))
        return self.change(code, edit_token, lambda sheet: sheet, at or utcnow())


def _check_client_credentials(client_id: str | None, edit_token: str | None) -> None:
    """A client's own edit token always has the length of a secret, with or without a ``client_id``."""
    if client_id is not None and not (isinstance(client_id, str) and 0 < len(client_id) <= CLIENT_ID_LENGTH):
        raise InvalidRequest(str(_l("client_id must be a text of 1 to 100 characters")), "client_id")
    low, high = CLIENT_TOKEN_LENGTH
    if (client_id is not None or edit_token is not None) and not (
            isinstance(edit_token, str) and low <= len(edit_token) <= high):
        raise InvalidRequest(str(_l("a sheet uploaded with a client_id needs its edit_token: a secret of 22 to 200 "
                                    "characters")), "edit_token")
