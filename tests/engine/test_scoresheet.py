"""The scorekeeper's computation core (issue 5): engine/scoresheet.py, clause by clause."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hand import team_of
from engine.match import Match
from engine.rules import PRESETS, Rules
from engine.scoresheet import (
    HandEntry,
    Scoresheet,
    ScoresheetError,
    new_entry_id,
    step_down,
    time_up_winner,
)
from engine.simulate import play_hand
from engine.trump import Trump

_ids = itertools.count(1)


def entry(points: int = 0, **fields) -> HandEntry:
    """A hand entry with a fresh id; ``points`` are the defenders' trick points."""
    return HandEntry(id=fields.pop("id", f"h{next(_ids)}"), trick_points=points, **fields)


def kitty(trick_points: int, kitty_points: int, last_lead: str = "single", **fields) -> HandEntry:
    """The defenders took the last trick with ``last_lead``."""
    return entry(trick_points, defenders_took_last_trick=True, kitty_points=kitty_points,
                 last_lead=last_lead, **fields)


def sheet(preset: str = "classic", entries=(), options=None, recorded_elsewhere: bool = False,
          **fields) -> Scoresheet:
    """A scoresheet with seat 0 dealing first unless said otherwise; entries are added one by one."""
    fields.setdefault("first_dealer", 0)
    result = Scoresheet(rules=Rules.preset(preset).with_options(options or {}), **fields)
    for e in entries:
        result = result.add(e, recorded_elsewhere)
    return result


def levels(s: Scoresheet) -> tuple[str, str]:
    return s.state.levels


# --- R9.2 / R9.3: the level table of every preset, the next dealer -----------------------------------

LEVEL_TABLE_CASES = [
    # preset, entry, side, steps, levels after (team 0 dealt at 2), next dealer
    ("classic", entry(0), "declarers", 3, ("5", "2"), 2),
    ("classic", entry(35), "declarers", 2, ("4", "2"), 2),
    ("classic", entry(40), "declarers", 1, ("3", "2"), 2),
    ("classic", entry(80), "switch", 0, ("2", "2"), 1),
    ("classic", entry(115), "switch", 0, ("2", "2"), 1),
    ("classic", entry(120), "defenders", 1, ("2", "3"), 1),
    ("classic", entry(195), "defenders", 2, ("2", "4"), 1),
    ("classic", entry(200), "defenders", 3, ("2", "5"), 1),
    ("classic", kitty(150, 50, "pair"), "defenders", 3, ("2", "5"), 1),
    ("qq_super", entry(0), "declarers", 6, ("8", "2"), 2),
    ("qq_super", entry(10), "declarers", 5, ("7", "2"), 2),
    ("qq_super", entry(15), "declarers", 4, ("6", "2"), 2),
    ("qq_super", entry(30), "declarers", 3, ("5", "2"), 2),
    ("qq_super", entry(35), "declarers", 2, ("4", "2"), 2),
    ("qq_super", entry(75), "declarers", 1, ("3", "2"), 2),
    ("qq_super", entry(80), "switch", 0, ("2", "2"), 1),
    ("qq_super", entry(120), "defenders", 1, ("2", "3"), 1),
    ("qq_super", entry(160), "defenders", 2, ("2", "4"), 1),
    ("qq_super", entry(200), "defenders", 3, ("2", "5"), 1),
    ("qq_super", kitty(180, 10, "pair"), "defenders", 4, ("2", "6"), 1),  # 220
    ("qq_super", kitty(125, 40, "pair"), "defenders", 6, ("2", "8"), 1),  # 285
    ("competition", entry(0), "declarers", 3, ("5", "2"), 2),
    ("competition", entry(5), "declarers", 2, ("4", "2"), 2),
    ("competition", entry(75), "declarers", 1, ("3", "2"), 2),
    ("competition", entry(115), "switch", 0, ("2", "2"), 1),
    ("competition", entry(155), "defenders", 1, ("2", "3"), 1),
    ("competition", entry(195), "defenders", 2, ("2", "4"), 1),
    ("competition", kitty(120, 40, "pair"), "defenders", 5, ("2", "7"), 1),  # 280: one more per 40
    ("beijing", entry(0), "declarers", 4, ("6", "2"), 2),
    ("beijing", entry(25), "declarers", 3, ("5", "2"), 2),
    ("beijing", entry(50), "declarers", 2, ("4", "2"), 2),
    ("beijing", entry(75), "declarers", 1, ("3", "2"), 2),
    ("beijing", entry(95), "switch", 0, ("2", "2"), 1),
    ("beijing", entry(100), "defenders", 1, ("2", "3"), 1),
    ("beijing", entry(135), "defenders", 2, ("2", "4"), 1),
    ("beijing", entry(155), "defenders", 3, ("2", "5"), 1),  # one more per 20
]


@pytest.mark.parametrize("preset, hand, side, steps, after, dealer", LEVEL_TABLE_CASES)
def test_R9_2_R9_3_level_table_and_next_dealer(preset, hand, side, steps, after, dealer):
    s = sheet(preset, [hand])
    (score,) = s.compute().hands
    assert (score.dealer, score.declarers, score.level) == (0, 0, "2")
    assert (score.side, score.steps) == (side, steps)
    assert score.after.levels == after == s.state.levels
    assert score.after.dealer == dealer == s.state.dealer
    assert s.state.level == after[team_of(dealer)]
    assert s.state.hand_number == 2


def test_R9_3_dealer_rotates_through_a_match():
    s = sheet("classic", [entry(40), entry(40), entry(100), entry(130), entry(0)])
    assert [h.dealer for h in s.compute().hands] == [0, 2, 0, 1, 2]
    assert [h.level for h in s.compute().hands] == ["2", "3", "4", "2", "5"]
    assert s.state.levels == ("8", "2") and s.state.dealer == 0


# --- R7.3 / R7.4: the kitty multiplier, every option and format, on every preset -----------------------

