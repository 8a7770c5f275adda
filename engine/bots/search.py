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
with fewer than two samples the rule bot's choice stands. The race itself is
:mod:`.race`; issue 15's improvements (:mod:`.switches`) weigh the samples
(:mod:`.inference`), search the showings and the bury (:mod:`.preplay`), drop
trivial candidates and stop decided races (``focus``) and solve the last tricks
(:mod:`.endgame`); with every switch off this is issue 4's Hard bot.
"""

from __future__ import annotations

import random
import time

from ..actions import Action, Bury, Show
from ..cards import Card
from ..phase import ANSWERING_PHASES, OVERTURNING
from ..view import SeatView
from .candidates import distinct_plays, endgame_candidates, play_candidates
from .endgame import ENDGAME_CARDS, Endgame
from .inference import Inference, WorldFilter
from .knowledge import Knowledge
from .outcome import payoff
from .playout import playout
from .preplay import bury_candidates, finish, rebuild, searchable, show_candidates
from .race import CONFIDENCE, Effort, Race
from .rule import RuleBot
from .sampling import World, sample_world
from .switches import ALL, Switches
from .weights import ISSUE4, TUNED, with_masters, with_point_play

FOCUS_SAMPLES = 2  # with focus, a close decision may take this many times max_samples
# A whole hand's playouts are few and noisy: demand more before leaving the rule's choice (a play: race.CONFIDENCE).
# The margin study found no better margins in the arena (scripts/margin_study.py, bots README).
BEFORE_PLAY_CONFIDENCE = 2.0
TIE_AFTER = 4  # with focus, a candidate equal to the rule's choice in every one of this many samples drops out
# With the showings or the bury searched, a play's clock is this share of the budget: those searches' CPU
# (about 6 % of a hand's) comes out of the plays', so a hand costs no more than issue 4's (bots README).
PLAY_SHARE = 0.9

class SearchBot(RuleBot):
    """Perfect-information Monte Carlo on top of the rule bot (issue 4 "search"), with issue 15's switches.

    ``budget_ms`` bounds each searched decision (``None``: no clock, only ``max_samples``,
    which makes the bot a pure function of view and rng, as the honesty tests need).
    ``switches`` (a :class:`~.switches.Switches` or its text, e.g. ``"none"``) says which of
    issue 15's improvements it uses; with none it is issue 4's Hard bot.
    """

    name = "search"

    def __init__(self, budget_ms: float | None = 260.0, max_samples: int = 200,
                 switches: Switches | str = ALL) -> None:
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.switches = Switches.parse(switches) if isinstance(switches, str) else switches
        weights = TUNED if self.switches.weights else ISSUE4
        weights = with_point_play(weights) if self.switches.point_play else weights
        super().__init__(with_masters(weights) if self.switches.masters else weights)

    def _deadline(self, start: float, share: float = 1.0) -> float | None:
        return None if self.budget_ms is None else start + share * self.budget_ms / 1000

    def choose_play(self, view: SeatView, rng: random.Random) -> list[Card]:
        start = time.perf_counter()
        k = Knowledge.from_view(view)
        switches = self.switches
        endgame = switches.endgame and len(k.hand) <= ENDGAME_CARDS
        weights = self.weights
        candidates = (endgame_candidates(k, weights) if endgame
                      else play_candidates(k, switches.discards, weights))
        if switches.focus:
            candidates = distinct_plays(k, candidates)
        if len(candidates) == 1:
            return list(candidates[0])
        trump = view.trump
        if trump is None:
            raise ValueError("a play needs the final trump (the view is not of the playing phase)")
        before_play = switches.showings or switches.bury
        deadline = self._deadline(start, PLAY_SHARE if before_play else 1.0)
        worlds = WorldFilter(k, Inference(view, k, weights) if switches.infer else None, rng, deadline)
        if endgame:
            solver = Endgame(view.rules, view.levels, k.public, k.team)

            def value(world: World, i: int) -> float:
                return solver.value(world[0], world[1], (k.seat, candidates[i]))
        else:
            def value(world: World, i: int) -> float:
                hands, kitty = world
                result = playout(view.rules, trump, k.public, hands, kitty, view.levels, (k.seat, candidates[i]),
                                 weights)
                return payoff(result, k.team)

        return list(candidates[self.decide(Race(len(candidates), worlds.draw, value), self._effort(), deadline)])

    def choose_show(self, view: SeatView, rng: random.Random) -> Show | None:
        if not (self.switches.showings and view.phase in ANSWERING_PHASES and searchable(view)):
            return super().choose_show(view, rng)
        chosen = self._search_before_play(view, rng, show_candidates(view), buried=view.phase is OVERTURNING)
        return chosen if isinstance(chosen, Show) else None

    def choose_bury(self, view: SeatView, rng: random.Random) -> list[Card]:
        if not (self.switches.bury and searchable(view)):
            return super().choose_bury(view, rng)
        chosen = self._search_before_play(view, rng, bury_candidates(view), buried=False)
        if not isinstance(chosen, Bury):
            raise TypeError("a bury candidate is a Bury")
        return list(chosen.cards)

    def _search_before_play(self, view: SeatView, rng: random.Random, options: list[Action],
                            buried: bool) -> Action:
        """The option (``options[0]``: the rule bot's) with the best payoff over rebuilt worlds (:mod:`.preplay`)."""
        start = time.perf_counter()
        seat = view.seat
        if len(options) == 1 or seat is None:
            return options[0]
        k = Knowledge.from_view(view)
        if rebuild(view, sample_world(k, random.Random(0), buried)) is None:
            return options[0]  # a moment the worlds cannot be rebuilt into

        def draw() -> tuple[World, float] | None:
            world = sample_world(k, rng, buried)
            return None if rebuild(view, world) is None else (world, 0.0)

        def value(world: World, i: int) -> float:
            hand = rebuild(view, world)
            if hand is None:
                raise RuntimeError("a world that was rebuilt once is rebuilt again")
            return payoff(finish(hand, seat, options[i], self.weights), k.team)

        return options[self.decide(Race(len(options), draw, value), self._effort(before_play=True),
                                   self._deadline(start))]

    def decide(self, race: Race[World], effort: Effort, deadline: float | None) -> int:
        """Every searched decision's race, run: the candidate to play (a study may look at the race after it,
        ``scripts/margin_study.py``)."""
        return race.run(effort, deadline)

    def _effort(self, before_play: bool = False) -> Effort:
        confidence = BEFORE_PLAY_CONFIDENCE if before_play else CONFIDENCE
        if self.switches.focus:
            return Effort(self.max_samples * FOCUS_SAMPLES, focus=True, tie_after=TIE_AFTER, confidence=confidence)
        return Effort(self.max_samples, confidence=confidence)
