"""Property tests (hypothesis) and random playouts of whole hands for every preset."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Match, Trump, is_legal_follow, trick_winner
from engine.cards import full_deck
from engine.combos import LeadFormat
from engine.follow import follow_duty
from engine.moves import lead_candidates, random_follow
from engine.simulate import check_invariants, play_hand

from .helpers import PRESETS

LEVELS = ["2", "5", "10", "A"]
SUITS = ["S", "H", "D", "C", None]


@st.composite
def deals(draw):
    seed = draw(st.integers(0, 10**9))
    rng = random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    trump = Trump(draw(st.sampled_from(LEVELS)), draw(st.sampled_from(SUITS)))
    twos = draw(st.booleans())
    return rng, deck, trump, twos


def rules_for(twos):
    return PRESETS["classic"].with_options({"twos_trump": twos})


def random_trick(deal):
    """A random lead from seat 0's 25 cards and a random legal follow from each other seat."""
    rng, deck, trump, twos = deal
    order = trump.order(twos)
    hands = [deck[i * 25:(i + 1) * 25] for i in range(4)]
    lead = random_lead(rng, hands[0], order)
    fmt = LeadFormat(lead, order)
    return order, fmt, [lead] + [random_follow(h, fmt, order, rng) for h in hands[1:]]


def random_lead(rng, hand, order):
    leads = lead_candidates(hand, order)
    structured = [l for l in leads if len(l) > 1]
    return list(rng.choice(structured if structured and rng.random() < 0.7 else leads))


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_legal_follow_always_exists_and_suggestions_are_legal(deal):
    rng, deck, trump, twos = deal
    order = trump.order(twos)
    leader, follower = deck[:25], deck[25:50]
    lead = random_lead(rng, leader, order)
    play = random_follow(follower, LeadFormat(lead, order), order, rng)
    assert is_legal_follow(follower, lead, play, trump, rules_for(twos))


@settings(max_examples=200, deadline=None)
@given(deals())
def test_follow_duty_is_never_more_than_the_lead_asks(deal):
    rng, deck, trump, twos = deal
    order = trump.order(twos)
    lead = random_lead(rng, deck[:25], order)
    fmt = LeadFormat(lead, order)
    duty = follow_duty(deck[25:50], fmt, order)
    assert duty.pairs <= fmt.pair_slots and duty.tractor_pairs <= sum(fmt.tractor_lengths)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_trick_winner_is_unchanged_by_permuting_cards_within_plays(deal):
    rng, _, trump, twos = deal
    _order, _fmt, plays = random_trick(deal)
    winner = trick_winner(plays, trump, rules_for(twos))
    shuffled = [rng.sample(p, len(p)) for p in plays]
    assert trick_winner(shuffled, trump, rules_for(twos)) == winner


@settings(max_examples=200, deadline=None)
@given(deals())
def test_discards_never_win(deal):
    _, _, trump, twos = deal
    order, fmt, plays = random_trick(deal)
    winner = trick_winner(plays, trump, rules_for(twos))
    suits = {order.suit_of[c] for c in plays[winner]}
    assert suits == {fmt.suit} or suits == {4}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_full_hand_playouts_keep_every_invariant(name):
    rng = random.Random(name)
    match = Match(PRESETS[name], seed=name)
    for _ in range(25):
        hand = play_hand(match, rng)
        check_invariants(hand)
        if match.winner is not None:
            match = Match(PRESETS[name], seed=rng.random())
        else:
            match.next_hand()


def test_simulate_command_prints_a_json_summary_last(capsys):
    import json

    from engine.__main__ import main

    assert main(["simulate", "--hands", "5", "--seed", "1", "--rules", "beijing", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["hands"] == 5 and summary["hands_per_sec"] > 0


@settings(max_examples=200, deadline=None)
@given(deals(), st.integers(0, 10**6))
def test_trick_winner_is_unchanged_by_changing_the_discards(deal, salt):
    """Replacing a discard (a play neither all of the led suit nor all trumps) by any other discard
    of the same size never changes who wins."""
    _, deck, trump, twos = deal
    order, fmt, plays = random_trick(deal)
    lead = plays[0]
    rules = rules_for(twos)
    winner = trick_winner(plays, trump, rules)
    other_rng = random.Random(salt)
    for i in range(1, 4):
        suits = {order.suit_of[c] for c in plays[i]}
        if suits in ({fmt.suit}, {4}):
            continue
        pool = [c for c in deck if order.suit_of[c] not in (fmt.suit, 4)]
        mixed = other_rng.sample(pool, len(lead) - 1) + [other_rng.choice(deck)]
        changed = plays[:i] + [mixed] + plays[i + 1:]
        if {order.suit_of[c] for c in mixed} not in ({fmt.suit}, {4}):
            assert trick_winner(changed, trump, rules) == winner
