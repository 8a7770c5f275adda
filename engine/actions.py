"""Actions a seat can take, the log of applied actions, and the engine's error type.

Actions are small frozen records; ``encode``/``decode`` give their JSON form
(``{"type": "play", "cards": "10H 10H"}``), used for persistence, the web
forms and the WebSocket.

>>> decode({"type": "play", "cards": "10H 10H"})
Play(cards=(Card('10H'), Card('10H')))
>>> encode(Show(parse_cards("BJ 2H")))
{'type': 'show', 'cards': '2H BJ'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card, format_cards, parse_cards
from .reasons import N_, Reason, Refusal


def _as_card_tuple(cards: Iterable[Card | str | int] | str) -> tuple[Card, ...]:
    if type(cards) is tuple and all(type(c) is Card for c in cards):
        return cards  # the common case: already a tuple of cards
    return tuple(parse_cards(cards))


class IllegalAction(Refusal):
    """An action the rules do not allow now (or a malformed one); the message names the clause and the cards.

    ``reason`` (an :class:`~engine.reasons.Reason`) carries the clause, the message template and
    its values, for showing the message in another language.
    """


@dataclass(frozen=True)
class Draw:
    """Take the next card of the deal (R1.3)."""

    type = "draw"


@dataclass(frozen=True)
class Show:
    """Lay cards face up to declare, reinforce or overturn the trump (R8)."""

    cards: tuple[Card, ...]
    type = "show"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(_as_card_tuple(self.cards))))


@dataclass(frozen=True)
class Pass:
    """Decline to show (declaration window, overturn rounds)."""

    type = "pass"


@dataclass(frozen=True)
class Bury:
    """Put 8 cards face down as the kitty (R8.8)."""

    cards: tuple[Card, ...]
    type = "bury"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _as_card_tuple(self.cards))


@dataclass(frozen=True)
class Play:
    """Lead or follow with these cards (R4, R5)."""

    cards: tuple[Card, ...]
    type = "play"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _as_card_tuple(self.cards))


Action = Draw | Show | Pass | Bury | Play
ACTION_TYPES: dict[str, type[Action]] = {cls.type: cls for cls in (Draw, Show, Pass, Bury, Play)}
CARD_ACTIONS: dict[str, type[Show | Bury | Play]] = {cls.type: cls for cls in (Show, Bury, Play)}


class LogEntry(NamedTuple):
    """What one applied action did (the hand's log keeps these; :meth:`Hand.apply <engine.hand.Hand.apply>`
    returns them): ``seat`` took ``action``; for a play, the cards actually played (``played``: a failed
    throw's forced cards, R4.4) and, when the play completed its trick, the trick's winner and points (R6, R7).
    The log is stored as ``[seat, encoded action]``: replaying the actions rebuilds the rest.
    """

    seat: int
    action: Action
    played: tuple[Card, ...] = ()
    trick_winner: int | None = None
    trick_points: int = 0

    @property
    def tried(self) -> tuple[Card, ...] | None:
        """The whole throw a failed lead tried (R4.4), ``None`` for any other action."""
        return tried_throw(self.action.cards, self.played) if isinstance(self.action, Play) else None


def tried_throw(cards: tuple[Card, ...], played: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """``cards``, a play, when fewer were ``played``: a failed throw (R4.4) and what it tried; else ``None``."""
    return cards if len(played) != len(cards) else None


def encode(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": action.type}
    if hasattr(action, "cards"):
        data["cards"] = format_cards(action.cards)
    return data


def decode(data: Any) -> Action:
    """An action from its JSON form; a malformed one raises :class:`IllegalAction`."""
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise IllegalAction(Reason(None, N_("not an action: its type must be one of %(types)s"),
                                   types=", ".join(ACTION_TYPES)))
    kind = data["type"]
    if kind == Draw.type:
        return Draw()
    if kind == Pass.type:
        return Pass()
    cards = data.get("cards", "")
    try:
        if not isinstance(cards, (str, list)):
            raise Refusal(Reason(None, N_("cards must be a string of card names")))
        return CARD_ACTIONS[kind](tuple(parse_cards(cards)))
    except Refusal as error:
        raise IllegalAction(Reason(None, N_("malformed %(type)s action: %(error)s"), type=data["type"],
                                   error=error.reason)) from None
