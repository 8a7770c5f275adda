"""Scoresheets kept on this device: made and kept with the engine's ``Scoresheet`` when there is no network,
and sent to the server's sync API when there is, so that the server ends up with every hand exactly once.

Every request of the sync API is idempotent (the sheet by its ``client_id``, hands by their entry ids), so
a request whose answer was lost is simply sent again. What still has to go is worked out afresh from the
last sheet the server answered with: hands it does not have, hands it has in another form (fixed since),
deletions it has not seen, and a clock it has not been told of. Sync rounds repeat until nothing is left.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from engine import HandEntry, Scoresheet, ScoresheetError
from webapp.core.clock import Clock
from webapp.core.sheet_changes import merged


@dataclass(frozen=True)
class Pending:
    """What the server does not have yet (compared with its last answer)."""

    upload: bool  # the server has never answered for this sheet: the whole sheet goes
    entries: tuple[HandEntry, ...] = ()
    edits: tuple[HandEntry, ...] = ()
    redeals: tuple[tuple[str, int], ...] = ()  # (hand id, dealer): hands only dealt again (R9.3 recompute)
    deletions: tuple[str, ...] = ()
    clock: bool = False

    @property
    def count(self) -> int:
        """Changes waiting, as a person counts them: hands to add, fix, deal again or delete, a clock start."""
        return len(self.entries) + len(self.edits) + len(self.redeals) + len(self.deletions) + int(self.clock)

    def __bool__(self) -> bool:
        return self.upload or self.count > 0


@dataclass(frozen=True)
class SyncRequest:
    """One call of the sync API (JSON body; the edit token goes in ``X-Edit-Token``)."""

    method: str
    path: str
    body: dict[str, Any]
    edit_token: str


@dataclass(frozen=True)
class LocalSheet:
    """A sheet on this phone. ``code`` is its local id (also its ``client_id`` at the server); ``server`` is
    the server's last answer about it (``None`` until the first upload is answered)."""

    code: str
    edit_token: str
    preset: str
    sheet: Scoresheet
    version: int = 0
    clock_started_at: datetime | None = None
    server: dict[str, Any] | None = field(default=None)

    @classmethod
    def new(cls, sheet: Scoresheet, preset: str) -> LocalSheet:
        # The server accepts an edit token of 22 to 200 characters from an offline phone.
        return cls(uuid.uuid4().hex, secrets.token_urlsafe(24), preset, sheet)

    @classmethod
    def kept_from_server(cls, answer: dict[str, Any]) -> LocalSheet:
        """A sheet started on the server, kept here to go on without a network. Its edit token is the
        browser's cookie for the sheet (the sync API reads it when the request names none)."""
        started = answer["clock_started_at"]
        return cls(uuid.uuid4().hex, "", answer["preset"], Scoresheet.from_dict(answer["sheet"]),
                   clock_started_at=datetime.fromisoformat(started) if started else None, server=answer)

    @property
    def clock(self) -> Clock:
        return Clock(self.sheet.rules.time_limit_minutes, self.clock_started_at)

    @property
    def server_url(self) -> str | None:
        return self.server["url"] if self.server else None

    def changed(self, sheet: Scoresheet) -> LocalSheet:
        return replace(self, sheet=sheet, version=self.version + 1)

    def clock_started(self, at: datetime) -> LocalSheet:
        """R9.5: the clock starts once; a clock already running keeps its start."""
        if self.clock_started_at is not None:
            return self
        return replace(self, clock_started_at=at, version=self.version + 1)

    # ------------------------------------------------------------------ synchronising

    def pending(self) -> Pending:
        if self.server is None:
            return Pending(upload=True, entries=self.sheet.entries, deletions=self.sheet.removed_ids,
                           clock=self.clock_started_at is not None)
        stored = Scoresheet.from_dict(self.server["sheet"])
        theirs = {entry.id: entry for entry in stored.entries}
        changed = [entry for entry in self.sheet.entries if entry.id in theirs and theirs[entry.id] != entry]
        # A hand whose only change is its dealer was dealt again ("recompute from here"): only the dealer goes,
        # so that a fix of its points made on the online page meanwhile stays.
        redealt = {entry.id for entry in changed if replace(theirs[entry.id], dealer=entry.dealer) == entry}
        return Pending(
            upload=False,
            # A hand deleted on the server (on the online page) never comes back: the phone drops it too.
            entries=tuple(entry for entry in self.sheet.entries
                          if entry.id not in theirs and entry.id not in stored.removed_ids),
            edits=tuple(entry for entry in changed if entry.id not in redealt),
            redeals=tuple((entry.id, entry.dealer) for entry in changed if entry.id in redealt),
            # Every deletion the server has not recorded, even of a hand it seems not to have: an upload
            # whose answer was lost may have brought it there.
            deletions=tuple(i for i in self.sheet.removed_ids if i not in stored.removed_ids),
            clock=self.clock_started_at is not None and self.server["clock_started_at"] is None,
        )

    def sync_request(self) -> SyncRequest | None:
        """The next call that brings the server closer to this sheet; ``None`` when it has everything."""
        pending = self.pending()
        if pending.upload:
            body = {"client_id": self.code, "edit_token": self.edit_token, "sheet": self.sheet.to_dict(),
                    "preset": self.preset, "clock_started_at": _iso(self.clock_started_at)}
            return SyncRequest("POST", "/s", body, self.edit_token)
        code = self.server["code"]
        if pending.deletions or pending.edits or pending.redeals or pending.entries:
            body = {"entries": [entry.to_dict() for entry in pending.entries],
                    "edits": [entry.to_dict() for entry in pending.edits],
                    "redeals": [{"id": entry_id, "dealer": dealer} for entry_id, dealer in pending.redeals],
                    "deletions": list(pending.deletions)}
            return SyncRequest("POST", f"/s/{code}/entries", body, self.edit_token)
        if pending.clock:
            return SyncRequest("POST", f"/s/{code}/clock", {"started_at": _iso(self.clock_started_at)},
                               self.edit_token)
        return None

    def answered(self, answer: dict[str, Any]) -> LocalSheet:
        """The server's answer to a sync request (its ``sheet_json``): what it now has.

        The server's sheet may hold changes made elsewhere since its last answer (hands recorded, fixed or
        deleted on the online page with the same edit token). This phone's own changes, those since that
        last answer, are applied again to it (each is idempotent by entry id), so the local sheet takes the
        others' changes instead of undoing them with its older copies; what is left is what still has to go.
        """
        stored = Scoresheet.from_dict(answer["sheet"])
        # Before any answer every difference is this phone's: nobody else holds the sheet's token yet.
        own = (self if self.server is not None else replace(self, server=answer)).pending()
        on_server = {entry.id for entry in stored.entries}
        try:
            sheet = merged(stored, own.entries, tuple(e for e in own.edits if e.id in on_server), own.deletions,
                           dict(own.redeals))
        except ScoresheetError:
            sheet = self.sheet  # the server will refuse what is left; the refusal is shown on this sheet
        started = answer["clock_started_at"]
        clock = datetime.fromisoformat(started) if started else self.clock_started_at
        local = replace(self, server=answer)
        if sheet == self.sheet and clock == self.clock_started_at:
            return local
        return replace(local, sheet=sheet, clock_started_at=clock, version=self.version + 1)

    # ------------------------------------------------------------------ storage

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "edit_token": self.edit_token, "preset": self.preset,
                "sheet": self.sheet.to_dict(), "version": self.version,
                "clock_started_at": _iso(self.clock_started_at), "server": self.server}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LocalSheet:
        started = data["clock_started_at"]
        return cls(data["code"], data["edit_token"], data["preset"], Scoresheet.from_dict(data["sheet"]),
                   data["version"], datetime.fromisoformat(started) if started else None, data["server"])


def now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None
