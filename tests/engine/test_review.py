"""Issue 14, item 1: a finished hand's review and export (engine/review.py).

For every preset (R10) hands are played to their end; each one's review must tell what the engine did (every
card dealt and played once, the tricks' winners and points adding up to the result), and its export, read back,
must replay through the engine to the same hand and result.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import Match, Rules
from engine.hand_state import DEALT, KITTY_SIZE
from engine.reasons import Refusal
from engine.review import HandReview, hand_export, hand_from_export, match_export
from engine.rules import PRESETS
from engine.simulate import play_hand

SEEDS = (1, 2, 3)


def finished(preset: str, seed: int):
    match = Match(Rules.preset(preset), seed=seed)
    return match, play_hand(match, random.Random(seed))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", SEEDS)
def test_an_export_replays_through_the_engine_to_the_same_result(preset, seed):
    _, hand = finished(preset, seed)
    exported = json.loads(json.dumps(hand_export(hand, ["A", "B", "C", "D"])))
    again = hand_from_export(exported)
    assert again.result == hand.result
    assert again.to_dict() == hand.to_dict()
    assert HandReview.of(again) == HandReview.of(hand)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_review_tells_the_whole_hand_as_the_engine_played_it(preset, seed):
    _, hand = finished(preset, seed)
    review = HandReview.of(hand)
    dealt = [c for cards in review.dealt for c in cards] + list(review.kitty_dealt)
    assert Counter(dealt) == Counter(hand.deck)  # R1.3: 4 × 25 dealt and 8 left
    assert [len(cards) for cards in review.dealt] == [DEALT // 4] * 4 and len(review.kitty_dealt) == KITTY_SIZE
    played = Counter(c for trick in review.tricks for _, cards in trick.plays for c in cards)
    assert sum(played.values()) == DEALT  # every card in a hand was played once (R6)
    winners = [entry.trick_winner for entry in hand.log if entry.trick_winner is not None]
    assert [trick.winner for trick in review.tricks] == winners
    assert [trick.number for trick in review.tricks] == list(range(1, len(review.tricks) + 1))
    assert review.tricks[-1].defenders_total == review.result.trick_points  # R7.2
    assert review.kitty == tuple(hand.kitty) and review.result == hand.result
    buries = [e for e in review.events if e.kind == "bury"]
    assert buries and all(len(e.cards) == KITTY_SIZE for e in buries)  # R8.8
    for trick in review.tricks:
        assert trick.plays[0][0] == trick.leader
        assert sorted(seat for seat, _ in trick.plays) == [0, 1, 2, 3]


def test_a_hand_in_play_has_no_review_or_export():
    match = Match(Rules.preset("classic"), seed=5)
    with pytest.raises(Refusal) as refused:
        HandReview.of(match.hand)
    assert refused.value.reason.clause == "R7.5"
    with pytest.raises(Refusal):
        hand_export(match.hand)


def test_a_match_exports_its_finished_hands_in_order():
    match = Match(Rules.preset("classic"), seed=7)
    hands = []
    for _ in range(2):
        hands.append(hand_export(play_hand(match, random.Random(len(hands)))))
        match.next_hand()
    exported = match_export(hands, match.rules)
    assert [h["hand_number"] for h in exported["hands"]] == [1, 2]
    assert Rules.from_dict(exported["rules"]) == match.rules
    assert [hand_from_export(h).result.to_dict() for h in exported["hands"]] == [h["result"] for h in hands]


def _export():
    return hand_export(finished("classic", 1)[1])


def _drop_last_action(data):
    data["hand"]["log"] = data["hand"]["log"][:-1]
    return data


def _forge_a_card(data):
    data["hand"]["log"][-1][1]["cards"] = "BJ BJ BJ"
    return data


@pytest.mark.parametrize(("spoil", "says"), [
    (lambda d: [], "not an exported hand"),
    (lambda d: {**d, "format": "shuangsheng-sheet"}, "not an exported hand"),
    (lambda d: {**d, "version": 99}, "format this version cannot read"),
    (lambda d: {**d, "hand": {"rules": {}}}, "damaged"),
    (lambda d: {**d, "hand": {**d["hand"], "deck": "AS"}}, "does not replay"),
    (_drop_last_action, "not a finished hand"),
    (_forge_a_card, "does not replay"),
])
def test_anything_but_an_exported_finished_hand_is_refused_in_a_sentence(spoil, says):
    with pytest.raises(Refusal) as refused:
        hand_from_export(spoil(_export()))
    assert says in str(refused.value)
