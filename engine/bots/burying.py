"""The rule bot's bury (R8.8): void short plain suits, keep trumps, aces and pairs, keep points out.

Points buried score for the defenders, multiplied, if they take the last trick
(R7.3, R7.4), so they cost extra; a void lets the declarers ruff (R5.5).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations

from ..cards import CARD_POINTS, RANKS, Card
from ..combos import split_pairs
from ..trump import TRUMP_SUIT, Order

KITTY_SIZE = 8
VOID_BONUS = 14  # worth burying a king-high doubleton for, not an ace or a pair
TRUMP_COST = 100
POINT_COST = 2.0  # per point: a buried 10 costs as much as a queen
PAIR_COST = 10
ACE_COST = 6


def bury_cost(card: int, order: Order, paired: Collection[int]) -> float:
    """How much burying ``card`` costs the hand."""
    cost = order.step_of[card] + POINT_COST * CARD_POINTS[card] + PAIR_COST * (card in paired)
    if order.is_trump[card]:
        cost += TRUMP_COST
    elif Card(card).rank == RANKS[-1]:
        cost += ACE_COST
    return cost


def choose_bury(hand: Sequence[Card], order: Order) -> list[Card]:
    """8 cards to bury from the 33 the kitty holder has: the cheapest set of voids and low cards.

    The choice depends on the cards only, not on their order (the samplers rely on it).
    """
    return bury_options(hand, order)[0][1]


def bury_options(hand: Sequence[Card], order: Order) -> list[tuple[float, list[Card]]]:
    """Every set of plain suits to void (that fits in the kitty) with the cheapest cards to fill it up, and
    its cost less the voids' worth, cheapest first (the first is the rule bot's bury)."""
    hand = sorted(hand)
    paired = set(split_pairs(hand)[0])
    cost = {c: bury_cost(c, order, paired) for c in set(hand)}
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        if order.suit_of[c] != TRUMP_SUIT:
            by_suit.setdefault(order.suit_of[c], []).append(c)
    options: list[tuple[float, list[Card]]] = []
    suits = sorted(by_suit)
    for size in range(len(suits) + 1):
        for voided in combinations(suits, size):
            chosen = [c for s in voided for c in by_suit[s]]
            if len(chosen) > KITTY_SIZE:
                continue
            rest = list(hand)
            for c in chosen:
                rest.remove(c)
            rest.sort(key=lambda c: cost[c])
            chosen += rest[: KITTY_SIZE - len(chosen)]
            options.append((sum(cost[c] for c in chosen) - VOID_BONUS * len(voided), chosen))
    if len(hand) < KITTY_SIZE:
        raise ValueError("a kitty holder has 33 cards to bury 8 of")
    options.sort(key=lambda option: option[0])  # stable: of equal costs, the first enumerated
    return options  # voiding no suit is always among the options
