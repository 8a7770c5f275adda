"""Real servers for tests, on free loopback ports, stopped by the fixtures that start them: the app under
gunicorn (the Procfile's settings), and Redis."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import redis

from webapp.cluster import free_port

ROOT = Path(__file__).resolve().parents[1]
STARTUP_SECONDS = 30


def wait_until_answered(probe, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        try:
            probe()
            return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(log.read_text()) from None
            time.sleep(0.05)  # poll interval of the readiness wait, bounded by the deadline above
    raise RuntimeError(f"the server did not start; see {log}")


class Server:
    """gunicorn running ``webapp:create_app()`` on a SQLite file; can be killed and started again."""

    def __init__(self, database: Path, **env: str) -> None:
        self.log = database.with_suffix(".log")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "BOT_DELAY_MS": "0",
                    "DEAL_DELAY_MS": "0", "AWAY_SECONDS": "3600", "SECRET_KEY": "browser-tests",
                    "CREATIONS_PER_MINUTE": "0", "SHOW_WINDOW_MS": "3600000",
                    "COACH": "0",  # the coach's seconds of search per hand would only load the shared machine
                    **env}
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:webapp.gunicorn_config", "--graceful-timeout", "1",
             "--bind", f"127.0.0.1:{self.port}", "webapp:create_app()"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=self.log.open("ab"))
        wait_until_answered(lambda: urllib.request.urlopen(self.url + "/ping", timeout=1).close(), self.process,
                            self.log)

    def worker_pid(self) -> int:
        return worker_pids(self.process.pid)[0]

    def kill(self) -> None:
        """Kill at once: the master and its worker."""
        if self.process is not None and self.process.poll() is None:
            for pid in worker_pids(self.process.pid) + [self.process.pid]:
                os.kill(pid, signal.SIGKILL)
            self.process.wait()


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = folder / "redis.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)], stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        client = redis.Redis.from_url(self.url)
        wait_until_answered(lambda: _ping(client), self.process, self.log)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def _ping(client: redis.Redis) -> None:
    try:
        client.ping()
    except redis.ConnectionError as error:
        raise OSError(str(error)) from None
