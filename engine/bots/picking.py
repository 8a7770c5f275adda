"""Choosing which cards to play: structure first (R5.3), then the cheapest by a preference.

The rules engine checks plays; these helpers build one deliberately. A
*preference* is a key function on cards: lower keys are played first. The
two main ones are :func:`keep_value` (play what is least worth keeping) and
:func:`feed_value` (play points first, for a partner who wins the trick).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import CARD_POINTS, Card
from ..combos import LeadFormat, split_pairs, tractor_placement
from ..follow import Duty, follow_duty
from ..trump import Order
from .weights import ISSUE4, Weights

Preference = Callable[[int], float]

PAIR_PREMIUM = 6  # breaking a pair costs structure for later tricks (R5.3)


def keep_value(order: Order, counts: Sequence[int], weights: Weights = ISSUE4,
               masters: frozenset[int] = frozenset()) -> Preference:
    """How much a card is worth keeping: rank, trump, points (by ``weights``), whether the hand
    (``counts``: copies held of each card kind) holds it as a pair, and whether it is one of ``masters``
    (:meth:`.knowledge.Knowledge.masters`: a trick it will win later)."""
    step_of, is_trump = order.step_of, order.is_trump
    trump_premium, point_weight = weights.trump_premium, weights.point_weight
    master_premium = weights.master_premium

    def value(card: int) -> float:
        return (step_of[card] + trump_premium * is_trump[card] + point_weight * CARD_POINTS[card]
                + PAIR_PREMIUM * (counts[card] >= 2) + master_premium * (card in masters))

    return value


def feed_value(order: Order, counts: Sequence[int], weights: Weights = ISSUE4) -> Preference:
    """Points first (10 and K before 5), then as :func:`keep_value`: for a trick the partner wins."""
    keep = keep_value(order, counts, weights)
    feed = 4 + weights.point_weight
    trump_feed = feed * weights.trump_feed
    is_trump = order.is_trump

    def value(card: int) -> float:
        return keep(card) - (trump_feed if is_trump[card] else feed) * CARD_POINTS[card]

    return value


def pick_structured(cards: Sequence[Card], tractor_lengths: Sequence[int], pairs: int, size: int,
                    order: Order, prefer: Preference, reverse: bool = False) -> list[Card] | None:
    """``size`` cards of ``cards`` holding as much of the tractors ``tractor_lengths`` as they can,
    ``pairs`` pairs in all (tractor pairs included), then singles; ``None`` if too few cards.

    Among equal structures the cheapest by ``prefer`` are taken (the dearest with ``reverse``).
    """
    if len(cards) < size:
        return None
    step_of = order.step_of
    pair_cards = split_pairs(cards)[0]
    pair_cards.sort(key=prefer, reverse=reverse)
    by_step: dict[int, list[Card]] = {}
    for card in pair_cards:
        by_step.setdefault(step_of[card], []).append(card)
    chosen: list[Card] = []
    if tractor_lengths and by_step:
        counts = {step: len(cs) for step, cs in by_step.items()}
        starts = sorted(counts, reverse=reverse)
        _, placement = tractor_placement(counts, tractor_lengths, starts)
        for bottom, length in placement:
            for step in range(bottom, bottom + length):
                card = by_step[step].pop(0)
                chosen += [card, card]
    # Each pair card kind appears once in pair_cards; those still in by_step are unused, in preference order.
    unused = [card for card in pair_cards if card in by_step[step_of[card]]]
    for card in unused[: max(0, pairs - len(chosen) // 2)]:
        chosen += [card, card]
    rest = list(cards)
    for card in chosen:
        rest.remove(card)
    rest_paired = set(split_pairs(rest)[0])
    rest.sort(key=lambda c: prefer(c) + (PAIR_PREMIUM if c in rest_paired else 0), reverse=reverse)
    return chosen + rest[: size - len(chosen)]


def pick_follow(hand: Sequence[Card], lead: LeadFormat, order: Order, prefer: Preference,
                duty: Duty | None = None) -> list[Card]:
    """A legal follow (R5.2, R5.3) made of the cards ``prefer`` ranks lowest.

    ``duty`` may be passed when the caller already has it (:func:`engine.follow.follow_duty`).
    """
    size = lead.size
    if size == 1:
        in_suit = [c for c in hand if order.suit_of[c] == lead.suit]
        return [min(in_suit or hand, key=prefer)]
    duty = duty or follow_duty(hand, lead, order)
    if duty.must_play_all:
        others = [c for c in hand if order.suit_of[c] != lead.suit]
        others_paired = set(split_pairs(others)[0])
        others.sort(key=lambda c: prefer(c) + (PAIR_PREMIUM if c in others_paired else 0))
        return list(duty.in_suit) + others[: size - len(duty.in_suit)]
    lengths = lead.tractor_lengths if duty.tractor_pairs else []
    picked = pick_structured(duty.in_suit, lengths, duty.pairs, size, order, prefer)
    if picked is None:
        raise ValueError("a follower holding more of the led suit than the lead's size has enough cards")
    return picked
