"""The searched discards (issue 15's ``discards`` switch) and the trick standing the bots keep play by play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules, Trump, parse_cards
from engine.bots import SearchBot
from engine.bots.candidates import discard_candidates, play_candidates
from engine.bots.knowledge import Knowledge, Public
from engine.cards import CARD_POINTS, full_deck
from engine.follow import follow_error
from engine.trick import trick_winner

from .helpers import compare_at_positions, dealt_hand, play_until, rule_bots

CLASSIC = Rules.preset("classic")
SPADES = Trump("2", "S")
ORDER = SPADES.order()


def after_lead(hand: str, lead: str, leader: int = 3) -> Knowledge:
    """Seat 0 holding ``hand``, to answer ``lead`` from ``leader``."""
    public = Public(CLASSIC, ORDER, 0, [25, 25, 25, 25])
    public.observe(leader, parse_cards(lead))
    return Knowledge(0, public, parse_cards(hand))


def suits_of(cards) -> set[int]:
    return {ORDER.suit_of[c] for c in cards}


def test_R5_2_a_void_seat_weighs_one_discard_from_each_suit_it_holds():
    k = after_lead("3C 4C KD 5D 6S 7S", "AH")
    discards = discard_candidates(k)
    assert sorted(suits_of(d).pop() for d in discards) == sorted(suits_of(k.hand))
    for cards in discards:
        assert follow_error(k.hand, k.public.current_lead(), list(cards), ORDER) is None
    # Each suit's discard is its cheapest card there: the 3C, not the KD's points.
    assert (parse_cards("3C")[0],) in discards and (parse_cards("5D")[0],) in discards


def test_R5_3_a_void_seat_discarding_to_a_pair_lead_takes_its_suit_first_then_the_cheapest_to_lose():
    k = after_lead("3C 9D 5D 6S", "AH AH")
    discards = {tuple(sorted(d)) for d in discard_candidates(k)}
    assert discards == {tuple(sorted(parse_cards(cards))) for cards in ("3C 9D", "9D 5D", "6S 3C")}
    for cards in discards:
        assert follow_error(k.hand, k.public.current_lead(), list(cards), ORDER) is None


@pytest.mark.parametrize("hand,lead,why", [
    ("3H 4C KD", "AH", "a seat holding the led suit must follow it (R5.2): nothing to choose"),
    ("3C 4C KD", "", "a lead is not a discard"),
])
def test_R5_2_no_discards_to_weigh_when_the_seat_follows_suit_or_leads(hand, lead, why):
    public = Public(CLASSIC, ORDER, 0, [25, 25, 25, 25])
    if lead:
        public.observe(3, parse_cards(lead))
    assert discard_candidates(Knowledge(0, public, parse_cards(hand))) == [], why


def test_the_switch_off_gives_the_candidates_of_before():
    k = after_lead("3C 4C KD 5D 6S 7S", "AH")
    assert set(play_candidates(k)) <= set(play_candidates(k, discards=True))
    assert set(play_candidates(k, discards=True)) - set(play_candidates(k)) <= set(discard_candidates(k))


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 3))
def test_R5_every_discard_is_a_legal_follow_and_only_a_void_seat_has_any(rng, size):
    deck = full_deck()
    rng.shuffle(deck)
    hand, lead_suit = deck[:12], ORDER.suit_of[deck[12]]
    lead = [c for c in deck[13:] if ORDER.suit_of[c] == lead_suit][:1] * size
    public = Public(CLASSIC, ORDER, 0, [25, 25, 25, 25])
    public.observe(3, lead)
    k = Knowledge(0, public, hand)
    discards = discard_candidates(k)
    void = not any(ORDER.suit_of[c] == lead_suit for c in hand)
    assert bool(discards) == void
    for cards in discards:
        assert follow_error(hand, public.current_lead(), list(cards), ORDER) is None


@pytest.mark.parametrize("seed", range(4))
def test_R6_the_standing_kept_play_by_play_is_the_trick_winner(seed):
    hand = play_until(dealt_hand(CLASSIC, seed, dealer=seed), rule_bots(), lambda h: False, seed)
    order = hand.order
    public = Public(CLASSIC, order, hand.dealer, [25, 25, 25, 25])
    for trick in hand.tricks:
        cards = [p for _, p in trick.plays]
        assert trick.standing is not None and trick.standing.best == trick_winner(cards, order, trick.lead)
        for i, (seat, played) in enumerate(trick.plays):
            public.observe(seat, played)
            if i < 3:
                assert public.trick_winner() == trick.plays[trick_winner(cards[:i + 1], order)][0]
                assert public.table_points() == sum(CARD_POINTS[c] for p in cards[:i + 1] for c in p)


def test_discarding_decisions_do_not_depend_on_hidden_cards():
    # The honesty test of the other switches, at moments the seat to play is void in the led suit.
    def void_to_play(h) -> bool:
        trick = h.trick
        if h.phase != "playing" or trick is None or not trick.plays or trick.lead is None:
            return False
        held = {h.order.suit_of[c] for c in h.hands[h.to_act]}
        return trick.lead.suit not in held and len(held) > 1

    bot = SearchBot(budget_ms=None, max_samples=3, switches="discards")
    assert compare_at_positions(bot, void_to_play, range(60)) == 4
