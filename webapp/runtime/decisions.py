"""A bot decision as a job: what one bot seat does now, decided from that seat's view alone, off the web path.

A :class:`DecisionJob` carries the seat's view as JSON (the decider never receives anything the seat may not
see), the bot's level, a seed for its randomness and a deadline. The decider thinks within what is left before
the deadline: under load a job that waited in a queue gets a smaller budget (down to the rule bot's quick
choice), so no table waits more than its pace plus a second for a bot. :func:`decide` runs in the local pool's
child processes (:mod:`.pool`) and in the job queue's workers (:mod:`.queue`) alike.

A job of the kind ``coach`` (issue 14) asks instead whether a play a person made in a finished hand was clearly
worse than another, from the view that person had then (:func:`engine.coach.assess`): the search bot's estimate
within ``COACH_MOMENT_MS``. Those jobs come after every decision a table waits for (:data:`PRIORITY`), so they
never slow a game down.
"""

from __future__ import annotations

import json
import random
import time
from concurrent.futures import Future
from dataclasses import dataclass, fields
from typing import Any

import engine
from engine import bots, coach
from webapp.core import players

MARGIN_SECONDS = 0.05  # left for carrying the answer back before the deadline
QUICK_LEVEL = "normal"  # the rule bot: what a bot does when there is no time to think (about a millisecond)
SEARCH_LEVELS = {"hard"}
DECIDE, COACH = "decide", "coach"
PRIORITY = {DECIDE: 0, COACH: 1}  # lower first: a table's decision before any coaching
COACH_MOMENT_MS = 300.0  # the search bot's time to judge one play of a finished hand
COACH_SAMPLES = 24  # the most deals it plays out for that


class DecisionFailed(RuntimeError):
    """No decision came back: the bot worker died, the queue is unreachable, or the bot failed (the driver asks
    again, and in the end the table goes on without it)."""


@dataclass(frozen=True)
class DecisionJob:
    id: str
    view: dict[str, Any]  # the seat's view as JSON (view_to_json)
    level: str
    seed: int
    deadline: float  # seconds since the epoch
    kind: str = DECIDE
    play: str | None = None  # a coach job: the cards the person played (engine notation)
    trick: int = 0  # a coach job: the trick they played them to

    def to_json(self) -> str:
        return _to_json(self)

    @classmethod
    def from_json(cls, text: str) -> DecisionJob:
        return cls(**json.loads(text))


@dataclass(frozen=True)
class Decision:
    id: str
    action: dict[str, Any] | None  # engine.encode(action); None: the bot has nothing to do now
    thought_ms: float = 0.0
    error: str | None = None  # the bot failed (a bug): the table goes on without its choice
    moment: dict[str, Any] | None = None  # a coach job: engine.coach.Moment.to_dict(), None if the play was fine

    def to_json(self) -> str:
        return _to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Decision:
        return cls(**json.loads(text))

    def engine_action(self) -> engine.actions.Action | None:
        return None if self.action is None else engine.decode(self.action)


def decide(job: DecisionJob, now: float | None = None) -> Decision:
    """The bot's action for ``job``: the level's own bot within the time left, else the rule bot's (a coach job:
    the moment its play was, if any)."""
    began = time.perf_counter()
    left = job.deadline - (time.time() if now is None else now) - MARGIN_SECONDS
    view = view_from_json(job.view)
    rng = random.Random(job.seed)
    if job.kind == COACH:
        moment = None
        if left > 0 and job.play is not None:  # a job that waited past its deadline is of no use any more
            found = coach.assess(view, engine.parse_cards(job.play), job.trick, rng, COACH_SAMPLES,
                                 min(COACH_MOMENT_MS, left * 1000))
            moment = None if found is None else found.to_dict()
        return Decision(job.id, None, (time.perf_counter() - began) * 1000, moment=moment)
    action = _bot(job.level, left).act(view, rng)
    return Decision(job.id, None if action is None else engine.encode(action), (time.perf_counter() - began) * 1000)


def _bot(level: str, seconds_left: float) -> bots.Bot:
    if level in SEARCH_LEVELS:
        budget_ms = min(bots.SearchBot().budget_ms, seconds_left * 1000)
        if budget_ms < players.MIN_SEARCH_MS:
            return players.bot(QUICK_LEVEL)
        return bots.get(level, budget_ms=budget_ms)
    return players.bot(level)


# ---------------------------------------------------------------------------- the view as JSON and back

def _to_json(record: DecisionJob | Decision) -> str:
    # Its fields as they are (the view is JSON already): dataclasses.asdict would copy the view deeply first,
    # which cost as much as the encoding.
    return json.dumps({f.name: getattr(record, f.name) for f in fields(record)}, separators=(",", ":"))


def view_to_json(view: engine.SeatView) -> dict[str, Any]:
    return engine.jsonable(view)


def view_from_json(data: dict[str, Any]) -> engine.SeatView:
    return engine.SeatView.from_dict(data)


class InlineDecider:
    """Decides in the calling process, at once: for tests (each request returns once the bots have acted)."""

    def submit(self, job: DecisionJob) -> Future:
        future: Future = Future()
        future.set_running_or_notify_cancel()
        future.set_result(decide(job))
        return future

    def close(self) -> None:
        pass
