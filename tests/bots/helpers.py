"""Positions for the bot tests: hands played by bots up to a chosen moment."""

from __future__ import annotations

import random

from engine import Hand, Rules, full_deck
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
