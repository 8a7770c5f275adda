"""The coach's cost per hand (issue 14): what the bot workers spend judging one finished hand of four people.

    .venv/bin/python scripts/bench_coach.py [--hands 5] [--seed 1]

Each hand is played to its end by the rule bot on all four seats (a table of people who play reasonably); then,
as the coach does after a room's hand (webapp/runtime/coach.py), every play of each seat that was a choice becomes
a ``coach`` job and is decided as a worker decides it (``webapp.runtime.decisions.decide``: the search bot's
estimate within ``COACH_MOMENT_MS``, at most ``COACH_SAMPLES`` deals). Printed per hand: the jobs, the moments
found, the worker's CPU seconds and the wall-clock seconds with one job out at a time (the coach's pace); the last
line is JSON with the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

import engine
from engine import bots, coach
from webapp.runtime.decisions import COACH, COACH_MOMENT_MS, COACH_SAMPLES, DecisionJob, decide, view_to_json

PEOPLE = (0, 1, 2, 3)
FAR = 4102444800.0  # a deadline that does not bind: the budget is COACH_MOMENT_MS


def play_hand(seed: int) -> engine.Hand:
    match = engine.Match(engine.Rules.preset("classic"), seed=seed)
    rng, rule = random.Random(seed), bots.get("rule")
    while not match.hand_over:
        hand = match.hand
        for seat in range(4):
            action = rule.act(match.view(seat), rng)
            if action is not None and hand.can_apply(seat, action):
                match.apply(seat, action)
                break
    return match.hand


def coach_hand(hand: engine.Hand) -> dict:
    jobs = moments = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seat in PEOPLE:
        found = []
        for decision in coach.decisions(hand, seat):
            job = DecisionJob(f"bench:{seat}:{decision.trick}", view_to_json(decision.view), "normal",
                              decision.trick, FAR, kind=COACH, play=engine.format_cards(decision.played),
                              trick=decision.trick)
            moment = decide(job).moment
            found.append(None if moment is None else coach.Moment.from_dict(moment))
            jobs += 1
        moments += len(coach.top_moments(found))
    return {"jobs": jobs, "moments": moments, "cpu_seconds": round(time.process_time() - cpu, 2),
            "wall_seconds": round(time.perf_counter() - wall, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for number in range(args.hands):
        row = coach_hand(play_hand(args.seed + number))
        rows.append(row)
        print(f"hand {number + 1}: {row['jobs']} jobs, {row['moments']} moments, {row['cpu_seconds']} CPU s, "
              f"{row['wall_seconds']} s", flush=True)
    median = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
    print(json.dumps({"hands": args.hands, "moment_ms": COACH_MOMENT_MS, "samples": COACH_SAMPLES,
                      "load_average": os.getloadavg()[0], "median": median}))


if __name__ == "__main__":
    main()