KITTY_CASES = [
    # option, last lead, pairs in the tractor, throw, multiplier
    ("pairs", "single", 0, False, 2),
    ("pairs", "pair", 0, False, 4),
    ("pairs", "tractor", 2, False, 8),
    ("pairs", "tractor", 3, False, 12),
    ("pairs", "tractor", 12, False, 48),
    ("pairs", "single", 0, True, 2),
    ("pairs", "pair", 0, True, 4),
    ("pairs", "tractor", 2, True, 8),
    ("power_of_cards", "single", 0, False, 2),
    ("power_of_cards", "pair", 0, False, 4),
    ("power_of_cards", "tractor", 2, False, 16),
    ("power_of_cards", "tractor", 3, False, 64),
    ("power_of_cards", "tractor", 4, False, 64),  # capped
    ("power_of_cards", "pair", 0, True, 4),
    ("power_of_cards", "tractor", 3, True, 64),
    ("doubling", "single", 0, False, 2),
    ("doubling", "pair", 0, False, 4),
    ("doubling", "tractor", 2, False, 8),
    ("doubling", "tractor", 3, False, 16),
    ("doubling", "tractor", 4, False, 32),
    ("doubling", "single", 0, True, 2),
    ("doubling", "tractor", 3, True, 16),
]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("option, lead, pairs, throw, multiplier", KITTY_CASES)
def test_R7_4_kitty_multiplier(preset, option, lead, pairs, throw, multiplier):
    hand = kitty(20, 5, lead, tractor_pairs=pairs, throw=throw)
    (score,) = sheet(preset, [hand], {"kitty_multiplier": option}).compute().hands
    assert score.multiplier == multiplier
    assert score.kitty_bonus == 5 * multiplier
    assert score.defender_points == 20 + 5 * multiplier


@pytest.mark.parametrize("preset, multiplier", [("classic", 8), ("qq_super", 8), ("competition", 16),
                                                ("beijing", 8)])
def test_R10_preset_kitty_multiplier_of_a_two_pair_tractor(preset, multiplier):
    (score,) = sheet(preset, [kitty(30, 10, "tractor", tractor_pairs=2)]).compute().hands
    assert score.multiplier == multiplier


def test_R7_3_no_kitty_when_the_declarers_took_the_last_trick():
    (score,) = sheet("classic", [entry(70)]).compute().hands
    assert (score.multiplier, score.kitty_bonus, score.defender_points) == (0, 0, 70)


def test_R7_3_empty_kitty_needs_no_format():
    (score,) = sheet("classic", [entry(70, defenders_took_last_trick=True)]).compute().hands
    assert (score.multiplier, score.kitty_bonus, score.side) == (0, 0, "declarers")


# --- R4.5: throw penalties for both teams ------------------------------------------------------------

PENALTY_CASES = [
    # preset, trick points, failed cards (team 0, team 1), penalty, side, steps; team 0 declares
    ("competition", 60, (2, 0), 20, "switch", 0),
    ("competition", 90, (0, 3), -30, "declarers", 1),
    ("competition", 100, (1, 4), -30, "declarers", 1),
    ("competition", 10, (0, 5), -50, "declarers", 3),  # below 0 counts as 0 (R9.2)
    ("beijing", 90, (1, 0), 10, "defenders", 1),
    ("beijing", 90, (0, 1), -10, "switch", 0),
    ("beijing", 0, (2, 2), 0, "declarers", 4),
]


@pytest.mark.parametrize("preset, points, failed, penalty, side, steps", PENALTY_CASES)
def test_R4_5_throw_penalty(preset, points, failed, penalty, side, steps):
    (score,) = sheet(preset, [entry(points, failed_throw_cards=failed)]).compute().hands
    assert score.penalty == penalty
    assert score.defender_points == points + penalty
    assert (score.side, score.steps) == (side, steps)


def test_R4_5_penalty_follows_the_team_when_the_other_team_declares():
    # Team 1 declares (seat 1 deals): team 1's failed cards now add to the defenders (team 0).
    (score,) = sheet("competition", [entry(60, failed_throw_cards=(0, 2))], first_dealer=1).compute().hands
    assert (score.declarers, score.penalty, score.side) == (1, 20, "switch")


def test_R4_5_option_overrides_the_points_per_card():
    (score,) = sheet("classic", [entry(60, failed_throw_cards=(1, 0))],
                     {"throw_penalty_per_card": 25}).compute().hands
    assert (score.penalty, score.side) == (25, "switch")


def test_R4_5_no_throw_penalty_in_presets_without_it():
    with pytest.raises(ScoresheetError, match="R4.5") as error:
        sheet("classic", [entry(60, failed_throw_cards=(1, 0))])
    assert (error.value.field, error.value.hand) == ("failed_throw_cards", 1)


# --- R11: physical-game penalties --------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["competition", "beijing"])
def test_R11_wrong_follow_costs_a_level_after_the_hand(preset):
    s = sheet(preset, [entry(75, wrong_follows=(1, 0))], starting_levels=("5", "5"))
    (score,) = s.compute().hands
    assert (score.side, score.steps, score.levels_lost) == ("declarers", 1, (1, 0))
    assert s.state.levels == ("5", "5")  # up one for the hand, down one for the offence
    assert s.state.offences == (1, 0)


def test_R11_offences_add_up_and_stop_at_2():
    s = sheet("competition", [entry(40, wrong_follows=(0, 1), taken_back=(1, 0))], starting_levels=("7", "2"))
    assert s.state.levels == ("7", "2")  # team 0: 7 +1 -1; team 1: 2 -1 floored at 2
    assert s.state.offences == (1, 1)
    assert [step_down("5", n) for n in range(5)] == ["5", "4", "3", "2", "2"]


