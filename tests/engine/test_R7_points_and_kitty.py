"""R7: point cards, who scores them, and the kitty multiplier."""

import dataclasses

import pytest

from engine import Hand, Play, kitty_multiplier

from .helpers import CLASSIC, cards, trump

KITTY = "5D 5D 10D 10D KD 3C 3C 4C"  # 40 points


def finish(hand, plays):
    for seat, text in plays:
        hand.apply(seat, Play(cards(text)))
    return hand.result


def test_R7_2_defenders_score_the_points_of_tricks_they_win():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH 3C", "AH 4C", "5H 6C", "10H 7C"], dealer=0, leader=0,
                        kitty=KITTY)
    result = finish(hand, [(0, "KH"), (1, "AH"), (2, "5H"), (3, "10H"),  # seat 1 (defender) takes 25
                           (1, "4C"), (2, "6C"), (3, "7C"), (0, "3C")])  # seat 3 (defender) wins, no points
    assert result.trick_points == 25


def test_R7_2_declarers_score_nothing():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["AH 7D", "KH 3D", "5H 4D", "10H 6D"], dealer=0, leader=0,
                        kitty=KITTY)
    result = finish(hand, [(0, "AH"), (1, "KH"), (2, "5H"), (3, "10H"),
                           (0, "7D"), (1, "3D"), (2, "4D"), (3, "6D")])
    assert result.trick_points == 0 and result.kitty_bonus == 0


@pytest.mark.parametrize("last, multiplier", [
    (["3C", "AC", "4C", "5C"], 2),  # single ×2
    (["3C 3C", "AC AC", "4C 4C", "6C 6C"], 4),  # pair ×4
    (["3C 3C 4C 4C", "AC AC KC KC", "7C 7C 8C 8C", "6C 6C 9C 9C"], 8),  # 2-pair tractor ×8
])
def test_R7_3_defenders_winning_the_last_trick_score_the_kitty_times_the_multiplier(last, multiplier):
    hands = [" ".join(p.split()) for p in last]
    hand = Hand.at_play(CLASSIC, trump("2S"), hands, dealer=0, leader=0, kitty=KITTY)
    result = finish(hand, list(enumerate(last)))
    assert result.multiplier == multiplier and result.kitty_bonus == 40 * multiplier
    assert result.defender_points == result.trick_points + 40 * multiplier


def test_R7_3_kitty_scores_nothing_when_declarers_win_the_last_trick():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["AC", "3C", "4C", "5C"], dealer=0, leader=0, kitty=KITTY)
    result = finish(hand, [(0, "AC"), (1, "3C"), (2, "4C"), (3, "5C")])
    assert result.kitty_bonus == 0 and result.defender_points == 0  # the 5C went to the declarers


@pytest.mark.parametrize("play, pairs, power, doubling", [
    ("3H", 2, 2, 2),
    ("3H 3H", 4, 4, 4),
    ("3H 3H 4H 4H", 8, 16, 8),
    ("3H 3H 4H 4H 5H 5H", 12, 64, 16),
    ("3H 3H 4H 4H 5H 5H 6H 6H", 16, 64, 32),
    ("AH KH KH", 4, 4, 4),  # a throw counts its largest component
    ("AH AH KH KH 9H 9H", 8, 16, 8),
    ("AH KH QH", 2, 2, 2),
])
def test_R7_4_kitty_multiplier_options(play, pairs, power, doubling):
    for rule, expected in (("pairs", pairs), ("power_of_cards", power), ("doubling", doubling)):
        rules = dataclasses.replace(CLASSIC, kitty_multiplier=rule)
        assert kitty_multiplier(play, trump("2S"), rules) == expected, rule


def test_R7_4_a_ruff_is_not_re_read_as_a_bigger_structure():
    # The lead was pair + two singles; the winning ruff happens to be a tractor.
    assert kitty_multiplier("3S 3S 4S 4S", trump("2S"), CLASSIC, lead="KH KH QH JH") == 4
    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH KH QH JH", "3S 3S 4S 4S", "5C 6C 7C 8C", "3D 4D 5D 6D"],
                        dealer=0, leader=0, kitty=KITTY)
    result = finish(hand, [(0, "KH KH QH JH"), (1, "3S 3S 4S 4S"), (2, "5C 6C 7C 8C"), (3, "3D 4D 5D 6D")])
    assert result.multiplier == 4


def test_R7_5_kitty_is_seen_by_its_holder_and_by_all_after_the_hand():
    import random

    from engine import Match
    from engine.simulate import play_hand

    match = Match(CLASSIC, seed=4)
    hand = match.hand
    rng = random.Random(4)
    while hand.phase != "burying":
        seat = hand.to_act
        match.apply(seat, hand.random_action(seat, rng, show_chance=0.9))
        hand = match.hand
    holder = hand.to_act
    assert hand.view(holder).kitty is not None and len(hand.view(holder).hand) == 33
    assert all(hand.view(s).kitty is None for s in range(4) if s != holder)
    assert hand.view(None).kitty is None
    play_hand(match, rng)
    assert all(len(hand.view(s).kitty) == 8 for s in (0, 1, 2, 3, None))
