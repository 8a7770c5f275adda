"""R5: what a follower must play. Every case: (trump, follower's hand, lead, play, legal?)."""

import pytest

from engine import follow_error_message, is_legal_follow

from .helpers import CLASSIC, trump


def legal(spec, hand, lead, play):
    return is_legal_follow(hand, lead, play, trump(spec), CLASSIC)


@pytest.mark.parametrize("hand, lead, play, ok", [
    ("3H 4H 5C", "AH", "3H", True),
    ("3H 4H 5C", "AH AH", "3H", False),  # R5.1: the lead's size
    ("3H 4H 5C", "AH", "3H 4H", False),
    ("3H 4H 5C", "AH", "6H", False),  # not in the hand
])
def test_R5_1_play_exactly_as_many_cards_as_the_lead(hand, lead, play, ok):
    assert legal("2S", hand, lead, play) is ok


@pytest.mark.parametrize("hand, lead, play, ok", [
    ("3H 4H 5C", "AH", "5C", False),  # holding hearts, must follow hearts
    ("3H 4H 5C", "AH AH", "3H 4H", True),
    ("3H 4H 5C", "AH AH", "3H 5C", False),
    ("3H 5C 6C", "AH AH", "3H 5C", True),  # fewer than n: all of them, then anything
    ("3H 5C 6C", "AH AH", "5C 6C", False),
    ("5C 6C 2S", "AH", "2S", True),  # void: anything
    ("5C 6C 2H", "AH", "5C", True),  # 2H is a trump (level 2), not a heart
    ("2H 5C", "3H 3H", "2H 5C", True),
])
def test_R5_2_follow_suit_with_as_many_cards_as_possible(hand, lead, play, ok):
    assert legal("2S", hand, lead, play) is ok


@pytest.mark.parametrize("hand, lead, play, ok", [
    # Pair lead: a held pair of the suit must be played.
    ("KH KH 3H 4C", "9H 9H", "KH 3H", False),
    ("KH KH 3H 4C", "9H 9H", "KH KH", True),
    ("KH QH 3H 4C", "9H 9H", "KH 3H", True),
    # Pairs inside tractors count.
    ("KH KH QH QH 3H", "9H 9H", "3H KH", False),
    ("KH KH QH QH 3H", "9H 9H", "QH QH", True),
    # Tractor lead: a tractor of the same length if held.
    ("KH KH QH QH 5H 5H", "9H 9H 8H 8H", "KH KH 5H 5H", False),
    ("KH KH QH QH 5H 5H", "9H 9H 8H 8H", "KH KH QH QH", True),
    # ... otherwise as many pairs as possible.
    ("KH KH JH JH 5H 3H", "9H 9H 8H 8H", "KH KH JH JH", True),
    ("KH KH JH JH 5H 3H", "9H 9H 8H 8H", "KH KH 5H 3H", False),
    ("KH KH JH 5H 3H", "9H 9H 8H 8H", "KH KH 5H 3H", True),
    ("KH KH JH 5H 3H", "9H 9H 8H 8H", "KH JH 5H 3H", False),
    # ... otherwise singles.
    ("KH JH 5H 3H 2C", "9H 9H 8H 8H", "KH JH 5H 3H", True),
    # A longer held tractor may be split to follow a shorter one.
    ("KH KH QH QH JH JH", "9H 9H 8H 8H", "KH KH QH QH", True),
    ("KH KH QH QH JH JH", "9H 9H 8H 8H", "KH KH JH JH", False),
    # A shorter tractor does not satisfy a longer one, but its pairs count as pairs.
    ("KH KH QH QH 7H 7H 5H", "9H 9H 8H 8H 6H 6H", "KH KH QH QH 7H 7H", True),
    ("KH KH QH QH 7H 5H 4H", "9H 9H 8H 8H 6H 6H", "KH KH QH QH 7H 5H", True),
    ("KH KH QH QH 7H 5H 4H", "9H 9H 8H 8H 6H 6H", "KH QH 7H 5H 4H QH", False),
    # Tractors across the removed level rank (level 10): J J 9 9 is a tractor.
    ("JH JH 9H 9H 4H 4H", "6H 6H 5H 5H", "JH JH 4H 4H", False),
])
def test_R5_3_pairs_and_tractors_must_be_followed(hand, lead, play, ok):
    assert legal("10S", hand, lead, play) is ok


