"""A trick and who wins it (R6).

>>> from engine.cards import parse_cards as p
>>> from engine.trump import Trump
>>> order = Trump("2", "H").order()
>>> trick_winner([p("5S 4S 4S"), p("9H 7H 7H"), p("8H 8H 4H"), p("3S 6S 7S")], order)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import CARD_POINTS, Card
from .combos import LeadFormat
from .trump import TRUMP_SUIT, Order


class FailedThrow(NamedTuple):
    """R4.4/R4.5: a lead whose throw failed: the cards tried, and how many were in the failing components."""

    cards: tuple[Card, ...]
    failed_cards: int


class Standing(NamedTuple):
    """Who is winning a trick so far (R6): the index of the best play, its key in the lead's format, and
    whether it is a ruff. Folding each play into it (:func:`standing_after`) gives :func:`trick_winner`."""

    best: int
    key: int
    ruffed: bool


def standing_after(standing: Standing | None, play: Sequence[Card], index: int, lead: LeadFormat,
                   order: Order) -> Standing:
    """The standing once ``play``, the ``index``-th of the trick, is made (``standing``: before it; ``None``
    before the lead, which wins on its own, R6.1)."""
    if standing is None:
        key = lead.key(play, order)
        if key is None:
            raise ValueError("a lead always answers its own format")
        return Standing(0, key, lead.suit == TRUMP_SUIT)
    suit_of = order.suit_of
    suit = suit_of[play[0]]
    if any(suit_of[c] != suit for c in play):
        return standing  # R6.1: a mixed play never wins.
    if suit == lead.suit:
        if lead.is_throw or (standing.ruffed and suit != TRUMP_SUIT):
            return standing  # R6.4: a standing throw is not beaten in its suit; nor is a ruff by the led suit.
        key = lead.key(play, order)
        if key is not None and key > standing.key:  # R6.1, R6.3: strictly higher; ties go to the first.
            return Standing(index, key, standing.ruffed)
    elif suit == TRUMP_SUIT:
        key = lead.key(play, order)  # R6.1, R6.2: a ruff must have the lead's format.
        if key is not None and (not standing.ruffed or key > standing.key):
            return Standing(index, key, True)
    return standing


@dataclass
class Trick:
    """One trick of a hand as it is played: the plays in order, then its winner and points (R6, R7).

    ``standing`` is who is winning so far, kept play by play by :meth:`add`.
    """

    leader: int
    plays: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    lead: LeadFormat | None = None
    winner: int | None = None
    points: int = 0
    failed_throw: FailedThrow | None = None
    standing: Standing | None = None

    def add(self, seat: int, cards: tuple[Card, ...], order: Order) -> Standing:
        """Record ``seat``'s play (the lead when it is the first) and return the standing after it."""
        lead = self.lead = self.lead or LeadFormat(cards, order)
        self.standing = standing_after(self.standing, cards, len(self.plays), lead, order)
        self.plays.append((seat, cards))
        return self.standing


def plays_points(plays: Sequence[tuple[int, Sequence[int]]]) -> int:
    """The points in a trick's plays (R7.1): what its winner takes (a playout sums one every fourth play)."""
    return sum(CARD_POINTS[c] for _, cards in plays for c in cards)


def trick_winner(plays: Sequence[Sequence[Card]], order: Order, lead: LeadFormat | None = None) -> int:
    """Index (in play order) of the play that wins; ``plays[0]`` is the lead as played.

    ``lead`` may be passed when the caller already analysed ``plays[0]``.
    """
    lead = lead or LeadFormat(plays[0], order)
    standing = None
    for i, play in enumerate(plays):
        standing = standing_after(standing, play, i, lead, order)
    if standing is None:
        raise ValueError("a trick has a lead")
    return standing.best
