"""The field types every request schema is built from: bounded text, ids, names, tokens, numbers, times.

The bounds that are configuration (``MAX_TEXT_LENGTH``, ``MAX_ID_LENGTH``, ``SHEET_MAX_HANDS``) come from
the validation context, a :class:`Limits`, so the models themselves stay fixed. A refusal is a
``PydanticCustomError`` whose type :mod:`webapp.schemas.reading` turns into a sentence in the reader's
language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints, ValidationInfo
from pydantic_core import PydanticCustomError

from engine.form_text import WHOLE_NUMBER, switch, whole_number
from webapp.core.names import normalised_name, reserved
from webapp.sheets import CLIENT_TOKEN_LENGTH

T = TypeVar("T")

ID_PATTERN = re.compile(r"[A-Za-z0-9._~-]+")  # what a URL path segment carries as it is
# An edit token an offline phone makes up (CLIENT_TOKEN_LENGTH long) travels in a cookie: URL-safe base64.
EDIT_TOKEN_PATTERN = r"^[A-Za-z0-9_-]+$"
MAX_CARDS = 108  # two decks (R1.2)
LARGEST_NUMBER = 1_000_000  # far past any count of a game; keeps numbers short enough to print
# A clock started outside these years is a wrong phone clock or a forged request (R9.5 clocks run
# for minutes); times near the calendar's ends cannot even be added to.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Limits:
    """Bounds from the configuration (README: Configuration)."""

    text: int = 200
    identifier: int = 100
    hands: int = 500

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Limits:
        return cls(config["MAX_TEXT_LENGTH"], config["MAX_ID_LENGTH"], config["SHEET_MAX_HANDS"])


def _limits(info: ValidationInfo) -> Limits:
    return info.context if isinstance(info.context, Limits) else Limits()


def _short_text(value: str, info: ValidationInfo) -> str:
    limit = _limits(info).text
    if len(value) > limit:
        raise PydanticCustomError("text_too_long", "at most {max_length} characters", {"max_length": limit})
    return value


def _identifier(value: str, info: ValidationInfo) -> str:
    limit = _limits(info).identifier
    if not ID_PATTERN.fullmatch(value) or len(value) > limit:
        raise PydanticCustomError("identifier", "1 to {max_length} of A-Z a-z 0-9 . _ ~ -",
                                  {"max_length": limit})
    return value


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


def _few_hands(value: tuple[T, ...], info: ValidationInfo) -> tuple[T, ...]:
    limit = _limits(info).hands
    if len(value) > limit:
        raise PydanticCustomError("too_many_hands", "at most {max_length}", {"max_length": limit})
    return value


def _player_name(value: str) -> str:
    if reserved(value):
        raise PydanticCustomError("reserved_name", "reads as the table's own label", {"name": value})
    return value


def _form_number(value: Any) -> Any:
    """A whole number typed in a form, read as every form reads one (:func:`engine.form_text.whole_number`)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not text:
        return None
    if not WHOLE_NUMBER.fullmatch(text):
        raise PydanticCustomError("whole_number", "must be a whole number")
    # Too many digits is a number past the bound (which says so), not one too long to read.
    if len(text.lstrip("+-")) > len(str(LARGEST_NUMBER)):
        return -LARGEST_NUMBER - 1 if text.startswith("-") else LARGEST_NUMBER + 1
    return whole_number(text)


def _form_switch(value: Any) -> Any:
    """A checkbox or an on/off choice, read as every form reads one (:func:`engine.form_text.switch`)."""
    if not isinstance(value, str):
        return value
    try:
        return switch(value)
    except ValueError:
        raise PydanticCustomError("switch", "must be on or off") from None


def _moment(value: datetime) -> datetime:
    """In UTC (a time without a zone is UTC), within :data:`EARLIEST` and :data:`LATEST`."""
    try:
        moment = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except OverflowError:
        moment = None
    if moment is None or not EARLIEST <= moment < LATEST:
        raise PydanticCustomError("time_range", "a time from 2000 to 2099")
    return moment


Text = Annotated[str, AfterValidator(_short_text)]
Identifier = Annotated[str, AfterValidator(_identifier)]
OptionalIdentifier = Annotated[Identifier | None, BeforeValidator(_blank_is_none)]
Name = Annotated[Text, AfterValidator(normalised_name)]
PlayerName = Annotated[Name, AfterValidator(_player_name)]
EditToken = Annotated[str, StringConstraints(min_length=CLIENT_TOKEN_LENGTH[0],
                                             max_length=CLIENT_TOKEN_LENGTH[1], pattern=EDIT_TOKEN_PATTERN)]
Count = Annotated[int, Field(ge=0, le=LARGEST_NUMBER)]
Signed = Annotated[int, Field(ge=-LARGEST_NUMBER, le=LARGEST_NUMBER)]  # a defenders' total, a penalty (R4.5)
HandNumber = Annotated[int, Field(ge=1, le=LARGEST_NUMBER)]
Seat = Annotated[int, Field(ge=0, le=3)]  # R1.1
Team = Annotated[int, Field(ge=0, le=1)]
# A game's id in a browser's statistics: a room's code, or the offline app's "solo:<hex>".
GameId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9:_-]+$")]
FormNumber = Annotated[Count | None, BeforeValidator(_form_number)]
FormSwitch = Annotated[bool, BeforeValidator(_form_switch)]
Moment = Annotated[datetime, AfterValidator(_moment)]
Cards = Annotated[list[Text], Field(max_length=MAX_CARDS)]
Hands = Annotated[tuple[T, ...], AfterValidator(_few_hands)]
