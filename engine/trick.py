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

from .cards import Card
from .combos import LeadFormat
from .trump import TRUMP_SUIT, Order


class FailedThrow(NamedTuple):
    """R4.4/R4.5: a lead whose throw failed: the cards tried, and how many were in the failing components."""

    cards: tuple[Card, ...]
    failed_cards: int


@dataclass
class Trick:
    """One trick of a hand as it is played: the plays in order, then its winner and points (R6, R7)."""

    leader: int
    plays: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    lead: LeadFormat | None = None
    winner: int | None = None
    points: int = 0
    failed_throw: FailedThrow | None = None


def trick_winner(plays: Sequence[Sequence[Card]], order: Order, lead: LeadFormat | None = None) -> int:
    """Index (in play order) of the play that wins; ``plays[0]`` is the lead as played.

    ``lead`` may be passed when the caller already analysed ``plays[0]``.
    """
    lead = lead or LeadFormat(plays[0], order)
    suit_of = order.suit_of
    best, best_key = 0, lead.key(plays[0], order)
    if best_key is None:
        raise ValueError("a lead always answers its own format")
    ruffed = lead.suit == TRUMP_SUIT
    for i in range(1, len(plays)):
        play = plays[i]
        suits = {suit_of[c] for c in play}
        if len(suits) != 1:
            continue  # R6.1: a mixed play never wins.
        suit = suits.pop()
        if suit == lead.suit:
            if lead.is_throw or (ruffed and suit != TRUMP_SUIT):
                continue  # R6.4: a standing throw is not beaten in its suit; nor is a ruff by the led suit.
            key = lead.key(play, order)
            if key is not None and key > best_key:  # R6.1, R6.3: strictly higher; ties go to the first.
                best, best_key = i, key
        elif suit == TRUMP_SUIT:
            key = lead.key(play, order)  # R6.1, R6.2: a ruff must have the lead's format.
            if key is not None and (not ruffed or key > best_key):
                best, best_key, ruffed = i, key, True
    return best
