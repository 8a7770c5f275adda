"""The card counter (记牌器, issue 14): what one seat can count from its own view.

For each card of each suit for play (R2.7: the trumps as one suit, then the plain suits), how many of its
two copies (R1.2) the viewer has not seen: neither in the viewer's hand, nor played, nor in the kitty the
viewer buried itself and still lies there (R8.8). And which seats have shown, by their own plays, that
they hold no more of a suit: a follow with fewer cards of the led suit than the lead asked (R5.2, R5.4).

Computed from a :class:`~engine.view.SeatView` alone, so it tells nothing the view does not hold.

>>> from engine import Hand, Play, Rules, Trump
>>> hand = Hand.at_play(Rules.preset("classic"), Trump("2", "S"),
...                     ["AH KH", "QH 3C", "AS 4D", "JH 5D"], dealer=0, leader=0)
>>> entry = hand.apply(0, Play("AH"))
>>> count = card_count(hand.view(1))
>>> count.unseen_of("AH"), count.unseen_of("QH"), count.unseen_of("KH")
(1, 1, 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import KINDS, Card
from .trump import SUIT_NAMES, TRUMP_SUIT, Order, Trump
from .view import SeatView

COPIES = 2  # R1.2: two decks
# The suits for play as the counter lists them: trumps first, then the plain suits as the hand shows them.
LISTED_SUITS = (TRUMP_SUIT, 0, 1, 3, 2)


@dataclass(frozen=True, slots=True)
class SuitCount:
    """One suit for play (``suit``: ``"trump"`` or a suit letter): each of its cards, highest first, with the
    copies not yet seen."""

    suit: str
    cards: tuple[tuple[Card, int], ...]

    @property
    def unseen(self) -> int:
        return sum(count for _, count in self.cards)


@dataclass(frozen=True, slots=True)
class CardCount:
    suits: tuple[SuitCount, ...]
    voids: tuple[tuple[str, ...], ...]  # by seat: the suits for play it has shown it no longer holds

    def unseen_of(self, card: Card | str) -> int:
        wanted = Card(card)
        return next(count for suit in self.suits for c, count in suit.cards if c == wanted)


def card_count(view: SeatView) -> CardCount:
    """What ``view.seat`` (a spectator: ``None``) can count now."""
    order = (view.trump or Trump(view.level, None)).order(view.rules.twos_trump)
    seen: Counter[int] = Counter(view.hand)
    tricks = view.tricks if view.trick is None else (*view.tricks, view.trick)
    for trick in tricks:
        for _, cards in trick.plays:
            seen.update(cards)
    if view.buried is not None and view.kitty_burier == view.seat:
        seen.update(view.buried)  # the kitty this seat buried is still where it put it
    suits = tuple(SuitCount(SUIT_NAMES[suit], tuple((Card(c), max(COPIES - seen[c], 0))
                                                    for c in _cards_of(order, suit)))
                  for suit in LISTED_SUITS if _cards_of(order, suit))
    return CardCount(suits, _voids(view, order))


def _cards_of(order: Order, suit: int) -> list[int]:
    return sorted((c for c in range(KINDS) if order.suit_of[c] == suit), key=lambda c: (-order.step_of[c], c))


def _voids(view: SeatView, order: Order) -> tuple[tuple[str, ...], ...]:
    void: list[set[int]] = [set(), set(), set(), set()]
    tricks = view.tricks if view.trick is None else (*view.tricks, view.trick)
    for trick in tricks:
        if not trick.plays:
            continue
        lead = trick.plays[0][1]
        suit = order.suit_of[lead[0]]
        for seat, cards in trick.plays[1:]:
            if sum(1 for c in cards if order.suit_of[c] == suit) < len(lead):
                void[seat].add(suit)  # R5.2/R5.4: a seat holding enough of the suit must have followed it
    return tuple(tuple(SUIT_NAMES[s] for s in LISTED_SUITS if s in seat_void) for seat_void in void)

