"""Duplicate arena: two bots play the same deals from both sides (issue 4).

``python -m engine arena --a search --b rule --deals N --seed S [--rules PRESET] [--workers 2] [--samples K]
[--budget-a MS] [--budget-b MS] --json``

A *deal* is a deck order with a dealer and both teams' levels, drawn from the
seed (dealer and levels are given, so these are later hands of a match: R8.5
overturns, R8.6/R8.7 apply). Each deal is played twice: bot A in seats 0/2
and B in 1/3, then the other way round, so both bots meet the same cards in
the same seats. A deal whose hand must be redealt (R8.3, R8.6 ``redeal``) moves
on to the deal's next deck; both games draw the same decks in the same order.

Level swing (:func:`engine.bots.outcome.level_swing`)
------------------------------------------------------
For one hand, from a team's point of view: the levels it went up minus the
levels the other team went up, read from the R9.2 table's outcome (side and
steps) rather than from the levels reached, so R9.4's caps and must-play stops
do not blur it. "Declarers +k" is +k for the declarers and -k for the
defenders, "defenders +k" the other way round. A **switch scores 0**: the
tables put it between "declarers +1" and "defenders +1" one 40-point band from
each, so 0 keeps the swing monotone and evenly spaced in the defenders'
points; the stage itself is not scored, since in duplicate each team holds
it in one of the two games of a deal anyway.

A's swing on a deal is the sum over its two games; B's is the negative. The
pair win rate counts a deal as won by A when that sum is positive, half when
it is zero. Points are the defenders' totals (R7, R4.5) taken by A when
defending minus those taken by B, per deal.

Decision times are those of every action asked of the seat to act after the
deal (showing or passing, burying, playing), view included; the draws and
showings while the cards come in are not timed. Each is measured twice: wall-clock
time (what a table waits, which other work on the machine inflates) and the
process's CPU time (``time.process_time``: the bot's own work, which it does not). An illegal action (there
should be none) is counted, reported on stderr and replaced by a random legal one.

``--samples K`` gives every search bot K samples a decision and no clock: the games no longer depend on
the machine's speed or load, so a run is reproducible, and between two search bots that differ in one
switch (``search:focus`` against ``search:none``) the deals where the switch changes no decision cancel
exactly. Production bots think within time budgets; the default runs them so. ``--budget-a MS`` and
``--budget-b MS`` give one side's search bot another budget a decision (default: the production 260 ms), to
measure what thinking time is worth. The report says whether the search ran compiled (:mod:`engine.compiled`).
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from . import bots, compiled
from .actions import Action, Draw, IllegalAction
from .bots.outcome import level_swing, team_points
from .cards import RANKS, Card, full_deck
from .hand import Hand
from .phase import DEALING, DONE
from .reasons import Reason
from .rules import Rules
from .scoring import HandResult, team_of

MAX_REDEALS = 20


@dataclass
class GameRecord:
    """One game of a deal: the result, decision times (wall-clock and CPU, ms) by seat, illegal actions attempted."""

    result: HandResult
    times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    cpu_times: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    illegal: int = 0


@dataclass
class Deal:
    """A deal of the arena: its deck orders (one per redeal), dealer and levels."""

    index: int
    seed: int
    dealer: int
    levels: tuple[str, str]

    @classmethod
    def draw(cls, seed: int, index: int) -> Deal:
        rng = random.Random(f"arena:{seed}:{index}")
        # Levels 2..K: at A, R9.4 would end the match, which a single hand does not model.
        levels = (rng.choice(RANKS[:-1]), rng.choice(RANKS[:-1]))
        return cls(index, seed, rng.randrange(4), levels)

    def deck(self, redeal: int) -> list[Card]:
        deck = full_deck()
        random.Random(f"arena:{self.seed}:{self.index}:deck{redeal}").shuffle(deck)
        return deck


def play_game(deal: Deal, rules: Rules, seat_bots: Sequence[bots.Bot]) -> GameRecord:
    """Play one hand of ``deal`` to the end with ``seat_bots[seat]`` in each seat."""
    # The same streams in both games of a deal: two equal bots play the same game twice, which cancels.
    rngs = [random.Random(f"arena:{deal.seed}:{deal.index}:seat{seat}") for seat in range(4)]
    record = GameRecord(HandResult())
    for redeal in range(MAX_REDEALS):
        hand = Hand(rules, deal.deck(redeal), deal.levels, deal.dealer)
        _play_hand(hand, seat_bots, rngs, record)
        if hand.result is not None and not hand.result.redeal:
            record.result = hand.result
            return record
    raise RuntimeError(f"deal {deal.index}: still no trump after {MAX_REDEALS} redeals")


def _play_hand(hand: Hand, seat_bots: Sequence[bots.Bot], rngs: list[random.Random],
               record: GameRecord) -> None:
    while hand.phase is not DONE:
        if hand.phase is DEALING:
            # R8.1: every seat may show while the cards come in; then the drawer acts.
            drawer = hand.turn
            for k in (1, 2, 3):
                seat = (drawer + k) % 4
                action = seat_bots[seat].act(hand.view(seat), rngs[seat])
                if action is not None:
                    _apply(hand, seat, action, rngs[seat], record)
        seat = hand.turn
        start, cpu_start = time.perf_counter(), time.process_time()
        action = seat_bots[seat].act(hand.view(seat), rngs[seat])
        if hand.phase is not DEALING:
            record.times[seat].append((time.perf_counter() - start) * 1000)
            record.cpu_times[seat].append((time.process_time() - cpu_start) * 1000)
        _apply(hand, seat, action, rngs[seat], record)


def _apply(hand: Hand, seat: int, action: Action | None, rng: random.Random, record: GameRecord) -> None:
    """Apply a bot's action; an illegal one (or none when it must act) is counted and replaced."""
    try:
        if action is None:
            raise IllegalAction(Reason(None, "seat %(seat)s had to act in %(phase)s and did nothing",
                                       seat=seat, phase=hand.phase))
        hand.apply(seat, action)
    except IllegalAction as error:
        record.illegal += 1
        print(f"arena: illegal action: {error}", file=sys.stderr)
        if seat == hand.to_act:
            fallback = hand.random_action(seat, rng, show_chance=0) or Draw()
            hand.apply(seat, fallback)