@pytest.mark.parametrize("hand, lead, play, ok", [
    # Throw AH KH KH (pair + single): a held pair must be played.
    ("QH QH 5H 4H", "AH KH KH", "QH QH 5H", True),
    ("QH QH 5H 4H", "AH KH KH", "QH 5H 4H", False),
    # Throw with two pairs: play as many pairs as held (up to two).
    ("QH QH 6H 6H 3H 3H", "AH AH KH KH 9H", "QH QH 6H 6H 3H", True),
    ("QH QH 6H 6H 3H 3H", "AH AH JH JH 9H", "QH QH 6H 3H 3H", True),
    ("QH QH 6H 6H 3H", "AH AH JH JH 9H", "QH QH 6H 3H 5C", False),
    # Throw with a tractor and a pair: the tractor first, then the pair.
    ("QH QH JH JH 5H 5H 3H", "AH AH KH KH 8H 8H", "QH QH JH JH 5H 5H", True),
    ("QH QH JH JH 7H 5H 5H 3H", "AH AH KH KH 8H 8H", "QH QH 5H 5H 7H 3H", False),
    # A held 3-tractor split into a 2-tractor and a pair for a tractor + pair throw.
    ("QH QH JH JH 9H 9H 3H", "AH AH KH KH 8H 8H", "QH QH JH JH 9H 9H", True),
    # A pair may serve as two singles.
    ("QH QH 5H", "AH KH", "QH QH", True),
])
def test_R5_3_throws_are_followed_component_by_component(hand, lead, play, ok):
    assert legal("10S", hand, lead, play) is ok


@pytest.mark.parametrize("hand, lead, play, ok", [
    ("BJ 3H 2D", "AS", "3H", False),  # holding trumps (BJ, 2D) you must follow trump
    ("BJ 3H 2D", "AS", "2D", True),  # 2D is a trump at level 2
    ("BJ 3H 2D", "AS AS", "BJ 2D", True),
    ("BJ 3H 4D", "AS AS", "BJ 4D", True),  # one trump: it, then anything
    ("BJ 3H 4D", "AS AS", "3H 4D", False),
    ("3H 4D", "AS", "3H", True),  # no trumps: anything
    ("2H 2H 2D 3H", "KS KS", "2H 2D", False),  # a trump pair must be played on a trump pair lead
    ("2H 2H 2D 3H", "KS KS", "2H 2H", True),
    ("SJ SJ 2S 2S 2H", "QS QS JS JS", "SJ SJ 2S 2S", True),  # SJ SJ 2S 2S is a trump tractor
    ("SJ SJ 2S 2S 2H", "QS QS JS JS", "SJ SJ 2S 2H", False),
])
def test_R5_4_trump_lead_must_be_followed_with_trumps(hand, lead, play, ok):
    assert legal("2S", hand, lead, play) is ok


@pytest.mark.parametrize("hand, lead, play, ok", [
    ("3S 4D 5C", "AH", "3S", True),  # ruff with a trump (spades)
    ("3S 4D 5C", "AH", "4D", True),  # or discard
    ("3S 3S 4D", "AH AH", "4D 3S", True),  # void: no format duty outside the suit
])
def test_R5_5_void_may_ruff_or_discard(hand, lead, play, ok):
    assert legal("2S", hand, lead, play) is ok


def test_R5_3_twos_trump_pairs_follow_trump_tractors():
    import dataclasses

    from engine import Trump

    rules = dataclasses.replace(CLASSIC, twos_trump=True)
    # Level 10, spades: 10H10H 2S2S is a tractor (off-suit level, then trump-suit 2).
    hand, lead = "10H 10H 2S 2S 3S", "KS KS QS QS"
    assert is_legal_follow(hand, lead, "10H 10H 2S 2S", Trump("10", "S"), rules)
    assert not is_legal_follow(hand, lead, "10H 10H 2S 3S", Trump("10", "S"), rules)


def test_R5_error_messages_name_the_clause():
    message = follow_error_message("KH KH 3H 4C", "9H 9H", "KH 3H", trump("2S"), CLASSIC)
    assert message.startswith("R5.3") and "♥" in message
    message = follow_error_message("3H 4H 5C", "AH", "5C", trump("2S"), CLASSIC)
    assert message.startswith("R5.2")
    message = follow_error_message("BJ 3H", "AS", "3H", trump("2S"), CLASSIC)
    assert message.startswith("R5.4")
