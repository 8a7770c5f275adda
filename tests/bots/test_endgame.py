"""The last tricks solved exactly (issue 15, point 3): legal choices, and values the engine agrees with."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Play, Rules, Trump, full_deck, parse_cards
from engine.bots.endgame import ENDGAME_CARDS, Endgame, follows, leads
from engine.bots.knowledge import Knowledge
from engine.bots.outcome import payoff
from engine.combos import LeadFormat
from engine.follow import follow_error
from engine.scoring import team_of

from .helpers import dealt_hand, play_until, rule_bots


def endgames(preset: str, seeds: range):
    """Rule-bot hands stopped once the seat to play holds ENDGAME_CARDS cards or fewer."""
    for seed in seeds:
        hand = play_until(dealt_hand(Rules.preset(preset), seed, dealer=seed % 4), rule_bots(),
                          lambda h, seed=seed: h.phase == "playing" and len(h.hands[h.to_act]) <= ENDGAME_CARDS
                          and len(h.trick.plays) == seed % 4, seed)
        if hand.phase == "playing":
            yield hand


def choices(hand, seat):
    k = Knowledge.from_view(hand.view(seat))
    lead = k.public.lead
    if lead is None:
        return leads(hand.hands[seat], [hand.hands[(seat + i) % 4] for i in (1, 2, 3)], k.public.order,
                     hand.rules.edge_triple)
    return follows(hand.hands[seat], lead, k.public.order)


def solved_value(hand, seat, play):
    """``play``'s value for ``seat``'s team with every hand known (the world is the real deal)."""
    k = Knowledge.from_view(hand.view(seat))
    solver = Endgame(hand.rules, hand.levels, k.public, team_of(seat))
    return solver.value([list(h) for h in hand.hands], hand.kitty, (seat, play))


@pytest.mark.parametrize("preset", ["classic", "qq_super", "competition", "beijing"])
def test_every_choice_of_the_solver_is_legal(preset):
    tried = 0
    for hand in endgames(preset, range(8)):
        while hand.phase == "playing":
            seat = hand.to_act
            options = choices(hand, seat)
            assert options and all(hand.can_apply(seat, Play(play)) for play in options)
            tried += len(options)
            hand.apply(seat, Play(options[-1]))
    assert tried > 40


@pytest.mark.parametrize("preset", ["classic", "competition"])
def test_R7_perfect_play_scores_what_the_solver_says(preset):
    # Each seat in turn plays the solver's best choice for its team; the engine's score of the finished
    # hand (tricks, the kitty and its multiplier, R7.2-R7.4) is the value the solver gave the first position.
    for hand in endgames(preset, range(3)):
        first = hand.to_act
        expected = max(solved_value(hand, first, play) for play in choices(hand, first))
        while hand.phase == "playing":
            seat = hand.to_act
            best = max(choices(hand, seat), key=lambda play, s=seat: solved_value(hand, s, play))
            hand.apply(seat, Play(best))
        assert math.isclose(payoff(hand.result, team_of(first)), expected)


SPADES = Trump("2", "S").order()
CARDS = sorted(set(full_deck()))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4), st.lists(st.sampled_from(CARDS), min_size=2,
       max_size=5), st.integers(1, 3))
def test_R5_every_follow_listed_is_legal_and_none_is_missed(led, held, size):
    lead_cards = [c for c in led if SPADES.suit_of[c] == SPADES.suit_of[led[0]]][:size]
    lead = LeadFormat(lead_cards, SPADES)
    if len(held) < lead.size:
        return
    listed = follows(held, lead, SPADES)
    assert listed and all(follow_error(held, lead, play, SPADES) is None for play in listed)
    assert len(set(listed)) == len(listed)
    if lead.size == 1:
        in_suit = {c for c in held if SPADES.suit_of[c] == lead.suit}
        assert {play[0] for play in listed} == (in_suit or set(held))


def test_R4_3_a_throw_that_stands_is_a_lead_and_one_that_fails_is_not():
    mine = parse_cards("AH KH 3C")
    standing = leads(mine, [parse_cards("QH 4C"), parse_cards("5C 6C"), parse_cards("JH 7C")], SPADES, False)
    failing = leads(mine, [parse_cards("AH 4C"), parse_cards("5C 6C"), parse_cards("JH 7C")], SPADES, False)
    throw = tuple(sorted(parse_cards("AH KH")))
    assert throw in [tuple(sorted(p)) for p in standing]
    assert throw not in [tuple(sorted(p)) for p in failing]
