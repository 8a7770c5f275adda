"""Spending the budget where it matters (issue 15, point 3): interchangeable cards, trivially decided plays,
and a race that stops once decided."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules, Trump, parse_cards
from engine.bots import SearchBot
from engine.bots.candidates import card_classes, distinct_plays
from engine.bots.knowledge import Knowledge, Public
from engine.bots.race import Effort, Race
from engine.cards import KINDS, Card

CLASSIC = Rules.preset("classic")
SPADES = Trump("2", "S")
ORDER = SPADES.order()


def knowledge(hand: str, played: str = "", played_twice: str = "") -> Knowledge:
    """Seat 0's knowledge holding ``hand``, with one copy of each of ``played`` and both of ``played_twice`` gone."""
    public = Public(CLASSIC, ORDER, 0, [25, 25, 25, 25])
    for card in parse_cards(played):
        public.played[card] += 1
    for card in parse_cards(played_twice):
        public.played[card] += 2
    return Knowledge(0, public, parse_cards(hand))


def same_class(k: Knowledge, a: str, b: str) -> bool:
    classes = card_classes(k)
    return classes[Card(a)] == classes[Card(b)]


def test_R6_singles_with_nothing_between_them_left_in_play_are_interchangeable():
    # 6H and 8H held, the other 6H and 8H and both 7H played: nobody can tell them apart.
    assert same_class(knowledge("6H 8H 3C", "6H 8H", "7H"), "6H", "8H")


@pytest.mark.parametrize("played,played_twice,why", [
    ("6H 8H", "", "a 7H may still be out, between them"),
    ("8H", "7H", "the other 6H is out"),
])
def test_R6_singles_with_a_live_card_between_or_a_copy_out_are_not(played, played_twice, why):
    assert not same_class(knowledge("6H 8H 3C", played, played_twice), "6H", "8H"), why


def test_R7_cards_that_score_differently_are_not_interchangeable():
    assert not same_class(knowledge("9H 10H", "9H 10H"), "9H", "10H")


def test_R3_3_pairs_keep_their_rank_for_the_tractors_they_make():
    k = knowledge("6H 6H 8H 8H", "", "7H")
    assert not same_class(k, "6H", "8H")


def test_R2_3_level_cards_of_other_suits_placed_alike_are_interchangeable():
    # Level 2, spades trump: 2H and 2D rank equal below 2S (R2.3); one copy of each is out.
    assert same_class(knowledge("2H 2D 3C"), "2H", "2D")
    assert not same_class(knowledge("2H 2D 3C", "2D"), "2H", "2D")


def test_distinct_plays_keep_the_first_of_each_class():
    k = knowledge("6H 8H 3C", "6H 8H", "7H")
    plays = [(Card("8H"),), (Card("6H"),), (Card("3C"),)]
    assert distinct_plays(k, plays) == [(Card("8H"),), (Card("3C"),)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=25), st.lists(st.integers(0, KINDS - 1),
       max_size=40))
def test_interchangeable_cards_share_suit_points_and_copies(held, gone):
    public = Public(CLASSIC, ORDER, 0, [25, 25, 25, 25])
    hand = [Card(c) for c in held if held.count(c) <= 2]
    for c in gone:
        if public.played[c] + hand.count(c) < 2:
            public.played[c] += 1
    k = Knowledge(0, public, hand)
    classes = card_classes(k)
    assert set(classes) == set(hand)
    for card, representative in classes.items():
        assert ORDER.suit_of[card] == ORDER.suit_of[representative]
        assert card.points == representative.points
        assert k.mine[card] == k.mine[representative]


class Untouchable(random.Random):
    """A random source the bot must not use (a decision that needs no search draws nothing)."""

    def random(self) -> float:
        raise AssertionError("the bot sampled for a decision that needs no search")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("the bot sampled for a decision that needs no search")


def test_a_trivially_decided_play_gets_no_search():
    from engine import Hand, Play

    hands = [parse_cards("JH QC 3C"), parse_cards("9H JH QH"), parse_cards("QH KD 4D"), parse_cards("AH 8H QD")]
    hand = Hand.at_play(CLASSIC, SPADES, hands, dealer=0, leader=0)
    for seat, card in ((0, "JH"), (1, "9H"), (2, "QH"), (3, "AH"), (3, "8H"), (0, "3C")):
        hand.apply(seat, Play(parse_cards(card)))
    # Seat 1 beats the 8H with JH or QH (its cheapest and its strongest win): the other copies are played and
    # nothing lies between them, so the two are one play.
    assert hand.to_act == 1
    action = SearchBot(budget_ms=None, switches="focus").act(hand.view(1), Untouchable())
    assert action in (Play(parse_cards("JH")), Play(parse_cards("QH")))
    with pytest.raises(AssertionError, match="sampled"):
        SearchBot(budget_ms=None, switches="none").act(hand.view(1), Untouchable())


def test_the_race_stops_once_one_candidate_is_clearly_ahead():
    draws = []

    def draw():
        draws.append(1)
        return len(draws), 0.0

    def value(world: int, i: int) -> float:
        return [0.0, 1.0 + (world % 3) * 0.01, -1.0][i]

    assert Race(3, draw, value).run(Effort(200, focus=True), None) == 1
    assert len(draws) < 20
    draws.clear()
    assert Race(3, draw, value).run(Effort(200), None) == 1  # issue 4's race keeps the rule's choice running
    assert len(draws) == 200


def test_a_candidate_equal_to_the_rules_choice_in_every_sample_drops_out_early():
    draws = []

    def draw():
        draws.append(1)
        return len(draws), 0.0

    assert Race(2, draw, lambda world, i: float(world % 5)).run(Effort(200, focus=True, tie_after=4), None) == 0
    assert len(draws) == 4


def test_the_margin_study_reports_every_margin_against_the_base():
    script = Path(__file__).resolve().parents[2] / "scripts" / "margin_study.py"
    command = [sys.executable, str(script), "--hands", "2", "--worlds", "3", "--budget", "10", "--seed", "5"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    for kind, base in (("plays", 1.0), ("before_play", 2.0)):
        rows = report[kind]["margins"]
        assert report[kind]["hands"] == 2 and report[kind]["base_margin"] == base
        assert [row["vs_base_per_hand"] for row in rows if row["margin"] == base] == [0.0]
        # A larger margin leaves the rule's choice in no more decisions.
        assert [row["overrides"] for row in rows] == sorted((row["overrides"] for row in rows), reverse=True)
        assert all(row["vs_base_se"] >= 0 for row in rows)
