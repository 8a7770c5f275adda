"""The rule bot's weights as data (issue 15): issue 4's for Normal and for the Hard bot with the switch off,
the tuned ones for the search's own rule bot, and names the arena can give."""

from __future__ import annotations

import random

import pytest

from engine import Hand, Play, Rules, parse_cards
from engine.bots import SearchBot, Weights, get
from engine.bots import search as search_module
from engine.bots.following import choose_follow
from engine.bots.knowledge import Knowledge
from engine.bots.picking import feed_value, keep_value
from engine.bots.weights import HARD, ISSUE4, TUNED, with_masters, with_point_play
from engine.cards import CARD_POINTS, KINDS, Card
from engine.trump import Trump

from .helpers import dealt_hand, play_until, rule_bots

POINT_PLAY = with_point_play(TUNED)


def test_normal_and_issue_4s_hard_bot_play_with_issue_4s_weights():
    assert get("normal").weights is ISSUE4 and get("rule").weights is ISSUE4
    assert get("search:none").weights is ISSUE4 and get("search:-weights,-point_play,-masters").weights is ISSUE4
    assert get("search").weights == HARD and get("hard").weights == HARD
    assert HARD == with_masters(POINT_PLAY) and get("search:-masters").weights == POINT_PLAY
    assert get("search:-point_play,-masters").weights == TUNED
    assert get("search:-weights").weights == with_masters(with_point_play(ISSUE4))
    assert get("rule:tuned").weights is TUNED and get("rule:point_play").weights == POINT_PLAY
    assert get("rule:hard").weights == HARD
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


@pytest.mark.parametrize(("switches", "expected"), [("all", HARD), ("-point_play,-masters", TUNED),
                                                   ("-masters", POINT_PLAY), ("-weights,-point_play,-masters", ISSUE4),
                                                   ("none", ISSUE4)])
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
    assert seen and all(weights == expected for weights in seen + inferred)
    assert bool(inferred) == (switches != "none")


def position(hands: list[str], trick_plays: list[tuple[int, str]]) -> Knowledge:
    """Seat 3 to play the last card of a trick seat 0 led (spades trump, level 2)."""
    hand = Hand.at_play(Rules.preset("classic"), Trump("2", "S"), [parse_cards(h) for h in hands], dealer=0,
                        leader=0, trick_plays=[(s, parse_cards(c)) for s, c in trick_plays])
    return Knowledge.from_view(hand.view(3))


@pytest.mark.parametrize(("weights", "play"), [(ISSUE4, "QH"), (TUNED, "QH"), (POINT_PLAY, "KH"), (HARD, "KH")])
def test_R7_2_point_play_wins_a_trick_nobody_can_take_back_with_the_points_it_can_take(weights, play):
    # Seat 3 plays last: its KH and QH both win for sure; with point play the K's 10 points go into the trick.
    k = position(["5C 6C", "7C 8C", "9D 8D", "KH QH 9C"], [(0, "3H"), (1, "4H"), (2, "5H")])
    assert [str(c) for c in choose_follow(k, weights)] == [play]


@pytest.mark.parametrize(("weights", "play"), [(TUNED, "10S"), (POINT_PLAY, "5C"), (HARD, "5C")])
def test_R7_2_point_play_feeds_a_partners_sure_win_a_plain_cards_points_before_a_trumps(weights, play):
    # Seat 1 (seat 3's partner) wins with the top heart; seat 3 has none: it gives a 5 of clubs rather than its
    # trump 10 (spades), which it keeps to ruff, unless a trump's points are fed like a plain card's.
    k = position(["5C 6C", "7H 8C", "9D 8D", "10S 5C 9C"], [(0, "4H"), (1, "AH"), (2, "3H")])
    assert [str(c) for c in choose_follow(k, weights)] == [play]


def test_R7_1_a_trump_is_fed_at_the_share_of_a_plain_cards_point_bonus():
    order = Trump("5", "H").order()
    counts = [0] * KINDS
    for weights in (TUNED, POINT_PLAY, HARD):
        keep, feed = keep_value(order, counts, weights), feed_value(order, counts, weights)
        for card in range(KINDS):
            share = weights.trump_feed if order.is_trump[card] else 1.0
            bonus = share * (4 + weights.point_weight) * CARD_POINTS[card]
            assert feed(card) == pytest.approx(keep(card) - bonus), Card(card)


def test_R6_1_a_master_is_a_card_no_unseen_card_outranks_in_its_suit():
    # Seat 3 after seat 0's AD and seat 1's 3D: its own AD is now the top diamond, and no heart is higher than
    # its KH while the two AH are unseen; its BJ ties the other, unseen, and a tie goes to the first played.
    k = position(["4C 6C 7C", "5C 6C 8C", "4H 5H 6H", "AD 10D KH BJ"], [(0, "AD"), (1, "3D"), (2, "9D")])
    assert {str(Card(c)) for c in k.masters()} == {"AD", "BJ"}


@pytest.mark.parametrize(("weights", "play"), [(POINT_PLAY, "AD"), (HARD, "10D")])
def test_R6_1_masters_keeps_the_top_card_left_for_a_trick_to_come(weights, play):
    # Seat 3 cannot beat seat 0's AD: point play gives the ace (its 10 held dearer), masters the 10 (the ace
    # it keeps will win a diamond trick later, R6.1).
    k = position(["4C 6C", "5C 7C", "4H 5H", "AD 10D KH"], [(0, "AD"), (1, "3D"), (2, "9D")])
    assert [str(c) for c in choose_follow(k, weights)] == [play]
