"""Showings (R8.1–R8.4): what shown cards declare, reinforce or overturn, and how strong they are.

A *showing* is the cards a player lays face up to name the trump. Its strength
is a pair ``(tier, suit rank)`` compared as a tuple: a later showing must be
strictly stronger to overturn (R8.4).

>>> from engine.cards import parse_cards as p
>>> from engine.rules import Rules
>>> qq = Rules.preset("qq_super")
>>> read_showing(p("10H"), "10", qq)
('H', (1, 0))
>>> read_showing(p("10D 10D"), "10", qq)[1] < read_showing(p("10C 10C"), "10", qq)[1]
True
>>> print(read_showing(p("BJ 10S"), "10", Rules.preset("competition")))
R8.2: the big joker goes with ♥ or ♦, the small joker with ♠ or ♣
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import BIG_JOKER, RED_SUITS, SMALL_JOKER, Card, card_of
from .reasons import N_, Reason
from .rules import Rules

SINGLE_TIER, PAIR_TIER, SMALL_JOKERS_TIER, BIG_JOKERS_TIER = 1, 2, 3, 4


@dataclass(frozen=True)
class Showing:
    """Cards shown by ``seat``; ``suit`` is the trump they name (``None``: no-trump)."""

    seat: int
    cards: tuple[Card, ...]
    suit: str | None
    strength: tuple[int, int]
    kind: str  # "declare", "reinforce" or "overturn"

    def to_dict(self) -> dict[str, Any]:
        """The showing as a view shows it (its strength follows from the cards and the rules)."""
        return {"seat": self.seat, "cards": list(self.cards), "suit": self.suit, "kind": self.kind}


def read_showing(cards: Sequence[int], level: str, rules: Rules) -> tuple[str | None, tuple[int, int]] | Reason:
    """``(suit named, strength)`` of some shown cards, or the :class:`Reason` they are not a showing."""
    shown = sorted(Card(c) for c in cards)
    jokers = [c for c in shown if c.is_joker]
    levels = [c for c in shown if not c.is_joker]
    if len(shown) == 2 and len(jokers) == 2 and shown[0] == shown[1]:
        # R8.4: a pair of identical jokers overturns to no-trump.
        return None, ((BIG_JOKERS_TIER if shown[0] == BIG_JOKER else SMALL_JOKERS_TIER), 0)
    if any(c.rank != level for c in levels) or not levels:
        return Reason("R8.1", N_("a showing needs level cards (%(level)s), alone or as R8.2 requires"),
                      level=level)
    if len(levels) > 2 or (len(levels) == 2 and levels[0] != levels[1]):
        return Reason("R8.4", N_("show one level card, or two identical level cards"))
    suit = levels[0].suit
    if suit is None:
        raise ValueError("level cards are never jokers")
    if rules.declare_with == "level_card":
        if jokers:
            return Reason("R8.2", N_("in these rules a showing is level cards only (or a pair of jokers)"))
        suit_rank = len(rules.overturn_order) - rules.overturn_order.index(suit)
        return suit, ((PAIR_TIER, suit_rank) if len(levels) == 2 else (SINGLE_TIER, 0))
    # R8.2 joker_and_level: one joker of the suit's colour with the level card(s).
    if len(jokers) != 1:
        return Reason("R8.2", N_("show one joker with your level card(s)"))
    if (jokers[0] == BIG_JOKER) != (suit in RED_SUITS):
        return Reason("R8.2", N_("the big joker goes with ♥ or ♦, the small joker with ♠ or ♣"))
    return suit, ((PAIR_TIER, 0) if len(levels) == 2 else (SINGLE_TIER, 0))


def showing_kinds(level: str) -> tuple[Card, ...]:
    """The card kinds showings are made of (R8.1–R8.4): the jokers and the level rank of each suit. A hand's
    :func:`candidate_showings` depend on its copies of these alone."""
    return (Card(SMALL_JOKER), Card(BIG_JOKER), *(card_of(level, suit) for suit in ("S", "H", "D", "C")))


def candidate_showings(hand: Sequence[int], level: str, rules: Rules) -> list[tuple[Card, ...]]:
    """Every distinct showing the cards in ``hand`` make (whether or not it is allowed now)."""
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    found: list[tuple[Card, ...]] = []
    for joker in (SMALL_JOKER, BIG_JOKER):
        if counts.get(joker, 0) == 2:
            found.append((Card(joker), Card(joker)))
    for suit in ("S", "H", "D", "C"):
        card = card_of(level, suit)
        held = counts.get(card, 0)
        if not held:
            continue
        if rules.declare_with == "level_card":
            found += [(card,)] + ([(card, card)] if held == 2 else [])
        else:
            joker = Card(BIG_JOKER if suit in RED_SUITS else SMALL_JOKER)
            if counts.get(joker, 0):
                found += [(joker, card)] + ([(joker, card, card)] if held == 2 else [])
    return found
