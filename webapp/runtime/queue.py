"""The distributed setup's bot workers: decision jobs on a Dramatiq queue over Redis.

Dramatiq was chosen over RQ and Celery: messages are acknowledged only after their actor has run, so a job whose
worker is killed goes back to the queue instead of being lost; its workers run jobs on threads of long-lived
processes (RQ forks a process per job, costly for the ~1 ms a rule-bot decision takes); and it is small, with
Redis as its only dependency here (Celery brings a broker abstraction, a result backend and its own pool).

A requester (a driver, or the hint button) sends ``decide_job(job, reply_to)``; the worker that runs it pushes the
decision onto the requester's own Redis list, which one thread of the requester pops (``BLPOP``) and hands to the
waiting :class:`~concurrent.futures.Future`. The decision's deadline travels with the job, so a job that waited in
a long queue is decided with the time it has left. The coach's jobs (issue 14) go through a queue of their own whose
actor has a lower priority: a worker holding both kinds runs the tables' decisions first.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from concurrent.futures import Future

import dramatiq
import redis as redis_lib
from dramatiq.brokers.redis import RedisBroker

from .decisions import COACH, Decision, DecisionFailed, DecisionJob, decide

log = logging.getLogger(__name__)

QUEUE = "bots"
COACH_QUEUE = "coach"
COACH_PRIORITY = 100  # Dramatiq runs lower numbers first; the tables' decisions have 0
REPLY_TTL = 60  # seconds a reply list outlives its requester
WORKER_TIMEOUT_MS = 100  # the longest an idle worker waits before looking at the queue again
HEARTBEAT_TIMEOUT_MS = 5000  # a worker silent this long is dead: its unacknowledged jobs are queued again



class BotQueue:
    """The broker and the decision actor, for one Redis (the web, driver and worker processes all make one)."""

    def __init__(self, url: str) -> None:
        self.broker = RedisBroker(url=url, heartbeat_timeout=HEARTBEAT_TIMEOUT_MS)
        client = self.broker.client

        def decide_job(job: str, reply_to: str) -> None:
            asked = DecisionJob.from_json(job)
            try:
                decision = decide(asked)
            except Exception as error:  # noqa: BLE001  (a bot's bug: answer, so the table need not wait)
                decision = Decision(asked.id, None, error=repr(error))
            pipe = client.pipeline()
            pipe.rpush(reply_to, decision.to_json())
            pipe.expire(reply_to, REPLY_TTL)
            pipe.execute()

        # No retries: a job whose worker died is delivered again by the broker, and the driver asks again itself.
        self.decide_job = dramatiq.actor(decide_job, broker=self.broker, queue_name=QUEUE, max_retries=0,
                                         time_limit=10_000)
        self.coach_job = dramatiq.actor(decide_job, actor_name="coach_job", broker=self.broker,
                                        queue_name=COACH_QUEUE, priority=COACH_PRIORITY, max_retries=0,
                                        time_limit=10_000)

    def worker(self, threads: int) -> dramatiq.Worker:
        return dramatiq.Worker(self.broker, queues={QUEUE, COACH_QUEUE}, worker_threads=threads,
                               worker_timeout=WORKER_TIMEOUT_MS)


class QueueDecider:
    """Sends decision jobs to the queue and collects their answers for this process."""

    def __init__(self, queue: BotQueue, url: str) -> None:
        self.queue = queue
        self.redis = redis_lib.Redis.from_url(url)
        self.reply_to = f"shuangsheng:decisions:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._waiting: dict[str, Future] = {}
        self._lock = threading.Lock()
        self._running = True
        threading.Thread(target=self._collect, name="decision-replies", daemon=True).start()

    def submit(self, job: DecisionJob) -> Future:
        future: Future = Future()
        future.set_running_or_notify_cancel()
        with self._lock:
            self._waiting[job.id] = future
        try:
            actor = self.queue.coach_job if job.kind == COACH else self.queue.decide_job
            actor.send(job.to_json(), self.reply_to)
        except redis_lib.RedisError as error:  # Redis away: the driver asks again once it is back
            with self._lock:
                self._waiting.pop(job.id, None)
            future.set_exception(DecisionFailed(str(error)))
        return future

    def close(self) -> None:
        self._running = False

    def _collect(self) -> None:
        while self._running:
            try:
                popped = self.redis.blpop([self.reply_to], timeout=1)
            except redis_lib.RedisError:
                time.sleep(0.5)  # Redis away: wait before asking again (the driver re-asks lost decisions)
                continue
            if popped is None:
                continue
            decision = Decision.from_json(popped[1])
            with self._lock:
                future = self._waiting.pop(decision.id, None)
            if future is None or future.done():
                continue
            if decision.error is not None:
                future.set_exception(DecisionFailed(f"the bot failed: {decision.error}"))
            else:
                future.set_result(decision)
