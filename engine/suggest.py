"""Candidate and random leads (for ``legal_actions``, the simulator and the bots).

Any set of cards of one suit for play may be led (R4.2), so these are choices,
never a complete list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .combos import split_pairs
from .trump import Order


def lead_candidates(hand: Sequence[int], order: Order) -> list[tuple[int, ...]]:
    """Every distinct single, pair and tractor in ``hand`` (R3.1–R3.3)."""
    step_of, suit_of = order.step_of, order.suit_of
    leads: list[tuple[int, ...]] = [(c,) for c in sorted(set(hand))]
    pairs = split_pairs(hand)[0]
    leads += [(c, c) for c in pairs]
    by_suit_step: dict[tuple[int, int], int] = {}
    for card in sorted(pairs):
        by_suit_step.setdefault((suit_of[card], step_of[card]), card)
    for (suit, bottom), card in by_suit_step.items():
        tractor = [card, card]
        step = bottom + 1
        while (suit, step) in by_suit_step:
            above = by_suit_step[(suit, step)]
            tractor += [above, above]
            leads.append(tuple(tractor))
            step += 1
    return leads


def random_lead(hand: Sequence[int], order: Order, rng: random.Random, throw_chance: float = 0.1) -> list[int]:
    """A random lead: a random card, often with its pair and the tractor above it; sometimes a
    random throw attempt of its suit (to exercise R4.3)."""
    card = rng.choice(hand)
    suit_of = order.suit_of
    if rng.random() < throw_chance:
        in_suit = [c for c in hand if suit_of[c] == suit_of[card]]
        return rng.sample(in_suit, rng.randint(1, min(4, len(in_suit))))
    if hand.count(card) < 2 or rng.random() < 0.3:
        return [card]
    lead = [card, card]
    step_of, step, suit = order.step_of, order.step_of[card], suit_of[card]
    while rng.random() < 0.7:
        above = [c for c in hand if suit_of[c] == suit and step_of[c] == step + 1 and hand.count(c) == 2]
        if not above:
            break
        lead += [above[0], above[0]]
        step += 1
    return lead
