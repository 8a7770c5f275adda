"""The embedded default's bot workers: a few child processes that take decision jobs over pipes.

The web process runs gevent with the standard library patched, and multiprocessing's pools (and so
``concurrent.futures.ProcessPoolExecutor``) hang there, as gevent documents: their queues use threads and blocking
pipes. Child processes started with ``subprocess`` and read through gevent's cooperative pipes are the supported
way, so the pool is that: each child reads a job a line (JSON) from its stdin and writes the decision to its
stdout, in order. A table's decisions go to the child with the fewest outstanding, written at once (the pipe is
the child's queue, so a child never waits on the web process between jobs); jobs a table does not wait for (the
coach's, ``PRIORITY`` above 0) wait here until a child has nothing else to do. One reader per child hands each
answer to its job. A child that dies fails its outstanding jobs (the driver asks again) and is started afresh.
"""

from __future__ import annotations

import collections
import logging
import subprocess
import sys
import threading
from concurrent.futures import Future

from .decisions import PRIORITY, Decision, DecisionFailed, DecisionJob

log = logging.getLogger(__name__)

CHILD = [sys.executable, "-m", "webapp.runtime.pool_child"]


class BotProcessDied(DecisionFailed):
    pass


class Child:
    """One bot process and the jobs written to it, answered in order."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)
        self.outstanding: collections.deque[tuple[str, Future]] = collections.deque()
        self.lock = threading.Lock()

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, job: DecisionJob, future: Future) -> None:
        with self.lock:
            self.outstanding.append((job.id, future))
            self.process.stdin.write(job.to_json() + "\n")
            self.process.stdin.flush()

    def fail_all(self, error: Exception) -> None:
        with self.lock:
            waiting, self.outstanding = list(self.outstanding), collections.deque()
        for _, future in waiting:
            if not future.done():
                future.set_exception(error)


class LocalPool:
    def __init__(self, processes: int, command: list[str] | None = None) -> None:
        self.command = command or CHILD
        self._lock = threading.Lock()
        self._closed = False
        self._later: collections.deque[tuple[DecisionJob, Future]] = collections.deque()  # for an idle child
        self._children = [self._start() for _ in range(processes)]

    def submit(self, job: DecisionJob) -> Future:
        future: Future = Future()
        future.set_running_or_notify_cancel()
        if PRIORITY[job.kind] > 0:
            with self._lock:
                self._later.append((job, future))
            self._send_later()
            return future
        with self._lock:
            index = min(range(len(self._children)), key=lambda i: len(self._children[i].outstanding))
            child = self._children[index]
            if not child.alive:
                child = self._children[index] = self._start()
        self._send(child, job, future)
        return future

    def _send(self, child: Child, job: DecisionJob, future: Future) -> None:
        try:
            child.send(job, future)
        except OSError as error:  # it died just now: its reader fails what it had, and starts another
            if not future.done():
                future.set_exception(BotProcessDied(str(error)))

    def _send_later(self) -> None:
        """The jobs that wait for an idle child, one to each child with nothing outstanding."""
        while True:
            with self._lock:
                idle = next((c for c in self._children if c.alive and not c.outstanding), None)
                if idle is None or not self._later:
                    return
                job, future = self._later.popleft()
                # Sent under the pool's lock, so no table's job is picked for this child before it (an idle
                # child's pipe is empty: the write does not wait).
                self._send(idle, job, future)

    def pids(self) -> list[int]:
        with self._lock:
            return [child.process.pid for child in self._children if child.alive]

    def close(self) -> None:
        self._closed = True
        with self._lock:
            for child in self._children:
                if child.alive:
                    child.process.kill()

    def _start(self) -> Child:
        child = Child(self.command)
        threading.Thread(target=self._read, args=(child,), name=f"bot-reader-{child.process.pid}",
                         daemon=True).start()
        return child

    def _read(self, child: Child) -> None:
        for line in child.process.stdout:
            decision = Decision.from_json(line)
            with child.lock:
                job_id, future = child.outstanding.popleft() if child.outstanding else (None, None)
            if future is None or future.done():
                continue
            if decision.id != job_id:
                future.set_exception(DecisionFailed(f"answer to {decision.id} came for {job_id}"))
            elif decision.error is not None:
                future.set_exception(DecisionFailed(f"the bot failed: {decision.error}"))
            else:
                future.set_result(decision)
            if not child.outstanding:
                self._send_later()
        child.process.wait()
        if not self._closed:
            log.warning("bot process %s ended (%s); its jobs are asked again", child.process.pid,
                        child.process.returncode)
        child.fail_all(BotProcessDied(f"bot process {child.process.pid} ended"))
        with self._lock:
            if not self._closed and child in self._children:
                self._children[self._children.index(child)] = self._start()