def test_R11_three_offences_in_a_match_lose_it():
    s = sheet("competition", [entry(80, wrong_follows=(0, 1)), entry(80, taken_back=(0, 1))])
    assert s.state.offences == (0, 2) and not s.state.over
    s = s.add(entry(80, wrong_follows=(0, 1)))
    assert (s.state.winner, s.state.ended_by) == (0, "R11")
    with pytest.raises(ScoresheetError, match="match is over"):
        s.add(entry(80))


def test_R11_third_offence_beats_a_win_at_the_end_of_the_hand():
    # Team 0 would pass A, but took back its third card during that hand.
    s = sheet("competition", [entry(0, taken_back=(3, 0))], starting_levels=("A", "A"))
    assert (s.state.winner, s.state.ended_by) == (1, "R11")


def test_R11_both_teams_at_their_third_offence_in_one_hand_R9_5_decides():
    hand = entry(90, wrong_follows=(3, 3))  # team 0 declares; switch: team 1 on stage next
    assert sheet("beijing", [hand], starting_levels=("6", "6")).state.winner == 0  # the declarers of the hand
    assert sheet("beijing", [hand], starting_levels=("6", "8")).state.winner == 1  # the higher level


WRONG_CARD_COUNT_CASES = [
    # miscounted (team 0, team 1), trick points, side, steps, levels after, next dealer; team 0 declares
    ((True, False), 0, "defenders", 1, ("4", "5"), 1),
    ((False, True), 190, "declarers", 1, ("5", "4"), 2),
    ((True, True), 190, "recontest", 0, ("4", "4"), None),
]


@pytest.mark.parametrize("miscounted, points, side, steps, after, dealer", WRONG_CARD_COUNT_CASES)
def test_R11_wrong_card_count(miscounted, points, side, steps, after, dealer):
    s = sheet("competition", [entry(points, wrong_card_count=miscounted)], starting_levels=("4", "4"))
    (score,) = s.compute().hands
    assert (score.side, score.steps) == (side, steps)
    assert s.state.levels == after and s.state.dealer == dealer
    assert s.state.offences == (0, 0)  # R11: a wrong card count is not one of the three


def test_R11_recontested_hand_needs_its_dealer():
    s = sheet("beijing", [entry(100, wrong_card_count=(True, True))], starting_levels=("4", "6"))
    assert (s.state.dealer, s.state.on_stage, s.state.level) == (None, None, None)
    with pytest.raises(ScoresheetError, match="R8.3") as error:
        s.add(entry(40))
    assert (error.value.field, error.value.hand) == ("dealer", 2)
    (_, score) = s.add(entry(40, dealer=3)).compute().hands
    assert (score.dealer, score.declarers, score.level) == (3, 1, "6")


def test_R11_miscounting_defenders_let_declarers_at_the_end_level_pass_it():
    s = sheet("beijing", [entry(150, wrong_card_count=(False, True))], starting_levels=("10", "3"))
    assert (s.state.winner, s.state.ended_by) == (0, "R9.4")


@pytest.mark.parametrize("preset", ["classic", "qq_super"])
@pytest.mark.parametrize("field", ["wrong_follows", "taken_back", "wrong_card_count"])
def test_R11_only_for_rules_with_physical_penalties(preset, field):
    value = (True, False) if field == "wrong_card_count" else (1, 0)
    with pytest.raises(ScoresheetError, match="R11") as error:
        sheet(preset, [entry(40, **{field: value})])
    assert error.value.field == field
    sheet(preset, [entry(40, **{field: value})], {"physical_penalties": True})


# --- R9.4: must-play levels, pass_10, pass_a, cycle, match end --------------------------------------

MUST_PLAY_CASES = [
    # preset, options, starting levels, first dealer, entry, levels after, held at, winner
    ("beijing", {}, ("8", "2"), 0, entry(0), ("10", "2"), "10", None),  # decl +4 stops at 10
    ("beijing", {}, ("10", "2"), 0, entry(50), ("10", "2"), None, 0),  # decl at 10 go up: win
    ("beijing", {}, ("10", "2"), 0, entry(75), ("10", "2"), None, 0),
    ("beijing", {}, ("9", "3"), 1, entry(155), ("10", "3"), "10", None),  # defenders stop at 10 too
    ("beijing", {}, ("10", "3"), 1, entry(100), ("10", "3"), "10", None),  # taking the stage at 10
    ("beijing", {}, ("10", "3"), 1, entry(80), ("10", "3"), None, None),  # switch at 10
    ("beijing", {"must_play": ""}, ("8", "2"), 0, entry(0), ("10", "2"), "10", None),  # pass_10 stops too
    ("beijing", {"match_end": "pass_a"}, ("9", "2"), 0, entry(0), ("10", "2"), "10", None),  # must_play 10
    ("beijing", {"match_end": "pass_a"}, ("10", "2"), 0, entry(0), ("A", "2"), None, None),  # played 10
    ("classic", {"must_play": "5 J"}, ("3", "2"), 0, entry(0), ("5", "2"), "5", None),
    ("classic", {"must_play": "5 J"}, ("5", "2"), 0, entry(0), ("8", "2"), None, None),
    ("classic", {"must_play": "5 J"}, ("2", "2"), 0, entry(200), ("2", "5"), None, None),  # lands on it
    ("classic", {"must_play": "5 J"}, ("2", "3"), 0, entry(200), ("2", "5"), "5", None),
    ("classic", {}, ("K", "2"), 0, entry(0), ("A", "2"), "A", None),  # pass_a: A cannot be skipped
    ("classic", {}, ("A", "2"), 0, entry(40), ("A", "2"), None, 0),  # declarers at A go up: win
    ("classic", {}, ("A", "2"), 0, entry(80), ("A", "2"), None, None),  # switch at A: no win
    ("classic", {}, ("2", "A"), 0, entry(160), ("2", "A"), "A", None),  # taking the stage at A
    ("competition", {}, ("Q", "Q"), 0, entry(5), ("A", "Q"), None, None),
    ("competition", {}, ("A", "Q"), 0, entry(0), ("A", "Q"), None, 0),
    ("qq_super", {}, ("K", "2"), 0, entry(30), ("3", "2"), None, None),  # cycle: wraps after A
    ("qq_super", {}, ("A", "2"), 0, entry(75), ("2", "2"), None, None),
    ("qq_super", {}, ("2", "Q"), 0, kitty(125, 40, "pair"), ("2", "5"), None, None),  # 285: def +6
    ("qq_super", {"must_play": "A"}, ("J", "2"), 0, entry(0), ("A", "2"), "A", None),
]


