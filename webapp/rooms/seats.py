"""A room's four seats: who sits in each (a person with a token, a bot, or nobody)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from flask_babel import lazy_gettext as _l

from webapp.core import players

from ..errors import BadRequest

SEATS = range(4)
NAME_LENGTH = 20


@dataclass(frozen=True)
class Seat:
    """``token_hash``: a person's seat (the hash of the token in their cookie); ``bot``: a bot's level.

    ``autoplay``: 托管, a bot plays for the person until they take it back; ``ready``: they pressed 继续 on the
    hand-end screen; ``player_hash``: the hash of the player cookie of the browser that took the seat (its
    statistics).
    """

    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    autoplay: bool = False
    ready: bool = False
    player_hash: str | None = None

    @property
    def taken(self) -> bool:
        return self.token_hash is not None or self.bot is not None

    @property
    def human(self) -> bool:
        return self.token_hash is not None

    @classmethod
    def person(cls, name: str, token_hash: str, player_hash: str | None = None) -> Seat:
        return cls(name=name, token_hash=token_hash, player_hash=player_hash)

    @classmethod
    def robot(cls, level: str) -> Seat:
        return cls(bot=level)

    def renamed(self, name: str) -> Seat:
        return replace(self, name=name)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(name=data.get("name"), token_hash=data.get("token_hash"), bot=data.get("bot"),
                   autoplay=data.get("autoplay", False), ready=data.get("ready", False),
                   player_hash=data.get("player_hash"))


def seats_of(rows: list[dict[str, Any]]) -> tuple[Seat, ...]:
    return tuple(Seat.from_dict(row) for row in rows)


def rows_of(seats: tuple[Seat, ...] | list[Seat]) -> list[dict[str, Any]]:
    return [seat.to_dict() for seat in seats]


def bot_level(level: str) -> str:
    if level not in players.BOT_LEVELS:
        raise BadRequest(_l("bot strength must be easy, normal or hard"))
    return level


def seat_index(seat: Any) -> int:
    try:
        index = int(seat)
    except (TypeError, ValueError):
        raise BadRequest(_l("pick a seat")) from None
    if index not in SEATS:
        raise BadRequest(_l("there are four seats, 1 to 4"))
    return index


def player_name(name: str | None, seat: int) -> str:
    name = " ".join((name or "").split())[:NAME_LENGTH]
    return name or str(_l("Player %(number)s", number=seat + 1))
