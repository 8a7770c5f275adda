"""A bot process of the local pool: one decision job a line on stdin, its decision a line on stdout."""

from __future__ import annotations

import sys

from .decisions import Decision, DecisionJob, decide


def main() -> None:
    for line in sys.stdin:
        job = DecisionJob.from_json(line)
        try:
            decision = decide(job)
        except Exception as error:  # noqa: BLE001  (a bot's bug must not end the process and its other jobs)
            decision = Decision(job.id, None, error=repr(error))
        sys.stdout.write(decision.to_json() + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
