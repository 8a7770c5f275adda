"""Command line: ``python -m engine simulate …`` and ``python -m engine arena …``."""

from __future__ import annotations

import argparse
import json
import sys

from .rules import PRESETS, Rules
from .simulate import InvariantError, simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="random playouts with invariant checks")
    sim.add_argument("--hands", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    sim.add_argument("--replay-every", type=int, default=10,
                     help="also replay and re-verify the log of every K-th hand (0: never)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    arena = commands.add_parser("arena", help="duplicate deals between two bots (see engine.arena)")
    arena.add_argument("--a", default="search", help="bot A: random, rule, search, easy, normal, hard; "
                       "a search bot with issue 15's switches: search:none (issue 4's), search:infer,focus, search:-bury")
    arena.add_argument("--b", default="rule", help="bot B")
    arena.add_argument("--deals", type=int, default=20, help="deals, each played twice (teams swapped)")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    arena.add_argument("--workers", type=int, default=1, help="processes playing deals in parallel")
    arena.add_argument("--samples", type=int, default=None,
                       help="search bots take this many samples a decision, without a clock (reproducible runs)")
    for side in ("a", "b"):
        arena.add_argument(f"--budget-{side}", type=float, default=None, metavar="MS",
                           help=f"bot {side.upper()}'s search budget a decision in ms (default: the production 260)")
    arena.add_argument("--json", action="store_true", help="print the report as one JSON line")
    args = parser.parse_args(argv)
    if args.command == "arena":
        from .arena import main as arena_main  # imports the bots, which the simulator does not need

        return arena_main(args)
    try:
        report = simulate(args.hands, args.seed, Rules.preset(args.rules), args.replay_every)
    except InvariantError as error:
        print(f"invariant violated: {error}", file=sys.stderr)
        return 1
    summary = report.as_dict()
    print(json.dumps(summary) if args.json else
          f"{summary['hands']} hands in {summary['seconds']} s: {summary['hands_per_sec']} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
