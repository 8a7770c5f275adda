"""CPU seconds and memory of the server's processes over a run (psutil), and the machine's own load, so a
reader can tell the server's cost from the client's and from other work on the machine."""

from __future__ import annotations

import resource
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil


def server_roots(port: int, pids: list[int]) -> list[psutil.Process]:
    """The given processes, or the topmost ones listening on ``port`` (a master and its workers share it)."""
    return [psutil.Process(pid) for pid in pids if psutil.pid_exists(pid)] if pids else _listening(port)


def _listening(port: int) -> list[psutil.Process]:
    """The topmost processes holding ``port``'s listening socket (psutil names one holder per socket:
    climb to the parents that hold it too)."""
    holders = {c.pid for c in psutil.net_connections("tcp")
               if c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port and c.pid}
    roots = {}
    for pid in holders:
        process = psutil.Process(pid)
        while (parent := process.parent()) is not None and _listens(parent, port):
            process = parent
        roots[process.pid] = process
    return list(roots.values())


def _listens(process: psutil.Process, port: int) -> bool:
    try:
        return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in process.net_connections("tcp"))
    except (psutil.AccessDenied, psutil.NoSuchProcess):
        return False


@dataclass
class Watched:
    process: psutil.Process
    name: str
    cpu_start: float
    cpu_last: float
    rss_start: int
    rss_last: int
    rss_peak: int
    threads_peak: int
    alive: bool = True


class ProcessWatch:
    """Samples the server's processes; processes that appear later (a new worker) are picked up from
    their first sample, processes that end keep their last one."""

    def __init__(self, roots: list[psutil.Process]) -> None:
        self.roots = roots
        self.watched: dict[int, Watched] = {}
        self._lock = threading.Lock()  # sampled from worker threads (psutil reads /proc synchronously)

    def sample(self) -> None:
        with self._lock:
            self._sample()

    def _sample(self) -> None:
        for process in self._processes():
            if process.pid not in self.watched:
                self._add(process)
        for entry in self.watched.values():
            if not entry.alive:
                continue
            try:
                with entry.process.oneshot():
                    entry.cpu_last = _cpu_seconds(entry.process)
                    entry.rss_last = entry.process.memory_info().rss
                    entry.threads_peak = max(entry.threads_peak, entry.process.num_threads())
                entry.rss_peak = max(entry.rss_peak, entry.rss_last)
            except psutil.NoSuchProcess:
                entry.alive = False

    def _processes(self) -> list[psutil.Process]:
        """The roots and their children now (a master's workers, a pool's processes)."""
        found = []
        for root in self.roots:
            try:
                found += [root, *root.children(recursive=True)]
            except psutil.NoSuchProcess:
                continue
        return found

    def _add(self, process: psutil.Process) -> None:
        try:
            with process.oneshot():
                cpu, rss = _cpu_seconds(process), process.memory_info().rss
                command = process.cmdline()
                name = " ".join([Path(command[0]).name, *command[1:]])[:120] if command else process.name()
                threads = process.num_threads()
        except psutil.NoSuchProcess:
            return
        self.watched[process.pid] = Watched(process, name, cpu, cpu, rss, rss, rss, threads)

    def rss_total(self) -> int:
        return sum(entry.rss_last for entry in self.watched.values() if entry.alive)

    def report(self, seconds: float) -> list[dict[str, Any]]:
        return [{"pid": pid, "command": entry.name, "cpu_s": round(entry.cpu_last - entry.cpu_start, 2),
                 "cpu_pct": round(100 * (entry.cpu_last - entry.cpu_start) / seconds, 1) if seconds else None,
                 "rss_start_mb": _mb(entry.rss_start), "rss_end_mb": _mb(entry.rss_last),
                 "rss_peak_mb": _mb(entry.rss_peak), "threads_peak": entry.threads_peak,
                 "alive": entry.alive}
                for pid, entry in sorted(self.watched.items())]


class MachineLoad:
    """How busy the whole machine was between two moments (every core, every process)."""

    def __init__(self) -> None:
        self._start = psutil.cpu_times()

    def busy_pct(self) -> float:
        end = psutil.cpu_times()
        total = sum(end) - sum(self._start)
        idle = (end.idle + end.iowait) - (self._start.idle + self._start.iowait)
        return round(100 * (1 - idle / total), 1) if total > 0 else 0.0


def own_cpu_seconds() -> float:
    return _cpu_seconds(psutil.Process())


def raise_open_file_limit(needed: int) -> int:
    """Lift this process's soft limit on open files to the hard one; the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        soft = hard if hard == resource.RLIM_INFINITY else max(soft, min(hard, needed))
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def _cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def _mb(size: int) -> float:
    return round(size / 2**20, 1)
