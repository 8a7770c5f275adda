"""A table's own settings — how it is run, not the rules it plays by (those are ``engine.Rules``): the turn
clock, the hand-end countdown, the deal's speed, the card counter (记牌器) and quick phrases."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, TypeVar

from flask_babel import lazy_gettext as _l

from engine.form_text import switch, whole_number
from webapp.core.autoplay import DEAL_SPEEDS, SOLO_DEAL_SPEED

from ..errors import BadRequest

T = TypeVar("T")
TURN_SECONDS = (0, 15, 20, 30, 45, 60)  # 0: no turn clock
READY_SECONDS = (0, 15, 30, 60)  # 0: the next hand waits for everyone's 继续


@dataclass(frozen=True)
class TableSettings:
    turn_seconds: int = 30  # a person's time for a move; then a bot plays it and the seat is on 托管
    ready_seconds: int = 30  # after a hand, the next starts when everyone pressed 继续 or this runs out
    deal_speed: str = "normal"
    card_counter: bool = False  # 记牌器: the cards still unseen, and who is void where
    phrases: bool = True  # quick phrases and reactions

    @classmethod
    def solo(cls) -> TableSettings:
        """A person against three bots: nobody waits for them, and the deal goes quickly."""
        return cls(turn_seconds=0, ready_seconds=0, deal_speed=SOLO_DEAL_SPEED, phrases=False)

    @property
    def deal_factor(self) -> float:
        return DEAL_SPEEDS[self.deal_speed]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> TableSettings:
        """Stored settings; a setting stored before it existed has its default."""
        known = {f.name for f in fields(cls)}
        return cls(**{name: value for name, value in (data or {}).items() if name in known})

    def with_form(self, form: Mapping[str, str]) -> TableSettings:
        """These settings with the ones a create-room form sets (each checked; a bad one is refused). Numbers and
        switches are read as every form reads them (:mod:`engine.form_text`)."""
        changes: dict[str, Any] = {}
        for name, seconds in (("turn_seconds", TURN_SECONDS), ("ready_seconds", READY_SECONDS)):
            if name in form:
                changes[name] = _choice_of(_number(form[name]), seconds, name)
        if "deal_speed" in form:
            changes["deal_speed"] = _choice_of(form["deal_speed"].strip(), tuple(DEAL_SPEEDS), "deal_speed")
        for name in ("card_counter", "phrases"):
            if name in form:
                try:
                    changes[name] = switch(form[name])
                except ValueError:
                    raise BadRequest(_l("%(name)s must be on or off", name=name)) from None
        return replace(self, **changes)


def _number(text: str) -> int | None:
    """``text`` as a whole number; ``None`` (which no choice is) for text that is none."""
    try:
        return whole_number(text)
    except ValueError:
        return None


def _choice_of(value: T, choices: tuple[T, ...], name: str) -> T:
    if value not in choices:
        raise BadRequest(_l("%(name)s must be one of %(choices)s", name=name,
                            choices=", ".join(str(choice) for choice in choices)))
    return value
