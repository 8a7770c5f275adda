"""Errors a person can meet: each carries the HTTP status and a message for the page (never a stack trace)."""

from __future__ import annotations


class RoomError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(RoomError):
    status = 404


class Forbidden(RoomError):
    status = 403


class BadRequest(RoomError):
    status = 400


class Illegal(RoomError):
    """The engine refused the action (``refusal``, when it was the engine); the message names the rule clause."""

    status = 422

    def __init__(self, message: str, refusal: Exception | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class Conflict(RoomError):
    status = 409


class Unavailable(RoomError):
    """A part the request needs (the database, the bot workers) does not answer now; nothing was changed."""

    status = 503
