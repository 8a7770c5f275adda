"""Changes to a scoresheet that may arrive more than once (a retried request, an offline phone's queue):
each is idempotent by entry id. The server applies them to the stored sheet; the offline scorekeeper
applies the same ones to its local sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from engine import HandEntry, Scoresheet


def merged(sheet: Scoresheet, entries: Iterable[HandEntry] = (), edits: Iterable[HandEntry] = (),
           deletions: Iterable[str] = ()) -> Scoresheet:
    """A client's pending changes applied to ``sheet``, each idempotent by entry id (offline sync, issue 6).

    Deletions first, then edits of hands already on the sheet (checked together, so that fixes which only
    make sense together are taken), then new hands in order (one already on the sheet, or deleted from it,
    is skipped). A deleted id is remembered even when this sheet never had it: the hand's own upload may
    still be on its way, and must not bring it back. Every hand keeps the dealer it was recorded with: a new
    one was played as the client's sheet scheduled, which may not follow from this one (it is flagged).
    """
    for entry_id in deletions:
        if entry_id in sheet.removed_ids:
            continue
        if any(entry.id == entry_id for entry in sheet.entries):
            sheet = sheet.delete(entry_id)
        else:
            sheet = dataclasses.replace(sheet, removed_ids=(*sheet.removed_ids, entry_id))
    edits = tuple(edits)
    if edits:
        sheet = sheet.replace(*edits)
    for entry in entries:
        sheet = sheet.add(entry, recorded_elsewhere=True)
    return sheet


def undone(sheet: Scoresheet, last_id: str | None) -> Scoresheet:
    """Undo the hand ``last_id`` if it is still the last one (a repeated undo removes nothing more)."""
    if last_id is None:
        return sheet.undo()
    if sheet.entries and sheet.entries[-1].id == last_id:
        return sheet.delete(last_id)
    return sheet
