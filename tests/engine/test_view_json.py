"""A seat's view survives its JSON form unchanged (bots in other processes are sent it as JSON)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.view import SeatView


@pytest.mark.parametrize("preset", engine.PRESETS)
def test_every_seats_view_comes_back_from_json_as_it_was(preset):
    match = engine.Match(engine.Rules.preset(preset), seed=preset)
    rng = random.Random(1)
    for _ in range(400):
        if match.hand_over:
            if match.winner is not None:
                break
            match.next_hand()
        for seat in (0, 1, 2, 3, None):
            view = match.view(seat)
            assert SeatView.from_dict(json.loads(json.dumps(engine.jsonable(view)))) == view
        hand = match.hand
        match.apply(hand.to_act, hand.random_action(hand.to_act, rng))
