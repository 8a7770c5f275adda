"""Combinations (R3): singles, pairs, tractors, and the decomposition of a throw.

Everything here works on cards of one suit for play, using the steps of an
:class:`~engine.trump.Order`: a pair is two identical cards (R3.2), a tractor
is pairs on consecutive steps (R3.3).

>>> from engine.cards import parse_cards
>>> from engine.trump import Trump
>>> order = Trump("6", "S").order()
>>> [c.name for c in decompose(parse_cards("5C 5C 7C 7C"), order)]
['tractor of 2']
>>> order = Trump("10", "S").order()
>>> [c.name for c in decompose(parse_cards("10H 10H 10D 10D"), order)]
['pair', 'pair']
>>> [c.name for c in decompose(parse_cards("9C 8C 8C 4C 4C"), order)]
['pair', 'pair', 'single']
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from .cards import Card, format_cards
from .trump import CardT, Order

SINGLE, PAIR, TRACTOR = 0, 1, 2


class Component:
    """One unit of a lead: a single, a pair or a tractor (R3.1–R3.3)."""

    __slots__ = ("cards", "kind", "length", "top")

    def __init__(self, kind: int, length: int, top: int, cards: tuple[Card, ...]) -> None:
        self.kind = kind  # SINGLE, PAIR or TRACTOR
        self.length = length  # pairs in a tractor; 1 for a pair or single
        self.top = top  # step of the highest card
        self.cards = cards

    @property
    def format_rank(self) -> tuple[int, int]:
        """Larger formats first (R4.4, R7.4): longer tractors, then pairs, then singles."""
        return (self.kind, self.length)

    @property
    def name(self) -> str:
        return ("single", "pair", f"tractor of {self.length}")[self.kind]

    def __repr__(self) -> str:
        return f"<{self.name} {format_cards(self.cards)}>"


def split_pairs(cards: Sequence[CardT]) -> tuple[list[CardT], list[CardT]]:
    """(pair cards, one entry per pair; leftover singles) of some cards."""
    ordered = sorted(cards)
    pairs: list[CardT] = []
    singles: list[CardT] = []
    i, n = 0, len(ordered)
    while i < n:
        if i + 1 < n and ordered[i] == ordered[i + 1]:
            pairs.append(ordered[i])
            i += 2
        else:
            singles.append(ordered[i])
            i += 1
    return pairs, singles


def pair_steps(cards: Sequence[int], order: Order) -> list[int]:
    """Steps of the pairs among some cards, one entry per pair, ascending."""
    step_of = order.step_of
    return sorted(step_of[c] for c in split_pairs(cards)[0])


def step_counts(steps: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for s in steps:
        counts[s] = counts.get(s, 0) + 1
    return counts


def runs(steps: Collection[int]) -> Iterator[tuple[int, int]]:
    """``(top step, length)`` of each maximal run of consecutive steps (R3.3: a tractor's pairs)."""
    for top in steps:
        if top + 1 in steps:
            continue
        length = 1
        while top - length in steps:
            length += 1
        yield top, length


def longest_run_top(counts: dict[int, int], minimum: int) -> int | None:
    """Top step of the highest run of at least ``minimum`` consecutive steps, else ``None``."""
    return max((top for top, length in runs(counts) if length >= minimum), default=None)


def tractor_cover(counts: dict[int, int], lengths: Sequence[int]) -> int:
    """Most pairs of the tractors ``lengths`` that disjoint tractors among ``counts`` can match.

    ``counts`` maps a step to how many pairs stand on it; ``lengths`` are the
    tractor components of a lead, longest first. A held tractor may be split
    into shorter ones (R5.3), and the pairs of one step may serve two tractors.
    """
    if not lengths:
        return 0
    if len(lengths) == 1:
        return lengths[0] if longest_run_top(counts, lengths[0]) is not None else 0
    return tractor_placement(counts, lengths)[0]


def tractor_placement(
    counts: dict[int, int], lengths: Sequence[int], starts: Sequence[int] | None = None
) -> tuple[int, list[tuple[int, int]]]:
    """:func:`tractor_cover` with a placement reaching it: ``(pairs, [(bottom step, length), …])``.

    ``starts`` is the order in which bottom steps are tried (a bot shuffles it
    to pick among equally good placements).
    """
    counts = {s: n for s, n in counts.items() if n}
    order = sorted(counts) if starts is None else [s for s in starts if s in counts]
    return _cover(counts, list(lengths), 0, order)


def _cover(
    counts: dict[int, int], lengths: list[int], i: int, starts: list[int]
) -> tuple[int, list[tuple[int, int]]]:
    if i == len(lengths):
        return 0, []
    most = sum(lengths[i:])
    t = lengths[i]
    best: tuple[int, list[tuple[int, int]]] = (-1, [])
    for start in starts:
        if all(counts.get(start + k, 0) > 0 for k in range(t)):
            for k in range(t):
                counts[start + k] -= 1
            found, placed = _cover(counts, lengths, i + 1, starts)
            for k in range(t):
                counts[start + k] += 1
            if t + found > best[0]:
                best = (t + found, [(start, t)] + placed)
                if best[0] == most:
                    return best
    skipped = _cover(counts, lengths, i + 1, starts)
    return skipped if skipped[0] > best[0] else best


# The bots' playouts split the same few leads again and again: the components of recent ones are kept, by
# order table and cards, and forgotten all at once past DECOMPOSED_KEPT. Each entry holds its order, so the
# order's id cannot be reused by another order while the entry lives.
DECOMPOSED_KEPT = 1 << 14
_DECOMPOSED: dict[tuple[int, tuple[Card, ...]], tuple[Order, tuple[Component, ...]]] = {}


def decompose(cards: Sequence[Card], order: Order) -> tuple[Component, ...]:
    """Split a lead of one suit for play into components (R3.4).

    Longest tractors first (the highest of equally long ones), then pairs, then
    singles; each group is listed from high to low.
    """
    key = (id(order), tuple(cards))
    found = _DECOMPOSED.get(key)
    if found is None:
        if len(_DECOMPOSED) >= DECOMPOSED_KEPT:
            _DECOMPOSED.clear()
        found = _DECOMPOSED[key] = (order, tuple(_decompose(key[1], order)))
    return found[1]


def _decompose(cards: tuple[Card, ...], order: Order) -> list[Component]:
    step_of = order.step_of
    if len(cards) == 1:
        return [Component(SINGLE, 1, step_of[cards[0]], cards)]
    if len(cards) == 2 and cards[0] == cards[1]:
        return [Component(PAIR, 1, step_of[cards[0]], cards)]
    pairs, singles = split_pairs(cards)
    by_step: dict[int, list[Card]] = {}
    for card in sorted(pairs):
        by_step.setdefault(step_of[card], []).append(card)
    components: list[Component] = []
    while True:
        steps = {s for s, cs in by_step.items() if cs}
        longest = max(((length, top) for top, length in runs(steps) if length > 1), default=None)
        if longest is None:
            break
        best_length, best_top = longest
        tractor = []
        for step in range(best_top, best_top - best_length, -1):
            card = by_step[step].pop(0)
            tractor += [card, card]
        components.append(Component(TRACTOR, best_length, best_top, tuple(tractor)))
    rest = [card for cs in by_step.values() for card in cs]
    components += sorted(
        (Component(PAIR, 1, step_of[c], (c, c)) for c in rest), key=lambda comp: -comp.top
    )
    components += sorted(
        (Component(SINGLE, 1, step_of[c], (c,)) for c in singles), key=lambda comp: -comp.top
    )
    return components


class LeadFormat:
    """What a lead asks of the other plays: its suit, size and structure (R3, R5, R6)."""

    __slots__ = ("components", "is_throw", "largest", "pair_slots", "size", "suit", "tractor_lengths")

    def __init__(self, cards: Sequence[Card], order: Order) -> None:
        suits = {order.suit_of[c] for c in cards}
        if len(suits) != 1:
            raise ValueError("a lead must be of one suit for play (R4.2)")
        self.suit = suits.pop()
        self.size = len(cards)
        self.components = decompose(cards, order)
        components = self.components
        # decompose() lists tractors first, longest first, so the first component is the largest.
        self.tractor_lengths = [c.length for c in components if c.kind == TRACTOR]
        self.pair_slots = sum(c.length for c in components if c.kind != SINGLE)
        self.is_throw = len(components) > 1
        self.largest = components[0]

    def key(self, cards: Sequence[int], order: Order) -> int | None:
        """How strong ``cards`` (one suit for play) are as an answer to this lead, or ``None``.

        ``None`` unless the cards contain the lead's tractors (same lengths) and
        pairs (R6.1, R6.2); otherwise the step of the highest unit of the lead's
        largest format: tractor of that length, else pair, else single (R6.2).
        """
        if self.pair_slots == 0:
            return max(order.step_of[c] for c in cards)
        steps = pair_steps(cards, order)
        if len(steps) < self.pair_slots:
            return None
        counts = step_counts(steps)
        if not self.tractor_lengths:
            return steps[-1]
        if tractor_cover(counts, self.tractor_lengths) < sum(self.tractor_lengths):
            return None
        return longest_run_top(counts, self.tractor_lengths[0])
