"""The search bot (Hard): perfect-information Monte Carlo over the rule bot.

For each play decision it takes a few candidate plays (the rule bot's choice
and its close alternatives), deals the unseen cards at random consistently
with everything the seat knows (:mod:`.sampling`), plays every candidate out
to the end of the hand on the same deals with the rule bot in all seats
(:mod:`.playout`, common random numbers), and plays the candidate with the best
average payoff: level swing (R9.2, :func:`.outcome.level_swing`) plus a
share of the card points (R7), which tells apart deals the table scores alike.

Sampling noise is the enemy of a few hundred playouts, so the rule bot's choice
is the default: after a few samples, candidates clearly worse than it drop out
of the race (the budget goes to the contenders), and another candidate is played
only if it beats the rule bot's choice by more than one standard error of the
paired differences. Each decision has a time budget (checked before each sample);
with fewer than two samples the rule bot's choice stands. Showings and the bury
are the rule bot's.
"""

from __future__ import annotations

import math
import random
import time

from ..cards import Card
from ..scoring import HandResult
from ..view import SeatView
from .following import winning_plays
from .knowledge import Knowledge
from .leading import lead_options
from .outcome import level_swing, team_points
from .picking import feed_value, keep_value, pick_follow
from .playout import playout
from .rule import RuleBot, rule_play
from .sampling import sample_world

LEAD_CANDIDATES = 4
POINTS_PER_LEVEL = 40  # the R9.2 tables' band width
POINT_SHARE = 0.5  # weight of the points (in levels) beside the table's swing
MIN_SAMPLES = 2
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the rule bot's choice
RACE_AFTER = 8  # samples before candidates can be dropped
DROP_CONFIDENCE = 2.0  # standard errors by which a dropped candidate trails the rule bot's choice


def play_candidates(k: Knowledge) -> list[tuple[Card, ...]]:
    """The plays worth searching, the rule bot's own choice first, without repeats."""
    found = [tuple(rule_play(k))]
    public = k.public
    if public.plays:
        order, lead = public.order, public.current_lead()
        keep = keep_value(order, k.mine)
        found.append(tuple(pick_follow(k.hand, lead, order, keep)))
        found.append(tuple(pick_follow(k.hand, lead, order, feed_value(order, k.mine))))
        wins = winning_plays(k, keep)
        if wins:
            found += [wins[0], wins[-1]]
    else:
        # The best lead of each suit: the choice that matters most is which suit to open.
        suits: set[int] = set()
        for _, cards in lead_options(k):
            suit = k.public.order.suit_of[cards[0]]
            if suit not in suits and len(suits) < LEAD_CANDIDATES:
                suits.add(suit)
                found.append(cards)
    unique: dict[tuple[Card, ...], tuple[Card, ...]] = {}
    for cards in found:
        unique.setdefault(tuple(sorted(cards)), cards)
    return list(unique.values())


def payoff(result: HandResult, team: int) -> float:
    """A playout's value for ``team``, in levels: its level swing (R9.2) plus half its points
    at 40 to a level (the tables' band), which tells apart deals the table scores alike."""
    return level_swing(result, team) + POINT_SHARE * team_points(result, team) / POINTS_PER_LEVEL


class SearchBot(RuleBot):
    """Perfect-information Monte Carlo on top of the rule bot (issue 4 "search").

    ``budget_ms`` bounds each play decision (``None``: no clock, only ``max_samples``,
    which makes the bot a pure function of view and rng, as the honesty tests need).
    """

    name = "search"

    def __init__(self, budget_ms: float | None = 260.0, max_samples: int = 200) -> None:
        self.budget_ms = budget_ms
        self.max_samples = max_samples

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        start = time.perf_counter()
        k = Knowledge.from_view(view)
        candidates = play_candidates(k)
        if len(candidates) == 1:
            return list(candidates[0])
        trump = view.trump
        if trump is None:
            raise ValueError("a play needs the final trump (the view is not of the playing phase)")
        # payoffs[i][j]: candidate i on sample j. A candidate dropped from the race keeps a prefix.
        payoffs: list[list[float]] = [[] for _ in candidates]
        racing = list(range(len(candidates)))
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        slowest = 0.0
        while len(payoffs[0]) < self.max_samples and len(racing) > 1:
            began = time.perf_counter()
            if deadline is not None and began + slowest > deadline:
                break
            hands, kitty = sample_world(k, rng)
            for i in racing:
                result = playout(view.rules, trump, k.public, hands, kitty, view.levels, (k.seat, candidates[i]))
                payoffs[i].append(payoff(result, k.team))
            slowest = max(slowest, time.perf_counter() - began)
            if len(payoffs[0]) >= RACE_AFTER:
                # Spend the budget on the contenders: drop what is clearly worse than the rule's choice.
                racing = [i for i in racing if i == 0 or _edge(payoffs[i], payoffs[0], -DROP_CONFIDENCE) > 0]
        return list(candidates[best_candidate(payoffs)])


def _edge(values: list[float], base: list[float], confidence: float) -> float:
    """Mean of the paired differences ``values - base`` less ``confidence`` standard errors."""
    n = len(values)
    diffs = [a - b for a, b in zip(values, base)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean - confidence * spread / math.sqrt(n)


def best_candidate(payoffs: list[list[float]]) -> int:
    """The candidate to play: the best average, but the rule bot's (index 0) unless another beats it
    by more than ``CONFIDENCE`` standard errors of the paired differences (sampling noise
    would otherwise often trade a sound heuristic choice for a lucky one)."""
    best, best_margin = 0, 0.0
    for i in range(1, len(payoffs)):
        n = len(payoffs[i])
        if n < MIN_SAMPLES or _edge(payoffs[i], payoffs[0], CONFIDENCE) <= 0:
            continue
        mean = sum(a - b for a, b in zip(payoffs[i], payoffs[0])) / n
        if mean > best_margin:
            best, best_margin = i, mean
    return best
