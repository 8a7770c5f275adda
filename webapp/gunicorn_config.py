"""gunicorn's settings for the web process (``gunicorn -c python:webapp.gunicorn_config 'webapp:create_app()'``).

gevent, the worker flask-sock documents for gunicorn: the standard library is patched, so each connection is a
greenlet instead of a thread, and one worker holds thousands of idle WebSockets. Slow clients cannot pin it:
reading a request's headers is bounded by ``keepalive`` (gevent's timeout around gunicorn's parser), reading its
body and answering by ``REQUEST_SECONDS`` (webapp.timeouts), and bodies by ``MAX_CONTENT_LENGTH``.
"""

from __future__ import annotations

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
worker_class = "gevent"
# The embedded default keeps rooms' notifications, presence and cache in process: one worker, the rooms' only
# writer. With REDIS_URL, more are fine.
workers = int(os.environ.get("WEB_WORKERS", "1"))
if workers > 1 and not os.environ.get("REDIS_URL"):
    raise SystemExit("WEB_WORKERS above 1 needs REDIS_URL (the embedded server is one process)")
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))
keepalive = 5
timeout = 30
graceful_timeout = 5
# Behind a proxy on another host, trust its X-Forwarded-* headers (comma-separated addresses).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
