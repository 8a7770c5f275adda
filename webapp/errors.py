"""Errors a person can meet: each carries the HTTP status and a message for the page (never a stack trace)."""

from __future__ import annotations

from typing import Any


class RoomError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def details(self) -> dict[str, Any]:
        """What a JSON answer adds to the message (``field``, ``hand``)."""
        return {}


class NotFound(RoomError):
    status = 404


class Forbidden(RoomError):
    status = 403


class BadRequest(RoomError):
    status = 400


class InvalidRequest(BadRequest):
    """A field of the request does not fit its schema (:mod:`webapp.schemas`); ``field`` names it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field

    def details(self) -> dict[str, Any]:
        return {"field": self.field}


class TooLarge(RoomError):
    """Past a configured limit (a sheet's hands): nothing changed."""

    status = 413


class Illegal(RoomError):
    """The engine refused the action (``refusal``, when it was the engine); the message names the rule clause."""

    status = 422

    def __init__(self, message: str, refusal: Exception | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class TooMany(RoomError):
    """Too many of something in too short a time (a seat's quick phrases): nothing changed; wait a little."""

    status = 429


class Conflict(RoomError):
    status = 409


class Unavailable(RoomError):
    """A part the request needs (the database, the bot workers) does not answer now; nothing was changed."""

    status = 503
