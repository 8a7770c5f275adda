"""R9: level tables, dealer rotation, match end."""

import dataclasses

import pytest

from engine import advance, climb, level_outcome, next_dealer

from .helpers import BEIJING, CLASSIC, COMPETITION, QQ

D, S, F = "declarers", "switch", "defenders"


@pytest.mark.parametrize("rules, table", [
    (CLASSIC, [(0, D, 3), (5, D, 2), (35, D, 2), (40, D, 1), (75, D, 1), (80, S, 0), (115, S, 0),
               (120, F, 1), (155, F, 1), (160, F, 2), (195, F, 2), (200, F, 3), (300, F, 3)]),
    (QQ, [(0, D, 6), (5, D, 5), (10, D, 5), (15, D, 4), (20, D, 4), (25, D, 3), (30, D, 3), (35, D, 2),
          (40, D, 1), (75, D, 1), (80, S, 0), (115, S, 0), (120, F, 1), (125, F, 2), (160, F, 2),
          (165, F, 3), (200, F, 3), (205, F, 4), (240, F, 4), (245, F, 5), (280, F, 5), (285, F, 6),
          (400, F, 6)]),
    (COMPETITION, [(0, D, 3), (5, D, 2), (35, D, 2), (40, D, 1), (75, D, 1), (80, S, 0), (115, S, 0),
                   (120, F, 1), (155, F, 1), (160, F, 2), (195, F, 2), (200, F, 3), (235, F, 3),
                   (240, F, 4), (280, F, 5), (400, F, 8)]),
    (BEIJING, [(0, D, 4), (5, D, 3), (25, D, 3), (30, D, 2), (50, D, 2), (55, D, 1), (75, D, 1),
               (80, S, 0), (95, S, 0), (100, F, 1), (115, F, 1), (120, F, 2), (135, F, 2), (140, F, 3),
               (155, F, 3), (160, F, 4), (200, F, 6)]),
])
def test_R9_2_level_tables(rules, table):
    for points, side, levels in table:
        assert level_outcome(points, rules) == (side, levels), points


def test_R9_2_points_at_or_below_zero_count_as_zero():
    assert level_outcome(-40, CLASSIC) == (D, 3)


def test_R9_1_levels_run_2_to_a():
    assert advance("2", 1, QQ) == "3" and advance("9", 1, QQ) == "10" and advance("10", 1, QQ) == "J"


def test_R9_3_next_dealer():
    assert next_dealer(1, "declarers") == 3
    assert next_dealer(1, "switch") == 2
    assert next_dealer(3, "defenders") == 0


def test_R9_4_cycle_wraps_after_a():
    assert advance("K", 3, QQ) == "3" and climb("A", 2, QQ) == ("3", False)


@pytest.mark.parametrize("level, steps, declaring, expected", [
    ("K", 3, True, ("A", False)),  # the RULES example: A cannot be skipped
    ("Q", 1, True, ("K", False)),
    ("A", 1, True, ("A", True)),  # going up while declaring at A wins
    ("A", 3, True, ("A", True)),
    ("A", 2, False, ("A", False)),  # taking the stage while at A: stays at A
    ("J", 5, False, ("A", False)),  # reaching A from below stops there
])
def test_R9_4_pass_a(level, steps, declaring, expected):
    assert climb(level, steps, CLASSIC, declaring) == expected


@pytest.mark.parametrize("level, steps, declaring, expected", [
    ("8", 3, True, ("10", False)),  # 逢10必打
    ("10", 1, True, ("10", True)),  # 先过10为胜
    ("10", 2, False, ("10", False)),
    ("9", 4, False, ("10", False)),
])
def test_R9_4_pass_10_beijing(level, steps, declaring, expected):
    assert climb(level, steps, BEIJING, declaring) == expected


def test_R9_4_must_play_levels_stop_whoever_is_on_stage():
    rules = dataclasses.replace(QQ, must_play=("5", "J"))
    assert advance("3", 4, rules) == "5"
    assert advance("3", 4, rules, declaring=False) == "5"
    assert advance("5", 3, rules) == "8"  # declarers who played 5 pass it
    assert advance("5", 3, rules, declaring=False) == "5"  # defenders taking the stage at 5 stay
    assert advance("9", 6, rules) == "J"
    assert advance("K", 6, rules) == "5"  # wraps (cycle), then stops at 5


def test_R9_5_timed_match_higher_level_wins_else_team_on_stage():
    from engine import Match

    match = Match(COMPETITION, seed=1, levels=("5", "7"), dealer=0)
    assert match.time_up_winner() == 1
    match = Match(COMPETITION, seed=1, levels=("6", "6"), dealer=3)
    assert match.time_up_winner() == 1


def test_R9_5_time_is_called_between_hands_and_the_next_dealers_team_is_on_stage():
    import random

    from engine import IllegalAction, Match
    from engine.cards import RANKS
    from engine.simulate import play_hand

    match = Match(COMPETITION, seed=2, levels=("6", "6"), dealer=0)
    with pytest.raises(IllegalAction, match="R9.5"):
        match.end_on_time()  # the hand in play is finished first
    play_hand(match, random.Random(2))
    on_stage = match.dealer % 2
    expected = on_stage if match.levels[0] == match.levels[1] else match.levels.index(
        max(match.levels, key=RANKS.index))
    assert match.time_up_winner() == expected
    assert match.end_on_time() == expected
    assert (match.winner, match.ended_by) == (expected, "R9.5")
    assert Match.from_dict(match.to_dict()).ended_by == "R9.5"
    with pytest.raises(IllegalAction, match="R9.4"):
        match.next_hand()
    with pytest.raises(IllegalAction, match="R9.4"):
        match.end_on_time()