@pytest.mark.parametrize("preset, options, start, dealer, hand, after, held_at, winner", MUST_PLAY_CASES)
def test_R9_4_must_play_and_match_end(preset, options, start, dealer, hand, after, held_at, winner):
    s = sheet(preset, [hand], options, starting_levels=start, first_dealer=dealer)
    (score,) = s.compute().hands
    assert s.state.levels == after
    assert score.held_at == held_at
    assert s.state.winner == winner
    assert s.state.ended_by == ("R9.4" if winner is not None else None)


def test_R9_4_must_play_and_match_point_notices():
    s = sheet("beijing", [entry(0)], starting_levels=("8", "2"))
    assert (s.state.level, s.state.must_play, s.state.match_point) == ("10", True, True)
    s = sheet("classic", [entry(0)], {"must_play": "5"}, starting_levels=("3", "2"))
    assert (s.state.level, s.state.must_play, s.state.match_point) == ("5", True, False)
    s = sheet("classic", [entry(0)], starting_levels=("K", "2"))
    assert (s.state.level, s.state.must_play, s.state.match_point) == ("A", True, True)
    s = sheet("qq_super", [entry(0)], starting_levels=("K", "2"))
    assert (s.state.level, s.state.must_play, s.state.match_point) == ("6", False, False)


def test_R9_4_cycle_never_ends():
    s = sheet("qq_super", [entry(0) for _ in range(12)])
    assert not s.state.over
    assert [h.after.levels[0] for h in s.compute().hands][:4] == ["8", "A", "7", "K"]
    assert s.state.levels == ("9", "2")  # 12 × 6 = 72 steps up from 2 on a 13-level wheel


@pytest.mark.parametrize("preset, start, hand", [
    ("classic", ("A", "2"), entry(40)),
    ("beijing", ("10", "2"), entry(0)),
    ("competition", ("2", "2"), entry(0, taken_back=(0, 3))),
])
def test_R9_4_no_hand_after_the_match_end(preset, start, hand):
    s = sheet(preset, [hand], starting_levels=start)
    assert s.state.over
    with pytest.raises(ScoresheetError, match="match is over") as error:
        s.add(entry(40))
    assert error.value.field == "entries"
    assert s.add(hand) is s  # re-sending the last hand is still harmless
    assert s.undo().add(entry(80)).state.hand_number == 2  # undo re-opens it


def test_R9_4_edit_that_ends_the_match_early_is_refused():
    hands = [entry(80, id="a"), entry(80, id="b"), entry(80, id="c")]
    s = sheet("classic", hands, starting_levels=("A", "A"))
    with pytest.raises(ScoresheetError, match="match would end after hand 1") as error:
        s.replace(entry(40, id="a"))
    assert error.value.hand == 2
    assert [e.trick_points for e in s.entries] == [80, 80, 80]


# --- R9.5: timed matches -----------------------------------------------------------------------------

@pytest.mark.parametrize("levels, on_stage, winner", [
    (("5", "J"), 0, 1), (("A", "K"), 1, 0), (("10", "9"), None, 0),
    (("7", "7"), 0, 0), (("7", "7"), 1, 1), (("7", "7"), None, None),
])
def test_R9_5_time_up_winner(levels, on_stage, winner):
    assert time_up_winner(levels, on_stage) == winner


def test_R9_5_time_up_winner_of_a_sheet():
    s = sheet("competition", [entry(80)], starting_levels=("6", "6"))  # switch: team 1 on stage
    assert s.time_up_winner() == 1
    assert s.add(entry(80)).time_up_winner() == 0
    assert s.add(entry(0)).time_up_winner() == 1  # team 1 went up
    assert sheet("competition", first_dealer=None).time_up_winner() is None
    assert sheet("competition", [entry(0)], starting_levels=("A", "K")).time_up_winner() == 0  # won


# --- R8.3 / R8.7: who deals ------------------------------------------------------------------------------

def test_R8_3_first_declaration_decides_the_first_dealer():
    s = sheet("classic", first_dealer=None)
    assert (s.state.dealer, s.state.level) == (None, None)
    with pytest.raises(ScoresheetError, match="R8.3"):
        s.add(entry(40))
    s = s.add(entry(40, dealer=3)).add(entry(40))
    assert [h.dealer for h in s.compute().hands] == [3, 1]
    assert s.state.levels == ("2", "4")


def test_R9_1_first_declaration_needs_equal_starting_levels():
    with pytest.raises(ScoresheetError, match="R9.1") as error:
        sheet("classic", first_dealer=None, starting_levels=("3", "2"))
    assert error.value.field == "first_dealer"


def test_R9_3_scheduled_dealer_may_be_restated_but_not_contradicted():
    s = sheet("classic", [entry(40, dealer=0), entry(40, dealer=2)])
    assert [h.dealer for h in s.compute().hands] == [0, 2]
    with pytest.raises(ScoresheetError, match="R8.7") as error:
        s.add(entry(40, dealer=1))
    assert (error.value.field, error.value.hand) == ("dealer", 3)


def test_R8_7_opponents_declare_and_deal_at_their_own_level():
    s = sheet("competition", [entry(40), entry(40, dealer=3)], starting_levels=("6", "9"))
    (_, second) = s.compute().hands
    assert (second.dealer, second.declarers, second.level) == (3, 1, "9")
    assert s.state.levels == ("7", "10") and s.state.dealer == 1
    with pytest.raises(ScoresheetError, match="R8.7"):
        sheet("competition", [entry(40), entry(40, dealer=0)])  # seat 2's partner cannot take over


