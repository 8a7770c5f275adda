"""A deal that falls behind its pace (a busy server applies a dealing step late) catches up: the late step deals
the rounds it owes, so the table's deal takes its time, not the server's."""

from __future__ import annotations

import random

import pytest

import engine
from webapp.core import autoplay
from webapp.core.autoplay import CATCH_UP_ROUNDS, DEAL, Automatic, Pace

PACE = Pace(bot_delay=0.9, deal_delay=0.06, show_window=6)
ROUND = 4 * PACE.deal_delay  # a round's step: a card to each seat
NO_BOTS = (None, None, None, None)


def dealing(drawn: int = 0) -> engine.Match:
    match = engine.Match(engine.Rules.preset("classic"), seed=3)
    while match.hand.drawn < drawn:
        match.apply(match.hand.to_act, engine.Draw())
    return match


def step(match: engine.Match) -> Automatic:
    return autoplay.automatic_action(match, NO_BOTS.__getitem__, {}, random.Random(0))


@pytest.mark.parametrize(("late", "rounds"), [
    (0.0, 1), (ROUND * 0.9, 1), (ROUND * 1.01, 2), (ROUND * 3.5, 4), (ROUND * 100, 1 + CATCH_UP_ROUNDS)])
def test_a_late_deal_step_deals_the_rounds_it_owes(late, rounds):
    match = dealing()
    caught = autoplay.caught_up(match, step(match), late, PACE)
    assert caught.pace == DEAL and len(caught.moves) == 4 * rounds
    assert [seat for seat, _ in caught.moves] == [(match.hand.to_act + k) % 4 for k in range(4 * rounds)]


def test_catching_up_stops_at_the_last_card():
    match = dealing(drawn=96)
    caught = autoplay.caught_up(match, step(match), ROUND * 100, PACE)
    assert len(caught.moves) == 4
    for seat, action in caught.moves:
        match.apply(seat, action)
    assert match.hand.drawn == 100


def test_a_bots_showing_and_a_bots_move_are_never_multiplied():
    showing = Automatic(((1, engine.Pass()),), DEAL)
    move = Automatic(((2, engine.Pass()),), autoplay.BOT)
    match = dealing()
    assert autoplay.caught_up(match, showing, ROUND * 10, PACE) is showing
    assert autoplay.caught_up(match, move, ROUND * 10, PACE) is move


def test_with_no_deal_pace_nothing_is_owed():
    match = dealing()
    automatic = step(match)
    assert autoplay.caught_up(match, automatic, 5.0, Pace(0, 0, 0)) is automatic
