"""How large a lead over the rule bot's choice a searched decision should need (issue 15, point 3).

The search bot plays the rule bot's choice unless another candidate beats it in the race by a margin of
standard errors of the paired differences (:func:`engine.bots.race.best_candidate`). This study plays arena
hands (each deal's first game) with the search bot in every seat (the production clock), and at every searched
decision it takes the race as it ended and values every candidate again on ``--worlds`` fresh worlds drawn the
race's way (the same sampler, inference and payoff). For each margin it then asks which candidate that margin
would have chosen in each race and adds up that candidate's fresh edge over the rule's choice: the value of
the margin under the search bot's own model, without the selection bias of valuing a choice on the samples
that chose it. Plays and the before-play decisions (showings, passes, bury) are reported apart. The game goes
on with the bot's own choice.

    .venv/bin/python scripts/margin_study.py --hands 24 --seed 4242 --workers 2

It measures the margin's worth in the search's own eyes (its payoff, its sampler); only the arena measures
play against another bot. Lower margins looked better here and gained nothing in the arena (bots README).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from statistics import fmean, stdev

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import arena, bots
from engine.actions import Action
from engine.bots.race import CONFIDENCE, Effort, Race, best_candidate
from engine.bots.sampling import World
from engine.bots.search import BEFORE_PLAY_CONFIDENCE, SearchBot
from engine.rules import PRESETS, Rules
from engine.view import SeatView

STUDIED = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)  # the margins compared


@dataclass(frozen=True)
class Studied:
    """One searched decision: the race's payoffs and weights as it ended, and each candidate's fresh values."""

    before_play: bool  # a showing, pass or bury (else a play)
    payoffs: list[list[float]]
    weights: list[float]
    fresh: list[list[float]]  # fresh[i][w]: candidate i in fresh world w


class StudyBot(SearchBot):
    """The search bot, keeping a :class:`Studied` record of each searched decision."""

    def __init__(self, switches: str, worlds: int, budget_ms: float) -> None:
        super().__init__(budget_ms=budget_ms, switches=switches)
        self.worlds = worlds
        self.studied: list[Studied] = []
        self.before_play = False

    def _search_before_play(self, view: SeatView, rng: random.Random, options: list[Action],
                            buried: bool) -> Action:
        self.before_play = True
        try:
            return super()._search_before_play(view, rng, options, buried)
        finally:
            self.before_play = False

    def decide(self, race: Race[World], effort: Effort, deadline: float | None) -> int:
        choice = race.run(effort, deadline)
        fresh: list[list[float]] = [[] for _ in range(race.candidates)]
        for _ in range(4 * self.worlds):
            drawn = race.draw()
            if drawn is not None:
                for i in range(race.candidates):
                    fresh[i].append(race.value(drawn[0], i))
                if len(fresh[0]) == self.worlds:
                    break
        if len(fresh[0]) >= 2:
            self.studied.append(Studied(self.before_play, race.payoffs, race.weights, fresh))
        return choice


def study_deal(task: tuple[int, int, Rules, str, int, float]) -> list[Studied]:
    seed, index, rules, switches, worlds, budget_ms = task
    seat_bots = [StudyBot(switches, worlds, budget_ms) for _ in range(4)]
    arena.play_game(arena.Deal.draw(seed, index), rules, seat_bots)
    return [studied for bot in seat_bots for studied in bot.studied]


def chosen(race: Studied, margin: float) -> int:
    return best_candidate(race.payoffs, race.weights, margin) if len(race.weights) >= 2 else 0


def report(hands: list[list[Studied]], base: float) -> dict[str, object]:
    """For each margin: the decisions it would leave the rule's choice in, its fresh edge over the rule's choice
    per hand (every seat's decisions), and the difference to ``base``'s with its standard error across hands."""
    rows = []
    for margin in STUDIED:
        edges, differences = [], []
        overrides = 0
        for races in hands:
            edge = difference = 0.0
            for race in races:
                fresh, i, j = race.fresh, chosen(race, margin), chosen(race, base)
                overrides += i != 0
                edge += fmean([a - b for a, b in zip(fresh[i], fresh[0])])
                difference += fmean([a - b for a, b in zip(fresh[i], fresh[j])])
            edges.append(edge)
            differences.append(difference)
        rows.append({"margin": margin, "overrides": overrides, "edge_per_hand": round(fmean(edges), 4),
                     "vs_base_per_hand": round(fmean(differences), 4),
                     "vs_base_se": round(stdev(differences) / math.sqrt(len(hands)), 4)})
    return {"hands": len(hands), "searched": sum(map(len, hands)), "base_margin": base, "margins": rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=24, help="arena deals, the first game of each")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--worlds", type=int, default=100, help="fresh worlds a searched play is valued on")
    parser.add_argument("--switches", default="all", help="the search bot's switches (e.g. -infer)")
    parser.add_argument("--base", type=float, nargs=2, default=(CONFIDENCE, BEFORE_PLAY_CONFIDENCE),
                        help="the margins the others are compared with: a play's and a before-play decision's")
    parser.add_argument("--budget", type=float, default=SearchBot().budget_ms, help="ms a decision (the production budget)")
    parser.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    bots.get(f"search:{args.switches}")  # an unknown switch fails here, before any work
    tasks = [(args.seed, index, Rules.preset(args.rules), args.switches, args.worlds, args.budget)
             for index in range(args.hands)]
    with Pool(args.workers) as pool:
        hands = list(pool.imap(study_deal, tasks))
    print(json.dumps({kind: report([[r for r in races if r.before_play == before_play] for races in hands], base)
                      for kind, before_play, base in (("plays", False, args.base[0]),
                                                      ("before_play", True, args.base[1]))}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
