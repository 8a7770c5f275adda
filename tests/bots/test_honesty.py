"""Honesty (issue 4): a bot decides from its seat's view alone.

Take a hand in progress, give the other seats a different assignment of their
hidden cards that is consistent with everything public (the same log replays
legally and the seat's view is identical), and check that every bot, with the
same random seed, makes the same decision in both.
"""

from __future__ import annotations

import random

import pytest

from engine import Hand, IllegalAction, Rules, jsonable
from engine.bots import SearchBot, get, hint

from .helpers import dealt_hand, play_until, rule_bots

HONEST_BOTS = {
    "random": get("random"),
    "easy": get("easy"),
    "rule": get("rule"),
    # No clock: a fixed number of samples, so the decision depends on view and rng only.
    "search": SearchBot(budget_ms=None, max_samples=3),
}


def owner_of_draw(hand: Hand, index: int) -> int | None:
    """The seat that drew deck card ``index`` (R1.3), ``None`` for the kitty."""
    return (hand.first_drawer + index) % 4 if index < 100 else None


def with_hidden_cards_swapped(hand: Hand, seat: int, rng: random.Random, swaps: int) -> Hand | None:
    """The same hand with ``swaps`` pairs of unplayed cards exchanged between two other seats,
    replayed from the same log; ``None`` if that is not consistent with the public record."""
    deck = list(hand.deck)
    shown = {c for s in hand.showings for c in s.cards}
    others = [s for s in range(4) if s != seat]
    for _ in range(swaps):
        a, b = rng.sample(others, 2)
        index_a = [i for i in range(100) if owner_of_draw(hand, i) == a and deck[i] in hand.hands[a]
                   and deck[i] not in shown]
        index_b = [i for i in range(100) if owner_of_draw(hand, i) == b and deck[i] in hand.hands[b]
                   and deck[i] not in shown]
        if not index_a or not index_b:
            return None
        i, j = rng.choice(index_a), rng.choice(index_b)
        deck[i], deck[j] = deck[j], deck[i]
    if deck == list(hand.deck):
        return None
    other = Hand(hand.rules, deck, hand.levels, hand.setup_dealer, hand.first_drawer, hand.hand_number)
    try:
        for entry in hand.log:
            other.apply(entry.seat, entry.action)
    except IllegalAction:
        return None  # the swap contradicts something public (a void, a failed follow, a showing)
    if jsonable(other.view(seat)) != jsonable(hand.view(seat)):
        return None  # e.g. a throw that failed here would stand there
    if [sorted(h) for h in other.hands] == [sorted(h) for h in hand.hands]:
        return None
    return other


def positions(preset: str, seed: int):
    """Hands stopped at a few moments: while dealing, burying, and at several tricks."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    stops = [
        lambda h: h.phase == "dealing" and h.drawn >= 60,
        lambda h: h.phase == "burying",
    ] + [lambda h, n=n: h.phase == "playing" and len(h.tricks) >= n for n in (0, 3, 9, 16, 22)]
    for stop in stops:
        hand = play_until(dealt_hand(rules, seed, dealer=rng.randrange(4)), rule_bots(), stop, seed)
        if hand.phase != "done":
            yield hand


@pytest.mark.parametrize("preset,seed", [("classic", 1), ("qq_super", 2), ("competition", 3), ("beijing", 4)])
def test_decisions_do_not_depend_on_hidden_cards(preset, seed):
    rng = random.Random(seed)
    compared = 0
    for hand in positions(preset, seed):
        seat = hand.to_act
        for swaps in (1, 2, 3):
            other = None
            for _ in range(30):
                other = with_hidden_cards_swapped(hand, seat, rng, swaps)
                if other is not None:
                    break
            if other is None:
                continue
            for name, bot in HONEST_BOTS.items():
                mine = bot.act(hand.view(seat), random.Random(99))
                theirs = bot.act(other.view(seat), random.Random(99))
                assert mine == theirs, f"{name} decided differently on hidden cards ({hand.phase})"
            compared += 1
    assert compared >= 6


def test_bots_do_not_change_the_view():
    hand = play_until(dealt_hand(Rules.preset("classic"), 5), rule_bots(), lambda h: len(h.tricks) >= 5)
    view = hand.view(hand.to_act)
    before = jsonable(view)
    for bot in HONEST_BOTS.values():
        bot.act(view, random.Random(1))
    hint(view)
    assert jsonable(view) == before
