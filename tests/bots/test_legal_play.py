"""Bots never attempt an illegal action: whole hands under every preset, with mixed tables.

Every action goes through ``Hand.apply``, which raises ``IllegalAction`` on any
breach, so finishing the hands is the test.
"""

from __future__ import annotations

import random

import pytest

from engine import PRESETS, Rules
from engine.bots import SearchBot, get

from .helpers import dealt_hand, play_until

TABLES = {
    "rule": ["rule", "rule", "rule", "rule"],
    "mixed": ["rule", "random", "easy", "random"],
    "easy": ["easy", "rule", "easy", "rule"],
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("table", sorted(TABLES))
def test_whole_hands_without_illegal_actions(preset, table):
    rules = Rules.preset(preset)
    for seed in range(4):
        rng = random.Random(seed)
        levels = (rng.choice("23456789"), rng.choice("23456789"))
        bots = [get(name) for name in TABLES[table]]
        hand = play_until(dealt_hand(rules, seed * 31 + len(table), levels, dealer=seed % 4), bots,
                          lambda h: False, seed)
        assert hand.phase == "done"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_search_plays_whole_hands_legally(preset):
    search = SearchBot(budget_ms=None, max_samples=2)
    bots = [search, get("rule"), search, get("random")]
    hand = play_until(dealt_hand(Rules.preset(preset), 77, ("9", "4"), dealer=1), bots, lambda h: False, 3)
    assert hand.phase == "done"


def test_first_hand_of_a_match_is_declared_and_played():
    # No dealer yet (R8.3): the first showing decides it; the rule bots must get the hand going.
    from engine import Match

    match = Match(Rules.preset("classic"), seed=4)
    bots = [get("rule") for _ in range(4)]
    rng = random.Random(0)
    while match.hand.phase != "done":
        hand = match.hand
        if hand.phase == "dealing":
            for k in (1, 2, 3):
                seat = (hand.to_act + k) % 4
                action = bots[seat].act(hand.view(seat), rng)
                if action is not None:
                    match.apply(seat, action)
        if match.hand.phase == "done" or match.hand is not hand:
            continue
        seat = match.hand.to_act
        match.apply(seat, bots[seat].act(match.hand.view(seat), rng))
    assert match.history[-1].dealer is not None
