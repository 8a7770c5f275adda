"""The hand/match state machine: phases, turn order, errors, views, persistence, determinism."""

import json
import random

import pytest

from engine import Bury, Draw, Hand, IllegalAction, Match, Pass, Play, Show, decode, encode, jsonable
from engine.reasons import Reason
from engine.simulate import play_hand

from .helpers import CLASSIC, PRESETS, cards, trump


def advance_to(match, phase, rng):
    while match.hand.phase != phase:
        hand = match.hand
        seat = hand.to_act
        match.apply(seat, hand.random_action(seat, rng, show_chance=0.9))
    return match.hand


def test_phases_run_in_order_and_to_act_is_the_seat_waited_for():
    rng = random.Random(2)
    match = Match(CLASSIC, seed=2)
    seen = []
    while not match.hand_over:
        hand = match.hand
        if not seen or seen[-1] != hand.phase:
            seen.append(hand.phase)
        seat = hand.to_act
        match.apply(seat, hand.random_action(seat, rng, show_chance=0.9))
    assert seen == ["dealing", "declaring", "burying", "playing"]


@pytest.mark.parametrize("seat, action, message", [
    (1, Draw(), "seat 1's turn"),  # seat index 0: people count seats from 1
    (0, Pass(), "nothing to pass"),
    (0, Play(cards("3S")), "no card can be played"),
    (7, Draw(), "no seat"),
])
def test_illegal_actions_raise_and_change_nothing(seat, action, message):
    match = Match(CLASSIC, seed=1)
    before = json.dumps(match.to_dict())
    with pytest.raises(IllegalAction, match=message):
        match.apply(seat, action)
    assert json.dumps(match.to_dict()) == before
    assert isinstance(IllegalAction(Reason(None, "x")), ValueError)


def test_illegal_play_message_names_the_rule_and_cards_and_changes_nothing():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["AH 3C", "3H 4C", "5H 6C", "6H 7C"], dealer=0, leader=0)
    hand.apply(0, Play(cards("AH")))
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match=r"seat 1 may not play 4C: R5\.2"):
        hand.apply(1, Play(cards("4C")))
    assert hand.to_dict() == before and hand.hands[1] == cards("3H 4C")


def test_playing_cards_not_held_is_refused():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["AH 3C", "3H 4C", "5H 6C", "6H 7C"], dealer=0, leader=0)
    with pytest.raises(IllegalAction, match="do not hold KH"):
        hand.apply(0, Play(cards("KH")))


@pytest.mark.parametrize("payload", [
    None, 5, "play", {"type": "fly"}, {"type": "play", "cards": "11H"}, {"type": "play", "cards": 7},
    {"type": "bury", "cards": ["XX"]},
])
def test_malformed_actions_are_refused_with_illegal_action(payload):
    with pytest.raises(IllegalAction):
        decode(payload)


def test_actions_round_trip_through_json():
    for action in (Draw(), Pass(), Show(cards("2H 2H")), Bury(cards("3S 4S 5S 6S 7S 8S 9S JS")),
                   Play(cards("10H 10H"))):
        assert decode(json.loads(json.dumps(encode(action)))) == action


def test_match_is_deterministic_from_its_seed():
    def run(seed):
        match = Match(CLASSIC, seed=seed)
        play_hand(match, random.Random(9))
        return match.to_dict()

    assert run(5) == run(5) and run(5) != run(6)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_json_round_trip_of_the_whole_state_at_every_phase(name):
    rng = random.Random(3)
    match = Match(PRESETS[name], seed=3)
    steps = 0
    while not match.hand_over:
        hand = match.hand
        seat = hand.to_act
        match.apply(seat, hand.random_action(seat, rng))
        steps += 1
        if steps % 37 == 0:
            copy = Match.from_dict(json.loads(json.dumps(match.to_dict())))
            assert [copy.view(s) for s in (0, 1, 2, 3, None)] == [match.view(s) for s in (0, 1, 2, 3, None)]
    copy = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert copy.history == match.history and copy.levels == match.levels


def test_hand_from_an_explicit_deck_order():
    from .helpers import deck_with

    deck = deck_with(["2H 2H", "BJ"], kitty="3S 4S 5S")
    hand = Hand(CLASSIC, deck)
    while hand.phase == "dealing":
        hand.apply(hand.to_act, Draw())
    assert hand.hands[0][:2] == cards("2H 2H") and hand.hands[1][0] == cards("BJ")[0]
    assert hand.kitty[:3] == cards("3S 4S 5S")
    with pytest.raises(ValueError, match="108"):
        Hand(CLASSIC, deck[:-1])


