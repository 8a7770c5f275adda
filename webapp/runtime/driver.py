"""Runs the automatic part of the rooms this process holds: the deal, the bots, away players.

For each room it takes a lease first (:mod:`.leases`: exactly one process acts for a room at a time), then plans
from the room as committed (:class:`~webapp.rooms.automatic.AutomaticPart`), asks the bot workers for the bots'
decisions right away (:mod:`.decisions`), and applies the action when it is due. A room is looked at again
when it changes (the notifier tells every driver, whichever process committed), when an answer arrives, and
when its next action is due; between those it costs nothing.

Durable: every commit leaves the room due "now" in the database, and the driver writes when a room waiting for
a person next needs a look. A sweeper picks up any room past its due time that nobody holds (its driver died:
its leases expire), and at start every room that is due, so the deal and the bots resume after a restart.

Bots think within the table's pace plus a second: a decision that has not come by then is asked again with
the time left (the rule bot's quick choice), and if that fails too the table goes on with a legal random move.
"""

from __future__ import annotations

import hashlib
import heapq
import logging
import random
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from engine.actions import Action

from ..errors import NotFound
from ..rooms.automatic import BOT_GRACE, AutomaticPart, Plan
from ..rooms.cache import LoadedRoom
from ..rooms.store import RoomStore
from .decisions import Decision, DecisionJob, view_to_json

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0
OVERDUE_SECONDS = 3.0  # a room due this long ago that nobody drives is picked up by the sweeper
RENEW_SECONDS = 2.0
ATTEMPTS = 2  # times a decision is asked for before the table goes on without it
WORKERS = 4  # rooms stepped at once (each step waits on the database, not on bots)


@dataclass
class Asked:
    """A decision asked for: the answer to come (``None``: to be asked again), how often, and until when the table
    waits for it."""

    future: Future | None
    attempts: int
    deadline: float


@dataclass
class RoomState:
    """What this process remembers of a room it drives (dropped when it lets the room go)."""

    plan: Plan | None = None
    heard: int | None = None  # the newest version of the room this process heard of
    answers: dict[tuple, Action | None] = field(default_factory=dict)
    asking: dict[tuple, Asked] = field(default_factory=dict)


