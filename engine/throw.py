"""Leads and the throw check (R4).

>>> from engine.cards import parse_cards as p
>>> from engine.trump import Trump
>>> order = Trump("2", "S").order()
>>> result = check_throw(p("9H 8H 8H 4H 4H"), [p("JH 3C"), p("5C"), p("6D")], order)
>>> result.ok, [str(c) for c in result.forced], result.failed_cards
(False, ['9H'], 1)
>>> result = check_throw(p("9H 8H 8H 4H 4H"), [p("5H 5H"), p("JH"), p("6D")], order)
>>> [str(c) for c in result.forced], result.failed_cards
(['4H', '4H'], 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import RANKS, Card
from .combos import PAIR, SINGLE, Component, LeadFormat, pair_steps
from .reasons import N_, Reason
from .trump import TRUMP_SUIT, Order


@dataclass(frozen=True)
class ThrowCheck:
    """Outcome of a lead's check: does it stand (R4.3), and what is played if not (R4.4)."""

    ok: bool
    forced: tuple[Card, ...]  # the cards actually played
    failed_cards: int  # cards in the failing components (the R4.5 penalty counts these)
    failing: tuple[Component, ...] = ()


def lead_error(cards: Sequence[int], order: Order) -> Reason | None:
    """Why ``cards`` cannot be led (R4.2), or ``None``."""
    if not cards:
        return Reason("R4.2", N_("choose at least one card to lead"))
    if len({order.suit_of[c] for c in cards}) != 1:
        return Reason("R4.2", N_("a lead must be all of one suit, or all trumps"))
    return None


def is_edge_triple(lead: LeadFormat, order: Order) -> bool:
    """R4.6 副牌边三轮: ``A + KK`` or ``K + AA`` of one non-trump suit."""
    if lead.suit == TRUMP_SUIT or lead.size != 3 or len(lead.components) != 2:
        return False
    ranks = sorted(RANKS.index(Card(c).rank) for comp in lead.components for c in comp.cards)
    return ranks in ([11, 12, 12], [11, 11, 12])


def beats(component: Component, hand_in_suit: Sequence[int], order: Order) -> bool:
    """Does a hand (its cards of the led suit) hold a higher unit of the same format (R4.3)?"""
    step_of = order.step_of
    if component.kind == SINGLE:
        return any(step_of[c] > component.top for c in hand_in_suit)
    steps = set(pair_steps(hand_in_suit, order))
    if component.kind == PAIR:
        return any(s > component.top for s in steps)
    length = component.length
    return any(
        top > component.top and all(top - k in steps for k in range(1, length)) for top in steps
    )


def check_throw(lead_cards: Sequence[Card], other_hands: Sequence[Sequence[int]], order: Order,
          edge_triple: bool = False, lead: LeadFormat | None = None) -> ThrowCheck:
    """Check a lead against the other three hands (R4.3–R4.6)."""
    lead = lead or LeadFormat(lead_cards, order)
    played = tuple(lead_cards)
    if not lead.is_throw or (edge_triple and is_edge_triple(lead, order)):
        return ThrowCheck(True, played, 0)
    suit_of = order.suit_of
    in_suit = [[c for c in hand if suit_of[c] == lead.suit] for hand in other_hands]
    failing = tuple(
        comp for comp in lead.components if any(beats(comp, cards, order) for cards in in_suit)
    )
    if not failing:
        return ThrowCheck(True, played, 0)
    # R4.4: the largest failing format, and of those the lowest.
    largest = max(comp.format_rank for comp in failing)
    forced = min((c for c in failing if c.format_rank == largest), key=lambda c: c.top)
    return ThrowCheck(False, tuple(forced.cards), sum(len(c.cards) for c in failing), failing)
