"""R3: singles, pairs, tractors and the decomposition of throws."""

import pytest

from engine.combos import decompose

from .helpers import cards, trump


def names(spec, text, twos=False):
    return [c.name for c in decompose(cards(text), trump(spec).order(twos))]


def test_R3_1_any_card_is_a_single():
    assert names("2S", "BJ") == ["single"] and names("2S", "7H") == ["single"]


@pytest.mark.parametrize("text, expected", [
    ("7H 7H", ["pair"]),
    ("BJ BJ", ["pair"]),
    ("SJ SJ", ["pair"]),
    ("10H 10D", ["single", "single"]),  # R3.2: level cards of different suits are not a pair
    ("BJ SJ", ["single", "single"]),
])
def test_R3_2_pairs_are_two_identical_cards(text, expected):
    assert names("10S", text) == expected


# R3.3: every example of RULES.md, and the corners around the level rank.
@pytest.mark.parametrize("spec, text, expected", [
    ("6S", "5C 5C 7C 7C", ["tractor of 2"]),
    ("10S", "SJ SJ 10S 10S", ["tractor of 2"]),
    ("10S", "10S 10S 10H 10H", ["tractor of 2"]),
    ("10S", "10H 10H AS AS", ["tractor of 2"]),
    ("10S", "BJ BJ SJ SJ", ["tractor of 2"]),
    ("10S", "JC JC 9C 9C", ["tractor of 2"]),
    ("10S", "10H 10H 10D 10D", ["pair", "pair"]),
    ("10S", "AC AC 2C 2C", ["pair", "pair"]),
    ("4S", "3H 3H 5H 5H", ["tractor of 2"]),  # seed 000 §1: 如果4为主 那么3355算姊妹对
    ("2S", "AH AH KH KH QH QH", ["tractor of 3"]),
    ("2S", "3H 3H 4H 4H", ["tractor of 2"]),
    ("3S", "2H 2H 4H 4H", ["tractor of 2"]),
    ("10S", "SJ SJ 10S 10S 10H 10H AS AS", ["tractor of 4"]),
    ("10S", "BJ BJ SJ SJ 10S 10S 10D 10D AS AS KS KS", ["tractor of 6"]),
    ("10NT", "SJ SJ 10H 10H", ["tractor of 2"]),
    ("10NT", "10H 10H 10S 10S", ["pair", "pair"]),  # no-trump: all level cards are equal
    ("10S", "KS KS QS QS", ["tractor of 2"]),
    ("10S", "AH AH KH KH", ["tractor of 2"]),
    ("10S", "9S 9S 8S 8S", ["tractor of 2"]),
    ("AS", "KH KH QH QH", ["tractor of 2"]),
    ("AS", "AH AH KS KS", ["tractor of 2"]),  # level A: off-suit A pair, then trump K
    ("10S", "7H 7H 5H 5H", ["pair", "pair"]),
    ("10S", "5C 5C 5D 5D", ["pair", "pair"]),
])
def test_R3_3_tractors(spec, text, expected):
    assert names(spec, text) == expected


def test_R3_3_longest_possible_tractor_is_2_to_a_of_one_suit():
    level_not_in_hearts = "2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S 9S 10S 10S JS JS QS QS KS KS AS AS"
    assert names("2H", level_not_in_hearts.replace("S", "C")) == ["tractor of 13"]


@pytest.mark.parametrize("spec, text, expected", [
    ("2S", "AH KH KH", ["pair", "single"]),
    ("2S", "9H 8H 8H 4H 4H", ["pair", "pair", "single"]),
    ("2S", "QH QH JH JH 9H 9H 8H 8H 3H", ["tractor of 2", "tractor of 2", "single"]),
    ("2S", "KH KH QH QH JH JH 9H 9H", ["tractor of 3", "pair"]),
    # Equal off-suit level cards: the longest tractor takes one of them, the other stays a pair.
    ("10S", "10S 10S 10H 10H 10D 10D AS AS", ["tractor of 3", "pair"]),
    ("10S", "BJ SJ 10S AS", ["single", "single", "single", "single"]),
])
def test_R3_4_throws_decompose_longest_tractors_first(spec, text, expected):
    assert names(spec, text) == expected


def test_R3_4_components_are_listed_high_to_low_within_a_format():
    comps = decompose(cards("9H 8H 8H 4H 4H 3H"), trump("2S").order())
    assert [str(c.cards[0]) for c in comps] == ["8H", "4H", "9H", "3H"]
