"""What is trump and how cards rank (R2), built once per trump as lookup tables.

An :class:`Order` maps every card index to its *suit for play* (R2.7: 0–3 for
the printed suits ♠♥♦♣, 4 for trump) and to a *step*: an integer such that
within one suit for play a higher step beats a lower one, equal steps are equal
(off-suit level cards, R2.3), and two steps are adjacent for tractors exactly
when they differ by one (R3.3: the level rank is removed from its suit, equal
cards share one step).

>>> order = Trump("10", "S").order()
>>> from engine.cards import Card
>>> order.steps_of("BJ SJ 10S 10H 10D AS KS")
[16, 15, 14, 13, 13, 12, 11]
>>> order.suit_of[Card("10H")] == TRUMP_SUIT
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from .cards import BIG_JOKER, KINDS, RANKS, SMALL_JOKER, SUITS, Card, parse_cards
from .reasons import N_, Reason, Refusal

# A Card, or a card kind's index. Values, not ``bound=int``: compiled code (engine.compiled) keeps a value of a
# type bounded by int as a bare int, which would turn the Cards it returns into plain ints.
CardT = TypeVar("CardT", Card, int)
TRUMP_SUIT = 4
SUIT_NAMES = ("S", "H", "D", "C", "trump")
LEVELS = RANKS


def normalize_level(level: str | int) -> str:
    """``"10"``, ``10``, ``"t"``, ``"j"`` → the rank name used everywhere (``"10"``, ``"J"``)."""
    text = str(level).strip().upper()
    text = "10" if text == "T" else text
    if text not in RANKS:
        raise Refusal(Reason(None, N_("not a level: %(level)s (levels run %(levels)s)"), level=repr(level),
                             levels=", ".join(RANKS)))
    return text


@dataclass(frozen=True)
class Trump:
    """The trump of a hand: the level rank (R2.1) and the trump suit, ``None`` for no-trump (R2.2).

    >>> Trump(level="10", suit="S")
    Trump(level='10', suit='S')
    >>> Trump(10, None).is_no_trump
    True
    """

    level: str
    suit: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", normalize_level(self.level))
        suit = self.suit
        if isinstance(suit, str):
            suit = suit.strip().upper()
            suit = None if suit in ("", "NT", "NONE", "N") else suit
        if suit is not None and suit not in SUITS:
            raise Refusal(Reason(None, N_("not a trump suit: %(suit)s (S, H, D, C or None for no-trump)"),
                                 suit=repr(self.suit)))
        object.__setattr__(self, "suit", suit)

    @property
    def is_no_trump(self) -> bool:
        return self.suit is None

    def order(self, twos_trump: bool = False) -> Order:
        """The order table of this trump (R2), optionally with 2s as permanent trumps (R2.6)."""
        return _order(self.level, self.suit, bool(twos_trump) and self.level != "2")

    def __str__(self) -> str:
        return f"{self.level}{'NT' if self.suit is None else self.suit}"


class Order:
    """Suit-for-play and step of each card kind, for one trump (R2). Immutable."""

    __slots__ = ("display_key", "is_trump", "step_of", "suit_of", "top_step", "trump", "twos_trump")

    def __init__(self, trump: Trump, twos_trump: bool) -> None:
        self.trump = trump
        self.twos_trump = twos_trump
        level = RANKS.index(trump.level)
        trump_suit = None if trump.suit is None else SUITS.index(trump.suit)
        suit_of = [0] * KINDS
        step_of = [0] * KINDS
        top_step = [0] * (TRUMP_SUIT + 1)

        # R2.4 / R2.3: plain suit cards, low to high, skipping the level rank (and 2s under R2.6).
        plain_ranks = [r for r in range(13) if r != level and not (twos_trump and r == 0)]
        for s in range(4):
            for_play = TRUMP_SUIT if s == trump_suit else s
            for step, r in enumerate(plain_ranks, start=1):
                suit_of[s * 13 + r] = for_play
                step_of[s * 13 + r] = step
            if for_play != TRUMP_SUIT:
                top_step[s] = len(plain_ranks)
        # R2.3 trump order above the trump suit's plain cards, low to high.
        step = len(plain_ranks)
        tiers: list[list[int]] = []
        if twos_trump:
            # R2.6: … > 副级牌 > 2 of the trump suit > 2s of other suits (equal) > trump-suit A.
            tiers.append([s * 13 for s in range(4) if s != trump_suit])
            if trump_suit is not None:
                tiers.append([trump_suit * 13])
        tiers.append([s * 13 + level for s in range(4) if s != trump_suit])
        if trump_suit is not None:
            tiers.append([trump_suit * 13 + level])
        tiers.append([SMALL_JOKER])
        tiers.append([BIG_JOKER])
        for tier in tiers:
            step += 1
            for card in tier:
                suit_of[card] = TRUMP_SUIT
                step_of[card] = step
        top_step[TRUMP_SUIT] = step
        self.suit_of = tuple(suit_of)
        self.step_of = tuple(step_of)
        self.is_trump = tuple(s == TRUMP_SUIT for s in suit_of)
        self.top_step = tuple(top_step)
        # Display order: trumps first, then ♠♥♣♦ alternating colours; high to low within (a table: bots sort hands
        # for every sampled world).
        self.display_key = tuple((_DISPLAY_SUIT_RANK[suit_of[c]], -step_of[c], c) for c in range(KINDS))

    def steps_of(self, cards: str | Iterable[str | int]) -> list[int]:
        """Steps of some cards (for doctests and debugging)."""
        return [self.step_of[c] for c in parse_cards(cards)]

    def sorted(self, cards: Iterable[CardT]) -> list[CardT]:
        return sorted(cards, key=self.display_key.__getitem__)


# Trumps leftmost, then suits alternating black/red so a hand reads easily.
_DISPLAY_SUIT_RANK = {TRUMP_SUIT: 0, 0: 1, 1: 2, 3: 3, 2: 4}


@cache
def _order(level: str, suit: str | None, twos_trump: bool) -> Order:
    return Order(Trump(level, suit), twos_trump)
