"""Issue 14, item 2: the card counter (记牌器, engine/counter.py) counts from the seat's own view.

Through whole hands of every preset, at every play, for every seat and a spectator: each card's unseen copies
are exactly those in the other seats' hands and in a kitty the viewer did not bury itself (R1.2, R8.8), every
void it reports is real (R5.2), and a hand whose hidden cards differ but whose view is the same counts the same.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Hand, Match, Phase, Play, Rules, Trump
from engine.cards import KINDS, Card
from engine.counter import COPIES, card_count
from engine.rules import PRESETS
from engine.simulate import play_hand
from engine.trump import SUIT_NAMES

from .helpers import twin


def truly_unseen(hand: Hand, seat: int | None) -> Counter:
    others = Counter(c for s in range(4) if s != seat for c in hand.hands[s])
    if not (seat is not None and hand.kitty_burier == seat):
        others.update(hand.kitty)
    return others


def steps_of(preset: str, seed: int):
    """The finished hand, and a replay of it stopped at each of its plays."""
    match = Match(Rules.preset(preset), seed=seed)
    hand = play_hand(match, random.Random(seed))
    setup = hand.setup_dict()
    replay = Hand(hand.rules, hand.deck, hand.levels, setup["dealer"], setup["first_drawer"], hand.hand_number)
    for entry in hand.log:
        if replay.phase is Phase.PLAYING:
            yield hand, replay
        replay.apply(entry.seat, entry.action)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_counter_counts_exactly_the_cards_the_viewer_has_not_seen(preset):
    checked = 0
    for _, state in steps_of(preset, 11):
        order = state.trump.order(state.rules.twos_trump)
        for seat in (0, 1, 2, 3, None):
            count = card_count(state.view(seat))
            truth = truly_unseen(state, seat)
            assert {c: count.unseen_of(Card(c)) for c in range(KINDS)} == {c: truth[c] for c in range(KINDS)}
            assert all(0 <= n <= COPIES for suit in count.suits for _, n in suit.cards)
            for holder, voids in enumerate(count.voids):
                held = {order.suit_of[c] for c in state.hands[holder]}
                assert not set(voids) & {SUIT_NAMES[s] for s in held}, (holder, voids)
            checked += 1
    assert checked > 100


def test_a_seat_that_did_not_follow_the_led_suit_is_known_void_in_it():
    hand = Hand.at_play(Rules.preset("classic"), Trump("2", "S"), ["AH KH", "QH 3C", "4C 4D", "JH 5D"],
                        dealer=0, leader=0)
    for seat, cards in ((0, "AH"), (1, "QH"), (2, "4C"), (3, "JH")):
        hand.apply(seat, Play(cards))
    count = card_count(hand.view(0))
    assert count.voids == ((), (), ("H",), ())


@pytest.mark.parametrize("seed", (3, 4))
def test_a_hand_with_other_hidden_cards_but_the_same_view_counts_the_same(seed):
    match = Match(Rules.preset("classic"), seed=seed)
    hand = play_hand(match, random.Random(seed))
    rng = random.Random(seed)
    found = 0
    for upto in range(len(hand.log) // 2, len(hand.log), 15):
        pair = twin(hand, 1, upto, rng)
        if pair is None or pair[0].phase is not Phase.PLAYING:
            continue
        first, second = pair
        assert card_count(first.view(1)) == card_count(second.view(1))
        assert first.hands != second.hands
        found += 1
    assert found
