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
from .race import Effort, Race
from .rule import RuleBot, rule_play
from .sampling import sample_world
from .switches import Switches

LEAD_CANDIDATES = 4
POINTS_PER_LEVEL = 40  # the R9.2 tables' band width
POINT_SHARE = 0.5  # weight of the points (in levels) beside the table's swing


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
    """Perfect-information Monte Carlo on top of the rule bot (issue 4 "search"), with issue 15's switches.

    ``budget_ms`` bounds each searched decision (``None``: no clock, only ``max_samples``,
    which makes the bot a pure function of view and rng, as the honesty tests need).
    ``switches`` (a :class:`~.switches.Switches` or its text, e.g. ``"none"``) says which of
    issue 15's improvements it uses; with none it is issue 4's Hard bot.
    """

    name = "search"

    def __init__(self, budget_ms: float | None = 260.0, max_samples: int = 200,
                 switches: Switches | str = Switches()) -> None:
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.switches = Switches.parse(switches) if isinstance(switches, str) else switches

    def _deadline(self, start: float) -> float | None:
        return None if self.budget_ms is None else start + self.budget_ms / 1000

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        start = time.perf_counter()
        k = Knowledge.from_view(view)
        candidates = play_candidates(k)
        if len(candidates) == 1:
            return list(candidates[0])
        trump = view.trump
        if trump is None:
            raise ValueError("a play needs the final trump (the view is not of the playing phase)")

        def draw() -> tuple[tuple[list[list[Card]], list[Card]], float]:
            return sample_world(k, rng), 0.0

        def value(world: tuple[list[list[Card]], list[Card]], i: int) -> float:
            hands, kitty = world
            return payoff(playout(view.rules, trump, k.public, hands, kitty, view.levels, (k.seat, candidates[i])),
                          k.team)

        race = Race(len(candidates), draw, value)
        return list(candidates[race.run(Effort(self.max_samples), self._deadline(start))])
