"""The rule bot's weights as data (issue 15): issue 4's for Normal and for the Hard bot with the switch off,
the tuned ones for the search's own rule bot, and names the arena can give."""

from __future__ import annotations

import random

import pytest

from engine import Play, Rules
from engine.bots import SearchBot, Weights, get
from engine.bots import search as search_module
from engine.bots.picking import keep_value
from engine.bots.weights import ISSUE4, TUNED
from engine.cards import CARD_POINTS, KINDS, Card
from engine.trump import Trump

from .helpers import dealt_hand, play_until, rule_bots


def test_normal_and_issue_4s_hard_bot_play_with_issue_4s_weights():
    assert get("normal").weights is ISSUE4 and get("rule").weights is ISSUE4
    assert get("search:none").weights is ISSUE4 and get("search:-weights").weights is ISSUE4
    assert get("search").weights is TUNED and get("hard").weights is TUNED
    assert get("rule:tuned").weights is TUNED
    assert get("rule:point_weight=1.5, trump_premium=12").weights == TUNED


@pytest.mark.parametrize("spec", ["point_weight", "point_weight=", "point_weight=much", "point_weight=inf",
                                  "point_weight=nan", "pair_premium=3", "", "TUNED", "point_weight=1,,"])
def test_what_is_not_a_set_of_weights_is_refused(spec):
    with pytest.raises(ValueError, match="not rule-bot weights"):
        Weights.parse(spec)


def test_only_the_rule_bot_takes_weights():
    with pytest.raises(ValueError, match="only the search bot has switches and the rule bot weights"):
        get("easy:tuned")


@pytest.mark.parametrize("weights", [ISSUE4, TUNED, Weights(trump_premium=0.0, point_weight=7.0)])
def test_R7_a_cards_keep_value_is_its_rank_plus_the_weights_of_its_points_and_trumpness(weights):
    order = Trump("5", "H").order()
    bare = keep_value(order, [0] * KINDS, Weights(trump_premium=0.0, point_weight=0.0))
    keep = keep_value(order, [0] * KINDS, weights)
    for card in range(KINDS):
        extra = weights.point_weight * CARD_POINTS[card] + weights.trump_premium * order.is_trump[card]
        assert keep(card) == pytest.approx(bare(card) + extra), Card(card)


@pytest.mark.parametrize(("switches", "expected"), [("all", TUNED), ("-weights", ISSUE4), ("none", ISSUE4)])
def test_the_search_plays_out_and_infers_with_its_own_rule_bots_weights(monkeypatch, switches, expected):
    hand = play_until(dealt_hand(Rules.preset("classic"), 21), rule_bots(), lambda h: len(h.tricks) >= 3)
    seen: list[Weights] = []
    playout = search_module.playout

    def recording(*args):
        seen.append(args[-1])
        return playout(*args)

    inferred: list[Weights] = []
    inference = search_module.Inference

    def inferring(view, k, weights):
        inferred.append(weights)
        return inference(view, k, weights)

    monkeypatch.setattr(search_module, "playout", recording)
    monkeypatch.setattr(search_module, "Inference", inferring)
    seat = hand.to_act
    action = SearchBot(budget_ms=None, max_samples=3, switches=switches).act(hand.view(seat), random.Random(1))
    assert isinstance(action, Play) and hand.can_apply(seat, action)
    assert seen and all(weights is expected for weights in seen + inferred)
    assert bool(inferred) == (switches != "none")
