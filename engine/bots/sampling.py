"""Deal the cards a seat cannot see, consistently with everything it knows.

A sample gives every other seat its current number of cards and the kitty its
8 (unless this seat buried it and so knows it), using only unseen cards (two
copies of each card in all, R1.2), never giving a seat a suit it has shown to
be void in (R5.2, R5.4), nor both copies of a card of a suit it has shown to
hold no pair in (R5.3), and giving each seat the cards it is known to hold
(showings R8, the rest of a failed throw R4.4). The kitty is what the dealer
would have buried from its sampled cards (R8.8), not a random 8.
"""

from __future__ import annotations

import random

from ..cards import KINDS, Card
from .burying import bury_cost, choose_bury
from .knowledge import Knowledge

KITTY = 4  # destination index of the kitty in a sample
KITTY_SIZE = 8
RETRIES = 20

World = tuple[list[list[Card]], list[Card]]  # every seat's cards (the sampling seat's own included) and the kitty


def sample_world(k: Knowledge, rng: random.Random, buried: bool = True) -> World:
    """``(hands, kitty)``: a random deal of the unseen cards, ``hands[k.seat]`` being the seat's own.

    ``buried``: the kitty was buried (R8.8), so it is what the dealer would have buried; before the bury
    it is any 8 unseen cards, and while this seat holds it up there is none to deal.
    """
    public = k.public
    pool: list[Card] = []
    for c in range(KINDS):
        pool += [Card(c)] * k.unseen(c)
    known_kitty = [Card(c) for c in range(KINDS) for _ in range(k.known_kitty[c])]
    others = [s for s in range(4) if s != k.seat]
    in_hands = sum(public.hand_sizes[s] for s in others)
    capacity = [public.hand_sizes[s] if s != k.seat else 0 for s in range(4)]
    capacity.append(0 if known_kitty else len(pool) - in_hands)
    for attempt in range(RETRIES):
        dealt = _deal(k, pool, capacity, rng, strict=attempt < RETRIES - 1)
        if dealt is not None:
            break
    if dealt is None:
        raise RuntimeError("the last attempt deals without the voids' constraint, so it always deals")
    if buried and not known_kitty and public.dealer != k.seat:
        _rebury(k, dealt)
    hands = [list(k.hand) if s == k.seat else dealt[s] for s in range(4)]
    return hands, known_kitty or dealt[KITTY]


def _rebury(k: Knowledge, dealt: list[list[Card]]) -> None:
    """Split the dealer's sampled cards and the kitty as the dealer would have buried (R8.8).

    A kitty of 8 random unseen cards would hold trumps and points a dealer keeps, and so
    leave too few in the hands. The dealer's 33 cards (sampled hand, kitty, cards played)
    are buried again by the rule bot's heuristic; cards of suits the dealer has shown void
    in must be in the kitty.
    """
    public = k.public
    dealer, order = public.dealer, public.order
    pool = dealt[dealer] + dealt[KITTY]
    kitty = [c for c in pool if public.void[dealer][order.suit_of[c]]]
    if len(kitty) > KITTY_SIZE:
        return  # a sample that had to break a void (the last retry): leave it as dealt
    rest = list(pool)
    for c in kitty:
        rest.remove(c)
    for c in choose_bury(pool + public.played_by[dealer], order):
        if len(kitty) < KITTY_SIZE and c in rest:
            rest.remove(c)
            kitty.append(c)
    fill = KITTY_SIZE - len(kitty)
    rest.sort(key=lambda c: bury_cost(c, order, set()))
    dealt[dealer], dealt[KITTY] = rest[fill:], kitty + rest[:fill]


def _deal(k: Knowledge, pool: list[Card], capacity: list[int], rng: random.Random,
          strict: bool) -> list[list[Card]] | None:
    """One attempt; ``None`` on a dead end. Not ``strict``: voids may be broken to finish."""
    public = k.public
    suit_of = public.order.suit_of
    room = list(capacity)
    dealt: list[list[Card]] = [[], [], [], [], []]
    rest = list(pool)
    # Known holdings first (R8 showings, R4.4 failed throws).
    for seat in range(4):
        if seat == k.seat:
            continue
        for card, count in public.held[seat].items():
            for _ in range(count):
                if room[seat] and card in rest:
                    rest.remove(Card(card))
                    dealt[seat].append(Card(card))
                    room[seat] -= 1
    allowed = [[d for d in range(5) if capacity[d] and (d == KITTY or not public.void[d][suit])]
               for suit in range(5)]
    rng.shuffle(rest)
    # Most constrained suits first, so a seat void in much is not filled before its turn comes.
    rest.sort(key=lambda c: len(allowed[suit_of[c]]))
    for card in rest:
        suit = suit_of[card]
        options = [d for d in allowed[suit] if room[d]
                   and not (d != KITTY and public.no_pairs[d][suit] and card in dealt[d])]
        if not options:
            if strict:
                return None
            options = [d for d in range(5) if room[d]]
        total = sum(room[d] for d in options)
        pick = rng.randrange(total)
        for d in options:
            pick -= room[d]
            if pick < 0:
                break
        dealt[d].append(card)
        room[d] -= 1
    return dealt
