"""R4: leads, the throw check, the forced play and its penalty."""

import dataclasses

import pytest

from engine import check_throw
from engine.throw import lead_error

from .helpers import CLASSIC, COMPETITION, cards, trump


def test_R4_1_dealer_leads_first_and_winner_leads_next():
    from engine import Hand, Play

    hand = Hand.at_play(CLASSIC, trump("2S"), ["AH 3C", "3H 4C", "5H 6C", "6H 7C"], dealer=2, leader=2)
    assert hand.to_act == 2
    for seat, card in [(2, "5H"), (3, "6H"), (0, "AH"), (1, "3H")]:
        hand.apply(seat, Play(cards(card)))
    assert hand.to_act == 0


@pytest.mark.parametrize("text, ok", [
    ("AH", True), ("AH AH", True), ("AH KH", True), ("AH 3C", False),
    ("2S BJ AS", True),  # level cards, jokers and trump suit are one suit for play (R2.7)
    ("2H AS", True),  # 2H is a trump at level 2
    ("2H AH", False),
    ("", False),
])
def test_R4_2_a_lead_is_one_suit_for_play(text, ok):
    assert (lead_error(cards(text), trump("2S").order()) is None) is ok


def throw(lead, others, spec="2S", rules=CLASSIC):
    return check_throw(lead, others, trump(spec), rules)


def test_R4_3_a_throw_of_top_cards_stands():
    result = throw("AH KH KH", ["QH QH JH", "3C", "4D"])
    assert result.ok and result.failed_cards == 0 and list(map(str, result.forced)) == ["AH", "KH", "KH"]


def test_R4_3_each_component_is_checked_against_each_other_hand():
    assert throw("AH QH", ["KH", "3C", "4D"]).ok is False  # KH beats the single QH
    assert throw("AH QH QH", ["KH", "3C", "4D"]).ok is True  # a single K does not beat the pair QQ
    assert throw("AH QH QH", ["KH KH", "3C", "4D"]).ok is False


def test_R4_3_single_components_of_one_opponent_need_not_be_one_hand():
    # Two different opponents each beat a different component: both components fail.
    result = throw("KH QH", ["AH", "JH", "3C"])
    assert not result.ok and result.failed_cards == 2
    assert list(map(str, result.forced)) == ["QH"]


def test_R4_3_tractor_component_beaten_only_by_a_higher_tractor_of_that_length():
    lead = "9H 9H 8H 8H AH"
    assert throw(lead, ["KH KH QH QH", "3C", "4D"]).ok is False
    assert throw(lead, ["KH KH JH JH", "3C", "4D"]).ok is True  # two pairs, not a tractor
    assert throw(lead, ["7H 7H 6H 6H", "3C", "4D"]).ok is True  # a lower tractor
    assert throw(lead, ["KH KH QH QH JH JH", "3C", "4D"]).ok is False  # a longer tractor holds one


def test_R4_3_pairs_inside_a_tractor_beat_thrown_pairs():
    assert throw("AH 9H 9H", ["KH KH QH QH", "3C", "4D"]).ok is False


def test_R4_3_trump_throws_are_checked_against_jokers_and_level_cards():
    assert throw("AS KS", ["2H", "3C", "4D"]).ok is False  # an off-suit level card is a higher trump
    assert throw("2S AS", ["2H", "3C", "4D"]).ok is False  # the trump-suit level card is higher
    assert throw("BJ AS", ["SJ", "3C", "4D"]).ok is False
    assert throw("BJ BJ SJ", ["3C", "4D", "5H"]).ok is True


def test_R4_3_no_trump_throw_checks_level_cards_as_equal():
    # In no-trump, 2H and 2D rank equal: a 2D does not beat a thrown 2H.
    assert throw("SJ 2H", ["2D", "3C", "4D"], spec="2NT").ok is True
    assert throw("SJ 2H", ["BJ", "3C", "4D"], spec="2NT").ok is False


@pytest.mark.parametrize("others, forced, failed", [
    (["JH", "3C", "4D"], "9H", 1),  # R4.4 example: someone holds the J → play the 9
    (["QH QH", "3C", "4D"], "4H 4H", 5),  # QQ beats both pairs (and the 9): the lowest pair
    (["5H 5H", "3C", "4D"], "4H 4H", 2),  # 55 beats only 44
    (["JH", "10H 10H", "4D"], "4H 4H", 5),  # JH kills the 9, 10 10 both pairs: lowest pair
])
def test_R4_4_failed_throw_plays_the_largest_format_lowest_failing_component(others, forced, failed):
    result = throw("9H 8H 8H 4H 4H", others)
    assert not result.ok
    assert " ".join(map(str, result.forced)) == forced
    assert result.failed_cards == failed


def test_R4_4_failing_tractor_is_forced_before_failing_pairs():
    result = throw("9H 9H 8H 8H 5H 5H", ["KH KH QH QH", "3C", "4D"])
    assert sorted(map(str, result.forced)) == ["8H", "8H", "9H", "9H"]
    assert result.failed_cards == 6  # KK also beats the pair 55


def test_R4_5_penalty_counts_failing_cards_and_charges_the_throwers_team():
    from engine import Hand, Play

    rules = dataclasses.replace(CLASSIC, throw_penalty_per_card=10)
    hands = ["KH QH 3C 4C", "AH 5C 6C 7C", "3D 4D 5D 6D", "8D 9D JD QD"]
    # Seat 1 (a defender when seat 0 deals) throws and fails: defenders lose 10 per failing card.
    hand = Hand.at_play(rules, trump("2S"), hands, dealer=0, leader=0)
    hand.apply(0, Play(cards("KH QH")))  # declarer throws; seat 1 holds AH: both singles fail
    assert hand.penalty == 20
    assert [str(c) for c in hand.trick.plays[0][1]] == ["QH"]
    assert hand.trick.failed_throw[1] == 2
    hand2 = Hand.at_play(rules, trump("2S"), hands, dealer=1, leader=0)
    hand2.apply(0, Play(cards("KH QH")))  # now seat 0 is a defender
    assert hand2.penalty == -20


def test_R4_5_no_penalty_when_the_option_is_zero():
    from engine import Hand, Play

    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH QH", "AH 5C", "3D 4D", "8D 9D"], dealer=0, leader=0)
    hand.apply(0, Play(cards("KH QH")))
    assert hand.penalty == 0 and hand.trick.failed_throw is not None


@pytest.mark.parametrize("lead", ["AH KH KH", "KH AH AH"])
def test_R4_6_edge_triple_is_led_without_the_check(lead):
    assert COMPETITION.edge_triple
    assert throw(lead, ["QH", "3C", "4D"], rules=COMPETITION).ok


def test_R4_6_edge_triple_only_in_plain_suits():
    # In trumps A+KK is an ordinary throw and is checked: here a level card beats the A.
    assert throw("AS KS KS", ["2H", "3C", "4D"], rules=COMPETITION).ok is False