class Driver:
    def __init__(self, automatic: AutomaticPart, store: RoomStore, leases, decider, *, inline: bool = False,
                 clock: Callable[[], float] = time.time,
                 after_hand: Callable[[LoadedRoom], None] | None = None) -> None:
        self.automatic = automatic
        self.store = store
        self.leases = leases
        self.decider = decider
        self.inline = inline
        self.clock = clock
        self.after_hand = after_hand  # told of every look at a room whose hand is over (issue 14)
        self._rooms: dict[str, RoomState] = {}
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._heap: list[tuple[float, str]] = []
        self._due: dict[str, float] = {}
        self._ready: list[str] = []  # rooms to step now, in order
        self._stepping: set[str] = set()
        self._again: set[str] = set()  # changed while being stepped: step once more
        self._rng = random.Random(secrets.randbits(64))
        self.running = False

    # ------------------------------------------------------------------ starting and waking

    def start(self) -> None:
        """Start the timer, the workers, the sweeper and the lease renewal (not used inline)."""
        self.running = True
        threading.Thread(target=self._timers, name="driver-timers", daemon=True).start()
        for index in range(WORKERS):
            threading.Thread(target=self._work, name=f"driver-{index}", daemon=True).start()
        threading.Thread(target=self._sweep_forever, name="driver-sweeper", daemon=True).start()
        threading.Thread(target=self._renew_forever, name="driver-leases", daemon=True).start()

    def stop(self) -> None:
        self.running = False
        with self._wake:
            self._wake.notify_all()

    def heard(self, topic: str | None, version: int | None) -> None:
        """The notifier's listener: a room changed (anywhere), so look at it again."""
        if topic is None:
            self.sweep(overdue=0.0)
            return
        if topic.startswith("sheet:"):
            return
        # The version heard spares the next look a read of the database (its news brought that version here).
        state = self._rooms.get(topic) if version is None else self._rooms.setdefault(topic, RoomState())
        if state is not None:
            state.heard = None if version is None else max(version, state.heard or 0)
            if state.plan is not None and (version is None or version > state.plan.version):
                state.plan = None
        self.poke(topic)

    def poke(self, code: str, at: float | None = None) -> None:
        """Look at ``code`` at ``at`` (now if ``None``); an earlier look already planned stands."""
        now = self.clock()
        at = now if at is None else at
        if self.inline:
            if at <= now:  # inline (tests) there is no timer: a later look waits for the next poke
                self._step_inline(code)
            return
        with self._wake:
            if at <= now:
                if code not in self._ready:
                    self._ready.append(code)
            elif self._due.get(code, float("inf")) > at:
                self._due[code] = at
                heapq.heappush(self._heap, (at, code))
            self._wake.notify_all()

    def sweep(self, overdue: float = OVERDUE_SECONDS) -> None:
        """Pick up the rooms due more than ``overdue`` seconds ago (their driver is gone, or this is a start)."""
        try:
            codes = self.store.overdue(self.clock() - overdue, limit=500)
        except SQLAlchemyError:
            log.warning("could not look for rooms to drive (database unreachable?)")
            return
        for code in codes:
            if code not in self._held:
                self.poke(code)

    # ------------------------------------------------------------------ threads

    def _timers(self) -> None:
        with self._wake:
            while self.running:
                now = self.clock()
                while self._heap and self._heap[0][0] <= now:
                    at, code = heapq.heappop(self._heap)
                    if self._due.get(code) == at:
                        del self._due[code]
                        if code not in self._ready:
                            self._ready.append(code)
                            self._wake.notify_all()
                timeout = None if not self._heap else max(self._heap[0][0] - now, 0.0)
                self._wake.wait(timeout)

    def _work(self) -> None:
        while self.running:
            with self._wake:
                code = next((c for c in self._ready if c not in self._stepping), None)
                if code is None:
                    self._wake.wait()
                    continue
                self._ready.remove(code)
                self._stepping.add(code)
            try:
                self._step(code)
            except Exception:
                log.exception("driving room %s failed", code)
                self.poke(code, self.clock() + 1.0)
            finally:
                with self._wake:
                    self._stepping.discard(code)
                    self._wake.notify_all()

    def _sweep_forever(self) -> None:
        self.sweep(overdue=0.0)  # at start: every room that is due, so the game resumes after a restart
        while self.running:
            time.sleep(SWEEP_SECONDS)  # the sweeper's period
            self.sweep()

    def _renew_forever(self) -> None:
        while self.running:
            time.sleep(RENEW_SECONDS)  # well inside the lease's lifetime
            held = set(self._held)
            try:
                kept = self.leases.renew(held)
            except RedisError:
                log.warning("could not renew room leases (Redis unreachable?)")
                continue
            for code in held - kept:
                self._let_go(code, release=False)

    # ------------------------------------------------------------------ one look at a room

    def _step_inline(self, code: str) -> None:
        """Tests: advance the room here and now until it waits (for a person, or for a due time)."""
        if code in self._stepping:
            self._again.add(code)
            return
        self._stepping.add(code)
        try:
            while True:
                self._again.discard(code)
                if not self._step(code) and code not in self._again:
                    return
        finally:
            self._stepping.discard(code)

    def _step(self, code: str) -> bool:
        """Do what the room needs now; ``True`` if an action was applied (look again at once)."""
        if code not in self._held:
            if not self.leases.acquire(code):
                self._let_go(code, release=False)
                return False
            self._held.add(code)
        state = self._rooms.setdefault(code, RoomState())
        try:
            plan = state.plan or self.automatic.plan(code, state.heard)
        except NotFound:
            self._let_go(code)
            return False
        if self.after_hand is not None and plan.loaded.match is not None and plan.loaded.match.hand_over:
            self.after_hand(plan.loaded)
        if plan.next_hand_at is not None:
            state.plan = None
            if self.clock() >= plan.next_hand_at:
                return self.automatic.deal_next_hand(plan)
            self._wait(plan, plan.next_hand_at)
            return False
        if not plan.automatic:
            # A person's turn (presence decides who acts: plan afresh at the next look), or nothing to do.
            state.plan = None
            self._wait(plan, plan.waiting_until)
            return False
        state.plan = plan
        self._ask(plan, state)
        return self._act(plan, state)

    def _wait(self, plan: Plan, until: float | None) -> None:
        """Nothing to do before ``until`` (``None``: until the room changes): say so in the database, for any
        driver that may take the room over, and look again then."""
        if plan.loaded.row.due_at != until:
            self.automatic.set_due(plan.loaded, until)
        if until is None:
            self._let_go(plan.code)
        else:
            self.poke(plan.code, until)

    def _act(self, plan: Plan, state: RoomState) -> bool:
        now = self.clock()
        waiting = [ask for ask in plan.asks if ask.key not in state.answers]
        if waiting:
            patience = max((state.asking[ask.key].deadline for ask in waiting if ask.key in state.asking), default=now)
            if now < patience:
                self.poke(plan.code, patience)  # an answer arriving earlier looks again at once
                return False
            retry = [ask for ask in waiting if state.asking[ask.key].attempts < ATTEMPTS]
            if retry:
                for ask in retry:
                    state.asking[ask.key].future = None  # too late: ask again, with the time left
                self._ask(plan, state)
                self.poke(plan.code, now + BOT_GRACE)
                return False
            log.warning("room %s goes on without a bot's decision", plan.code)
        answers = {ask.seat: state.answers[ask.key] for ask in plan.asks if ask.key in state.answers}
        automatic, due = self.automatic.next_action(plan, answers, self._rng, now)
        if now < due:
            self.poke(plan.code, due)
            return False
        state.plan = None
        return self.automatic.apply(plan, automatic)

    # ------------------------------------------------------------------ asking the bots

    def _ask(self, plan: Plan, state: RoomState) -> None:
        """Ask for every decision the plan needs that has no answer and is not being decided."""
        keys = {ask.key for ask in plan.asks}
        state.answers = {key: answer for key, answer in state.answers.items() if key in keys}
        state.asking = {key: asked for key, asked in state.asking.items() if key in keys}
        for ask in plan.asks:
            asked = state.asking.get(ask.key)
            if ask.key in state.answers or asked is not None and (asked.future is not None
                                                                   or asked.attempts >= ATTEMPTS):
                continue
            first = asked is None
            deadline = self.automatic.patience(plan) if first else self.clock() + BOT_GRACE
            job = DecisionJob(f"{plan.code}:{plan.version}:{ask.seat}:{uuid.uuid4().hex[:8]}",
                              view_to_json(self.automatic.view(plan, ask.seat)), ask.level,
                              _seed(plan, ask.seat), deadline)
            asked = state.asking[ask.key] = Asked(None, (0 if first else asked.attempts) + 1, deadline)
            asked.future = self.decider.submit(job)
            asked.future.add_done_callback(
                lambda done, code=plan.code, key=ask.key: self._answered(code, key, done))

    def _answered(self, code: str, key: tuple, done: Future) -> None:
        state = self._rooms.get(code)
        asked = None if state is None else state.asking.get(key)
        if asked is None or asked.future is not done:
            return  # an answer nobody waits for any more
        if done.exception() is not None:
            log.warning("a bot decision for room %s failed: %s", code, done.exception())
            asked.future = None  # asked again at the next look
        else:
            decision: Decision = done.result()
            state.answers[key] = decision.engine_action()
        self.poke(code)

    # ------------------------------------------------------------------ holding and letting go

    def _let_go(self, code: str, release: bool = True) -> None:
        self._rooms.pop(code, None)
        self._held.discard(code)
        if release:
            try:
                self.leases.release(code)
            except RedisError:
                log.warning("could not release the lease of room %s (it expires by itself)", code)


def _seed(plan: Plan, seat: int) -> int:
    """A bot's randomness for this decision: the same in any process (a driver taking over decides alike), and
    nothing about the deal can be read from it (a hash of the match's secret seed)."""
    digest = hashlib.sha256(f"{plan.loaded.match.seed}:{plan.version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
