"""How good some plays are, from one seat's view: the search bot's own estimate, for the coach (issue 14).

The same machinery as the search bot's decision (:mod:`.search`): deals of the unseen cards consistent with
everything the seat knows (:mod:`.sampling`), each play played out to the end of the hand by the rule bot on
the same deals (:mod:`.playout`, common random numbers), and the search bot's payoff of the result
(:func:`.search.payoff`: the level swing, R9.2, plus a share of the points, R7). Nothing but the view is read,
so an estimate tells nothing the seat could not know.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..view import SeatView
from .candidates import play_candidates
from .knowledge import Knowledge
from .outcome import level_swing, payoff, team_points
from .playout import playout
from .sampling import sample_world


@dataclass(frozen=True, slots=True)
class Comparison:
    """``better`` against ``played`` on the same ``samples`` deals, from the seat's team's side: the mean
    difference of the search bot's payoff (``gain``, in levels), its standard error, and of its two parts,
    the level swing (``levels``) and the defenders' total (``points``, positive: better for the team)."""

    played: tuple[Card, ...]
    better: tuple[Card, ...]
    samples: int
    gain: float
    error: float
    levels: float
    points: float


def alternatives(view: SeatView, played: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The plays the search bot would weigh here, without ``played`` (empty: nothing else was worth a thought)."""
    mine = tuple(sorted(played))
    return [cards for cards in play_candidates(Knowledge.from_view(view)) if tuple(sorted(cards)) != mine]


def compare(view: SeatView, played: Sequence[Card], rng: random.Random, max_samples: int,
            budget_ms: float | None) -> Comparison | None:
    """The search bot's best alternative to ``played`` and by how much it beats it (``None``: there is no
    alternative, or no time for two samples). ``budget_ms`` is checked before each sample (``None``: only
    ``max_samples``, which makes the comparison a function of the view and ``rng`` alone)."""
    others = alternatives(view, played)
    trump = view.trump
    if not others or trump is None:
        return None
    start = time.perf_counter()
    deadline = None if budget_ms is None else start + budget_ms / 1000
    k = Knowledge.from_view(view)
    plays = [tuple(played), *others]
    values: list[list[tuple[float, int, int]]] = [[] for _ in plays]
    slowest = 0.0
    while len(values[0]) < max_samples:
        began = time.perf_counter()
        if deadline is not None and began + slowest > deadline:
            break
        hands, kitty = sample_world(k, rng)
        for i, cards in enumerate(plays):
            result = playout(view.rules, trump, k.public, hands, kitty, view.levels, (k.seat, cards))
            values[i].append((payoff(result, k.team), level_swing(result, k.team), team_points(result, k.team)))
        slowest = max(slowest, time.perf_counter() - began)
    if len(values[0]) < 2:
        return None
    base = values[0]
    best = max(range(1, len(plays)), key=lambda i: _mean([v[0] - b[0] for v, b in zip(values[i], base)]))
    diffs = [v[0] - b[0] for v, b in zip(values[best], base)]
    return Comparison(plays[0], plays[best], len(base), _mean(diffs), _error(diffs),
                      _mean([v[1] - b[1] for v, b in zip(values[best], base)]),
                      _mean([v[2] - b[2] for v, b in zip(values[best], base)]))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _error(values: list[float]) -> float:
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))
