"""Loading and saving scoresheets: the sheet as JSON with a version column (optimistic locking)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from . import db
from .errors import Conflict, NotFound
from .models import ScoresheetRecord, as_utc, utcnow


def _fresh(record: ScoresheetRecord) -> ScoresheetRecord:
    for name in ("clock_started_at", "created_at", "updated_at"):
        setattr(record, name, as_utc(getattr(record, name)))
    return record


def insert(record: ScoresheetRecord) -> None:
    """Store a new sheet; :class:`Conflict` if its code or client id is taken (a concurrent upload)."""
    with db.session() as session:
        session.add(record)
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            raise Conflict("this scoresheet already exists") from None


def get(code: str) -> ScoresheetRecord:
    with db.session() as session:
        record = session.get(ScoresheetRecord, code)
    if record is None:
        raise NotFound("no such scoresheet")
    return _fresh(record)


def by_client_id(client_id: str) -> ScoresheetRecord | None:
    with db.session() as session:
        record = session.exec(select(ScoresheetRecord).where(ScoresheetRecord.client_id == client_id)).first()
    return None if record is None else _fresh(record)


def save(record: ScoresheetRecord, sheet: dict, clock_started_at: datetime | None) -> ScoresheetRecord:
    """Commit as version + 1, unless someone saved this sheet since it was loaded (then :class:`Conflict`)."""
    now = utcnow()
    with db.session() as session:
        result = session.exec(
            update(ScoresheetRecord)
            .where(ScoresheetRecord.code == record.code, ScoresheetRecord.version == record.version)
            .values(version=record.version + 1, sheet=sheet, clock_started_at=clock_started_at, updated_at=now)
        )
        if result.rowcount != 1:
            session.rollback()
            raise Conflict("the scoresheet changed meanwhile; try again")
        session.commit()
    return ScoresheetRecord(**{**record.model_dump(), "version": record.version + 1, "sheet": sheet,
                               "clock_started_at": clock_started_at, "updated_at": now})