def test_trump_is_recorded_at_the_hand_level():
    s = sheet("classic", [entry(40, trump="h"), entry(40, trump="NT"), entry(40)])
    assert [h.trump for h in s.compute().hands] == [Trump("2", "H"), Trump("3", None), None]
    assert s.entries[0].trump == "H"


# --- Editing: replace, delete, undo, idempotent add, persistence ----------------------------------------

def test_edit_an_earlier_hand_recomputes_the_results_after_it_and_keeps_their_dealers():
    hands = [entry(35, id="a"), entry(60, id="b"), entry(130, id="c"), entry(10, id="d")]
    s = sheet("classic", hands)
    assert [h.dealer for h in s.compute().hands] == [0, 2, 0, 1]
    assert s.state.levels == ("5", "5") and s.state.dealer == 3

    edited = s.replace(entry(125, id="a"))  # hand 1: declarers +2 → defenders +1: seat 1 is scheduled next
    hands_after = edited.compute().hands
    assert [h.dealer for h in hands_after] == [0, 2, 0, 1]  # as the hands were played
    assert [h.scheduled_dealer for h in hands_after] == [0, 1, 0, 1]
    assert [h.dealer_follows for h in hands_after] == [True, False, True, True]
    assert [h.level for h in hands_after] == ["2", "2", "3", "4"]  # each team's corrected level
    assert [(h.side, h.steps) for h in hands_after] == [
        ("defenders", 1), ("declarers", 1), ("defenders", 1), ("declarers", 2)]
    assert edited.state.levels == ("3", "6") and edited.state.dealer == 3
    assert s.state.levels == ("5", "5")  # the old sheet is untouched


def test_R9_3_recompute_from_here_deals_that_hand_and_every_later_one_as_the_results_make_it():
    hands = [entry(35, id="a"), entry(60, id="b"), entry(130, id="c"), entry(10, id="d")]
    edited = sheet("classic", hands).replace(entry(125, id="a"))
    recomputed = edited.rescheduled_from("b")
    assert [h.dealer for h in recomputed.compute().hands] == [0, 1, 3, 0]
    assert [h.level for h in recomputed.compute().hands] == ["2", "3", "4", "3"]
    assert all(h.dealer_follows for h in recomputed.compute().hands)
    assert recomputed.state.levels == ("5", "4") and recomputed.state.dealer == 2
    # What the hands meant before dealers were kept: every one dealt as scheduled.
    unscheduled = [dataclasses.replace(e, dealer=None) for e in recomputed.entries]
    assert recomputed == sheet("classic", unscheduled)
    assert recomputed.rescheduled_from("b") == recomputed  # a second tap changes nothing
    assert edited.rescheduled_from("d") == edited  # hand 4 follows already: nothing to recompute
    with pytest.raises(ScoresheetError, match="no longer on the sheet"):
        edited.rescheduled_from("nope")


CORRECTION_FLAGS = {"classic": True, "qq_super": True, "beijing": True,
                    "competition": False}  # R8.7: there the opponents may have declared and dealt hand 3


@pytest.mark.parametrize("preset", PRESETS)
def test_issue_12_correcting_hand_2_leaves_the_dealers_teams_and_penalties_of_hands_3_to_5(preset):
    """The report: editing hand 2 changed the dealers and teams of hands 3–5, and a penalty flipped sign."""
    penalties = {"throw_penalty_per_card": 10}
    hands = [entry(35, id="a"), entry(60, id="b"), entry(60, id="c"),
             entry(100, id="d", failed_throw_cards=(2, 0)), entry(40, id="e")]
    s = sheet(preset, hands, penalties)
    before = s.compute().hands
    assert before[3].declarers == 0 and before[3].penalty == 20  # the declarers' failed throw: +20

    edited = s.replace(entry(90, id="b"))  # hand 2: declarers up → switch: seat 3 is scheduled for hand 3
    after = edited.compute().hands
    for old, new in zip(before[2:], after[2:]):
        assert (new.dealer, new.declarers, new.penalty) == (old.dealer, old.declarers, old.penalty)
    assert after[2].scheduled_dealer == 3 and after[2].dealer == before[2].dealer
    assert after[2].dealer_follows is not CORRECTION_FLAGS[preset]
    assert all(h.dealer_follows for h in after[3:])  # hand 4's dealer follows from hand 3 as it was played
    assert edited == sheet(preset, [*hands[:1], entry(90, id="b"), *s.entries[2:]], penalties, True)

    recomputed = edited.rescheduled_from("c")
    if CORRECTION_FLAGS[preset]:
        assert recomputed.compute().hands[2].dealer == 3  # seat 4, as the corrected hand 2 makes it
        assert recomputed.compute().hands[3].penalty == -20  # team 0 now defends hand 4: −20
    else:
        assert recomputed == edited
    assert all(h.dealer_follows for h in recomputed.compute().hands)


@pytest.mark.parametrize("preset", PRESETS)
def test_R8_7_a_dealer_of_the_other_team_follows_only_when_the_opponents_may_declare_first(preset):
    rules = Rules.preset(preset)
    s = sheet(preset, [entry(35), entry(40, dealer=1, id="x")], recorded_elsewhere=True)
    (_, hand) = s.compute().hands
    assert (hand.scheduled_dealer, hand.dealer, hand.declarers) == (2, 1, 1)
    assert hand.dealer_follows is (rules.who_may_declare == "dealer_team_first")
    partner = sheet(preset, [entry(35), entry(40, dealer=0)], recorded_elsewhere=True)
    assert not partner.compute().hands[1].dealer_follows  # the scheduled dealer's partner never deals


