"""Command line: ``python -m engine simulate …`` (and ``arena`` once bots exist)."""

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
    args = parser.parse_args(argv)
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