def make_bot(name: str, samples: int | None, budget_ms: float | None = None) -> bots.Bot:
    """The bot ``name``; with ``samples``, a search bot takes that many samples a decision, without a clock;
    with ``budget_ms``, it thinks that long a decision."""
    bot = bots.get(name)
    if isinstance(bot, bots.SearchBot):
        if samples is not None:
            bot.budget_ms, bot.max_samples = None, samples
        elif budget_ms is not None:
            bot.budget_ms = budget_ms
    return bot


Budgets = tuple[float | None, float | None]  # A's and B's search budgets (None: the bot's own)


def play_deal(task: tuple[int, int, Rules, str, str, int | None, Budgets]) -> dict[str, Any]:
    """Both games of one deal; A plays team 0 in game 0 and team 1 in game 1."""
    seed, index, rules, a_name, b_name, samples, budgets = task
    deal = Deal.draw(seed, index)
    a, b = make_bot(a_name, samples, budgets[0]), make_bot(b_name, samples, budgets[1])
    swing = points = illegal = 0
    times: dict[str, list[float]] = {"a": [], "b": []}
    cpu_times: dict[str, list[float]] = {"a": [], "b": []}
    for a_team in (0, 1):
        seat_bots = [a if team_of(seat) == a_team else b for seat in range(4)]
        record = play_game(deal, rules, seat_bots)
        swing += level_swing(record.result, a_team)
        points += team_points(record.result, a_team)
        illegal += record.illegal
        for seat in range(4):
            role = "a" if team_of(seat) == a_team else "b"
            times[role] += record.times[seat]
            cpu_times[role] += record.cpu_times[seat]
    return {"deal": index, "swing": swing, "points": points, "illegal": illegal, "times": times,
            "cpu_times": cpu_times}


