"""Random playouts through the state machine, with invariants checked after every hand.

``python -m engine simulate --hands N --seed S [--rules PRESET] --json``
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import TOTAL_POINTS, full_deck, points_of
from .hand import Hand
from .hand_state import HAND_SIZE
from .match import Match
from .phase import DEALING, DONE
from .rules import Rules
from .scoring import level_outcome, team_of


class InvariantError(AssertionError):
    """A finished hand broke an invariant (a bug in the engine)."""


@dataclass
class SimulationReport:
    hands: int
    deals: int
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "deals": self.deals, "seconds": round(self.seconds, 3),
                "hands_per_sec": round(self.hands / self.seconds, 1) if self.seconds else None}


def play_hand(match: Match, rng: random.Random, show_chance: float = 0.3) -> Hand:
    """Play the current hand to its end with random legal actions; returns the finished hand.

    While dealing, the drawer acts, and now and then another seat tries to show.
    """
    hand = match.hand
    while hand.phase is not DONE:
        seat = hand.turn
        if hand.phase is DEALING and rng.random() < 0.05:
            seat = rng.randrange(4)
        action = hand.random_action(seat, rng, show_chance)
        if action is None:
            continue
        match.apply(seat, action)
        if match.hand is not hand:  # redealt
            hand = match.hand
    return hand


def check_invariants(hand: Hand, replay: bool = True) -> None:
    """All 108 cards accounted for, points add up, the level result matches the table.

    Every action was legal when applied (``apply`` verifies each one, and an
    illegal action stops the run); ``replay`` also re-verifies the whole log
    through :meth:`Hand.from_dict` and compares the result.
    """
    result, declarers = hand.result, hand.declarers
    if result is None or declarers is None:
        raise InvariantError("a finished hand has a result and declarers")
    played = [c for trick in hand.tricks for _, cards in trick.plays for c in cards]
    if Counter(played + hand.kitty) != Counter(full_deck()):
        raise InvariantError("the tricks and the kitty do not hold the 108 cards exactly")
    if any(sorted(seat for seat, _ in t.plays) != [0, 1, 2, 3] for t in hand.tricks):
        raise InvariantError("every trick must have one play from each seat")
    if any(sum(len(cards) for t in hand.tricks for s, cards in t.plays if s == seat) != HAND_SIZE for seat in range(4)):
        raise InvariantError("every seat must play its 25 cards")
    if any(len({len(cards) for _, cards in t.plays}) != 1 for t in hand.tricks):
        raise InvariantError("every play of a trick must have the lead's size")
    defenders = 1 - declarers
    taken = sum(t.points for t in hand.tricks if t.winner is not None and team_of(t.winner) == defenders)
    if taken != result.trick_points or sum(t.points for t in hand.tricks) + points_of(hand.kitty) != TOTAL_POINTS:
        raise InvariantError("trick points do not add up to 200 with the kitty")
    if result.defender_points != result.trick_points + result.kitty_bonus + result.penalty:
        raise InvariantError("the defenders' total is not tricks + kitty + penalties")
    if (result.side, result.steps) != level_outcome(result.defender_points, hand.rules):
        raise InvariantError("the level result does not match the table")
    if replay and Hand.from_dict(hand.to_dict()).result != result:
        raise InvariantError("replaying the log does not give the same result")


def simulate(hands: int, seed: int, rules: Rules, replay_every: int = 10) -> SimulationReport:
    """Play ``hands`` complete hands (declaring through scoring) with random legal players,
    checking the invariants after each, and replaying the log of every ``replay_every``-th."""
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    played = deals = 0
    start = time.perf_counter()
    while played < hands:
        deals_before = len(match.history)
        hand = play_hand(match, rng)
        deals += len(match.history) - deals_before
        check_invariants(hand, replay=replay_every > 0 and played % replay_every == 0)
        played += 1
        if match.winner is not None:
            match = Match(rules, seed=f"{seed}:{played}")
        else:
            match.next_hand()
    return SimulationReport(played, deals, time.perf_counter() - start)
