"""Issue 14, item 3: the coach (engine/coach.py, engine/bots/evaluate.py).

The hint explains itself: the duty that applies (R5, R8.8) and why the cards do well, in a table of positions.
After a hand, each moment is decided from the player's own view at that moment: a hand whose hidden cards are
swapped but whose view is the same gives the same moments.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import Bury, Hand, Match, Phase, Play, Rules, Trump, coach
from engine.bots.evaluate import alternatives, compare
from engine.cards import parse_cards
from engine.reasons import Reason
from engine.simulate import play_hand

from .helpers import twin

CLASSIC = Rules.preset("classic")
SAMPLES = 4


def position(hands: list[str], plays: list[tuple[int, str]] = (), leader: int = 0) -> Hand:
    """Seat 0 deals; spades are trumps at level 2; ``plays`` were made to the trick ``leader`` led."""
    hand = Hand.at_play(CLASSIC, Trump("2", "S"), hands, dealer=0, leader=leader)
    for seat, cards in plays:
        hand.apply(seat, Play(cards))
    return hand


@pytest.mark.parametrize(("hands", "plays", "seat", "cards", "duty", "why"), [
    # leading: any one suit; a tractor nobody can beat
    (["AH AH KH KH 3C", "5H 6C", "7D 8D", "9C 4D"], [], 0, "AH AH KH KH", "R4.2", "Lead the tractor"),
    # following: must play a pair when pairs are led and one is held (R5.3)
    (["QH QH", "5H 5H 6H 9C", "7D 8D", "4C 4D"], [(0, "QH QH")], 1, "5H 5H", "R5.3", "cannot win"),
    # fewer cards of the suit than were led: all of them, then anything (R5.2)
    (["QH QH", "5H 9C", "7D 8D", "4C 4D"], [(0, "QH QH")], 1, "5H 9C", "R5.2", "cannot win"),
    # no card of the suit: may ruff (R5.5); the ruff takes the trick and its points
    (["3C 4C", "5S 9C", "7D 8D", "KH"], [(3, "KH")], 0, "5S", "R5.5", "Ruff"),
    # following with the partner winning: give points (R7.2)
    (["10H 3C", "2H 5C", "AH 4D", "9H 6C"], [(2, "AH"), (3, "9H")], 0, "10H", "R5.2", "partner is winning"),
])
def test_the_hint_says_the_duty_that_applies_and_why(hands, plays, seat, cards, duty, why):
    leader = plays[0][0] if plays else seat
    hand = Hand.at_play(CLASSIC, Trump("2", "S"), hands, dealer=0, leader=leader)
    for played_by, played in plays:
        hand.apply(played_by, Play(played))
    reasons = coach.explain(hand.view(seat), Play(cards))
    assert len(reasons) == 2 and all(isinstance(r, Reason) for r in reasons)
    assert reasons[0].clause == duty
    if why:
        assert why in str(reasons[1])


def test_a_bury_is_explained_and_nothing_is_said_out_of_turn():
    match = Match(CLASSIC, seed=2)
    view = match.view(0)
    assert coach.explain(view, None) == ()
    assert coach.explain(view, Play("AS")) == ()  # not the playing phase: no advice
    burying = coach.explain(replace(view, phase=Phase.BURYING), Bury(view.hand[:8]))
    assert burying[0].clause == "R8.8"


def test_a_play_with_no_other_choice_is_not_a_moment():
    hand = position(["3C", "5H", "7D", "9C"], leader=0)
    view = hand.view(0)
    assert alternatives(view, parse_cards("3C")) == []
    assert coach.assess(view, parse_cards("3C"), 25, random.Random(0), SAMPLES, None) is None


def _moment(trick: int, gain: float) -> coach.Moment:
    return coach.Moment(trick, tuple(parse_cards("3C")), tuple(parse_cards("AC")), gain, gain, 10 * gain, 8)


def test_the_three_costliest_moments_are_kept_in_the_order_they_happened():
    moments = [_moment(t, g) for t, g in ((2, 0.3), (5, 0.9), (9, 0.2), (11, 0.5), (20, 0.7))] + [None]
    assert [m.trick for m in coach.top_moments(moments)] == [5, 11, 20]
    assert coach.Moment.from_dict(_moment(4, 0.5).to_dict()) == _moment(4, 0.5)


@pytest.mark.parametrize("seed", (5, 6))
def test_a_moment_comes_from_the_players_own_view_alone(seed):
    """Swap two cards the player cannot see (same view, other hidden cards): the same judgement, card for card."""
    hand = play_hand(Match(CLASSIC, seed=seed), random.Random(seed))
    seat, rng, compared = 2, random.Random(seed), 0
    plays = [i for i, entry in enumerate(hand.log) if entry.seat == seat and isinstance(entry.action, Play)]
    for upto in plays[2:20:4]:
        pair = twin(hand, seat, upto, rng)
        if pair is None:
            continue
        played = hand.log[upto].action.cards
        judged = [coach.assess(h.view(seat), played, len(h.tricks) + 1, random.Random(upto), SAMPLES, None)
                  for h in pair]
        found = [compare(h.view(seat), played, random.Random(upto), SAMPLES, None) for h in pair]
        assert judged[0] == judged[1] and found[0] == found[1]
        compared += 1
    assert compared


def test_a_players_decisions_are_the_plays_that_were_a_choice_each_with_its_view():
    hand = play_hand(Match(CLASSIC, seed=8), random.Random(8))
    found = coach.decisions(hand, 1)
    mine = [e for e in hand.log if e.seat == 1 and isinstance(e.action, Play)]
    assert 0 < len(found) <= len(mine)
    for decision in found:
        assert decision.view.seat == 1 and set(decision.played) <= set(decision.view.hand)
        assert decision.trick == len(decision.view.tricks) + 1
