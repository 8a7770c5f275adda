"""Cards of the double deck (R1.2) and their compact notation.

A card is an interned ``int`` subclass: its value is an index 0..53
(``suit * 13 + rank``, then ``SJ`` = 52, ``BJ`` = 53), so tables indexed by
card are plain list lookups on the hot paths, while ``str(card)`` gives the
notation of RULES.md.

>>> parse_cards("10H AS BJ")
[Card('10H'), Card('AS'), Card('BJ')]
>>> str(Card("10H")), Card("10H").display
('10H', '10♥')
>>> Card("10H") is parse_cards("10h")[0]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from .reasons import N_, Reason, Refusal

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = ("H", "D")  # printed in red (and so is the big joker)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SMALL_JOKER = 52
BIG_JOKER = 53
DECK_SIZE = 108
KINDS = 54

# R7.1 point cards: every 5 scores 5, every 10 and K scores 10.
_RANK_POINTS = {"5": 5, "10": 10, "K": 10}


class Card(int):
    """One card: ``Card("10H")``, ``Card("BJ")`` or ``Card(index)``."""

    __slots__ = ()
    _interned: ClassVar[list[Card]] = []

    def __new__(cls, value: str | int) -> Card:  # noqa: PYI034 (the interned Card, never a new instance)
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return parse_card(value)
        if type(value) is int and 0 <= value < KINDS:  # not a bool: JSON's true is no card
            return cls._interned[value]
        raise Refusal(Reason(None, N_("no such card: %(value)s"), value=repr(value)))

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def suit(self) -> str | None:
        """Printed suit, ``None`` for jokers."""
        return None if self >= SMALL_JOKER else SUITS[self // 13]

    @property
    def rank(self) -> str:
        """``"2"``…``"A"``, or ``"SJ"``/``"BJ"`` for the jokers."""
        if self >= SMALL_JOKER:
            return "BJ" if self == BIG_JOKER else "SJ"
        return RANKS[self % 13]

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def is_red(self) -> bool:
        """Printed in red: ♥, ♦ and the big joker."""
        return self == BIG_JOKER or (self < SMALL_JOKER and SUITS[self // 13] in RED_SUITS)

    @property
    def display(self) -> str:
        """Display form: ``10♥``, ``A♠``, ``大王`` (big joker), ``小王`` (small joker)."""
        if self >= SMALL_JOKER:
            return "大王" if self == BIG_JOKER else "小王"
        return self.rank + SUIT_SYMBOLS[SUITS[self // 13]]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _name(index: int) -> str:
    if index == BIG_JOKER:
        return "BJ"
    if index == SMALL_JOKER:
        return "SJ"
    return RANKS[index % 13] + SUITS[index // 13]


_NAMES = [_name(i) for i in range(KINDS)]
Card._interned = [int.__new__(Card, i) for i in range(KINDS)]
_BY_NAME = {name: Card._interned[i] for i, name in enumerate(_NAMES)}
_BY_NAME.update({"T" + s: _BY_NAME["10" + s] for s in SUITS})
CARD_POINTS = [0 if i >= SMALL_JOKER else _RANK_POINTS.get(RANKS[i % 13], 0) for i in range(KINDS)]
TOTAL_POINTS = 2 * sum(CARD_POINTS)  # R7.1: 200 points in the two decks


def parse_card(text: str) -> Card:
    """Parse one card in the notation ``10H``, ``AS``, ``BJ`` (case-insensitive, ``T`` for 10)."""
    card = _BY_NAME.get(text.strip().upper())
    if card is None:
        raise Refusal(Reason(None, N_("not a card: %(text)s (expected e.g. 10H, AS, 2C, BJ, SJ)"), text=repr(text)))
    return card


def parse_cards(text: str | Iterable[str | int]) -> list[Card]:
    """Parse space- or comma-separated cards; also accepts an iterable of cards or names."""
    if isinstance(text, str):
        return [parse_card(part) for part in text.replace(",", " ").split()]
    # Cards pass through as they are (bot playouts rebuild hands of Cards many times a decision).
    return [item if type(item) is Card else Card(item) for item in text]


def format_cards(cards: Iterable[int]) -> str:
    """The notation of a list of cards: ``"10H 10H AS"``."""
    return " ".join(_NAMES[c] for c in cards)


def card_of(rank: str, suit: str) -> Card:
    """The card of a rank and suit: ``card_of("10", "H") == Card("10H")``."""
    return Card._interned[SUITS.index(suit) * 13 + RANKS.index(rank)]


def full_deck() -> list[Card]:
    """The 108 cards of two decks (R1.2), every card twice, in index order."""
    return [Card._interned[i] for i in range(KINDS) for _ in range(2)]


def points_of(cards: Iterable[int]) -> int:
    """Total points of some cards (R7.1)."""
    return sum(CARD_POINTS[c] for c in cards)