def test_every_log_entry_is_a_frozen_record():
    import dataclasses

    match = Match(CLASSIC, seed=1)
    match.apply(0, Draw())
    entry = match.hand.log[0]
    assert entry.seat == 0 and entry.action == Draw()
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        entry.seat = 3


# ---------------------------------------------------------------- hidden information

def _names(view):
    return json.dumps(jsonable(view))


def test_views_hold_only_the_seats_own_cards_while_playing():
    rng = random.Random(8)
    match = Match(CLASSIC, seed=8)
    hand = advance_to(match, "playing", rng)
    for seat in range(4):
        view = hand.view(seat)
        assert sorted(view.hand) == sorted(hand.hands[seat])
        assert view.kitty is None
        text = json.dumps(jsonable({k: v for k, v in view.to_dict().items() if k != "hand"}))
        # Nothing outside "hand" may list cards still held by anyone (only public plays/showings/bury).
        public = {str(c) for t in view.tricks for _, p in t.plays for c in p}
        public |= {str(c) for s in view.showings for c in s.cards}
        public |= {str(c) for c in (view.buried or [])}
        for other in range(4):
            for card in hand.hands[other]:
                if str(card) not in public:
                    assert f'"{card}"' not in text, (seat, other, card)


def test_spectator_view_has_no_cards_in_hand():
    rng = random.Random(8)
    match = Match(CLASSIC, seed=8)
    hand = advance_to(match, "burying", rng)
    view = hand.view(None)
    assert view.hand == () and view.kitty is None and view.buried is None


def test_view_is_the_same_whatever_the_other_seats_hold():
    """A seat's view does not change when the other seats' hidden cards are swapped."""
    hands = ["AH 3C", "3H 4C", "5H 6C", "6H 7C"]
    swapped = ["AH 3C", "5H 6C", "3H 4C", "6H 7C"]
    one = Hand.at_play(CLASSIC, trump("2S"), hands, dealer=0, leader=0)
    two = Hand.at_play(CLASSIC, trump("2S"), swapped, dealer=0, leader=0)
    assert one.view(0) == two.view(0)


def test_legal_actions_are_accepted():
    rng = random.Random(11)
    match = Match(CLASSIC, seed=11)
    while not match.hand_over:
        hand = match.hand
        for seat in range(4):
            for action in hand.legal_actions(seat):
                assert hand.can_apply(seat, action), (seat, action)
        seat = hand.to_act
        match.apply(seat, hand.random_action(seat, rng))


def test_next_hand_only_after_the_hand_is_over_and_the_match_continues():
    match = Match(CLASSIC, seed=12)
    with pytest.raises(IllegalAction, match="not over"):
        match.next_hand()
    play_hand(match, random.Random(1))
    result = match.history[-1]
    match.next_hand()
    assert match.hand.dealer == result.next_dealer and match.hand.levels == result.levels_after
    assert match.hand.hand_number == 2 and not match.hand.first_hand


def test_illegal_action_carries_a_translatable_reason():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH KH 3H", "9H 9H 4C", "5H 6C 7C", "6H 7D 8D"],
                        dealer=0, leader=1)
    hand.apply(1, Play(cards("9H 9H")))
    hand.apply(2, Play(cards("5H 6C")))
    with pytest.raises(IllegalAction) as refused:
        hand.apply(3, Play(cards("7D 8D")))
    reason = refused.value.reason
    assert reason.clause == "R5.2" and reason.params == {"held": 1, "suit": "♥"}
    chinese = {"you hold %(held)s card(s) of %(suit)s: play all of them": "你只有%(held)s张%(suit)s：必须全部出"}
    assert reason.translated(lambda text: chinese.get(text, text)) == "你只有1张♥：必须全部出"


@pytest.mark.parametrize("preset", ["classic", "competition"])
def test_play_unchecked_does_what_apply_does_with_a_legal_play(preset):
    # The bots' playouts skip the check (their plays are legal); the play itself must be apply's, throws included.
    def record(h):
        return [(t.leader, t.plays, t.winner, t.points, t.failed_throw) for t in h.tricks]

    rng = random.Random(15)
    failed_throws = 0
    for number in range(12):
        match = Match(PRESETS[preset], seed=number)
        hand = advance_to(match, "playing", rng)
        twin = Hand.from_dict(hand.to_dict())
        while hand.phase == "playing":
            seat = hand.turn
            action = hand.random_action(seat, rng)
            entry = hand.apply(seat, action)
            assert twin.play_unchecked(seat, action.cards) == entry.played
            failed_throws += entry.tried is not None
            assert (twin.hands, twin.turn, twin.trick_points, twin.penalty, twin.phase) == \
                (hand.hands, hand.turn, hand.trick_points, hand.penalty, hand.phase)
        assert record(twin) == record(hand) and twin.result == hand.result
    assert failed_throws  # the throw path (R4.4) was taken
