"""The rule bot's leads (R4): cash what cannot be beaten (throws that stand included),
lead to a void partner, draw trumps when strong, otherwise probe cheaply.

:func:`lead_options` scores a handful of leads; the rule bot plays the best,
and the search bot tries the best few.
"""

from __future__ import annotations

from itertools import pairwise

from ..cards import CARD_POINTS, Card
from ..combos import PAIR, SINGLE, TRACTOR, Component, decompose, split_pairs
from ..throw import beats
from ..trump import TRUMP_SUIT, Order
from .knowledge import Knowledge
from .picking import PAIR_PREMIUM, keep_value
from .weights import ISSUE4, Weights

SURE_WIN = 100.0  # a lead nobody can beat comes before any probe
PARTNER_RUFF = 70.0  # a low card to a partner known to be void (R5.5), who may ruff it
DRAW_TRUMPS = 45.0  # declarers long in trumps pull the defenders' trumps
PROBE = 20.0  # any other lead starts here, less what it costs


def lead_options(k: Knowledge, weights: Weights = ISSUE4) -> list[tuple[float, tuple[Card, ...]]]:
    """Scored leads, best first; every one is legal (cards of one suit for play, R4.2)."""
    order = k.public.order
    keep = keep_value(order, k.mine, weights)
    by_suit: dict[int, list[Card]] = {}
    for c in k.hand:
        by_suit.setdefault(order.suit_of[c], []).append(c)
    options: dict[tuple[Card, ...], float] = {}

    def offer(cards: list[Card], score: float) -> None:
        key = tuple(sorted(cards))
        if score > options.get(key, float("-inf")):
            options[key] = score

    opponents = k.opponents()
    void = k.public.void
    my_trumps = len(by_suit.get(TRUMP_SUIT, ()))
    unseen_trumps = len(k.unseen_cards(TRUMP_SUIT))
    for suit, cards in by_suit.items():
        unseen = k.unseen_cards(suit)
        components = decompose(cards, order)
        # R4.3: a unit stands if no combination of the unseen cards beats it.
        sure = [comp for comp in components if not _beaten(comp, unseen, order)]
        risk = _ruff_risk(k, suit, len(unseen), opponents)
        if sure:
            thrown = [c for comp in sure for c in comp.cards]
            value = SURE_WIN + sum(CARD_POINTS[c] for c in thrown) + 2 * len(thrown)
            if suit == TRUMP_SUIT and not k.declaring and unseen_trumps:
                value -= 40  # defenders keep their top trumps to ruff and for the last trick
            offer(thrown, value * (1 - risk))
            offer(list(sure[0].cards), (value - 5) * (1 - risk))
        base = PROBE - 10 * risk
        if suit == TRUMP_SUIT:
            base -= 25 if not k.declaring or my_trumps * 2 < unseen_trumps else 5
        else:
            base += 2 * max(0, 6 - len(cards))  # short suits: a void to ruff with later
            if void[k.partner][suit] and not void[k.partner][TRUMP_SUIT]:
                base += PARTNER_RUFF * (0.5 if void[(k.seat + 1) % 4][suit] else 1.0)
        lowest = min(cards, key=keep)
        offer([lowest], base - keep(lowest) - 3 * CARD_POINTS[lowest])
        pairs = split_pairs(cards)[0]
        if pairs:
            pair = min(pairs, key=keep)
            offer([pair, pair], base + PAIR_PREMIUM - keep(pair) - 6 * CARD_POINTS[pair])
        tractors = [comp for comp in components if comp.kind == TRACTOR]
        if tractors:
            bottom = tractors[-1].cards[-1]
            offer(list(tractors[-1].cards), base + 2 * PAIR_PREMIUM - keep(bottom))
        if suit == TRUMP_SUIT and k.declaring and unseen_trumps and my_trumps >= unseen_trumps:
            draw = [min(pairs, key=keep)] * 2 if pairs else [lowest]
            offer(draw, DRAW_TRUMPS)
    return sorted(((score, cards) for cards, score in options.items()), key=lambda o: -o[0])


def _beaten(component: Component, unseen: list[int], order: Order) -> bool:
    """:func:`engine.throw.beats` against all the unseen cards (``unseen`` is highest first,
    so singles and pairs are settled by its top)."""
    step_of = order.step_of
    if component.kind == SINGLE:
        return bool(unseen) and step_of[unseen[0]] > component.top
    if component.kind == PAIR:
        top_pair = next((c for c, d in pairwise(unseen) if c == d), None)
        return top_pair is not None and step_of[top_pair] > component.top
    return beats(component, unseen, order)


def _ruff_risk(k: Knowledge, suit: int, unseen: int, opponents: tuple[int, int]) -> float:
    """How likely an opponent ruffs a lead of the plain ``suit`` (R5.5): 1 when one is known void."""
    if suit == TRUMP_SUIT:
        return 0.0
    if k.ruff_threat(suit, opponents):
        return 1.0
    return 0.5 if unseen < 3 else 0.0


def choose_lead(k: Knowledge, weights: Weights = ISSUE4) -> list[Card]:
    """The rule bot's lead: the best scored option."""
    return list(lead_options(k, weights)[0][1])
