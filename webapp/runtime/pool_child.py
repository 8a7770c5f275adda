"""A bot process of the local pool: one decision job a line on stdin, its decision a line on stdout."""

from __future__ import annotations

import sys

from .decisions import DecisionJob, decide


def main() -> None:
    for line in sys.stdin:
        sys.stdout.write(decide(DecisionJob.from_json(line)).to_json() + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