def test_deleting_a_middle_hand_keeps_the_dealers_of_later_hands():
    s = sheet("classic", [entry(35, id="a"), entry(125, id="b"), entry(40, id="c")])
    deleted = s.delete("b")
    assert [e.id for e in deleted.entries] == ["a", "c"]
    (_, second) = deleted.compute().hands
    assert (second.dealer, second.scheduled_dealer, second.dealer_follows) == (3, 2, False)
    assert deleted.state.levels == ("4", "3")
    assert deleted.rescheduled_from("c").state.levels == ("5", "2")  # seat 3 deals it: Us go up 1
    assert deleted.delete("b") is deleted  # deleting twice (a re-sent sync) changes nothing


def test_an_edit_that_makes_a_later_hands_dealer_not_follow_is_flagged_not_refused():
    s = sheet("competition", [entry(40, id="a"), entry(40, id="b", dealer=3)])
    edited = s.replace(entry(120, id="a"))  # seat 1 is now scheduled for hand 2; seat 3 is its partner
    (_, hand) = edited.compute().hands
    assert (hand.dealer, hand.scheduled_dealer, hand.dealer_follows) == (3, 1, False)
    assert edited.rescheduled_from("b").compute().hands[1].dealer == 1


def test_R9_3_a_new_hand_is_dealt_as_scheduled_unless_it_was_recorded_elsewhere():
    s = sheet("classic", [entry(35)])
    with pytest.raises(ScoresheetError, match="R9.3") as error:
        s.add(entry(40, dealer=1))
    assert (error.value.field, error.value.hand) == ("dealer", 2)
    phone = s.add(entry(40, dealer=1, id="phone"), recorded_elsewhere=True)  # played so at the phone's table
    assert phone.compute().hands[1].dealer == 1 and not phone.compute().hands[1].dealer_follows
    assert phone.add(entry(40, id="phone")) is phone  # idempotent by id, whatever its dealer


def test_a_hand_recorded_without_a_dealer_gets_the_scheduled_one_as_it_enters_the_sheet():
    s = sheet("classic", [entry(35, id="a"), entry(60, id="b")])
    assert [e.dealer for e in s.entries] == [0, 2]
    assert s.to_dict()["entries"][1]["dealer"] == 2
    fixed = s.replace(entry(125, id="a"), entry(60, id="b"))  # a fix without a dealer keeps the hand's
    assert [e.dealer for e in fixed.entries] == [0, 2]


def test_sheets_stored_before_dealers_were_kept_load_with_what_they_meant():
    """Entries of version 1 sheets named a dealer only when nobody was scheduled (R8.3, R11) or under R8.7."""
    stored = {"version": 1, "rules": Rules.preset("competition").to_dict(), "team_names": ["Us", "Them"],
              "player_names": None, "starting_levels": ["2", "2"], "first_dealer": None, "removed_ids": [],
              "entries": [{"id": "a", "trick_points": 35, "dealer": 1}, {"id": "b", "trick_points": 60},
                          {"id": "c", "trick_points": 95, "wrong_card_count": [True, True]},
                          {"id": "d", "trick_points": 40, "dealer": 0}, {"id": "e", "trick_points": 130},
                          {"id": "f", "trick_points": 60, "dealer": 0}]}
    loaded = Scoresheet.from_dict(stored)
    assert [h.dealer for h in loaded.compute().hands] == [1, 3, 1, 0, 2, 0]  # f: R8.7, the opponents
    assert all(h.dealer_follows for h in loaded.compute().hands)
    assert Scoresheet.from_dict(json.loads(json.dumps(loaded.to_dict()))) == loaded
    assert loaded.replace(entry(120, id="a", dealer=1)).compute().hands[1].dealer == 3  # kept from now on


def test_several_fixes_are_checked_together():
    hands = [entry(40, id="a"), entry(80, id="b", dealer=2), entry(80, id="c")]
    s = sheet("classic", hands, starting_levels=("K", "K"))  # hand 2: Us at A, a switch
    with pytest.raises(ScoresheetError, match="match would end after hand 2"):
        s.replace(entry(40, id="b"))  # Us would go up at A and win before hand 3
    fixed = s.replace(entry(40, id="b"), entry(80, id="a"))  # …but not when hand 1 was a switch too
    assert [h.level for h in fixed.compute().hands] == ["K", "K", "K"] and not fixed.state.over


def test_replace_needs_a_known_id():
    with pytest.raises(ScoresheetError, match="no longer on the sheet") as error:
        sheet("classic", [entry(40)]).replace(entry(40, id="nope"))
    assert error.value.field == "id"


def test_undo_removes_the_last_hand():
    s = sheet("classic", [entry(35), entry(125)])
    undone = s.undo()
    assert undone.entries == s.entries[:1]
    assert undone.compute().hands == s.compute().hands[:1]
    assert undone.state == s.compute().hands[0].after
    assert undone.undo().state == sheet("classic").state
    with pytest.raises(ScoresheetError, match="no hand to undo"):
        undone.undo().undo()


def test_add_is_idempotent_by_id():
    hand = entry(40, id="offline-1")
    s = sheet("classic", [hand])
    assert s.add(hand) is s
    assert s.add(entry(120, id="offline-1")) is s  # the stored hand wins; edits go through replace
    assert len(s.entries) == 1
    gone = s.delete("offline-1")
    assert gone.add(hand) is gone  # a deleted hand synchronised again stays deleted


def test_json_round_trip():
    s = sheet("beijing", [entry(40, dealer=0, trump="S", failed_throw_cards=(1, 0)), kitty(70, 25, "tractor",
              tractor_pairs=3, throw=True, wrong_follows=(0, 1)), entry(95, wrong_card_count=(True, True)),
              entry(0, dealer=1)], {"time_limit_minutes": 45}, team_names=("东", "西"),
              player_names=("A", "B", "", "D"), starting_levels=("3", "3"), first_dealer=None)
    extra = entry(40)
    s = s.add(extra).delete(extra.id)
    assert s.removed_ids == (extra.id,)
    data = json.loads(json.dumps(s.to_dict()))
    assert Scoresheet.from_dict(data) == s
    assert Scoresheet.from_dict(data).compute() == s.compute()
    assert json.loads(json.dumps(s.compute().to_dict()))["state"]["levels"] == list(s.state.levels)


