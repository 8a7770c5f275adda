"""Tables in chosen states for the tests of how the room page shows them: a match driven by the engine's random
player to a phase, and the snapshot one seat gets (webapp.core.room_page), without a server or a database."""

from __future__ import annotations

import random
from collections.abc import Callable

import engine
from webapp.core.room_page import SeatInfo, Snapshot

State = Callable[[engine.Match], bool]


def match_until(done: State, seed: int = 1, preset: str = "classic", show: bool = True) -> engine.Match:
    """A match played by random legal moves until ``done(match)`` (``show``: seats declare when they can)."""
    match = engine.Match(engine.Rules.preset(preset), seed=f"table-{seed}")
    rng = random.Random(seed)
    for _ in range(5000):
        if done(match):
            return match
        hand = match.hand
        if hand.phase == "done":
            match.next_hand()
            continue
        seat = hand.to_act
        action = hand.random_action(seat, rng, show_chance=0.3 if show else 0)
        if action is None:
            action = engine.Draw() if hand.phase == "dealing" else engine.Pass()
        match.apply(seat, action)
    raise AssertionError("the state was not reached")


def phase_is(phase: str) -> State:
    return lambda match: match.hand.phase == phase


def tricks_done(count: int) -> State:
    """Playing, the next trick not led yet, ``count`` tricks finished."""
    return lambda match: (match.hand.phase == "playing" and len(match.hand.tricks) == count
                          and not match.hand.trick.plays)


def snapshot_of(match: engine.Match, seat: int | None, showings: bool = True, turn_key: str = "fixture") -> Snapshot:
    """What ``seat`` (``None``: a spectator) is shown; ``showings=False`` hides its declare/overturn offers."""
    seats = [SeatInfo(i, None, None if i == seat else "normal", True, i == seat, False) for i in range(4)]
    legal = match.hand.legal_showings(seat) if seat is not None and showings else []
    return Snapshot(code="fixture", version=0, solo=True, preset="classic", rules=match.rules, started=True,
                    seats=seats, my_seat=seat, is_host=False, view=match.view(seat), legal_showings=legal,
                    turn_key=turn_key)


def with_hand(match: engine.Match, seat: int, cards: str) -> engine.Match:
    """The same match with ``seat`` holding ``cards`` (for how a hand is laid out; the rest is not checked)."""
    match.hand.hands[seat] = engine.parse_cards(cards)
    return match
