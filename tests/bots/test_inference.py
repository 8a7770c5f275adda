"""Inferring the hidden hands (issue 15, point 1): the rule-bot model of the other seats' plays and passes."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import Rules, full_deck
from engine.bots.inference import LOG_EPSILON, PILOT, Inference, WorldFilter
from engine.bots.knowledge import Knowledge
from engine.bots.race import weights_of

from .helpers import dealt_hand, play_until, rule_bots

ROOT = Path(__file__).resolve().parents[2]


def hands_in_play(preset: str, seeds: range, tricks: tuple[int, ...]):
    """Rule-bot hands stopped at several tricks, at several places within the trick."""
    for seed in seeds:
        for n in tricks:
            hand = play_until(dealt_hand(Rules.preset(preset), seed, dealer=seed % 4), rule_bots(),
                              lambda h, seed=seed, n=n: h.phase == "playing" and len(h.tricks) >= n
                              and len(h.trick.plays) == (seed + n) % 4, seed)
            if hand.phase == "playing":
                yield hand


def true_world(hand):
    return [list(h) for h in hand.hands], list(hand.kitty)


@pytest.mark.parametrize("preset", ["classic", "qq_super", "competition", "beijing"])
def test_the_true_deal_surprises_nobody_at_a_table_of_rule_bots(preset):
    # The model is the rule bot: replayed with the real cards, every play (leads, follows, R4.4 throws tried)
    # and every pass on the standing showing (R8.4, R8.5) is what the rule bot would have done.
    checked = 0
    for hand in hands_in_play(preset, range(6), (1, 7, 13, 19, 24)):
        view = hand.view(hand.to_act)
        inference = Inference(view, Knowledge.from_view(view))
        assert inference.surprises(true_world(hand), limit=1000) == 0
        checked += len(inference.plays) + len(inference.passes)
    assert checked > 150  # the latest RECENT plays of each view and its passes


def test_random_deals_surprise_the_model_more_than_the_true_one():
    hand = next(hands_in_play("classic", range(3, 4), (12,)))
    view = hand.view(hand.to_act)
    k = Knowledge.from_view(view)
    inference = Inference(view, k)
    sampler = WorldFilter(k, None, random.Random(4))
    surprises = [inference.surprises(sampler.draw()[0], limit=1000) for _ in range(10)]
    assert min(surprises) > 0


def test_counting_stops_past_the_limit():
    hand = next(hands_in_play("classic", range(3, 4), (12,)))
    view = hand.view(hand.to_act)
    k = Knowledge.from_view(view)
    inference = Inference(view, k)
    world = WorldFilter(k, None, random.Random(4)).draw()[0]
    full = inference.surprises(world, limit=1000)
    assert full >= 2 and inference.surprises(world, limit=1) == 2


@pytest.mark.parametrize("preset", ["classic", "qq_super"])
def test_R8_4_a_pass_is_judged_the_same_by_one_inference_over_many_worlds(preset):
    # An inference remembers, for each pass, whether a holding of the showing kinds could have shown at all:
    # reused over many random worlds it counts what a fresh one counts in each.
    compared = 0
    for hand in hands_in_play(preset, range(4), (2, 14)):
        view = hand.view(hand.to_act)
        k = Knowledge.from_view(view)
        reused = Inference(view, k)
        sampler = WorldFilter(k, None, random.Random(7))
        for _ in range(12):
            world = sampler.draw()[0]
            assert reused.surprises(world, limit=1000) == Inference(view, k).surprises(world, limit=1000)
        compared += len(reused.passes)
    assert compared > 0


@pytest.mark.parametrize("preset", ["classic", "competition"])
def test_filtered_worlds_are_consistent_and_weighted_by_their_surprises(preset):
    hand = next(hands_in_play(preset, range(2, 3), (9,)))
    seat = hand.to_act
    view = hand.view(seat)
    k = Knowledge.from_view(view)
    inference = Inference(view, k)
    sampler = WorldFilter(k, inference, random.Random(1))
    played = [c for t in hand.tricks for _, cards in t.plays for c in cards]
    played += [c for _, cards in hand.trick.plays for c in cards]
    drawn = [d for d in (sampler.draw() for _ in range(30)) if d is not None]
    assert drawn
    for (hands, kitty), log_weight in drawn:
        assert sorted(hands[seat]) == sorted(hand.hands[seat])
        assert Counter(played + kitty + [c for h in hands for c in h]) == Counter(full_deck())  # R1.2
        assert log_weight == inference.surprises((hands, kitty), 1000) * LOG_EPSILON
    weights = weights_of([w for _, w in drawn])
    assert max(weights) == 1.0 and all(0 < w <= 1 for w in weights)


def test_the_calibration_script_reports_both_samplers(tmp_path):
    saved = tmp_path / "hands.jsonl"
    command = [sys.executable, str(ROOT / "scripts" / "calibrate_sampler.py"), "--hands", "1", "--seed", "3",
               "--every", "20", "--worlds", "5", "--save", str(saved)]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    assert report["hands"] == 1 and report["positions"] >= 1
    for sampler in ("plain", "inferring"):
        assert 0 <= report[sampler]["p_true_place"] <= 1 and report[sampler]["log_loss"] >= 0
    again = json.loads(subprocess.run(command[:2] + ["--load", str(saved), "--every", "20", "--worlds", "5"],
                                      check=True, capture_output=True, text=True).stdout)
    assert again == report  # the same logged hands, the same figures


@pytest.mark.parametrize(("deadline", "weighed"), [(None, PILOT), (0.0, 1)])
def test_the_pilot_is_part_of_the_budget(monkeypatch, deadline, weighed):
    # Past the decision's deadline the pilot weighs one world, not PILOT: a slow machine cuts it short.
    hand = next(hands_in_play("classic", range(3, 4), (12,)))
    view = hand.view(hand.to_act)
    k = Knowledge.from_view(view)
    inference = Inference(view, k)
    counted = []
    surprises = inference.surprises
    monkeypatch.setattr(inference, "surprises", lambda world, limit: counted.append(1) or surprises(world, limit))
    assert WorldFilter(k, inference, random.Random(5), deadline).draw() is not None
    assert len(counted) == weighed
