"""R6: who wins a trick. Plays are in play order; the lead is plays[0]."""

import pytest

from engine import trick_winner

from .helpers import CLASSIC, trump


def win(spec, *plays):
    return trick_winner(list(plays), trump(spec), CLASSIC)


@pytest.mark.parametrize("spec, plays, winner", [
    ("2S", ["5H", "9H", "3H", "KH"], 3),
    ("2S", ["5H", "9H", "3S", "KH"], 2),  # a trump ruffs a plain single
    ("2S", ["5H", "9H", "3S", "4S"], 3),  # over-ruff
    ("2S", ["5H", "AC", "AD", "3H"], 0),  # discards never win
    ("2S", ["AH AH", "3S 4S", "5H 6H", "7C 7C"], 0),  # R6.1: two trump singles do not beat a pair
    ("2S", ["5H 5H", "3S 3S", "AH AH", "4S 4S"], 3),  # trump pair ruffs, higher trump pair over-ruffs
    ("2S", ["5H 5H", "AH KH", "6H 6H", "7C 7C"], 2),  # in-suit: only a higher pair beats a pair
    ("2S", ["5H 5H 6H 6H", "AH AH QH QH", "8H 8H 7H 7H", "3S 3S 4S 4S"], 3),
    ("2S", ["5H 5H 6H 6H", "AH AH QH QH", "8H 8H 7H 7H", "3S 3S 5S 5S"], 2),  # 33 55 not a tractor
    ("2S", ["5H 6H", "3S 4H", "7H 8H", "9H 9H"], 0),  # throw of singles: never beaten in suit; mixed play loses
    ("2S", ["5H", "BJ", "BJ", "SJ"], 1),  # R2.5: identical cards, the first wins
    ("10S", ["3S", "10H", "10D", "10C"], 1),  # R2.5: equal off-suit level cards, the first wins
    ("10S", ["3S", "10H", "10S", "10C"], 2),  # the trump-suit level card is higher
    ("10NT", ["3S", "10H", "10S", "SJ"], 3),
    ("10NT", ["3S", "10H", "10S", "10C"], 1),  # no-trump: all level cards equal
    ("10NT", ["AH", "2H", "3S", "KH"], 0),  # no-trump: 3S is a plain spade, a discard
    ("2S", ["BJ BJ", "SJ SJ", "AS AS", "3H 3H"], 0),
    ("2S", ["3S", "4S", "5H", "AS"], 3),  # trump lead: highest trump
])
def test_R6_1_only_same_format_plays_can_beat(spec, plays, winner):
    assert win(spec, *plays) == winner


@pytest.mark.parametrize("lead, ruffs, winner", [
    # RULES.md R6.2 examples (hearts trump): 998872 ruffs AK5544 but not AA5544.
    ("AS KS 5S 5S 4S 4S", ["9H 9H 8H 8H 7H 3H"], 1),
    ("AS AS 5S 5S 4S 4S", ["9H 9H 8H 8H 7H 3H"], 0),
    # Against 544: 977 ruffs, 884 over-ruffs (88 beats 77).
    ("5S 4S 4S", ["9H 7H 7H", "8H 8H 4H"], 2),
    # Against 567: 977 ruffs, 884 does not over-ruff (9 beats 8).
    ("5S 6S 7S", ["9H 7H 7H", "8H 8H 4H"], 1),
])
def test_R6_2_ruffs_and_over_ruffs_of_throws(lead, ruffs, winner):
    plays = [lead] + ruffs
    while len(plays) < 4:
        plays.append(" ".join(["3C"] * len(lead.split())))
    assert trick_winner(plays, trump("2H"), CLASSIC) == winner


def test_R6_2_a_ruff_must_hold_the_throws_tractors():
    lead = "KS KS QS QS 9S"
    # Two trump pairs that are not a tractor cannot ruff a tractor.
    assert trick_winner([lead, "3H 3H 5H 5H 7H", "3C 4C 5C 6C 7C", "3D 4D 5D 6D 7D"], trump("2H"), CLASSIC) == 0
    assert trick_winner([lead, "3H 3H 4H 4H 7H", "3C 4C 5C 6C 7C", "3D 4D 5D 6D 7D"], trump("2H"), CLASSIC) == 1


def test_R6_2_over_ruff_compared_by_the_largest_component():
    lead = "KS KS QS QS 9S"
    plays = [lead, "3H 3H 4H 4H AH", "5H 5H 6H 6H 7H", "3D 4D 5D 6D 7D"]
    assert trick_winner(plays, trump("2H"), CLASSIC) == 2  # 6655 beats 4433 though AH > 7H


def test_R6_3_equal_plays_first_wins():
    assert win("2S", "5H 5H", "3S 3S", "3S 3S", "4C 4C") == 1


def test_R6_4_a_standing_trump_throw_is_not_beaten():
    assert win("2S", "AS KS", "BJ SJ", "3H 4H", "5H 6H") == 0


def test_R6_mixed_trump_and_plain_never_wins():
    assert win("2S", "5H 5H", "BJ 3C", "6H 7H", "8C 9C") == 0
