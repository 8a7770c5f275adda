"""The embedded default's bot workers: a few child processes that take decision jobs over pipes.

The web process runs gevent with the standard library patched, and multiprocessing's pools (and so
``concurrent.futures.ProcessPoolExecutor``) hang there, as gevent documents: their queues use threads and blocking
pipes. Child processes started with ``subprocess`` and read through gevent's cooperative pipes are the supported
way, so the pool is that: each child reads a job a line (JSON) from its stdin and writes the decision to its
stdout; one feeder per child hands it the next job, a table's decisions before the coach's (``PRIORITY``). A child
that dies is started again, and its job fails (the driver then asks again, with a smaller budget).
"""

from __future__ import annotations

import itertools
import logging
import queue
import subprocess
import sys
import threading
from concurrent.futures import Future

from .decisions import PRIORITY, Decision, DecisionFailed, DecisionJob

log = logging.getLogger(__name__)


class BotProcessDied(DecisionFailed):
    pass


CHILD = [sys.executable, "-m", "webapp.runtime.pool_child"]
STOP = -1  # the priority of the feeders' stop signal: before any job


class LocalPool:
    def __init__(self, processes: int, command: list[str] | None = None) -> None:
        self.command = command or CHILD
        # (priority, arrival, job and its future — None: stop); arrival keeps each priority first come, first served.
        self._jobs: queue.PriorityQueue[tuple[int, int, tuple[DecisionJob, Future] | None]] = queue.PriorityQueue()
        self._arrivals = itertools.count()
        self._closed = False
        self._children: list[subprocess.Popen] = []
        self._lock = threading.Lock()
        for index in range(processes):
            threading.Thread(target=self._feed, args=(index,), name=f"bot-feeder-{index}", daemon=True).start()

    def submit(self, job: DecisionJob) -> Future:
        future: Future = Future()
        self._jobs.put((PRIORITY[job.kind], next(self._arrivals), (job, future)))
        return future

    def pids(self) -> list[int]:
        with self._lock:
            return [child.pid for child in self._children if child.poll() is None]

    def close(self) -> None:
        self._closed = True
        for _ in range(len(self._children) + 1):
            self._jobs.put((STOP, next(self._arrivals), None))
        with self._lock:
            for child in self._children:
                if child.poll() is None:
                    child.kill()

    def _start(self) -> subprocess.Popen:
        child = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        with self._lock:
            self._children = [c for c in self._children if c.poll() is None] + [child]
        return child

    def _feed(self, index: int) -> None:
        child = None
        while not self._closed:
            item = self._jobs.get()[2]
            if item is None:
                break
            job, future = item
            if not future.set_running_or_notify_cancel():
                continue
            if child is None or child.poll() is not None:
                child = self._start()
            try:
                child.stdin.write(job.to_json() + "\n")
                child.stdin.flush()
                line = child.stdout.readline()
                if not line:
                    raise BotProcessDied(f"bot process {child.pid} ended")
                decision = Decision.from_json(line)
                if decision.error is not None:
                    future.set_exception(DecisionFailed(f"the bot failed: {decision.error}"))
                else:
                    future.set_result(decision)
            except (OSError, ValueError, BotProcessDied) as error:
                log.warning("bot process %s failed on a job: %s", child.pid, error)
                child.kill()
                child = None
                future.set_exception(BotProcessDied(str(error)))
        if child is not None and child.poll() is None:
            child.kill()
