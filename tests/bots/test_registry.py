"""The bot registry and the uniform interface the web app calls (issue 4, item 6)."""

from __future__ import annotations

import random

import pytest

from engine import Draw, Play, Rules
from engine.bots import BOTS, Bot, EasyBot, RuleBot, SearchBot, get, hint

from .helpers import dealt_hand, play_until, rule_bots


def test_every_strength_is_registered():
    assert isinstance(get("easy"), EasyBot) and isinstance(get("normal"), RuleBot)
    assert isinstance(get("hard"), SearchBot) and get("search", budget_ms=50).budget_ms == 50
    assert all(isinstance(get(name), Bot) for name in BOTS)
    with pytest.raises(ValueError, match="no such bot"):
        get("grandmaster")


def test_act_is_none_when_the_seat_has_nothing_to_do():
    hand = play_until(dealt_hand(Rules.preset("classic"), 6), rule_bots(), lambda h: len(h.tricks) >= 2)
    waiting = (hand.to_act + 1) % 4
    for name in BOTS:
        assert get(name).act(hand.view(waiting), random.Random(0)) is None
    dealing = dealt_hand(Rules.preset("classic"), 6)
    assert get("rule").act(dealing.view(dealing.to_act), random.Random(0)) == Draw()


def test_hint_is_the_rule_bots_choice():
    hand = play_until(dealt_hand(Rules.preset("qq_super"), 9), rule_bots(), lambda h: len(h.tricks) >= 4)
    view = hand.view(hand.to_act)
    expected = RuleBot().act(view, random.Random(5))
    assert isinstance(expected, Play)
    assert hint(view) == expected


def test_easy_sometimes_plays_a_random_legal_card():
    hand = play_until(dealt_hand(Rules.preset("classic"), 12), rule_bots(), lambda h: len(h.tricks) >= 1)
    view = hand.view(hand.to_act)
    choices = {EasyBot(blunder_rate=1.0).act(view, random.Random(seed)) for seed in range(30)}
    assert len(choices) > 1
    for action in choices:
        assert hand.can_apply(hand.to_act, action)
