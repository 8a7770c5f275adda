"""Candidates compared on common samples, within a time budget: the search bot's one mechanism.

Every searched decision (a play, a showing or pass, a bury) is a race: each
sample is one world of the hidden cards (:mod:`.sampling`), every candidate
still racing is valued in it (common random numbers: the candidates meet the
same worlds), and after a few samples the candidates clearly behind drop out, so
the budget goes to the contenders. A sample may carry a weight (how likely the
world is, :mod:`.inference`); every mean and standard error here is weighted,
and with equal weights they are the plain ones.

Sampling noise is the enemy of a few hundred samples, so the rule bot's choice
(candidate 0) is the default: another is chosen only if it beats it by more than
``CONFIDENCE`` standard errors of the paired differences.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

World = TypeVar("World")

MIN_SAMPLES = 2
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the rule bot's choice
RACE_AFTER = 8  # samples before candidates can be dropped
DROP_CONFIDENCE = 2.0  # standard errors by which a dropped candidate trails
DECIDED_CONFIDENCE = 3.0  # with focus: standard errors by which a last challenger is clearly the better
DRAWS_PER_SAMPLE = 4  # without a clock, at most this many worlds are drawn per sample wanted


@dataclass(frozen=True)
class Effort:
    """How a race spends its budget."""

    max_samples: int
    focus: bool = False  # issue 15, point 3: drop what trails the leader too, stop once the leader is clear
    tie_after: int | None = None  # with focus: samples after which a candidate equal to the rule's choice in
    # each of them drops out (a decision that does not matter)
    confidence: float = CONFIDENCE  # standard errors by which a candidate must beat the rule bot's choice


@dataclass
class Race(Generic[World]):
    """One decision's race. ``draw`` gives a world and its log-weight (``None``: a world filtered out);
    ``value(world, i)`` is candidate ``i``'s payoff in it."""

    candidates: int
    draw: Callable[[], tuple[World, float] | None]
    value: Callable[[World, int], float]
    # After run: each candidate's payoffs in the samples it met, and the samples' weights (for studies).
    payoffs: list[list[float]] = field(default_factory=list, init=False)
    weights: list[float] = field(default_factory=list, init=False)

    def run(self, effort: Effort, deadline: float | None) -> int:
        """The candidate to play, after sampling until ``deadline`` (``perf_counter`` seconds; ``None``:
        no clock), ``effort.max_samples`` samples, or a decided race."""
        payoffs: list[list[float]] = [[] for _ in range(self.candidates)]
        log_weights: list[float] = []
        racing = list(range(self.candidates))
        slowest = 0.0
        draws = 0
        while len(log_weights) < effort.max_samples and len(racing) > 1:
            began = time.perf_counter()
            if deadline is not None and began + slowest > deadline:
                break
            if deadline is None and draws >= DRAWS_PER_SAMPLE * effort.max_samples:
                break
            draws += 1
            drawn = self.draw()
            if drawn is not None:
                world, log_weight = drawn
                log_weights.append(log_weight)
                for i in racing:
                    payoffs[i].append(self.value(world, i))
            slowest = max(slowest, time.perf_counter() - began)
            samples = len(log_weights)
            if drawn is None:
                continue
            weights = weights_of(log_weights)
            if effort.focus and samples == effort.tie_after:
                racing = [i for i in racing if i == 0 or payoffs[i] != payoffs[0]]
            if samples >= RACE_AFTER:
                racing = _still_racing(payoffs, racing, weights, effort.focus)
                if effort.focus and _decided(payoffs, racing, weights):
                    break
        self.payoffs, self.weights = payoffs, weights_of(log_weights)
        return best_candidate(payoffs, self.weights, effort.confidence)


def weights_of(log_weights: Sequence[float]) -> list[float]:
    """Weights relative to the likeliest sample (which weighs 1)."""
    if not log_weights:
        return []
    top = max(log_weights)
    return [math.exp(w - top) for w in log_weights]


def _still_racing(payoffs: list[list[float]], racing: list[int], weights: list[float], focus: bool) -> list[int]:
    """Drop what trails the rule's choice (which races to the end: every choice is judged against it) by
    more than ``DROP_CONFIDENCE`` standard errors; with ``focus``, what trails the leader so too."""
    kept = [i for i in racing if i == 0 or edge(payoffs[i], payoffs[0], weights, -DROP_CONFIDENCE) > 0]
    if not focus:
        return kept
    leader = max(kept, key=lambda i: _mean(payoffs[i], weights))
    return [i for i in kept if i in (0, leader) or edge(payoffs[i], payoffs[leader], weights, -DROP_CONFIDENCE) > 0]


def _decided(payoffs: list[list[float]], racing: list[int], weights: list[float]) -> bool:
    """Only one challenger is left and it beats the rule's choice by ``DECIDED_CONFIDENCE`` standard errors."""
    return len(racing) == 2 and edge(payoffs[racing[1]], payoffs[0], weights, DECIDED_CONFIDENCE) > 0


def _mean(values: list[float], weights: list[float]) -> float:
    w = weights[:len(values)]
    return sum(x * v for x, v in zip(w, values)) / sum(w)


def edge(values: list[float], base: list[float], weights: list[float], confidence: float) -> float:
    """Weighted mean of the paired differences ``values - base`` (over the samples both have) less
    ``confidence`` standard errors, the error from the samples' effective number."""
    n = min(len(values), len(base))
    w = weights[:n]
    diffs = [a - b for a, b in zip(values, base)]
    total = sum(w)
    squares = sum(x * x for x in w)
    mean = sum(x * d for x, d in zip(w, diffs)) / total
    # Reliability weights: with equal weights this is the usual n - 1 (and the effective number n).
    dof = total - squares / total
    if dof <= 0:
        return -math.inf if confidence > 0 else math.inf  # one sample carries all the weight
    spread = math.sqrt(sum(x * (d - mean) ** 2 for x, d in zip(w, diffs)) / dof)
    return mean - confidence * spread / math.sqrt(total * total / squares)


def best_candidate(payoffs: list[list[float]], weights: list[float], confidence: float = CONFIDENCE) -> int:
    """The candidate to play: the best mean difference to the rule bot's choice (index 0) among those
    that beat it by more than ``confidence`` standard errors of the paired differences, else the rule's
    (sampling noise would otherwise often trade a sound heuristic choice for a lucky one)."""
    best, best_margin = 0, 0.0
    for i in range(1, len(payoffs)):
        n = min(len(payoffs[i]), len(payoffs[0]))
        if n < MIN_SAMPLES or edge(payoffs[i], payoffs[0], weights, confidence) <= 0:
            continue
        w = weights[:n]
        mean = sum(x * (a - b) for x, a, b in zip(w, payoffs[i], payoffs[0])) / sum(w)
        if mean > best_margin:
            best, best_margin = i, mean
    return best
