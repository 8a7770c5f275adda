"""The action API (after python-chess and pokerkit): ``legal_actions(seat)`` is an object whose membership
is the engine's check and whose iteration gives the candidates; ``apply`` returns, and the log keeps, a
frozen record of what each action did."""

from __future__ import annotations

import random

import pytest

from engine import Bury, Draw, Hand, LogEntry, Match, Pass, Play, Show
from engine.cards import Card
from engine.reasons import Refusal
from engine.simulate import play_hand

from .helpers import CLASSIC, cards, trump

HANDS = ["KH QH 3C 4C", "AH 5C 6C 7C", "3D 4D 5D 6D", "8D 9D JD QD"]


def test_R4_4_a_failed_throw_is_recorded_with_the_cards_it_tried_and_the_forced_ones():
    hand = Hand.at_play(CLASSIC, trump("2S"), HANDS, dealer=0, leader=0)
    entry = hand.apply(0, Play(cards("KH QH")))  # seat 1 holds AH: both singles fail, the lower is played
    assert entry == LogEntry(0, Play(cards("KH QH")), tuple(cards("QH")))
    assert entry.tried == tuple(cards("KH QH")) and entry.trick_winner is None
    assert hand.log == [entry]


def test_R6_R7_the_play_completing_a_trick_records_its_winner_and_points():
    hand = Hand.at_play(CLASSIC, trump("2S"), ["KH 3C", "5H 6C", "10H 4D", "AH 8D"], dealer=0, leader=0)
    entries = [hand.apply(seat, Play(cards(card))) for seat, card in enumerate(("KH", "5H", "10H", "AH"))]
    assert [e.trick_winner for e in entries] == [None, None, None, 3]
    assert entries[-1].trick_points == 25 and entries[-1].played == tuple(cards("AH"))
    assert all(e.tried is None for e in entries)
    with pytest.raises(AttributeError):
        entries[-1].seat = 0


def test_the_log_keeps_the_records_and_a_replay_rebuilds_them():
    match = Match(CLASSIC, seed=4)
    play_hand(match, random.Random(4))
    hand = match.hand
    assert all(isinstance(e, LogEntry) for e in hand.log)
    plays = [e for e in hand.log if isinstance(e.action, Play)]
    assert sum(len(e.played) for e in plays) == 100
    assert [e.trick_winner for e in plays if e.trick_winner is not None] == [t.winner for t in hand.tricks]
    assert Hand.from_dict(hand.to_dict()).log == hand.log
    assert hand.to_dict()["log"][0] == [hand.log[0].seat, {"type": "draw"}]  # the stored form is unchanged


def test_legal_actions_membership_is_the_engines_check_and_iteration_its_candidates():
    match = Match(CLASSIC, seed=2)
    hand = match.hand
    legal = hand.legal_actions(hand.to_act)
    assert Draw() in legal and Pass() not in legal and "draw" not in legal
    assert list(legal) == [Draw()] and legal
    assert not hand.legal_actions((hand.to_act + 1) % 4)  # nothing for another seat before any card is in
    playing = Hand.at_play(CLASSIC, trump("2S"), HANDS, dealer=0, leader=0)
    legal = playing.legal_actions(0)
    assert Play(cards("KH QH")) in legal  # a throw is legal to try (R4.3), though not a candidate
    assert Play(cards("KH 3C")) not in legal and Bury(cards("KH")) not in legal
    assert {a.cards for a in legal} == {tuple(cards(c)) for c in ("KH", "QH", "3C", "4C")}


def test_legal_actions_while_showing_are_complete():
    match = Match(CLASSIC, seed=3)
    hand = match.hand
    while hand.drawn < 100:
        match.apply(hand.to_act, Draw())
    for seat in range(4):
        showings = [a for a in hand.legal_actions(seat) if isinstance(a, Show)]
        assert showings == hand.legal_showings(seat)
        assert all(show in hand.legal_actions(seat) for show in showings)


def test_a_play_of_card_indices_holds_the_cards_and_refuses_what_is_not_a_card_index():
    """The compiled bots hand cards back as bare ints (mypyc keeps an int subclass as an int): a play of
    indices is the play of those cards; bools (JSON's true), floats, negative and too large indices are no cards."""
    played = Play(tuple(int(c) for c in cards("10H BJ 2S")))
    assert played == Play(cards("10H BJ 2S"))
    assert all(type(c) is Card for c in played.cards)
    for hostile in ((True,), (1.0,), (-1,), (108,), (10**20,), (0, "x")):
        with pytest.raises(Refusal):
            Play(hostile)  # type: ignore[arg-type]