def percentile(values: Sequence[float], share: float) -> float | None:
    """The ``share`` quantile of ``values`` (nearest rank), ``None`` if empty."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def summarize(records: list[dict[str, Any]], a_name: str, b_name: str) -> dict[str, Any]:
    """The arena's report over the deals played (see the module docstring)."""
    swings = [r["swing"] for r in records]
    n = len(swings)
    mean = statistics.fmean(swings)
    half = 1.96 * statistics.stdev(swings) / math.sqrt(n) if n > 1 else float("inf")
    wins = sum(1.0 if s > 0 else 0.5 if s == 0 else 0.0 for s in swings)
    timing = {}
    for role, name in (("a", a_name), ("b", b_name)):
        values = [t for r in records for t in r["times"][role]]
        cpu = [t for r in records for t in r["cpu_times"][role]]
        timing[role] = {"bot": name, "decisions": len(values),
                        "p50_ms": _round(percentile(values, 0.5)), "p95_ms": _round(percentile(values, 0.95)),
                        "cpu_mean_ms": _round(statistics.fmean(cpu) if cpu else None),
                        "cpu_p50_ms": _round(percentile(cpu, 0.5)), "cpu_p95_ms": _round(percentile(cpu, 0.95))}
    return {
        "deals": n,
        "a": a_name,
        "b": b_name,
        "a_pair_win_rate": round(wins / n, 4),
        "a_level_swing_per_deal": round(mean, 4),
        "a_level_swing_ci95": [round(mean - half, 4), round(mean + half, 4)],
        "a_points_per_deal": round(statistics.fmean(r["points"] for r in records), 2),
        "decision_ms": timing,
        "illegal_actions": sum(r["illegal"] for r in records),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def run(a_name: str, b_name: str, deals: int, seed: int, rules: Rules, workers: int = 1,
        progress: bool = False, samples: int | None = None, budgets: Budgets = (None, None)) -> dict[str, Any]:
    """Play ``deals`` duplicate deals (``workers`` processes) and summarize them."""
    tasks = [(seed, index, rules, a_name, b_name, samples, budgets) for index in range(deals)]
    start = time.perf_counter()
    records: list[dict[str, Any]] = []
    if workers > 1:
        with Pool(workers) as pool:
            for record in pool.imap_unordered(play_deal, tasks):
                records.append(record)
                _progress(progress, records, deals)
    else:
        for task in tasks:
            records.append(play_deal(task))
            _progress(progress, records, deals)
    records.sort(key=lambda r: r["deal"])
    report = summarize(records, a_name, b_name)
    report.update({"seed": seed, "rules": rules.preset_name() or "custom", "workers": workers,
                   "samples": samples, "budgets_ms": list(budgets), "compiled": compiled.in_use(),
                   "cpus": os.cpu_count(), "seconds": round(time.perf_counter() - start, 1)})
    return report


def _progress(enabled: bool, records: list[dict[str, Any]], deals: int) -> None:
    if enabled and len(records) % 10 == 0:
        swing = statistics.fmean(r["swing"] for r in records)
        print(f"arena: {len(records)}/{deals} deals, A's swing per deal so far {swing:+.3f}", file=sys.stderr)


def format_report(report: dict[str, Any]) -> str:
    """A short human-readable summary."""
    low, high = report["a_level_swing_ci95"]
    lines = [
        f"{report['a']} (A) vs {report['b']} (B), {report['deals']} duplicate deals, rules {report['rules']}",
        (f"A pair win rate {report['a_pair_win_rate']:.3f}; level swing per deal "
         f"{report['a_level_swing_per_deal']:+.3f} (95% CI {low:+.3f} .. {high:+.3f}); "
         f"points per deal {report['a_points_per_deal']:+.1f}"),
    ]
    for role in ("a", "b"):
        t = report["decision_ms"][role]
        lines.append(f"{t['bot']} ({role.upper()}): {t['decisions']} decisions, p50 {t['p50_ms']} ms, "
                     f"p95 {t['p95_ms']} ms; CPU mean {t['cpu_mean_ms']} ms, p50 {t['cpu_p50_ms']} ms, "
                     f"p95 {t['cpu_p95_ms']} ms")
    lines.append(f"illegal actions: {report['illegal_actions']}; {report['seconds']} s on "
                 f"{report['workers']} worker(s), {report['cpus']} CPU(s), "
                 f"search {'compiled' if report['compiled'] else 'from source'}")
    return "\n".join(lines)


def main(args: Any) -> int:
    """Run the ``arena`` subcommand from parsed arguments."""
    report = run(args.a, args.b, args.deals, args.seed, Rules.preset(args.rules), args.workers,
                 progress=True, samples=args.samples, budgets=(args.budget_a, args.budget_b))
    print(json.dumps(report) if args.json else format_report(report))
    return 0 if report["illegal_actions"] == 0 else 1
