"""Samples of the hidden cards agree with everything public (R1.2, R5.2–R5.4, R8)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Hand, Phase, Rules, full_deck
from engine.actions import Bury
from engine.bots.knowledge import Knowledge
from engine.bots.sampling import sample_world

from .helpers import dealt_hand, play_until, rule_bots


@pytest.mark.parametrize("preset,tricks", [("classic", 6), ("qq_super", 12), ("competition", 14), ("beijing", 9)])
def test_samples_are_consistent_with_the_public_record(preset, tricks):
    hand = play_until(dealt_hand(Rules.preset(preset), tricks, dealer=tricks % 4), rule_bots(),
                      lambda h: h.phase == "playing" and len(h.tricks) >= tricks)
    assert hand.phase == "playing"
    seat = hand.to_act
    k = Knowledge.from_view(hand.view(seat))
    played = [c for t in hand.tricks for _, cards in t.plays for c in cards]
    played += [c for _, cards in hand.trick.plays for c in cards]
    rng = random.Random(tricks)
    for _ in range(25):
        hands, kitty = sample_world(k, rng)
        assert sorted(hands[seat]) == sorted(hand.hands[seat])
        assert [len(h) for h in hands] == [len(h) for h in hand.hands] and len(kitty) == 8
        assert Counter(played + kitty + [c for h in hands for c in h]) == Counter(full_deck())  # R1.2
        if seat == hand.dealer:
            assert sorted(kitty) == sorted(hand.kitty)  # the dealer buried it (R8.8)
        for other in range(4):
            suits = {k.public.order.suit_of[c] for c in hands[other]}
            assert not any(k.public.void[other][suit] for suit in suits)  # R5.2/R5.4 voids
            counts = Counter(hands[other])
            assert all(counts[c] >= n for c, n in k.public.held[other].items() if other != seat)


def test_knowledge_counts_every_card_once():
    hand = play_until(dealt_hand(Rules.preset("classic"), 3), rule_bots(), lambda h: len(h.tricks) >= 10)
    k = Knowledge.from_view(hand.view(hand.to_act))
    unseen = sum(len(k.unseen_cards(suit)) for suit in range(5))
    others = sum(len(h) for s, h in enumerate(hand.hands) if s != hand.to_act)
    assert unseen == others + (0 if hand.to_act == hand.dealer else 8)


def test_R8_8_the_sampled_kitty_is_what_the_dealer_would_bury():
    from engine.bots.burying import choose_bury

    hand = play_until(dealt_hand(Rules.preset("classic"), 4, dealer=0), rule_bots(),
                      lambda h: h.phase == "playing")
    k = Knowledge.from_view(hand.view(1))
    rng = random.Random(2)
    for _ in range(10):
        hands, kitty = sample_world(k, rng)
        assert sorted(kitty) == sorted(choose_bury(hands[0] + kitty, k.public.order))


def buries_with_overturns(hands: int):
    """Every bury of ``hands`` random deals of the classic rules in which seats show (and overturn, R8.5) whenever they
    may and bury any 8 of their cards: the bury's view, and whether the seat buried before in this hand."""
    for index in range(hands):
        rng = random.Random(index)
        deck = full_deck()
        rng.shuffle(deck)
        hand = Hand(Rules.preset("classic"), deck, ("2", "2"), index % 4)
        while hand.phase not in (Phase.PLAYING, Phase.DONE):
            seat = hand.turn
            view = hand.view(seat)
            if hand.phase is Phase.BURYING:
                yield view
                hand.apply(seat, Bury(tuple(rng.sample(list(view.hand), 8))))
            else:
                hand.apply(seat, hand.random_action(seat, rng, show_chance=0.9))


def test_R8_5_a_seat_that_takes_up_the_kitty_it_buried_is_sampled_two_decks():
    # 炒底: an overturner takes the kitty up (it may be the burier itself, or bury some of its cards again for the
    # burier to take up back): the cards it buried are then in a hand, not in the kitty, counted once (R1.2).
    again = 0
    for view in buries_with_overturns(200):
        again += view.buried is not None
        hands, kitty = sample_world(Knowledge.from_view(view), random.Random(0), buried=False)
        assert sorted(hands[view.seat]) == sorted(view.hand)
        assert Counter(kitty + [c for h in hands for c in h]) == Counter(full_deck())
    assert again  # the case in question came up