def test_bad_input_changes_nothing():
    s = sheet("classic", [entry(40)])
    before = s.to_dict()
    for bad in (lambda: s.add(entry(33)), lambda: s.add(entry(40, dealer=1)), lambda: s.undo().undo()):
        with pytest.raises(ValueError):
            bad()
    assert s.to_dict() == before


def test_new_entry_ids_are_unique():
    assert len({new_entry_id() for _ in range(100)}) == 100


# --- Validation ----------------------------------------------------------------------------------------

TOOK_LAST = {"defenders_took_last_trick": True}
ENTRY_ERRORS = [
    ({"trick_points": 33}, "trick_points", "multiple of 5"),
    ({"trick_points": -5}, "trick_points", "from 0 to 200"),
    ({"trick_points": 205}, "trick_points", "from 0 to 200"),
    ({"trick_points": "40"}, "trick_points", "whole number"),
    ({"trick_points": True}, "trick_points", "whole number"),
    ({"kitty_points": 10}, "kitty_points", "R7.3"),
    ({**TOOK_LAST, "kitty_points": 85, "last_lead": "pair"}, "kitty_points", "0 to 80"),
    ({**TOOK_LAST, "kitty_points": 12, "last_lead": "pair"}, "kitty_points", "multiple"),
    ({"trick_points": 150, **TOOK_LAST, "kitty_points": 55, "last_lead": "pair"},
     "kitty_points", "at most 200"),
    ({**TOOK_LAST, "kitty_points": 10}, "last_lead", "R7.4"),
    ({**TOOK_LAST, "kitty_points": 10, "last_lead": "triple"}, "last_lead", "one of"),
    ({"last_lead": "pair"}, "last_lead", "R7.3"),
    ({**TOOK_LAST, "throw": True}, "last_lead", "largest component"),
    ({**TOOK_LAST, "last_lead": "tractor", "tractor_pairs": 1}, "tractor_pairs", "2 to 12"),
    ({**TOOK_LAST, "last_lead": "tractor", "tractor_pairs": 13}, "tractor_pairs", "2 to 12"),
    ({**TOOK_LAST, "last_lead": "tractor"}, "tractor_pairs", "2 to 12"),
    ({**TOOK_LAST, "last_lead": "pair", "tractor_pairs": 2}, "tractor_pairs", "only for"),
    ({"defenders_took_last_trick": 1}, "defenders_took_last_trick", "true or false"),
    ({"dealer": 4}, "dealer", "0 to 3"),
    ({"dealer": -1}, "dealer", "0 to 3"),
    ({"trump": "X"}, "trump", "S, H, D, C, NT"),
    ({"failed_throw_cards": (1,)}, "failed_throw_cards", "one per team"),
    ({"failed_throw_cards": (-1, 0)}, "failed_throw_cards", "0 to 50"),
    ({"wrong_follows": (0, 26)}, "wrong_follows", "0 to 25"),
    ({"taken_back": "11"}, "taken_back", "one per team"),
    ({"wrong_card_count": (1, 0)}, "wrong_card_count", "true or false"),
    ({"id": ""}, "id", "non-empty"),
    ({"id": 7}, "id", "non-empty"),
]


@pytest.mark.parametrize("fields, field, message", ENTRY_ERRORS)
def test_entry_validation(fields, field, message):
    fields = {"id": "x", **fields}
    with pytest.raises(ScoresheetError, match=message) as error:
        HandEntry(**fields)
    assert error.value.field == field
    assert str(error.value).startswith(f"{field}: ")


SHEET_ERRORS = [
    ({"team_names": ("", "B")}, "team_names"),
    ({"team_names": ("A",)}, "team_names"),
    ({"team_names": ("A", "B" * 41)}, "team_names"),
    ({"player_names": ("A", "B", "C")}, "player_names"),
    ({"player_names": ("A", "B", "C", None)}, "player_names"),
    ({"starting_levels": ("1", "2")}, "starting_levels"),
    ({"starting_levels": "22"}, "starting_levels"),
    ({"first_dealer": 5}, "first_dealer"),
    ({"rules": "classic"}, "rules"),
    ({"entries": (HandEntry("a"), HandEntry("a"))}, "entries"),
    ({"entries": ({"id": "a"},)}, "entries"),
]


@pytest.mark.parametrize("fields, field", SHEET_ERRORS)
def test_scoresheet_validation(fields, field):
    with pytest.raises(ScoresheetError) as error:
        Scoresheet(**{"first_dealer": 0, **fields})
    assert error.value.field == field


@pytest.mark.parametrize("change, field", [
    (lambda d: d["entries"][0].update(points=5), "entry"),
    (lambda d: d["entries"][0].pop("id"), "id"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(colour="red"), "scoresheet"),
    (lambda d: d["rules"].update(kitty_multiplier="triple"), "rules"),
    (lambda d: d["rules"].update(colour="red"), "rules"),
    (lambda d: d.update(entries={}), "entries"),
    (lambda d: d["entries"].append(["not", "an", "entry"]), "entries"),
])
def test_from_dict_validation(change, field):
    data = sheet("classic", [entry(40)]).to_dict()
    change(data)
    with pytest.raises(ScoresheetError) as error:
        Scoresheet.from_dict(data)
    assert error.value.field == field


def test_starting_levels_are_normalized():
    assert Scoresheet(starting_levels=("t", "j"), first_dealer=0).starting_levels == ("10", "J")


