"""The plays the search bot compares: the rule bot's choice and its close alternatives.

:func:`play_candidates` gives issue 4's few candidates. With issue 15's ``focus``
switch, :func:`distinct_plays` keeps one of each set of plays that differ only by
interchangeable cards (:func:`card_classes`), so a forced or trivially decided
play is not searched at all; in the endgame (:mod:`.endgame`) every legal lead
unit and follow is a candidate, the rule bot's choice first. With ``discards``, a
seat void in the led suit also weighs one discard from each suit it holds
(:func:`discard_candidates`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARD_POINTS, Card
from ..moves import lead_candidates
from .endgame import follows
from .following import winning_plays
from .knowledge import Knowledge, suit_kinds
from .leading import lead_options
from .picking import Preference, feed_value, keep_value, pick_follow
from .rule import rule_play
from .weights import ISSUE4, Weights

LEAD_CANDIDATES = 4
FAVOURED = 1000.0  # a discard's own suit comes before any card of another (keep values stay below 100)

Play = tuple[Card, ...]


def play_candidates(k: Knowledge, discards: bool = False, weights: Weights = ISSUE4) -> list[Play]:
    """The plays worth searching, the rule bot's own choice first, without repeats; with ``discards``, also
    :func:`discard_candidates`. ``weights``: the rule bot's (:mod:`.weights`)."""
    found = [tuple(rule_play(k, weights))]
    public = k.public
    if public.plays:
        order, lead = public.order, public.current_lead()
        keep = keep_value(order, k.mine, weights)
        found.append(tuple(pick_follow(k.hand, lead, order, keep)))
        found.append(tuple(pick_follow(k.hand, lead, order, feed_value(order, k.mine, weights))))
        wins = winning_plays(k, keep)
        if wins:
            found += [wins[0], wins[-1]]
    else:
        # The best lead of each suit: the choice that matters most is which suit to open.
        suits: set[int] = set()
        for _, cards in lead_options(k, weights):
            suit = k.public.order.suit_of[cards[0]]
            if suit not in suits and len(suits) < LEAD_CANDIDATES:
                suits.add(suit)
                found.append(cards)
    if discards:
        found += discard_candidates(k, weights)
    return _unique(found)


def discard_candidates(k: Knowledge, weights: Weights = ISSUE4) -> list[Play]:
    """With none of the led suit left (R5.2), one discard from each suit held: the cheapest follow that takes
    its cards from that suit first. Which suit to discard from decides the voids to come (R5.5), and the rule
    bot only ever weighs the cards one by one."""
    public = k.public
    if not public.plays:
        return []
    order, lead = public.order, public.current_lead()
    suit_of = order.suit_of
    if any(suit_of[c] == lead.suit for c in k.hand):
        return []
    keep = keep_value(order, k.mine, weights)

    def favouring(suit: int) -> Preference:
        return lambda card: keep(card) - FAVOURED * (suit_of[card] == suit)

    return _unique([tuple(pick_follow(k.hand, lead, order, favouring(suit)))
                    for suit in sorted({suit_of[c] for c in k.hand})])


def endgame_candidates(k: Knowledge, weights: Weights = ISSUE4) -> list[Play]:
    """Every legal follow, or every single, pair and tractor to lead (and the rule bot's lead, which may be
    a throw), the rule bot's choice first."""
    public = k.public
    found = [tuple(rule_play(k, weights))]
    if public.plays:
        found += follows(k.hand, public.current_lead(), public.order)
    else:
        found += lead_candidates(k.hand, public.order)
    return _unique(found)


def _unique(plays: Sequence[Play]) -> list[Play]:
    unique: dict[Play, Play] = {}
    for cards in plays:
        unique.setdefault(tuple(sorted(cards)), cards)
    return list(unique.values())


def card_classes(k: Knowledge) -> dict[Card, Card]:
    """Each card of the hand mapped to a representative of the cards interchangeable with it.

    Two single cards of one suit for play are interchangeable when they score alike, no other seat may
    hold a copy of either, and no other seat may hold a card ranked between them or equal to either: then
    whichever is played, the cards left relate to every card still in play in the same way (R2, R3, R6).
    Cards of equal rank (the level cards of the other suits, R2.3; the 2s of R2.6) whose copies are placed
    alike are interchangeable too. Pairs are otherwise kept apart, for the tractors they make (R3.3).
    """
    public, mine, kitty = k.public, k.mine, k.known_kitty
    order = public.order
    classes: dict[Card, Card] = {}
    for suit in {order.suit_of[c] for c in k.hand}:
        by_step: dict[int, list[int]] = {}
        for card in suit_kinds(order)[suit]:  # highest first
            by_step.setdefault(order.step_of[card], []).append(card)
        block: dict[int, Card] = {}  # the representative of each point value among the singles of a block
        for kinds in by_step.values():
            contested = any(k.unseen(card) for card in kinds)
            alike: dict[tuple[int, int, int], Card] = {}
            for card in kinds:
                if not mine[card]:
                    continue
                if mine[card] == 1 and not contested:
                    classes[Card(card)] = block.setdefault(CARD_POINTS[card], Card(card))
                else:
                    classes[Card(card)] = alike.setdefault((mine[card], k.unseen(card), kitty[card]), Card(card))
            if contested or any(mine[card] == 2 for card in kinds):
                block = {}
    return classes


def distinct_plays(k: Knowledge, plays: Sequence[Play]) -> list[Play]:
    """``plays`` without those made of the same interchangeable cards as an earlier one (:func:`card_classes`)."""
    classes = card_classes(k)
    seen: set[Play] = set()
    kept: list[Play] = []
    for play in plays:
        key = tuple(sorted(classes.get(c, c) for c in play))
        if key not in seen:
            seen.add(key)
            kept.append(play)
    return kept
