"""The ``worker`` process type of the distributed setup: it drives rooms and runs bot decisions.

Each worker runs the room driver (leases in Redis: any number of workers share the rooms, and the others take
over a dead one's) and a Dramatiq worker taking decision jobs off the ``bots`` queue. Needs ``REDIS_URL`` and
``DATABASE_URL``; started by ``python -m webapp.worker`` (the Procfile's ``worker``).
"""

from __future__ import annotations

import logging
import os
import signal
import threading

from webapp import create_app

log = logging.getLogger("webapp.worker")


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(process)d %(name)s %(levelname)s %(message)s")
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("the worker process needs REDIS_URL (the embedded default needs no worker)")
    app = create_app({"DRIVER": "thread"})
    runtime = app.extensions["runtime"]
    worker = runtime.decider.queue.worker(threads=app.config["BOT_THREADS"])
    worker.start()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    log.info("worker %s: driving rooms and deciding for bots", os.getpid())
    stop.wait()
    app.extensions["driver"].stop()
    worker.stop(timeout=5000)


if __name__ == "__main__":
    main()
