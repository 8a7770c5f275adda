"""Changes to a scoresheet that may arrive more than once (a retried request, an offline phone's queue):
each is idempotent by entry id. The server applies them to the stored sheet; the offline scorekeeper
applies the same ones to its local sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from engine import HandEntry, Scoresheet


def merged(sheet: Scoresheet, entries: Iterable[HandEntry] = (), edits: Iterable[HandEntry] = (),
           deletions: Iterable[str] = (), redeals: Mapping[str, int] | None = None) -> Scoresheet:
    """A client's pending changes applied to ``sheet``, each idempotent by entry id (offline sync, issue 6).

    Deletions first, then edits of hands already on the sheet and ``redeals`` (hand id → the dealer a
    "recompute from here" gave it, R9.3: only the dealer changes, so a fix of the same hand's points made
    elsewhere stays; a hand gone meanwhile is not dealt again), all checked together, so that fixes which
    only make sense together are taken, then new hands in order (one already on the sheet, or deleted from it,
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
    fixes = {entry.id: entry for entry in edits}
    on_sheet = {entry.id: entry for entry in sheet.entries}
    for entry_id, dealer in (redeals or {}).items():
        if entry_id in on_sheet and entry_id not in fixes:
            fixes[entry_id] = dataclasses.replace(on_sheet[entry_id], dealer=dealer)
    if fixes:
        sheet = sheet.replace(*fixes.values())
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
