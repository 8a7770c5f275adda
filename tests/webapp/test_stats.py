"""Issue 14, item 5: what a browser's hands add up to (webapp/core/stats.py), and a match's summary at its end
(levels over time on the scoresheet's chart, each hand's points, the kitties won)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.simulate import play_hand
from webapp.core.stats import HandRecord, match_recap, statistics
from webapp.offline.app import OfflineApp
from webapp.offline.solo import SoloTable
from webapp.offline.solo_views import STORAGE_KEY
from webapp.offline.storage import MemoryStorage


@pytest.fixture(scope="module")
def whole_match() -> engine.Match:
    match = engine.Match(engine.Rules.preset("classic"), seed=21)
    rng = random.Random(21)
    while True:
        play_hand(match, rng)
        if match.winner is not None:
            return match
        match.next_hand()


def test_the_statistics_of_both_teams_mirror_each_other(whole_match):
    results = [r for r in whole_match.history if not r.redeal]
    mine, theirs = ([HandRecord("m", n, seat, r) for n, r in enumerate(results, 1)] for seat in (0, 1))
    a, b = statistics(mine), statistics(theirs)
    assert a.hands == b.hands == len(results) and a.matches == b.matches == 1
    assert a.declaring == b.defending and a.defending == b.declaring
    assert a.won_declaring + b.won_defending == a.declaring  # each hand is won by one side
    assert a.matches_won + b.matches_won == 1 and a.matches_won == int(whole_match.winner == 0)
    assert a.levels_gained == sum(r.steps for r in results if r.climber == 0)
    assert a.defender_points == pytest.approx(b.conceded_points)


def test_the_best_comeback_is_the_most_levels_behind_in_a_match_then_won(whole_match):
    winner = whole_match.winner
    records = [HandRecord("m", n, winner, r) for n, r in enumerate(whole_match.history, 1) if not r.redeal]
    gaps = [engine.cards.RANKS.index(r.result.levels_after[1 - winner])
            - engine.cards.RANKS.index(r.result.levels_after[winner]) for r in records]
    assert statistics(records).best_comeback == max(0, *gaps)
    losers = [HandRecord("m", r.hand_number, 1 - winner, r.result) for r in records]
    assert statistics(losers).best_comeback == 0
    assert statistics([]).hands == 0 and statistics([]).defender_points is None


def test_a_match_summary_draws_the_levels_and_counts_the_kitties(whole_match):
    recap = match_recap(whole_match.history, whole_match.rules)
    played = [r for r in whole_match.history if not r.redeal]
    assert len(recap.hands) == len(played) and recap.chart.hands == len(played)
    assert len(recap.chart.lines[0].points) == len(played) + 1  # from the start (R9.1)
    assert sum(recap.kitty_wins) == sum(1 for r in played if r.multiplier)


def test_the_hand_end_screen_of_a_match_won_shows_its_summary(whole_match):
    storage = MemoryStorage()
    storage.put(STORAGE_KEY, json.dumps(SoloTable(whole_match, "normal").to_dict()))
    html = OfflineApp(storage, "en").handle("GET", "/offline/r/solo").body
    assert 'id="match-summary"' in html and 'class="level-chart"' in html
    assert html.count("<tr><td>") >= len([r for r in whole_match.history if not r.redeal])
