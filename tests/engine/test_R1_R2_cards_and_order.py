"""R1 (deck, deal) and R2 (trumps and card order)."""

from collections import Counter

import pytest

from engine import Card, Hand, Trump, format_cards, full_deck, parse_cards, points_of
from engine.trump import TRUMP_SUIT

from .helpers import CLASSIC, cards, trump


def test_R1_2_two_decks_every_card_twice():
    deck = full_deck()
    assert len(deck) == 108
    assert set(Counter(deck).values()) == {2}
    assert len(set(deck)) == 54


def test_R1_3_deal_is_one_card_at_a_time_25_each_and_8_in_the_kitty():
    import random

    hand = Hand.deal(CLASSIC, random.Random(1), dealer=2, levels=("2", "2"))
    from engine import Draw

    seats = []
    while hand.phase == "dealing":
        seats.append(hand.to_act)
        hand.apply(hand.to_act, Draw())
    assert seats[:5] == [2, 3, 0, 1, 2]  # R1.1: the next seat is (s + 1) % 4
    assert [len(h) for h in hand.hands] == [25, 25, 25, 25]
    assert len(hand.kitty) == 8


@pytest.mark.parametrize("text", ["10H", "AS", "2C", "BJ", "SJ", "QD", "KC"])
def test_R1_notation_round_trip(text):
    assert str(parse_cards(text)[0]) == text


def test_R1_notation_is_forgiving_and_display_form():
    assert parse_cards("10h, ts as") == cards("10H 10S AS")
    assert Card("10H").display == "10♥" and Card("BJ").display == "大王"
    assert format_cards(cards("BJ 10H")) == "BJ 10H"
    with pytest.raises(ValueError, match="not a card"):
        parse_cards("11H")


def test_R7_1_points_total_200():
    assert points_of(full_deck()) == 200
    assert points_of(cards("5H 10S KD AH")) == 25


def steps(spec, text, twos=False):
    order = trump(spec).order(twos)
    return [order.step_of[c] for c in cards(text)]


def test_R2_2_trump_cards_are_jokers_level_cards_and_trump_suit():
    order = trump("10S").order()
    assert all(order.is_trump[c] for c in cards("BJ SJ 10S 10H 10D 10C AS 2S"))
    assert not any(order.is_trump[c] for c in cards("AH 2D KC"))


def test_R2_2_no_trump_only_jokers_and_level_cards():
    order = trump("10NT").order()
    assert all(order.is_trump[c] for c in cards("BJ SJ 10S 10H 10D 10C"))
    assert not any(order.is_trump[c] for c in cards("AS AH 2D KC"))


def test_R2_3_trump_order_high_to_low():
    s = steps("10S", "BJ SJ 10S 10H 10D 10C AS KS JS 9S 2S")
    assert s[0] > s[1] > s[2] > s[3] == s[4] == s[5] > s[6] > s[7] > s[8] > s[9] > s[10]


def test_R2_3_no_trump_level_cards_all_equal():
    s = steps("10NT", "BJ SJ 10S 10H 10D 10C")
    assert s[0] > s[1] > s[2] == s[3] == s[4] == s[5]


def test_R2_4_plain_suits_skip_the_level_rank():
    s = steps("10S", "AH KH QH JH 9H 2H")
    assert s == sorted(s, reverse=True)
    # J and 9 are adjacent once the level rank 10 is removed (R3.3 uses this).
    assert s[3] - s[4] == 1


def test_R2_6_twos_trump_rank_below_level_cards():
    s = steps("10S", "10H 2S 2H 2D AS", twos=True)
    assert s[0] > s[1] > s[2] == s[3] > s[4]
    assert trump("10S").order(True).is_trump[Card("2H")]


def test_R2_6_twos_trump_irrelevant_at_level_2():
    assert trump("2S").order(True).step_of == trump("2S").order(False).step_of


def test_R2_7_suit_for_play():
    order = trump("10S").order()
    assert order.suit_of[Card("10H")] == TRUMP_SUIT
    assert order.suit_of[Card("AH")] == 1
    assert trump("10NT").order().suit_of[Card("AS")] == 0


@pytest.mark.parametrize("bad", [{"level": "1"}, {"level": "10", "suit": "X"}])
def test_R2_trump_rejects_bad_values(bad):
    with pytest.raises(ValueError):
        Trump(**bad)


def test_R2_trump_accepts_int_level_and_nt():
    assert Trump(10, "nt") == Trump("10", None)
