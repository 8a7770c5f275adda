"""Following a lead (R5): a check on the follower's hand, never an enumeration.

The duty a hand owes a lead is computed from the hand once (:func:`follow_duty`):
how many cards of the led suit, how many pairs, how many tractor pairs. A play
is legal exactly when it meets that duty (:func:`follow_error` says which clause
it breaks); :func:`engine.moves.random_follow` builds a legal play directly from it.

>>> from engine.cards import parse_cards as p
>>> from engine.trump import Trump
>>> order = Trump("2", "S").order()
>>> lead = LeadFormat(p("9H 9H"), order)
>>> print(follow_error(p("KH KH 3H 4C"), lead, p("KH 3H"), order))
R5.3: the lead has 1 pair(s) and you hold 1 pair(s) of ♥: play 1 of them
>>> follow_error(p("KH KH 3H 4C"), lead, p("KH KH"), order) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_SYMBOLS, SUITS, Card, format_cards
from .combos import LeadFormat, pair_steps, split_pairs, step_counts, tractor_cover
from .reasons import N_, Reason, Term
from .trump import TRUMP_SUIT, CardT, Order


def suit_label(suit: int) -> str:
    """``♥`` for a printed suit, ``trump`` (a word to translate) for the trump suit for play."""
    return Term(N_("trump")) if suit == TRUMP_SUIT else SUIT_SYMBOLS[SUITS[suit]]


class Duty:
    """What a follower with a given hand owes a lead (R5.2, R5.3)."""

    __slots__ = ("in_suit", "must_play_all", "pairs", "tractor_pairs")

    def __init__(self, in_suit: list[Card], must_play_all: bool, pairs: int, tractor_pairs: int) -> None:
        self.in_suit = in_suit  # the follower's cards of the led suit
        self.must_play_all = must_play_all  # R5.2: fewer than the lead's size, so all of them
        self.pairs = pairs  # R5.3: pairs the play must contain
        self.tractor_pairs = tractor_pairs  # R5.3: pairs the play's tractors must match


def follow_duty(hand: Sequence[Card], lead: LeadFormat, order: Order) -> Duty:
    suit_of = order.suit_of
    suit = lead.suit
    in_suit = [c for c in hand if suit_of[c] == suit]
    if len(in_suit) <= lead.size:
        return Duty(in_suit, True, 0, 0)
    if lead.pair_slots == 0:
        return Duty(in_suit, False, 0, 0)
    steps = pair_steps(in_suit, order)
    tractor_pairs = tractor_cover(step_counts(steps), lead.tractor_lengths) if lead.tractor_lengths else 0
    return Duty(in_suit, False, min(lead.pair_slots, len(steps)), tractor_pairs)


def missing_cards(hand: Sequence[int], cards: Sequence[CardT]) -> list[CardT]:
    """Cards of ``cards`` that ``hand`` does not hold (as a multiset)."""
    if len(cards) == 1:
        return [] if cards[0] in hand else list(cards)
    missing: list[CardT] = []
    for c in set(cards):
        short = cards.count(c) - hand.count(c)
        if short > 0:
            missing += [c] * short
    return missing


def follow_error(hand: Sequence[Card], lead: LeadFormat, play: Sequence[Card], order: Order) -> Reason | None:
    """Why ``play`` is not a legal answer to ``lead`` from ``hand`` (with its clause); ``None`` if legal."""
    n = lead.size
    if len(play) != n:
        return Reason("R5.1", N_("play exactly %(count)s card(s), the size of the lead (you chose %(chosen)s)"),
                      count=n, chosen=len(play))
    missing = missing_cards(hand, play)
    if missing:
        return not_held(missing)
    suit_of, suit = order.suit_of, lead.suit
    if n == 1 and suit_of[play[0]] == suit:
        return None  # the common case: a single of the led suit
    played_in_suit = [c for c in play if suit_of[c] == suit]
    if len(played_in_suit) < n:
        # R5.2 / R5.4: n cards of the led suit, or all of them when holding fewer.
        held = sum(1 for c in hand if suit_of[c] == suit)
        if len(played_in_suit) < held:
            clause = "R5.4" if suit == TRUMP_SUIT else "R5.2"
            if held <= n:
                return Reason(clause, N_("you hold %(held)s card(s) of %(suit)s: play all of them"),
                              held=held, suit=suit_label(suit))
            return Reason(clause, N_("you hold %(held)s cards of %(suit)s: play %(count)s of them"),
                          held=held, suit=suit_label(suit), count=n)
        return None
    if lead.pair_slots == 0:
        return None
    # R5.3: a play holding the lead's whole structure is always enough; otherwise compare
    # with the most structure the hand could have shown.
    steps = pair_steps(played_in_suit, order)
    counts = step_counts(steps)
    lengths = lead.tractor_lengths
    played_tractor = tractor_cover(counts, lengths) if lengths else 0
    if len(steps) >= lead.pair_slots and played_tractor == sum(lengths):
        return None
    duty = follow_duty(hand, lead, order)
    if duty.must_play_all:
        return None
    label = suit_label(suit)
    if played_tractor < duty.tractor_pairs:
        return Reason("R5.3", N_("the lead has a tractor (%(pairs)s pairs) and you hold %(suit)s tractors "
                                 "to match it: play them"),
                      pairs=" + ".join(map(str, lengths)), suit=label)
    if len(steps) < duty.pairs:
        return Reason("R5.3", N_("the lead has %(slots)s pair(s) and you hold %(held)s pair(s) of %(suit)s: "
                                 "play %(count)s of them"),
                      slots=lead.pair_slots, held=_count_pairs(duty.in_suit), suit=label, count=duty.pairs)
    return None


def not_held(missing: Sequence[int]) -> Reason:
    return Reason(None, N_("you do not hold %(cards)s"), cards=format_cards(missing))


def _count_pairs(cards: Sequence[int]) -> int:
    return len(split_pairs(cards)[0])
