"""Calibration of the search bot's sampler on logged hands (issue 15, point 1).

For a position in a logged hand, the sampler's worlds give each unseen card a probability of being in each
place (another seat's hand or the kitty); a good sampler gives much of it to the card's true place. At every
``--every``-th play of each logged hand this measures, for the seat to play, the mean over its unseen cards of
the probability given to the true place, and the mean log loss, for the plain sampler (every world weighs
the same: issue 4's) and for the inferring one (worlds weighted by the rule-bot model of play,
:mod:`engine.bots.inference`, as the Hard bot weighs them), on the same number of worlds drawn.

    .venv/bin/python scripts/calibrate_sampler.py --hands 40 --seed 7 --table rule --save /tmp/hands.jsonl
    .venv/bin/python scripts/calibrate_sampler.py --load /tmp/hands.jsonl --worlds 100

Tables: ``rule`` (the rule bot in every seat: the model is exact), ``hard`` (the Hard bot in every seat),
``mixed`` (Hard bots in seats 0 and 2, rule bots in 1 and 3), each with issue 4's Hard bot (``search:none``)
or today's (``--hard search``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Hand, Play, Rules, bots, decode
from engine.bots.inference import Inference, WorldFilter
from engine.bots.knowledge import Knowledge
from engine.bots.race import weights_of
from engine.cards import KINDS
from engine.phase import DEALING, DONE
from engine.rules import PRESETS

PLACES = 5  # four seats and the kitty
FLOOR = 1e-3  # a probability below this counts as this in the log loss (a card the sampler never put there)


def logged_hands(count: int, seed: int, rules: Rules, table: str, hard: str) -> Iterator[dict]:
    """Hands played by a table of bots, as their logs (``Hand.to_dict``)."""
    names = {"rule": ["rule"] * 4, "hard": [hard] * 4, "mixed": [hard, "rule", hard, "rule"]}[table]
    seats = [bots.get(name) for name in names]
    for index in range(count):
        rng = random.Random(f"calibrate:{seed}:{index}")
        levels = (rng.choice("23456789"), rng.choice("23456789"))
        hand = Hand.deal(rules, rng, levels=levels, dealer=rng.randrange(4))
        rngs = [random.Random(f"calibrate:{seed}:{index}:{s}") for s in range(4)]
        while hand.phase is not DONE:
            if hand.phase is DEALING:
                for k in (1, 2, 3):
                    seat = (hand.turn + k) % 4
                    action = seats[seat].act(hand.view(seat), rngs[seat])
                    if action is not None:
                        hand.apply(seat, action)
            if hand.phase is DONE:
                break
            seat = hand.turn
            action = seats[seat].act(hand.view(seat), rngs[seat])
            if action is not None:
                hand.apply(seat, action)
        if not hand.result or not hand.result.redeal:
            yield hand.to_dict()


def positions(logged: dict, every: int) -> Iterator[Hand]:
    """The logged hand replayed, stopped before every ``every``-th play."""
    setup = {key: logged[key] for key in logged if key != "log"}
    hand = Hand.from_dict({**setup, "log": []})
    plays = 0
    for seat, action in logged["log"]:
        decoded = decode(action)
        if isinstance(decoded, Play):
            if plays % every == every - 1:
                yield hand
            plays += 1
        hand.apply(seat, decoded)


def calibration(hand: Hand, worlds: int, infer: bool, rng: random.Random) -> tuple[float, float] | None:
    """Mean probability given to the true place of the seat to play's unseen cards, and the mean log loss
    (``None``: the seat sees every card)."""
    seat = hand.to_act
    view = hand.view(seat)
    k = Knowledge.from_view(view)
    sampler = WorldFilter(k, Inference(view, k) if infer else None, rng)
    expected = [[0.0] * KINDS for _ in range(PLACES)]
    drawn = [d for d in (sampler.draw() for _ in range(worlds)) if d is not None]
    for (world, _), weight in zip(drawn, weights_of([w for _, w in drawn])):
        hands, kitty = world
        for place, cards in enumerate((*hands, kitty)):
            if place != seat:
                for card in cards:
                    expected[place][card] += weight
    total = sum(weights_of([w for _, w in drawn]))
    truth = [list(h) for h in hand.hands] + [list(hand.kitty)]
    scores, losses = [], []
    for card in range(KINDS):
        unseen = k.unseen(card)
        for place in range(PLACES):
            if place == seat:
                continue
            for _ in range(truth[place].count(card)):
                if unseen:
                    p = expected[place][card] / total / unseen
                    scores.append(p)
                    losses.append(-math.log(max(p, FLOOR)))
    return (statistics.fmean(scores), statistics.fmean(losses)) if scores else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--table", choices=("rule", "hard", "mixed"), default="rule")
    parser.add_argument("--hard", default="search:none", help="the Hard bot of the table (a bot name)")
    parser.add_argument("--every", type=int, default=8, help="measure before every N-th play")
    parser.add_argument("--worlds", type=int, default=100, help="worlds drawn per position, for each sampler")
    parser.add_argument("--save", help="write the logged hands here (JSON lines)")
    parser.add_argument("--load", help="read logged hands from here instead of playing them")
    args = parser.parse_args(argv)
    if args.load:
        logs = [json.loads(line) for line in Path(args.load).read_text().splitlines() if line]
    else:
        logs = list(logged_hands(args.hands, args.seed, Rules.preset(args.rules), args.table, args.hard))
        if args.save:
            Path(args.save).write_text("".join(json.dumps(log) + "\n" for log in logs))
    results: dict[str, list[tuple[float, float]]] = {"plain": [], "inferring": []}
    for index, logged in enumerate(logs):
        for hand in positions(logged, args.every):
            for name, infer in (("plain", False), ("inferring", True)):
                rng = random.Random(f"calibrate:{index}:{len(hand.log)}")
                measured = calibration(hand, args.worlds, infer, rng)
                if measured is not None:
                    results[name].append(measured)
    report = {"hands": len(logs), "positions": len(results["plain"]), "worlds": args.worlds}
    for name, values in results.items():
        report[name] = {"p_true_place": round(statistics.fmean(p for p, _ in values), 4),
                        "log_loss": round(statistics.fmean(loss for _, loss in values), 4)}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
