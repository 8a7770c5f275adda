"""Positions for the bot tests: hands played by bots up to a chosen moment."""

from __future__ import annotations

import random

from engine import Hand, IllegalAction, Rules, full_deck, jsonable
from engine.bots import Bot, get


def dealt_hand(rules: Rules, seed: int, levels: tuple[str, str] = ("5", "7"), dealer: int = 0) -> Hand:
    """A later hand of a match (dealer and levels given) from a seeded deck."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return Hand(rules, deck, levels, dealer)


def step(hand: Hand, bots: list[Bot], rngs: list[random.Random]) -> None:
    """One moment of the hand: while dealing every seat may show, then the seat to act acts."""
    if hand.phase == "dealing":
        for k in (1, 2, 3):
            seat = (hand.to_act + k) % 4
            action = bots[seat].act(hand.view(seat), rngs[seat])
            if action is not None:
                hand.apply(seat, action)
            if hand.phase != "dealing":
                return
    seat = hand.to_act
    hand.apply(seat, bots[seat].act(hand.view(seat), rngs[seat]))


def play_until(hand: Hand, bots: list[Bot], stop, seed: int = 0) -> Hand:
    """Let ``bots`` play ``hand`` until ``stop(hand)`` is true or the hand is over."""
    rngs = [random.Random(seed * 10 + s) for s in range(4)]
    while hand.phase != "done" and not stop(hand):
        step(hand, bots, rngs)
    return hand


def rule_bots() -> list[Bot]:
    return [get("rule") for _ in range(4)]


def owner_of_draw(hand: Hand, index: int) -> int | None:
    """The seat that drew deck card ``index`` (R1.3), ``None`` for the kitty."""
    return (hand.first_drawer + index) % 4 if index < 100 else None


def with_hidden_cards_swapped(hand: Hand, seat: int, rng: random.Random, swaps: int,
                              same_suit: bool = False) -> Hand | None:
    """The same hand with ``swaps`` pairs of unplayed cards exchanged between two other seats (``same_suit``:
    cards of one suit for play, which late in a hand is what keeps the past follows legal), replayed from
    the same log; ``None`` if that is not consistent with the public record."""
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
        i = rng.choice(index_a)
        if same_suit:
            suit_of = hand.order.suit_of
            index_b = [j for j in index_b if suit_of[deck[j]] == suit_of[deck[i]]]
            if not index_b:
                return None
        j = rng.choice(index_b)
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


def decides_alike_when_swapped(bot, hand: Hand, rng: random.Random, swaps: int = 1, same_suit: bool = False,
                               tries: int = 30) -> bool | None:
    """Whether ``bot`` makes the same decision for the seat to act in ``hand`` and in a copy with hidden cards
    swapped (:func:`with_hidden_cards_swapped`); ``None`` if no consistent swap was found in ``tries``."""
    seat = hand.to_act
    other = next((o for o in (with_hidden_cards_swapped(hand, seat, rng, swaps, same_suit) for _ in range(tries))
                  if o is not None), None)
    if other is None:
        return None
    return bot.act(hand.view(seat), random.Random(7)) == bot.act(other.view(seat), random.Random(7))


def compare_at_positions(bot, stop, seeds, wanted: int = 4, **swap) -> int:
    """Classic hands played by rule bots until ``stop``: at each, ``bot`` must decide alike with hidden cards
    swapped (:func:`decides_alike_when_swapped`, ``swap`` its options). How many were compared, at most ``wanted``."""
    compared = 0
    for seed in seeds:
        hand = play_until(dealt_hand(Rules.preset("classic"), seed, dealer=seed % 4), rule_bots(), stop, seed)
        if not stop(hand):
            continue
        alike = decides_alike_when_swapped(bot, hand, random.Random(seed), **swap)
        if alike is None:
            continue
        assert alike, f"decided differently on hidden cards (seed {seed})"
        compared += 1
        if compared == wanted:
            break
    return compared
