"""The Flask app factory.

``create_app(config)`` reads the environment (see :mod:`webapp.config`), brings the database to the newest
schema (SQLite in the instance folder unless ``DATABASE_URL`` is set), builds the runtime (embedded, or Redis
when ``REDIS_URL`` is set: :mod:`webapp.runtime.wiring`), registers the blueprints and, where this process
drives rooms, starts the driver that deals and plays the bots.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from webapp.core.autoplay import Pace
from webapp.core.template_globals import TEMPLATE_GLOBALS

from . import config as settings
from .compression import init_compression
from .db import init_db
from .i18n import init_i18n
from .rooms import Rooms
from .rooms.store import RoomStore
from .runtime.coach import Coach
from .runtime.driver import Driver
from .runtime.wiring import build_runtime
from .security import init_security
from .sheets import SheetService
from .timeouts import limit_request_time
from .views import errors, games, guide, hands, home, live, play, pwa, rooms, sheets, stats, talk
from .websocket import server_options

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True, template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(settings.from_environment(app.instance_path))
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    app.config["SOCK_SERVER_OPTIONS"] = server_options(app.config)
    init_db(app)
    init_i18n(app)
    app.jinja_env.globals.update(TEMPLATE_GLOBALS)

    runtime = build_runtime(app.config)
    pace = Pace(app.config["BOT_DELAY_MS"] / 1000, app.config["DEAL_DELAY_MS"] / 1000,
                app.config["SHOW_WINDOW_MS"] / 1000, app.config["AWAY_SECONDS"])
    store = RoomStore(app.extensions["db_engine"])
    tables = Rooms.build(store, runtime.notifier, runtime.presence, runtime.decider, pace, runtime.phrases,
                         app.config["RATELIMIT_STORAGE_URI"], app.config["SECRET_KEY"],
                         sole_writer=runtime.redis is None)
    app.extensions["runtime"] = runtime
    app.extensions["rooms"] = tables
    app.extensions["sheets"] = SheetService(runtime.notifier, app.config["SHEET_MAX_HANDS"])  # (the rooms' notifier)
    for blueprint in (home.bp, rooms.bp, play.bp, live.bp, sheets.bp, pwa.bp, guide.bp, games.bp, hands.bp, talk.bp,
                      stats.bp):
        app.register_blueprint(blueprint)
    live.sock.init_app(app)
    errors.register(app)
    init_security(app)
    init_compression(app)
    app.wsgi_app = limit_request_time(app.wsgi_app, app.config["REQUEST_SECONDS"])

    if app.config["DRIVER"] != "off":
        if app.config["COACH"]:  # the coach runs where rooms are driven: off the web path
            tables.after_hand.coach = Coach(runtime.decider, tables.records.keep_moments, tables.announce)
        driver = Driver(tables.automatic, store, runtime.leases, runtime.decider,
                        inline=app.config["DRIVER"] == "inline", after_hand=tables.after_hand.seen)
        runtime.notifier.listen(driver.heard)
        app.extensions["driver"] = driver
        if driver.inline:
            driver.sweep(overdue=0.0)  # what a started driver does first: resume every room that is due
        else:
            driver.start()
    return app