# --- The same results as the online game -------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_scoresheet_agrees_with_the_engine_hands(preset):
    """Random hands played through the engine, recorded as a scorekeeper would, score the same."""
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    match = Match(rules, seed=preset)
    s = Scoresheet(rules=rules)
    for _ in range(8):
        hand = play_hand(match, rng)
        result = match.history[-1]
        last = hand.tricks[-1]
        took_last = team_of(last.winner) != hand.declarers
        largest = last.lead.largest
        lead = {0: "single", 1: "pair", 2: "tractor"}[largest.kind]
        failed = [0, 0]
        for trick in hand.tricks:
            if trick.failed_throw:
                failed[team_of(trick.leader)] += trick.failed_throw[1]
        s = s.add(HandEntry(
            id=new_entry_id(), trick_points=result.trick_points, defenders_took_last_trick=took_last,
            kitty_points=result.kitty_points if took_last else 0, last_lead=lead if took_last else None,
            tractor_pairs=largest.length if took_last and lead == "tractor" else 0,
            throw=took_last and last.lead.is_throw, dealer=result.dealer,
            failed_throw_cards=tuple(failed) if rules.throw_penalty_per_card else (0, 0)))
        score = s.compute().hands[-1]
        assert (score.multiplier, score.kitty_bonus, score.penalty, score.defender_points) == (
            result.multiplier, result.kitty_bonus, result.penalty, result.defender_points)
        assert (score.side, score.steps, score.declarers) == (result.side, result.steps, result.declarers)
        assert (score.after.levels, score.after.dealer, score.after.winner) == (
            result.levels_after, result.next_dealer, result.match_winner)
        if match.winner is not None:
            break
        match.next_hand()


# --- Properties over random sheets ----------------------------------------------------------------------

random_entries = st.lists(st.builds(
    dict,
    points=st.integers(0, 40).map(lambda n: 5 * n),
    took_last=st.booleans(),
    kitty=st.integers(0, 16).map(lambda n: 5 * n),
    lead=st.sampled_from(["single", "pair", "tractor"]),
    pairs=st.integers(2, 12),
    failed=st.tuples(st.integers(0, 3), st.integers(0, 3)),
    offences=st.tuples(st.integers(0, 1), st.integers(0, 1)),
    miscount=st.tuples(st.booleans(), st.booleans()),
    dealer=st.integers(0, 3),
), max_size=15)


def build(preset: str, raw: list[dict]) -> Scoresheet:
    """Record the drawn hands until the match ends; a hand with an impossible total is capped."""
    rules = Rules.preset(preset)
    s = Scoresheet(rules=rules)
    for n, r in enumerate(raw):
        if s.state.over:
            break
        kitty_points = min(r["kitty"], 200 - r["points"]) if r["took_last"] else 0
        physical = rules.physical_penalties
        s = s.add(HandEntry(
            id=f"r{n}", trick_points=r["points"], defenders_took_last_trick=r["took_last"],
            kitty_points=kitty_points, last_lead=r["lead"] if r["took_last"] else None,
            tractor_pairs=r["pairs"] if r["took_last"] and r["lead"] == "tractor" else 0,
            dealer=r["dealer"] if s.state.dealer is None else None,
            failed_throw_cards=r["failed"] if rules.throw_penalty_per_card else (0, 0),
            wrong_follows=r["offences"] if physical else (0, 0),
            wrong_card_count=r["miscount"] if physical else (False, False)))
    return s


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(list(PRESETS)), raw=random_entries)
def test_every_prefix_of_a_sheet_scores_the_same(preset, raw):
    """Undoing back to any hand gives exactly the results computed before it (no hidden state)."""
    s = build(preset, raw)
    hands = s.compute().hands
    assert len(hands) == len(s.entries)
    shorter = s
    for k in range(len(hands) - 1, -1, -1):
        shorter = shorter.undo()
        assert shorter.compute().hands == hands[:k]
        assert shorter.state == (hands[k - 1].after if k else Scoresheet(rules=s.rules).state)
    assert Scoresheet.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    for h in hands:
        assert h.after.dealer is None or h.after.level == h.after.levels[team_of(h.after.dealer)]
        assert (h.after.offences[0] < 3 and h.after.offences[1] < 3) or h.after.over


def test_dataclass_replace_revalidates():
    s = sheet("competition", [entry(40, failed_throw_cards=(1, 0))])
    with pytest.raises(ScoresheetError, match="R4.5"):
        dataclasses.replace(s, rules=Rules.preset("classic"))


def ends_the_match_early(error: ScoresheetError) -> bool:
    """The one refusal a correction of a valid sheet may meet: a later hand would come after the match end."""
    return error.field == "entries" and "match would end" in str(error)


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(list(PRESETS)), raw=random_entries, data=st.data())
def test_a_correction_keeps_every_hands_dealer_and_recompute_makes_them_all_follow(preset, raw, data):
    s = build(preset, raw)
    if not s.entries:
        return
    index = data.draw(st.integers(0, len(s.entries) - 1))
    old = s.entries[index]
    points = 5 * data.draw(st.integers(0, (200 - old.kitty_points) // 5))
    try:
        edited = s.replace(dataclasses.replace(old, trick_points=points, dealer=None))
    except ScoresheetError as error:
        assert ends_the_match_early(error)
        return
    assert [e.dealer for e in edited.entries] == [e.dealer for e in s.entries]
    for before, after in zip(s.compute().hands, edited.compute().hands):
        assert (after.declarers, after.penalty, after.levels_lost) == (
            before.declarers, before.penalty, before.levels_lost)
    try:
        recomputed = edited.rescheduled_from(old.id)
    except ScoresheetError as error:
        assert ends_the_match_early(error)
        return
    hands = recomputed.compute().hands
    assert recomputed.entries[:index] == edited.entries[:index]
    assert all(h.dealer_follows for h in hands[index:])
    assert recomputed.rescheduled_from(old.id) == recomputed
    assert Scoresheet.from_dict(json.loads(json.dumps(recomputed.to_dict()))) == recomputed
