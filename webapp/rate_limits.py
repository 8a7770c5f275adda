"""How many rooms, solo games and scoresheets one client may create per minute (issue 11), by
Flask-Limiter.

A new solo game starts bots at once (Hard ones search for every move), so creating them without end
slows every other table. The creations share one budget, ``CREATIONS_PER_MINUTE`` per client address
(the real one behind trusted proxies, webapp.proxies; 0 lifts the limit), counted where
``RATELIMIT_STORAGE_URI`` says: this process's memory by default, ``redis://…`` for several processes.
Only what was created counts: a refused form, or an offline sheet uploaded again, costs nothing.
Over the limit the answer is 429 with a message (webapp.views.errors) and ``Retry-After``.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# The endpoints that create something, and the statuses that say they did.
CREATING_ENDPOINTS = ("home.solo", "rooms.create_room", "sheets.create_sheet", "sheets.upload_sheet")
CREATED = frozenset({201, 303})


def init_rate_limits(app: Flask) -> Limiter:
    limiter = Limiter(get_remote_address, app=app, headers_enabled=True)
    # Every other request (moves, pages, sockets) skips the limiter's work of finding which limits apply.
    limiter.request_filter(lambda: request.endpoint not in CREATING_ENDPOINTS)
    creations = limiter.shared_limit(_creation_limit, scope="creations", exempt_when=_unlimited,
                                     deduct_when=_created)
    for endpoint in CREATING_ENDPOINTS:
        app.view_functions[endpoint] = creations(app.view_functions[endpoint])
    return limiter


def _creation_limit() -> str:
    return f"{current_app.config['CREATIONS_PER_MINUTE']} per minute"


def _unlimited() -> bool:
    return current_app.config["CREATIONS_PER_MINUTE"] <= 0


def _created(response: Response) -> bool:
    return response.status_code in CREATED
